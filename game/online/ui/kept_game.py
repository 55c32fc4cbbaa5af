"""A finished online game kept where the app keeps its own (Replays and Statistics): its record,
which only the server has whole (the seed and every card, given once the game is over), asked
for in a daemon thread as the end screen shows, checked by playing it again, then filed with
the fields the app's own records carry. No pygame."""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from game.core import records
from game.core.commitment import verified
from game.core.entry import Game
from game.core.game import RecordError
from game.core.i18n import t
from game.core.safe_json import JSON
from game.core.storage import finished_extra, keep_record
from game.core.version import __version__ as VERSION
from game.online.client import SeatClient

log = logging.getLogger("game.online")

TIMEOUT = 10.0  # seconds the server may take to hand the record over


async def server_record(url: str, game: Game[Any], table: str) -> dict[str, JSON]:
    """The finished table's record, as its server keeps it."""
    client = SeatClient(url, game)
    try:
        await client.connect()
        client.table = table
        return await asyncio.wait_for(client.record(), TIMEOUT)
    finally:
        await client.close()


def kept_record(record: Mapping[str, JSON], game: Game[Any], kinds: list[str]) -> dict[str, object]:
    """The server's record with the app's own fields (who was a computer, when, the result),
    read off its final position, played again from the record: RecordError if it is not a
    whole game of `game`."""
    state = records.replay(record, game).state  # (Lucky Box's last chance step taken too)
    if not state.is_terminal():
        raise RecordError("the record does not reach the game's end")
    return {**record, **finished_extra(state, kinds, VERSION, game=game)}


#: An online game's verdict on its deal, as the end page shows it: (words, loud).
Verdict = tuple[str, bool]


def verdict(record: Mapping[str, JSON] | None, promised: str) -> Verdict:
    """Whether the finished record keeps the server's promise `promised` (the deal's
    commitment H sent before the first move): "deal verified", or loudly not; None for a
    record the server did not give (the deal could not be checked)."""
    if record is None:
        return (
            t(
                "online.end.unchecked",
                "The deal could not be checked: the server did not give the game.",
            ),
            True,
        )
    if verified(record, promised):
        words = t(
            "online.end.verified", "Deal verified: these cards were fixed before the first move."
        )
        return words, False
    return (
        t(
            "online.end.not_verified",
            "WARNING: the deal does NOT match what the server promised: this game may not be fair.",
        ),
        True,
    )


def no_commitment() -> Verdict:
    """The end page's line for a table whose first `state` promised no deal (no commitment):
    it was played all the same, but nothing shows its cards were fixed before the first move."""
    return (
        t("online.end.no_commit", "This table sent no commitment: its deal cannot be verified."),
        True,
    )


def checking() -> Verdict:
    """The end page's line while the record is on its way."""
    return t("online.end.checking", "Checking the deal..."), False


def keep_online_game(
    url: str,
    game: Game[Any],
    table: str,
    kinds: list[str],
    folder: Path,
    tell: Callable[[str], None],
    promised: str | None = None,
    judge: Callable[[Verdict], None] | None = None,
    keep: bool = True,
) -> threading.Thread:
    """Ask for the table's record and file it in `folder` (a game's data folder), in a daemon
    thread; a problem is one line to `tell` (the game itself was played and stays on the
    server). `promised`: the deal's commitment the table sent at the start; the record is
    checked against it and the verdict given to `judge` (the end page shows it); a record that
    breaks its promise is not kept. `keep` False: only checked (a watcher keeps no game)."""

    def run() -> None:
        try:
            fetched = asyncio.run(server_record(url, game, table))
        except Exception as err:  # unreachable or refused: said, not raised
            log.warning("table %s: its record was not kept: %s", table, err)
            if promised is not None and judge is not None:
                judge(verdict(None, promised))
            if not keep:
                return
            tell(
                t(
                    "online.end.not_kept",
                    "This game could not be kept for Replays: the server did not give it.",
                )
            )
            return
        if promised is not None:
            if judge is not None:
                judge(verdict(fetched, promised))
            if not verified(fetched, promised):
                log.warning("table %s: the deal does not match its commitment", table)
                return  # (not kept: a record that breaks its promise is refused anyway)
        if not keep:
            return
        try:
            record = kept_record(fetched, game, kinds)
        except Exception as err:  # not a whole game: said, not raised
            log.warning("table %s: its record was not kept: %s", table, err)
            tell(
                t(
                    "online.end.not_kept",
                    "This game could not be kept for Replays: the server did not give it.",
                )
            )
            return
        _path, warning = keep_record(folder, record)
        if warning:
            tell(warning)

    thread = threading.Thread(target=run, daemon=True, name="keep-online-game")
    thread.start()
    return thread
