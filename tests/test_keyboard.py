"""Keyboard-only play (issue 14): the focus model and a whole solo Lucky Box game by keys.

Every event here is a posted key (KEYDOWN/KEYUP, plus TEXTINPUT for typed names): no mouse
event at all, except where a test checks that the mouse hides the ring.
"""

from __future__ import annotations

import random

import pygame

from game.core.session import Seat
from game.core.ui.focus import Target, nearest
from game.core.ui.scenes.dialog import ConfirmDialog
from game.core.ui.scenes.handoff import HandoffScene
from game.core.ui.scenes.pause import PauseScene
from game.core.ui.scenes.title import TitleScene
from game.luckybox.rules import Cross, Pass, Resolve
from game.luckybox.ui.cardview import EXACT, LIGHTNING
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.gameend import GameEndScene
from game.luckybox.ui.scenes.roundend import RoundEndScene
from game.luckybox.ui.scenes.setup import SetupScene
from game.luckybox.ui.scenes.table import TableScene, start_game
from tests.keys_helpers import (
    POSTED,
    act_on,
    focus_key,
    key,
    show_ring,
    tab,
    targets,
    typed,
    walk_to,
)
from tests.ui_helpers import frames, screenshot

MOUSE = {pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL}


def box(x: float, y: float, w: float = 40, h: float = 40) -> Target:
    return Target((x, y), pygame.FRect(x, y, w, h), lambda: None)


# --------------------------------------------------------------------------- the focus model


def test_arrows_go_to_the_nearest_target_that_way_preferring_the_same_row():
    here = pygame.FRect(100, 100, 40, 40)
    row = box(300, 100)
    diagonal = box(200, 180)  # nearer, but a row below
    above = box(100, 20)
    grid = [row, diagonal, above]
    assert nearest(here, grid, (1, 0)) is row
    assert nearest(here, grid, (0, -1)) is above
    assert nearest(here, grid, (0, 1)) is diagonal
    assert nearest(here, grid, (-1, 0)) is None  # nothing to the left: the focus stays


def test_tab_follows_the_widget_order_and_wraps_shift_tab_goes_back(app):
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    app.stack.push(PauseScene(app.ctx))
    frames(app, 2)
    assert not app.ring.visible, "no ring until the keyboard is used"
    tab(app)
    assert app.ring.visible and focus_key(app) == "resume", "the first Tab shows the ring"
    order = [n for n, w in app.stack.top.widgets.items() if w.visible]  # buttons others add too
    assert order[0] == "resume" and "quit" in order
    seen = []
    for _ in range(len(order)):
        tab(app)
        seen.append(focus_key(app))
    assert seen == order[1:] + ["resume"], "Tab goes in widget order and wraps round"
    tab(app, back=True)
    assert focus_key(app) == order[-1]
    walk_to(app, "quit")
    key(app, pygame.K_UP)
    assert focus_key(app) == order[order.index("quit") - 1], "Up: the button above"
    frames(app, 20)
    screenshot(app, "keys_pause_ring")


def test_the_mouse_hides_the_ring_and_keys_bring_it_back(app):
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    tab(app)
    assert app.ring.visible
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(3, 2), buttons=(0, 0, 0))
    )
    frames(app, 1)
    assert not app.ring.visible
    before = focus_key(app)
    key(app, pygame.K_DOWN)
    assert app.ring.visible and focus_key(app) == before, "the first key shows, not moves"


def test_enter_acts_on_the_focus_as_a_click_and_esc_backs_out(app):
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 30)
    act_on(app, "settings")
    assert app.stack.top.__class__.__name__ == "SettingsScene", "Enter clicked Settings"
    key(app, pygame.K_ESCAPE, steps=2)
    assert isinstance(app.stack.top, TitleScene), "Esc backs out of the settings"
    act_on(app, "new_game", pygame.K_SPACE)
    assert isinstance(app.stack.top, SetupScene), "Space acts too"
    key(app, pygame.K_ESCAPE, steps=2)
    assert isinstance(app.stack.top, TitleScene)
    assert not app.errors


def test_a_dialog_answers_by_arrows_and_enter(app):
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    answers = []
    app.stack.push(
        ConfirmDialog(app.ctx, "Sure?", lambda: answers.append("yes"), lambda: answers.append("no"))
    )
    frames(app, 2)
    walk_to(app, "yes")
    key(app, pygame.K_LEFT)
    assert focus_key(app) == "no", "Left reaches No beside Yes"
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RETURN)
    assert answers == ["yes"]


def test_without_the_ring_enter_keeps_its_shortcut(app):
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    key(app, pygame.K_RETURN, steps=2)
    assert isinstance(app.stack.top, SetupScene), "Enter: new game, as the title says"
    assert not app.ring.visible


def test_sliders_take_left_and_right_while_focused(app):
    app.ctx.nav.push("settings")
    frames(app, 2)
    scene = app.stack.top
    volume = scene.widgets["volume"]
    start = volume.value
    walk_to(app, "volume")
    key(app, pygame.K_LEFT)
    assert volume.value < start
    key(app, pygame.K_RIGHT)
    key(app, pygame.K_RIGHT)
    assert volume.value > start - 1e-9
    assert focus_key(app) == "volume", "Left/Right adjusted, not moved"
    key(app, pygame.K_ESCAPE, steps=2)


def test_names_are_typed_after_enter_and_tab_leaves_the_field(app):
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    key(app, pygame.K_n, steps=2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    act_on(app, "name_0")
    field = setup.widgets["name_0"]
    assert field.focused, "Enter on a name starts typing"
    for _ in range(20):
        key(app, pygame.K_BACKSPACE)
    typed(app, "Zoe")
    key(app, pygame.K_SPACE)  # a space stays in the field's hands, it does not click
    tab(app)
    assert not field.focused and focus_key(app) != "name_0"
    assert setup.config().names[0] == "Zoe"
    walk_to(app, "seed")
    seed = setup.widgets["seed"]
    assert not seed.focused
    typed(app, "42")  # typing on the focused field starts editing it
    assert seed.focused and seed.text.endswith("42")
    key(app, pygame.K_RETURN)
    assert not seed.focused, "Enter ends the typing"


# --------------------------------------------------------------------------- at the table


def solo_table(app, seed: int = 5) -> TableScene:
    table = start_game(app.ctx, [Seat("Solo", "human")], seed)
    app.ctx.settings.animation_speed = 8.0
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, DraftScene):
            for card in top.hand[: top.need]:
                top.toggle(card)
            top.confirm()
        elif table.human_turn():
            return table
        elif table.confirming is not None and not table.animator.busy:
            table.confirm_turn()
        frames(app, 1)
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
    assert table.board.marks()[card][0][cell] == EXACT, "the square it jumped to is gold"
    if len(gold) > 1:
        key(app, getattr(pygame, f"K_{number}"))
        assert focus_key(app) != first, "the same digit again: the next gold square"
    other = next(
        n for n in range(1, 10) if n != number and not any(t.number == n for t in targets(app))
    )
    here = focus_key(app)
    key(app, getattr(pygame, f"K_{other}"))
    assert focus_key(app) == here, "no gold square shows it: the focus stays"
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
        frames(app, 1)
    card, cell = gold.card, gold.cell
    before = len(table.state.actions)
    act_on(app, ("square", card, cell))
    assert len(table.state.actions) == before, "nothing was crossed"
    assert table.message == "That square is already crossed.", "the reason is shown"
    assert table.refused is not None and table.refused[:2] == (card, cell), "it flashes red"
    frames(app, 2)
    screenshot(app, "keys_table_refused")


def test_space_still_skips_an_animation_while_the_ring_shows(app):
    table = solo_table(app)
    show_ring(app)
    gold = next(a for a in table.state.legal_actions(0) if isinstance(a, Cross))
    table.moves.apply(gold)
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
    table.moves.apply(gold)
    frames(app, 1)
    assert table.animator.busy
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)
    assert table.animator.unshown == 0 and len(table.state.actions) == before
    assert not table.message, "no refusal: the key only skipped"


def test_the_how_to_keeps_its_arrows_for_turning_pages(app):
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    app.ctx.nav.push("howto")
    frames(app, 2)
    howto = app.stack.top
    show_ring(app)
    key(app, pygame.K_RIGHT)
    assert howto.index == 1, "Right turned the page"
    key(app, pygame.K_LEFT)
    assert howto.index == 0
    key(app, pygame.K_ESCAPE, steps=2)
    assert isinstance(app.stack.top, TitleScene)


def test_lightning_by_keys_enter_chooses_then_spend_takes_the_focus(app):
    table = solo_table(app, seed=11)
    blue = [a for a in table.state.legal_actions(0) if isinstance(a, Cross) and a.lightning]
    if not blue:  # the deal gives no Lightning choice on the first number: nothing to test
        return
    a = blue[0]
    act_on(app, ("square", a.card, a.cell))
    assert table.selected_square is not None, "Enter picked the Lightning square"
    assert table.board.marks()[a.card][0][a.cell] != LIGHTNING
    frames(app, 2)
    assert focus_key(app) == ("button", "spend"), "Spend takes the focus"
    screenshot(app, "keys_table_spend")
    before = len(table.state.actions)
    key(app, pygame.K_RETURN)
    assert len(table.state.actions) == before + 1


# --------------------------------------------------------------------------- a whole game


def take_turn_by_keys(app, table: TableScene, rng: random.Random) -> None:
    """One legal action of the human, chosen at random, taken with keys only."""
    state = table.state
    legal = state.legal_actions(0)
    before = len(state.actions)
    action = rng.choice(legal)
    if isinstance(action, Resolve):
        pending = [(p.card, p.line, p.index) for p in state.players[0].pending]
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
        if table.selected_square != action:  # Enter again: the other way round the clock
            key(app, pygame.K_RETURN)
        assert table.selected_square == action, table.message
        assert len(state.actions) == before, "Lightning is never spent by one key"
        frames(app, 1)
        assert focus_key(app) == ("button", "spend")
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
    screenshot(app, "keys_setup_ring")
    act_on(app, "start", pygame.K_SPACE)
    frames(app, 2)
    table = next(s for s in app.stack.scenes if isinstance(s, TableScene))
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
            frames(app, 1)
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


# --------------------------------------------------------------------------- every scene


def test_every_menu_scene_takes_the_focus_on_each_of_its_controls(app):
    """Settings, pause, replays, statistics, how to play, hand-off and both setups: Tab
    reaches every control the scene offers, the ring is drawn, and Esc leaves (the hand-off,
    which nobody leaves but its player, goes by Enter)."""
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    routes = [
        ("settings", {}),
        ("pause", {}),
        ("replays", {}),
        ("stats", {}),
        ("howto", {}),
        ("setup", {}),
        ("blanco.setup", {}),
        ("handoff", {"name": "Ann"}),
    ]
    for route, kw in routes:
        app.ctx.nav.push(route, **kw)
        frames(app, 2)
        scene = app.stack.top
        offered = [t.key for t in targets(app)]
        assert offered, f"{route} offers something to focus"
        show_ring(app)
        reached = {focus_key(app)}
        for _ in range(len(offered) - 1):
            tab(app)
            reached.add(focus_key(app))
        assert reached == set(offered), f"Tab reaches every control of {route}"
        frames(app, 12)
        assert app.ring.current(scene) is not None
        screenshot(app, f"keys_ring_{route.replace('.', '_')}")
        key(app, pygame.K_RETURN if route == "handoff" else pygame.K_ESCAPE, steps=2)
        assert app.stack.top is not scene, f"{route} was left by the keyboard"
        assert isinstance(app.stack.top, TitleScene)
    assert not app.errors


def test_enter_on_another_players_board_keeps_it_large(app):
    table = start_game(app.ctx, [Seat("Ann", "human"), Seat("Bot", "easy")], 4)
    app.ctx.settings.animation_speed = 8.0
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, DraftScene):
            for card in top.hand[: top.need]:
                top.toggle(card)
            top.confirm()
        elif table.human_turn():
            break
        frames(app, 1)
    act_on(app, ("board", 1))
    assert table.others.pinned == 1 and table.others.zoomed == 1, "Enter zoomed it, as a click"
    frames(app, 12)
    screenshot(app, "keys_table_board_zoomed")
    key(app, pygame.K_RETURN)
    assert table.others.pinned is None, "Enter again lets it go"


def test_the_ring_breathes_but_holds_still_with_reduced_motion(app):
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    scene = app.stack.top
    tab(app)

    def ring_at(time: float, calm: bool) -> bytes:
        app.ring.time = time
        app.ring.reduced_motion = lambda: calm
        surface = pygame.Surface((1280, 720))
        app.ring.draw(surface, scene)
        return pygame.image.tobytes(surface, "RGB")

    assert ring_at(0.0, False) != ring_at(0.3, False), "the ring breathes"
    assert ring_at(0.0, True) == ring_at(0.3, True), "reduced motion: it holds still"
    assert ring_at(0.0, True) != bytes(1280 * 720 * 3), "and is drawn"


def test_after_h_enter_follows_the_hint(app):
    table = solo_table(app, seed=8)
    show_ring(app)
    key(app, pygame.K_h)
    hint = table.hint
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


def test_resting_on_a_button_shows_its_tooltip_and_a_key_puts_it_away(app):
    from game.core.ui.tooltip import text_of

    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 30)
    scene = app.stack.top
    name = next(n for n, w in scene.widgets.items() if w.visible and text_of(w.tooltip))
    walk_to(app, name)
    assert app.ring.tip is None, "not at once"
    frames(app, 60)
    assert app.ring.tip is not None, "after a rest, as for the mouse"
    assert app.ring.tip.text == text_of(scene.widgets[name].tooltip)
    screenshot(app, "keys_title_tooltip")
    key(app, pygame.K_TAB)
    assert app.ring.tip is None, "a key puts it away"
