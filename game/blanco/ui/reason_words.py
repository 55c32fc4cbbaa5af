"""A hint's reason (`game.blanco.ai.reasons.Reason`) in the player's language: one short line
saying why the move is good, as the bots see it ("clears row 2", "keeps the 7 for row 1")."""

from __future__ import annotations

from game.blanco.ai import reasons as r
from game.blanco.rules.cards import colour, number
from game.blanco.ui.words import card_name, colour_word, line_in_sentence
from game.core.i18n import t


def reason_words(reason: r.Reason) -> str:
    """The reason in one short line, without the move itself (the hint says that)."""
    kind, card = reason.kind, reason.card
    if kind == r.CLEARS:
        return t(
            "blanco.why.clears",
            "completes {line}: it clears",
            line=_line(reason.line, reason.line_no),
        )
    if kind == r.FITS_ROW and card:
        return t(
            "blanco.why.fits_row",
            "the {card} fits row {row}: all {n}s",
            card=card_name(card),
            n=number(card),
            row=reason.line_no + 1,
        )
    if kind == r.FITS_COL and card:
        return t(
            "blanco.why.fits_col",
            "the {card} fits column {column}: all {colour}",
            card=card_name(card),
            colour=colour_word(colour(card)),
            column=reason.line_no + 1,
        )
    if kind == r.PILE:
        return t(
            "blanco.why.pile",
            "the {card} fits, but a new card may fit better",
            card=card_name(card),
        )
    if kind == r.NOTHING_FITS:
        if card:
            return t(
                "blanco.why.nothing_fits",
                "the {card} fits none of your lines",
                card=card_name(card),
            )
        return t("blanco.why.nothing_fits_empty", "a new card may fit one of your lines")
    if kind == r.KNOWN:
        return t(
            "blanco.why.known",
            "you know the {card}; the draw pile's card is a gamble",
            card=card_name(card),
        )
    if kind == r.FITS_NOWHERE:
        return t(
            "blanco.why.fits_nowhere",
            "the {card} fits none of your lines; a reveal shows you more",
            card=card_name(card),
        )
    if kind == r.REPLACES:
        return t("blanco.why.replaces", "the card there fits none of its lines")
    if kind == r.ORDER:
        return t(
            "blanco.why.order",
            "clearing {line} first keeps the most lines whole",
            line=_line(reason.line, reason.line_no),
        )
    if kind == r.LEARN:
        return t("blanco.why.learn", "knowing more of your grid helps plan your lines")
    return ""


def _line(line: str, index: int) -> str:
    return line_in_sentence("row" if line == "row" else "col", index)


def why_line(reason: r.Reason | None) -> str:
    """ "Why: ..." for the hint's second line; "" when there is no reason to give."""
    words = reason_words(reason) if reason is not None else ""
    return t("blanco.why.line_intro", "Why: {why}", why=words) if words else ""
