"""The online table: the core table (`game.core.ui.table.Table`) holding an `OnlineSession` (see
session.py) and the game's own kit (`GameUI.table_kit`), surrounded by an `OnlineHost`
(online_host.py) in place of the local one. Any game whose UI descriptor hands a kit plays
online; nothing here names one.
"""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from game.core.game import GameState
from game.core.ui.table import Table
from game.online import protocol as p

from .online_host import NO_ONLINE_UNDO, OnlineHost, OnlineTurns
from .reader import ReadState
from .session import OnlineSession

if TYPE_CHECKING:
    from game.core.ui.context import Context
    from game.core.ui.table.scene import Move
    from game.core.ui.toolkit.animator import ShownBoard

    from .net import NetLink

__all__ = ["NO_ONLINE_UNDO", "OnlineHost", "OnlineTurns", "Past", "grown_past", "start_table"]

log = logging.getLogger("game.online.ui")
#: What a seat saw before its table opens: the view it was dealt and the events since, the
#: game's own objects (decoded on the link's thread: reader.py).
Past = tuple[GameState, list[object]]


def grown_past(past: Past | None, state: ReadState) -> Past | None:
    """The past with a `state` the lobby heard added: the server's `past` for a seat coming
    back, else a table's first view (version 0), else the events since; at most the
    protocol's MAX_PAST_EVENTS (the log shows what comes next)."""
    if past is not None:
        if len(past[1]) + len(state.game_events) <= p.MAX_PAST_EVENTS:
            past[1].extend(state.game_events)
        return past
    if state.game_past is not None:
        return state.game_past[0], list(state.game_past[1])
    if state.version == 0 and state.game_view is not None:
        return state.game_view, []
    return None


def start_table(
    ctx: Context, session: OnlineSession, link: NetLink, past: Past | None = None
) -> Table[GameState, Move, ShownBoard]:
    """Put the online table on the stack (alone): the core table around the game's kit, its
    board shown from this seat's view (`TableKit.shown_view`); `past`, what the seat saw
    before (the server's, for a seat that comes back), told in its move log."""
    make_kit = ctx.game_ui(session.game.id).table_kit
    if make_kit is None:  # (the online menu offers only games with a kit)
        raise LookupError(f"{session.game.id} has no table kit to play online")
    host = OnlineHost(session, link)
    scene = Table(ctx, session, make_kit, host=host)
    if past is not None:
        tell_past(scene, session, past)
    if past is not None and past[1]:
        # A game under way: every person seated has been at it; one connecting now is back.
        host.seen_here |= {i for i, info in enumerate(session.infos) if info.kind == "human"}
    ctx.stack.clear_to(scene)
    return scene


def tell_past(
    scene: Table[GameState, Move, ShownBoard], session: OnlineSession, past: Past
) -> None:
    """The seat's past played onto a board of its own from the view it was dealt, as its
    steps would have shown, so the kit's move log (`watch_board`) says the whole game; the
    table's own board stands where the server's does. A past that does not fit this game
    (a hostile or broken server's) is left out in one log line: the log starts empty."""
    start, events = past
    try:
        board = scene.hooks.watch_board(scene.kit.shown_view(start))
        for event in events:
            board.apply(event)
    except Exception as err:  # (any part of a board may refuse what no game sent)
        log.warning("the table's past was left out: %s", " ".join(str(err).split())[:200])
