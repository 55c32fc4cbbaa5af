"""Lucky Box's square states told apart without colour (issue 14): open, gold (crossable), blue
(Lightning), chosen (waiting for Spend) and crossed squares, and the hint's ring against a
refusal's, differ by shape or pattern as well as by colour. Each state is drawn as the table
draws it, converted to greyscale and to simulated deuteranopia and protanopia (tests/vision.py),
and measured: every pair stays apart in colour and, with colour and brightness taken away, in
pattern. The sheets are saved to screenshots/ for a person to look at."""

from __future__ import annotations

import dataclasses
import itertools

import pygame
import pytest

from game.core.paths import SPRITES_DIR
from game.core.ui.toolkit.assets import Assets
from game.core.ui.toolkit.text import TextCache
from game.luckybox.rules.cards import load_deck
from game.luckybox.ui.cardview import EXACT, LIGHTNING, SELECTED, CardView
from game.luckybox.ui.table.boards import draw_dashed_ring
from tests.ui_helpers import SCREENSHOTS
from tests.vision import VISIONS, colour_distance, convert, pattern_likeness

WIDTH = 240  # the card at its drawn size on a three-card table (squares of 50 px)
STATES = {  # cell: (state, mark, Lightning cost)
    0: ("open", None, None),
    1: ("gold", EXACT, None),
    2: ("blue", LIGHTNING, 2),
    3: ("chosen", SELECTED, 2),
    4: ("crossed", None, None),
}
CROSSED_CELL = 4
# Mean ΔE between two states' squares, over the whole square (a thin frame or a cross moves
# the mean less than it catches the eye), in every vision: clearly more than a just noticeable
# difference (about 2.3).
MIN_COLOUR = 6.0
# Lightness pattern correlation, with colour and brightness taken away: at most this, so the
# shapes differ (a plain and a gold square measured 0.91 before the gold one had its frame).
MAX_LIKENESS = 0.88


@pytest.fixture(scope="module")
def squares() -> dict[str, pygame.Surface]:
    """Each state's square, as the card renderer draws it, all showing the same number."""
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    cards = CardView(Assets(SPRITES_DIR), TextCache())
    face = dataclasses.replace(load_deck()[0], grid=(5,) * 9)
    marks = {cell: mark for cell, (_name, mark, _cost) in STATES.items() if mark}
    costs = {cell: cost for cell, (_name, _mark, cost) in STATES.items() if cost}
    card = cards.render(0, face, 1 << CROSSED_CELL, WIDTH, marks, costs)
    rect = pygame.FRect(0, 0, card.get_width(), card.get_height())
    out = {}
    for cell, (name, _mark, _cost) in STATES.items():
        r = pygame.Rect(cards.cell_rect(rect, cell)).inflate(6, 6)  # with the chosen ring
        out[name] = card.subsurface(r).copy()
    return out


def rings() -> dict[str, pygame.Surface]:
    """The hint's ring and a refusal's ring round a square, as the table draws them."""
    out = {}
    for name in ("hint", "refused"):
        patch = pygame.Surface((70, 70))
        patch.fill((255, 253, 244))
        cell = pygame.FRect(10, 10, 50, 50)
        if name == "hint":
            draw_dashed_ring(patch, cell.inflate(10, 10), (60, 230, 140), 0.0, width=5, dash=8)
        else:
            pygame.draw.rect(patch, (240, 40, 60), cell.inflate(6, 6), 5, border_radius=8)
        out[name] = patch
    return out


def sheet(patches: dict[str, pygame.Surface]) -> pygame.Surface:
    text = TextCache()
    w = max(p.get_width() for p in patches.values())
    h = max(p.get_height() for p in patches.values())
    surface = pygame.Surface((len(patches) * (w + 20) + 20, h + 50))
    surface.fill((48, 26, 92))
    for i, (name, patch) in enumerate(patches.items()):
        x = 20 + i * (w + 20)
        surface.blit(patch, (x, 10))
        text.blit_centered(surface, name, 16, (255, 255, 255), (x + w / 2, h + 30))
    return surface


def test_save_the_sheets_for_a_person_to_look_at(squares) -> None:
    SCREENSHOTS.mkdir(exist_ok=True)
    cells = sheet({**squares, **rings()})
    pygame.image.save(cells, str(SCREENSHOTS / "luckybox_states.png"))
    for vision, fn in VISIONS.items():
        pygame.image.save(convert(cells, fn), str(SCREENSHOTS / f"luckybox_states_{vision}.png"))


@pytest.mark.parametrize("vision", list(VISIONS))
def test_square_states_differ_in_colour_and_in_pattern(squares, vision) -> None:
    fn = VISIONS[vision]
    seen = {name: convert(patch, fn) for name, patch in squares.items()}
    report = []
    for a, b in itertools.combinations(seen, 2):
        distance = colour_distance(seen[a], seen[b])
        likeness = pattern_likeness(seen[a], seen[b])
        report.append((a, b, round(distance, 1), round(likeness, 2)))
    print(vision, report)
    for a, b, distance, likeness in report:
        assert distance >= MIN_COLOUR, (vision, a, b, distance)
        assert likeness <= MAX_LIKENESS, (vision, a, b, likeness)


@pytest.mark.parametrize("vision", list(VISIONS))
def test_hint_and_refusal_rings_differ_in_pattern(vision) -> None:
    fn = VISIONS[vision]
    seen = {name: convert(patch, fn) for name, patch in rings().items()}
    assert pattern_likeness(seen["hint"], seen["refused"]) <= MAX_LIKENESS


def sprite_pairs() -> dict[str, tuple[pygame.Surface, pygame.Surface]]:
    """Other states the table shows side by side, as drawn on the table's panel colour."""
    pygame.init()
    if pygame.display.get_surface() is None:
        pygame.display.set_mode((1, 1))
    assets = Assets(SPRITES_DIR)
    cards = CardView(assets, TextCache())
    face = dataclasses.replace(load_deck()[0], grid=(5,) * 9)

    def on_panel(image: pygame.Surface) -> pygame.Surface:
        patch = pygame.Surface(image.get_size())
        patch.fill((48, 26, 92))
        patch.blit(image, (0, 0))
        return patch

    def glance(mask: int) -> pygame.Surface:
        card = cards.render_mini(0, face, mask, 120)
        return on_panel(card).subsurface((6, 6, 30, 30)).copy()  # its first square

    size = (40, 40)
    return {
        "tokens": (
            on_panel(assets.get("token_lightning", size)),
            on_panel(assets.get("token_moon", size)),
        ),
        "stars": (
            on_panel(assets.get("star_slot_filled", (32, 32))),
            on_panel(assets.get("star_slot_empty", (32, 32))),
        ),
        "glance squares": (glance(1), glance(0)),
    }


@pytest.mark.parametrize("vision", list(VISIONS))
def test_tokens_stars_and_glance_squares_differ_in_colour_and_pattern(vision) -> None:
    fn = VISIONS[vision]
    for name, (a, b) in sprite_pairs().items():
        a, b = convert(a, fn), convert(b, fn)
        distance, likeness = colour_distance(a, b), pattern_likeness(a, b)
        assert distance >= MIN_COLOUR, (vision, name, distance)
        assert likeness <= MAX_LIKENESS, (vision, name, likeness)


def test_table_screenshots_in_other_visions(app) -> None:
    """The table mid-choice (gold, blue and chosen squares, crosses) as others see it: saved
    for a person to look at; on it, a gold and a blue square still differ in pattern."""
    from game.core.session import Seat
    from game.luckybox.rules import Cross
    from game.luckybox.ui.scenes.table import start_game
    from tests.support import to_first_number
    from tests.ui_helpers import click, frames

    table = start_game(app.ctx, [Seat("Ann")], 11)
    to_first_number(app, table)
    legal = table.state.legal_actions(table.focus)
    gold = next(a for a in legal if isinstance(a, Cross) and not a.lightning)
    blue = next(
        a
        for a in legal
        if isinstance(a, Cross) and a.lightning and Cross(a.player, a.card, a.cell, 0) not in legal
    )
    frames(app, 2)
    SCREENSHOTS.mkdir(exist_ok=True)
    pygame.image.save(app.screen, str(SCREENSHOTS / "luckybox_table_vision.png"))
    shots = {}
    for vision, fn in VISIONS.items():
        shots[vision] = convert(app.screen, fn)
        pygame.image.save(shots[vision], str(SCREENSHOTS / f"luckybox_table_{vision}.png"))

    def square(shot: pygame.Surface, move: Cross) -> pygame.Surface:
        rect = table.kit.cards.cell_rect(table.kit.card_rect(table.focus, move.card), move.cell)
        return shot.subsurface(pygame.Rect(rect)).copy()

    for vision, shot in shots.items():
        likeness = pattern_likeness(square(shot, gold), square(shot, blue))
        assert likeness <= MAX_LIKENESS, (vision, likeness)
    click(app, table.kit.square_center(blue.card, blue.cell))
    frames(app, 2)
    pygame.image.save(
        convert(app.screen, VISIONS["greyscale"]),
        str(SCREENSHOTS / "luckybox_table_chosen_greyscale.png"),
    )


@pytest.mark.parametrize("vision", list(VISIONS))
def test_a_disabled_button_looks_off_without_colour(vision) -> None:
    from game.core.ui.toolkit.paint import PINK
    from game.core.ui.toolkit.widgets import Button

    pygame.init()
    text = TextCache()
    patches = []
    for enabled in (True, False):
        patch = pygame.Surface((140, 56))
        patch.fill((48, 26, 92))
        Button(
            (8, 4, 124, 40), "Pass", lambda: None, enabled=enabled, colour=PINK, text_size=28
        ).draw(patch, text)
        patches.append(convert(patch, VISIONS[vision]))
    on, off = patches
    assert pattern_likeness(on, off) <= MAX_LIKENESS, vision
    assert colour_distance(on, off) >= MIN_COLOUR / 2, vision  # mostly the label differs
