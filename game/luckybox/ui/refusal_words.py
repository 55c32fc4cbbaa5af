"""Lucky Box's refusals as the table says them: a line for every code its rules refuse with
(`game.luckybox.rules.legal`, `undo`), seats named by their players' names."""

from __future__ import annotations

from collections.abc import Sequence

from game.core.i18n import t
from game.core.ui.table.refusals import refusal_words, register_refusal_words

GAME_ID = "luckybox"


def refusal_templates() -> dict[str, str]:
    """Each refusal code's line in the current language ({player} is a player's name)."""
    return {
        "not_an_action": t("luckybox.refusal.not_an_action", "That is not a move in this game."),
        "unknown_player": t(
            "luckybox.refusal.unknown_player", "There is no such player at this table."
        ),
        "game_over": t("luckybox.refusal.game_over", "The game is over."),
        "must_keep": t(
            "luckybox.refusal.must_keep", "{player} must first keep 3 of the cards they drew."
        ),
        "must_pick": t(
            "luckybox.refusal.must_pick", "{player} must first pick one of the cards they drew."
        ),
        "already_played": t(
            "luckybox.refusal.already_played", "{player} has already played the number {number}."
        ),
        "resolve_first": t(
            "luckybox.refusal.resolve_first",
            "{player} must first use the bonus: click a highlighted square.",
        ),
        "cannot_pass": t(
            "luckybox.refusal.cannot_pass", "{player} cannot pass: an open square shows {number}."
        ),
        "cannot_keep_now": t("luckybox.refusal.cannot_keep_now", "{player} cannot keep cards now."),
        "already_kept": t(
            "luckybox.refusal.already_kept", "{player} has already kept their cards."
        ),
        "keep_three": t("luckybox.refusal.keep_three", "{player} must keep 3 different cards."),
        "not_drawn": t("luckybox.refusal.not_drawn", "{player} did not draw that card."),
        "cannot_pick_now": t(
            "luckybox.refusal.cannot_pick_now", "{player} cannot pick a card now."
        ),
        "already_picked": t(
            "luckybox.refusal.already_picked", "{player} has already picked a card."
        ),
        "not_a_square": t("luckybox.refusal.not_a_square", "That is not a square of a card."),
        "no_card": t("luckybox.refusal.no_card", "{player} has no such card."),
        "already_crossed": t("luckybox.refusal.already_crossed", "That square is already crossed."),
        "lightning_not_whole": t(
            "luckybox.refusal.lightning_not_whole", "Lightning is spent in whole tokens."
        ),
        "lightning_round_clock": t(
            "luckybox.refusal.lightning_round_clock",
            "Spending more than 8 Lightning only goes round the clock.",
        ),
        "not_enough_lightning": t(
            "luckybox.refusal.not_enough_lightning", "{player} has {have} Lightning, not {spent}."
        ),
        "no_open_square": t(
            "luckybox.refusal.no_open_square", "That square does not show {target}."
        ),
        "no_pending_bonus": t(
            "luckybox.refusal.no_pending_bonus", "{player} has no such bonus to use."
        ),
        "bonus_needs": t("luckybox.refusal.bonus_needs", "The bonus needs an open {need}."),
        "nothing_to_undo": t(
            "luckybox.refusal.nothing_to_undo", "Nothing to undo since this number was revealed."
        ),
        "supply_shared": t(
            "luckybox.refusal.supply_shared",
            "Another player has played since, and the token supply is shared.",
        ),
    }


register_refusal_words(GAME_ID, refusal_templates)


def say_refusal(refusal: str, seat_names: Sequence[str]) -> str:
    """A Lucky Box refusal as the table says it, in the player's language."""
    return refusal_words(GAME_ID, refusal, seat_names)
