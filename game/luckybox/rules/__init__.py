"""The pure rules engine: no pygame here (a test checks it)."""

from game.luckybox.rules.actions import Action, Cross, Keep, Pass, Pick, RecordError, Resolve
from game.luckybox.rules.cards import CardFace, DeckError, faces_by_id, load_deck
from game.luckybox.rules.state import DRAFT, OVER, PLAY, SETUP, Deal, GameState, Options, Outcome

__all__ = [
    "DRAFT",
    "OVER",
    "PLAY",
    "SETUP",
    "Action",
    "CardFace",
    "Cross",
    "Deal",
    "DeckError",
    "GameState",
    "Keep",
    "Options",
    "Outcome",
    "Pass",
    "Pick",
    "RecordError",
    "Resolve",
    "faces_by_id",
    "load_deck",
]
