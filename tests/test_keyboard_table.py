"""Keyboard-only play at the Lucky Box table (issue 14): 1-9 jump to gold squares, Enter on a
refused square says why, Space and Enter keep skipping animations, Lightning by keys, the hint
followed by Enter, other players' boards, and a whole solo game from the title by keys only.

Every event here is a posted key (KEYDOWN/KEYUP): no mouse event at all.
"""

from __future__ import annotations

import random

import pygame

from game.core.session import Seat
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.table import Table
from game.luckybox.rules import Cross, Pass, Resolve
from game.luckybox.ui.cardview import EXACT, LIGHTNING
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.gameend import GameEndScene
from game.luckybox.ui.scenes.roundend import RoundEndScene
from game.luckybox.ui.scenes.setup import SetupScene
from game.luckybox.ui.scenes.table import is_lucky_box_table, start_game
from tests.keys_helpers import (
    POSTED,
    act_on,
    focus_key,
    key,
    show_ring,
    targets,
    typed,
    walk_to,
)
from tests.ui_helpers import frames, screenshot, wait

MOUSE = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL}


# --------------------------------------------------------------------------- at the table


def kept_the_first_cards(app) -> bool:
    """A draft on top keeps its first cards (True); anything else is left (False)."""
    top = app.stack.top
    if not isinstance(top, DraftScene):
        return False
    for card in top.hand[: top.need]:
        top.toggle(card)
    top.confirm()
    return True


def solo_table(app, seed: int = 5) -> Table:
    table = start_game(app.ctx, [Seat("Solo", "human")], seed)
    app.ctx.settings.animation_speed = 8.0
    for _ in range(3000):
        if kept_the_first_cards(app):
            pass
        elif table.human_turn():
            return table
        elif table.confirming is not None and not table.animator.busy:
            table.confirm_turn()
        wait(app)
    raise AssertionError("no first number")


def test_a_digit_jumps_to_a_gold_square_showing_it_and_again_to_the_next(app):
    table = solo_table(app)
    number = table.state.number
    gold = [a for a in table.state.legal_actions(0) if isinstance(a, Cross) and not a.lightning]
    assert gold, "this deal has a gold square on the first number"
    key(app, getattr(pygame, f"K_{number}"))
    assert app.ring.visible
    first = focus_key(app)
    assert first[0] == "square"
    _, card, cell = first
    assert table.state.face(card).grid[cell] == number
    assert table.kit.board.marks()[card][0][cell] == EXACT, "the square it jumped to is gold"
    if len(gold) > 1:
        key(app, getattr(pygame, f"K_{number}"))
        assert focus_key(app) != first, "the same digit again: the next gold square"
    other = next(
        n for n in range(1, 10) if n != number and not any(t.number == n for t in targets(app))
    )
    here = focus_key(app)
    sounds: list[str] = []
    app.ctx.audio.play = sounds.append
    key(app, getattr(pygame, f"K_{other}"))
    assert focus_key(app) == here, "no gold square shows it: the focus stays"
    assert sounds == ["refuse"], "and the refusal sound says so"
    frames(app, 10)
    screenshot(app, "keys_table_gold_square")
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)
    assert len(table.state.actions) == before + 1, "Enter crossed it, as a click does"
    frames(app, 60)
    assert focus_key(app) == ("button", "next"), "Next takes the focus once it appears"
    screenshot(app, "keys_table_next")


def test_enter_on_a_refused_square_says_why(app):
    table = solo_table(app)
    gold = next(a for a in table.state.legal_actions(0) if isinstance(a, Cross) and not a.lightning)
    act_on(app, ("square", gold.card, gold.cell))  # crossed: now it is refused
    frames(app, 60)
    key(app, pygame.K_RETURN)  # Next
    for _ in range(600):
        if table.human_turn():
            break
        wait(app)
    card, cell = gold.card, gold.cell
    before = len(table.state.actions)
    act_on(app, ("square", card, cell))
    assert len(table.state.actions) == before, "nothing was crossed"
    assert table.message == "That square is already crossed.", "the reason is shown"
    assert table.kit.refused is not None and table.kit.refused[:2] == (card, cell), "it flashes red"
    frames(app, 2)
    screenshot(app, "keys_table_refused")


def test_space_still_skips_an_animation_while_the_ring_shows(app):
    table = solo_table(app)
    show_ring(app)
    gold = next(a for a in table.state.legal_actions(0) if isinstance(a, Cross))
    table.show(table.moves.apply(gold))
    frames(app, 1)
    assert table.animator.busy
    before = len(table.state.actions)
    key(app, pygame.K_SPACE)
    assert table.animator.unshown == 0, "Space skipped it"
    assert len(table.state.actions) == before, "and did not act on the focus"
    frames(app, 3)
    assert table.confirming == 0 and focus_key(app) == ("button", "next")
    walk_to(app, ("button", "hint"))
    key(app, pygame.K_SPACE)
    assert table.confirming is None, "Space on a finished turn is still Next, wherever the ring"


def test_enter_while_an_animation_plays_skips_it_as_a_click_does(app):
    table = solo_table(app)
    show_ring(app)
    gold = next(a for a in table.state.legal_actions(0) if isinstance(a, Cross))
    table.show(table.moves.apply(gold))
    frames(app, 1)
    assert table.animator.busy
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)
    assert table.animator.unshown == 0 and len(table.state.actions) == before
    assert not table.message, "no refusal: the key only skipped"


def test_lightning_by_keys_enter_chooses_spend_takes_the_focus_esc_backs_out(app):
    table = solo_table(app, seed=11)
    blue = [a for a in table.state.legal_actions(0) if isinstance(a, Cross) and a.lightning]
    assert blue, "this deal offers Lightning on the first number"
    a = blue[0]
    act_on(app, ("square", a.card, a.cell))
    assert table.kit.selected_square is not None, "Enter picked the Lightning square"
    assert table.kit.board.marks()[a.card][0][a.cell] != LIGHTNING
    frames(app, 12)
    assert focus_key(app) == ("button", "spend"), "Spend takes the focus"
    screenshot(app, "keys_table_spend")
    key(app, pygame.K_ESCAPE)
    assert table.kit.selected_square is None and app.stack.top is table, "Esc: the choice, undone"
    assert focus_key(app) != ("button", "spend"), "Spend went: the focus goes back"
    act_on(app, ("square", a.card, a.cell))
    frames(app, 1)
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)
    assert len(table.state.actions) == before + 1, "Enter on Spend spent"
    assert table.state.actions[-1].lightning, "a Lightning cross"


# --------------------------------------------------------------------------- a whole game


def take_turn_by_keys(app, table: Table, rng: random.Random) -> None:
    """One legal action of the human, chosen at random, taken with keys only."""
    state = table.state
    legal = state.legal_actions(table.focus)
    before = len(state.actions)
    action = rng.choice(legal)
    if isinstance(action, Resolve):
        pending = [(p.card, p.line, p.index) for p in state.players[table.focus].pending]
        chosen = (action.card, action.line, action.index)
        if len(pending) > 1 and table.moves.bonus_choice() != chosen:
            act_on(app, ("bonus", chosen))
        act_on(app, ("square", action.target_card, action.cell))
    elif isinstance(action, Pass):
        act_on(app, ("button", "pass"))
    elif action.lightning == 0:
        shown = state.face(action.card).grid[action.cell]
        for _ in range(12):  # the digit jumps among the gold squares showing it
            if focus_key(app) == ("square", action.card, action.cell):
                break
            key(app, getattr(pygame, f"K_{shown}"))
        key(app, pygame.K_RETURN)
    else:
        act_on(app, ("square", action.card, action.cell))
        frames(app, 1)
        assert focus_key(app) == ("button", "spend"), "Spend takes the focus once it shows"
        if table.kit.selected_square != action:
            # The cheaper way round the clock was chosen (Enter now would spend it): back to
            # the square, and Enter on it again for the other way; then on to Spend.
            act_on(app, ("square", action.card, action.cell))
            walk_to(app, ("button", "spend"))
        assert table.kit.selected_square == action, table.message
        assert len(state.actions) == before, "Lightning is never spent by one key"
        key(app, pygame.K_RETURN)
    assert len(state.actions) == before + 1, f"{action} was not taken: {table.message}"


def test_a_whole_solo_game_by_keys_only(app):
    POSTED.clear()
    rng = random.Random(3)
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 30)
    act_on(app, "new_game")
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    act_on(app, "seat_minus")
    assert setup.seats == 1
    # The same deal every run (a blank seed is random): one with a square that Lightning turns
    # either way round the clock, the choice a keyboard player makes by Enter on it again.
    walk_to(app, "seed")
    typed(app, "1238")
    assert setup.widgets["seed"].text == "1238"
    key(app, pygame.K_RETURN)  # Enter ends the typing
    screenshot(app, "keys_setup_ring")
    act_on(app, "start", pygame.K_SPACE)
    frames(app, 2)
    table = next(s for s in app.stack.scenes if is_lucky_box_table(s))
    app.ctx.settings.animation_speed = 8.0
    shots: set[str] = set()
    turns = 0
    for _ in range(20000):
        top = app.stack.top
        if isinstance(top, GameEndScene):
            break
        if isinstance(top, HandoffScene):
            key(app, pygame.K_RETURN)
        elif isinstance(top, DraftScene):
            for card in rng.sample(top.hand, top.need):
                act_on(app, ("card", card))
            if "draft" not in shots:
                shots.add("draft")
                frames(app, 10)
                screenshot(app, "keys_draft_ring")
            assert focus_key(app) == "confirm", "Keep takes the focus once the choice is made"
            before = len(table.state.actions)
            key(app, pygame.K_RETURN, steps=2)
            assert len(table.state.actions) == before + 1
        elif isinstance(top, RoundEndScene):
            frames(app, 30)
            show_ring(app)
            if "round" not in shots:
                shots.add("round")
                screenshot(app, "keys_round_end_ring")
            key(app, pygame.K_RETURN, steps=2)
        elif top is table and table.confirming is not None and not table.animator.busy:
            frames(app, 1)
            assert focus_key(app) == ("button", "next")
            key(app, pygame.K_RETURN)
        elif top is table and table.human_turn():
            take_turn_by_keys(app, table, rng)
            turns += 1
            if turns == 5:
                frames(app, 8)
                screenshot(app, "keys_table_midgame")
        elif top is table and table.animator.busy:
            key(app, pygame.K_SPACE)
        else:
            wait(app)
    else:
        raise AssertionError("the game did not finish")
    assert isinstance(app.stack.top, GameEndScene)
    assert table.state.phase == "over" or table.finished
    assert turns >= 20, "every number of the game was played by keys"
    show_ring(app)
    frames(app, 30)
    screenshot(app, "keys_game_end_ring")
    assert not MOUSE & set(POSTED), "no mouse event was posted"
    assert not app.errors


def test_enter_on_another_players_board_keeps_it_large(app):
    table = start_game(app.ctx, [Seat("Ann", "human"), Seat("Bot", "easy")], 4)
    app.ctx.settings.animation_speed = 8.0
    for _ in range(3000):
        if not kept_the_first_cards(app) and table.human_turn():
            break
        wait(app)
    act_on(app, ("board", 1))
    assert table.kit.others.pinned == 1 and table.kit.others.zoomed == 1, (
        "Enter zoomed it, as a click"
    )
    frames(app, 12)
    screenshot(app, "keys_table_board_zoomed")
    key(app, pygame.K_RETURN)
    assert table.kit.others.pinned is None, "Enter again lets it go"


def test_after_h_enter_follows_the_hint(app):
    table = solo_table(app, seed=8)
    show_ring(app)
    key(app, pygame.K_h)
    hint = table.kit.hint
    assert hint is not None, "H gave a hint"
    frames(app, 2)
    if isinstance(hint, Pass):
        assert focus_key(app) == ("button", "pass")
    else:
        card, cell = (
            (hint.card, hint.cell) if isinstance(hint, Cross) else (hint.target_card, hint.cell)
        )
        assert focus_key(app) == ("square", card, cell), "the hinted square takes the focus"
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)
    if len(table.state.actions) == before:  # a Lightning hint: Spend takes the focus next
        frames(app, 1)
        assert focus_key(app) == ("button", "spend")
        key(app, pygame.K_RETURN)
    assert table.state.actions[-1] == hint, "Enter, Enter: the hinted move was made"


def test_a_guided_game_is_followed_by_enter_alone(app):
    """The guide points at the thing to click; the ring goes there, so Enter follows it."""
    table = app.ctx.nav.make("luckybox.guided")
    app.ctx.settings.animation_speed = 8.0
    guide = app.ctx.stack.overlay
    assert guide is not None
    frames(app, 2)
    show_ring(app)
    followed = 0
    for _ in range(400):
        if table.state.round > 1 or isinstance(app.stack.top, RoundEndScene):
            break
        top = app.stack.top
        if top is table and table.animator.busy:
            key(app, pygame.K_SPACE)
            continue
        frames(app, 1)
        advice = guide.advice
        if advice is None or advice.target is None:
            continue
        here = app.ring.current(app.stack.top)
        assert here is not None and here.rect.collidepoint(advice.target), (
            f"the ring is on {here and here.key}, the guide points at {advice.target}"
        )
        if followed == 3:
            frames(app, 10)
            screenshot(app, "keys_guided_ring")
        key(app, pygame.K_RETURN)
        followed += 1
    assert followed >= 15, "the draft and the first round's numbers, by Enter alone"
    assert not app.errors


def test_pass_and_play_by_keys_the_next_player_starts_on_a_gold_square(app):
    table = start_game(app.ctx, [Seat("Ann", "human"), Seat("Bo", "human")], 6)
    app.ctx.settings.animation_speed = 8.0
    app.ctx.settings.pass_screen = True
    show_ring(app)
    seats_played = []
    for _ in range(4000):
        top = app.stack.top
        if len(seats_played) >= 4:
            break
        if isinstance(top, HandoffScene):
            key(app, pygame.K_RETURN)
        elif isinstance(top, DraftScene):
            for card in top.hand[: top.need]:
                act_on(app, ("card", card))
            key(app, pygame.K_RETURN, steps=2)
        elif top is table and table.confirming is not None and not table.animator.busy:
            frames(app, 1)
            key(app, pygame.K_RETURN)
        elif top is table and table.human_turn():
            frames(app, 1)
            here = app.ring.current(table)
            gold = (
                table.kit.board.marks().get(here.key[1], ({}, {}))[0]
                if here.key[0] == "square"
                else {}
            )
            if table.state.has_exact(table.focus):
                assert here.key[0] == "square" and gold.get(here.key[2]) == EXACT, (
                    "the player's focus starts on one of their gold squares"
                )
                key(app, pygame.K_RETURN)
            else:
                take_turn_by_keys(app, table, random.Random(1))
            seats_played.append(table.focus)
        elif top is table and table.animator.busy:
            key(app, pygame.K_SPACE)
        else:
            frames(app, 1)
    assert set(seats_played) == {0, 1}, "both players played by keys, handing over by Enter"
    assert not app.errors
