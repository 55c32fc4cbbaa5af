"""Tooltips by posted events: holding the mouse still on a bonus icon, a token pile, a scorecard
row or a button shows what it does and is worth; the tip stays on screen, never covers the
thing, and goes on a move away or a click. And the table's scoring reference."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.scene import UIScene
from game.core.ui.toolkit.tooltip import DELAY, EDGE, FADE, Tip, TooltipLayer
from game.core.ui.toolkit.widgets import Button
from game.luckybox.rules.scoring import CARD_POINTS, SOLO_MOON_POINTS
from game.luckybox.ui.scenes.scoring import ScoringScene
from game.luckybox.ui.scenes.table import start_game
from tests.support import to_first_number
from tests.ui_helpers import click, frames, press, screenshot

SHOTS = "issue14/"
STILL = round((DELAY + FADE) * 60) + 4  # frames of holding still: past the delay and fade-in


def move(app, pos, steps: int = 1) -> None:
    p = (round(pos[0]), round(pos[1]))
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0), buttons=(0, 0, 0)))
    frames(app, steps)


def assert_well_placed(layer: TooltipLayer, tip: Tip, text) -> None:
    box, _lines = layer.box(tip, text)
    assert pygame.Rect(0, 0, 1280, 720).contains(box), "the tip stays on screen"
    assert not box.colliderect(pygame.Rect(tip.rect)), "the tip never covers the thing"


class Probe(UIScene):
    def __init__(self, ctx, rect) -> None:
        super().__init__(ctx)
        self.add("go", Button(rect, "Go", lambda: None, tooltip="Goes somewhere."))
        self.add("plain", Button((40, 40, 100, 40), "Plain", lambda: None))


def test_a_button_tooltip_shows_after_holding_still_and_goes_on_move(app) -> None:
    scene = Probe(app.ctx, (500, 300, 200, 60))
    app.stack.clear_to(scene)
    move(app, (600, 330), 5)
    assert scene.tooltips.tip is None, "not at once: after about half a second"
    frames(app, STILL)
    tip = scene.tooltips.tip
    assert tip is not None and tip.text == "Goes somewhere."
    assert_well_placed(scene.tooltips, tip, app.ctx.text)
    box, _lines = scene.tooltips.box(tip, app.ctx.text)
    assert app.screen.get_at((box.left + 1, box.centery))[:3] == EDGE  # drawn, faded in
    move(app, (610, 320))  # moving on the button keeps it
    assert scene.tooltips.tip is tip
    move(app, (100, 600))  # off the button: gone at once
    assert scene.tooltips.tip is None
    move(app, (60, 60), STILL)  # a button without a tooltip shows none
    assert scene.tooltips.tip is None


@pytest.mark.every_frame_drawn
def test_a_tip_is_drawn_at_full_strength_before_the_screen_rests(app) -> None:
    """The screen rests (draws nothing) once nothing moves: not before the frame that ends a
    tip's fade-in is drawn, or the tip stays see-through, the text behind showing through it
    (found in a real window over the draft's "Choose 1 more.")."""
    from game.core.ui.toolkit.tooltip import BACK

    class OnWhite(Probe):
        def draw(self, surface: pygame.Surface) -> None:
            surface.fill((255, 255, 255))  # what a see-through tip would show: white text
            self.draw_widgets(surface)

    scene = OnWhite(app.ctx, (500, 300, 200, 60))
    app.stack.clear_to(scene)
    move(app, (600, 330))
    for _ in range(STILL + 60):  # every frame as the app's loop runs it, none forced, at
        app.step(1 / 40)  # the frame rate of a window whose frames cost ~25 ms
    tip = scene.tooltips.tip
    assert tip is not None and not app.drew_last  # shown, and the screen rests
    box, _lines = scene.tooltips.box(tip, app.ctx.text)
    assert app.screen.get_at((box.left + 6, box.centery))[:3] == BACK  # not see-through
    assert scene.tooltips.drawn_alpha == 255


def test_a_click_puts_the_tip_away_until_the_next_move(app) -> None:
    scene = Probe(app.ctx, (500, 300, 200, 60))
    app.stack.clear_to(scene)
    move(app, (600, 330), STILL)
    assert scene.tooltips.tip is not None
    click(app, (600, 330), STILL)
    assert scene.tooltips.tip is None


def test_tips_stay_on_screen_in_every_corner(app) -> None:
    layer = TooltipLayer()
    for rect in (
        (0, 0, 60, 40),
        (1220, 0, 60, 40),
        (0, 680, 60, 40),
        (1220, 680, 60, 40),
        (600, 0, 80, 700),
        (0, 300, 1280, 100),
    ):
        tip = Tip(
            pygame.FRect(rect),
            "A longer text that wraps over a few lines, to see where it lands when room is short.",
            "Title",
        )
        assert_well_placed(layer, tip, app.ctx.text)


# --------------------------------------------------------------------------- the table


def table_at_turn(app, seats=None):
    table = start_game(app.ctx, seats or [Seat("Ann")], 21)
    to_first_number(app, table)
    return table


def test_a_bonus_icon_tooltip_on_the_table(app) -> None:
    table = table_at_turn(app)
    seat = table.focus
    card = table.seen.players[seat].cards[0]
    rect = table.kit.board.rects(seat)[0]
    face = table.state.face(card)
    pos = table.kit.cards.icon_center(rect, "row", 0)
    move(app, pos, STILL)
    tip = table.help.layer.tip
    assert tip is not None and tip.rect.collidepoint(pos)
    kind, value = face.row_bonus[0]
    expected = {
        "number": str(value),
        "question": "Question",
        "lightning": "Lightning",
        "star": "Star",
        "moon": "Moon",
        "blank": "Nothing",
    }[kind]
    assert expected in tip.title
    assert_well_placed(table.help.layer, tip, app.ctx.text)
    screenshot(app, SHOTS + "tooltip_bonus_after")
    move(app, (640, 700))  # away
    assert table.help.layer.tip is None


def test_pile_and_scorecard_row_tips(app) -> None:
    table = table_at_turn(app, [Seat("Ann"), Seat("Bo", "easy")])
    move(app, app.ctx.layout.region("lightning_pile").center, STILL)
    tip = table.help.layer.tip
    assert tip is not None and "Lightning" in tip.title and "4" in tip.title
    move(app, app.ctx.layout.region("moon_pile").center, STILL)
    tip = table.help.layer.tip
    assert tip is not None and "nobody loses" in tip.text  # two players' moon rule
    x, y = table.kit.scorecard.star_slot(0, 0)
    move(app, (x, y), STILL)
    tip = table.help.layer.tip
    assert tip is not None and "Round 1" in tip.title and str(CARD_POINTS[0]) in tip.text
    assert_well_placed(table.help.layer, tip, app.ctx.text)
    screenshot(app, SHOTS + "tooltip_scorecard_after")


def test_table_button_tooltips(app) -> None:
    table = table_at_turn(app)
    move(app, table.kit.buttons["undo"].rect.center, STILL)
    tip = table.help.layer.tip
    assert tip is not None and "Take back" in tip.text
    assert_well_placed(table.help.layer, tip, app.ctx.text)
    screenshot(app, SHOTS + "tooltip_button_after")
    click(app, (640, 700))
    assert table.help.layer.tip is None


# --------------------------------------------------------------------------- scoring reference


def open_reference(app, seats):
    table = table_at_turn(app, seats)
    click(app, table.help.scoring.rect.center, 2)
    scene = app.stack.top
    assert isinstance(scene, ScoringScene)
    return table, scene


def test_the_scoring_reference_shows_the_solo_moon_table(app) -> None:
    _table, scene = open_reference(app, [Seat("Ann")])
    assert scene.players == 1 and scene.round == 1
    line = scene.moon_lines()[0]
    assert "−6 / −2 / 0 / +1 / +3 / +6 / +10" in line and len(SOLO_MOON_POINTS) == 7
    screenshot(app, SHOTS + "scoring_reference_solo_after")
    press(app, pygame.K_ESCAPE, 2)
    assert app.stack.top is not scene


def test_the_scoring_reference_moon_rule_follows_the_player_count(app) -> None:
    _table, scene = open_reference(app, [Seat("Ann"), Seat("Bo", "easy")])
    assert "nobody loses" in scene.moon_lines()[0]
    click(app, (20, 20), 2)  # outside the panel: closes
    assert app.stack.top is not scene
    _table, scene = open_reference(app, [Seat("Ann"), Seat("Bo", "easy"), Seat("Cy", "easy")])
    assert "fewest" in scene.moon_lines()[0] and "lose 6" in scene.moon_lines()[0]
    screenshot(app, SHOTS + "scoring_reference_three_after")
    click(app, scene.widget("close").rect.center, 2)
    assert app.stack.top is not scene


def test_the_s_key_opens_the_reference(app) -> None:
    table = table_at_turn(app)
    press(app, pygame.K_s, 2)
    assert isinstance(app.stack.top, ScoringScene)
    press(app, pygame.K_s, 2)
    assert app.stack.top is table


def test_draft_card_icons_and_buttons_have_tips(app) -> None:
    from game.luckybox.ui.scenes.draft import DraftScene

    start_game(app.ctx, [Seat("Ann")], 21)
    for _ in range(300):
        frames(app, 1)
        if isinstance(app.stack.top, DraftScene):
            break
    draft = app.stack.top
    assert isinstance(draft, DraftScene)
    card = draft.hand[0]
    rect = draft.card_rects()[0]
    pos = draft.cardview.icon_center(rect.move(0, -8), "col", 2)  # hovered cards lift 8 px
    move(app, pos, STILL)
    tip = draft.tooltips.tip
    face = draft.session.state.face(card)
    assert tip is not None and tip.rect.collidepoint(pos), face.col_bonus[2]
    assert_well_placed(draft.tooltips, tip, app.ctx.text)
    screenshot(app, SHOTS + "tooltip_draft_after")
    move(app, draft.widget("hint").rect.center, STILL)
    assert draft.tooltips.tip is not None and "hard computer" in draft.tooltips.tip.text


# --------------------------------------------------------------------------- Blanco


def test_blanco_piles_box_hand_and_swap_have_tips(app) -> None:
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann")], seed=11)
    geometry = table.kit.geometry
    for _ in range(200):
        if not table.animator.busy:
            break
        press(app, pygame.K_SPACE)
    layer = table.help.layer
    move(app, geometry.draw_pile.center, STILL)
    assert layer.tip is not None and "Draw pile" in layer.tip.title
    assert str(table.seen.pile) in layer.tip.title
    assert_well_placed(layer, layer.tip, app.ctx.text)
    screenshot(app, SHOTS + "tooltip_blanco_pile_after")
    move(app, geometry.discard_pile.center, 1)
    assert layer.tip is None  # moved off the draw pile: gone
    frames(app, STILL)
    assert layer.tip is not None and "Discard" in layer.tip.title
    move(app, geometry.box_label, STILL)
    assert layer.tip is not None and "box" in layer.tip.title.lower()
    move(app, table.kit.hand.rects()[0].center, STILL)
    assert layer.tip is not None and "Your hand" in layer.tip.text
    assert_well_placed(layer, layer.tip, app.ctx.text)
    move(app, table.controls.buttons["swap"].rect.center, STILL)
    assert layer.tip is not None and "swap two neighbouring cards" in layer.tip.text
    assert_well_placed(layer, layer.tip, app.ctx.text)
    screenshot(app, SHOTS + "tooltip_blanco_swap_after")
    press(app, pygame.K_LSHIFT)  # a key puts it away
    assert layer.tip is None


# --------------------------------------------------------------------------- every scene's buttons


def test_title_and_pause_buttons_have_tips(app) -> None:
    from tests.support import title

    scene = title(app)
    frames(app, 90)  # the buttons have slid in
    move(app, scene.widget("new_game").rect.center, STILL)
    assert scene.tooltips.tip is not None and "new game" in scene.tooltips.tip.text
    assert_well_placed(scene.tooltips, scene.tooltips.tip, app.ctx.text)
    box, _lines = scene.tooltips.box(scene.tooltips.tip, app.ctx.text)
    covered = [
        name
        for name, w in scene.widgets.items()
        if getattr(w, "visible", True) and box.colliderect(w.rect)
    ]
    assert covered == [], f"the mouse's tip hides {covered}"  # beside the menu, not over it
    screenshot(app, SHOTS + "tooltip_title_after")
    move(app, scene.widget("quit").rect.center, 1)
    assert scene.tooltips.tip is None  # another button: the old tip went with the move
    frames(app, STILL)
    assert scene.tooltips.tip is not None and "Close the game" in scene.tooltips.tip.text
    table = table_at_turn(app)
    press(app, pygame.K_ESCAPE, 2)
    pause = app.stack.top
    assert pause is not table
    move(app, pause.widget("quit").rect.center, STILL)
    assert pause.tooltips.tip is not None and "saved" in pause.tooltips.tip.text
    click(app, pause.widget("resume").rect.center, 2)  # the overlay goes: no tip left behind
    assert app.stack.top is table and table.help.layer.tip is None


def test_setup_seats_and_buttons_have_tips(app) -> None:
    from tests.support import title
    from tests.ui_helpers import click_widget

    scene = title(app)
    click_widget(app, scene, "new_game", 3)
    setup = app.stack.top
    assert type(setup).__name__ == "SetupScene"
    click_widget(app, setup, "seat_plus", 2)
    move(app, setup.widget("computer_1").rect.center, STILL)
    assert setup.tooltips.tip is not None and "computer player" in setup.tooltips.tip.text
    move(app, setup.widget("seed").rect.center, STILL)
    assert setup.tooltips.tip is not None and "same game" in setup.tooltips.tip.text
    assert_well_placed(setup.tooltips, setup.tooltips.tip, app.ctx.text)
    screenshot(app, SHOTS + "tooltip_setup_after")
    move(app, setup.widget("start").rect.center, STILL)
    assert setup.tooltips.tip is not None and "Deal and play" in setup.tooltips.tip.text


@pytest.mark.every_frame_drawn  # which frames the app draws is the point
@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_a_table_tip_is_drawn_at_full_strength_before_the_table_rests(app, game: str) -> None:
    """A table waiting for its player rests (draws nothing): not before its tooltip has faded
    in whole. The table drew the tip's first frame and rested there, the tip all but
    see-through (seen in the tour's pictures)."""
    from game.core.ui.toolkit.tooltip import BACK

    if game == "luckybox":
        table = table_at_turn(app)
        pos = table.kit.cards.icon_center(table.kit.board.rects(table.focus)[0], "col", 2)
    else:
        table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann")], seed=11)
        for _ in range(200):
            if not table.animator.busy:
                break
            press(app, pygame.K_SPACE)
        pos = table.kit.geometry.draw_pile.center
    app.stack.ambient_seconds = 0.0  # no ambient motion to draw frames for it
    frames(app, 120)  # what came before has been drawn and rests
    layer = table.help.layer
    move(app, pos)
    for _ in range(STILL + 60):  # every frame as the app's loop runs it, none forced
        app.step(1 / 40)
    assert layer.tip is not None and not app.drew_last  # shown, and the table rests
    assert layer.drawn_alpha == 255
    box, _lines = layer.box(layer.tip, app.ctx.text)
    assert app.screen.get_at((box.left + 6, box.centery))[:3] == BACK  # not see-through
