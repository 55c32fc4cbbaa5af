"""The composition root: which games the app holds. One line per game in `GAME_PACKAGES`.

A game package exposes the whole game as `<package>.entry.GAME` (a `game.core.entry.Game`, a
record of its parts: its rules and records `<package>.rules.game.RULES`, pure, with the types
its views, events and actions travel in; its bots and words, its own or core's), and its UI
descriptor as `<package>.ui.descriptor.GAME_UI` (a `game.core.ui.game_ui.descriptor.GameUI`); how
to write
one is docs/architecture.md's "Adding a game". The first game
is the default: the title's first tab, the demo's game, and the game whose refusal an unknown
record format gets. Core never imports this module; the command line (game.cli) and the tests hand
its lists down."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from game.core.entry import Game

if TYPE_CHECKING:
    from game.core.ui.game_ui.descriptor import GameUI

#: Every game's package, the default first.
GAME_PACKAGES: list[str] = [
    "game.luckybox",
    "game.blanco",
]


#: Modules adding scenes beyond the games' (each with `install(ctx)`): Play online.
ROUTE_MODULES: list[str] = ["game.online.ui.routes"]


def register(package: str) -> None:
    """Add a game package (a test's own game, e.g. "tests.highcard"); once only."""
    if package not in GAME_PACKAGES:
        GAME_PACKAGES.append(package)


def unregister(package: str) -> None:
    """Take a registered game package out again (tests tidy up with it)."""
    if package in GAME_PACKAGES:
        GAME_PACKAGES.remove(package)


def games() -> list[Game[Any]]:
    """Every game, the default first (imports no pygame): each composed of its rules and
    records, bots and words (`<package>.entry.GAME`)."""
    return [importlib.import_module(f"{package}.entry").GAME for package in GAME_PACKAGES]


def game_uis() -> list[GameUI]:
    """Every game's UI descriptor (`game.core.ui.game_ui.descriptor.GameUI`), the default first.
    (An app
    is built from them: the app gets the `ROUTE_MODULES`' scenes too.)"""
    from game.core.ui.routes import add_routes

    for module in ROUTE_MODULES:
        add_routes(importlib.import_module(module).install)
    return [
        importlib.import_module(f"{package}.ui.descriptor").GAME_UI for package in GAME_PACKAGES
    ]


def game_by_id(game_id: str) -> Game[Any]:
    for candidate in games():
        if candidate.id == game_id:
            return candidate
    raise KeyError(game_id)


def new_app(**kwargs: Any) -> Any:
    """The app (`game.core.ui.app.App`) holding every game; `kwargs` go to `App`."""
    from game.core.ui.app import App

    return App(games=game_uis(), **kwargs)
