"""The Lucky Box table's rough edges (issue 14), each checked at the positions the layout gives:
button labels centred, simultaneous choices kept secret, empty piles showing their icon, the
"Done!" line fitting beside Next, Lightning's other way refused with a reason and Spend next to
the chosen square, the demo without human-only buttons, the title's decorations clear of the
buttons, the draft's hint and hover, and other players' boards zoomed on hover."""

from __future__ import annotations

import pygame
import pytest

from game.core.session import Seat
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.screens.title import TitleScene
from game.core.ui.table import Table
from game.luckybox.rules import Cross, Pass
from game.luckybox.ui.scenes.draft import DraftScene
from game.luckybox.ui.scenes.setup import SetupScene
from game.luckybox.ui.scenes.table import start_game
from tests.rules_helpers import snapshot
from tests.support import pixel_difference, to_first_number
from tests.ui_helpers import click, click_widget, frames, press

LABEL_COLOURS = ((255, 255, 255), (92, 84, 116))  # an enabled and a disabled label's fill


def ink_bounds(surface: pygame.Surface, rect: pygame.FRect) -> pygame.Rect:
    """Where a button's label is drawn: the bounds of its fill colour inside the button."""
    area = pygame.Rect(rect).clip(surface.get_rect())
    sub = surface.subsurface(area)
    found = []
    for colour in LABEL_COLOURS:
        # within 3 of the fill: text is drawn twice as big and scaled down (rounding by 1-2)
        mask = pygame.mask.from_threshold(sub, colour, (4, 4, 4, 255))
        found += mask.get_bounding_rects()
    assert found, f"no label drawn in {rect}"
    return found[0].unionall(found[1:]).move(area.topleft)


def assert_centred(surface: pygame.Surface, name: str, rect: pygame.FRect) -> None:
    ink = ink_bounds(surface, rect)
    # The slab's face and its lower edge together are the button as seen: its rect's middle.
    assert abs(ink.centery - rect.centery) <= 1.5, (name, ink, rect)
    assert abs(ink.centerx - rect.centerx) <= 2, (name, ink, rect)
    assert ink.height >= 0.26 * rect.height, (name, ink.height, rect.height)


def settle(app, table: Table) -> None:
    """Through pass screens, drafts, Next and animations to the focused human's turn."""
    for _ in range(3000):
        top = app.stack.top
        if isinstance(top, HandoffScene):
            click_widget(app, top, "go", 2)
        elif isinstance(top, DraftScene):
            for card in top.hand[: top.need]:
                click(app, top.card_center(card))
            click_widget(app, top, "confirm", 2)
        elif table.human_turn():
            return
        elif table.confirming is not None and not table.animator.busy:
            click(app, table.kit.buttons["next"].rect.center)
        else:
            frames(app, 1)
    raise AssertionError("no human turn came")


def cross_something(app, table: Table) -> Cross | Pass:
    """The focused human crosses a gold square (or passes) by a click, then waits for Next."""
    seat = table.focus
    legal = table.state.legal_actions(seat)
    move = next((a for a in legal if isinstance(a, Cross) and not a.lightning), None)
    if move is None:
        move = Pass(seat)
        click(app, table.kit.buttons["pass"].rect.center)
    else:
        click(app, table.kit.square_center(move.card, move.cell))
    for _ in range(300):
        if table.confirming == seat and not table.animator.busy:
            return move
        frames(app, 1)
    raise AssertionError("the move was not taken")


# --------------------------------------------------------------------------- buttons


def test_table_button_labels_are_centred(app):
    table = start_game(app.ctx, [Seat("Ann")], 11)
    to_first_number(app, table)
    frames(app, 2)
    for name in ("pass", "undo", "hint", "menu"):
        assert_centred(app.screen, name, table.kit.buttons[name].rect)


def test_setup_level_and_random_labels_are_centred_and_readable(app):
    app.stack.clear_to(SetupScene(app.ctx))
    frames(app, 2)
    setup = app.stack.top
    click_widget(app, setup, "computer_1")
    frames(app, 30)
    for name in ("dice", "level_1", "back", "start"):
        assert_centred(app.screen, name, setup.widget(name).rect)
    # "Normal" is readable: capitals at least 12 px high, not squeezed to 14 px type.
    assert ink_bounds(app.screen, setup.widget("level_1").rect).height >= 12


# --------------------------------------------------------------------------- the table


def test_empty_piles_still_show_their_token(app):
    table = start_game(app.ctx, [Seat("Ann")], 11)
    to_first_number(app, table)
    table.seen.players[0].lightning = 0  # (only what is shown: the drawing is checked)
    assert table.seen.players[0].moons == 0
    frames(app, 1)
    layer = table.static
    for region in ("lightning_pile", "moon_pile"):
        area = app.ctx.layout.region(region)
        icon = pygame.Rect(area.x + 10, area.y + 30, 44, 44)
        drawn = app.screen.subsurface(icon).copy()
        bare = layer.subsurface(icon).copy()
        assert pixel_difference(drawn, bare) > 0.3, region


def test_done_line_fits_above_next_without_a_lone_word(app):
    table = start_game(app.ctx, [Seat("Ann")], 11)
    to_first_number(app, table)
    cross_something(app, table)
    frames(app, 2)
    lines = table.kit.bonuses.hint_lines()
    assert lines and lines[0][0].startswith("Done!")
    nxt = table.kit.buttons["next"].rect
    box = table.kit.bonuses.rect
    for text, size, (cx, cy) in lines:
        w, h = app.ctx.text.font(size).size(text)
        drawn = pygame.FRect(0, 0, w, h)
        drawn.center = (cx, cy)
        assert size >= 20, size
        assert drawn.bottom <= nxt.top, (text, drawn, nxt)
        assert box.contains(drawn), (text, drawn, box)
    if len(lines) > 1:
        assert len(lines[-1][0].split()) >= 2, "a word alone on the last line"


def lightning_square(table: Table) -> Cross:
    """A square only Lightning reaches, with the focused player's tokens set so exactly one way
    round is affordable."""
    state = table.state
    seat = table.focus
    legal = state.legal_actions(seat)
    exact = {(a.card, a.cell) for a in legal if isinstance(a, Cross) and not a.lightning}
    light = [
        a for a in legal if isinstance(a, Cross) and a.lightning and (a.card, a.cell) not in exact
    ]
    target = min(light, key=lambda a: abs(a.lightning))
    state.players[seat].lightning = abs(target.lightning)  # the other way costs 9 minus that
    table.kit.board.forget_marks()
    return target


def test_lightning_other_way_refused_with_a_reason_and_spend_beside_the_square(app):
    table = start_game(app.ctx, [Seat("Ann")], 13)
    to_first_number(app, table)
    target = lightning_square(table)
    before = snapshot(table.state)
    where = table.kit.square_center(target.card, target.cell)
    click(app, where)
    chosen = table.kit.selected_square
    assert chosen is not None and abs(chosen.lightning) == abs(target.lightning)
    click(app, where)  # go round the other way: too dear
    assert table.kit.selected_square == chosen
    other = 9 - abs(target.lightning)
    assert f"would cost {other} Lightning" in table.message, table.message
    assert snapshot(table.state) == before
    frames(app, 1)
    # Spend sits just under the chosen square, not under the token counter.
    cell = table.kit.cards.cell_rect(table.kit.card_rect(table.focus, target.card), target.cell)
    spend = table.kit.buttons["spend"].rect
    assert 0 <= spend.top - cell.bottom <= 12, (spend, cell)
    assert spend.left <= cell.centerx <= spend.right
    assert spend.centery - cell.centery < 80
    click(app, spend.center, 2)
    assert table.state.players[table.focus].lightning == 0
    assert table.state.players[table.focus].mask_of(target.card) >> target.cell & 1


def test_demo_hides_the_human_only_buttons(app):
    table = start_game(app.ctx, [Seat("Bot 1", "easy"), Seat("Bot 2", "easy")], 5, demo=True)
    frames(app, 90)
    assert table.controls.shown("menu")
    for name in ("pass", "undo", "hint", "spend", "next"):
        assert not table.controls.shown(name), name
    # Nothing is drawn where they were, and a click there does nothing.
    for name in ("pass", "undo", "hint"):
        rect = pygame.Rect(table.kit.buttons[name].rect)
        assert (
            pixel_difference(
                app.screen.subsurface(rect).copy(), table.static.subsurface(rect).copy()
            )
            < 0.02
        ), name
    click(app, table.kit.buttons["pass"].rect.center)
    assert table.kit.buttons["pass"].shake == 0 and table.kit.buttons["pass"].clicks == 0


def test_a_table_with_a_person_keeps_its_buttons(app):
    table = start_game(app.ctx, [Seat("Ann"), Seat("Bot", "easy")], 5)
    to_first_number(app, table)
    for name in ("pass", "undo", "hint", "menu"):
        assert table.controls.shown(name), name


# --------------------------------------------------------------------------- secrets


def crossed(board, move) -> bool:
    """Whether a shown board has the square the move crossed."""
    return bool(dict(zip(board.cards, board.masks, strict=True)).get(move.card, 0) >> move.cell & 1)


def test_pass_and_play_keeps_each_choice_secret_until_all_have_chosen(app):
    app.ctx.settings.animation_speed = 4.0
    # The computer chooses first, then Ann, then Bo: all for the same number.
    table = start_game(app.ctx, [Seat("Bot", "normal"), Seat("Ann"), Seat("Bo")], 21)
    settle(app, table)
    assert table.focus == 1
    number_index = (table.state.round, table.state.index)
    bot_move = table.state.actions[-1]
    assert isinstance(bot_move, Cross) and bot_move.player == 0, bot_move
    # Ann does not see the computer's choice for this number, though the table has shown it.
    assert crossed(table.seen.players[0], bot_move)
    assert not crossed(table.kit.others.player(0), bot_move)
    ann_move = cross_something(app, table)
    assert isinstance(ann_move, Cross)
    press(app, pygame.K_RETURN)
    settle(app, table)
    assert table.focus == 2 and (table.state.round, table.state.index) == number_index
    # Bo sees neither the computer's nor Ann's choice for this number...
    assert not crossed(table.kit.others.player(0), bot_move)
    assert not crossed(table.kit.others.player(1), ann_move)
    # ...and the screen agrees: Ann's board is drawn without her cross.
    frames(app, 1)
    panel = pygame.Rect(table.kit.others.panels()[1]).inflate(8, 8)
    hidden = app.screen.subsurface(panel).copy()
    public, table.seen.public = table.seen.public, None
    frames(app, 1)
    shown = app.screen.subsurface(panel).copy()
    table.seen.public = public
    assert pixel_difference(hidden, shown) > 0.002
    bo_move = cross_something(app, table)
    press(app, pygame.K_RETURN)
    settle(app, table)
    # The next number: everyone chose, so everyone's moves for the last one show to Ann.
    assert (table.state.round, table.state.index) != number_index
    assert table.focus == 1
    assert crossed(table.kit.others.player(0), bot_move)
    if isinstance(bo_move, Cross):
        assert crossed(table.kit.others.player(2), bo_move)


def test_a_demo_shows_every_move_as_it_happens(app):
    table = start_game(
        app.ctx, [Seat("A", "easy"), Seat("B", "easy"), Seat("C", "easy")], 3, demo=True
    )
    frames(app, 200)
    assert not table.kit.others.hides_choices()
    for seat in table.kit.others.seats():
        assert table.kit.others.player(seat) is table.seen.players[seat]


# --------------------------------------------------------------------------- title


def decoration_box(p, t: float) -> pygame.Rect:
    """What a decoration covers, its shadow too."""
    x, y = p.pos(t)
    box = pygame.Rect(0, 0, round(p.size) + 6, round(p.size * 1.4) + 6)
    box.center = (round(x), round(y))
    return box


def drift_and_check(title: TitleScene, seconds: float) -> set[float]:
    """Let the decorations drift `seconds`, checking every frame that none crosses a shown
    button or touches another; the lanes they were seen in."""
    seen: set[float] = set()
    for _ in range(round(seconds * 30)):
        title.update(1 / 30)
        buttons = [pygame.Rect(w.rect) for w in title.widgets.values() if w.visible]
        boxes = [(decoration_box(p, title.time), p) for p in title.drift.particles]
        for i, (box, p) in enumerate(boxes):
            if box.bottom > 0 and box.top < 720:
                seen.add(p.lane)
            for rect in buttons:
                assert not box.colliderect(rect), (p, rect)
            for other, q in boxes[i + 1 :]:
                assert not box.colliderect(other), ("two decorations overlap", p, q)
    return seen


class OnlineTurns:
    """Stands for online play's your-turn line (the title's `TitleNotice`): a line to show."""

    def text(self) -> str | None:
        return "Your turn at 2 online tables"

    def open(self) -> None:
        pass

    def close(self) -> None:
        pass


def test_title_decorations_never_cross_a_button_nor_each_other_and_use_both_sides(app):
    title = TitleScene(app.ctx)
    app.stack.clear_to(title)
    frames(app, 60)  # the buttons have slid in
    lanes = title.drift.lanes()
    assert len(lanes) == 2 and lanes[0][1] < 640 < lanes[1][0], lanes  # left and right margins
    # 100 s of drifting: every decoration recycled many times, in both margins
    assert drift_and_check(title, 100) == {a for a, _ in lanes}
    # The online notice shows right of Play online, over the right margin's column: the
    # decorations there move to the left one, and none crosses it on the way.
    title.notice = OnlineTurns()
    title.update(1 / 30)
    notice = title.widgets["notice"]
    assert notice.visible
    assert [a for a, _ in title.drift.lanes()] == [lanes[0][0]]
    assert {p.lane for p in title.drift.particles} == {lanes[0][0]}
    assert drift_and_check(title, 60) == {lanes[0][0]}
    title.notice = None
    title.update(1 / 30)
    assert not notice.visible and len(title.drift.lanes()) == 2


@pytest.mark.parametrize("size", [(1024, 768), (2560, 1080)], ids=["4:3", "21:9"])
def test_title_decorations_drift_in_the_margins_the_window_shows_and_come_and_go_unseen(app, size):
    from game.core.ui.toolkit import gfx, window as window_mode

    title = TitleScene(app.ctx)
    app.stack.clear_to(title)
    window_mode.the_window().size = size
    app.settle_window()
    app.redraw()
    frames(app, 60)
    view = gfx.view(app.screen)
    assert view != pygame.Rect(0, 0, 1280, 720) and title.drift.view == view
    lanes = title.drift.lanes()
    assert lanes[0][0] == view.left + 30 and lanes[-1][1] == view.right - 30, (lanes, view)
    assert (
        sum(view.top <= p.y <= view.bottom for p in title.drift.particles) >= 8
    )  # spread in sight
    for _ in range(30 * 60):  # a minute: every decoration comes and goes several times
        before = {id(p): (p.y, decoration_box(p, title.time)) for p in title.drift.particles}
        title.update(1 / 30)
        for p in title.drift.particles:
            y, box = before[id(p)]
            if p.y > y:  # started again below: it left above, and comes from below, unseen
                assert box.bottom < view.top, (box, view)
                assert decoration_box(p, title.time).top > view.bottom, (p, view)


# --------------------------------------------------------------------------- the draft


def open_draft(app) -> DraftScene:
    start_game(app.ctx, [Seat("Ann")], 11)
    for _ in range(200):
        frames(app, 1)
        if isinstance(app.stack.top, DraftScene):
            return app.stack.top
    raise AssertionError("no draft")


def test_draft_hint_by_key_and_button_shows_the_hard_computers_choice(app):
    from game.luckybox.ai import hint

    draft = open_draft(app)
    state = draft.session.state
    expected = hint(state.view_for(draft.seat), draft.seat)
    before = snapshot(state)
    press(app, pygame.K_h, 2)
    assert sorted(draft.hinted) == sorted(expected.cards) and len(draft.hinted) == 3
    assert draft.selected == [] and snapshot(state) == before  # shown, not chosen
    assert "hard computer" in draft.message
    # The hinted cards are ringed on screen: around them, not around the others.
    frames(app, 1)
    for card, rect in zip(draft.hand, draft.card_rects(), strict=True):
        ring = pygame.Rect(rect.inflate(18, 18)).clip(app.screen.get_rect())
        strip = app.screen.subsurface((ring.x, ring.y, ring.w, 4))
        green = pygame.mask.from_threshold(strip, (60, 230, 140), (12, 12, 12, 255)).count()
        assert (green > 20) == (card in draft.hinted), (card, green)
    draft.hinted = ()
    click_widget(app, draft, "hint", 2)
    assert sorted(draft.hinted) == sorted(expected.cards)


def test_a_greyed_keep_says_again_how_many_to_choose(app, monkeypatch):
    """After a hint the status line shows the hint; a click on the greyed Keep puts back how
    many cards are still to choose (the reason it is greyed), the dashed cards staying."""
    from tests.ui_helpers import texts_drawn

    draft = open_draft(app)
    press(app, pygame.K_h, 2)
    assert "hard computer" in draft.message and len(draft.hinted) == 3
    drawn = texts_drawn(monkeypatch)
    keep = draft.widgets["confirm"]
    assert not keep.enabled
    click(app, keep.rect.center, 2)
    assert keep.shake > 0 and keep.clicks == 0  # refused
    frames(app, 1)
    assert "Choose 3 more." in drawn and len(draft.hinted) == 3
    assert draft.session.state.players[draft.seat].hand  # nothing kept


def test_draft_cards_answer_the_mouse(app):
    draft = open_draft(app)
    frames(app, 2)
    card = draft.hand[1]
    rect = draft.card_rects()[1]
    still = app.screen.subsurface(pygame.Rect(rect).inflate(12, 40)).copy()
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=tuple(map(round, rect.center)), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    frames(app, 2)
    assert draft.hovered == card
    lifted = app.screen.subsurface(pygame.Rect(rect).inflate(12, 40)).copy()
    assert pixel_difference(still, lifted) > 0.2  # lifted and outlined
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(640, 700), rel=(0, 0), buttons=(0, 0, 0))
    )
    frames(app, 2)
    assert draft.hovered is None


# --------------------------------------------------------------------------- other boards


def move_to(app, pos) -> None:
    pygame.event.post(
        pygame.event.Event(
            pygame.MOUSEMOTION, pos=tuple(map(round, pos)), rel=(0, 0), buttons=(0, 0, 0)
        )
    )
    frames(app, 1)


def test_other_boards_zoom_on_hover_and_stay_on_click(app):
    seats = [Seat("Ann")] + [Seat(f"Bot {i}", "easy") for i in range(1, 12)]
    table = start_game(app.ctx, seats, 5)
    to_first_number(app, table)
    others = table.kit.others
    panels = others.panels()
    assert len(panels) == 11
    # Twelve players: the small boards are a glance, far too small to read a number on...
    small = others.card_rects(1, panels[1])[0]
    assert small.w < 60
    seat = others.seats()[4]
    move_to(app, panels[seat].center)
    assert others.zoomed == seat
    # ...so hovering one shows it large: squares about 35 px, as on a card in the hand.
    cards = others.zoom_card_rects(seat)
    assert len(cards) == len(table.seen.players[seat].cards)
    square = table.kit.cards.cell_rect(cards[0], 0)
    assert square.w >= 30, square
    zoom = others.zoom_rect()
    assert app.ctx.layout.region("current_board").contains(zoom)
    assert not zoom.colliderect(others.rect)  # the small boards stay in sight
    drawn = app.screen.subsurface(pygame.Rect(cards[0])).copy()
    move_to(app, (200, 700))  # away: the zoom closes
    assert others.zoomed is None
    assert pixel_difference(drawn, app.screen.subsurface(pygame.Rect(cards[0])).copy()) > 0.3
    click(app, panels[seat].center)  # a click keeps it
    move_to(app, (200, 700))
    assert others.zoomed == seat
    before = snapshot(table.state)
    click(app, (500, 100))  # the number deck: not a board, so the zoom lets go
    assert others.zoomed is None and snapshot(table.state) == before


@pytest.mark.parametrize("size", [(1024, 768), (2560, 1080)])
def test_a_kept_zoom_shows_every_card_clear_of_the_closed_move_log(app, size):
    """A wide window puts the closed move log beside the board, drawn after the boards: the
    zoom keeps to its left (it was anchored at the board's right edge, and the log hid the
    last card of a zoomed board at 2560x1080)."""
    from game.core.ui.toolkit import gfx, window as window_mode

    window_mode.the_window().size = size
    app.settle_window()
    table = start_game(app.ctx, [Seat("Ann"), Seat("Bot", "easy")], 5)
    to_first_number(app, table)
    others, log = table.kit.others, table.kit.log_panel
    click(app, others.panels()[1].center)
    move_to(app, (200, 700))
    zoom = others.zoom_rect()
    assert others.zoomed == 1 and zoom is not None and not log.open
    assert app.ctx.layout.region("current_board").contains(zoom)
    assert not zoom.colliderect(log.rect()) and not zoom.colliderect(others.rect)
    cards = others.zoom_card_rects(1)
    assert len(cards) == len(table.seen.players[1].cards) and all(zoom.contains(c) for c in cards)
    last = gfx.pixel_rect(app.screen, cards[-1]).clip(gfx.pixels_of(app.screen).get_rect())
    shown = gfx.pixels_of(app.screen).subsurface(last).copy()
    click(app, zoom.center)  # put away: what was under the last card shows again
    assert others.zoomed is None
    gone = gfx.pixels_of(app.screen).subsurface(last).copy()
    assert pixel_difference(shown, gone) > 0.3, "the last zoomed card was drawn, in sight"


def test_zoom_keeps_choices_secret(app):
    app.ctx.settings.animation_speed = 4.0
    table = start_game(app.ctx, [Seat("Bot", "normal"), Seat("Ann")], 21)
    settle(app, table)
    bot_move = table.state.actions[-1]
    move_to(app, table.kit.others.panels()[0].center)
    assert table.kit.others.zoomed == 0
    # The zoomed board is the held-back one: the computer's move for this number is not there.
    assert not crossed(table.kit.others.player(0), bot_move)


def test_glance_cards_tell_crossed_from_open_squares(app):
    table = start_game(app.ctx, [Seat("Ann")], 5)
    card = 1
    face = table.state.face(card)
    for width in (40, 74):
        img = table.kit.cards.render_mini(card, face, 0b000010001, width)
        side = img.get_width()
        assert img.get_height() > side * 0.9
        crossed_px = pygame.mask.from_threshold(img, (200, 18, 96, 255), (8, 8, 8, 255)).count()
        assert crossed_px > 0.03 * side * side, width  # two solid squares stand out


def test_a_crossed_square_keeps_its_number_readable(app):
    import dataclasses

    from game.luckybox.rules.cards import load_deck
    from game.luckybox.ui.cardview import DIGIT

    table = start_game(app.ctx, [Seat("Ann")], 5)
    face = dataclasses.replace(load_deck()[0], grid=(5,) * 9)
    card = table.kit.cards.render(0, face, 0b1, 240)  # the first square crossed, the second open
    rect = pygame.FRect(0, 0, card.get_width(), card.get_height())

    def digit_ink(cell: int) -> int:
        square = pygame.Rect(table.kit.cards.cell_rect(rect, cell))
        core = square.inflate(-square.w // 3, -square.h // 3)  # the number's middle
        return pygame.mask.from_threshold(
            card.subsurface(core), (*DIGIT, 255), (24, 24, 24, 255)
        ).count()

    open_ink, crossed_ink = digit_ink(1), digit_ink(0)
    assert open_ink > 40
    assert crossed_ink >= 0.8 * open_ink, (crossed_ink, open_ink)


def test_a_click_on_a_kept_zoom_closes_it_and_crosses_nothing(app):
    table = start_game(app.ctx, [Seat("Ann"), Seat("Bot", "easy")], 5)
    to_first_number(app, table)
    others = table.kit.others
    click(app, others.panels()[1].center)
    move_to(app, (200, 700))
    zoom = others.zoom_rect()
    assert others.zoomed == 1 and zoom is not None
    before = snapshot(table.state)
    click(app, zoom.center)
    assert others.zoomed is None
    assert snapshot(table.state) == before and table.kit.selected_square is None


def lightning_crosses_inside(table: Table, area: pygame.FRect) -> list[Cross]:
    """The focused player's legal crosses by Lightning whose square lies inside `area`."""
    kit = table.kit
    return [
        a
        for a in table.state.legal_actions(table.focus)
        if isinstance(a, Cross)
        and a.lightning
        and area.contains(kit.cards.cell_rect(kit.card_rect(table.focus, a.card), a.cell))
    ]


def test_spend_hides_while_a_kept_zoom_covers_its_square(app):
    """Another player's cards kept large (a click on their panel) over the chosen Lightning
    square: Spend is not left floating over them, where the click a person makes to put them
    away would spend on a square nobody can see (a random walk found it, seed 813875). The
    click puts them away and spends nothing; Spend is back under its square."""
    table = start_game(app.ctx, [Seat("Ann"), Seat("Bot", "easy")], 1)
    to_first_number(app, table)
    kit, others = table.kit, table.kit.others
    click(app, others.panels()[1].center)
    zoom = others.zoom_rect()
    click(app, zoom.center)  # (it goes: a click on it is used up)
    assert others.zoomed is None and kit.selected_square is None
    under = lightning_crosses_inside(table, zoom)
    assert under, "this deal offers Lightning on a square the zoom covers"
    target = under[0]
    click(app, kit.square_center(target.card, target.cell))
    spend = kit.buttons["spend"]
    assert kit.selected_square is not None and spend.visible
    asked = kit.notice.line()
    where = spend.rect.center
    click(app, others.panels()[1].center)
    move_to(app, (200, 700))  # the mouse off the panels: only the click keeps the zoom
    assert others.zoomed == 1 and zoom.collidepoint(where), "the zoom covers Spend's place"
    assert not spend.visible, "no Spend over the zoom"
    assert kit.notice.line().startswith("Your chosen square is under the cards shown large")
    press(app, pygame.K_m)  # the log opened over both: drawn over the zoom, it is said first
    both = others.zoom_rect().clip(kit.log_panel.rect())
    assert kit.log_panel.open and both.w > 0 and both.h > 0
    assert kit.controls.hidden(both) == "log"
    press(app, pygame.K_m)
    assert not kit.log_panel.open and others.zoomed == 1
    before = snapshot(table.state)
    click(app, where, 2)
    assert others.zoomed is None, "the click put the zoom away"
    assert snapshot(table.state) == before, "and spent nothing"
    assert kit.selected_square is not None and spend.visible, "Spend is back"
    assert kit.notice.line() == asked, "and the line asks again"
    click(app, spend.rect.center, 2)
    assert table.state.players[table.focus].mask_of(target.card) >> target.cell & 1


def test_spend_hides_while_the_open_move_log_covers_its_square(app):
    """The move log opened over the board hides the chosen Lightning square: Spend is not left
    floating over the log (a click there would spend on a square nobody can see); the click
    closes the log, and Spend is back under its square."""
    table = start_game(app.ctx, [Seat("Ann")], 13)
    to_first_number(app, table)
    kit, log = table.kit, table.kit.log_panel
    press(app, pygame.K_m)
    covered = log.rect()
    press(app, pygame.K_m)
    assert not log.open
    lower = lightning_crosses_inside(table, covered)
    assert lower, "this deal offers Lightning on a square the open log covers"
    target = lower[0]
    click(app, kit.square_center(target.card, target.cell))
    assert kit.selected_square is not None
    spend = kit.buttons["spend"]
    assert spend.visible
    asked = kit.notice.line()
    assert "Spend to confirm" in asked, asked
    where = spend.rect.center
    press(app, pygame.K_m)
    assert log.open and log.rect().collidepoint(where), "the open log covers Spend's place"
    assert not spend.visible, "no Spend over the log"
    # The line no longer asks for a button nobody can see: it says how to reach it.
    assert kit.notice.line().startswith("Your chosen square is under the move log")
    before = snapshot(table.state)
    click(app, where, 2)
    assert not log.open, "the click closed the log"
    assert snapshot(table.state) == before, "and spent nothing"
    assert kit.selected_square is not None and spend.visible, "Spend is back"
    assert kit.notice.line() == asked, "and the line asks again"
    click(app, spend.rect.center, 2)
    assert table.state.players[table.focus].mask_of(target.card) >> target.cell & 1
