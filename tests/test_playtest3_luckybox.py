"""Issue 74, items 5 and 10 (the tooltip, the guide's arrow), found by playing in a real window:

- One Enter left Lucky Box's results for the title (the focus started on Title): it starts on
  Play again, the page's main action, and Space still does nothing there.
- The discard pile's large tooltip covered Swap and Undo: it goes where it covers no button.
- A guide arrow's shaft crossed a Lightning bonus icon and the "LUCKY BOX" name under it: it
  is routed around the cards' icons and names.

Real scenes in real apps, driven by posted key and mouse events at the layout's positions."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.screens.gameend import LAND, GameEndScreen
from game.core.ui.screens.guide import Guide
from game.core.ui.screens.title import TitleScene
from game.core.ui.toolkit import window as window_mode
from game.core.ui.toolkit.sketch import ARROW_BOB, SHAFT_HALF
from game.core.ui.toolkit.tooltip import DELAY, FADE
from game.luckybox.ui.scenes.roundend import RoundEndScene
from game.luckybox.ui.table.kit import is_lucky_box_table, kit_of
from tests.keys_helpers import key
from tests.test_guide_arrow import walk_guided
from tests.test_scoring_scenes import round_end
from tests.ui_helpers import frames, press, screenshot

DT = 1 / 60
STILL = round((DELAY + FADE) / DT) + 4  # frames of a mouse held still: its tip has shown


# ------------------------------------------------------------------ item 5: the results' Enter


def test_one_enter_on_lucky_box_results_plays_again_and_never_leaves(app: Any) -> None:
    """A player on the keys (the ring showing since the round's end) presses Enter once the
    results have landed: a new game, not the title. Space does nothing there."""
    _table, scene = round_end(app, 2, round_no=4)
    assert isinstance(scene, RoundEndScene) and scene.round == 4
    frames(app, 400)  # its scoring has played out
    key(app, pygame.K_TAB)  # the keyboard in use: the ring shows (on Continue)
    assert app.ring.visible and app.ring.current_key(scene) == "continue"
    press(app, pygame.K_RETURN, 2)  # Continue: the results
    for _ in range(300):
        if isinstance(app.stack.top, GameEndScreen):
            break
        frames(app, 1)
    end = app.stack.top
    assert isinstance(end, GameEndScreen) and end.game_id == "luckybox", type(end)
    frames(app, round(LAND / DT) + 5)  # the moment has landed
    assert end.landed and app.ring.visible
    assert app.ring.current_key(end) == "again", "the focus starts on Play again"
    press(app, pygame.K_SPACE, 3)  # out of habit: nothing
    assert app.stack.top is end, "Space acted on the results"
    press(app, pygame.K_RETURN, 3)
    assert not isinstance(app.stack.top, (TitleScene, GameEndScreen)), type(app.stack.top)
    assert not any(isinstance(s, TitleScene) for s in app.stack.scenes), "one Enter left the game"
    assert type(app.stack.top).__module__.startswith("game."), "a new Lucky Box deal"
    assert not app.errors, app.errors[0]


def test_space_does_nothing_on_the_results_with_the_ring_hidden(app: Any) -> None:
    from tests.test_results_land import finished

    end = app.ctx.nav.make("luckybox.game_end", session=finished("luckybox"))
    app.stack.clear_to(end)
    frames(app, round(LAND / DT) + 5)
    press(app, pygame.K_SPACE, 2)
    assert app.stack.top is end and not app.ring.visible
    press(app, pygame.K_ESCAPE, 3)  # Esc still leaves, on purpose
    assert isinstance(app.stack.top, TitleScene)


# ------------------------------------------------------------------ item 10: the discard tip


def _window_pos(pos: tuple[float, float]) -> tuple[int, int]:
    x, y = window_mode.to_window(pos, window_mode.the_window().size)
    return round(x), round(y)


def _hold_mouse_on(app: Any, pos: tuple[float, float]) -> None:
    """The system's mouse moved onto `pos` (logical) and held still there."""
    at = _window_pos(pos)
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=at, rel=(1, 1), buttons=(0, 0, 0), touch=False, window=None
        )
    )
    frames(app, STILL)


@pytest.mark.parametrize(
    ("window", "text_size"),
    [
        ((1024, 768), "normal"),
        ((1024, 768), "large"),
        ((1000, 700), "normal"),
        ((1280, 800), "normal"),
        ((2560, 1080), "normal"),
    ],
)
def test_the_discard_piles_tip_covers_no_button(
    make_app: Any, window: tuple[int, int], text_size: str
) -> None:
    app = make_app(window)
    if text_size == "large":
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    app.ctx.settings.pass_screen = False
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bo", "easy")], seed=5)
    for _ in range(80):  # the deal, at the pace a player can follow
        if table.human_turn():
            break
        frames(app, 1, dt=0.2)
    assert table.human_turn()
    geometry = table.kit.geometry
    _hold_mouse_on(app, geometry.discard_pile.center)
    layer = table.kit.help.layer
    assert layer.tip is not None and layer.tip.title.startswith("Discard pile")
    app.redraw()
    frames(app, 1)
    placed = layer.placed
    assert placed is not None, "the tip was drawn"
    screenshot(app, f"issue74/discard_tip_{window[0]}x{window[1]}_{text_size}")
    controls = table.controls
    for name in ("swap", "undo", "hint", "menu", "aid"):
        button = controls.buttons[name].rect
        assert controls.shown(name) and not placed.colliderect(button), (name, placed, button)
    assert not placed.colliderect(geometry.discard_pile), "nor the pile itself"
    assert not app.errors, app.errors[0]


# ------------------------------------------------------------------ item 10: the guide's arrow


def shaft_crossings(guide: Guide) -> list[str]:
    """What the arrow's shaft (behind its head, at any bob) lies on among the player's cards'
    bonus icons and "LUCKY BOX" names, other than the thing pointed at."""
    top = guide.ctx.stack.top
    if guide.arrow is None or not is_lucky_box_table(top):
        return []
    kit = kit_of(top)
    marked = guide.marked()
    (x0, y0), (x1, y1) = guide.arrow
    length = ((x0 - x1) ** 2 + (y0 - y1) ** 2) ** 0.5
    ux, uy = (x0 - x1) / length, (y0 - y1) / length
    neck = (x1 + ux * 22, y1 + uy * 22)  # behind the head, which lies on the thing
    tail = (x0 + ux * ARROW_BOB, y0 + uy * ARROW_BOB)
    crossings = []
    for card in kit.board.rects(top.focus):
        drawn = [("icon", icon) for icon in kit.cards.icon_rects(card)]
        drawn.append(("LUCKY BOX", kit.cards.name_label_rect(card)))
        for what, rect in drawn:
            if marked is not None and rect.colliderect(marked):
                continue
            if rect.inflate(2 * SHAFT_HALF, 2 * SHAFT_HALF).clipline(neck, tail):
                where = guide.advice.kind if guide.advice is not None else "?"
                crossings.append(f"{where}: the shaft {guide.arrow} crosses {what} at {rect}")
    return crossings


@pytest.mark.parametrize("window", [(1024, 768), (2560, 1080)])
def test_the_guides_arrow_keeps_off_the_cards_icons_and_names(
    make_app: Any, window: tuple[int, int]
) -> None:
    """The guided game's first round, to its Lightning step: each arrow at the table (squares
    in every row, the bottom row's too) crosses no bonus icon and no card's name."""
    app = make_app(window)
    problems: list[str] = []
    shots: list[str] = []

    def check(guide: Guide) -> None:
        found = shaft_crossings(guide)
        problems.extend(found)
        if found and len(shots) < 3:
            shots.append(str(screenshot(app, f"issue74/guide_arrow_{len(problems)}")))

    kinds = walk_guided(app, "luckybox", check, steps=14)
    assert {"cross", "lightning"} <= kinds, kinds
    assert not app.errors, app.errors[0]
    assert problems == [], "\n".join(problems + shots)
