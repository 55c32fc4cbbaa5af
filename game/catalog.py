"""The composition root: which games the app holds and which scene answers each route.

Scenes ask `ctx.nav` for each other by name; only this module knows where they live. Each
factory imports its scene when first used (start-up stays quick; no import cycles).
"""

from __future__ import annotations

from typing import Any


def _title(ctx: Any, **kw: Any) -> Any:
    from game.core.ui.scenes.title import TitleScene

    return TitleScene(ctx, **kw)


def _settings(ctx: Any, **kw: Any) -> Any:
    from game.core.ui.scenes.settings import SettingsScene

    return SettingsScene(ctx, **kw)


def _pause(ctx: Any, **kw: Any) -> Any:
    from game.core.ui.scenes.pause import PauseScene

    return PauseScene(ctx, **kw)


def _confirm(ctx: Any, **kw: Any) -> Any:
    from game.core.ui.scenes.dialog import ConfirmDialog

    return ConfirmDialog(ctx, **kw)


def _handoff(ctx: Any, **kw: Any) -> Any:
    from game.core.ui.scenes.handoff import HandoffScene

    return HandoffScene(ctx, **kw)


def _replays(ctx: Any, **kw: Any) -> Any:
    from game.core.ui.scenes.replays import ReplaysScene

    return ReplaysScene(ctx, **kw)


def _stats(ctx: Any, **kw: Any) -> Any:
    from game.core.ui.scenes.stats import StatsScene

    return StatsScene(ctx, **kw)


def _howto(ctx: Any, **kw: Any) -> Any:
    from game.core.ui.scenes.howto import HowToScene

    return HowToScene(ctx, **kw)


def install(ctx: Any) -> None:
    """Register every route on the context's navigator, and how Setup starts a game."""
    from game.blanco.ui import routes as blanco_routes
    from game.luckybox.ui import routes as luckybox_routes

    nav = ctx.nav
    for name, factory in (("title", _title), ("settings", _settings), ("pause", _pause),
                          ("confirm", _confirm), ("handoff", _handoff), ("replays", _replays),
                          ("stats", _stats), ("howto", _howto)):
        nav.register(name, factory)
    luckybox_routes.install(ctx)
    blanco_routes.install(ctx)


def games() -> list[Any]:
    """Every game the app holds, Lucky Box first (pure: no pygame)."""
    from game.blanco.rules.game import BLANCO
    from game.luckybox.rules.game import LUCKYBOX

    return [LUCKYBOX, BLANCO]


def game_by_id(game_id: str) -> Any:
    for candidate in games():
        if candidate.id == game_id:
            return candidate
    raise KeyError(game_id)
