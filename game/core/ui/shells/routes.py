"""Core's routes for every game, under its own names ("<id>.setup", ...): the scenes of
`shells/plain.py`, made from what the game's rules, records and table kit say. The app installs
them before the game's own `GameUI.install`, so a game gives only the scenes it wants its own
way (Lucky Box and Blanco give all of theirs; High card, none). Each factory imports its scene
when first made, which keeps start-up quick."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _plain(name: str) -> Any:
    from game.core.ui.shells import plain

    return getattr(plain, name)


def install_plain_routes(ctx: Any, game_id: str) -> None:
    """Register core's scenes under the game's standard routes, How to play's pages none and
    no guided game (the game's own install may replace any of them)."""

    def setup(ctx: Any, **kwargs: Any) -> Any:
        return _plain("SetupScene")(ctx, game_id, **kwargs)

    def start_game(ctx: Any, **kwargs: Any) -> Any:
        return _plain("start_game")(ctx, game_id, **kwargs)

    def continue_game(ctx: Any, **kwargs: Any) -> Any:
        return _plain("continue_game")(ctx, game_id, **kwargs)

    def same_deal(ctx: Any, **kwargs: Any) -> Any:
        return _plain("same_deal")(ctx, game_id, **kwargs)

    factories: dict[str, Callable[..., Any]] = {
        "setup": setup,
        "start_game": start_game,
        "continue_game": continue_game,
        "replay": lambda ctx, **kwargs: _plain("ReplayScene")(ctx, **kwargs),
        "same_deal": same_deal,
        "game_end": lambda ctx, **kwargs: _plain("GameEndScene")(ctx, **kwargs),
        "howto_pages": lambda ctx: [],
    }
    for name, factory in factories.items():
        ctx.nav.register(f"{game_id}.{name}", factory)


__all__ = ["install_plain_routes"]
