"""Blanco's scenes on the navigator (see game/catalog.py): setup, table, game end, replay and
same deal, and starting and continuing a game. Route names start with "blanco."."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # (annotations only: each route imports its scene when first used)
    from game.core.ui.context import Context


def _setup_scene(ctx: Context, **kw: Any) -> Any:
    from game.blanco.ui.scenes.setup import SetupScene

    return SetupScene(ctx, **kw)


def _game_end(ctx: Context, **kw: Any) -> Any:
    from game.blanco.ui.scenes.gameend import GameEndScene

    return GameEndScene(ctx, **kw)


def _match_score(ctx: Context, **kw: Any) -> Any:
    from game.blanco.ui.scenes.matchscore import MatchScoreScene

    return MatchScoreScene(ctx, **kw)


def _start(ctx: Context, **kw: Any) -> Any:
    from game.blanco.ui.scenes.table import start_game

    return start_game(ctx, **kw)


def _continue(ctx: Context, saved: Any = None) -> str | None:
    from game.blanco.ui.scenes.table import continue_game

    return continue_game(ctx, saved)


def _replay(ctx: Context, **kw: Any) -> Any:
    from game.blanco.ui.scenes.replay import ReplayScene

    return ReplayScene(ctx, **kw)


def _same_deal(ctx: Context, record: Any, label: str) -> Any:
    from game.blanco.ui.scenes.setup import SetupScene, same_deal_from

    return SetupScene(ctx, same_deal=same_deal_from(record, label))


def _logo(ctx: Context, width: int = 760) -> Any:
    from game.blanco.ui.logo import draw_logo

    return draw_logo(ctx.text, width)


def _howto_pages(ctx: Context) -> Any:
    from game.blanco.ui.learn.pages import pages

    return pages()


def _guided(ctx: Context) -> Any:
    from game.blanco.ui.learn.guide import start_guided

    return start_guided(ctx)


def _decoration(ctx: Context, seed: int, width: int) -> Any:
    """A small Blanco card for the title's drifting decorations (the title keeps it)."""
    from game.blanco.ui.cardview import CardArt

    return CardArt(ctx.text).get(1 + seed % 120, (width, round(width * 1.4)))


def install(ctx: Context) -> None:
    nav = ctx.nav
    for name, factory in (
        ("blanco.setup", _setup_scene),
        ("blanco.game_end", _game_end),
        ("blanco.start_game", _start),
        ("blanco.continue_game", _continue),
        ("blanco.logo", _logo),
        ("blanco.decoration", _decoration),
        ("blanco.match_score", _match_score),
        ("blanco.replay", _replay),
        ("blanco.same_deal", _same_deal),
        ("blanco.howto_pages", _howto_pages),
        ("blanco.guided", _guided),
    ):
        nav.register(name, factory)
