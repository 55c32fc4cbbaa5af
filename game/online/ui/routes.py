"""The online screens on the navigator: "online" (the title's "Play online"), "online.host",
"online.join", "online.lobby", "online.seats" (Esc at an online table), and "title.notice"
(the title's "Your turn at N online tables", title_line.py). The composition root
(game/catalog.py, `ROUTE_MODULES`) has every app install them; the title shows "Play online"
when the route is there."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.ui.toolkit.nav import lazy

if TYPE_CHECKING:  # (annotations only: each route imports its scene when first used)
    from game.core.ui.context import Context

    from .host import HostScene
    from .lobby import LobbyScene
    from .menu import JoinScene, OnlineMenuScene
    from .seats import TableSeatsScene
    from .title_line import YourTurnLine


def _menu() -> type[OnlineMenuScene]:
    from .menu import OnlineMenuScene

    return OnlineMenuScene


def _host() -> type[HostScene]:
    from .host import HostScene

    return HostScene


def _join() -> type[JoinScene]:
    from .menu import JoinScene

    return JoinScene


def _lobby() -> type[LobbyScene]:
    from .lobby import LobbyScene

    return LobbyScene


def _seats() -> type[TableSeatsScene]:
    from .seats import TableSeatsScene

    return TableSeatsScene


def _title_notice() -> type[YourTurnLine]:
    from .title_line import YourTurnLine

    return YourTurnLine


def install(ctx: Context) -> None:
    for name, load in (
        ("online", _menu),
        ("online.host", _host),
        ("online.join", _join),
        ("online.lobby", _lobby),
        ("online.seats", _seats),
        ("title.notice", _title_notice),  # the title's "Your turn at N online tables"
    ):
        ctx.nav.register(name, lazy(load))
