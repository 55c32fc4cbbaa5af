"""Translations: every text a player reads goes through `t` / `tn` (pure, no pygame).

Messages are named by stable keys ("title.new_game") so rewording the English keeps the French
and German; the English text sits beside the key in the code, as its default, and is what
`game/locale/en` is extracted from (`python tools/i18n.py extract`). Values go in as named
placeholders: `t("x.turns", "{n} turns", n=3)`. Call `t` when drawing (or when the language
changes), not at import time, so that a change of language shows at once; a widget built once
takes `lt(key, english)`, a callable that says its text in the language of the moment.

`set_language` loads `game/locale/<lang>/LC_MESSAGES/*.po`, parsed here at load time (once per
language and run, about 14 ms for 700 messages; no compiled `.mo` files to keep in step). English
shows the code's defaults, so a key missing from a catalog falls back to its English text.
Numbers and dates are formatted per language too (`number`, `date`).
"""

from __future__ import annotations

import datetime as _dt
import functools
import inspect
import logging
import os
import re
import sys
import weakref
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

LANGUAGES: tuple[str, ...] = ("en", "fr", "de")
DEFAULT_LANGUAGE = "en"
#: Each language's name in itself, for the picker (a French player looks for "Français").
LANGUAGE_NAMES: dict[str, str] = {"en": "English", "fr": "Français", "de": "Deutsch"}
LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"
DOMAIN = "game"
log = logging.getLogger(__name__)
#: Overrides the system's locale when the settings say "automatic" (tests pin it to English).
ENV_OVERRIDE = "SMLB_LANG"

_language = DEFAULT_LANGUAGE
_catalog: dict[str, str | list[str]] = {}
_listeners: dict[str, Callable[[], Callable[[str], None] | None]] = {}  # weak: apps come and go
_forced: str | None = None


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


@functools.lru_cache(maxsize=512)  # a few dozen in use: each seat's defaults, "You"
def t_every(key: str, english: str, /, **values: object) -> frozenset[str]:
    """The text for `key` in every language the game speaks: to recognise a default another
    player's game wrote in theirs (a computer's seat named "Ordinateur 3" by a French host).
    Kept once made: the catalogs never change once read, and a table asks for its seats'
    defaults with every name it shows (each move log line, each tooltip)."""
    return frozenset(
        _format(text if isinstance(text, str) and text else english, values)
        for text in (_load_catalog(lang).get(key) for lang in LANGUAGES)
    )


def tn(key: str, count: int, singular: str, plural: str, /, **values: object) -> str:
    """A text that depends on `count` (available as `{count}`), in the current language."""
    values = {"count": count, **values}
    found = _catalog.get(key)
    if isinstance(found, list) and found:
        index = _plural_index(count)
        form = found[index] if index < len(found) and found[index] else found[-1]
        return _format(form, values)
    return _format(singular if count == 1 else plural, values)


def lt(key: str, english: str, /, **values: object) -> Callable[[], str]:
    """`t` later: a callable giving the text in the language in use when it is called (labels
    of widgets that are built once, such as buttons)."""
    return lambda: t(key, english, **values)


def _plural_index(count: int) -> int:
    # French counts 0 and 1 as singular; English and German only 1 (the catalogs' Plural-Forms).
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
    changed = lang != _language
    _language = lang
    _catalog = _load_catalog(lang)
    if changed:
        for key, ref in list(_listeners.items()):
            listener = ref()
            if listener is None:
                del _listeners[key]
                continue
            try:
                listener(lang)
            except Exception:  # a scene that cannot relabel must not stop the change
                log.exception("relabelling after a change of language failed")
    return lang


def on_language_change(listener: Callable[[str], None], key: str | None = None) -> None:
    """Call `listener(lang)` after each change of language. A listener given with a `key`
    replaces the one before it under that key (the app: only the running one is told); a bound
    method is held weakly, so an app that is gone stops being told."""
    ref: Callable[[], Callable[[str], None] | None]
    ref = weakref.WeakMethod(listener) if inspect.ismethod(listener) else (lambda: listener)
    _listeners[key if key is not None else f"#{len(_listeners)}:{id(listener)}"] = ref


def force_language(lang: str | None) -> None:
    """`--lang`: use `lang` for this run whatever the settings say (None lifts it)."""
    global _forced
    _forced = lang if lang in LANGUAGES else None


def start_language(setting: str) -> str:
    """The language at start-up: `--lang`, else the setting, else the system's; applied."""
    if _forced:
        return set_language(_forced)
    return set_language(setting if setting in LANGUAGES else system_language())


def system_language(environ: Mapping[str, str] | None = None) -> str:
    """The system's language if we have it, else English: $SMLB_LANG, then the usual locale
    variables (LC_ALL, LC_MESSAGES, LANG, LANGUAGE), then the locale Python sees."""
    env = os.environ if environ is None else environ
    candidates = [env.get(name, "") for name in (ENV_OVERRIDE, "LC_ALL", "LC_MESSAGES", "LANG")]
    candidates += env.get("LANGUAGE", "").split(":")
    if environ is None:
        candidates.append(_windows_language())
        candidates.append(_mac_language())
        try:
            import locale

            candidates.append(locale.getlocale()[0] or "")
        except (ValueError, TypeError):  # odd locale strings on some systems
            pass
    for value in candidates:
        code = value.split(".")[0].split("@")[0].replace("-", "_").split("_")[0].lower()
        code = _LOCALE_NAMES.get(code, code)  # Windows says "French_France"
        if code in LANGUAGES:
            return code
        if code and code not in ("c", "posix"):
            return DEFAULT_LANGUAGE  # a language we lack: English, not the next fallback
    return DEFAULT_LANGUAGE


_LOCALE_NAMES = {"english": "en", "french": "fr", "german": "de", "deutsch": "de"}
_WINDOWS_PRIMARY = {0x09: "en", 0x0C: "fr", 0x07: "de"}  # primary language ids


def _windows_language() -> str:
    """The Windows display language ("fr", "de", "en", or "" elsewhere or unknown): a game
    started from Explorer has no LANG to read."""
    if sys.platform != "win32":  # (not os.name: mypy knows windll from sys.platform only)
        return ""
    try:
        import ctypes

        lang_id = ctypes.windll.kernel32.GetUserDefaultUILanguage()
    except (AttributeError, OSError):
        return ""
    return _WINDOWS_PRIMARY.get(lang_id & 0x3FF, "")


def _mac_language() -> str:
    """The macOS locale ("fr_FR"...; "" elsewhere): an app opened from the Finder has no LANG."""
    import sys

    if sys.platform != "darwin" or os.environ.get("LANG"):
        return ""
    try:
        import subprocess

        done = subprocess.run(
            ["defaults", "read", "-g", "AppleLocale"],
            capture_output=True,
            text=True,
            timeout=2,
            check=False,
        )
    except (OSError, subprocess.SubprocessError):
        return ""
    return done.stdout.strip()


# ------------------------------------------------------------------- numbers and dates

_SEPARATORS = {"en": (",", "."), "fr": ("\u202f", ","), "de": (".", ",")}
_MONTHS = {
    "en": (
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ),
    "fr": (
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ),
    "de": (
        "Januar",
        "Februar",
        "März",
        "April",
        "Mai",
        "Juni",
        "Juli",
        "August",
        "September",
        "Oktober",
        "November",
        "Dezember",
    ),
}


def number(value: float, decimals: int = 0) -> str:
    """`value` with the language's separators: 1,234.5 / 1 234,5 / 1.234,5."""
    thousands, point = _SEPARATORS.get(_language, _SEPARATORS["en"])
    text = f"{value:,.{decimals}f}"
    return text.replace(",", "\0").replace(".", point).replace("\0", thousands)


def short(value: float) -> str:
    """A small number as short as it goes (1, 0.25, 1.5), with the language's decimal point:
    animation and replay speeds."""
    return f"{value:g}".replace(".", _SEPARATORS.get(_language, _SEPARATORS["en"])[1])


# A calendar's column heads, Monday first (as calendar.Calendar() lays weeks out).
_WEEKDAYS = {
    "en": ("Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"),
    "fr": ("lu", "ma", "me", "je", "ve", "sa", "di"),
    "de": ("Mo", "Di", "Mi", "Do", "Fr", "Sa", "So"),
}


def weekday_heads() -> tuple[str, ...]:
    """The seven days' short names, Monday first, in the current language."""
    return _WEEKDAYS.get(_language, _WEEKDAYS["en"])


def date(when: _dt.date, with_time: bool = False) -> str:
    """A date as people write it: 22 November 2026 / 22 novembre 2026 / 22. November 2026,
    with the time (24-hour) after a comma when asked."""
    month = _MONTHS.get(_language, _MONTHS["en"])[when.month - 1]
    day = f"{when.day}." if _language == "de" else str(when.day)
    if _language == "fr" and when.day == 1:
        day = "1er"  # French writes the first of the month as an ordinal
    text = f"{day} {month} {when.year}"
    if with_time and isinstance(when, _dt.datetime):
        text += f", {when.hour:02d}:{when.minute:02d}"
    return text


# ------------------------------------------------------------------- catalogs (.po)


@dataclass
class Entry:
    """One message of a .po file."""

    msgid: str
    msgstr: list[str] = field(default_factory=lambda: [""])
    msgid_plural: str = ""
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)  # "#." and "#:" lines, kept as written

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags


_ESCAPES = {"n": "\n", "t": "\t", '"': '"', "\\": "\\"}
_KEYWORD = re.compile(r"^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(\".*\")\s*$")


def _unquote(literal: str) -> str:
    body = literal.strip()[1:-1]
    return re.sub(r"\\(.)", lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


def parse_po(text: str) -> list[Entry]:
    """The entries of a .po file (the header is the entry with msgid "")."""
    entries: list[Entry] = []
    current: Entry | None = None
    target: tuple[str, int] | None = None
    flags: set[str] = set()
    comments: list[str] = []

    def finish() -> None:
        nonlocal current
        if current is not None:
            entries.append(current)
        current = None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#"):
            if target is not None and target[0] != "msgid":
                finish()
                target = None
            if line.startswith("#,"):
                flags |= {f.strip() for f in line[2:].split(",") if f.strip()}
            elif line.startswith(("#.", "#:")):
                comments.append(line)
            continue
        if line.startswith('"'):
            if current is not None and target is not None:
                name, index = target
                if name == "msgid":
                    current.msgid += _unquote(line)
                elif name == "msgid_plural":
                    current.msgid_plural += _unquote(line)
                elif name == "msgstr":
                    current.msgstr[index] += _unquote(line)
            continue
        match = _KEYWORD.match(line)
        if not match:
            continue
        keyword, index_text, literal = match.groups()
        value = _unquote(literal)
        if keyword in ("msgctxt", "msgid"):
            if current is not None and (keyword == "msgctxt" or target != ("msgctxt", 0)):
                finish()
            if current is None:
                current = Entry("", [""], "", flags, comments)
                flags, comments = set(), []
            if keyword == "msgid":
                current.msgid = value
            target = (keyword, 0)
        elif current is not None and keyword == "msgid_plural":
            current.msgid_plural = value
            target = ("msgid_plural", 0)
        elif current is not None:
            index = int(index_text) if index_text else 0
            while len(current.msgstr) <= index:
                current.msgstr.append("")
            current.msgstr[index] = value
            target = ("msgstr", index)
    finish()
    return entries


def po_files(lang: str, root: Path = LOCALE_DIR) -> list[Path]:
    """A language's catalog files."""
    return sorted((root / lang / "LC_MESSAGES").glob("*.po"))


_loaded: dict[str, dict[str, str | list[str]]] = {}  # a language is parsed once per run


def _load_catalog(lang: str) -> dict[str, str | list[str]]:
    # English shows the code's own defaults (en.po is their extracted copy, for translators).
    if lang == DEFAULT_LANGUAGE:
        return {}
    if lang not in _loaded:
        _loaded[lang] = _read_catalog(lang)
    return _loaded[lang]


def _read_catalog(lang: str) -> dict[str, str | list[str]]:
    catalog: dict[str, str | list[str]] = {}
    for path in po_files(lang):
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue  # a damaged catalog: its keys fall back to English
        for entry in parse_po(text):
            if not entry.msgid or entry.fuzzy:
                continue
            if entry.msgid_plural:
                if any(entry.msgstr):
                    catalog[entry.msgid] = list(entry.msgstr)
            elif entry.msgstr[0]:
                catalog[entry.msgid] = entry.msgstr[0]
    return catalog
