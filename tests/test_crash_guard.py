"""tests/crash_guard.py against real crashes: a worker that segfaults, and one stuck in C with
the GIL held (out of pytest-timeout's reach), each in a pytest run of its own with two
workers; and a worker that dies after finishing units of the scheduler by units (the suite's),
whose run goes on to its end."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

#: A test file whose one test crashes its worker the first time it runs (a flag beside it).
CRASH_ONCE = """
import ctypes
from pathlib import Path

def test_crashes_once():
    flag = Path(__file__).with_name("crashed")
    if not flag.exists():
        flag.write_text("once")
        ctypes.string_at(0)  # a segfault
"""

#: It, with a test that crashes every time, one stuck in C, and one that passes.
CRASHES = (
    CRASH_ONCE
    + """
def test_crashes_every_time():
    ctypes.string_at(0)

def test_stuck_in_c_with_the_gil_held():
    libc = ctypes.PyDLL(None)
    lock = ctypes.create_string_buffer(64)
    libc.pthread_mutex_init(lock, None)
    libc.pthread_mutex_lock(lock)
    libc.pthread_mutex_lock(lock)  # waits for ever, signals or not

def test_passes():
    assert True
"""
)


def _run(
    folder: Path,
    *args: str,
    timeout: float = 240,
    files: str = "test_crashes.py",
    watchdog_seconds: float = 3,
) -> subprocess.CompletedProcess[str]:
    env = {
        **os.environ,
        "PYTHONPATH": str(ROOT),
        "SMLB_TEST_WATCHDOG_SECONDS": str(watchdog_seconds),
        "PYTHONFAULTHANDLER": "",
        # Only the plugins under test (xdist's workers and restarts, pytest-timeout beside the
        # watchdog): the others installed (coverage, hypothesis) took half a CPU-second in each
        # of the run's processes, a worker restarted after each crash among them.
        "PYTEST_DISABLE_PLUGIN_AUTOLOAD": "1",
    }
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "-q",
            "-n",
            "2",
            "-p",
            "xdist.plugin",
            "-p",
            "pytest_timeout",
            "-p",
            "tests.crash_guard",
            "-p",
            "no:cacheprovider",
            "--max-worker-restart=8",
            "-o",
            "timeout=300",
            *args,
            files,
        ],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=timeout,
    )


@pytest.mark.slow  # (workers that crash and a watchdog of 3 s, twice)
def test_a_crash_runs_once_more_and_a_test_stuck_in_c_ends_with_its_worker(tmp_path: Path) -> None:
    (tmp_path / "test_crashes.py").write_text(CRASHES)
    done = _run(tmp_path)
    out = done.stdout + done.stderr
    last = done.stdout.strip().splitlines()[-1]
    # the one that crashed once passed on its second run; the one that always crashes and the
    # stuck one (ended by the watchdog, not by pytest-timeout's 300 s) each failed once rerun
    assert "3 passed" not in last and "2 passed" in last, out
    assert "2 failed" in last and "3 rerun" in last, out
    assert "test_crashes_every_time" in out and "test_stuck_in_c_with_the_gil_held" in out
    assert "Timeout (0:00:03)!" in out, out  # faulthandler's dump of the stuck worker
    assert done.returncode == 1


#: Waits, the first of its kind to run, until a worker started after the crash has run a test
#: (20 s at most: a new worker left holding one test to the run's end never does).
AFTER_THE_CRASH = """
import time
from pathlib import Path

def test_after_the_crash():
    here = Path(__file__).parent
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (
        (here / "waited").exists() or (here / "new worker ran").exists()
    ):
        time.sleep(0.02)
    (here / "waited").touch()
    time.sleep(0.2)  # (each a while, so the worker handed the crashed test again is not outrun)
"""

#: Units by file; each test's worker (one started before the crash, or after it) and name in
#: the order they run.
UNITS_BY_FILE = """
from pathlib import Path

import pytest

HERE = Path(__file__).parent
STARTED_AFTER_THE_CRASH = False


def pytest_xdist_make_scheduler(config, log):
    from tests.crash_guard import UnitScheduling

    return UnitScheduling(config, log, lambda nodeid: nodeid.split("::")[0])


def pytest_configure(config):
    global STARTED_AFTER_THE_CRASH
    STARTED_AFTER_THE_CRASH = (HERE / "crashed").exists()


@pytest.fixture(autouse=True)
def _in_order(request):
    worker = "new" if STARTED_AFTER_THE_CRASH else "first"
    with open(HERE / "order", "a") as order:
        order.write(f"{worker} {request.node.nodeid}\\n")
    if STARTED_AFTER_THE_CRASH:
        (HERE / "new worker ran").touch()
"""


def test_a_worker_dead_after_finishing_units_leaves_the_run_to_end(tmp_path: Path) -> None:
    """Six one-test files, then one whose test crashes its worker once, then ten more, each file
    a unit of the scheduler by units: the worker that dies has finished units before, and the
    run still ends (pytest-xdist's own scheduler handed those finished units out again and the
    run waited for ever, every worker idle); the crashed unit runs again before the units queued
    after it (pytest-xdist's put it last); and the worker started after the crash runs tests as
    the others do (pytest-xdist's handed it one unit of one test, which it held to the end)."""
    for i in range(6):
        (tmp_path / f"test_a{i}.py").write_text("def test_quick():\n    assert True\n")
    (tmp_path / "test_m_crash.py").write_text(CRASH_ONCE)
    for i in range(10):
        (tmp_path / f"test_z{i}.py").write_text(AFTER_THE_CRASH)
    (tmp_path / "conftest.py").write_text(UNITS_BY_FILE)
    try:
        done = _run(tmp_path, "--no-loadscope-reorder", timeout=60, files=".", watchdog_seconds=40)
    except subprocess.TimeoutExpired as stuck:
        raise AssertionError(f"the run never ended:\n{stuck.stdout!r}") from None
    last = done.stdout.strip().splitlines()[-1]
    assert "17 passed, 1 rerun" in last, done.stdout + done.stderr
    assert done.returncode == 0
    order = (tmp_path / "order").read_text().splitlines()
    on_new = [line for line in order if line.startswith("new ")]
    assert len(on_new) >= 2, "\n".join(order)
    crash_runs = [i for i, line in enumerate(order) if line.endswith("::test_crashes_once")]
    assert len(crash_runs) == 2, "\n".join(order)
    after_rerun = [line for line in order[crash_runs[1] :] if "test_z" in line]
    assert len(after_rerun) >= 3, "\n".join(order)  # (queued last: one at most, held by a worker)
