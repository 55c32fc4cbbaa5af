"""Honest lines and safe keys (issue 22, items 2, 3, 4, 7 and 11), driven with posted events:
a line saying a game is saved is shown only when Continue brings it back; refusals name seats by
name; a greyed button says why when clicked; Enter never does the destructive thing; the
guided game's swap offers one way back."""

from __future__ import annotations

import ast
import random
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import catalog
from game.blanco.rules import legal as blanco_legal
from game.core import storage
from game.core.game import Refusal
from game.core.session import Seat, Session
from game.core.ui.app import App
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.pause import PauseScene
from game.core.ui.screens.title import TitleScene
from game.luckybox.ui.scenes.table import start_game
from tests.support import save_file, take_turn, title, to_first_number
from tests.ui_helpers import click, click_widget, frames, press, seen, wait

ROOT = Path(__file__).resolve().parent.parent


def apply_move(table: Any, action: Any) -> bool:
    """The move as a click makes it: where `Moves` returns its effects (Lucky Box), the table
    shows them; True when the step was taken (not refused)."""
    done = table.moves.apply(action)
    if isinstance(done, bool):
        return done
    table.show(done)
    return not done.refusal


def question(dialog: ConfirmDialog) -> str:
    asked = dialog.question
    return asked() if callable(asked) else asked


def open_pause(app: App) -> PauseScene:
    for _ in range(4):  # (in a guided game the first Esc puts the guide away)
        if isinstance(app.stack.top, PauseScene):
            break
        press(app, pygame.K_ESCAPE, 2)
    pause = app.stack.top
    assert isinstance(pause, PauseScene)
    return pause


def ask_quit(app: App) -> tuple[ConfirmDialog, str]:
    pause = open_pause(app)
    tip = pause.widgets["quit"].tooltip
    click_widget(app, pause, "quit", 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    return dialog, tip() if callable(tip) else str(tip)


# --------------------------------------------------------------------------- item 2


def test_quit_says_saved_and_continue_brings_the_game_back(app, data_dir):
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    take_turn(app, table, random.Random(1), None)
    frames(app, 3)
    actions = list(table.state.actions)
    dialog, tip = ask_quit(app)
    assert "is saved: Continue brings it back" in question(dialog)
    assert "is saved: Continue brings it back" in tip
    click_widget(app, dialog, "yes", 2)
    top = app.stack.top
    assert isinstance(top, TitleScene) and top.widgets["continue"].visible
    click_widget(app, top, "continue", 2)
    assert list(app.stack.scenes[0].state.actions) == actions  # the line was true


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_quitting_a_guided_game_never_says_it_is_saved(app, data_dir, game):
    app.ctx.nav.make(f"{game}.guided")
    frames(app, 10)
    dialog, tip = ask_quit(app)
    assert "is saved" not in question(dialog) and "not saved" in question(dialog)
    assert "is saved" not in tip and "not saved" in tip
    click_widget(app, dialog, "yes", 2)
    top = app.stack.top
    assert isinstance(top, TitleScene)
    assert not top.widgets["continue"].visible  # indeed nothing to continue
    assert not save_file(storage.game_folder(data_dir, game)).exists()


def test_a_game_whose_save_fails_is_not_said_to_be_saved(app, data_dir, monkeypatch):
    import game.core.keeper as keeper

    monkeypatch.setattr(keeper, "save_game", lambda folder, record: "The disk is full.")
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    dialog, tip = ask_quit(app)
    assert "not saved" in question(dialog) and "not saved" in tip
    assert storage.load_save(storage.game_folder(data_dir, "luckybox"), catalog.games())[0] is None


def test_leaving_a_guided_game_for_another_does_not_say_it_is_saved(app, data_dir):
    app.ctx.nav.make("luckybox.guided")
    frames(app, 10)
    pause = open_pause(app)
    click_widget(app, pause, "howto", 2)
    click_widget(app, app.stack.top, "guided", 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    assert "It is saved" not in question(dialog) and "not saved" in question(dialog)


# --------------------------------------------------------------------------- item 3


def refusal_codes(game_id: str) -> set[str]:
    """Every code a `Refusal(...)` in the game's rules can carry."""
    codes: set[str] = set()
    for path in sorted((ROOT / "game" / game_id / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal":
                code = node.args[0]
                if isinstance(code, ast.Constant):
                    codes.add(code.value)
                else:  # Blanco's f"must_{phase}"
                    codes |= {f"must_{phase}" for phase in blanco_legal._NEEDS}
    return codes


def every_refusal(game_id: str) -> list[Refusal]:
    """Each code, with every argument a line may name (seats are 0 and 1: "player 0")."""
    args = {"player": 0, "waiting": 1, "number": 7, "need": 2, "have": 1, "spent": 2}
    args |= {"card": 3, "cell": 4, "bonus": "moon", "phase": "turn", "at": (0, 0)}
    return [Refusal(code, f"{code}: player 0, player 1", **args) for code in refusal_codes(game_id)]


def assert_said_with_names(line: str, code: str) -> None:
    assert line, code
    assert "player 0" not in line.lower() and "player 1" not in line.lower(), (code, line)
    assert code not in line and "{" not in line, (code, line)


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_every_refusal_code_is_said_at_the_table_with_names(app, game_id, monkeypatch):
    seats = [Seat("Ann"), Seat("Bo")]
    table = app.ctx.nav.make(f"{game_id}.start_game", seats=seats, seed=4)
    app.ctx.settings.pass_screen = False
    for _ in range(600):
        top = app.stack.top
        if top is table and table.human_turn():
            break
        if top is not table and "confirm" in getattr(top, "widgets", {}):  # the draft
            for card in top.hand[: top.need]:
                click(app, top.card_center(card))
            click_widget(app, top, "confirm", 2)
        else:
            press(app, pygame.K_SPACE)
    refusals = every_refusal(game_id)
    assert len(refusals) > 20
    undo = table.controls.buttons["undo"]
    for refusal in refusals:
        monkeypatch.setattr(table.state, "can_undo", lambda seat, r=refusal: r)
        table.message = ""
        frames(app, 1)
        click(app, undo.rect.center)
        assert_said_with_names(table.message, refusal.code)
        monkeypatch.setattr(
            table.session, "apply", lambda action, r=refusal: _refused(table.session, r)
        )
        apply_move(table, table.state.legal_actions(table.focus)[0])
        assert_said_with_names(table.message, refusal.code)
        monkeypatch.undo()
    assert app.errors == []


def _refused(session: Session, refusal: Refusal) -> Any:
    from game.core.game import Outcome

    return Outcome([], refusal)


# --------------------------------------------------------------------------- item 4


def test_greyed_lucky_box_buttons_say_why_when_clicked(app):
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    buttons = table.kit.buttons
    assert not buttons["undo"].enabled  # nothing done yet this number
    click(app, buttons["undo"].rect.center)
    assert table.message.startswith("Can't undo")
    take_turn(app, table, random.Random(1), None)
    while table.confirming is None or table.animator.busy:
        wait(app)
    seen(app)  # (the buttons' flags, as drawn)
    for name in ("pass", "hint"):
        assert not buttons[name].enabled
        table.message = ""
        click(app, buttons[name].rect.center)
        assert table.message == "Your turn is done: press Next.", name
    assert app.errors == []


def test_no_line_says_undo_while_undo_is_greyed(app, monkeypatch):
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    take_turn(app, table, random.Random(1), None)
    while table.confirming is None or table.animator.busy:
        wait(app)
    seen(app)  # (the buttons' flags, as drawn)
    assert table.kit.buttons["undo"].enabled and "Undo" in table.kit.bonuses.turn_hint()
    monkeypatch.setattr(
        table.state, "can_undo", lambda seat: Refusal("nothing_to_undo", "nothing to undo")
    )
    app.redraw()  # changed behind the table's back: no frame would show it otherwise
    frames(app, 2)
    assert not table.kit.buttons["undo"].enabled
    assert "Undo" not in table.kit.bonuses.turn_hint()


def test_blanco_turn_done_line_offers_undo_only_when_it_can(app, monkeypatch):
    from game.blanco.entry import BLANCO
    from game.blanco.rules import Setup

    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Cy", "easy")], seed=3)
    for _ in range(400):
        if table.human_turn():
            break
        press(app, pygame.K_SPACE)
    setup = BLANCO.bots.make_bot("normal", 3, 0).choose(table.state.view_for(0), 0)
    assert isinstance(setup, Setup)
    click(app, table.kit.grid.rects()[setup.reveal].center)
    click(app, table.kit.grid.rects()[setup.look].center)
    while table.animator.busy:
        wait(app)
    assert table.confirming == 0
    monkeypatch.setattr(table.kit, "undo_refusal", lambda: "Can't undo: that card was seen.")
    from game.blanco.ui.table import geometry as geo

    click(app, geo.DRAW_PILE.center)  # not now: the turn waits for Next
    assert table.message.startswith("Your turn is done") and "Undo" not in table.message
    assert "Undo" not in table.kit.turn_line()


# --------------------------------------------------------------------------- item 7


def test_enter_in_the_quit_dialog_is_no_and_tab_reaches_yes(app, data_dir):
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    dialog, _tip = ask_quit(app)
    press(app, pygame.K_RETURN, 2)  # out of habit: nothing is left
    assert isinstance(app.stack.top, PauseScene) and app.stack.scenes[0] is table
    click_widget(app, app.stack.top, "quit", 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    press(app, pygame.K_TAB)  # the ring shows on the safe choice
    assert app.ring.current_key(dialog) == "no"
    press(app, pygame.K_TAB)
    assert app.ring.current_key(dialog) == "yes"
    press(app, pygame.K_RETURN, 2)
    assert isinstance(app.stack.top, TitleScene)


def test_enter_on_a_delete_question_keeps_the_saved_game(app, data_dir):
    """New game asks nothing now (it discards nothing); the question before a loss is the
    list's Delete, and Enter there keeps the game."""
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    frames(app, 2)
    start_game(app.ctx, [Seat("Bo")], 13)
    frames(app, 2)
    top = title(app)
    click_widget(app, top, "continue", 2)  # two games in progress: the list
    listing = app.stack.top
    click_widget(app, listing, "delete_0", 2)
    assert isinstance(app.stack.top, ConfirmDialog)
    press(app, pygame.K_RETURN, 2)
    assert app.stack.top is listing and len(listing.tables) == 2
    press(app, pygame.K_ESCAPE, 2)
    assert app.stack.top is top and top.widgets["continue"].visible and len(top.saves) == 2


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_enter_on_the_game_end_plays_again_and_never_leaves_by_accident(app, data_dir, game_id):
    """Issue 74 item 5 turned issue 22's choice round: an Enter on the results leaving the game
    for the title was the accident players met; the focus starts on Play again."""
    game = next(g for g in catalog.games() if g.id == game_id)
    session = Session([Seat("Ann", "easy"), Seat("Bo", "easy")], 5, game=game)
    rng = random.Random(1)
    while not session.state.is_terminal():
        seat = session.next_seat()
        if seat is None:
            session.advance()
        else:
            session.apply(rng.choice(session.state.legal_actions(seat)))
    end = app.ctx.nav.make(f"{game_id}.game_end", session=session)
    app.stack.clear_to(end)
    frames(app, 10)
    press(app, pygame.K_RETURN, 3)  # before the moment has landed: nothing (issue 66 item 4)
    frames(app, 120)
    press(app, pygame.K_RETURN, 3)  # shows the focus, on Play again
    assert app.stack.top is end and app.ring.current_key(end) == "again"
    assert not save_file(storage.game_folder(data_dir, game_id)).exists()
    press(app, pygame.K_RETURN, 3)
    assert not any(isinstance(s, TitleScene) for s in app.stack.scenes), "a new deal, no title"
    assert app.stack.top is not end


# --------------------------------------------------------------------------- item 11


def test_a_swap_offers_one_way_back(app):
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Cy", "easy")], seed=3)
    from game.blanco.entry import BLANCO
    from game.blanco.rules import Setup

    bot = BLANCO.bots.make_bot("normal", 3, 0)
    for _ in range(2000):
        if table.human_turn() and table.state.phase == "turn":
            break
        if table.human_turn() and table.state.phase == "setup":
            setup = bot.choose(table.state.view_for(0), 0)
            assert isinstance(setup, Setup)
            click(app, table.kit.grid.rects()[setup.reveal].center)
            click(app, table.kit.grid.rects()[setup.look].center)
        elif table.confirming is not None and not table.animator.busy:
            click(app, table.controls.buttons["next"].rect.center)
        else:
            press(app, pygame.K_SPACE)
    click(app, table.controls.buttons["swap"].rect.center, 2)
    assert table.moves.mode == "swap"
    assert table.controls.buttons["swap"].label == "Cancel swap"
    assert "cancel" not in table.controls.choices()  # not "Cancel swap" and "Cancel" at once
    click(app, table.controls.buttons["swap"].rect.center, 2)
    assert table.moves.mode is None


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_the_guide_never_says_press_next_once_next_was_pressed(app, game):
    from game.core.ui.screens.guide import Guide

    app.ctx.nav.make(f"{game}.guided")
    frames(app, 2)
    guide = app.stack.overlay
    assert isinstance(guide, Guide)
    table = app.stack.scenes[0]
    nexts = 0
    for _ in range(6000):
        wait(app)  # (the guide's advice is made in its update)
        advice = guide.advice
        if table.confirming is None and advice is not None:
            assert advice.kind != "next", "Next was pressed: the guide must not still ask for it"
            assert "press next" not in advice.text.lower()
        if advice is None or advice.target is None:
            continue
        if advice.kind == "next":
            nexts += 1
            if nexts == 3:
                break
        click(app, advice.target)
    assert nexts == 3
