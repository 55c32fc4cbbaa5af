"""Blanco rules, one rule or edge case per test (BLANCO-RULES.md)."""

from __future__ import annotations

import pytest
from blanco_helpers import (
    BROWN,
    DBLUE,
    DGREEN,
    LBLUE,
    LGREEN,
    ORANGE,
    PINK,
    PURPLE,
    RED,
    YELLOW,
    all_cards,
    c,
    make_deck,
    new_game,
    place,
    ready,
    set_hand,
    setup_all,
)

from game.blanco.rules import events as ev
from game.blanco.rules.actions import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.rules.cards import ALL_CARDS, COLOURS, colour, colour_name, number
from game.blanco.rules.state import CLEAR, LOOK, OVER, PLAY, SETUP, TURN, BlancoState

UP, DN = True, False


def kinds(events: list) -> list[str]:
    return [type(e).__name__ for e in events]


# -- cards -------------------------------------------------------------------------------------
def test_cards_numbers_and_colours() -> None:
    assert len(ALL_CARDS) == 120
    assert (number(1), colour(1), colour_name(1)) == (1, 0, "red")
    assert (number(12), colour(12)) == (12, 0)
    assert (number(13), colour_name(13)) == (1, "orange")
    assert (number(120), colour_name(120)) == (12, "brown")
    pairs = {(colour(x), number(x)) for x in ALL_CARDS}
    assert len(pairs) == 120
    assert COLOURS[5] == "light blue" and COLOURS[6] == "dark blue"
    assert c(DBLUE, 7) == 6 * 12 + 7


# -- set-up through the real deal ----------------------------------------------------------------
def test_deal_follows_the_fixed_deck_seat_by_seat() -> None:
    deck = tuple(range(120, 0, -1))
    state, events = BlancoState.new(["Ann", "Bo"], 3, _deal(deck))
    assert state.players[0].grid == [[120, 119, 118], [117, 116, 115], [114, 113, 112]]
    assert state.players[1].grid[0] == [111, 110, 109]
    assert state.discard == [102]
    assert state.players[0].hand == [101, 100] and state.players[1].hand == [99, 98]
    assert state.pile[-1] == 97 and len(state.pile) == 120 - 18 - 1 - 4
    assert kinds(events) == ["Dealt", "Dealt", "DiscardStarted", "HandDealt", "HandDealt"]
    assert events[0].cards[0] == (120, 119, 118)
    assert not any(any(r) for r in state.players[0].up)
    assert state.phase == SETUP and state.waiting_for() == [0]
    assert sorted(all_cards(state)) == list(ALL_CARDS)


def _deal(deck):
    from game.blanco.rules.state import Deal

    return Deal(deck)


def test_seeded_deal_replays_and_differs_by_seed() -> None:
    a, b, other = new_game(seed=9), new_game(seed=9), new_game(seed=10)
    assert a.key() == b.key()
    assert a.deck != other.deck
    assert sorted(a.deck) == list(ALL_CARDS)


def test_setup_in_seat_order_then_seat_0_starts() -> None:
    state = new_game(("A", "B", "C"))
    assert state.apply(Setup(1, (0, 0), (0, 1))).refusal.startswith("it is not player 1's turn")
    out = state.apply(Setup(0, (0, 0), (1, 1)))
    assert kinds(out.events) == ["Revealed", "Looked", "SetupDone"]
    p = state.players[0]
    assert p.up[0][0] and not p.up[1][1] and p.known[1][1]
    assert state.known_cells(0) == [(1, 1)]
    assert state.waiting_for() == [1]
    assert state.apply(Setup(1, (2, 2), (2, 2))).refusal  # same cell twice
    assert state.apply(Setup(1, (3, 0), (0, 0))).refusal  # off the grid
    state.apply(Setup(1, (2, 2), (0, 0)))
    out = state.apply(Setup(2, (1, 0), (0, 0)))
    assert out.events[-1] == ev.TurnStarted(0, 1)
    assert state.phase == TURN and state.waiting_for() == [0]


# -- turn A ------------------------------------------------------------------------------------
def test_draw_from_pile_then_play_replaces_a_card() -> None:
    state = ready()
    top = state.pile[-1]
    out = state.apply(Draw(0, "pile"))
    assert out.events == [ev.Drawn(0, "pile", top)] and state.phase == PLAY
    p = state.players[0]
    assert len(p.hand) == 3
    old = p.grid[0][0]
    out = state.apply(Play(0, top, (0, 0)))
    assert out.events[0] == ev.Played(0, top, (0, 0), old, False)
    assert p.grid[0][0] == top and p.up[0][0] and state.discard[-1] == old
    assert len(p.hand) == 2 and p.turns == 1
    assert state.waiting_for() == [1] and state.phase == TURN


def test_draw_from_discard_then_discard_and_reveal() -> None:
    state = ready()
    top = state.discard[-1]
    state.apply(Draw(0, "discard"))
    assert state.discard == [] and top in state.players[0].hand
    assert "must reveal" in state.apply(Discard(0, top, None)).refusal
    assert "already face up" in state.apply(Discard(0, top, (2, 2))).refusal
    out = state.apply(Discard(0, top, (0, 0)))
    assert state.discard == [top]
    assert state.players[0].up[0][0]
    assert kinds(out.events)[:2] == ["Discarded", "Revealed"]


def test_discard_reveals_nothing_when_all_face_up() -> None:
    state = ready()
    place(state, 0, [[c(RED, 1), c(ORANGE, 2)], [c(YELLOW, 3), c(PINK, 4)]], stage=2)
    state.apply(Draw(0, "pile"))
    card = state.players[0].hand[0]
    assert state.apply(Discard(0, card, (0, 0))).refusal
    assert state.legal_actions(0)[-1] == Discard(0, state.players[0].hand[-1], None)
    assert state.apply(Discard(0, card, None)).ok


# -- turn B ------------------------------------------------------------------------------------
def test_swap_two_face_down_reveals_the_chosen_one_only() -> None:
    state = ready()
    p = state.players[0]
    p.known[0][1] = True  # seat 0 looked at [0,1] earlier
    a, b = p.grid[0][0], p.grid[0][1]
    assert "must choose" in state.apply(Swap(0, (0, 0), (0, 1))).refusal
    assert "must choose" in state.apply(Swap(0, (0, 0), (0, 1), (1, 1))).refusal
    assert "not adjacent" in state.apply(Swap(0, (0, 0), (1, 1), (0, 0))).refusal
    out = state.apply(Swap(0, (0, 0), (0, 1), (0, 1)))
    assert out.ok
    assert p.grid[0][:2] == [b, a]
    assert p.up[0][1] and not p.up[0][0]  # a, now at [0,1], is revealed; b stays down
    assert p.known[0][0]  # the looked-at card kept its knowledge as it moved
    assert ev.Revealed(0, (0, 1), a) in out.events
    assert p.turns == 1 and state.waiting_for() == [1]


def test_swap_with_one_face_up_turns_the_other_up_and_needs_no_choice() -> None:
    state = ready()  # [2,2] is face up after set-up
    p = state.players[0]
    moved = p.grid[2][1]
    assert "not both face down" in state.apply(Swap(0, (2, 2), (2, 1), (2, 1))).refusal
    out = state.apply(Swap(0, (2, 2), (2, 1)))
    assert p.grid[2][2] == moved and all(p.up[2][1:])
    assert ev.Revealed(0, (2, 2), moved) in out.events


# -- lines -------------------------------------------------------------------------------------
def test_a_lone_complete_row_clears_at_once_and_the_grid_closes_up() -> None:
    state = ready()
    g = [
        [c(RED, 5), c(ORANGE, 5), c(YELLOW, 5)],
        [c(PINK, 1), c(BROWN, 2), c(PURPLE, 3)],
        [c(LGREEN, 4), c(DGREEN, 6), c(LBLUE, 8)],
    ]
    place(state, 0, g, up=[[UP, UP, DN], [UP, DN, DN], [DN, DN, DN]])
    state.apply(Draw(0, "pile"))
    out = state.apply(Discard(0, state.players[0].hand[0], (0, 2)))
    p = state.players[0]
    assert p.grid == g[1:]
    assert state.box == g[0]
    assert ev.LineCleared(0, "row", 0, tuple(g[0])) in out.events
    closed = next(e for e in out.events if isinstance(e, ev.ClosedUp))
    assert ((1, 0), (0, 0)) in closed.moves and ((2, 2), (1, 2)) in closed.moves
    # one line cleared, face-down cards left: the look is owed, no reveal (no chain)
    assert state.phase == LOOK and out.events[-1] == ev.RewardOwed(0, False)
    assert state.legal_actions(0) == [Look(0, at, False) for at in p.face_down()]
    assert "chain reaction" in state.apply(Look(0, (0, 1), True)).refusal
    assert state.apply(Look(0, (0, 0), False)).refusal  # face up
    out = state.apply(Look(0, (1, 1), False))
    assert out.events[0] == ev.Looked(0, (1, 1), g[2][1]) and p.known[1][1]
    assert state.waiting_for() == [1]


def test_a_column_needs_one_colour_a_row_one_number() -> None:
    state = ready()
    g = [[c(RED, 1), c(ORANGE, 2)], [c(RED, 7), c(YELLOW, 2)], [c(RED, 9), c(PINK, 2)]]
    place(state, 0, g, up=[[UP, UP], [UP, UP], [DN, UP]])
    state.apply(Draw(0, "pile"))
    out = state.apply(Discard(0, state.players[0].hand[0], (2, 0)))
    assert ev.LineCleared(0, "col", 0, (c(RED, 1), c(RED, 7), c(RED, 9))) in out.events
    # the grid closed to one column of three 2s of different colours: one-card rows, no line
    assert state.players[0].grid == [[c(ORANGE, 2)], [c(YELLOW, 2)], [c(PINK, 2)]]
    assert state.phase == TURN


def test_two_by_two_with_a_row_and_a_column_complete_clears_only_one() -> None:
    state = ready()
    g = [[c(RED, 5), c(LBLUE, 5)], [c(RED, 7), c(DGREEN, 9)]]
    place(state, 0, g, up=[[DN, UP], [UP, UP]], stage=2)
    state.apply(Draw(0, "pile"))
    out = state.apply(Discard(0, state.players[0].hand[0], (0, 0)))
    assert state.phase == CLEAR and out.events[-1] == ev.ClearChoice(0, (("row", 0), ("col", 0)))
    assert set(state.legal_actions(0)) == {Clear(0, "row", 0), Clear(0, "col", 0)}
    assert state.apply(Clear(0, "row", 1)).refusal
    out = state.apply(Clear(0, "row", 0))
    assert state.players[0].grid == [[c(RED, 7), c(DGREEN, 9)]]  # red 7 alone: no column
    assert state.box == [c(RED, 5), c(LBLUE, 5)]
    assert state.phase == TURN and state.waiting_for() == [1]  # no face-down card: no look


def test_one_by_n_grid_has_no_columns() -> None:
    state = ready()
    g = [[c(RED, 1), c(RED, 2), c(RED, 3)]]  # one colour, but one-card columns are not lines
    place(state, 0, g, up=[[UP, UP, DN]], stage=2)
    state.apply(Draw(0, "pile"))
    state.apply(Discard(0, state.players[0].hand[0], (0, 2)))
    assert state.players[0].grid == [g[0]] and state.phase == TURN
    assert state.players[0].complete_lines() == []


def test_n_by_one_grid_has_no_rows_and_its_column_wins() -> None:
    state = ready()
    g = [[c(PINK, 4)], [c(ORANGE, 4)]]  # one number, but one-card rows are not lines
    place(state, 0, g, up=[[UP], [DN]], stage=2)
    state.apply(Draw(0, "pile"))
    state.apply(Discard(0, state.players[0].hand[0], (1, 0)))
    assert state.players[0].grid == [[c(PINK, 4)], [c(ORANGE, 4)]] and state.phase == TURN
    state.apply(Draw(1, "pile"))
    state.apply(Discard(1, state.players[1].hand[0], (0, 0)))
    g = [[c(PINK, 4)], [c(PINK, 9)]]
    place(state, 0, g, up=[[UP], [DN]], stage=2)
    state.apply(Draw(0, "pile"))
    out = state.apply(Discard(0, state.players[0].hand[0], (1, 0)))
    assert out.events[-1] == ev.Won(0, 2)
    assert state.winner == 0 and state.is_terminal() and state.phase == OVER


# -- chain reactions and rewards ---------------------------------------------------------------
def _chain_grid(state: BlancoState) -> list[list[int]]:
    """Revealing [0,0] completes row 0 (5s); then column 0 is two yellows: a chain. The 2x2 left
    is [[purple 4, brown 4 (down)], [dark green 9 (down), pink 10]]."""
    g = [
        [c(RED, 5), c(ORANGE, 5), c(LBLUE, 5)],
        [c(YELLOW, 1), c(PURPLE, 4), c(BROWN, 4)],
        [c(YELLOW, 2), c(DGREEN, 9), c(PINK, 10)],
    ]
    place(state, 0, g, up=[[DN, UP, UP], [UP, UP, DN], [UP, DN, UP]])
    state.apply(Draw(0, "pile"))
    return g


def test_chain_reaction_then_look_and_reveal_clears_more_without_a_second_reward() -> None:
    state = ready()
    _chain_grid(state)
    out = state.apply(Discard(0, state.players[0].hand[0], (0, 0)))
    assert ev.ChainLink(0, 2) in out.events
    assert [e.line for e in out.events if isinstance(e, ev.LineCleared)] == ["row", "col"]
    p = state.players[0]
    assert p.grid == [[c(PURPLE, 4), c(BROWN, 4)], [c(DGREEN, 9), c(PINK, 10)]]
    assert state.phase == LOOK and out.events[-1] == ev.RewardOwed(0, True)
    assert Look(0, (0, 1), True) in state.legal_actions(0)
    out = state.apply(Look(0, (0, 1), True))
    # the reveal completed row 0 (two 4s): cleared, but no second look although one is down
    assert kinds(out.events)[:3] == ["Looked", "Revealed", "LineComplete"]
    assert p.grid == [[c(DGREEN, 9), c(PINK, 10)]] and not p.up[0][0]
    assert state.phase == TURN and state.waiting_for() == [1]
    assert not any(isinstance(e, ev.RewardOwed) for e in out.events)


def test_chain_reaction_look_without_reveal() -> None:
    state = ready()
    _chain_grid(state)
    state.apply(Discard(0, state.players[0].hand[0], (0, 0)))
    state.apply(Look(0, (0, 1), False))
    p = state.players[0]
    assert not p.up[0][1] and p.known[0][1] and len(p.grid) == 2
    assert state.waiting_for() == [1]


def _nested_grid(state: BlancoState) -> None:
    g = [
        [c(ORANGE, 5), c(YELLOW, 5), c(RED, 5)],
        [c(PINK, 7), c(BROWN, 7), c(RED, 3)],
        [c(LBLUE, 1), c(DBLUE, 2), c(RED, 9)],
    ]
    place(state, 0, g, up=[[UP, UP, DN], [UP, UP, UP], [DN, DN, UP]])
    state.apply(Draw(0, "pile"))
    state.apply(Discard(0, state.players[0].hand[0], (0, 2)))


def test_nested_clear_choices() -> None:
    state = ready()
    _nested_grid(state)
    assert state.phase == CLEAR
    assert set(state.legal_actions(0)) == {Clear(0, "row", 0), Clear(0, "col", 2)}
    out = state.apply(Clear(0, "col", 2))
    # rows 0 (5s) and 1 (7s, newly complete) now: choose again
    assert state.phase == CLEAR and out.events[-1] == ev.ClearChoice(0, (("row", 0), ("row", 1)))
    out = state.apply(Clear(0, "row", 1))
    assert kinds(out.events).count("LineCleared") == 2  # row 1, then the lone row 0
    p = state.players[0]
    assert p.grid == [[c(LBLUE, 1), c(DBLUE, 2)]]
    assert state.cleared == 4 - 1 and state.phase == LOOK
    assert out.events[-1] == ev.RewardOwed(0, True)


def test_clear_order_other_way_round() -> None:
    state = ready()
    _nested_grid(state)
    out = state.apply(Clear(0, "row", 0))
    # column 2 (two reds) then row 0 (two 7s) clear one at a time, no choice needed
    assert [(e.line, e.line_no) for e in out.events if isinstance(e, ev.LineCleared)] == [
        ("row", 0),
        ("col", 2),
        ("row", 0),
    ]
    assert state.players[0].grid == [[c(LBLUE, 1), c(DBLUE, 2)]] and state.phase == LOOK


# -- the second grid, the end ------------------------------------------------------------------
def test_second_grid_dealt_across_a_reshuffle_drops_the_reward() -> None:
    state = ready()
    g = [[c(RED, 6), c(ORANGE, 6), c(YELLOW, 6)]]
    place(state, 0, g, up=[[UP, UP, DN]])
    state.apply(Draw(0, "pile"))
    # leave 5 cards on the pile: the rest go under the discard pile's top
    top = state.discard.pop()
    state.discard += state.pile[:-5] + [top]
    del state.pile[:-5]
    five = state.pile[::-1]
    out = state.apply(Discard(0, state.players[0].hand[0], (0, 2)))
    names = kinds(out.events)
    assert names.index("RewardDropped") < names.index("Reshuffled") < names.index("SecondGridDealt")
    p = state.players[0]
    assert p.stage == 2 and (p.rows, p.cols) == (3, 4) and not any(any(r) for r in p.up)
    assert p.grid[0][:5] == five[:4] and p.grid[1][0] == five[4]
    assert p.grid[1][1] == state.reshuffles[0][0]
    assert state.box == [] and len(state.discard) == 1
    assert state.phase == SETUP and state.waiting_for() == [0]
    assert p.cards_left == 12 and p.turns == 1
    assert sorted(all_cards(state)) == list(ALL_CARDS)
    assert state.apply(Draw(0, "pile")).refusal
    out = state.apply(Setup(0, (0, 0), (2, 3)))
    assert out.events[-1] == ev.TurnStarted(1, 1)


def test_reshuffle_takes_the_discard_but_its_top_and_the_box() -> None:
    state = ready()
    top = state.discard.pop()
    state.discard += state.pile[10:] + [top]
    state.box += state.pile[:10]
    boxed = list(state.box)
    state.pile.clear()
    under = state.discard[:-1]
    out = state.apply(Draw(0, "pile"))
    assert out.events[0] == ev.Reshuffled(len(under) + 10, True, 1)
    assert sorted(state.reshuffles[0]) == sorted(under + boxed)
    assert state.discard == [top] and state.box == []
    assert out.events[1] == ev.Drawn(0, "pile", state.reshuffles[0][0])
    assert sorted(all_cards(state)) == list(ALL_CARDS)
    # the shuffle is the seed's: the same position reshuffles the same way
    again = ready()
    t = again.discard.pop()
    again.discard += again.pile[10:] + [t]
    again.box += again.pile[:10]
    again.pile.clear()
    again.apply(Draw(0, "pile"))
    assert again.reshuffles == state.reshuffles


def test_a_fixed_reshuffle_must_hold_the_right_cards() -> None:
    base = ready()
    deck = base.deck
    for fixed, words in (([1, 2], "card"), ([], "missing")):
        state = new_game(deck=deck, reshuffles=[fixed])
        setup_all(state)
        top = state.discard.pop()
        state.discard += state.pile + [top]
        state.pile.clear()
        before = state.key()
        out = state.apply(Draw(0, "pile"))
        assert "deal.reshuffles[0]" in out.refusal and words in out.refusal
        assert state.key() == before
    under, boxed = deck[23:53], deck[53:]  # after a 2-seat deal the pile is deck[23:]
    state = new_game(deck=deck, reshuffles=[sorted(under)])
    setup_all(state)
    top = state.discard.pop()
    state.discard += list(under) + [top]
    state.pile.clear()
    state.box += list(boxed)
    assert "missing" in state.apply(Draw(0, "pile")).refusal  # the box is not listed


def test_win_ends_the_game_and_nothing_more_is_accepted() -> None:
    state = ready()
    place(state, 1, [[c(RED, 3), c(BROWN, 3)]], up=[[UP, DN]], stage=2)
    state.apply(Swap(0, (2, 2), (2, 1)))
    state.apply(Draw(1, "pile"))
    out = state.apply(Discard(1, state.players[1].hand[0], (0, 1)))
    assert out.events[-1] == ev.Won(1, 1)
    assert state.winner == 1 and state.is_terminal() and state.waiting_for() == []
    assert state.legal_actions(0) == [] and state.legal_actions(1) == []
    before = state.key()
    for a in (Draw(0, "pile"), Draw(1, "discard"), Swap(0, (0, 0), (0, 1))):
        assert state.apply(a).refusal == "the game is over"
    assert state.key() == before and state.advance() == []
    assert state.returns() == [-21.0, 0.0]  # 9 cards + 12 for the second grid; the winner 0


def test_solo_game_every_turn_is_seat_0() -> None:
    state = new_game(("Solo",), seed=4)
    setup_all(state)
    for turn in range(1, 4):
        assert state.waiting_for() == [0]
        state.apply(Draw(0, "discard"))
        card = state.players[0].hand[-1]
        out = state.apply(Play(0, card, (2, 2)))
        assert state.players[0].turns == turn
        assert out.events[-1] == ev.TurnStarted(0, turn + 1)
    assert state.returns() == [-3.0]


# -- refusals ----------------------------------------------------------------------------------
@pytest.mark.parametrize(
    "action",
    [
        None,
        "draw",
        3,
        (0, "pile"),
        Draw(0, "deck"),
        Draw(1, "pile"),
        Draw(5, "pile"),
        Draw(True, "pile"),
        Play(0, 1, (0, 0)),
        Discard(0, 1, None),
        Clear(0, "row", 0),
        Look(0, (0, 0)),
        Setup(0, (0, 0), (0, 1)),
        Swap(0, (0, 0), (0, 2)),
        Swap(0, [0, 0], [0, 1], None),
        Swap(0, (0, 0), (0, 1), None),
        Swap(0, (5, 0), (4, 0)),
        Swap(0, ("a", 0), (0, 1), (0, 1)),
        Swap(0, (0, 0), (0, 1), "x"),
        Look(None, None, None),
    ],
)
def test_illegal_steps_are_refused_with_a_reason_and_change_nothing(action: object) -> None:
    state = ready()
    before = state.key()
    out = state.apply(action)
    assert not out.ok and isinstance(out.refusal, str) and out.refusal
    assert out.events == [] and state.key() == before


def test_play_needs_a_card_in_hand_and_a_cell_in_the_grid() -> None:
    state = ready()
    state.apply(Draw(0, "pile"))
    set_hand(state, 0, [c(RED, 1), c(RED, 2), c(RED, 3)])
    before = state.key()
    assert "not in their hand" in state.apply(Play(0, c(RED, 4), (0, 0))).refusal
    assert "not in their grid" in state.apply(Play(0, c(RED, 1), (3, 0))).refusal
    assert "not a card id" in state.apply(Play(0, "x", (0, 0))).refusal
    assert "draw a card" not in state.apply(Draw(0, "pile")).refusal  # wrong phase
    assert state.key() == before


def test_a_line_cleared_in_a_game_dealt_from_a_fixed_deck() -> None:
    fives = [c(RED, 5), c(ORANGE, 5), c(YELLOW, 5)]
    others = [c(PINK, n) for n in (1, 2, 3, 4, 6, 7)]
    deck = make_deck(
        [fives + others, [c(BROWN, n) for n in range(1, 10)]],
        discard=c(DBLUE, 12),
        pile=[c(LBLUE, 11), c(LBLUE, 12)],
    )
    state = new_game(deck=deck)
    assert state.players[0].grid[0] == fives
    assert state.apply(Setup(0, (0, 0), (0, 1))).ok
    assert state.apply(Setup(1, (0, 0), (0, 1))).ok
    state.apply(Draw(0, "pile"))
    assert state.players[0].hand[-1] == c(LBLUE, 11)
    state.apply(Discard(0, c(LBLUE, 11), (0, 1)))
    state.apply(Swap(1, (0, 0), (0, 1)))
    state.apply(Draw(0, "pile"))
    out = state.apply(Discard(0, c(LBLUE, 12), (0, 2)))
    assert ev.LineCleared(0, "row", 0, tuple(fives)) in out.events
    assert state.players[0].grid == [others[:3], others[3:]]
    assert state.box == fives and state.phase == LOOK
