"""The keyboard as a person uses it (issue 22, items 5, 6 and 8), with posted events: after a
step the focus waits for the next thing to do (never the memory aid beside Next); Enter and
Space act at once after the mouse was used, on the screen's default action (Next), and never
make a move on the board the player cannot see (with the ring hidden the first press shows
it, the next acts); in the draft the raised card is the focused one."""

from __future__ import annotations

import pygame

from game.blanco.entry import BLANCO
from game.blanco.rules import Setup
from game.core.session import Seat
from game.core.ui.toolkit.focus import HIGHLIGHTED, targets_of
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.table import start_game
from tests.keys_helpers import focus_key, key, show_ring
from tests.support import to_first_number
from tests.ui_helpers import click, frames, seen, wait


def mouse_moved(app, pos=(5, 5)) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(3, 3), buttons=(0,)))
    frames(app, 1)
    assert not app.ring.visible


def blanco_after_set_up(app):
    """A Blanco table, Ann (by clicks) against a computer, her set-up done and waiting for Next."""
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Cy", "easy")], seed=3)
    for _ in range(400):
        if table.human_turn():
            break
        key(app, pygame.K_SPACE)
    setup = BLANCO.bots.make_bot("normal", 3, 0).choose(table.state.view_for(0), 0)
    assert isinstance(setup, Setup)
    click(app, table.kit.grid.rects()[setup.reveal].center)
    click(app, table.kit.grid.rects()[setup.look].center)
    while table.animator.busy:
        wait(app)
    assert table.confirming == 0
    return table


def test_blanco_enter_after_next_never_switches_the_memory_aid(app):
    table = blanco_after_set_up(app)
    show_ring(app)
    assert focus_key(app) == ("button", "next")
    aid = app.ctx.settings.memory_aid
    key(app, pygame.K_RETURN)  # Next
    assert table.confirming is None
    for _ in range(400):  # Enter while the computer plays: nothing of Ann's changes
        assert focus_key(app) != ("button", "aid")
        if table.human_turn():
            break
        key(app, pygame.K_RETURN)
        assert app.ctx.settings.memory_aid == aid
    assert table.human_turn()
    frames(app, 1)
    here = next(t for t in targets_of(table) if t.key == focus_key(app))
    assert here.priority >= HIGHLIGHTED  # her turn: the focus is on a thing she can do


def test_blanco_space_after_the_mouse_acts_at_once(app):
    table = blanco_after_set_up(app)
    mouse_moved(app)
    key(app, pygame.K_SPACE)  # Space confirms a finished turn (the table's own)
    for _ in range(400):
        if table.human_turn():
            break
        key(app, pygame.K_SPACE)
    assert table.state.phase == "turn" and table.human_turn()
    mouse_moved(app)
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)  # the ring was hidden: this press only shows it
    assert len(table.state.actions) == before, "no draw on a pile the player cannot see"
    assert app.ring.visible
    shown = next(t for t in targets_of(table) if t.key == focus_key(app))
    assert shown.plays, "the ring shows the move the next press makes"
    key(app, pygame.K_RETURN)  # seen now: Enter acts
    assert len(table.state.actions) == before + 1


def lucky_box_at_first_number(app):
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    while table.animator.busy:
        wait(app)
    seen(app)
    return table


def test_lucky_box_enter_after_the_mouse_shows_the_ring_then_acts(app):
    table = lucky_box_at_first_number(app)
    mouse_moved(app)
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)
    assert len(table.state.actions) == before, "no square crossed on an unseen focus"
    assert app.ring.visible, "the first press shows where the focus is"
    focused = focus_key(app)
    assert isinstance(focused, tuple) and focused[0] == "square"
    key(app, pygame.K_RETURN)
    assert len(table.state.actions) == before + 1, table.message


def test_lucky_box_hidden_focus_on_a_square_never_crosses_it(app):
    """A square clicked then left (the mouse moved on): the focus rests on it, unseen. Enter
    and Space cross nothing; once the turn is done and Next shows, a hidden ring's Enter is
    Next (the default action), at once."""
    table = lucky_box_at_first_number(app)
    lit = [t for t in targets_of(table) if t.plays and t.priority >= HIGHLIGHTED]
    assert lit, "the number marks squares"
    for press in (pygame.K_SPACE, pygame.K_RETURN):
        mouse_moved(app)
        before = len(table.state.actions)
        key(app, press)
        assert len(table.state.actions) == before, f"{pygame.key.name(press)} made a move"
        assert app.ring.visible
    key(app, pygame.K_RETURN)  # the ring shows: Enter crosses the focused square
    assert len(table.state.actions) == before + 1, table.message
    for _ in range(200):  # the turn is done: Next shows
        if table.confirming is not None and not table.animator.busy:
            break
        wait(app)
    assert table.confirming is not None
    mouse_moved(app)
    key(app, pygame.K_RETURN)  # hidden ring: Enter is the default action, Next, at once
    assert table.confirming is None


def test_draft_raised_card_and_focused_card_agree(app):
    table = start_game(app.ctx, [Seat("Ann")], 12)
    for _ in range(100):
        if isinstance(app.stack.top, DraftScene):
            break
        wait(app)
    seen(app)
    draft = app.stack.top
    assert isinstance(draft, DraftScene)
    last = draft.hand[-1]
    mouse_moved(app, draft.card_center(last))
    assert draft.hovered == last
    key(app, pygame.K_TAB)
    for step in (None, pygame.K_LEFT, pygame.K_LEFT, pygame.K_RIGHT):
        if step is not None:
            key(app, step)
        focused = focus_key(app)
        assert isinstance(focused, tuple) and focused[0] == "card"
        assert draft.hovered == focused[1], "the lit card is the focused card"
        ring = next(t for t in targets_of(draft) if t.key == focused).rect
        card = draft.card_rects()[draft.hand.index(focused[1])]
        assert ring == card.move(0, draft.lift(focused[1])), "the ring is around it as drawn"
    assert table is not None
