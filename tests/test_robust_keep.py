"""Keeping files is an exclusive create, never a rename onto a name checked free: records kept
by two processes at the same moment (200, none lost, none overwritten, every byte compared),
with hard links and without them (the O_EXCL path some file systems need), and the one-game
version's files moved into a game's folder by two copies of the game at once."""

from __future__ import annotations

import errno
import json
import multiprocessing
import os
import stat
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from game.core import safe_json, storage

# Each filed in the same second as all the others, so each wants the names the others took
# (a record scans them from the first: the cost grows as the square of the count; 300 a
# process took 2-3 CPU-s, and 100 races for every name as well).
KEPT_PER_PROCESS = 100
LEGACY_RECORDS = 300
ON_UNIX = os.name == "posix"


def _context() -> Any:
    return multiprocessing.get_context("fork" if ON_UNIX else "spawn")


def _no_hard_links(*_args: object, **_kwargs: object) -> None:
    raise PermissionError(errno.EPERM, "no hard links on this file system")


def _record(tag: str, i: int) -> dict[str, Any]:
    return {"format": "stress", "seed": 7, "writer": tag, "n": i, "pad": "é" * (i % 50)}


def _text(record: dict[str, Any]) -> str:
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def _keep_many(folder: str, links: bool, tag: str, start: Any, done: Any) -> None:
    if not links:
        os.link = _no_hard_links  # this child only: the O_EXCL path
    start.wait(10)
    kept = []
    for i in range(KEPT_PER_PROCESS):
        path, warning = storage.keep_record(Path(folder), _record(tag, i))
        kept.append((str(path), warning))
    done.put(kept)


def _run_both(target: Any, args: tuple[Any, ...]) -> list[Any]:
    ctx = _context()
    start, done = ctx.Event(), ctx.Queue()
    workers = [ctx.Process(target=target, args=(*args, tag, start, done)) for tag in "ab"]
    for worker in workers:
        worker.start()
    start.set()  # both at once: the same second, so the same names are wanted
    results = [done.get(timeout=300) for _ in workers]
    for worker in workers:
        worker.join(30)
        assert worker.exitcode == 0
    return results


@pytest.mark.parametrize("links", [True, False], ids=["hard links", "no hard links"])
def test_two_processes_keeping_100_records_each_keep_all_200(tmp_path: Path, links: bool) -> None:
    results = _run_both(_keep_many, (str(tmp_path), links))
    kept = [item for result in results for item in result]
    assert [warning for _path, warning in kept] == [None] * 2 * KEPT_PER_PROCESS
    files = sorted((tmp_path / storage.RECORDS).iterdir())
    assert len(files) == 200 == 2 * KEPT_PER_PROCESS, "none lost, no stray temporary file"
    assert {str(f) for f in files} == {path for path, _warning in kept}, "no name given twice"
    on_disk = Counter(f.read_bytes() for f in files)
    wanted = Counter(
        _text(_record(tag, i)).encode("utf-8") for tag in "ab" for i in range(KEPT_PER_PROCESS)
    )
    assert on_disk == wanted, "every record whole, none overwritten by another"


# --------------------------------------------------------------------------- moving files in


def _legacy_folder(top: Path) -> dict[str, bytes]:
    """The one-game version's layout: an autosave and records at the data folder's top. One
    record's name is already taken in the game's folder by a different record."""
    old = top / storage.RECORDS
    old.mkdir(parents=True)
    contents = {}
    for i in range(LEGACY_RECORDS):
        name = f"2024010{i % 9 + 1}-1200{i:03d}-seed{i}.json"
        contents[name] = _text(_record("legacy", i)).encode("utf-8")
        (old / name).write_bytes(contents[name])
    (top / storage.AUTOSAVE).write_bytes(b'{"old": "autosave"}\n')
    taken = top / "luckybox" / storage.RECORDS / next(iter(contents))
    taken.parent.mkdir(parents=True)
    taken.write_bytes(b'{"already": "here"}\n')
    return contents


def _open_game_folder(top: str, tag: str, start: Any, done: Any) -> None:
    start.wait(10)
    own = storage.game_folder(Path(top), "luckybox", legacy_top=True)
    done.put((tag, str(own)))


def test_two_copies_moving_the_old_layout_in_at_once_lose_nothing(tmp_path: Path) -> None:
    contents = _legacy_folder(tmp_path)
    results = _run_both(_open_game_folder, (str(tmp_path),))
    own = tmp_path / "luckybox"
    assert sorted(folder for _tag, folder in results) == [str(own)] * 2
    assert not (tmp_path / storage.RECORDS).exists(), "every old record moved in"
    assert not (tmp_path / storage.AUTOSAVE).exists()
    assert (own / storage.AUTOSAVE).read_bytes() == b'{"old": "autosave"}\n'
    moved = Counter(f.read_bytes() for f in (own / storage.RECORDS).iterdir())
    wanted = Counter([*contents.values(), b'{"already": "here"}\n'])
    assert moved == wanted, "each record once, whole; the one already there untouched"
    first = next(iter(contents))
    renamed = own / storage.RECORDS / first.replace(".json", "-1.json")
    assert renamed.read_bytes() == contents[first], "a taken name: kept beside it"


def test_an_old_autosave_never_replaces_the_games_own(tmp_path: Path) -> None:
    (tmp_path / storage.AUTOSAVE).write_bytes(b"old")
    own = tmp_path / "luckybox"
    own.mkdir()
    (own / storage.AUTOSAVE).write_bytes(b"new")
    storage.game_folder(tmp_path, "luckybox", legacy_top=True)
    assert (own / storage.AUTOSAVE).read_bytes() == b"new"
    assert (tmp_path / storage.AUTOSAVE).read_bytes() == b"old", "left where it was, unread"


def test_a_move_cut_off_after_its_link_is_finished_not_doubled(tmp_path: Path) -> None:
    (tmp_path / storage.RECORDS).mkdir()
    old = tmp_path / storage.RECORDS / "r.json"
    old.write_bytes(b"{}")
    (tmp_path / "luckybox" / storage.RECORDS).mkdir(parents=True)
    os.link(old, tmp_path / "luckybox" / storage.RECORDS / "r.json")  # then the power went
    storage.game_folder(tmp_path, "luckybox", legacy_top=True)
    assert [p.name for p in (tmp_path / "luckybox" / storage.RECORDS).iterdir()] == ["r.json"]
    assert not old.exists()


# --------------------------------------------------------------------------- move_exclusive


@pytest.fixture(params=[True, False], ids=["hard links", "no hard links"])
def links(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    if not request.param:
        monkeypatch.setattr(os, "link", _no_hard_links)
    return bool(request.param)


def test_a_move_never_replaces_and_keeps_the_bytes(tmp_path: Path, links: bool) -> None:
    source, target = tmp_path / "a", tmp_path / "b"
    source.write_bytes(b"\x00mine\xff")
    target.write_bytes(b"theirs")
    assert safe_json.move_exclusive(source, target) is False
    assert (source.read_bytes(), target.read_bytes()) == (b"\x00mine\xff", b"theirs")
    free = tmp_path / "c"
    assert safe_json.move_exclusive(source, free) is True
    assert not source.exists() and free.read_bytes() == b"\x00mine\xff"


@pytest.mark.skipif(not ON_UNIX, reason="symlinks and named pipes")
def test_a_link_or_a_pipe_moves_as_itself_never_what_it_points_to(
    tmp_path: Path, links: bool
) -> None:
    link, pipe = tmp_path / "link", tmp_path / "pipe"
    link.symlink_to("/dev/zero")
    os.mkfifo(pipe)
    assert safe_json.move_exclusive(link, tmp_path / "link2")
    assert safe_json.move_exclusive(pipe, tmp_path / "pipe2")
    assert os.readlink(tmp_path / "link2") == "/dev/zero" and not link.is_symlink()
    assert (tmp_path / "pipe2").is_fifo() and not pipe.exists()
    assert Path("/dev/zero").is_char_device()


@pytest.mark.skipif(not Path("/dev/null").exists(), reason="needs a device")
def test_a_device_is_not_copied_without_hard_links(tmp_path: Path) -> None:
    """/dev/null and tmp_path are on different file systems: the link fails (EXDEV) and a
    device cannot be made by hand, so nothing moves and nothing is made."""
    with pytest.raises(OSError):
        safe_json.move_exclusive("/dev/null", tmp_path / "null")
    assert not (tmp_path / "null").exists() and Path("/dev/null").is_char_device()


def test_a_copy_failing_part_way_leaves_no_short_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "link", _no_hard_links)
    source = tmp_path / "a"
    source.write_bytes(b"x" * 100)

    def full_disk(_src: object, _dst: object) -> None:
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(safe_json.shutil, "copyfileobj", full_disk)
    with pytest.raises(OSError, match="No space"):
        safe_json.move_exclusive(source, tmp_path / "b")
    assert source.read_bytes() == b"x" * 100 and not (tmp_path / "b").exists()


def test_setting_aside_without_hard_links_never_overwrites(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(os, "link", _no_hard_links)
    bad = tmp_path / "settings.json"
    firsts = []
    for content in (b"one", b"two", b"three"):
        bad.write_bytes(content)
        firsts.append(safe_json.move_aside(bad))
    assert all(firsts) and len(set(firsts)) == 3 and not bad.exists()
    assert sorted(p.read_bytes() for p in firsts if p) == [b"one", b"three", b"two"]


def test_a_kept_record_is_the_same_file_with_or_without_hard_links(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same mode either way (the temporary file's: no executable bits on a record), the
    next free name when one is taken, and no temporary file left behind."""
    linked = storage.create_exclusive(tmp_path / "a.json", "one\n")
    monkeypatch.setattr(os, "link", _no_hard_links)
    copied = storage.create_exclusive(tmp_path / "a.json", "two\n")
    assert (linked.name, copied.name) == ("a.json", "a-1.json")
    assert (linked.read_text(), copied.read_text()) == ("one\n", "two\n")
    assert stat.S_IMODE(linked.stat().st_mode) == stat.S_IMODE(copied.stat().st_mode)
    assert not stat.S_IMODE(copied.stat().st_mode) & 0o111
    assert sorted(p.name for p in tmp_path.iterdir()) == ["a-1.json", "a.json"]
