"""Keep the translation catalogs in step with the code.

    python tools/i18n.py extract   scan game/ for t(...), lt(...), tn(...); write
                                   game/locale/en/LC_MESSAGES/game.po from the code's English
                                   and merge fr and de: new keys come in empty, keys gone from
                                   the code are dropped, a key whose English changed is fuzzy
    python tools/i18n.py check     exit 1 (listing the problems) when a key lacks a translation,
                                   an entry is fuzzy or empty, or a translation's placeholders
                                   differ from the English ones

The message id is the key; each entry carries the English as a `#.` comment so a translator
sees what to translate, and its places in the code as `#:` references.
"""

from __future__ import annotations

import ast
import string
import sys
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.core.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, Entry, parse_po  # noqa: E402

SOURCE_DIR = ROOT / "game"
PLURAL_FORMS = {
    "en": "nplurals=2; plural=(n != 1);",
    "fr": "nplurals=2; plural=(n > 1);",
    "de": "nplurals=2; plural=(n != 1);",
}
LANGUAGE_TEAM = {"en": "English", "fr": "French", "de": "German"}


@dataclass
class Message:
    """A message as the code says it: its key, English (and plural) and where it is used."""

    key: str
    english: str
    plural: str = ""
    places: list[str] = field(default_factory=list)


class ExtractError(Exception):
    """The code uses one key for two different English texts, or a key that is not a literal."""


def _name(func: ast.expr) -> str:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return ""


def _literal(node: ast.expr) -> str | None:
    return node.value if isinstance(node, ast.Constant) and isinstance(node.value, str) else None


def extract(source_dir: Path = SOURCE_DIR) -> dict[str, Message]:
    """Every message in the code, by key."""
    messages: dict[str, Message] = {}
    problems: list[str] = []
    for path in sorted(source_dir.rglob("*.py")):
        if path.name == "i18n.py" and path.parent.name == "core":
            continue  # the functions themselves
        rel = path.relative_to(ROOT).as_posix()
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=rel)
        for node in ast.walk(tree):
            if not isinstance(node, ast.Call):
                continue
            name = _name(node.func)
            if name in ("t", "lt"):
                texts = [_literal(a) for a in node.args[:2]]
                if len(node.args) < 2:
                    continue
                plural = ""
            elif name == "tn":
                if len(node.args) < 4:
                    continue
                texts = [_literal(node.args[0]), _literal(node.args[2])]
                plural_text = _literal(node.args[3])
                if plural_text is None:
                    problems.append(f"{rel}:{node.lineno}: tn's plural is not a literal")
                    continue
                plural = plural_text
            else:
                continue
            key, english = texts
            if key is None or english is None:
                problems.append(f"{rel}:{node.lineno}: {name}() needs a literal key and text")
                continue
            found = messages.get(key)
            if found is None:
                found = messages[key] = Message(key, english, plural)
            elif (found.english, found.plural) != (english, plural):
                problems.append(
                    f"{rel}:{node.lineno}: key {key!r} has two English texts: "
                    f"{found.english!r} and {english!r}"
                )
            found.places.append(f"{rel}:{node.lineno}")
    if problems:
        raise ExtractError("\n".join(problems))
    return messages


# ------------------------------------------------------------------- writing .po files


def _quote(text: str) -> str:
    escaped = text.replace("\\", "\\\\").replace('"', '\\"').replace("\t", "\\t")
    if "\n" not in escaped:
        return f'"{escaped.replace(chr(10), "")}"'
    parts = escaped.split("\n")
    lines = [p + "\\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])
    return '""\n' + "\n".join(f'"{line}"' for line in lines)


def _header(lang: str) -> str:
    return (
        f"Project-Id-Version: super-mega-lucky-box\\n\n"
        f"Language: {lang}\\n\n"
        f"Language-Team: {LANGUAGE_TEAM[lang]}\\n\n"
        "MIME-Version: 1.0\\n\n"
        "Content-Type: text/plain; charset=UTF-8\\n\n"
        "Content-Transfer-Encoding: 8bit\\n\n"
        f"Plural-Forms: {PLURAL_FORMS[lang]}\\n"
    )


def render_po(lang: str, entries: list[Entry]) -> str:
    """A whole .po file: the header, then the entries as given."""
    out = [
        f"# Super Mega Lucky Box: {LANGUAGE_TEAM[lang]} messages.",
        "# Made by tools/i18n.py extract: edit the msgstr lines, keep the rest.",
        'msgid ""',
        'msgstr ""',
    ]
    out += [f'"{line}"' for line in _header(lang).split("\n")]
    for entry in entries:
        out.append("")
        out += entry.comments
        if entry.flags:
            out.append("#, " + ", ".join(sorted(entry.flags)))
        out.append(f"msgid {_quote(entry.msgid)}")
        if entry.msgid_plural:
            out.append(f"msgid_plural {_quote(entry.msgid_plural)}")
            for i, form in enumerate(entry.msgstr):
                out.append(f"msgstr[{i}] {_quote(form)}")
        else:
            out.append(f"msgstr {_quote(entry.msgstr[0])}")
    return "\n".join(out) + "\n"


def _english_comment(message: Message) -> list[str]:
    # Stripped as the parser strips them, so extracting twice writes the same file.
    lines = [f"#. {line}".rstrip() for line in message.english.split("\n")]
    if message.plural:
        lines += [f"#. plural: {line}".rstrip() for line in message.plural.split("\n")]
    return lines


def _comments(message: Message) -> list[str]:
    places = sorted(set(message.places))
    return _english_comment(message) + [f"#: {place}" for place in places[:4]]


def _po_path(lang: str, root: Path) -> Path:
    return root / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def read_entries(lang: str, root: Path = LOCALE_DIR) -> dict[str, Entry]:
    """A language's entries by key (the header left out)."""
    path = _po_path(lang, root)
    if not path.exists():
        return {}
    return {e.msgid: e for e in parse_po(path.read_text(encoding="utf-8")) if e.msgid}


def merge(messages: dict[str, Message], root: Path = LOCALE_DIR) -> dict[str, int]:
    """Write en from the code and bring fr/de in step; returns how many keys each lacks."""
    lacking: dict[str, int] = {}
    for lang in LANGUAGES:
        old = read_entries(lang, root)
        entries = []
        missing = 0
        for key in sorted(messages):
            message = messages[key]
            forms = 2 if message.plural else 1
            if lang == "en":
                msgstr = [message.english, message.plural][:forms]
                entry = Entry(key, msgstr, message.plural, set(), _comments(message))
            else:
                before = old.get(key)
                flags: set[str] = set()
                msgstr = [""] * forms
                if before is not None:
                    flags = set(before.flags)
                    if len(before.msgstr) == forms:
                        msgstr = list(before.msgstr)
                    elif before.msgstr and before.msgstr[0]:
                        msgstr = [before.msgstr[0]] * forms
                        flags.add("fuzzy")  # singular became plural (or back): check it
                    english_before = [
                        c[3:]
                        for c in before.comments
                        if c.startswith("#.") and not c.startswith("#. plural:")
                    ]
                    now = "\n".join(line.rstrip() for line in message.english.split("\n"))
                    if english_before and "\n".join(english_before) != now:
                        flags.add("fuzzy")  # the English changed: the translation needs a look
                entry = Entry(key, msgstr, message.plural, flags, _comments(message))
                if not all(msgstr) or "fuzzy" in flags:
                    missing += 1
            entries.append(entry)
        path = _po_path(lang, root)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(render_po(lang, entries), encoding="utf-8")
        lacking[lang] = missing
    return lacking


# ------------------------------------------------------------------- checking


def placeholders(text: str) -> set[str]:
    """The named fields of a format string ("{name}" and "{count}"); a broken one is reported."""
    try:
        return {f for _, f, _, _ in string.Formatter().parse(text) if f is not None}
    except ValueError:
        return {"<broken braces>"}


def problems(messages: dict[str, Message] | None = None, root: Path = LOCALE_DIR) -> list[str]:
    """Everything wrong with the catalogs against the code (empty when all is well)."""
    messages = extract() if messages is None else messages
    found: list[str] = []
    for lang in LANGUAGES:
        entries = read_entries(lang, root)
        for key in sorted(set(entries) - set(messages)):
            found.append(f"{lang}: {key}: no longer in the code (run tools/i18n.py extract)")
        for key, message in sorted(messages.items()):
            entry = entries.get(key)
            if entry is None:
                found.append(f"{lang}: {key}: missing (run tools/i18n.py extract)")
                continue
            if entry.fuzzy:
                found.append(f"{lang}: {key}: fuzzy")
            if not entry.msgstr or not all(entry.msgstr):
                found.append(f"{lang}: {key}: empty")
                continue
            if bool(entry.msgid_plural) != bool(message.plural):
                found.append(f"{lang}: {key}: plural in one place and not the other")
                continue
            wanted = placeholders(message.english) | placeholders(message.plural)
            for form in entry.msgstr:
                # A singular form may leave out {count} ("une carte"); nothing else may differ.
                got = placeholders(form)
                if got - wanted or (wanted - {"count"}) - got:
                    found.append(
                        f"{lang}: {key}: placeholders {sorted(got)} "
                        f"but English has {sorted(wanted)}"
                    )
            if lang == "en" and entry.msgstr[0] != message.english:
                found.append(f"en: {key}: out of date (run tools/i18n.py extract)")
    return found


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    try:
        messages = extract()
    except ExtractError as err:
        print(err, file=sys.stderr)
        return 1
    if command == "extract":
        lacking = merge(messages)
        print(
            f"{len(messages)} messages; lacking a translation: "
            + ", ".join(f"{lang} {n}" for lang, n in lacking.items() if lang != "en")
        )
        return 0
    if command == "check":
        found = problems(messages)
        for line in found:
            print(line)
        print(f"{len(messages)} messages, {len(found)} problems")
        return 1 if found else 0
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
