"""Core's own scenes on the navigator: title, settings, pause, confirm, hand-off, replays,
statistics and How to play. Each factory imports its scene when first used (start-up stays
quick). Each game registers its own routes ("{id}.{name}") through its UI descriptor."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (annotations only: each route imports its scene when first used)
    from game.core.ui.context import Context


def _title(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.title import TitleScene

    return TitleScene(ctx, **kw)


def _settings(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.settings import SettingsScene

    return SettingsScene(ctx, **kw)


def _pause(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.pause import PauseScene

    return PauseScene(ctx, **kw)


def _confirm(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.dialog import ConfirmDialog

    return ConfirmDialog(ctx, **kw)


def _handoff(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.handoff import HandoffScene

    return HandoffScene(ctx, **kw)


def _replays(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.replays import ReplaysScene

    return ReplaysScene(ctx, **kw)


def _saves(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.saves import SavesScene

    return SavesScene(ctx, **kw)


def _stats(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.stats import StatsScene

    return StatsScene(ctx, **kw)


def _stats_daily(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.stats_daily import DailyStatsScene

    return DailyStatsScene(ctx, **kw)


def _howto(ctx: Context, **kw: Any) -> Any:
    from game.core.ui.scenes.howto import HowToScene

    return HowToScene(ctx, **kw)


#: Installers of scenes beyond core's and the games' (`install(ctx)`), given by the
#: composition root (game/catalog.py: online play); core knows none of them.
EXTRA_ROUTES: list[Callable[[Any], None]] = []


def add_routes(install: Callable[[Any], None]) -> None:
    """Have every app built from now on register these scenes too (once per installer)."""
    if install not in EXTRA_ROUTES:
        EXTRA_ROUTES.append(install)


def install_core_routes(ctx: Context) -> None:
    """Register core's scenes (and the composition root's extra ones) on the navigator."""
    for name, factory in (
        ("title", _title),
        ("settings", _settings),
        ("pause", _pause),
        ("confirm", _confirm),
        ("handoff", _handoff),
        ("replays", _replays),
        ("saves", _saves),
        ("stats", _stats),
        ("stats_daily", _stats_daily),
        ("howto", _howto),
    ):
        ctx.nav.register(name, factory)
    for install in EXTRA_ROUTES:
        install(ctx)
