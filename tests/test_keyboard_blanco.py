"""Keyboard-only play of Blanco (issue 14): from the title's game tab to the end of a solo game,
by posted keys only (no mouse event at all); refusals by keys say why, as clicks do.

The test "player" asks a bot what it wants (as a person reads the table), then moves the focus
ring there with the arrows (Tab when they cannot reach) and presses Enter.
"""

from __future__ import annotations

from typing import Any

import pygame

from game.blanco.entry import BLANCO
from game.blanco.rules import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.ui.scenes.gameend import GameEndScene
from game.blanco.ui.table.kit import BlancoKit
from game.core import i18n
from game.core.session import Seat
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.table import Table
from tests.keys_helpers import (
    POSTED,
    act_on,
    focus_key,
    key,
    show_ring,
    target,
    typed,
    walk_to,
)
from tests.support import kit_table
from tests.ui_helpers import frames, screenshot, wait

MOUSE = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL}


def settle(app: Any, table: Table, limit: int = 4000) -> None:
    """Keys until the table waits for the human's move (or the game leaves the table)."""
    for _ in range(limit):
        top = app.stack.top
        if top is not table:
            if isinstance(top, HandoffScene):
                key(app, pygame.K_RETURN)
                continue
            return
        if table.human_turn():
            return
        if table.animator.busy:
            key(app, pygame.K_SPACE)
        elif table.turns.confirming is not None:
            frames(app, 1)
            assert focus_key(app) == ("button", "next"), "Next takes the focus"
            key(app, pygame.K_RETURN)
        else:
            wait(app)
    raise AssertionError("the table never settled")


def cell(at: tuple[int, int]) -> tuple:
    return ("cell", *at)


def keys_action(app: Any, table: Table, action: Any, shots: set) -> None:
    """Make `action` with the keyboard, as a person would."""

    def shot(name: str) -> None:
        if name not in shots:
            shots.add(name)
            frames(app, 12)
            screenshot(app, f"keys_blanco_{name}")

    hand = table.state.hand(table.focus)
    if isinstance(action, Setup):
        act_on(app, cell(action.reveal))
        shot("setup")
        act_on(app, cell(action.look))
    elif isinstance(action, Draw):
        shot("draw")
        act_on(app, ("pile",) if action.source == "pile" else ("discard",))
    elif isinstance(action, Play):
        act_on(app, ("hand", hand.index(action.card)))
        shot("play_chosen")
        act_on(app, cell(action.at))
    elif isinstance(action, Discard):
        act_on(app, ("hand", hand.index(action.card)))
        act_on(app, ("discard",))
        if action.reveal is not None:
            act_on(app, cell(action.reveal))
    elif isinstance(action, Swap):
        act_on(app, ("button", "swap"))
        act_on(app, cell(action.a))
        act_on(app, cell(action.b))
        if action.reveal is not None:
            # The card to turn over is chosen where it is now; the swap moves it to `reveal`.
            act_on(app, cell(action.a if action.reveal == action.b else action.b))
    elif isinstance(action, Clear):
        shot("clear")
        act_on(app, ("choice", f"clear_{action.line}_{action.line_no}"))
    elif isinstance(action, Look):
        act_on(app, cell(action.at))
        if "reveal" in table.controls.choices():
            frames(app, 1)
            assert focus_key(app) == ("choice", "reveal"), "the step's choice takes the focus"
            shot("look")
            act_on(app, ("choice", "reveal" if action.reveal else "keep"))
    else:  # pragma: no cover
        raise AssertionError(action)


def test_a_whole_solo_blanco_game_by_keys_only(app) -> None:
    POSTED.clear()
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 30)
    act_on(app, "game_blanco")
    assert app.stack.top.game == "blanco", "Enter on the tab chose Blanco"
    act_on(app, "new_game")
    setup = app.stack.top
    while setup.seats > 1:
        act_on(app, "seat_minus")
    walk_to(app, "seed")  # the same deal every run (a blank seed is random)
    typed(app, "5")
    assert setup.widgets["seed"].text == "5"
    key(app, pygame.K_RETURN)  # Enter ends the typing
    frames(app, 10)
    screenshot(app, "keys_blanco_setup")
    act_on(app, "start")
    frames(app, 2)
    table = next(s for s in app.stack.scenes if kit_table(s, BlancoKit))
    assert len(table.session.seats) == 1 and not table.session.seats[0].is_computer
    app.ctx.settings.animation_speed = 8.0
    bot = BLANCO.bots.make_bot("normal", 5, 0)
    shots: set = set()
    steps = 0
    for _ in range(800):
        settle(app, table)
        if app.stack.top is not table:
            break
        count = len(table.state.actions)
        action = bot.choose(table.state.view_for(0), 0)
        keys_action(app, table, action, shots)
        assert len(table.state.actions) == count + 1, (action, table.message)
        assert table.state.actions[-1] == action
        steps += 1
    end = app.stack.top
    assert isinstance(end, GameEndScene), "the game was played to its end"
    assert table.state.is_terminal() and table.state.winner == 0
    assert steps > 10
    show_ring(app)
    frames(app, 20)
    screenshot(app, "keys_blanco_game_end")
    assert not MOUSE & set(POSTED), "no mouse event was posted"
    assert not app.errors


def test_enter_on_a_refused_place_says_why_and_esc_cancels_a_choice(app) -> None:
    app.ctx.settings.animation_speed = 8.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=5)
    settle(app, table)
    show_ring(app)
    before = len(table.state.actions)
    act_on(app, ("pile",))  # set-up: the piles are not for now
    assert len(table.state.actions) == before
    assert table.refusal and table.message, "the reason is said"
    frames(app, 2)
    screenshot(app, "keys_blanco_refused")
    setup = next(a for a in table.state.legal_actions(0) if isinstance(a, Setup))
    act_on(app, cell(setup.reveal))
    assert table.moves.cell == setup.reveal, "Enter chose the card to turn up"
    key(app, pygame.K_ESCAPE)
    assert table.moves.cell is None, "Esc backs out of the choice, not to the menu"
    assert app.stack.top is table
    key(app, pygame.K_ESCAPE, steps=2)
    assert app.stack.top is not table, "Esc again opens the menu"


def hint_followed_by_enter(app: Any, table: Table) -> Any:
    """H, then Enter until the hinted move is made (each Enter takes its next step); the
    move."""
    key(app, pygame.K_h)
    hint = table.moves.hint
    assert hint is not None, "H gave a hint"
    before = len(table.state.actions)
    for _ in range(6):
        if len(table.state.actions) > before:
            break
        frames(app, 1)
        key(app, pygame.K_RETURN)
    assert table.state.actions[before:] == [hint], (hint, table.message)
    return hint


def test_h_then_enter_enter_follows_the_hint_move_by_move(app) -> None:
    app.ctx.settings.animation_speed = 8.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=7)
    show_ring(app)
    kinds = set()
    for _ in range(8):
        settle(app, table)
        if app.stack.top is not table:
            break
        kinds.add(type(hint_followed_by_enter(app, table)).__name__)
    assert len(kinds) >= 2, "several kinds of move were followed"


def test_the_ring_on_a_pile_goes_round_its_count_in_german(app) -> None:
    """The piles' counts stand just above them; "Nachziehstapel: 90" is wider than the card, so
    a ring round the card alone crossed the words. The ring takes in the count."""
    from game.core.ui.toolkit import gfx

    i18n.set_language("de")
    app.ctx.settings.animation_speed = 8.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=5)
    settle(app, table)
    show_ring(app)
    while not any(isinstance(a, Draw) for a in table.state.legal_actions(0)):
        hint_followed_by_enter(app, table)  # the set-up's cards turned up
        settle(app, table)

    def label_pixels() -> bytes:
        frames(app, 30)  # the ring slides to its place
        label = table.kit.piles.labels["pile"]
        assert label.width > table.kit.geometry.draw_pile.width, "the German count is the wider"
        return pygame.image.tobytes(gfx.pixels_of(app.screen).subsurface(label), "RGB")

    walk_to(app, ("hand", 0))
    away = label_pixels()
    walk_to(app, ("pile",))
    assert target(app, ("pile",)).rect.contains(table.kit.piles.labels["pile"])
    assert label_pixels() == away, "the ring left the count's words as they were"
