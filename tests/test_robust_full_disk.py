"""A disk that fills up mid-write, made real with RLIMIT_FSIZE (a write past the limit fails
with EFBIG, as a full disk fails with ENOSPC, part-way through the file): every save says so in
one line, the file it was replacing stays whole, and nothing half-written is left behind. The
/dev/full cases (ENOSPC from the first byte) are in tests/test_two_copies.py."""

from __future__ import annotations

import multiprocessing
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

resource = pytest.importorskip("resource")  # POSIX only

from game.core import storage  # noqa: E402
from game.core.ui.settings import Settings, load_settings, save_settings  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
LIMIT = 1000  # bytes: larger than the files already there, smaller than what is written now
BIG = {"format": "stress", "seed": 1, "pad": "x" * 5000}


def _limit_file_size() -> None:
    resource.setrlimit(resource.RLIMIT_FSIZE, (LIMIT, LIMIT))


def _write_everything_under_the_limit(folder: str, done: Any) -> None:
    _limit_file_size()
    here = Path(folder)
    answers = {
        "autosave": storage.save_game(here, BIG),
        "record": storage.keep_record(here, BIG)[1],
        "settings": save_settings(Settings(language="y" * 2000), here),
    }
    done.put(answers)


def test_saves_past_the_file_size_limit_say_so_and_keep_the_old_files(tmp_path: Path) -> None:
    old_save = b'{"format": "old", "seed": 2}\n'
    (tmp_path / storage.AUTOSAVE).write_bytes(old_save)
    assert save_settings(Settings(volume=0.25), tmp_path) is None
    old_settings = (tmp_path / "settings.json").read_bytes()
    assert len(old_settings) < LIMIT
    ctx = multiprocessing.get_context("fork")
    done = ctx.Queue()
    child = ctx.Process(target=_write_everything_under_the_limit, args=(str(tmp_path), done))
    child.start()
    answers = done.get(timeout=60)
    child.join(30)
    assert child.exitcode == 0, "no crash: SIGXFSZ is ignored and the write fails instead"
    for what, line in answers.items():
        assert isinstance(line, str) and "\n" not in line, (what, line)
        assert "File too large" in line, (what, line)
    assert (tmp_path / storage.AUTOSAVE).read_bytes() == old_save, "the last good save stands"
    assert (tmp_path / "settings.json").read_bytes() == old_settings
    assert load_settings(tmp_path)[0].volume == 0.25
    assert list((tmp_path / storage.RECORDS).iterdir()) == [], "no half-kept record"
    leftovers = [p.name for p in tmp_path.rglob("*") if p.is_file() and ".tmp" in p.name]
    assert leftovers == [], "no temporary file left behind"


def test_a_demo_saving_its_record_past_the_limit_says_so_in_one_line(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "SMLB_DATA_DIR": str(tmp_path / "data"),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "SMLB_NO_FRAME_WAIT": "1",  # no sleep between frames: the same game, sooner
    }
    target = tmp_path / "record.json"
    # (its computer of the quickest level: the full disk is the subject, not its play)
    argv = ["--demo", "--players", "1", "--seed", "5", "--speed", "64", "--bot", "easy"]
    argv += ["--exit-when-done"]
    result = subprocess.run(
        [sys.executable, "main.py", *argv, "--save-record", str(target)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
        preexec_fn=_limit_file_size,  # noqa: PLW1509 - the child's own limit, set before exec
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip() == f"cannot write {target}: File too large"
    assert not target.exists() and not list(tmp_path.glob("*.tmp"))
