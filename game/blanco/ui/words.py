"""Blanco's cards and places said in the player's language (the rules keep English names for
records and logs: `game.blanco.rules.cards.describe`).

The ten colour words and the 120 card names are said once per language and kept: the move
log and the tooltips name cards on every line they say. The language is the key, so a change
of language shows at once."""

from __future__ import annotations

from game.blanco.rules.cards import ALL_CARDS, colour, is_card, number
from game.core.i18n import language, t

_colour_words: dict[str, tuple[str, ...]] = {}  # language -> the ten colours' words
_card_names: dict[str, tuple[str, ...]] = {}  # language -> "" then the 120 cards' names


def _said_colours() -> tuple[str, ...]:
    return (
        t("blanco.colour.red", "red"),
        t("blanco.colour.orange", "orange"),
        t("blanco.colour.yellow", "yellow"),
        t("blanco.colour.light_green", "light green"),
        t("blanco.colour.dark_green", "dark green"),
        t("blanco.colour.light_blue", "light blue"),
        t("blanco.colour.dark_blue", "dark blue"),
        t("blanco.colour.purple", "purple"),
        t("blanco.colour.pink", "pink"),
        t("blanco.colour.brown", "brown"),
    )


def colour_words() -> tuple[str, ...]:
    """The ten colours (as `rules.cards.COLOURS`) in the player's language, said once per
    language."""
    lang = language()
    words = _colour_words.get(lang)
    if words is None:
        words = _colour_words[lang] = _said_colours()
    return words


def colour_word(index: int) -> str:
    """Colour `index` (0-9, as `rules.cards.COLOURS`) in the player's language."""
    words = colour_words()
    return words[index] if 0 <= index < len(words) else "?"


def card_names() -> tuple[str, ...]:
    """Every card's name in the player's language, indexed by card id (index 0 unused), built
    once per language."""
    lang = language()
    names = _card_names.get(lang)
    if names is None:
        words = colour_words()
        said = (
            t("blanco.card.name", "{colour} {n}", colour=words[colour(card)], n=number(card))
            for card in ALL_CARDS
        )
        names = _card_names[lang] = ("", *said)
    return names


def card_name(card: int) -> str:
    """ "dark blue 7" (French "7 bleu foncé", German "Dunkelblau 7"); a hidden card for 0."""
    if not is_card(card):
        return t("blanco.card.hidden", "a hidden card")
    return card_names()[card]


def where(at: tuple[int, int]) -> str:
    """A grid place: "row 2, column 3"."""
    return t("blanco.place", "row {row}, column {column}", row=at[0] + 1, column=at[1] + 1)


def line_label(line: str, index: int) -> str:
    """ "Row 2" or "Column 3"."""
    if line == "row":
        return t("blanco.line.row", "Row {n}", n=index + 1)
    return t("blanco.line.column", "Column {n}", n=index + 1)


def line_in_sentence(line: str, index: int) -> str:
    """ "row 2" or "column 3", as it reads inside a sentence (German keeps its capitals)."""
    if line == "row":
        return t("blanco.line.row_in", "row {n}", n=index + 1)
    return t("blanco.line.column_in", "column {n}", n=index + 1)
