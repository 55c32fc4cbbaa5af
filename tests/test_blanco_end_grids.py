"""Issue 67, "an end screen with the winner's grid": Blanco's end screen shows every player's
final grid as a small picture beside their row, the winner's as cleared (an empty grid framed in
gold, "Grid cleared!"), drawn from the viewing seat's view only (a face-down card stays a back),
at every window shape, language and text size, clear of the rows' words and the buttons."""

from __future__ import annotations

import functools
import os
from typing import Any

import pygame
import pytest

from game.blanco.ai import make_bot
from game.blanco.entry import BLANCO
from game.blanco.rules.state import blanco_state
from game.blanco.rules.views import view_for
from game.blanco.ui.cardview import CardArt
from game.blanco.ui.scenes import gameend
from game.blanco.ui.scenes.celebration import GOLD
from game.blanco.ui.scenes.endgrids import cell_rects
from game.core import i18n
from game.core.session import Seat, Session
from game.core.ui.toolkit import gfx, motion, window as window_mode
from game.core.ui.toolkit.widgets import Button
from tests.sweep import sampled
from tests.ui_helpers import frames

NAMES = ("Ann", "Bo", "Cy", "Di", "Ed")
BACK = (36, 52, 96)  # a small card back's fill (cardview.CardArt._back)


def finished(players: int, seed: int = 5) -> Session:
    """A real game played to its end: one human and computers, every seat's steps chosen by a
    Normal bot from that seat's view (a game that ends with cards still face down). A new
    session each call, its steps those `bot_steps` chose."""
    session = Session(_seats(players), seed, game=BLANCO)
    for step in bot_steps(players, seed):
        assert session.next_seat() is not None
        assert session.apply(step).ok
    assert session.state.is_terminal()
    return session


def _seats(players: int) -> list[Seat]:
    return [Seat(NAMES[0]), *(Seat(n, "easy") for n in NAMES[1:players])]


@functools.cache
def bot_steps(players: int, seed: int) -> tuple[Any, ...]:
    """The steps of `finished`'s game, in order, chosen once per process: choosing them (the
    bots' search) was most of each test's time, and three tests play the same deal. The steps
    are frozen structs, so every session replaying them gets the same game."""
    session = Session(_seats(players), seed, game=BLANCO)
    bots = [make_bot("normal", seed, seat) for seat in range(players)]
    steps = []
    while not session.state.is_terminal():
        seat = session.next_seat()
        assert seat is not None
        view = view_for(blanco_state(session.state), seat)
        step = bots[seat].choose(view, seat)
        assert session.apply(step).ok
        steps.append(step)
    return tuple(steps)


def shown(app: Any, session: Session) -> Any:
    end = app.ctx.nav.make("blanco.game_end", session=session)
    app.stack.clear_to(end)
    frames(app, round(5.0 * 60))  # the celebration over: every row in place
    assert not end.needs_redraw()
    return end


def design_pixel(app: Any, x: float, y: float) -> tuple[int, int, int]:
    """The screen's colour at a point of the 1280x720 design (the window may be larger)."""
    at = gfx.pixel_rect(app.screen, (x, y, 1, 1)).topleft
    return tuple(gfx.pixels_of(app.screen).get_at(at))[:3]


PANEL_FILL = (30, 80, 76)


def check_layout(app: Any, end: Any) -> None:
    """Each row's grid is drawn at the rectangle the layout gives, the winner's as cleared, and
    nothing overlaps: grids inside their rows, rows apart and inside the panel, the panel above
    the buttons, the grid left of the name's column."""
    state = blanco_state(end.session.state)
    panel = end.panel()
    buttons = [w.rect for w in end.widgets.values() if isinstance(w, Button)]
    order = end.order()
    assert len(order) == len(state.players)
    for row, seat in enumerate(order):
        band, box = end.row_rect(row), end.grid_box(row)
        assert band.contains(box) and panel.contains(band), (row, band, box, panel)
        assert box.right < panel.x + gameend.NAME_X - gameend.NAME_W / 2, "clear of the name"
        assert not any(band.colliderect(b) for b in buttons)
        if row:
            assert not band.colliderect(end.row_rect(row - 1))
        p = state.players[seat]
        _grid, cells = cell_rects(box, p.rows, p.cols) if p.grid else (box, {})
        for at, cell in cells.items():  # every card of the grid drawn at its place
            assert box.contains(cell)
            centre = design_pixel(app, cell.centerx, cell.centery)
            assert centre != PANEL_FILL, ("a card drawn there", row, at, centre)
        if state.players[seat].cards_left == 0:
            assert seat == state.winner
            edge = {design_pixel(app, box.x + 3 + d, box.centery) for d in range(-1, 3)}
            assert GOLD in edge, ("the cleared grid framed in gold", edge)
    assert panel.bottom + 8 <= min(b.top for b in buttons)
    assert blanco_state(end.session.state).players[order[0]].cards_left == 0


# Every count of players, language, window shape and text size each run, combined anew each
# run (tests/sweep.py; all 36 combinations under SMLB_SWEEP=all).
@sampled(
    players=[2, 3, 5],
    lang=["en", "fr", "de"],
    size=[(1024, 768), (2560, 1080)],
    large=[False, True],
)
def test_each_row_shows_its_final_grid_the_winners_cleared(
    app: Any, monkeypatch: pytest.MonkeyPatch, players: int, lang: str, size: Any, large: bool
) -> None:
    cleared: list[str] = []
    real = gameend.draw_grid.__globals__["draw_cleared"]

    def noted(surface: Any, art: Any, box: Any) -> Any:
        cleared.append(i18n.t("blanco.end.grid_cleared", "Grid cleared!"))
        return real(surface, art, box)

    monkeypatch.setitem(gameend.draw_grid.__globals__, "draw_cleared", noted)
    window_mode.the_window().size = size
    app.settle_window()
    if large:
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    i18n.set_language(lang)
    end = shown(app, finished(players))
    check_layout(app, end)
    assert len(cleared) >= 1 and set(cleared) == {
        {"en": "Grid cleared!", "fr": "Grille dégagée\u00a0!", "de": "Auslage abgeräumt!"}[lang]
    }
    shots = os.environ.get("H67_SHOTS")
    if shots and players in (3, 5):
        os.makedirs(shots, exist_ok=True)
        w, h = size
        path = f"{shots}/end_{players}p_{w}x{h}_{lang}{'_large' if large else ''}.png"
        pygame.image.save(gfx.pixels_of(app.screen), path)
    assert not app.errors


def test_reduced_motion_still_shows_the_grids(app: Any) -> None:
    motion.set_reduced(True)
    try:
        end = app.ctx.nav.make("blanco.game_end", session=finished(3))
        app.stack.clear_to(end)
        frames(app, 2)
        assert not end.needs_redraw()
        check_layout(app, end)
    finally:
        motion.set_reduced(False)


def test_a_face_down_card_stays_face_down_and_no_hidden_card_is_drawn(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Another seat's face-down card is drawn as a back (its centre the back's colour), and no
    card the viewing seat cannot see face up is ever asked of the card art: not the others'
    face-down cards, not even the viewer's own looked-at ones (the rules reveal none)."""
    session = finished(3)
    state = blanco_state(session.state)
    face_up = {
        p.grid[r][c] for p in state.players for r, c in p.cells() if p.up[r][c]
    }  # what anyone sees at the end
    hidden = [
        (seat, at)
        for seat, p in enumerate(state.players)
        if seat != 0
        for at in p.cells()
        if not p.up[at[0]][at[1]] and p.grid[at[0]][at[1]] not in face_up
    ]
    assert hidden, "another seat ends with a face-down card (this deal)"
    asked: list[tuple[int, bool]] = []
    real_get = CardArt.get

    def get(self: CardArt, card: int, size: Any, face_up: bool = True) -> Any:
        asked.append((card, face_up))
        return real_get(self, card, size, face_up)

    monkeypatch.setattr(CardArt, "get", get)
    end = shown(app, session)
    assert asked and all(card in face_up for card, up in asked if up and card), asked
    seat, (r, c) = hidden[0]
    row = end.order().index(seat)
    p = state.players[seat]
    _grid, cells = cell_rects(end.grid_box(row), p.rows, p.cols)
    cell = cells[(r, c)]
    centre = design_pixel(app, cell.centerx, cell.centery)
    assert centre == BACK, ("drawn as a card back", centre)
    assert not app.errors
