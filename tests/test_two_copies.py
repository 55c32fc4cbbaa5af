"""Two copies of the game on one data folder, and the command line's own checks: one copy at a
time saves a game's autosave (the other is told so and plays on), and a write to a full disk is
an OSError the caller turns into one line. Keeping records at once: tests/test_robust_keep.py."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import subprocess
import sys
from pathlib import Path

import pytest

from game import cli
from game.core import saves, storage
from game.core.keeper import GameKeeper
from tests.two_copies_children import PER_PROCESS, Session, hold_saves, save_many

REPO = Path(__file__).resolve().parent.parent


def _context() -> multiprocessing.context.BaseContext:
    """Fresh processes (spawn), not forks: a fork copies the worker's other threads' held locks
    (a test beside it left a bot's or a server's thread running) and once waited on one for
    ever before it could say it was ready."""
    return multiprocessing.get_context("spawn")


def test_a_second_copy_is_told_writes_no_autosave_and_still_keeps_its_record(
    tmp_path: Path,
) -> None:
    folder = tmp_path / "luckybox"
    table = folder / saves.TABLES / "t1"  # one table both copies resumed
    ctx = _context()
    ready, release = ctx.Event(), ctx.Event()
    other = ctx.Process(target=hold_saves, args=(str(table), ready, release))
    other.start()
    try:
        assert ready.wait(30)
        storage.write_json_atomic(table / storage.AUTOSAVE, {"writer": "first copy"})
        heard: list[str] = []
        keeper = GameKeeper(Session("second copy", table), folder, True, tell=heard.append)
        keeper.save(0, None)
        keeper.file_finished()
        assert keeper.saving is False
        assert heard == [
            "Another copy of the game is saving this game in the same data folder: "
            "this game will not be saved as it goes, only its record when it ends."
        ]
        kept = json.loads((table / storage.AUTOSAVE).read_text(encoding="utf-8"))
        assert kept == {"writer": "first copy"}, "the first copy's game is untouched"
        [record] = (folder / storage.RECORDS).iterdir()
        filed = json.loads(record.read_text(encoding="utf-8"))
        assert (filed["writer"], filed["result"]) == ("second copy", {"state": "over"})
        keeper.file_finished()
        assert len(list((folder / storage.RECORDS).iterdir())) == 1, "filed once"
    finally:
        release.set()
        other.join(30)
    assert other.exitcode == 0
    assert storage.lock_saves(table), "the first copy gone, this one may save"
    storage.unlock_saves(table)


def test_a_keeper_turned_off_files_nothing_even_when_locked_out(tmp_path: Path) -> None:
    """A lesson turns its keeper off: no record, even in a copy that another one locked out."""
    folder = tmp_path / "luckybox"
    table = folder / saves.TABLES / "t1"
    ctx = _context()
    ready, release = ctx.Event(), ctx.Event()
    other = ctx.Process(target=hold_saves, args=(str(table), ready, release))
    other.start()
    try:
        assert ready.wait(30)
        keeper = GameKeeper(Session("lesson", table), folder, True, tell=lambda _line: None)
        assert keeper.locked_out
        keeper.saving = False
        keeper.file_finished()
        assert not (folder / storage.RECORDS).exists()
    finally:
        release.set()
        other.join(30)


def test_two_copies_saving_at_once_keep_one_whole_game(tmp_path: Path) -> None:
    """Both copies resumed the same table: one saves it, the other is told and plays on."""
    ctx = _context()
    start, done, release = ctx.Event(), ctx.Queue(), ctx.Event()
    table = tmp_path / saves.TABLES / "t1"
    workers = [
        ctx.Process(target=save_many, args=(str(tmp_path), tag, start, done, release, str(table)))
        for tag in ("a", "b")
    ]
    for worker in workers:
        worker.start()
    start.set()
    results = {
        tag: (saving, heard) for tag, saving, heard in (done.get(timeout=120) for _ in workers)
    }
    release.set()
    for worker in workers:
        worker.join(30)
    savers = [tag for tag, (saving, _heard) in results.items() if saving]
    assert len(savers) == 1, results
    [refused] = [tag for tag in results if tag not in savers]
    assert results[refused][1] and "Another copy" in results[refused][1][0]
    kept = json.loads((table / storage.AUTOSAVE).read_text(encoding="utf-8"))
    assert kept == {"format": "stress", "writer": savers[0], "unshown": PER_PROCESS - 1}
    assert not list(tmp_path.rglob("*.tmp"))


def test_two_copies_starting_new_games_at_once_keep_both(tmp_path: Path) -> None:
    """New games in two copies on one data folder: each gets a table of its own (an
    exclusive mkdir), both save as they go and neither is told anything."""
    ctx = _context()
    start, done, release = ctx.Event(), ctx.Queue(), ctx.Event()
    workers = [
        ctx.Process(target=save_many, args=(str(tmp_path), tag, start, done, release))
        for tag in ("a", "b")
    ]
    for worker in workers:
        worker.start()
    start.set()
    results = {
        tag: (saving, heard) for tag, saving, heard in (done.get(timeout=120) for _ in workers)
    }
    release.set()
    for worker in workers:
        worker.join(30)
    assert results == {"a": (True, []), "b": (True, [])}
    kept = sorted(
        json.loads((table / storage.AUTOSAVE).read_text(encoding="utf-8"))["writer"]
        for table in saves.table_folders(tmp_path)
    )
    assert kept == ["a", "b"], "two tables, one whole game each"


# --------------------------------------------------------------------------- writes


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_full_disk_is_an_oserror_and_the_device_stays(tmp_path: Path) -> None:
    with pytest.raises(OSError) as caught:
        storage.write_json_atomic(Path("/dev/full"), {"a": 1})
    assert caught.value.errno == errno.ENOSPC
    assert Path("/dev/full").is_char_device(), "written into, never replaced"
    warning = storage.save_game(tmp_path, {"a": 1})
    assert warning is None
    link = tmp_path / "full"
    link.symlink_to("/dev/full")
    assert storage.save_game(tmp_path, {"a": 1}) is None  # the autosave is a regular file
    with pytest.raises(OSError):
        storage.write_json_atomic(link, {"a": 1})
    assert link.is_symlink()


def test_create_exclusive_never_overwrites(tmp_path: Path) -> None:
    first = storage.create_exclusive(tmp_path / "r.json", "one")
    second = storage.create_exclusive(tmp_path / "r.json", "two")
    assert (first.name, second.name) == ("r.json", "r-1.json")
    assert first.read_text() == "one" and second.read_text() == "two"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r-1.json", "r.json"]


# --------------------------------------------------------------------------- the command line


@pytest.mark.parametrize(
    "argv",
    [
        ["--demo", "--speed", "0"],
        ["--demo", "--speed", "-1"],
        ["--demo", "--speed", "nan"],
        ["--demo", "--speed", "inf"],
        ["--demo", "--speed", "65"],
        ["--demo", "--speed", "fast"],
        ["--players", "2"],
        ["--seed", "3"],
        ["--speed", "2"],
        ["--bot", "easy"],
        ["--exit-when-done"],
        ["--save-record", "x.json"],
        ["--frame-stats", "x.json"],
        ["--window", "16384x16384"],
        ["--window", "7681x4320"],
        ["--window", "1" + "0" * 30 + "x9"],
        ["--demo", "--seed", "9223372036854775808"],  # a record could not hold it
        ["--demo", "--seed", "-" + "9" * 40],
        ["--demo", "--seed", "1e3"],
        ["--serve", "--port", "65536"],
        ["--serve", "--port", "-1"],
        ["--serve", "--port", "http"],
        ["--serve", "--rate-limit", "0"],
        ["--serve", "--rate-limit", "100001"],
        ["--serve", "--rate-limit", "fast"],
        ["--serve", "--rate-limit", "2.5"],
        ["--rate-limit", "100"],
        ["--port", "8000"],
        ["--host", "0.0.0.0"],
        ["--db", "x.sqlite"],
        ["--demo", "--players", "9" * 30],
        ["--game", "chess"],
        ["--lang", "xx"],
    ],
)
def test_the_command_line_refuses_values_that_never_end_or_mean_nothing(argv, capsys) -> None:
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(argv)
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1 and len(err) < 200, err  # one line, no usage block
    assert err.startswith(f"{cli.PROG}: error: ") and "--help" in err


def test_the_command_line_keeps_its_defaults_and_good_values() -> None:
    plain = cli.parse_args([])
    assert (plain.players, plain.speed, plain.bot, plain.demo) == (4, 1.0, "normal", False)
    demo = cli.parse_args(["--demo", "--speed", "0.1", "--players", "2", "--bot", "easy"])
    assert (demo.players, demo.speed, demo.bot) == (2, 0.1, "easy")
    assert cli.parse_args(["--demo", "--speed", "64"]).speed == 64.0
    assert cli.parse_args(["--window", "7680x4320"]).window == (7680, 4320)
    served = cli.parse_args(["--serve", "--port", "0"])
    assert (served.host, served.port, plain.host, plain.port) == ("127.0.0.1", 0, "127.0.0.1", 8765)
    assert served.rate_limit is None  # the server's own limit
    assert cli.parse_args(["--serve", "--rate-limit", "500"]).rate_limit == 500


def test_the_largest_demo_seed_is_one_its_record_can_hold() -> None:
    from game.core import safe_json

    largest = cli.parse_args(["--demo", "--seed", str(2**63 - 1)]).seed
    assert cli.parse_args(["--demo", "--seed", str(-(2**63) + 1)]).seed == -largest
    assert safe_json.loads(json.dumps({"seed": largest})) == {"seed": largest}
    with pytest.raises(safe_json.BadFile):
        safe_json.loads(json.dumps({"seed": largest + 2}))  # past the bound: why it is refused


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_a_demo_saving_its_record_onto_a_full_disk_says_so_in_one_line(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "SMLB_DATA_DIR": str(tmp_path),
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "SMLB_NO_FRAME_WAIT": "1",  # no sleep between frames: the same game, sooner
    }
    result = subprocess.run(
        [
            sys.executable,
            "main.py",
            "--demo",
            "--players",
            "1",
            "--seed",
            "5",
            "--speed",
            "64",
            "--exit-when-done",
            "--save-record",
            "/dev/full",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env=env,
    )
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip() == "cannot write /dev/full: No space left on device"


# --------------------------------------------------------------------------- --window


@pytest.mark.parametrize(
    ("size", "refused"),
    [("1920x1080", False), ("1366x768", False), ("2560x1080", True), ("1920x1200", True)],
)
def test_the_window_is_capped_at_the_largest_screen(
    size: str, refused: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(cli, "desktop_sizes", lambda: [(1920, 1080), (1366, 768)])
    if not refused:
        assert cli.parse_args(["--window", size]).window == tuple(map(int, size.split("x")))
        return
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(["--window", size])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert len(err.splitlines()) == 1, err
    assert f"--window {size} is larger than the screen (at most 1920x1080 here)" in err


def test_a_window_fitting_either_screen_is_allowed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "desktop_sizes", lambda: [(1920, 1080), (1080, 1920)])
    assert cli.parse_args(["--window", "1000x1800"]).window == (1000, 1800)  # the tall screen


def test_the_tour_keeps_the_fixed_cap_whatever_the_screen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "desktop_sizes", lambda: [(1280, 720)])
    args = cli.parse_args(["--tour", "shots", "--window", "2560x1080"])
    assert args.window == (2560, 1080)  # pictures are drawn, not shown: any size up to 8K


def test_under_the_dummy_driver_the_fixed_cap_applies(monkeypatch: pytest.MonkeyPatch) -> None:
    import pygame

    monkeypatch.setenv("SDL_VIDEODRIVER", "dummy")
    was_up = pygame.display.get_init()
    assert cli.desktop_sizes() == []  # its one made-up 1024x768 screen is no screen
    assert pygame.display.get_init() == was_up, "the display is left as it was found"
    assert cli.parse_args(["--window", "7680x4320"]).window == (7680, 4320)
