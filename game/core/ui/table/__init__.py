"""The core table, built by composition: one scene for every game, local or online.

How a game hands its table to core (no subclassing):

1. Write a kit: a class implementing `TableKit` (game_ui/kit.py; subclassing `KitHooks` to answer
   the table's optional questions its own way), made with the table's `TablePort` (game_ui/port.py)
   and keeping it (a simple game subclasses `SeatsKit`, seats_kit.py, and draws one seat's place):

       class MyKit(KitHooks):
           game_over_event = GameOver

           def __init__(self, port: TablePort) -> None:
               self.port = port

           def shown_board(self, state, source=None): ...   # an object with apply(event)
           def shown_view(self, state): ...                 # (online) from one seat's view
           def build(self) -> KitParts: ...                 # styles, parts, clickable, ...
           def static_layer(self) -> pygame.Surface: ...

   Its parts read the table through the port each time (`port.state`, `port.seen`,
   `port.focus`, ...), act through `port.act(action)` (the step to the session; the turn
   controller hears of it) and hand back what else an input did as `Effects` (the line, a
   refusal, a flash) for `port.show(effects)`, never writing into each other.
2. Hand its maker through the game's UI descriptor: `GameUI(..., table_kit=MyKit)`. Local
   tables are `Table(ctx, session, kit=MyKit, ...)`; the online table (`game.online.ui.table.
   start_table`) builds the same `Table` from `ctx.game_ui(id).table_kit` with an online
   `TableHost` (host.py) around it, so a game with a kit plays online with nothing more.

Files: scene.py (the `Table` and its port members), frame.py (update, input, drawing),
turn_view.py (the table's side of the turn controller), host.py (local/online surroundings),
saved.py (a resumed table), seats_kit.py (`SeatsKit`: a ready kit for a simple game),
part.py (a table part's base), auto_next.py and late_input.py (a finished turn going on, a
click during an animation), log_panel.py, refusals.py and daily.py (parts any game's table
may use). What a game hands the table, its kit (`TableKit`, `KitHooks`, `KitParts`,
`Effects`) and the port it is given (`TablePort`), are game_ui/'s kit.py and port.py.
"""

from __future__ import annotations

from game.core.ui.game_ui.kit import (
    NO_EFFECTS,
    Effects,
    KitHooks,
    KitParts,
    Nothing,
    TableKit,
    hooks_of,
)
from game.core.ui.game_ui.port import TableCalls, TablePort, TableServices, TableView
from game.core.ui.table.host import HostedTable, LocalHost, TableHost
from game.core.ui.table.saved import Resumed, resume_saved, table_files
from game.core.ui.table.scene import KitMaker, Table

__all__ = [
    "NO_EFFECTS",
    "Effects",
    "HostedTable",
    "KitHooks",
    "KitMaker",
    "KitParts",
    "LocalHost",
    "Nothing",
    "Resumed",
    "Table",
    "TableCalls",
    "TableHost",
    "TableKit",
    "TablePort",
    "TableServices",
    "TableView",
    "resume_saved",
    "hooks_of",
    "table_files",
]
