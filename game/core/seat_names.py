"""Seats' default names ("Player 2", "Computer 2" until someone types one), in the language
the game speaks, and how to tell a default from a chosen name. Pure (no pygame)."""

from __future__ import annotations

from game.core.i18n import t, t_every

# default_name's keys and English, by whether the seat is a computer's (default_name writes
# them out: the catalog's extractor reads only literal keys and texts).
_DEFAULTS = {False: ("setup.player_n", "Player {n}"), True: ("setup.computer_n", "Computer {n}")}


def default_name(i: int, computer: bool = False) -> str:
    """Seat i's name until someone types one: "Player 2", or "Computer 2" for a computer (as
    online tables name theirs), so a computer is not set up under a person's name."""
    if computer:
        return t("setup.computer_n", "Computer {n}", n=i + 1)
    return t("setup.player_n", "Player {n}", n=i + 1)


def in_language_now(name: str, i: int, computer: bool, seats: int = 0) -> str:
    """Seat i's `name` as the game shows it now: its kind's default, written in any language
    ("Joueur 2" from a game begun in French), in the language spoken now; so is the word a
    solo game (of `seats` 1) calls its player by ("You" kept from a daily deal begun in
    English reads "Du" in German); any other as it is."""
    if name in t_every(*_DEFAULTS[computer], n=i + 1):
        return default_name(i, computer)
    if seats == 1 and is_you(name):
        return t("daily.you", "You")
    return name


def shown_name(name: str, i: int, seats: int) -> str:
    """Seat i's `name` where only the name is kept, not whose seat it was (a game record, the
    rules' names), as the game shows it now (see `in_language_now`), at a table of `seats`."""
    return in_language_now(name, i, name in t_every(*_DEFAULTS[True], n=i + 1), seats)


def is_default_name(name: str, i: int) -> bool:
    """Whether `name` is seat i's default of either kind in any language the game speaks: a
    kept "Computer 2" is nobody's name, and reads "Ordinateur 2" once the game speaks French."""
    return any(name in t_every(*_DEFAULTS[computer], n=i + 1) for computer in (False, True))


def says_computer(name: str, seat: int) -> bool:
    """Whether `name` is seat's default computer name ("Computer 2"): it says it is a computer
    already, so a title beside it adds only the level ("Computer 2 (Hard)", not "Computer 2
    (computer, Hard)")."""
    return name == default_name(seat, computer=True)


def is_you(name: str) -> bool:
    """Whether `name` is the word the game calls its one player by when it knows no name:
    "You" ("Toi", "Du"), the daily deal's and the guided game's seat, in any language.
    Messages then speak to that player ("Your turn") instead of of them ("You's turn")."""
    return name in t_every("daily.you", "You") or name in t_every("guide.you", "You")


def spoken_to(name: str, seats: int) -> bool:
    """Whether messages speak to the seat called `name` at a table of `seats`: only the one
    player of a solo game called "You" (a player who named themselves "Du" at a table of
    four is spoken of, as the others are, on every screen)."""
    return seats == 1 and is_you(name)
