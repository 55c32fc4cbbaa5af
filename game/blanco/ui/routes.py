"""Blanco's scenes on the navigator (see game/catalog.py): setup, table, game end, replay and
same deal, and starting and continuing a game. Route names start with "blanco."."""

from __future__ import annotations

from typing import TYPE_CHECKING

from game.core.ui.toolkit.nav import lazy

if TYPE_CHECKING:  # (annotations only: each route imports its scene when first used)
    import pygame

    from game.blanco.rules.actions import Action
    from game.blanco.rules.deal import Deal
    from game.blanco.rules.state import BlancoState
    from game.blanco.ui.match import Match
    from game.blanco.ui.scenes.gameend import GameEndScene
    from game.blanco.ui.scenes.matchscore import MatchScoreScene
    from game.blanco.ui.scenes.replay import ReplayScene
    from game.blanco.ui.scenes.setup import SetupScene
    from game.blanco.ui.scenes.table import BlancoTable, GameOver
    from game.core.safe_json import JSON
    from game.core.saves import SavedTable
    from game.core.session import Challenge, Session
    from game.core.storage import LoadedSave
    from game.core.ui.context import Context
    from game.core.ui.screens.howto import Page
    from game.core.ui.table import Table


def _setup_scene() -> type[SetupScene]:
    from game.blanco.ui.scenes.setup import SetupScene

    return SetupScene


def _game_end() -> type[GameEndScene]:
    from game.blanco.ui.scenes.gameend import GameEndScene

    return GameEndScene


def _match_score() -> type[MatchScoreScene]:
    from game.blanco.ui.scenes.matchscore import MatchScoreScene

    return MatchScoreScene


def _start(
    ctx: Context,
    seats: list | None = None,
    seed: int = 0,
    demo: bool = False,
    on_game_over: GameOver | None = None,
    session: Session[BlancoState, Action] | None = None,
    match: Match | None = None,
    deal: Deal | None = None,
    challenge: Challenge | None = None,
    **_: object,  # what a set-up of another game gives too (its options): Blanco has none
) -> BlancoTable:
    from game.blanco.ui.scenes.table import start_game

    return start_game(ctx, seats, seed, demo, on_game_over, session, match, deal, challenge)


def _continue(ctx: Context, saved: LoadedSave | SavedTable | None = None) -> str | None:
    from game.blanco.ui.scenes.table import continue_game

    return continue_game(ctx, saved)


def _replay() -> type[ReplayScene]:
    from game.blanco.ui.scenes.replay import ReplayScene

    return ReplayScene


def _same_deal(ctx: Context, record: dict[str, JSON], label: str) -> SetupScene:
    from game.blanco.ui.scenes.setup import SetupScene, same_deal_from

    return SetupScene(ctx, same_deal=same_deal_from(record, label))


def _logo(ctx: Context, width: int = 760) -> pygame.Surface:
    from game.blanco.ui.logo import draw_logo

    return draw_logo(ctx.text, width)


def _howto_pages(ctx: Context) -> list[Page]:
    from game.blanco.ui.learn.pages import pages

    return pages()


def _guided(ctx: Context) -> Table:
    from game.blanco.ui.learn.guide import start_guided

    return start_guided(ctx)


def _decoration(ctx: Context, seed: int, width: int) -> pygame.Surface:
    """A small Blanco card for the title's drifting decorations (the title keeps it)."""
    from game.blanco.ui.cardview import CardArt

    return CardArt(ctx.text).get(1 + seed % 120, (width, round(width * 1.4)))


def install(ctx: Context) -> None:
    nav = ctx.nav
    for name, factory in (
        ("blanco.setup", lazy(_setup_scene)),
        ("blanco.game_end", lazy(_game_end)),
        ("blanco.start_game", _start),
        ("blanco.continue_game", _continue),
        ("blanco.logo", _logo),
        ("blanco.decoration", _decoration),
        ("blanco.match_score", lazy(_match_score)),
        ("blanco.replay", lazy(_replay)),
        ("blanco.same_deal", _same_deal),
        ("blanco.howto_pages", _howto_pages),
        ("blanco.guided", _guided),
    ):
        nav.register(name, factory)
