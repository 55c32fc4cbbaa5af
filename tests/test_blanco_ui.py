"""Blanco's table driven headless by posted mouse and key events.

The test "player" asks a bot (on the seat's own view) what it wants to do, as a person reads the
table, then clicks where the table draws those cards, piles and buttons.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.rules import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.ui.scenes.gameend import GameEndScene
from game.blanco.ui.table import geometry as geo
from game.blanco.ui.table.kit import BlancoKit
from game.core.session import Seat
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.table import Table
from tests.support import kit_table
from tests.ui_helpers import click, frames, press, screenshot, wait


def settle(app: Any, table: Table, limit: int = 4000) -> None:
    """Run frames until the table waits for a human (or the game leaves the table)."""
    for _ in range(limit):
        if app.stack.top is not table or table.human_turn():
            return
        if table.animator.busy:
            press(app, pygame.K_SPACE)
        elif table.turns.confirming is not None:  # a finished turn waits for Next
            click(app, table.controls.buttons["next"].rect.center)
        else:
            wait(app)
    raise AssertionError("the table never settled")


def cell_at(table: Table, at: tuple[int, int]) -> tuple[float, float]:
    return table.kit.grid.rects()[at].center


def click_action(
    app: Any,
    table: Table,
    action: Any,
    shots: set | None = None,
    click: Callable[[Any, Any], Any] = click,
) -> None:
    """Make `action` by clicks, as a person would (`click`: how a click at a point of the
    table reaches the app; by default a posted event in the table's coordinates)."""

    def shot(name: str) -> None:
        if shots is not None and name not in shots:
            shots.add(name)
            frames(app, 1)
            screenshot(app, f"blanco_{name}")

    if isinstance(action, Setup):
        click(app, cell_at(table, action.reveal))
        shot("setup_choose")
        click(app, cell_at(table, action.look))
    elif isinstance(action, Draw):
        shot("turn_draw")
        geometry = table.kit.geometry
        click(
            app, (geometry.draw_pile if action.source == "pile" else geometry.discard_pile).center
        )
    elif isinstance(action, Play):
        index = table.state.hand(table.focus).index(action.card)
        click(app, table.kit.hand.rects()[index].center)
        shot("play_selected")
        click(app, cell_at(table, action.at))
    elif isinstance(action, Discard):
        index = table.state.hand(table.focus).index(action.card)
        click(app, table.kit.hand.rects()[index].center)
        click(app, table.kit.geometry.discard_pile.center)
        if action.reveal is not None:
            shot("discard_reveal")
            click(app, cell_at(table, action.reveal))
    elif isinstance(action, Swap):
        click(app, table.controls.buttons["swap"].rect.center)
        click(app, cell_at(table, action.a))
        click(app, cell_at(table, action.b))
        if action.reveal is not None:
            shot("swap_reveal")
            # The card to turn over is clicked where it is now; the swap moves it to `reveal`.
            click(app, cell_at(table, action.a if action.reveal == action.b else action.b))
    elif isinstance(action, Clear):
        shot("clear_choice")
        button = table.controls.choices()[f"clear_{action.line}_{action.line_no}"]
        click(app, button.rect.center)
    elif isinstance(action, Look):
        click(app, cell_at(table, action.at))
        choices = table.controls.choices()
        if "reveal" in choices:
            shot("look_reveal")
            click(app, choices["reveal" if action.reveal else "keep"].rect.center)
    else:  # pragma: no cover
        raise AssertionError(action)


def human_step(app: Any, table: Table, bot: Any, shots: set | None = None) -> Any:
    """One step of the human whose turn it is, by clicks; returns the action."""
    seat = table.focus
    count = len(table.state.actions)
    action = bot.choose(table.state.view_for(seat), seat)
    click_action(app, table, action, shots)
    assert len(table.state.actions) == count + 1, (action, table.message)
    assert table.state.actions[-1] == action
    return action


def at_a_look(state: Any) -> bool:
    """Whether the solo player is to look after a chain reaction and may reveal the card."""
    return state.phase == "look" and any(a.reveal for a in state.legal_actions(0))


@functools.cache
def solo_moves(level: str, seed: int, until: Callable[[Any], bool] | None = None) -> tuple | None:
    """The moves `level`'s bot chooses (on the seat's view, as human_step asks it) in a solo
    game of this deal, by the rules alone: to the game's end, or to the first position where
    `until` holds (None if the game ends first). Chosen once per worker: the tests that play
    the same deal by clicks replay them (Replayed) rather than each asking the bot again."""
    from game.core.session import Session

    session = Session([Seat("Solo")], seed, game=BLANCO)
    bot = BLANCO.bots.make_bot(level, seed, 0)
    moves = []
    for _ in range(400):
        state = session.state
        if state.is_terminal():
            return None if until else tuple(moves)
        if session.chance_due():
            session.advance()
        elif until and until(state):
            return tuple(moves)
        else:
            moves.append(bot.choose(state.view_for(0), 0))
            assert session.apply(moves[-1]).ok
    raise AssertionError("the solo game did not end")


class Replayed:
    """A player who makes the given moves in order (a bot's, chosen by `solo_moves`): the game
    played by clicks is the game the rules played, so each move is the bot's own choice there
    (human_step checks that each click made it)."""

    def __init__(self, moves: Sequence[Any]) -> None:
        self.moves = list(moves)
        self.made = 0

    def choose(self, _view: Any, _seat: int) -> Any:
        assert self.made < len(self.moves), "the table's game went on past the rules' game"
        self.made += 1
        return self.moves[self.made - 1]


def test_solo_game_by_clicks(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=5)
    bot = Replayed(solo_moves("normal", 5))  # the bot's moves, shared with the next test
    shots: set = set()
    frames(app, 30)
    screenshot(app, "blanco_deal")
    for _ in range(600):
        settle(app, table)
        if app.stack.top is not table:
            break
        human_step(app, table, bot, shots)
        assert table.seen.matches(table.state) or table.animator.busy
    end = app.stack.top
    assert isinstance(end, GameEndScene)
    assert table.state.is_terminal() and table.state.winner == 0
    frames(app, 5)
    screenshot(app, "blanco_game_end")


def test_the_hint_marks_where_to_click_and_following_the_mark_makes_the_hinted_move(
    app,
) -> None:
    from game.blanco.ui.table.keys import hint_place
    from game.blanco.ui.table.kit import HINT_PAD
    from game.core.ui.toolkit.paint import GREEN

    app.ctx.settings.animation_speed = 8.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=5)
    kinds = set()
    for _ in range(12):  # the set-up, then turns: draws, plays, discards, swaps
        settle(app, table)
        assert hint_place(table.kit) is None  # no mark before the player asks
        click(app, table.controls.buttons["hint"].rect.center)
        hint = table.moves.hint
        assert hint is not None and table.message.startswith("Hint: ")
        count = len(table.state.actions)
        for _step in range(6):  # each step of the move by a click on the mark
            place = hint_place(table.kit)
            assert place is not None, (hint, table.moves.mode)
            ring = pygame.Rect(place).inflate(HINT_PAD, HINT_PAD)
            assert tuple(app.screen.get_at((ring.left + 3, ring.centery)))[:3] == GREEN
            click(app, place.center)
            if len(table.state.actions) > count:
                break
        assert table.state.actions[count:] == [hint], (hint, table.message)
        kinds.add(type(hint).__name__)
        frames(app, 1)
        assert hint_place(table.kit) is None  # done: the mark is gone
    assert {"Setup", "Draw"} <= kinds and kinds & {"Play", "Discard", "Swap"}


def test_refusals_are_said_and_flashed(app) -> None:
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann")], seed=11)
    settle(app, table)
    click(app, table.kit.hand.rects()[0].center)  # set-up: a hand card is not a choice
    assert table.refusal and table.message
    assert table.moves.flash is not None and table.moves.flash[0] == ("hand", 0)
    click(app, table.controls.buttons["undo"].rect.center)
    assert "Can't undo" in table.message
    click(app, cell_at(table, (0, 0)))
    click(app, cell_at(table, (1, 1)))
    settle(app, table)
    assert table.state.phase == "turn"
    click(app, cell_at(table, (2, 2)))  # a grid card before drawing
    assert table.refusal and "Draw" in table.message
    click(app, geo.DISCARD_PILE.center)  # draw the discard: undoable
    settle(app, table)
    assert table.state.phase == "play"
    assert table.state.can_undo(0) is None
    click(app, table.controls.buttons["undo"].rect.center)
    settle(app, table)
    assert table.state.phase == "turn" and table.message == "Undone."
    assert table.seen.matches(table.state)
    click(app, table.controls.buttons["hint"].rect.center)
    assert table.message.startswith("Hint: ") and not table.refusal
    # The memory aid shows the looked-at card to its owner (marked); off, only its back.
    frames(app, 1)
    assert table.kit.private_drawn == {0}
    assert table.kit.cell_face(0, (1, 1)) == (table.state.grid(0)[1][1], True)
    click(app, table.controls.buttons["aid"].rect.center, 2)
    assert not table.kit.memory_aid and table.kit.cell_face(0, (1, 1)) == (0, False)
    click(app, table.controls.buttons["aid"].rect.center, 2)
    assert table.kit.memory_aid
    # A swap of two face-down cards: the card clicked is the one turned over, wherever the
    # swap puts it.
    known = table.state.grid(0)[1][1]
    click(app, table.controls.buttons["swap"].rect.center)
    click(app, cell_at(table, (1, 1)))
    click(app, cell_at(table, (1, 2)))
    assert table.moves.mode == "swap_reveal"
    click(app, cell_at(table, (1, 1)))
    assert table.state.actions[-1] == Swap(0, (1, 1), (1, 2), (1, 2))
    assert table.state.grid(0)[1][2] == known and table.state.players[0].up[1][2]


def test_title_chooses_blanco_and_remembers_it(app) -> None:
    from game.blanco.ui.scenes.setup import SetupScene
    from game.core.ui.screens.title import TitleScene

    app.stack.push(TitleScene(app.ctx))
    frames(app, 60)
    screenshot(app, "blanco_title_luckybox")
    title = app.stack.top
    assert title.game == "luckybox"
    click(app, title.widget("game_blanco").rect.center, 60)
    assert title.game == "blanco"
    screenshot(app, "blanco_title")
    click(app, title.widget("new_game").rect.center, 2)
    setup = app.stack.top
    assert isinstance(setup, SetupScene)
    click(app, setup.widget("seat_plus").rect.center)
    click(app, setup.widget("computer_1").rect.center)  # seat 2 back to human
    click(app, setup.widget("level_2").rect.center)  # seat 3: normal -> hard
    screenshot(app, "blanco_setup_scene")
    seats = setup.chosen_seats()
    assert [s.kind for s in seats] == ["human", "human", "hard"]
    click(app, setup.widget("start").rect.center, 2)
    table = app.stack.scenes[0]
    assert kit_table(table, BlancoKit) and table.session.game is BLANCO
    # The choice is remembered: a new title shows Blanco.
    assert TitleScene(app.ctx).game == "blanco"


def watch_private(table: Table, log: list) -> None:
    """Check every frame the table draws: with several humans, private faces only of the seat
    whose turn is shown, once that seat has taken the screen; alone, only the human's own."""
    original = table.draw

    def checked(surface: pygame.Surface) -> None:
        original(surface)
        drawn = set(table.kit.private_drawn)
        log.append((table.seen.acting, drawn))
        humans = table.session.humans
        if len(humans) == 1:  # alone with computers: the one human's own cards, always
            assert drawn <= set(humans)
            return
        # A finished turn stays its player's until they press Next (the pass screen follows).
        assert drawn <= {table.seen.acting, table.turns.confirming}, (drawn, table.seen.acting)
        for seat in drawn:
            assert table.turns.shown_human == seat

    table.draw = checked  # type: ignore[method-assign]  # a spy on draw


def play_until(
    app: Any, table: Table, done: Any, bots: dict, shots: set, handoffs: list, limit: int = 400
) -> None:
    for _ in range(limit):
        if done():
            return
        top = app.stack.top
        if isinstance(top, HandoffScene):
            handoffs.append(top.name)
            if "handoff" not in shots:
                shots.add("handoff")
                screenshot(app, "blanco_handoff")
            click(app, top.widget("go").rect.center, 2)
            continue
        settle(app, table)
        if done():
            return
        if app.stack.top is table and table.human_turn():
            if (
                len(table.session.humans) > 1
                and table.state.turns(1) == 2
                and ("pass_table" not in shots)
            ):
                shots.add("pass_table")
                screenshot(app, "blanco_pass_table")
            human_step(app, table, bots[table.focus], shots)
    raise AssertionError("not done in time")


@pytest.mark.every_frame_drawn  # watch_private checks every frame drawn
def test_two_humans_pass_and_play(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bob")], seed=21)
    log: list = []
    watch_private(table, log)
    bots = {i: BLANCO.bots.make_bot("normal", 21, i) for i in range(2)}
    handoffs: list = []
    state = table.state
    play_until(
        app,
        table,
        lambda: state.turns(0) >= 5 and state.turns(1) >= 5 and not table.animator.busy,
        bots,
        set(),
        handoffs,
    )
    # The screen was handed over before each player's set-up and every turn after.
    assert handoffs[:4] == ["Ann", "Bob", "Ann", "Bob"]
    assert len(handoffs) >= 10
    # Each player's own cards were drawn on their turns, never on the other's.
    assert any(drawn == {0} for _acting, drawn in log)
    assert any(drawn == {1} for _acting, drawn in log)
    frames(app, 2)
    screenshot(app, "blanco_pass_and_play")


@pytest.mark.every_frame_drawn  # watch_private checks every frame drawn
def test_human_with_three_bots(app) -> None:
    app.ctx.settings.animation_speed = 4.0
    seats = [Seat("Me"), Seat("Easy", "easy"), Seat("Normal", "normal"), Seat("Hard", "hard")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=8)
    log: list = []
    watch_private(table, log)
    handoffs: list = []
    shots: set = {"handoff"}
    play_until(
        app,
        table,
        lambda: table.state.turns(0) >= 4 and table.human_turn(),
        {0: BLANCO.bots.make_bot("normal", 8, 0)},
        shots,
        handoffs,
    )
    assert handoffs == []  # one human: no pass screen
    assert all(drawn <= {0} for _acting, drawn in log)
    assert min(table.state.turns(i) for i in range(1, 4)) >= 3
    assert table.seen.matches(table.state)
    screenshot(app, "blanco_four_players")


def test_continue_mid_turn_restores_exactly(app) -> None:
    from game.core.ui.screens.title import TitleScene

    seats = [Seat("Ann"), Seat("Bot", "hard")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=33)
    bot = BLANCO.bots.make_bot("normal", 33, 0)
    settle(app, table)
    human_step(app, table, bot)  # set-up
    settle(app, table)
    click(app, geo.DRAW_PILE.center, 1)  # turn A: a card drawn, the play still to come
    assert table.state.phase == "play" and table.animator.busy
    key, hand = table.state.key(), list(table.state.hand(0))
    frames(app, 1)  # the autosave is written a frame later, mid-animation
    app.stack.clear()  # the window closes
    app.ctx.settings.animation_speed = 4.0
    title = TitleScene(app.ctx)
    title.choose_game("blanco")
    app.stack.push(title)
    frames(app, 40)
    assert title.widget("continue").visible
    screenshot(app, "blanco_title_continue")
    click(app, title.widget("continue").rect.center, 2)
    resumed = app.stack.top
    assert kit_table(resumed, BlancoKit) and resumed is not table
    assert resumed.state.key() == key
    assert resumed.animator.busy or resumed.session.feed  # the draw's step plays again
    settle(app, resumed)
    assert resumed.seen.matches(resumed.state)
    assert resumed.state.hand(0) == hand and resumed.human_turn()
    screenshot(app, "blanco_continued")
    action = bot.choose(resumed.state.view_for(0), 0)
    click_action(app, resumed, action)
    assert resumed.state.actions[-1] == action


def test_shown_board_follows_the_engine_event_by_event() -> None:
    """Applied one event at a time, the shown board matches the engine whenever the feed is
    drained: deals, draws, clears with their gaps, closing up, reshuffles, second grids, undo."""
    from game.blanco.ui.shown import Shown
    from game.core.session import Session

    for seed in (1, 2):
        seats = [Seat("A", "easy"), Seat("B", "normal"), Seat("C", "hard")]
        session = Session(seats, seed, game=BLANCO)
        shown = Shown.before_deal(session.state)
        while not session.state.is_terminal():
            while session.feed:
                shown.apply(session.feed.popleft())
            assert shown.matches(session.state)
            seat = session.next_seat()
            action = session.bots[seat].choose(session.state.view_for(seat), seat)
            assert session.apply(action).ok
            if session.state.can_undo(seat) is None and len(session.state.actions) % 5 == 0:
                while session.feed:  # an undo is shown after everything before it
                    shown.apply(session.feed.popleft())
                assert session.undo(seat).ok
                while session.feed:
                    shown.apply(session.feed.popleft())
                assert shown.matches(session.state)
                assert session.apply(action).ok
        while session.feed:
            shown.apply(session.feed.popleft())
        assert shown.matches(session.state) and shown.winner == session.state.winner


def test_key_animation_steps_on_screen(app) -> None:
    """A solo game played by clicks without skipping: a screenshot of each key step part-way
    through its animation (the deal, the private look, a draw, a play, a line glowing, flying
    to the box, the grid closing up, a chain reaction, the second grid, the win)."""
    from game.core.ui.toolkit.animator import Effect

    speed = 3.0
    app.ctx.settings.animation_speed = speed
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=5)
    bot = Replayed(solo_moves("normal", 5))  # the bot's moves (as test_solo_game_by_clicks's)
    wanted = {
        "Dealt",
        "Looked",
        "Drawn",
        "Played",
        "Revealed",
        "LineComplete",
        "LineCleared",
        "ClosedUp",
        "ChainLink",
        "SecondGridDealt",
        "Won",
        "Swapped",
    }
    shot: set = set()
    current, elapsed = None, 0.0
    for _ in range(30000):
        if app.stack.top is not table:
            break
        if table.human_turn():
            human_step(app, table, bot)
        elif table.turns.confirming is not None and not table.animator.busy:
            click(app, table.controls.buttons["next"].rect.center)  # the turn done: Next
        wait(app)
        step = table.animator.current
        if step is not current:
            current, elapsed = step, 0.0
            continue
        elapsed += speed / 60
        name = type(step).__name__
        if (
            step is not None
            and name in wanted
            and name not in shot
            and elapsed >= 0.45 * table.animator.duration(step, table.focus)
        ):
            assert any(isinstance(e, Effect) for e in table.animator.effects) or name in (
                "LineCleared",
            )
            shot.add(name)
            screenshot(app, f"blanco_anim_{name}")
    assert isinstance(app.stack.top, GameEndScene)
    assert {"Dealt", "Looked", "Played", "LineCleared", "SecondGridDealt", "Won"} <= shot


#: Random clicks and keys per run (1,500 on one fixed deal and input before: now each run draws
#: its deal and its input anew, tests/sweep.py).
RANDOM_EVENTS = 500


@pytest.mark.every_frame_drawn  # watch_private checks every frame drawn
def test_random_clicks_and_keys_never_break_the_table(app, sweep_rng) -> None:
    """A monkey at a two-human table with a computer: hundreds of random clicks and keys
    (pass screens, menus, refusals, undo, swaps, cancels) and the game goes on, the shown board
    catching up with the engine whenever the animations are done."""
    rng = sweep_rng
    app.ctx.settings.animation_speed = 4.0
    seats = [Seat("Ann"), Seat("Bob"), Seat("Cat", "easy")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=rng.randrange(1, 1_000_000))
    log: list = []
    watch_private(table, log)
    keys = [pygame.K_SPACE, pygame.K_ESCAPE, pygame.K_s, pygame.K_u, pygame.K_h, pygame.K_RETURN]
    targets = [
        geo.DRAW_PILE.center,
        geo.DISCARD_PILE.center,
        *(b.center for b in geo.BUTTONS.values()),
    ]
    for _ in range(RANDOM_EVENTS):
        if app.stack.top is not table and not isinstance(app.stack.top, HandoffScene):
            press(app, pygame.K_ESCAPE)  # leave the menu
            if app.stack.top is not table and not isinstance(app.stack.top, HandoffScene):
                app.stack.pop()
            continue
        roll = rng.random()
        if roll < 0.15:
            press(app, rng.choice(keys))
        elif roll < 0.35:
            click(app, rng.choice(targets))
        elif roll < 0.5 and table.kit.grid.rects():
            click(app, rng.choice(list(table.kit.grid.rects().values())).center)
        elif roll < 0.6 and table.kit.hand.rects():
            click(app, rng.choice(table.kit.hand.rects()).center)
        elif roll < 0.7:
            click(app, (rng.uniform(0, 1280), rng.uniform(0, 720)))
        else:
            frames(app, 2)
        if app.stack.top is table and not table.animator.busy and not table.session.feed:
            assert table.seen.matches(table.state)
        assert not app.errors, app.errors[-1]
    assert len(table.state.actions) > 10


def test_a_look_seen_before_its_reveal_choice_survives_closing(app) -> None:
    """After a chain reaction the player looks, then decides whether to reveal: the card seen
    stays the one to decide about, even across closing the game and Continue."""
    # The first of these deals whose game, played by Hard's choices, comes to a chain
    # reaction's look (the test is about that moment, not about one deal): found by the rules
    # alone, then played to that moment by clicks, Hard's moves replayed. (Deal 5's whole game
    # came to no such look: the search starts after it.)
    found = ((seed, solo_moves("hard", seed, at_a_look)) for seed in range(6, 16))
    seed, moves = next(((seed, moves) for seed, moves in found if moves is not None), (0, None))
    assert moves is not None, "no chain reaction"
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo")], seed=seed)
    bot = Replayed(moves)
    for _ in range(200):
        settle(app, table)
        state = table.state
        assert not state.is_terminal(), "the game played by clicks is the game the rules played"
        if at_a_look(state):
            break
        human_step(app, table, bot)
    else:
        raise AssertionError("no chain reaction")
    assert bot.made == len(moves), "the look came where the rules' game came to it"
    down = table.state.players[0].face_down()
    click(app, cell_at(table, down[0]))
    assert table.moves.mode == "look_reveal" and table.kit.private_drawn == {0}
    press(app, pygame.K_ESCAPE)  # no taking the look back
    assert table.moves.mode == "look_reveal"
    app.stack.clear()
    assert app.ctx.nav.make("blanco.continue_game") is None
    resumed = app.stack.top
    settle(app, resumed)
    assert resumed.moves.mode == "look_reveal" and resumed.moves.cell == down[0]
    if len(down) > 1:
        click(app, cell_at(resumed, down[1]))
        assert resumed.refusal and resumed.moves.cell == down[0]
    click(app, resumed.controls.choices()["keep"].rect.center)
    assert resumed.state.actions[-1] == Look(0, down[0], False)
    assert not (app.ctx.game_dir("blanco") / "look.json").exists()
