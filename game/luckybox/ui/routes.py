"""Lucky Box's scenes on the navigator (its UI descriptor installs them): setup, draft, table,
round end, game end and replay, plus starting and continuing a game. Route names start with
"luckybox." (game/core/ui/game_ui.py lists the standard ones)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (annotations only: each route imports its scene when first used)
    from game.core.ui.context import Context


def _setup(ctx: Context, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.setup import SetupScene

    return SetupScene(ctx, **kw)


def _draft(ctx: Context, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.draft import DraftScene

    return DraftScene(ctx, **kw)


def _round_end(ctx: Context, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.roundend import RoundEndScene

    return RoundEndScene(ctx, **kw)


def _scoring(ctx: Context, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.scoring import ScoringScene

    return ScoringScene(ctx, **kw)


def _game_end(ctx: Context, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.gameend import GameEndScene

    return GameEndScene(ctx, **kw)


def _replay(ctx: Context, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.replay import ReplayScene

    return ReplayScene(ctx, **kw)


def _same_deal(ctx: Context, record: Any, label: str) -> Any:
    from game.luckybox.ui.scenes.setup import SetupScene, same_deal_from

    return SetupScene(ctx, same_deal=same_deal_from(record, label))


def _start(ctx: Context, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.table import start_game

    return start_game(ctx, **kw)


def _continue(ctx: Context, saved: Any = None) -> str | None:
    from game.luckybox.ui.scenes.table import continue_game

    return continue_game(ctx, saved)


def _howto_pages(ctx: Context) -> Any:
    from game.luckybox.ui.learn.pages import pages

    return pages()


def _guided(ctx: Context) -> Any:
    from game.luckybox.ui.learn.guide import start_guided

    return start_guided(ctx)


def _start_from_setup(ctx: Context, config: Any) -> Any:
    """The table for the setup screen's choices (a `GameConfig`)."""
    from game.core.ui.launch import seats_from

    return _start(
        ctx,
        seats=seats_from(config),
        seed=config.seed,
        deal=config.deal,
        options=config.options,
        challenge=config.challenge,
    )


def install(ctx: Context) -> None:
    nav = ctx.nav
    for name, factory in (
        ("setup", _setup),
        ("draft", _draft),
        ("round_end", _round_end),
        ("game_end", _game_end),
        ("scoring", _scoring),
        ("replay", _replay),
        ("same_deal", _same_deal),
        ("start_game", _start),
        ("start_from_setup", _start_from_setup),
        ("continue_game", _continue),
        ("howto_pages", _howto_pages),
        ("guided", _guided),
    ):
        nav.register(f"luckybox.{name}", factory)
