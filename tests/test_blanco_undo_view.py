"""Blanco undo limits, views (what a seat may know) and event redaction; no pygame in rules."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from blanco_helpers import (
    BROWN,
    DGREEN,
    LBLUE,
    ORANGE,
    PURPLE,
    RED,
    YELLOW,
    c,
    new_game,
    place,
    ready,
    set_hand,
)

from game.blanco.rules import events as ev
from game.blanco.rules.actions import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.rules.state import CLEAR, LOOK, PLAY, TURN

UP, DN = True, False


# -- undo --------------------------------------------------------------------------------------
def test_undo_a_discard_pile_draw_is_exact() -> None:
    state = ready()
    before = state.key()
    assert state.can_undo(0) == "nothing to take back this turn"
    state.apply(Draw(0, "discard"))
    assert state.can_undo(0) is None and state.can_undo(1) is not None
    out = state.undo(0)
    assert out.ok and out.events == [ev.Undone(0, Draw(0, "discard"))]
    assert state.key() == before and state.actions[-1] == Setup(1, (2, 2), (2, 1))
    assert state.undo(0).refusal  # nothing more to take back


def test_no_undo_past_a_pile_draw() -> None:
    state = ready()
    state.apply(Draw(0, "pile"))
    assert "showed a card" in state.can_undo(0)
    before = state.key()
    assert not state.undo(0).ok and state.key() == before


def test_no_undo_past_a_reveal_or_a_look_but_a_clear_choice_undoes() -> None:
    state = ready()
    state.apply(Draw(0, "discard"))
    state.apply(Discard(0, state.players[0].hand[0], (0, 0)))  # reveals an unknown card
    assert state.waiting_for() == [1] and state.can_undo(0) is not None
    state = ready()
    g = [[c(RED, 5), c(ORANGE, 5)], [c(RED, 7), c(DGREEN, 9)], [c(RED, 1), c(BROWN, 2)]]
    # [0,0] was looked at earlier: revealing it shows the player nothing new
    place(state, 0, g, up=[[DN, UP], [UP, UP], [UP, DN]], known=[[UP, DN], [DN, DN], [DN, DN]])
    state.apply(Draw(0, "discard"))
    state.apply(Discard(0, state.players[0].hand[0], (0, 0)))
    assert state.phase == CLEAR and state.can_undo(0) is None
    at_choice = state.key()
    state.apply(Clear(0, "col", 0))
    assert state.phase == LOOK and state.can_undo(0) is None
    assert state.undo(0).ok and state.key() == at_choice
    state.apply(Clear(0, "row", 0))  # then the two reds left in column 0 clear by themselves
    assert state.players[0].grid == [[c(DGREEN, 9)], [c(BROWN, 2)]]
    state.apply(Look(0, (1, 0)))  # the look ends the turn
    assert state.waiting_for() == [1] and "not player 0's turn" in state.can_undo(0)


def test_no_undo_past_a_look_whose_reveal_leaves_a_clear_choice() -> None:
    state = ready()
    g = [
        [c(RED, 5), c(ORANGE, 5), c(LBLUE, 5)],
        [c(YELLOW, 1), c(PURPLE, 4), c(BROWN, 4)],
        [c(YELLOW, 2), c(DGREEN, 9), c(BROWN, 10)],
    ]
    place(state, 0, g, up=[[DN, UP, UP], [UP, UP, DN], [UP, DN, UP]])
    state.apply(Draw(0, "discard"))
    state.apply(Discard(0, state.players[0].hand[0], (0, 0)))  # row 0, then column 0: a chain
    assert state.phase == LOOK
    out = state.apply(Look(0, (0, 1), True))  # brown 4 completes a row (4s) and a column (brown)
    assert state.phase == CLEAR and out.events[-1] == ev.ClearChoice(0, (("row", 0), ("col", 1)))
    assert "showed a card" in state.can_undo(0)


def test_undo_a_play_onto_a_face_up_card_back_to_the_draw() -> None:
    state = ready()
    g = [
        [c(RED, 5), c(ORANGE, 5), c(YELLOW, 1)],
        [c(PURPLE, 2), c(BROWN, 3), c(RED, 9)],
        [c(LBLUE, 4), c(DGREEN, 6), c(DGREEN, 8)],
    ]
    place(state, 0, g, up=[[UP, UP, UP], [DN] * 3, [DN] * 3])
    state.apply(Draw(0, "pile"))
    set_hand(state, 0, state.players[0].hand[:2] + [c(YELLOW, 5)])
    after_draw = state.key()
    out = state.apply(Play(0, c(YELLOW, 5), (0, 2)))  # completes row 0: clear, look owed
    assert (
        state.phase == LOOK
        and ev.LineCleared(0, "row", 0, (c(RED, 5), c(ORANGE, 5), c(YELLOW, 5))) in out.events
    )
    assert state.can_undo(0) is None
    assert state.undo(0).ok and state.key() == after_draw
    assert state.phase == PLAY


def test_undo_is_refused_once_the_turn_has_passed() -> None:
    state = ready()
    state.apply(Draw(0, "discard"))
    state.apply(Play(0, state.players[0].hand[-1], (2, 2)))  # onto the face-up card
    assert state.waiting_for() == [1]
    assert state.can_undo(1) == "nothing to take back this turn"
    # The step that ended the turn showed nothing new: it may be taken back until the next
    # step (the table holds the game for its player's Next meanwhile).
    assert state.can_undo(0) is None
    ended = state.key()
    assert state.undo(0).ok and state.waiting_for() == [0]
    assert state.can_undo(0) is None  # and the draw before it, the turn as it started
    state.apply(_last(ended))
    assert state.key() == ended
    state.apply(Draw(1, "discard"))  # the next player plays on: the last turn stands
    assert "not player 0's turn" in state.can_undo(0)
    assert state.can_undo(1) is None  # and player 1's own step undoes, not player 0's
    assert state.undo(1).ok and state.waiting_for() == [1]
    assert state.can_undo(1) == "nothing to take back this turn"


def test_solo_the_last_turn_stands_while_the_next_one_goes_on() -> None:
    state = ready(("Ann",))
    state.apply(Draw(0, "discard"))
    assert state.apply(Play(0, state.players[0].hand[-1], (2, 2))).ok  # onto the face-up card
    assert state.phase == TURN and state.can_undo(0) is None  # the ended turn, before Next
    ended = state.key()
    state.apply(Draw(0, "discard"))  # the next turn's step: only it can be taken back now
    assert state.undo(0).ok and state.phase == TURN
    # Undo gives back exactly the game before that step (the conformance test's promise):
    # the ended turn, its last step undoable as it was before Next.
    assert state.key() == ended and state.can_undo(0) is None
    state.apply(Draw(0, "pile"))  # a draw from the pile shows a card: everything stands
    assert state.can_undo(0) is not None


def _last(key: tuple) -> object:
    return key[2][-1]  # key()[2]: the standing steps


# -- views -------------------------------------------------------------------------------------
def test_view_hides_what_the_seat_cannot_know() -> None:
    state = ready()
    state.apply(Draw(0, "pile"))
    v = state.view_for(1)
    assert v.players[0].hand == [0, 0, 0] and v.players[1].hand == state.players[1].hand
    assert v.players[0].grid[2][2] == state.players[0].grid[2][2]  # face up
    assert v.players[0].grid[2][1] == 0  # seat 0 looked at it, seat 1 did not
    assert v.players[0].known[2][1]  # ... but everyone saw where the look was
    assert v.players[1].grid[2][1] == state.players[1].grid[2][1]  # its own look
    assert v.players[1].grid[0][0] == 0
    assert set(v.pile) == {0} and len(v.pile) == len(state.pile)
    assert v.discard[-1] == state.discard[-1] or not state.discard
    assert v.seed == 0 and set(v.deck) == {0} and v.is_view
    assert v.legal_actions(1) == [] and v.waiting_for() == [0]
    assert v.legal_actions(0) and all(a.card == 0 for a in v.legal_actions(0))
    mine = state.view_for(0)
    assert mine.legal_actions(0) == state.legal_actions(0)


def test_view_can_apply_moves_that_need_no_hidden_card() -> None:
    state = ready()
    v = state.view_for(0)
    top = state.discard[-1]
    assert v.apply(Draw(0, "discard")).ok
    assert v.apply(Play(0, top, (2, 2))).ok
    assert v.waiting_for() == [1] and state.phase == TURN  # the real state is untouched


def test_redact_events() -> None:
    state = new_game()
    _, events = type(state).new(["A", "B"], 1)
    dealt = [state.redact(e, 0) for e in events]
    assert all(set(x for r in e.cards for x in r) == {0} for e in dealt[:2])
    assert dealt[2] == events[2]  # the first discard is public
    assert dealt[3] == events[3] and dealt[4].cards == (0, 0)
    out = state.apply(Setup(0, (0, 0), (1, 1)))
    looked = out.events[1]
    assert state.redact(looked, 0) == looked
    assert state.redact(looked, 1) == ev.Looked(0, (1, 1), 0)
    assert state.redact(out.events[0], 1) == out.events[0]  # reveals are public
    drawn = ev.Drawn(0, "pile", 17)
    assert state.redact(drawn, 1).card == 0 and state.redact(drawn, 0).card == 17
    assert state.redact(ev.Drawn(0, "discard", 17), 1).card == 17


def test_swap_reveal_is_public_and_rules_never_import_pygame() -> None:
    state = ready()
    out = state.apply(Swap(0, (0, 0), (0, 1), (0, 0)))
    assert all(state.redact(e, 1) == e for e in out.events)
    root = Path(__file__).resolve().parents[1] / "game" / "blanco" / "rules"
    for path in root.rglob("*.py"):
        tree = ast.parse(path.read_text())
        for node in ast.walk(tree):
            names = []
            if isinstance(node, ast.Import):
                names = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                names = [node.module or ""]
            assert not any(n.split(".")[0] == "pygame" for n in names), path
    code = (
        "import sys, game.blanco.rules, game.blanco.rules.game, game.blanco.rules.views, "
        "game.blanco.rules.legal; print('pygame' in sys.modules)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        cwd=root.parents[2],
        check=True,
    )
    assert done.stdout.strip() == "False"
