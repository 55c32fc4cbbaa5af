"""Languages: the catalogs are complete and agree with the code, the loader and formats, the
picker in Settings switches the title at once (posted events), --lang, and the font."""

from __future__ import annotations

import datetime as dt
import importlib.util
import sys
from pathlib import Path

import pygame
import pytest

from game.core import i18n
from game.core.i18n import parse_po, system_language, t, tn
from tests.support import title
from tests.ui_helpers import click, click_widget, frames, screenshot

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("i18n_tool", ROOT / "tools" / "i18n.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = module
    spec.loader.exec_module(module)
    return module


# --------------------------------------------------------------------------- the catalogs


def test_every_key_is_translated_in_every_language_and_nothing_is_fuzzy_or_empty() -> None:
    tool = _tool()
    messages = tool.extract()
    assert len(messages) > 100  # the code really speaks through t/tn
    assert tool.problems(messages) == []


def test_each_catalog_declares_its_language_and_plural_forms() -> None:
    for lang, forms in (("en", "(n != 1)"), ("fr", "(n > 1)"), ("de", "(n != 1)")):
        files = i18n.po_files(lang)
        assert files, lang
        header = parse_po(files[0].read_text(encoding="utf-8"))[0]
        assert header.msgid == ""
        assert f"Language: {lang}" in header.msgstr[0]
        assert f"plural={forms}" in header.msgstr[0]


def test_the_check_catches_a_missing_fuzzy_or_mismatched_translation(tmp_path: Path) -> None:
    tool = _tool()
    messages = {
        "a.hello": tool.Message("a.hello", "Hello {name}"),
        "a.cards": tool.Message("a.cards", "{count} card", "{count} cards"),
    }
    tool.merge(messages, root=tmp_path)
    found = tool.problems(messages, root=tmp_path)
    assert "fr: a.hello: empty" in found and "de: a.cards: empty" in found
    po = tmp_path / "fr" / "LC_MESSAGES" / "game.po"
    text = po.read_text(encoding="utf-8")
    text = text.replace('msgid "a.hello"\nmsgstr ""', 'msgid "a.hello"\nmsgstr "Bonjour {nom}"')
    text = text.replace('msgstr[0] ""', 'msgstr[0] "une carte"')
    text = text.replace('msgstr[1] ""', 'msgstr[1] "{count} cartes"')
    po.write_text(text, encoding="utf-8")
    found = tool.problems(messages, root=tmp_path)
    assert any(line.startswith("fr: a.hello: placeholders") for line in found)
    assert not any(line.startswith("fr: a.cards") for line in found)  # singular may drop {count}
    # The English changes: the French is kept but marked fuzzy until someone looks.
    messages["a.cards"] = tool.Message("a.cards", "{count} big card", "{count} big cards")
    tool.merge(messages, root=tmp_path)
    assert "fr: a.cards: fuzzy" in tool.problems(messages, root=tmp_path)


def test_po_parser_reads_escapes_continuations_plurals_and_flags() -> None:
    text = (
        'msgid ""\nmsgstr ""\n"Language: fr\\n"\n\n'
        '#. English\n#, fuzzy\nmsgid "k.one"\nmsgstr "Un \\"deux\\"\\n"\n"trois"\n\n'
        'msgid "k.many"\nmsgid_plural "x"\nmsgstr[0] "{count} carte"\nmsgstr[1] "{count} cartes"\n'
    )
    header, one, many = parse_po(text)
    assert header.msgstr == ["Language: fr\n"]
    assert one.msgid == "k.one" and one.msgstr == ['Un "deux"\ntrois'] and one.fuzzy
    assert many.msgid_plural == "x" and many.msgstr == ["{count} carte", "{count} cartes"]


# --------------------------------------------------------------------------- using them


def test_switching_language_translates_and_plurals_follow_each_language() -> None:
    assert t("title.new_game", "New game") == "New game"
    i18n.set_language("fr")
    assert t("title.new_game", "New game") == "Nouvelle partie"
    # French: 0 and 1 are singular; German and English: only 1.
    french = [
        tn(
            "blanco.progress.turn",
            n,
            "turn {turn}, level at {count} card left",
            "turn {turn}, level at {count} cards left",
            turn=2,
        )
        for n in (0, 1, 2)
    ]
    assert "cartes" not in french[0] and "cartes" not in french[1] and "cartes" in french[2]
    i18n.set_language("de")
    assert t("title.new_game", "New game") == "Neues Spiel"
    german = [tn("blanco.progress.turn", n, "", "", turn=2) for n in (0, 1)]
    assert german[0] != german[1]
    # A key no catalog knows yet shows its English default, never the key.
    assert t("nowhere.new_key", "Brand new {x}", x=1) == "Brand new 1"
    i18n.set_language("xx")
    assert i18n.language() == "en"


def test_a_text_in_every_language_is_made_once_and_whatever_language_is_spoken() -> None:
    """t_every's texts are kept (a table asks for its seats' defaults with every name it
    shows): the same whichever language is spoken when first asked, and the memory they take
    stays bounded however many different values are asked for."""
    try:
        i18n.set_language("fr")
        first = i18n.t_every("setup.computer_n", "Computer {n}", n=3)
        i18n.set_language("de")
        again = i18n.t_every("setup.computer_n", "Computer {n}", n=3)
    finally:
        i18n.set_language("en")
    assert first is again
    assert first == {"Computer 3", "Ordinateur 3"}  # (German says "Computer 3" too)
    kept = i18n.t_every.cache_info().maxsize
    assert kept is not None
    for n in range(3 * kept):
        assert f"Joueur {n}" in i18n.t_every("setup.player_n", "Player {n}", n=n)
    assert i18n.t_every.cache_info().currsize <= kept


def test_a_computers_level_beside_its_name_is_written_as_each_language_writes_it() -> None:
    """English and French write the level in lower case after a name; German keeps its
    nouns capitalised ("Profi"), which lowering the level's own name would break."""
    from game.blanco.ui.table.parts import seat_title
    from game.core.session import Seat

    expected = {
        "en": ("Bo (hard)", "Bo (expert)"),
        "fr": ("Bo (difficile)", "Bo (expert)"),
        "de": ("Bo (schwer)", "Bo (Profi)"),
    }
    try:
        for lang, (hard, expert) in expected.items():
            i18n.set_language(lang)
            assert (seat_title(Seat("Bo", "hard")), seat_title(Seat("Bo", "expert"))) == (
                hard,
                expert,
            )
    finally:
        i18n.set_language("en")


def test_numbers_and_dates_in_each_language() -> None:
    day = dt.datetime(2026, 3, 5, 14, 7)
    expected = {
        "en": ("1,234.5", "5 March 2026, 14:07"),
        "fr": ("1\u202f234,5", "5 mars 2026, 14:07"),
        "de": ("1.234,5", "5. März 2026, 14:07"),
    }
    for lang, (num, when) in expected.items():
        i18n.set_language(lang)
        assert i18n.number(1234.5, 1) == num
        assert i18n.date(day, with_time=True) == when
        assert i18n.short(1.5) == ("1.5" if lang == "en" else "1,5") and i18n.short(2.0) == "2"
    assert i18n.number(-7) == "-7"
    i18n.set_language("fr")
    assert i18n.date(dt.date(2026, 11, 1)) == "1er novembre 2026"


def test_system_language_comes_from_the_locale_variables() -> None:
    assert system_language({"LANG": "fr_FR.UTF-8"}) == "fr"
    assert system_language({"LC_ALL": "de_AT.UTF-8", "LANG": "fr_FR.UTF-8"}) == "de"
    assert system_language({"LANG": "C.UTF-8", "LANGUAGE": "de:en"}) == "de"
    assert system_language({"LANG": "es_ES.UTF-8"}) == "en"  # one we lack: English
    assert system_language({}) == "en"
    assert system_language({"SMLB_LANG": "fr", "LANG": "de_DE"}) == "fr"
    assert system_language({"LANG": "French_France.1252"}) == "fr"  # Windows' own names
    assert system_language({"LANG": "de-CH"}) == "de"


# --------------------------------------------------------------------------- in the app


def test_picking_a_language_in_settings_relabels_the_title_at_once(app) -> None:
    top = title(app)
    assert top.buttons["new_game"].label == "New game"
    click_widget(app, top, "settings", steps=2)
    settings = app.stack.top
    picker = settings.widget("language")
    click(app, picker.segment(1).center, steps=2)  # Français
    assert i18n.language() == "fr" and app.ctx.settings.language == "fr"
    screenshot(app, "i18n_settings_fr")
    click_widget(app, settings, "back", steps=3)
    top = app.stack.top
    assert top.buttons["new_game"].label == "Nouvelle partie"
    assert top.buttons["quit"].label == "Quitter"
    screenshot(app, "i18n_title_fr")
    # Back to Settings and on to German: the title beneath changes without being rebuilt.
    click_widget(app, top, "settings", steps=2)
    click(app, app.stack.top.widget("language").segment(2).center, steps=2)
    assert top.buttons["new_game"].label == "Neues Spiel"
    click_widget(app, app.stack.top, "back", steps=3)
    screenshot(app, "i18n_title_de")
    # The choice is saved with the settings and used at the next start.
    from game.core.ui.settings import load_settings

    assert load_settings(app.ctx.data_dir)[0].language == "de"


def test_the_language_setting_is_used_at_start_and_a_bad_one_is_ignored(data_dir: Path) -> None:
    from game.catalog import new_app

    (data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    app = new_app()
    try:
        assert i18n.language() == "fr"
    finally:
        pygame.quit()
    (data_dir / "settings.json").write_text('{"language": "klingon"}', encoding="utf-8")
    app = new_app()
    try:
        assert i18n.language() == "en"  # SMLB_LANG=en in the tests stands for the system
        assert "language" in app.ctx.message
    finally:
        pygame.quit()


def test_lang_on_the_command_line_overrides_the_setting_for_one_run(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from game import cli
    from game.catalog import new_app
    from game.core.ui import launch

    (data_dir / "settings.json").write_text('{"language": "fr"}', encoding="utf-8")
    seen: list[tuple[str, str]] = []

    def play(*_games: object, **options: object) -> int:
        app = new_app()
        try:
            top = title(app)
            seen.append((i18n.language(), top.buttons["new_game"].label))
            frames(app, 1)
        finally:
            pygame.quit()
        return 0

    monkeypatch.setattr(launch, "play", play)
    assert cli.main(["--lang", "de"]) == 0
    assert seen == [("de", "Neues Spiel")]
    # The saved setting is left as it was.
    assert '"fr"' in (data_dir / "settings.json").read_text(encoding="utf-8")
    with pytest.raises(SystemExit):
        cli.parse_args(["--lang", "xx"])


# --------------------------------------------------------------------------- the font


FRENCH_GERMAN = "éèêàâçôûùîïëäöüßÄÖÜÉÈÀÇÔ«»’œŒ€"
SPACES = "\u00a0\u202f"


def test_the_font_has_every_letter_french_and_german_need() -> None:
    pygame.font.init()
    font = pygame.font.Font(None, 40)

    def pixels(ch: str) -> tuple[tuple[int, int], bytes]:
        surf = font.render(ch, True, (255, 255, 255), (0, 0, 0))
        return surf.get_size(), pygame.image.tobytes(surf, "RGB")

    missing_box = pixels("\uffff")
    for ch in FRENCH_GERMAN:
        assert pixels(ch) != missing_box, f"{ch!r} draws as the missing-glyph box"
        assert any(pixels(ch)[1]), f"{ch!r} draws nothing"
    for ch in SPACES:
        size, data = pixels(ch)
        assert (size, data) != missing_box and not any(data), f"{ch!r} must be a blank space"
        assert 0 < size[0] <= font.size(" ")[0]


def test_french_catalog_uses_non_breaking_spaces_before_double_punctuation() -> None:
    # "Prêt ?" must never wrap between the word and its "?": the space before is non-breaking.
    for entry in parse_po(i18n.po_files("fr")[0].read_text(encoding="utf-8"))[1:]:
        for form in entry.msgstr:
            for mark in "!?;:":
                assert f" {mark}" not in form.replace("{", "").replace("}", ""), (entry.msgid, form)


def test_french_never_puts_de_before_a_players_name() -> None:
    """French elides "de" before a vowel ("d'Anna", "d'Hôte"), which a name put in at run time
    cannot do: "c'est au tour de Hôte" read wrong at an online table whose host kept the
    default name. The sentences are turned round instead ("c'est à Hôte de jouer")."""
    import re

    names = re.compile(r"\b(de|du|des)\s+\{(name|names|player|waiting|host|who)\}")
    found = [
        (entry.msgid, form)
        for entry in parse_po(i18n.po_files("fr")[0].read_text(encoding="utf-8"))[1:]
        for form in entry.msgstr
        if names.search(form)
    ]
    assert found == []


def test_french_speaks_to_the_player_as_tu_throughout() -> None:
    """The French says "tu" to the player ("Coche une case", "Attends ton tour"): a line in
    "vous" (vous, votre, vos, or an imperative in -ez) on the same screen reads as another
    voice. (The German is "du" throughout too, but its "Sie" is also "it" and "they".)"""
    import re

    formal = re.compile(r"\b(vous|votre|vos)\b|\b\w+ez\b", re.IGNORECASE)
    allowed = {"assez", "chez"}
    found = [
        (entry.msgid, form)
        for entry in parse_po(i18n.po_files("fr")[0].read_text(encoding="utf-8"))[1:]
        for form in entry.msgstr
        if any(m.group(0).lower() not in allowed for m in formal.finditer(form.replace("-", " ")))
    ]
    assert found == []


def test_wrapped_french_never_starts_a_line_with_its_punctuation() -> None:
    from game.core.ui.toolkit.text import TextCache

    i18n.set_language("fr")
    cache = TextCache()
    sentence = t("saves.confirm_delete", "Delete this game in progress? It cannot be undone.")
    assert "\u00a0?" in sentence  # the catalog keeps the space before "?" non-breaking
    for width in range(60, 600, 7):
        for line in cache.wrap(sentence, 30, width):
            assert line[:1] not in "?!:;", (width, line)


def test_engine_refusals_reach_the_player_in_their_language() -> None:
    from game.blanco.ui.refusal_words import say_refusal
    from game.blanco.ui.words import card_name, where
    from game.core.game import Refusal
    from game.core.ui.table.refusals import refusal_words

    empty = Refusal(
        "discard_empty", "player {player} cannot draw from the discard pile: it is empty", player=0
    )
    odd = "player 0 cannot swap [0, 0] and [2, 2]: odd"  # no code: a plain line
    assert say_refusal(empty, ["Ann"]) == "The discard pile is empty: draw from the draw pile."
    assert say_refusal(odd, ["Ann"]) == "That is not allowed now."
    i18n.set_language("fr")
    assert say_refusal(empty, ["Ann"]).startswith("La défausse est vide")
    assert say_refusal(odd, ["Ann"]) == "Ce n'est pas permis maintenant."
    nothing = Refusal("nothing_this_turn", "nothing to take back this turn")  # an undo's
    assert refusal_words("blanco", nothing, ["Ann"]) == "Rien à reprendre ce tour-ci."
    assert card_name(7 * 12 + 10) == "10 violet" and where((1, 2)) == "rangée 2, colonne 3"
    i18n.set_language("de")
    assert card_name(7 * 12 + 10) == "Lila 10"


def test_a_table_message_gives_way_to_the_prompt_when_the_language_changes(app) -> None:
    """A hint written in English does not stay on the table once the player picks French:
    the prompt, in French, takes its place. A new window size keeps the message."""
    from game.core.session import Seat
    from game.luckybox.ui.scenes.table import start_game

    table = start_game(app.ctx, [Seat("Ann")], 7)
    frames(app, 2)
    table.message = t("luckybox.table.undone", "Undone.")  # as Undo writes it
    table.relabel()  # what a new window size asks of scenes: the message stays
    assert table.message == "Undone."
    i18n.set_language("fr")  # Settings' picker, from the table's menu
    frames(app, 2)
    assert table.message == ""
    blanco = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann")], seed=5)
    frames(app, 2)
    blanco.message = t("blanco.table.undone", "Undone.")
    i18n.set_language("de")
    frames(app, 2)
    assert blanco.message == ""
