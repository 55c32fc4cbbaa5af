"""Lucky Box's own sounds (made by sounds/generate.py and ``sounds/pieces.py``): a marker's
cross, tokens, the bonuses' blips, arcade jingles, its game-show loop and fanfare.

`EVENT_SOUNDS` (and `BONUS_SOUNDS`, by the circled icon's kind) is what each engine event's
step plays; the table's styles read them.
"""

from __future__ import annotations

from game.core.ui.game_ui.descriptor import GameSounds
from game.luckybox.rules import events as ev

EVENT_SOUNDS: dict[type, str] = {
    ev.NumberRevealed: "reveal",
    ev.SquareCrossed: "cross",
    ev.LineCompleted: "line",
    ev.TokensSpent: "token",
    ev.StarWasted: "refuse",
    ev.BonusLost: "refuse",
    ev.CardCompleted: "card_complete",
    ev.RoundScored: "round_end",
    ev.DeckReshuffled: "reveal",
    # (GameOver: none. The end screen opens after its step and plays the victory: two
    # victories 0.6 s apart were one too many.)
}
BONUS_SOUNDS = {
    "number": "bonus_number",
    "question": "bonus_question",
    "lightning": "bonus_lightning",
    "star": "bonus_star",
    "moon": "bonus_moon",
}

LUCKYBOX_SOUNDS = GameSounds(
    music="luckybox_loop",
    end_music="luckybox_end",
    game_end="victory",
    own=frozenset(
        {
            "reveal",
            "cross",
            "line",
            "token",
            "card_complete",
            "round_end",
            "victory",
            *BONUS_SOUNDS.values(),
        }
    ),
)
