"""The move log's panel keeps its pixels and each row's image (game/core/ui/table/log_panel.py)
and reuses them while what they were drawn from is the same: each test changes one thing a
kept picture could miss (a new line, a scroll, the text size, the panel's width, the language)
and checks the kept panel draws the very pixels a fresh panel draws, and the rows it says.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame
import pytest

from game.blanco.ui.table.log import MoveLog
from game.core import i18n
from game.core.session import Seat
from game.core.ui.table import log_panel
from game.core.ui.table.log_panel import LogPanel, Source
from game.core.ui.toolkit import window as window_mode
from game.core.ui.toolkit.text import TextCache
from game.luckybox.ui.scenes.table import start_game
from game.luckybox.ui.table.log_parts import SPARES_KEPT, _spares, cards_area
from tests.kept_pixels import picture
from tests.test_blanco_kept_pixels import _table
from tests.ui_helpers import click, frames

WORDS = ("the", "quick", "brown", "fox", "jumps", "over", "a", "lazy", "dog", "while")


class _Ctx:
    def __init__(self, text: TextCache) -> None:
        self.text = text


class _Port:
    def __init__(self, text: TextCache) -> None:
        self.ctx = _Ctx(text)


def _line(i: int) -> tuple[str, bool]:
    return " ".join(WORDS[(i + k) % len(WORDS)] for k in range(4 + i % 9)) + f" {i}", i % 3 == 0


class _Log:
    """A log a test grows and a place it moves: the panel's source."""

    def __init__(self, count: int) -> None:
        self.lines = [_line(i) for i in range(count)]
        self.place = pygame.FRect(20, 300, 420, 186)
        self.said = 0  # how many times the lines were said anew (as a language switch does)

    def source(self) -> Source:
        return Source(
            lambda: ((len(self.lines), self.said), self.lines),
            lambda open_: self.place,
            lambda: ("Last moves", "Earlier moves", "Nothing yet"),
        )


def _drawn(panel: LogPanel) -> bytes:
    screen = pygame.Surface((640, 520))
    screen.fill((10, 80, 50))
    panel.draw(screen)
    return pygame.image.tobytes(screen, "RGB")


@pytest.fixture
def text() -> TextCache:
    pygame.font.init()
    return TextCache()


def _same_as_fresh(kept: LogPanel, log: _Log, text: TextCache) -> None:
    fresh = LogPanel(_Port(text), log.source())
    fresh.back = kept.back
    assert _drawn(kept) == _drawn(fresh), "the kept panel showed pixels from before"
    assert kept.rows_drawn == fresh.rows_drawn


CHANGES: dict[str, Callable[[LogPanel, _Log, TextCache], None]] = {
    "a new line": lambda panel, log, text: log.lines.append(_line(len(log.lines))),
    "a new list, one line longer": lambda panel, log, text: setattr(
        log, "lines", [*log.lines, _line(len(log.lines))]
    ),
    "scrolled back": lambda panel, log, text: panel.scroll(3),
    "the text size": lambda panel, log, text: text.set_scale(1.15),
    "a narrower panel": lambda panel, log, text: setattr(
        log, "place", pygame.FRect(20, 300, 300, 186)
    ),
    "a one-row strip": lambda panel, log, text: setattr(
        log, "place", pygame.FRect(20, 300, 420, 30)
    ),
    "the lines said anew": lambda panel, log, text: setattr(
        log, "said", log.lines.__setitem__(-1, ("something else entirely", False)) or 1
    ),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_the_kept_panel_draws_what_a_fresh_one_does(text: TextCache, change: str) -> None:
    log = _Log(30)
    panel = LogPanel(_Port(text), log.source())
    first = _drawn(panel)
    assert _drawn(panel) == first  # (drawn again from what it kept)
    CHANGES[change](panel, log, text)
    assert _drawn(panel) != first, "the change shows on the panel"
    _same_as_fresh(panel, log, text)


def test_row_images_are_bounded_and_forgotten_on_demand(
    text: TextCache, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(log_panel, "ROW_IMAGES_KEPT", 12)  # (the bound, reached sooner)
    log = _Log(1)
    panel = LogPanel(_Port(text), log.source())
    for i in range(30):
        log.lines.append(_line(i + 1))
        _drawn(panel)
        assert len(panel._row_images) <= 12
    rendered: list[str] = []
    real = text.render

    def noting(row: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        rendered.append(row)
        return real(row, *args, **kwargs)

    text.render = noting  # type: ignore[method-assign]  # (what this panel renders, noted)
    _drawn(panel)
    assert rendered == [], "a still panel blits back what it kept"
    panel.forget_kept()
    _drawn(panel)
    assert set(panel.rows_drawn) <= set(rendered), "drawn anew: every row rendered again"


def test_blancos_log_follows_the_language_and_the_steps(app: Any) -> None:
    table = _table(app)
    panel = table.kit.log_panel
    log: MoveLog = table.kit.move_log
    click(app, table.kit.geometry.draw_pile.center)  # a card drawn: a line more
    picture(app)
    english = list(panel.rows_drawn)
    assert english and english[-1].strip() in log.lines(table.kit.viewer)[-1].text
    try:
        i18n.set_language("fr")
        kept = picture(app)
        assert panel.rows_drawn != english, "the log's words follow the language"
        assert panel.rows_drawn[-1].strip() in log.lines(table.kit.viewer)[-1].text
        table.draw_anew()
        assert kept == picture(app)
    finally:
        i18n.set_language("en")


def test_lucky_boxs_log_and_cards_follow_the_window_shape(app: Any) -> None:
    """The room the cards leave is remembered per board region and card count
    (log_parts._spare): each window shape places the log and the cards as worked out afresh."""
    table = start_game(app.ctx, [Seat("Ann"), Seat("Computer 1", "easy")], 4)
    frames(app, 2)
    places = set()
    for size in ((1024, 768), (2560, 1080), (1280, 720), (1024, 768)):
        window_mode.the_window().size = size
        app.settle_window()
        frames(app, 1)
        kept = (
            tuple(table.kit.log_panel.rect()),
            tuple(cards_area(table, table.kit.cards)),
        )
        _spares.clear()
        fresh = (
            tuple(table.kit.log_panel.rect()),
            tuple(cards_area(table, table.kit.cards)),
        )
        assert kept == fresh, size
        places.add(kept[0])
    assert len(places) == 3, "each shape places the log elsewhere"
    assert len(_spares) <= SPARES_KEPT
