"""What the spawned copies of tests/test_two_copies.py run, in a module of its own: a spawned
process imports the module its function is in, and this one imports only the saving parts
(the test module brings pytest, the command line and the rest: about 0.25 CPU-s more for
each copy started)."""

from __future__ import annotations

import multiprocessing
import multiprocessing.synchronize
from pathlib import Path

from game.core import storage
from game.core.keeper import GameKeeper

PER_PROCESS = 150


def hold_saves(
    folder: str,
    ready: multiprocessing.synchronize.Event,
    release: multiprocessing.synchronize.Event,
) -> None:
    assert storage.lock_saves(Path(folder))
    ready.set()
    release.wait(30)


class _Summary:
    @staticmethod
    def summary(state: object) -> dict:
        return {"state": state}


class _Game:
    """Just the part of a game the record's result is read from."""

    rules = _Summary()


class _Seat:
    kind = "human"


class Session:
    """Just what GameKeeper.save and file_finished need."""

    def __init__(self, tag: str, table: Path | None = None) -> None:
        self.tag = tag
        self.table_folder = table  # a resumed table's folder (game.core.saves); None: new
        self.state, self.seats, self.game = "over", [_Seat()], _Game()
        self.daily, self.daily_practice = None, False  # not a daily deal: no history kept

    def save(self, unshown: int, confirming: int | None) -> dict:
        return {"format": "stress", "writer": self.tag, "unshown": unshown}

    def record(self, extra: dict) -> dict:
        return {"format": "stress", "writer": self.tag, "seed": 3, **extra}


def save_many(
    folder: str,
    tag: str,
    start: multiprocessing.synchronize.Event,
    done: multiprocessing.Queue,
    release: multiprocessing.synchronize.Event,
    table: str | None = None,
) -> None:
    start.wait(10)
    heard: list[str] = []
    session = Session(tag, None if table is None else Path(table))
    keeper = GameKeeper(session, Path(folder), True, tell=heard.append)
    for i in range(PER_PROCESS):
        keeper.save(i, None)
    done.put((tag, keeper.saving, heard))
    # Both copies stay open until both have reported: on a loaded machine one copy could
    # otherwise finish and quit, letting go of the lock, before the other one starts.
    release.wait(120)
