"""A player holding five cards or more gets them large at every window shape (issue 66, item 7).

A player keeps 3 cards, then one more after each of rounds 1-3 (6 at most; the layout is
checked to 8). In a 16:9 window five cards stood in two rows of 186 px, limited by the height
of their region, with a third of the table's width empty beside them. Now the top band
tightens for a big hand (the layout variant "big_hand") and the cards grow to 210 px; fewer
cards, a 21:9 window where one row does better, and a table of ten or more (whose other boards
would grow too small) keep the plain layout.

Driven on the real table: the player's hand is made N cards long in the engine and shown; the
table lays itself out as it does each frame; the rectangles checked are the ones it draws the
cards at and hit-tests clicks against, and a real click on a card of the second row crosses
its square.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator
from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.session import Seat
from game.core.ui.toolkit import gfx, window as window_mode
from game.luckybox.rules import Cross
from game.luckybox.rules.parts import Pending
from game.luckybox.ui.table.arrange import BIG_HAND
from tests.support import to_first_number
from tests.sweep import sampled
from tests.test_text_overlaps import Frames, watched_frames
from tests.ui_helpers import click, frames

SHAPES = [(1024, 768), (1280, 720), (1920, 1080), (2560, 1080)]
#: The least width (logical px; the picture is 720 high, or 1280 wide at 4:3) of each card,
#: per window shape and cards held. Before: 186 at 16:9 from five cards on, 188 and 186 for
#: seven and eight at 21:9, 296 for five and six at 4:3. (One or two cards at 4:3 leave the
#: move log its strip below them.)
LEAST = {
    (1024, 768): {1: 420, 2: 420, 3: 316, 4: 296, 5: 310, 6: 310, 7: 230, 8: 230},
    (1280, 720): {1: 380, 2: 380, 3: 316, 4: 233, 5: 205, 6: 205, 7: 205, 8: 205},
    (1920, 1080): {1: 380, 2: 380, 3: 316, 4: 233, 5: 205, 6: 205, 7: 205, 8: 205},
    (2560, 1080): {1: 380, 2: 380, 3: 380, 4: 340, 5: 265, 6: 220, 7: 205, 8: 205},
}
SLACK = 2  # px of antialiasing and rounding where two rects meet
EPS = 0.01


def hold(table: Any, n: int) -> None:
    """Make the focused player's hand `n` cards long in the engine (cards no one holds, some
    with squares crossed) and show it, as the table shows a state it resumes."""
    state = table.state
    player = state.players[table.focus]
    held = {c for p in state.players for c in p.cards}
    extra = [c for c in range(60) if c not in held][: max(0, n - len(player.cards))]
    player.cards = player.cards[:n] + extra
    player.masks = player.masks[:n] + [0b000010001 * (i % 2) for i in range(len(extra))]
    table.seen.reset_to(state)
    table.kit.board.forget_marks()


def settle(app: Any, size: tuple[int, int]) -> None:
    window_mode.the_window().size = size
    app.settle_window()
    app.redraw()
    frames(app, 2)


@pytest.fixture
def table(app: Any) -> Any:
    """A Lucky Box table at its first number: Ann against two computers."""
    scene = app.ctx.nav.make(
        "luckybox.start_game",
        seats=[Seat("Ann", "human"), Seat("Bot", "easy"), Seat("Cy", "easy")],
        seed=5,
    )
    to_first_number(app, scene)
    return scene


def others_rects(app: Any, table: Any) -> dict[str, pygame.FRect]:
    """Everything on the table besides the focused player's cards, as laid out now."""
    layout = app.ctx.layout
    rects = {name: layout.region(name) for name in layout.names() if name != "current_board"}
    rects["scoring"] = pygame.FRect(table.help.scoring.rect)
    for name, button in table.kit.buttons.items():
        if table.controls.shown(name):
            rects[f"button {name}"] = pygame.FRect(button.rect)
    for seat, panel in table.kit.others.panels().items():
        rects[f"board of {seat}"] = panel
    rects["move log"] = table.kit.log_panel.rect()  # (below or beside the cards, in their room)
    return rects


def crosses(a: pygame.FRect, b: pygame.FRect) -> bool:
    return a.inflate(-2 * EPS, -2 * EPS).colliderect(b)


@pytest.mark.parametrize("size", SHAPES, ids=[f"{w}x{h}" for w, h in SHAPES])
def test_the_cards_take_the_room_at_every_shape_and_cover_nothing(
    app: Any, table: Any, size: tuple[int, int]
) -> None:
    settle(app, size)
    view = pygame.FRect(gfx.view(app.screen))
    problems = []
    for n in range(1, 9):
        hold(table, n)
        frames(app, 2)
        rects = table.kit.board.rects(table.focus)
        assert len(rects) == n
        width = min(r.w for r in rects)
        if width < LEAST[size][n]:
            problems.append(f"{n} cards: {width:.0f} px wide, less than {LEAST[size][n]}")
        board = app.ctx.layout.region("current_board")
        for i, r in enumerate(rects):
            assert board.inflate(EPS, EPS).contains(r), (n, i, r, board)
            assert view.contains(r), (n, i, r, view)
            for name, other in others_rects(app, table).items():
                if crosses(r, other):
                    problems.append(f"{n} cards: card {i} {r} covers {name} {other}")
        for a, b in itertools.combinations(rects, 2):
            assert not crosses(a, b), (n, a, b)
        if n < 5:  # one row: the top band keeps its room
            assert app.ctx.layout.variant is None, n
    assert not app.errors, app.errors[0]
    assert problems == [], "\n".join(problems)


def test_a_click_on_a_card_of_the_second_row_crosses_its_square(app: Any, table: Any) -> None:
    """The squares are hit-tested where the big hand's layout draws them: a click at the centre
    of a square of the sixth card (second row) crosses it; Next then shows in the shorter hint
    panel, clear of the cards."""
    settle(app, (1280, 720))
    hold(table, 6)
    state, seat = table.state, table.focus
    player = state.players[seat]  # the dealt cards (they show every number) to the 2nd row
    player.cards, player.masks = (
        player.cards[3:] + player.cards[:3],
        player.masks[3:] + player.masks[:3],
    )
    table.seen.reset_to(state)
    table.kit.board.forget_marks()
    frames(app, 2)
    assert app.ctx.layout.variant == BIG_HAND
    cards = player.cards
    legal = [
        a
        for a in state.legal_actions(seat)
        if isinstance(a, Cross) and a.lightning == 0 and cards.index(a.card) >= 3
    ]
    move = legal[-1]  # (the last card's)
    rect = table.kit.board.rects(seat)[cards.index(move.card)]
    centre = table.kit.cards.cell_rect(rect, move.cell).center
    click(app, centre, 2)
    frames(app, 30, dt=0.1)
    slot = cards.index(move.card)
    assert state.players[seat].masks[slot] & (1 << move.cell), "the square was not crossed"
    assert table.controls.shown("next")
    nxt = pygame.FRect(table.kit.buttons["next"].rect)
    panel = app.ctx.layout.region("pending_queue")
    assert panel.contains(nxt), (nxt, panel)
    assert not any(crosses(nxt, r) for r in table.kit.board.rects(seat))
    assert not app.errors, app.errors[0]


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Frames]:
    yield from watched_frames(monkeypatch)


def _text_problems(app: Any, table: Any, seen: Frames, what: str) -> list[str]:
    """The texts of the last frame: each of the top band's inside its own panel, none on a
    card, none on another (Frames.check: inside the window, apart)."""
    seen.problems = []
    seen.scene = what
    seen.check(app)
    problems = list(seen.problems)
    layout = app.ctx.layout
    panels = {name: layout.region(name) for name in ("player_banner", "pending_queue")}
    cards = table.kit.board.rects(table.focus)
    for text, ink in seen.drawn:
        if not any(ch.isalpha() for ch in text):
            continue
        for name, panel in panels.items():
            if panel.collidepoint(ink.center) and not panel.inflate(SLACK, SLACK).contains(ink):
                problems.append(f"{what}: {text!r} {tuple(ink)} leaves the {name} {panel}")
        for card in cards:
            if card.inflate(-2 * SLACK, -2 * SLACK).colliderect(ink):
                problems.append(f"{what}: {text!r} {tuple(ink)} on a card {card}")
    return problems


@sampled(
    words=["en", "fr", "de", "fr-large", "de-large"],
    shape=[((1024, 768), 6), ((1280, 720), 6), ((2560, 1080), 8)],
)
def test_the_tightened_top_band_keeps_its_words_inside(
    app: Any, table: Any, texts: Frames, words: str, shape: tuple[tuple[int, int], int]
) -> None:
    """In the big hand's layout the banner, the hint panel (its hint; its bonuses and the line
    under them) and the Number cards (the count left, this round's numbers as chips) keep to
    their places, in each language and at Large text, at 4:3, 16:9 and 21:9: each language
    and text size at a shape drawn for the run, every shape every run (tests/sweep.py;
    SMLB_SWEEP=all: each at every shape). (At 21:9 the hand holds 8 cards, else 6.)"""
    lang, _, large = words.partition("-")
    if large:
        app.ctx.settings.text_size = "large"
        app.ctx.text.set_scale(1.15)
    i18n.set_language(lang)
    problems = []
    size, held = shape
    settle(app, size)
    hold(table, held)  # (at 21:9 six cards take one row, in the plain layout)
    seen = table.seen
    numbers = table.state.numbers[seen.round - 1]
    for state in ("turn", "chips", "bonuses"):
        if state == "chips":  # a round's eighth number: seven chips under the card
            seen.revealed = list(numbers[:8])
        if state == "bonuses":
            cards = seen.players[table.focus].cards
            seen.players[table.focus].pending = [
                Pending(cards[0], "row", 0, ("number", 3)),
                Pending(cards[1], "col", 1, ("question", 0)),
                Pending(cards[2], "row", 2, ("lightning", 2)),
            ]
        app.redraw()
        frames(app, 2)
        assert app.ctx.layout.variant == BIG_HAND
        problems += _text_problems(app, table, texts, f"{lang} {size} {state}")
        # All the Number cards drew (the pile, its count, the card, the chips) stays
        # above the cards' region and clear of the other boards.
        drawn = pygame.FRect(table.kit.deck._snap._area).inflate(-4, -4)
        board = app.ctx.layout.region("current_board")
        if drawn.bottom > board.top + SLACK:
            problems.append(f"{lang} {size} {state}: the Number cards reach {drawn.bottom}")
        if crosses(drawn, app.ctx.layout.region("other_boards")):
            problems.append(f"{lang} {size} {state}: the Number cards on the other boards")
    seen.players[table.focus].pending = []
    assert not app.errors, app.errors[0]
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize(("seats", "big"), [(5, True), (9, True), (10, False), (12, False)])
def test_the_other_boards_stay_readable_beside_a_big_hand(app: Any, seats: int, big: bool) -> None:
    """The big hand's band is shorter: up to nine seats the other players' boards keep at
    least 120 px (or their width); at ten to twelve they would shrink to about 100, so the
    table keeps the plain layout (16:9). At 21:9 their band is wider."""
    scene = app.ctx.nav.make(
        "luckybox.start_game",
        seats=[Seat("Ann", "human")] + [Seat(f"Computer {n}", "easy") for n in range(2, seats + 1)],
        seed=5,
    )
    to_first_number(app, scene)
    settle(app, (1280, 720))
    plain = next(iter(scene.kit.others.panels().values())).w
    hold(scene, 6)
    frames(app, 2)
    assert (app.ctx.layout.variant == BIG_HAND) is big
    panel = next(iter(scene.kit.others.panels().values()))
    assert panel.w >= min(120, plain) - 0.5, (panel, plain)
    width = scene.kit.board.rects(scene.focus)[0].w
    assert width >= 205 if big else width == pytest.approx(186, abs=1)
    for board in scene.kit.others.panels().values():
        assert not any(crosses(board, card) for card in scene.kit.board.rects(scene.focus))
    assert not app.errors, app.errors[0]
