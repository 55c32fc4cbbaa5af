"""Blanco's own sounds (made by sounds/generate.py: ``sounds/blanco_sfx.py`` and
``sounds/pieces.py``): cards on felt, a jazz club's mallets, its loop and end piece.

`EVENT_SOUNDS` is what each engine event's step plays (the table's styles read it). A deal's
sound (`DEAL`) plays with the Dealt step; a dealing animation of its own may play it through
`game.core.ui.soundtrack.play_deal(ctx, "blanco")`, as the end screen plays `GAME_END` through
`play_game_end`.
"""

from __future__ import annotations

from game.blanco.rules import events as ev
from game.core.ui.game_ui.descriptor import GameSounds

FLIP = "blanco_flip"  # a card turned face up
DRAW = "blanco_draw"  # a card slid off a pile
PLACE = "blanco_place"  # a card slid into the grid
SLIDE = "blanco_slide"  # cards pushed across the felt (a swap, the grid closing up)
DEAL = "blanco_deal"  # a grid dealt card by card
SHUFFLE = "blanco_shuffle"  # the discards riffled into a new pile
LINE = "blanco_line"  # a line of one colour complete
SWEEP = "blanco_sweep"  # a cleared line flying into the box
CHAIN = "blanco_chain"  # a chain reaction
GRID = "blanco_grid"  # a grid finished (the first: a second is dealt; the last: the win)
GAME_END = "blanco_win"  # the end screen's flourish

EVENT_SOUNDS: dict[type, str] = {
    ev.Dealt: DEAL,
    ev.DiscardStarted: FLIP,
    ev.HandDealt: DRAW,
    ev.Drawn: DRAW,
    ev.Reshuffled: SHUFFLE,
    ev.Played: PLACE,
    ev.Discarded: DRAW,
    ev.Swapped: SLIDE,
    ev.Revealed: FLIP,
    ev.Looked: FLIP,
    ev.LineComplete: LINE,
    ev.LineCleared: SWEEP,
    ev.ClosedUp: SLIDE,
    ev.ChainLink: CHAIN,
    ev.SecondGridDealt: GRID,
    ev.Won: GRID,
}

BLANCO_SOUNDS = GameSounds(
    music="blanco_loop",
    end_music="blanco_end",
    game_end=GAME_END,
    deal=DEAL,
    own=frozenset({FLIP, DRAW, PLACE, SLIDE, DEAL, SHUFFLE, LINE, SWEEP, CHAIN, GRID, GAME_END}),
)
