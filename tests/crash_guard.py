"""A pytest plugin (tests/conftest.py loads it) that keeps one stuck or crashed test from
holding or failing a whole run for what no test did.

- A test still running after WATCHDOG_SECONDS ends with its worker, every thread's stack
  printed first. pytest-timeout (pyproject.toml) ends a stuck test sooner, but it needs the
  stuck thread to come back to Python: a test stuck in C with the GIL held (pygame.quit()
  waiting on the audio lock) is out of its reach. faulthandler's timer is a thread of C that
  needs no GIL. pytest-xdist then starts a new worker.
- A test whose worker died (a segfault, the watchdog) runs once more, on the next worker that
  asks for work, before it counts as failed: SDL's C code has crashed a worker now and then
  (in pygame.quit(), in a frame's drawing), a fault of no test's making. A test that crashes
  twice fails.
- `UnitScheduling`, pytest-xdist's scheduler by units (tests/conftest.py hands it its units),
  hands out again only the units the dead worker had not finished, and first. pytest-xdist's
  own gives back every unit the worker ever ran; a finished one handed to a worker asks it to
  run nothing, so that worker never asks for more and holds its last test for ever: with a few
  of them the whole run waited, every worker idle (seen once, after SDL crashed in a CI run).
  It also queues them last, where a long unit is the run's tail.
- A worker runs a test only once it holds the next (it needs it for the teardown), so it is
  kept at two tests or more: pytest-xdist's scheduler hands a worker started after a crash one
  unit, and with a unit of one test (the suite's spread files) the new worker held it to the
  end of the run, a quarter of the run's workers idle (docs/measurements.md, issue 72).
"""

from __future__ import annotations

import faulthandler
import os
import sys
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from xdist.scheduler import LoadScopeScheduling
from xdist.workermanage import WorkerController

#: Seconds a test (set-up, call and teardown; the session's teardown with the last test) may
#: run before its process ends: above pytest-timeout's 300, so that one has the first word.
WATCHDOG_SECONDS = float(os.environ.get("SMLB_TEST_WATCHDOG_SECONDS", "420"))

_CRASHED_ONCE: set[str] = set()

#: Where the stacks go: a copy of stderr taken before any test, since a test's own stderr is
#: captured into a file that is lost with the process.
_STDERR_FD: int | None = None


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config: pytest.Config) -> None:
    global _STDERR_FD
    try:
        _STDERR_FD = os.dup(sys.stderr.fileno())
    except (AttributeError, OSError, ValueError):  # (no stderr with a descriptor)
        _STDERR_FD = None


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None) -> Iterator[None]:
    if _STDERR_FD is None:
        faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True)
    else:
        faulthandler.dump_traceback_later(WATCHDOG_SECONDS, exit=True, file=_STDERR_FD)
    try:
        yield
    finally:
        faulthandler.cancel_dump_traceback_later()


class UnitScheduling(LoadScopeScheduling):
    """pytest-xdist's scheduler by scope, a test's scope (its unit) given by `unit_of`, that
    hands out again, first, only the unfinished units of a worker that died, and keeps every
    worker at two tests or more (see the module's docstring)."""

    def __init__(self, config: pytest.Config, log: Any, unit_of: Callable[[str], str]) -> None:
        super().__init__(config, log)
        self.unit_of = unit_of

    def _split_scope(self, nodeid: str) -> str:
        return self.unit_of(nodeid)

    def remove_node(self, node: WorkerController) -> str | None:
        """The worker's unfinished units go back to the front of the queue, in their order
        (the first holds the test it was running: returned, as pytest-xdist expects), and the
        others are handed more work; None when the worker had nothing left (its shutdown)."""
        workload = self.assigned_work.pop(node)
        unfinished = [(unit, tests) for unit, tests in workload.items() if not all(tests.values())]
        if not unfinished:
            return None
        crashed = next(nodeid for nodeid, done in unfinished[0][1].items() if not done)
        for unit, tests in reversed(unfinished):
            self.workqueue[unit] = tests
            self.workqueue.move_to_end(unit, last=False)
        for other in self.assigned_work:
            self._reschedule(other)
        return crashed

    def _reschedule(self, node: WorkerController) -> None:
        """pytest-xdist's: a unit more for a worker with two tests or fewer to run; and a second
        one when the first leaves it with fewer than two (see the module's docstring)."""
        super()._reschedule(node)
        if (
            not node.shutting_down
            and self.workqueue
            and self._pending_of(self.assigned_work[node]) < 2
        ):
            super()._reschedule(node)


def pytest_handlecrashitem(crashitem: str, report: pytest.TestReport, sched: Any) -> None:
    """The first crash of a test is reported as "rerun" and the test handed out again:
    the scheduler by units (tests/conftest.py) already hands the crashed unit's unfinished
    tests out again, this one first, to the next worker that asks; pytest-xdist's scheduler by
    tests is asked to."""
    if crashitem not in _CRASHED_ONCE:
        _CRASHED_ONCE.add(crashitem)
        if not isinstance(sched, LoadScopeScheduling):
            sched.mark_test_pending(crashitem)
        report.outcome = "rerun"  # type: ignore[assignment]
        sys.stderr.write(f"\n{report.longrepr}: it runs once more on a new worker\n")


def pytest_report_teststatus(report: pytest.TestReport) -> tuple[str, str, str] | None:
    """A crash run once more counts as "rerun" (R), not as a failure."""
    if report.outcome == "rerun":
        return "rerun", "R", "RERUN"
    return None
