"""What Blanco's table says about moves: an action in words (the hint) and the prompt for the
step in progress (what to click now). Words only: `moves.Moves` decides what clicks mean."""

from __future__ import annotations

from typing import Any, Protocol

from game.blanco.rules import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.rules.state import CLEAR, LOOK, PLAY, SETUP, TURN, BlancoState
from game.blanco.ui.words import card_name, line_in_sentence, where
from game.core.i18n import t


class Choice(Protocol):
    """A step in progress, as its prompt reads it (`moves.Moves`)."""

    mode: str | None
    hand_card: int | None
    cell: tuple[int, int] | None

    @property
    def state(self) -> BlancoState: ...


def describe(action: Any) -> str:
    """Words for an action (hints)."""
    if isinstance(action, Draw):
        if action.source == "pile":
            return t("blanco.hint.draw_pile", "draw from the draw pile")
        return t("blanco.hint.draw_discard", "draw from the discard pile")
    if isinstance(action, Play):
        return t(
            "blanco.hint.play",
            "play the {card} at {place}",
            card=card_name(action.card),
            place=where(action.at),
        )
    if isinstance(action, Discard):
        if action.reveal:
            return t(
                "blanco.hint.discard_reveal",
                "discard the {card} and reveal {place}",
                card=card_name(action.card),
                place=where(action.reveal),
            )
        return t("blanco.hint.discard", "discard the {card}", card=card_name(action.card))
    if isinstance(action, Swap):
        return t("blanco.hint.swap", "swap {a} and {b}", a=where(action.a), b=where(action.b))
    if isinstance(action, Clear):
        return t(
            "blanco.hint.clear", "clear {line}", line=line_in_sentence(action.line, action.line_no)
        )
    if isinstance(action, Look):
        if action.reveal:
            return t(
                "blanco.hint.look_reveal", "look at {place} and reveal it", place=where(action.at)
            )
        return t("blanco.hint.look", "look at {place}", place=where(action.at))
    if isinstance(action, Setup):
        return t(
            "blanco.hint.setup",
            "reveal {a} and look at {b}",
            a=where(action.reveal),
            b=where(action.look),
        )
    return str(action)


def prompt_of(moves: Choice) -> str:
    """What the player whose step `moves` holds is to do now, in a line or two."""
    phase = moves.state.phase
    if phase == SETUP:
        if moves.cell is None:
            return t("blanco.prompt.setup", "Set-up: click a face-down card to turn it face up.")
        return t(
            "blanco.prompt.setup_look",
            "Now click another face-down card to look at it (secretly).",
        )
    if phase == TURN:
        if moves.mode == "swap":
            return (
                t("blanco.prompt.swap", "Click a card to swap.")
                if moves.cell is None
                else t("blanco.prompt.swap_next", "Click a card next to it (not diagonal).")
            )
        if moves.mode == "swap_reveal":
            return t(
                "blanco.prompt.swap_reveal",
                "Both were face down: click the one to turn face up.",
            )
        return t(
            "blanco.prompt.draw",
            "Draw: click the draw pile or the discard pile. Or press Swap.",
        )
    if phase == PLAY:
        if moves.mode == "discard":
            return t("blanco.prompt.discard", "Click a face-down card of your grid to reveal it.")
        if moves.hand_card is None:
            return t("blanco.prompt.hand", "Click a card in your hand.")
        return t(
            "blanco.prompt.play",
            "Click a place in your grid to play it there, or the discard pile to discard it.",
        )
    if phase == CLEAR:
        return t(
            "blanco.prompt.clear",
            "Several lines are complete: click one (or its button) to clear it first.",
        )
    if phase == LOOK:
        if moves.mode == "look_reveal":
            return t(
                "blanco.prompt.look_reveal", "Reveal the card you looked at, or keep it hidden?"
            )
        return t("blanco.prompt.look", "Reward: click a face-down card to look at it.")
    return ""
