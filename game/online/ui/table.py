"""The online table: the core table (`game.core.ui.table.Table`) holding an `OnlineSession` (see
session.py) and the game's own kit (`GameUI.table_kit`), surrounded by an `OnlineHost`
(online_host.py) in place of the local one. Any game whose UI descriptor hands a kit plays
online; nothing here names one.
"""

from __future__ import annotations

from typing import Any

from game.core.ui.table import Table

from .online_host import NO_ONLINE_UNDO, OnlineHost, OnlineTurns
from .session import OnlineSession

__all__ = ["NO_ONLINE_UNDO", "OnlineHost", "OnlineTurns", "start_table"]


def start_table(ctx: Any, session: OnlineSession, link: Any) -> Table:
    """Put the online table on the stack (alone): the core table around the game's kit, its
    board shown from this seat's view (`TableKit.shown_view`)."""
    make_kit = ctx.game_ui(session.game.id).table_kit
    scene = Table(ctx, session, make_kit, host=OnlineHost(session, link))
    ctx.stack.clear_to(scene)
    return scene
