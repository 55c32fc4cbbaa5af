"""Labels fit at the size of their neighbours (issue 66, item 8): a label is not shrunk to fit
while the ones beside it keep their size. Each screen is drawn for real in English, French and
German, normal and Large text, while the text cache notes the size every label is drawn at."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import i18n
from game.core.ui.screens.settings import LABEL_INSET, SettingsScene, row_origin
from game.core.ui.toolkit.text import TextCache
from tests.ui_helpers import frames

SHAPES = [(lang, size) for lang in ("en", "fr", "de") for size in ("normal", "large")]


def sized(monkeypatch: Any) -> dict[str, int]:
    """Every text fitted from now on -> the size it was given."""
    got: dict[str, int] = {}
    real = TextCache.fit_size

    def noting(self: TextCache, text: str, size: int, *a: Any, **k: Any) -> int:
        fitted = real(self, text, size, *a, **k)
        got[text] = fitted
        return fitted

    monkeypatch.setattr(TextCache, "fit_size", noting)
    return got


def drawn_sizes(monkeypatch: Any) -> dict[str, int]:
    """Every outlined text (a button's label) drawn from now on -> the size it was drawn at."""
    got: dict[str, int] = {}
    real = TextCache.render_outlined

    def noting(self: TextCache, text: str, size: int, *a: Any, **k: Any) -> Any:
        got[text] = size
        return real(self, text, size, *a, **k)

    monkeypatch.setattr(TextCache, "render_outlined", noting)
    return got


def use(app: Any, lang: str, size: str) -> None:
    i18n.set_language(lang)
    if size == "large":
        app.ctx.settings.text_size = size
        app.ctx.text.set_scale(1.15)


@pytest.mark.parametrize(("lang", "size"), SHAPES)
def test_settings_labels_and_hints_keep_one_size(app: Any, monkeypatch: Any, lang, size) -> None:
    use(app, lang, size)
    got = sized(monkeypatch)
    scene = SettingsScene(app.ctx)
    app.stack.clear_to(scene)
    frames(app, 2)
    labels = {row.label(): got[row.label()] for row in scene.rows}
    hints = {row.hint(): got[row.hint()] for row in scene.rows}
    assert set(labels.values()) == {30}, f"labels shrunk beside their neighbours: {labels}"
    assert set(hints.values()) == {20}, f"hints shrunk beside their neighbours: {hints}"
    # ... and, at that size, each label stops before its row's widget.
    text = app.ctx.text
    for index, row in enumerate(scene.rows):
        x, _ = row_origin(index)
        width = text.font(30).size(row.label())[0]
        room = scene.widgets[row.name].rect.x - (x + LABEL_INSET) - 12
        assert width <= room + 2, f"{row.label()!r}: {width}px in {room:.0f}px"
    i18n.set_language("en")


@pytest.mark.parametrize(("lang", "size"), SHAPES)
@pytest.mark.parametrize("window", [(1024, 768), (2560, 1080)])
def test_the_titles_row_of_buttons_keeps_one_size(make_app, monkeypatch, lang, size, window):
    """How to play, Replays, Statistics, Settings, Quit: side by side, one label size (German
    "So wird gespielt" spilled past its button, "Wiederholungen" shrank beside "Statistik")."""
    app = make_app(window)
    use(app, lang, size)
    got = drawn_sizes(monkeypatch)
    title = app.ctx.nav.make("title")
    app.stack.clear_to(title)
    frames(app, 3, dt=0.5)
    app.settle_window()
    frames(app, 2)
    names = ("howto", "replays", "stats", "settings", "quit")
    labels = {title.widgets[n].label: got.get(title.widgets[n].label) for n in names}
    assert None not in labels.values(), labels
    assert len(set(labels.values())) == 1, f"a label shrunk beside its neighbours: {labels}"
    for n in names:  # ... and it fits its button, with room to spare at each end
        button = title.widgets[n]
        width = app.ctx.text.font(labels[button.label]).size(button.label)[0]
        assert width <= button.rect.w - 12, f"{button.label!r}: {width}px on {button.rect.w}px"
    i18n.set_language("en")


@pytest.mark.parametrize(("lang", "size"), SHAPES)
@pytest.mark.parametrize("window", [(1024, 768), (2560, 1080)])
def test_blancos_banner_keeps_clear_of_its_border(make_app, monkeypatch, lang, size, window):
    """ "Maximilian · grid 1 of 2 · 21 cards left · Maximilian to play" touched its border:
    the line keeps BANNER_MARGIN clear at each end, at any shape, language and text size."""
    from game.blanco.ui.table.parts import BANNER_MARGIN
    from game.core.session import Seat
    from game.core.ui.toolkit.text import TextCache

    app = make_app(window)
    use(app, lang, size)
    drawn: list[tuple[str, Any]] = []
    real = TextCache.blit_centered

    def noting(self: TextCache, surface: Any, text: str, *a: Any, **k: Any) -> Any:
        rect = real(self, surface, text, *a, **k)
        drawn.append((text, rect))
        return rect

    monkeypatch.setattr(TextCache, "blit_centered", noting)
    seats = [Seat("Maximilian"), Seat("Alexandra", "hard"), Seat("Bot Alexander", "hard")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=7)
    app.settle_window()
    frames(app, 3, dt=0.5)
    banner = table.kit.geometry.banner
    lines = [rect for text, rect in drawn if "Maximilian" in text and "2" in text]
    assert lines, "the banner was drawn"
    for rect in lines:
        assert rect.left >= banner.left + BANNER_MARGIN - 1, (rect, banner)
        assert rect.right <= banner.right - BANNER_MARGIN + 1, (rect, banner)
    i18n.set_language("en")
