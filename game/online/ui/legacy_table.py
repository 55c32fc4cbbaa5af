"""TRANSITIONAL: the online table of a game whose UI descriptor hands no table kit yet (Lucky
Box, until its kit lands on the core table's seam). Its own TableShell scene is given the same
`OnlineHost` the core table holds online (table.py), through the shell's overridable methods.
Delete this module, and the fallback in table.py's `start_table`, once every game hands a kit.
"""

from __future__ import annotations

from typing import Any

from .online_host import OnlineHost
from .session import OnlineSession


def legacy_table(ctx: Any, session: OnlineSession, link: Any) -> Any:
    """The online table of a game without a kit (see the module's docstring)."""
    from game.luckybox.ui.scenes.table import TableScene
    from game.luckybox.ui.shown import Shown

    class OnlineLuckyBoxTable(TableScene):
        def __init__(self) -> None:
            # Built as a demo so no autosave is kept (nor its lock taken); then a person's.
            shown_as: Any = session  # (a Session in shape: what the shell reads of one)
            super().__init__(ctx, shown_as, demo=True)
            self.demo = False
            self.link = link
            self.host = OnlineHost(session, link)
            host: Any = self.host
            host.attach(self)  # (the shell has every member the host reads of a table)
            self.turns = host.make_turns(self)
            self.host.start()
            self.message_aside = ""

        def shown_board(self, state: Any, source: Any = None) -> Shown:
            return Shown.from_state(state, source=state)

        def take_news(self) -> None:
            self.host.take_news()
            self.state = session.state  # a new view replaces the old object: read it

        def update(self, dt: float) -> None:
            self.host.before_update(dt)
            self.state = session.state
            super().update(dt)

        def may_act(self, seat: int) -> bool:
            return self.host.may_act(seat) and super().may_act(seat)

        def undo_words(self, refusal: Any) -> str:
            return self.host.undo_words(refusal) or super().undo_words(refusal)

        def banner_name(self, seat: int) -> str:
            return self.host.banner_name(seat, super().banner_name(seat))

        def needs_confirm(self, seat: int) -> bool:
            return False  # no Next gate: nothing to take back online

        def waiting_words(self, seat: int) -> str | None:
            return self.host.waiting_words(seat)

        def needs_redraw(self) -> bool:
            return bool(self.host.needs_redraw())

        def redraw_key(self) -> object:
            return self.host.redraw_key()

        def open_menu(self) -> None:
            self.host.open_menu()

        def scores_scene(self) -> Any:
            return self.host.end_scene()

        def exit(self) -> None:
            super().exit()
            self.host.exit()

    return OnlineLuckyBoxTable()
