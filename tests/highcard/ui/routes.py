"""High card's scenes on the navigator: the standard routes ("highcard.<name>", listed in
game/core/ui/game_ui.py), nothing more. Registering them also registers its refusal words."""

from __future__ import annotations

from typing import Any

from game.core.records import replay
from game.core.session import make_challenge, seat_kinds
from game.core.ui.refusals import register_refusal_words
from game.core.ui.shells.setup import SameDeal

from ..entry import GAME
from . import scenes


def refusal_templates() -> dict[str, str]:
    """Each code High card's rules refuse with, as the table says it ({player}: a name)."""
    return {
        "not_an_action": "That is not a move in High card.",
        "game_over": "The game is over.",
        "not_your_turn": "It is {player}'s turn.",
        "card_seen": "Your swap showed a card, so it cannot be taken back.",
        "nothing_this_turn": "Nothing to take back this turn.",
    }


def _same_deal(ctx: Any, record: dict[str, Any], label: str) -> scenes.SetupScene:
    """The set-up for a kept game's deal: its seats, seed and pile, its cards to compare."""
    state = replay(record, GAME).state  # a bad record: RecordError, one line
    names = list(state.names)
    deal = SameDeal(
        names,
        seat_kinds(record, len(names)),
        state.seed,
        state.order,
        make_challenge(names, list(state.cards), label),
        label,
    )
    return scenes.SetupScene(ctx, same_deal=deal)


def install(ctx: Any) -> None:
    register_refusal_words(GAME.id, refusal_templates)
    for name, factory in (
        ("setup", scenes.SetupScene),
        ("start_game", scenes.start_game),
        ("continue_game", scenes.continue_game),
        ("replay", scenes.ReplayScene),
        ("same_deal", _same_deal),
        ("game_end", scenes.GameEndScene),
        ("howto_pages", lambda ctx: []),  # no pages (and no "guided" game) to offer
    ):
        ctx.nav.register(f"{GAME.id}.{name}", factory)
