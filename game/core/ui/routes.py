"""Core's own scenes on the navigator: title, settings, pause, confirm, hand-off, replays,
statistics and How to play. Each factory imports its scene when first used (start-up stays
quick). Each game registers its own routes ("{id}.{name}") through its UI descriptor."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from game.core.ui.toolkit.nav import lazy

if TYPE_CHECKING:  # (annotations only: each route imports its scene when first used)
    from game.core.ui.context import Context
    from game.core.ui.screens.dialog import ConfirmDialog
    from game.core.ui.screens.handoff import HandoffScene
    from game.core.ui.screens.howto import HowToScene
    from game.core.ui.screens.pause import PauseScene
    from game.core.ui.screens.replays import ReplaysScene
    from game.core.ui.screens.saves import SavesScene
    from game.core.ui.screens.settings import SettingsScene
    from game.core.ui.screens.stats import StatsScene
    from game.core.ui.screens.stats_daily import DailyStatsScene
    from game.core.ui.screens.title import TitleScene


def _title() -> type[TitleScene]:
    from game.core.ui.screens.title import TitleScene

    return TitleScene


def _settings() -> type[SettingsScene]:
    from game.core.ui.screens.settings import SettingsScene

    return SettingsScene


def _pause() -> type[PauseScene]:
    from game.core.ui.screens.pause import PauseScene

    return PauseScene


def _confirm() -> type[ConfirmDialog]:
    from game.core.ui.screens.dialog import ConfirmDialog

    return ConfirmDialog


def _handoff() -> type[HandoffScene]:
    from game.core.ui.screens.handoff import HandoffScene

    return HandoffScene


def _replays() -> type[ReplaysScene]:
    from game.core.ui.screens.replays import ReplaysScene

    return ReplaysScene


def _saves() -> type[SavesScene]:
    from game.core.ui.screens.saves import SavesScene

    return SavesScene


def _stats() -> type[StatsScene]:
    from game.core.ui.screens.stats import StatsScene

    return StatsScene


def _stats_daily() -> type[DailyStatsScene]:
    from game.core.ui.screens.stats_daily import DailyStatsScene

    return DailyStatsScene


def _howto() -> type[HowToScene]:
    from game.core.ui.screens.howto import HowToScene

    return HowToScene


#: Installers of scenes beyond core's and the games' (`install(ctx)`), given by the
#: composition root (game/catalog.py: online play); core knows none of them.
EXTRA_ROUTES: list[Callable[[Context], None]] = []


def add_routes(install: Callable[[Context], None]) -> None:
    """Have every app built from now on register these scenes too (once per installer)."""
    if install not in EXTRA_ROUTES:
        EXTRA_ROUTES.append(install)


def install_core_routes(ctx: Context) -> None:
    """Register core's scenes (and the composition root's extra ones) on the navigator."""
    for name, load in (
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
        ctx.nav.register(name, lazy(load))
    for install in EXTRA_ROUTES:
        install(ctx)
