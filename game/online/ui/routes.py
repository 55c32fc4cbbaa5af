"""The online screens on the navigator: "online" (the title's "Play online"), "online.host",
"online.join", "online.lobby", "online.seats" (Esc at an online table), and "title.notice"
(the title's "Your turn at N online tables", title_line.py). The composition root
(game/catalog.py, `ROUTE_MODULES`) has every app install them; the title shows "Play online"
when the route is there."""

from __future__ import annotations

from typing import Any


def _menu(ctx: Any, **kw: Any) -> Any:
    from .menu import OnlineMenuScene

    return OnlineMenuScene(ctx, **kw)


def _host(ctx: Any, **kw: Any) -> Any:
    from .host import HostScene

    return HostScene(ctx, **kw)


def _join(ctx: Any, **kw: Any) -> Any:
    from .menu import JoinScene

    return JoinScene(ctx, **kw)


def _lobby(ctx: Any, **kw: Any) -> Any:
    from .lobby import LobbyScene

    return LobbyScene(ctx, **kw)


def _seats(ctx: Any, **kw: Any) -> Any:
    from .seats import TableSeatsScene

    return TableSeatsScene(ctx, **kw)


def _title_notice(ctx: Any, **kw: Any) -> Any:
    from .title_line import YourTurnLine

    return YourTurnLine(ctx, **kw)


def install(ctx: Any) -> None:
    for name, factory in (
        ("online", _menu),
        ("online.host", _host),
        ("online.join", _join),
        ("online.lobby", _lobby),
        ("online.seats", _seats),
        ("title.notice", _title_notice),  # the title's "Your turn at N online tables"
    ):
        ctx.nav.register(name, factory)
