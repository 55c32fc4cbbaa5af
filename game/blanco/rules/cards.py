"""The 120 Blanco cards: ids 1-120, each a colour (0-9) and a number (1-12)."""

from __future__ import annotations

CARD_COUNT = 120
NUMBERS = 12
COLOURS = (
    "red",
    "orange",
    "yellow",
    "light green",
    "dark green",
    "light blue",
    "dark blue",
    "purple",
    "pink",
    "brown",
)
ALL_CARDS: tuple[int, ...] = tuple(range(1, CARD_COUNT + 1))


def is_card(card: object) -> bool:
    """True for a real card id (an int 1-120, not a bool)."""
    return type(card) is int and 1 <= card <= CARD_COUNT


def number(card: int) -> int:
    """The card's number, 1-12."""
    return (card - 1) % NUMBERS + 1


def colour(card: int) -> int:
    """The card's colour index, 0-9 (see COLOURS)."""
    return (card - 1) // NUMBERS


def colour_name(card: int) -> str:
    return COLOURS[colour(card)]


def card_id(colour_index: int, num: int) -> int:
    """The id of the card of this colour index (0-9) and number (1-12)."""
    return colour_index * NUMBERS + num


def describe(card: int) -> str:
    """A short readable name, e.g. "dark blue 7"; "a hidden card" for 0."""
    if not is_card(card):
        return "a hidden card"
    return f"{colour_name(card)} {number(card)}"
