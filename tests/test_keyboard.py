"""Keyboard-only play (issue 14): the focus model (Tab order, arrows, Enter/Space, Esc, the
mouse hiding the ring, sliders and text fields, tooltips) over the title and the menu scenes.
The tables: test_keyboard_table.py (Lucky Box) and test_keyboard_blanco.py.

Every event here is a posted key (KEYDOWN/KEYUP, plus TEXTINPUT for typed names): no mouse
event at all, except where a test checks that the mouse hides the ring.
"""

from __future__ import annotations

import pygame
import pytest

from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.pause import PauseScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.toolkit.focus import Target, nearest
from game.luckybox.ui.scenes.setup import SetupScene
from tests.keys_helpers import (
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
        ("luckybox.setup", {}),
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
        if route == "handoff":  # Tab round to "I'm ready!" (Enter on the focused Menu opens it)
            tab(app)
            assert focus_key(app) == "go"
        key(app, pygame.K_RETURN if route == "handoff" else pygame.K_ESCAPE, steps=2)
        assert app.stack.top is not scene, f"{route} was left by the keyboard"
        assert isinstance(app.stack.top, TitleScene)
    assert not app.errors


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


def test_resting_on_a_button_shows_its_tooltip_and_a_key_puts_it_away(app):
    from game.core.ui.toolkit.tooltip import text_of

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


@pytest.mark.app_errors_expected  # the broken scene's error is kept by the app, on purpose
def test_a_scene_whose_targets_fail_never_takes_a_frame_down(app):
    class Broken(TitleScene):
        def focus_targets(self):
            raise RuntimeError("half-way through a change")

    app.stack.clear_to(Broken(app.ctx))
    frames(app, 2)
    tab(app)  # the key's error is caught and kept by the app, as for any event
    app.ring.visible = True
    assert frames(app, 5), "the frames go on, the ring is simply not drawn"
