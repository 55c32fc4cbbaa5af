"""A reader that stops early (`| head`, a pager quit) ends a command quietly: no crash report, no
traceback, the shell's status for a closed pipe. A broken pipe of any other kind is still an
error."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from game.core.pipes import CLOSED_PIPE

REPO = Path(__file__).resolve().parent.parent
RECORD = REPO / "tests" / "data" / "legacy" / "old_kept_record.json"


def _read_then_close(command: list[str], lines: int) -> tuple[int, str, str]:
    """Read `lines` lines of the command's output, then close it (as `head` does)."""
    process = subprocess.Popen(
        command, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True
    )
    assert process.stdout is not None and process.stderr is not None
    first = "".join(process.stdout.readline() for _ in range(lines))
    process.stdout.close()
    try:
        status = process.wait(timeout=60)
    finally:
        process.kill()
    return status, first, process.stderr.read()


def test_check_record_into_a_reader_that_stops_early(data_dir: Path) -> None:
    # 300 summaries are more than a pipe holds: the writer meets the closed pipe mid-way
    status, first, errors = _read_then_close(
        [sys.executable, "main.py", "--check-record", *[str(RECORD)] * 300], lines=1
    )
    assert first.startswith('{"finished": true')
    assert (status, errors) == (CLOSED_PIPE, "")
    assert not (data_dir / "crash.log").exists()


def test_a_benchmark_into_a_reader_that_stops_at_once() -> None:
    status, _nothing, errors = _read_then_close(
        [sys.executable, "bench/bots.py", "--games", "1", "--levels", "easy"], lines=0
    )
    assert (status, errors) == (CLOSED_PIPE, "")


def test_a_broken_pipe_elsewhere_is_still_an_error(tmp_path: Path) -> None:
    """Standard output is a file, read to the end: the error is not a reader gone."""
    program = (
        "from game.core.pipes import run_for_a_reader\n"
        "def main():\n"
        "    print('working')\n"
        "    raise BrokenPipeError('a socket, not stdout')\n"
        "run_for_a_reader(main)\n"
    )
    out = tmp_path / "out.txt"
    with out.open("w") as stdout:
        done = subprocess.run(
            [sys.executable, "-c", program],
            cwd=REPO,
            stdout=stdout,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
        )
    assert done.returncode == 1 and "BrokenPipeError: a socket, not stdout" in done.stderr
