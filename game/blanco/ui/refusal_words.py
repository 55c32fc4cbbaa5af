"""Blanco's refusals as the table says them: a line for every code its rules refuse with
(`game.blanco.rules.legal`, `state`), seats named by their players' names."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.i18n import t
from game.core.ui.table.refusals import refusal_words, register_refusal_words

GAME_ID = "blanco"


def refusal_templates() -> dict[str, str]:
    """Each refusal code's line in the current language ({player}, {waiting}: players' names)."""
    return {
        "not_an_action": t("blanco.refusal.not_an_action", "That is not a move in Blanco."),
        "unknown_player": t(
            "blanco.refusal.unknown_player", "There is no such player at this table."
        ),
        "game_over": t("blanco.refusal.game_over", "The game is over."),
        "not_your_turn": t("blanco.refusal.not_your_turn", "It is {waiting}'s turn."),
        "must_setup": t(
            "blanco.refusal.must_setup", "{player} must first reveal one card and look at another."
        ),
        "must_turn": t(
            "blanco.refusal.must_turn", "{player} must first draw a card or swap two cards."
        ),
        "must_play": t(
            "blanco.refusal.must_play",
            "{player} must first play or discard a card from their hand.",
        ),
        "must_clear": t(
            "blanco.refusal.must_clear", "{player} must first choose which complete line to clear."
        ),
        "must_look": t(
            "blanco.refusal.must_look",
            "{player} must first look at a face-down card (the reward for clearing).",
        ),
        "not_a_position": t("blanco.refusal.not_a_position", "That is not a place in the grid."),
        "not_in_grid": t("blanco.refusal.not_in_grid", "That place is not in {player}'s grid."),
        "look_elsewhere": t(
            "blanco.refusal.look_elsewhere", "Look at a different card from the one you reveal."
        ),
        "setup_face_up": t("blanco.refusal.setup_face_up", "That card is already face up."),
        "bad_source": t(
            "blanco.refusal.bad_source", "Draw from the draw pile or from the discard pile."
        ),
        "discard_empty": t(
            "blanco.refusal.discard_empty", "The discard pile is empty: draw from the draw pile."
        ),
        "not_a_card": t("blanco.refusal.not_a_card", "That is not a card."),
        "not_in_hand": t("blanco.refusal.not_in_hand", "That card is not in {player}'s hand."),
        "must_reveal": t(
            "blanco.refusal.must_reveal", "With a discard, {player} must reveal a face-down card."
        ),
        "reveal_not_in_grid": t(
            "blanco.refusal.reveal_not_in_grid", "That place is not in {player}'s grid."
        ),
        "reveal_face_up": t("blanco.refusal.reveal_face_up", "That card is already face up."),
        "bad_line": t("blanco.refusal.bad_line", "That is not a line of the grid."),
        "line_incomplete": t("blanco.refusal.line_incomplete", "That line is not complete."),
        "look_face_up": t("blanco.refusal.look_face_up", "That card is already face up."),
        "reveal_not_bool": t(
            "blanco.refusal.reveal_not_bool", "Say whether the card is revealed or not."
        ),
        "reveal_needs_chain": t(
            "blanco.refusal.reveal_needs_chain",
            "A card may be revealed only after a chain reaction (two or "
            "more lines cleared this turn).",
        ),
        "not_adjacent": t(
            "blanco.refusal.not_adjacent", "Swap two cards side by side (not diagonally)."
        ),
        "choose_reveal": t(
            "blanco.refusal.choose_reveal", "Both cards are face down: choose which one to reveal."
        ),
        "no_reveal_choice": t(
            "blanco.refusal.no_reveal_choice",
            "The two cards are not both face down: there is none to choose.",
        ),
        "bad_reshuffle": t(
            "blanco.refusal.bad_reshuffle",
            "This game's fixed deal does not fit here (a listed reshuffle).",
        ),
        "nothing_to_reshuffle": t(
            "blanco.refusal.nothing_to_reshuffle",
            "The draw pile is empty and there is nothing to reshuffle.",
        ),
        "undo_not_your_turn": t("blanco.refusal.undo_not_your_turn", "It is not {player}'s turn."),
        "nothing_this_turn": t(
            "blanco.refusal.nothing_this_turn", "Nothing to take back this turn."
        ),
        "card_seen": t(
            "blanco.refusal.card_seen",
            "That step showed a card you did not know, so it cannot be taken back.",
        ),
    }


register_refusal_words(GAME_ID, refusal_templates)


def say_refusal(refusal: str, seat_names: Sequence[str]) -> str:
    """A Blanco refusal as the table says it, in the player's language."""
    return refusal_words(GAME_ID, refusal, seat_names)
