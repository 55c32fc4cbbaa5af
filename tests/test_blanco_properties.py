"""Property tests for the Blanco rules: random games (seeded, cut at a few hundred steps)."""

from __future__ import annotations

import json
import random

from blanco_helpers import all_cards, new_game, pick
from hypothesis import HealthCheck, given, settings, strategies as st

from game.blanco.rules.actions import Clear, Discard, Draw, Look, Play, Setup, Swap
from game.blanco.rules.cards import ALL_CARDS
from game.blanco.rules.record import record_of, state_from_record
from game.blanco.rules.state import PLAY, TURN, BlancoState

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**32)
players = st.integers(min_value=1, max_value=5)


def _game(n: int, seed: int) -> BlancoState:
    return new_game([f"P{i}" for i in range(n)], seed=seed)


def _check_invariants(state: BlancoState) -> None:
    assert all_cards(state) == list(ALL_CARDS)
    for i, p in enumerate(state.players):
        rows = len(p.grid)
        if rows:
            width = len(p.grid[0])
            assert width >= 1 and all(len(r) == width for r in p.grid)
            assert [len(r) for r in p.up] == [width] * rows == [len(r) for r in p.known]
            assert rows * width >= 2 or state.is_terminal() or (rows, width) == (0, 0)
        acting = state.phase == PLAY and state.current == i
        assert len(p.hand) == (3 if acting else 2)
        if state.phase == TURN:
            assert p.complete_lines() == []
        assert p.stage in (1, 2)
    assert len(state.discard) >= (0 if state.phase == PLAY else 1)


def _knowable(state: BlancoState, seat: int) -> set[int]:
    cards = set(state.players[seat].hand)
    for i, p in enumerate(state.players):
        for r, row in enumerate(p.grid):
            for c, x in enumerate(row):
                if p.up[r][c] or (i == seat and p.known[r][c]):
                    cards.add(x)
    if state.discard:
        cards.add(state.discard[-1])
    return cards


def _check_view(state: BlancoState, seat: int) -> None:
    v = state.view_for(seat)
    shown = set(v.pile) | set(v.discard) | set(v.box) | set(v.deck)
    shown |= {x for r in v.reshuffles for x in r}
    for p in v.players:
        shown |= set(p.hand) | {x for r in p.grid for x in r}
    assert shown - {0} <= _knowable(state, seat)
    assert v.waiting_for() == state.waiting_for() and v.phase == state.phase
    for p, q in zip(v.players, state.players, strict=True):
        assert (p.rows, p.cols, len(p.hand)) == (q.rows, q.cols, len(q.hand))


def _random_candidate(rng: random.Random, player: int) -> object:
    def pos() -> tuple[int, int]:
        return (rng.randint(-1, 4), rng.randint(-1, 4))

    card = rng.choice([rng.randint(0, 121), rng.choice(ALL_CARDS)])
    kind = rng.randrange(7)
    if kind == 0:
        return Setup(player, pos(), pos())
    if kind == 1:
        return Draw(player, rng.choice(["pile", "discard", "box"]))
    if kind == 2:
        return Play(player, card, pos())
    if kind == 3:
        return Discard(player, card, rng.choice([None, pos()]))
    if kind == 4:
        return Swap(player, pos(), pos(), rng.choice([None, pos()]))
    if kind == 5:
        return Clear(player, rng.choice(["row", "col", "x"]), rng.randint(-1, 4))
    return Look(player, pos(), rng.choice([True, False]))


@SETTINGS
@given(seed=seeds, n=players)
def test_random_games_keep_every_invariant(seed: int, n: int) -> None:
    """Cards accounted for, rectangles, hands of 2 between turns, no complete line left standing,
    views never show a card the seat cannot know, undo exact whenever allowed."""
    rng = random.Random(seed)
    state = _game(n, seed)
    for _ in range(300 * n):
        if state.is_terminal():
            break
        _check_invariants(state)
        _check_view(state, rng.randrange(n))
        player = state.waiting_for()[0]
        before = state.key()
        assert state.apply(pick(state, rng, player)).ok
        if state.can_undo(player) is None and rng.random() < 0.5:
            after = state.key()
            assert state.undo(player).ok and state.key() == before
            redo = state.apply(_last(after))
            assert redo.ok and state.key() == after
    _check_invariants(state)
    if state.is_terminal():
        assert state.waiting_for() == [] and state.players[state.winner].size == 0


def _last(key: tuple) -> object:
    return key[2][-1]  # key()[2] is the tuple of standing steps


@SETTINGS
@given(seed=seeds, n=players)
def test_legal_list_is_exactly_what_apply_accepts(seed: int, n: int) -> None:
    rng = random.Random(seed)
    state = _game(n, seed)
    for _ in range(120):
        if state.is_terminal():
            break
        player = state.waiting_for()[0]
        legal = state.legal_actions(player)
        assert legal and len(set(legal)) == len(legal)
        for a in rng.sample(legal, min(6, len(legal))):
            assert state.clone().apply(a).ok, a
        for other in range(n):
            if other != player:
                assert state.legal_actions(other) == []
        before = state.key()
        for _ in range(12):
            a = _random_candidate(rng, rng.choice([player, rng.randrange(-1, n + 1)]))
            if a not in legal:
                out = state.apply(a)
                assert not out.ok and out.refusal and out.events == []
        assert state.key() == before
        assert state.apply(pick(state, rng, player)).ok


@SETTINGS
@given(seed=seeds, n=players, cut=st.integers(min_value=0, max_value=1500))
def test_record_round_trip_gives_the_same_state(seed: int, n: int, cut: int) -> None:
    rng = random.Random(seed)
    state = _game(n, seed)
    for _ in range(cut):
        if state.is_terminal():
            break
        state.apply(pick(state, rng, state.waiting_for()[0]))
    rec = json.loads(json.dumps(record_of(state)))
    back = state_from_record(rec)
    assert back.key() == state.key()
    assert back.legal_actions(back.waiting_for()[0] if back.waiting_for() else 0) == (
        state.legal_actions(state.waiting_for()[0] if state.waiting_for() else 0)
    )


@settings(max_examples=20, deadline=None)
@given(seed=seeds, n=players)
def test_same_seed_same_game(seed: int, n: int) -> None:
    a, b = _game(n, seed), _game(n, seed)
    ra, rb = random.Random(seed), random.Random(seed)
    for _ in range(400):
        if a.is_terminal():
            break
        out_a = a.apply(pick(a, ra, a.waiting_for()[0]))
        out_b = b.apply(pick(b, rb, b.waiting_for()[0]))
        assert out_a == out_b
    assert a.key() == b.key() and a.reshuffles == b.reshuffles
