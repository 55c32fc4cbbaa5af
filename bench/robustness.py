"""How many damaged inputs the game was given, and how many it answered cleanly (issue 21):

    python bench/robustness.py

Each reader the game has (settings, players, the last game, the autosave, Blanco's match) gets
every damaged file of `tests/test_damaged_files.py` (empty, not UTF-8, truncated, deep, huge
numbers, lone surrogates, duplicate keys, NUL bytes, too big...) and, on POSIX, a named pipe and
a link to /dev/zero; the records folder (the Replays screen) and `--check-record` get them all
at once; the command line gets the odd values of `tests/test_two_copies.py`. Clean means: no
exception and no hang, the defaults, one line for the player (exit 2 as well for the command
line), and the file set aside byte for byte. Prints one row per place and the total;
exits 1 unless every input was answered cleanly. The same inputs run in the test suite.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import io
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
ON_UNIX = os.name == "posix"


def readers(damaged: Any, tmp: Path) -> list[tuple[str, int, int]]:
    rows = []
    for reader in sorted(damaged.READERS):
        folder = tmp / reader.replace(" ", "_")
        folder.mkdir()
        tried, failures = damaged._answer_damaged(damaged.READERS[reader], folder)
        clean = tried - len(failures)
        for kind in ("fifo", "/dev/zero") if ON_UNIX else ():
            special = folder / kind.strip("/").replace("/", "_")
            special.mkdir()
            tried += 1
            with contextlib.suppress(AssertionError):
                damaged._answer_special(damaged.READERS[reader], kind, special)
                clean += 1
        rows.append((f"{reader} file", tried, clean))
    return rows


def _bad_files(damaged: Any, folder: Path) -> list[Path]:
    """Every damaged input as a file in `folder` (and a pipe and /dev/zero on POSIX)."""
    paths = []
    for i, (_what, content) in enumerate(damaged.damaged_inputs()):
        path = folder / f"bad{i:02}.json"
        path.write_bytes(content)
        paths.append(path)
    if ON_UNIX:
        os.mkfifo(folder / "pipe.json")
        (folder / "zero.json").symlink_to("/dev/zero")
        paths += [folder / "pipe.json", folder / "zero.json"]
    return paths


def records_folder(damaged: Any, tmp: Path) -> tuple[str, int, int]:
    from game.catalog import games
    from game.core import storage

    records = tmp / "replays" / storage.RECORDS
    records.mkdir(parents=True)
    paths = _bad_files(damaged, records)
    try:
        _infos, problems = storage.list_records(records.parent, games())
    except Exception:  # noqa: BLE001 - counted as not clean
        return ("Replays screen (records folder)", len(paths), 0)
    clean = sum(
        1
        for path in paths
        if not path.exists() and not path.is_symlink() and list(records.glob(f"{path.name}.bad-*"))
    )
    one_line = all(damaged._one_line(line) for line in problems)
    return ("Replays screen (records folder)", len(paths), clean if one_line else 0)


def check_record(damaged: Any, tmp: Path) -> tuple[str, int, int]:
    folder = tmp / "check"
    folder.mkdir()
    paths = [str(p) for p in _bad_files(damaged, folder)]
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--check-record", *paths],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    lines = result.stderr.splitlines()
    named = {line.split(": ", 1)[0] for line in lines if ": " in line}
    clean = sum(1 for p in paths if p in named) if result.returncode == 2 else 0
    if "Traceback" in result.stderr:
        clean = 0
    return ("--check-record", len(paths), clean)


def command_line(two_copies: Any) -> tuple[str, int, int]:
    from game import cli

    test = two_copies.test_the_command_line_refuses_values_that_never_end_or_mean_nothing
    odd = [argv for mark in test.pytestmark if mark.name == "parametrize" for argv in mark.args[1]]
    clean = 0
    for argv in odd:
        err = io.StringIO()
        try:
            with contextlib.redirect_stderr(err):
                cli.parse_args(argv)
        except SystemExit as stop:
            said = err.getvalue()
            clean += (
                stop.code == 2 and said.startswith(f"{cli.PROG}: error: ") and said.count("\n") == 1
            )
    return ("command line values", len(odd), clean)


def main(argv: list[str] | None = None) -> int:
    argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0]).parse_args(argv)
    damaged = importlib.import_module("tests.test_damaged_files")
    two_copies = importlib.import_module("tests.test_two_copies")
    with tempfile.TemporaryDirectory() as name:
        tmp = Path(name)
        rows = [
            *readers(damaged, tmp),
            records_folder(damaged, tmp),
            check_record(damaged, tmp),
            command_line(two_copies),
        ]
    width = max(len(row[0]) for row in rows)
    print(f"{'where':{width}}  tried  clean")
    for where, tried, clean in rows:
        print(f"{where:{width}}  {tried:5}  {clean:5}")
    tried, clean = sum(r[1] for r in rows), sum(r[2] for r in rows)
    print(f"damaged inputs: {tried} tried, {clean} answered cleanly")
    return 0 if tried == clean else 1


if __name__ == "__main__":
    from game.core.pipes import run_for_a_reader  # `| head` ends it quietly

    sys.exit(run_for_a_reader(main))
