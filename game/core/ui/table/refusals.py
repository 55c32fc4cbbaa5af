"""A refused move said to players: the rules give a code with its arguments (`Refusal`, whose
English line records keep); the table says it in the player's language, naming seats by their
players' names, never "player 0".

Each game's UI registers its lines, as translated templates by code (`<game id>.refusal.<code>`
keys in the catalogs), with `register_refusal_words`; core knows no game. A code a game has no
line for, or a plain string, is said with one generic line; a game that registers no lines at
all (no translations: a new game) has its rules' English said. Pure: no pygame.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from game.core.game import SEAT_ARGS
from game.core.i18n import t

# game id -> the templates by code, made when asked (so they are in the language of the moment)
_TEMPLATES: dict[str, Callable[[], Mapping[str, str]]] = {}


def register_refusal_words(game_id: str, templates: Callable[[], Mapping[str, str]]) -> None:
    """A game's refusal lines: `templates()` maps each code its rules can refuse with to its
    line, already translated (`t(...)` with no values), with the refusal's arguments as
    placeholders; a seat's placeholder is filled with that player's name. (A game that
    registers none has its rules' English said, `_rules_english`.)"""
    _TEMPLATES[game_id] = templates


def refusal_template(game_id: str, code: str) -> str | None:
    """The game's line for `code` in the current language, None when it has none."""
    templates = _TEMPLATES.get(game_id)
    return None if templates is None else templates().get(code)


def generic_refusal() -> str:
    return t("refusal.other", "That is not allowed now.")


def _rules_english(game_id: str, refusal: str) -> str | None:
    """A game that registered no lines (it has no translations) says its rules' own English
    sentence, unless it names a seat by number ("player 0"), which players never read."""
    args = getattr(refusal, "args", None)
    if game_id in _TEMPLATES or not isinstance(args, dict) or SEAT_ARGS & set(args):
        return None
    english = str(refusal).strip()
    return f"{english[:1].upper()}{english[1:]}." if english else None


def refusal_words(game_id: str, refusal: str, seat_names: Sequence[str]) -> str:
    """`refusal` (a `Refusal`, or any string) as the table says it, in the player's language."""
    code = getattr(refusal, "code", None)
    template = refusal_template(game_id, code) if isinstance(code, str) else None
    if template is None:
        return _rules_english(game_id, refusal) or generic_refusal()
    args: dict[str, object] = dict(getattr(refusal, "args", {}))
    for name, value in args.items():
        if name in SEAT_ARGS and type(value) is int and 0 <= value < len(seat_names):
            args[name] = seat_names[value]
    try:
        return template.format(**args)
    except (KeyError, IndexError, ValueError):  # a translation naming a value it is not given
        return generic_refusal()
