"""The online table: the core table (`game.core.ui.table.Table`) holding an `OnlineSession` (see
session.py) and the game's own kit (`GameUI.table_kit`), surrounded by an `OnlineHost`
(online_host.py) in place of the local one. Any game whose UI descriptor hands a kit plays
online; nothing here names one.
"""

from __future__ import annotations

import logging
from typing import Any

from game.core.ui.table import Table
from game.online import protocol as p
from game.online.codec import event_from_json, view_from_json, wire_of

from .online_host import NO_ONLINE_UNDO, OnlineHost, OnlineTurns
from .session import OnlineSession

__all__ = ["NO_ONLINE_UNDO", "OnlineHost", "OnlineTurns", "start_table"]

log = logging.getLogger("game.online.ui")
MAX_PAST = 20_000  # events of a server's `past` read at most (a hostile one sends millions)


def start_table(ctx: Any, session: OnlineSession, link: Any, past: p.Past | None = None) -> Table:
    """Put the online table on the stack (alone): the core table around the game's kit, its
    board shown from this seat's view (`TableKit.shown_view`); `past`, what the seat saw
    before (the server's, for a seat that comes back), told in its move log."""
    make_kit = ctx.game_ui(session.game.id).table_kit
    host = OnlineHost(session, link)
    scene = Table(ctx, session, make_kit, host=host)
    if past is not None:
        tell_past(scene, session, past)
        # Every person seated has been at this table: one connecting now is back, not new.
        host.seen_here |= {i for i, info in enumerate(session.infos) if info.kind == "human"}
    ctx.stack.clear_to(scene)
    return scene


def tell_past(scene: Table, session: OnlineSession, past: p.Past) -> None:
    """The seat's past played onto a board of its own from the view it was dealt, as its
    steps would have shown, so the kit's move log (`watch_board`) says the whole game; the
    table's own board stands where the server's does. A past that does not fit this game
    (a hostile or broken server's) is left out in one log line: the log starts empty."""
    wire = wire_of(session.game)
    try:
        start = view_from_json(wire, past.start)
        board = scene.kit.watch_board(scene.kit.shown_view(start))
        for raw in past.events[:MAX_PAST]:
            board.apply(event_from_json(wire, raw))
    except Exception as err:  # (any part of a board may refuse what no game sent)
        log.warning("the table's past was left out: %s", " ".join(str(err).split())[:200])
