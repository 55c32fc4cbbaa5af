"""Translations: every text a player reads goes through `t` / `tn` (pure, no pygame).

Messages are named by stable keys ("title.new_game") so rewording the English keeps the French
and German; the English text sits beside the key in the code, as its default, and is what
`game/locale/en` is extracted from. Values go in as named placeholders: `t("x.turns", "{n} turns",
n=3)`. Call `t` when drawing (or when the language changes), not at import time, so that a
change of language shows at once.

This is the skeleton the catalogs plug into: `set_language` loads
`game/locale/<lang>/LC_MESSAGES/*.po`; a key missing there falls back to its English default.
"""

from __future__ import annotations

from collections.abc import Callable

LANGUAGES: tuple[str, ...] = ("en", "fr", "de")
DEFAULT_LANGUAGE = "en"

_language = DEFAULT_LANGUAGE
_catalog: dict[str, str | list[str]] = {}
_listeners: list[Callable[[str], None]] = []


def _format(text: str, values: dict[str, object]) -> str:
    if not values:
        return text
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError):
        return text  # a broken translation shows its raw text rather than crash the table


def t(key: str, english: str, /, **values: object) -> str:
    """The text for `key` in the current language, with `values` put into its placeholders."""
    found = _catalog.get(key)
    text = found if isinstance(found, str) and found else english
    return _format(text, values)


def tn(key: str, count: int, singular: str, plural: str, /, **values: object) -> str:
    """A text that depends on `count` (available as `{count}`), in the current language."""
    values = {"count": count, **values}
    found = _catalog.get(key)
    if isinstance(found, list) and found:
        form = found[_plural_index(count)] if _plural_index(count) < len(found) else found[-1]
        return _format(form, values)
    return _format(singular if count == 1 else plural, values)


def _plural_index(count: int) -> int:
    # French counts 0 and 1 as singular; English and German only 1.
    if _language == "fr":
        return 0 if count in (0, 1) else 1
    return 0 if count == 1 else 1


def language() -> str:
    """The language in use now ("en", "fr" or "de")."""
    return _language


def set_language(lang: str) -> str:
    """Switch language (unknown ones give English); tells every listener. Returns the language."""
    global _language, _catalog
    lang = lang if lang in LANGUAGES else DEFAULT_LANGUAGE
    _language = lang
    _catalog = _load_catalog(lang)
    for listener in list(_listeners):
        listener(lang)
    return lang


def on_language_change(listener: Callable[[str], None]) -> None:
    """Call `listener(lang)` after each change of language."""
    _listeners.append(listener)


def _load_catalog(lang: str) -> dict[str, str | list[str]]:
    # Filled in with the .po loader; English needs no catalog (the defaults are English).
    return {}
