"""Issue 66, item 6: the small glitches a real-window playtest tripped over, each on the real
scene: a completed Lucky Box card's rounded corners stay clear (no square box behind them);
"CARD COMPLETE!" over a card at the window's edge shows whole; Blanco's turn banner reads over
the white cards (a dark plate behind its words); a window asked as large as the screen is made
to show whole under its title bar (Blanco's hand at the bottom); How to play's "Turned up" and
"Looked at" lie beside the cards, not over them."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.blanco.rules import events as bev
from game.blanco.ui.learn import pages as blanco_pages
from game.core import i18n
from game.core.session import Seat
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.animator import FloatText
from game.core.ui.toolkit.window import on_screen_size
from game.luckybox.rules import events as ev
from game.luckybox.ui.cardview import FULL
from game.luckybox.ui.scenes.table import start_game
from tests.support import to_first_number
from tests.ui_helpers import click, frames


def test_a_completed_cards_rounded_corners_stay_clear(app: Any) -> None:
    table = start_game(app.ctx, [Seat("Ann")], 5)
    to_first_number(app, table)
    card = table.seen.players[0].cards[0]
    face = table.state.face(card)
    rect = table.kit.board.rects(0)[0]
    done = table.kit.cards.render(card, face, FULL, round(rect.w))
    open_card = table.kit.cards.render(card, face, 0, round(rect.w))
    w, h = done.get_size()
    for x, y in ((0, 0), (w - 1, 0), (0, h - 1), (w - 1, h - 1)):  # outside the rounding
        assert done.get_at((x, y)).a == open_card.get_at((x, y)).a == 0, (x, y)
    middle = (w // 2, h // 2)
    assert done.get_at(middle) != open_card.get_at(middle), "the complete card still glows"


def test_card_complete_over_a_card_at_the_windows_edge_shows_whole(make_app: Any) -> None:
    app = make_app((1024, 768))
    table = start_game(app.ctx, [Seat("Ann")], 5)
    to_first_number(app, table)
    leftmost = min(table.kit.board.rects(0), key=lambda r: r.x)
    card = table.seen.players[0].cards[table.kit.board.rects(0).index(leftmost)]
    table.animator.styles[ev.CardCompleted].stage(ev.CardCompleted(0, card), 0.9)
    assert any(isinstance(e, FloatText) for e in table.animator.effects), "it is said"
    # The same words over a card whose centre lies nearer the edge than half their width (a
    # narrower card, a longer language): moved in whole.
    staging = table.animator.styles[ev.CardCompleted].stage.__self__
    view = gfx.view(app.screen)
    staging.float_text("CARD COMPLETE!", (view.left + 40, leftmost.centery), 0.9, 44)
    words = [e for e in table.animator.effects if isinstance(e, FloatText)]
    frames(app, 2)
    for said in words:
        assert said.drawn is not None and view.contains(said.drawn), said.drawn


@pytest.mark.parametrize("lang", ["en", "de"])
def test_blancos_turn_banner_stands_on_a_dark_plate(app: Any, lang: str) -> None:
    i18n.set_language(lang)
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Alice"), Seat("Bob")], seed=5)
    frames(app, 5)
    table.animator.styles[bev.TurnStarted].stage(bev.TurnStarted(table.focus, 1), 0.45)
    banners = [e for e in table.animator.effects if isinstance(e, FloatText)]
    assert banners, "the turn is announced"
    image = banners[-1].image
    w, h = image.get_size()
    for x, y in ((12, h // 2), (w - 12, h // 2), (w // 2, 6)):  # beside and above its words
        colour = image.get_at((x, y))
        assert colour.a >= 180 and max(colour.r, colour.g, colour.b) < 90, ((x, y), colour)


def test_a_window_as_large_as_the_screen_is_made_to_show_whole() -> None:
    # Measured under openbox on a 1024x768 screen: the client placed at (1, 20), its bottom
    # 20 px off the screen, where Blanco's hand is.
    assert on_screen_size((1, 20), (1024, 768), (1024, 768)) == (1023, 748)
    assert on_screen_size((40, 30), (1280, 720), (1920, 1080)) is None  # it shows whole
    assert on_screen_size((0, 0), (1024, 768), (1024, 768)) is None
    assert on_screen_size((0, 700), (1024, 768), (1024, 768)) is None  # not to a sliver


@pytest.mark.parametrize(("lang", "size"), [("en", "normal"), ("fr", "large"), ("de", "large")])
def test_how_to_plays_grid_labels_lie_beside_the_cards(
    app: Any, monkeypatch: pytest.MonkeyPatch, lang: str, size: str
) -> None:
    i18n.set_language(lang)
    if size == "large":
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    cards: list[pygame.FRect] = []
    tags: list[pygame.Rect] = []
    grid, tag = blanco_pages._grid, blanco_pages.draw_tag

    def grid_kept(*args: Any, **kw: Any) -> Any:
        rects = grid(*args, **kw)
        cards.extend(rects.values())
        return rects

    def tag_kept(*args: Any, **kw: Any) -> Any:
        rect = tag(*args, **kw)
        tags.append(rect)
        return rect

    monkeypatch.setattr(blanco_pages, "_grid", grid_kept)
    monkeypatch.setattr(blanco_pages, "draw_tag", tag_kept)
    scene = app.ctx.nav.make("howto", game="blanco")
    app.stack.clear_to(scene)
    assert scene.pages[0].key == "grid"
    frames(app, 30)
    click(app, (5, 5))  # (nothing there: one more frame drawn after an input)
    tags = list({tuple(t): t for t in tags}.values())  # (each frame drew them again)
    cards = list({tuple(c): c for c in cards}.values())
    assert cards and len(tags) >= 3, (cards, tags)
    over = [(t, c) for t in tags for c in cards if t.colliderect(c)]
    assert over == [], f"labels over cards: {over}"
    apart = [(a, b) for i, a in enumerate(tags) for b in tags[i + 1 :] if a.colliderect(b)]
    assert apart == [], f"labels over each other: {apart}"
