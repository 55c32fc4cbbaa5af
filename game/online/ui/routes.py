"""The online screens on the navigator: "online" (the title's "Play online"), "online.host",
"online.join", "online.lobby". Installed by the composition root (game/catalog.py): core only
pushes the route when it is there."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
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


def install(ctx: Any) -> None:
    for name, factory in (
        ("online", _menu),
        ("online.host", _host),
        ("online.join", _join),
        ("online.lobby", _lobby),
    ):
        ctx.nav.register(name, factory)


def with_online(game_uis: Sequence[Any]) -> list[Any]:
    """The games' UI descriptors, the first one also installing the online routes (an app
    installs each game's routes: so every app the catalog builds has "Play online")."""
    uis = list(game_uis)
    if not uis:
        return uis
    first = uis[0]

    def install_both(ctx: Any, own: Any = first.install) -> None:
        own(ctx)
        install(ctx)

    return [replace(first, install=install_both), *uis[1:]]
