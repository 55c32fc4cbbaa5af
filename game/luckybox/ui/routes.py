"""Lucky Box's scenes on the navigator (see game/catalog.py): setup, draft, table, round end,
game end and replay, plus starting and continuing a game."""

from __future__ import annotations

from typing import Any


def _setup(ctx: Any, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.setup import SetupScene

    return SetupScene(ctx, **kw)


def _draft(ctx: Any, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.draft import DraftScene

    return DraftScene(ctx, **kw)


def _round_end(ctx: Any, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.roundend import RoundEndScene

    return RoundEndScene(ctx, **kw)


def _scoring(ctx: Any, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.scoring import ScoringScene

    return ScoringScene(ctx, **kw)


def _game_end(ctx: Any, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.gameend import GameEndScene

    return GameEndScene(ctx, **kw)


def _replay(ctx: Any, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.replay import ReplayScene

    return ReplayScene(ctx, **kw)


def _same_deal(ctx: Any, record: Any, label: str) -> Any:
    from game.luckybox.ui.scenes.setup import SetupScene, same_deal_from

    return SetupScene(ctx, same_deal=same_deal_from(record, label))


def _start(ctx: Any, **kw: Any) -> Any:
    from game.luckybox.ui.scenes.table import start_game

    return start_game(ctx, **kw)


def _continue(ctx: Any, saved: Any = None) -> str | None:
    from game.luckybox.ui.scenes.table import continue_game

    return continue_game(ctx, saved)


def _howto_pages(ctx: Any) -> Any:
    from game.luckybox.ui.learn.pages import pages

    return pages()


def _guided(ctx: Any) -> Any:
    from game.luckybox.ui.learn.guide import start_guided

    return start_guided(ctx)


def install(ctx: Any) -> None:
    nav = ctx.nav
    for name, factory in (("setup", _setup), ("luckybox.draft", _draft),
                          ("luckybox.round_end", _round_end), ("luckybox.game_end", _game_end),
                          ("luckybox.scoring", _scoring),
                          ("replay", _replay), ("same_deal", _same_deal),
                          ("start_game", _start), ("continue_game", _continue),
                          ("luckybox.howto_pages", _howto_pages), ("luckybox.guided", _guided)):
        nav.register(name, factory)

    def new_game(config: Any) -> None:
        from game.core.ui.launch import seats_from

        _start(ctx, seats=seats_from(config), seed=config.seed, deal=config.deal,
               options=config.options, challenge=config.challenge)

    ctx.new_game = new_game
