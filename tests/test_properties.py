"""Property-based tests: invariants over random legal games (hundreds a run, new ones each run
outside CI)."""

from __future__ import annotations

import json
import random

from hypothesis import HealthCheck, given, settings, strategies as st

from game.luckybox.rules import Cross, GameState, Keep, Options, Pass, Pick, Resolve
from game.luckybox.rules.cards import POPCOUNT
from game.luckybox.rules.game import state_from_record
from game.luckybox.rules.record import state_to_record
from game.luckybox.rules.state import OVER, ROUNDS
from tests.rules_helpers import act, final_points, snapshot

# Examples per run: each is a whole random game (up to 12 players). A few hundred per run keep
# the suite quick; outside CI every run draws new games, so the properties keep meeting new
# ones run after run (under CI the examples are the same each run: see conftest.py).
FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
SLOW = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])

player_counts = st.sampled_from([1, 1, 1, 2, 3, 4, 5, 6, 7, 12])
supplies = st.sampled_from(["unlimited", "unlimited", "limited"])


def play(seed: int, players: int, supply: str, on_step=None) -> GameState:
    rng = random.Random(seed)
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed, Options(supply))
    while not state.is_terminal():
        player = rng.choice(state.waiting_for())
        legal = state.legal_actions(player)
        action = rng.choice(legal)
        if on_step:
            on_step(state, player, legal, action, rng)
        assert act(state, action).ok
    return state


@FAST
@given(seed=st.integers(0, 2**32), players=player_counts, supply=supplies)
def test_random_games_finish_after_four_rounds_invariants_hold_and_scores_add_up(
    seed, players, supply
):
    """Every step: no negative lightning or moons, stars 0-3, a card's crosses only grow, the
    supply never below 0. At the end: four rounds played, nothing left to do, and each total
    recomputed from the final board (tests/rules_helpers.final_points) is the engine's, the
    winners are those with the best total. (The scores were a game set of their own: the same
    games assert both.)"""
    rounds_seen = set()
    prev = {}

    def on_step(state, player, legal, action, rng):
        rounds_seen.add(state.round)
        for i, p in enumerate(state.players):
            assert p.lightning >= 0 and p.moons >= 0
            assert not p.stars or (min(p.stars) >= 0 and max(p.stars) <= 3)
            assert len(p.cards) == len(p.masks)
            board = (tuple(p.cards), tuple(p.masks))
            before = prev.get(i)
            if before is not None and before != board:  # (a board unchanged since holds)
                crossed = dict(zip(*board, strict=True))
                for card, mask in zip(*before, strict=True):
                    if card in crossed:  # crosses only grow (completed cards leave at round end)
                        assert crossed[card] & mask == mask
            prev[i] = board
        if state.supply is not None:
            assert min(state.supply.values()) >= 0

    state = play(seed, players, supply, on_step)
    assert state.phase == OVER and state.round == ROUNDS and rounds_seen == {1, 2, 3, 4}
    assert state.legal_actions(0) == [] and state.waiting_for() == []
    for i, p in enumerate(state.players):
        assert p.total == final_points(state, i)
        assert p.incomplete == sum(POPCOUNT[m] for m in p.masks) // 2
    totals = state.returns()
    best = max(totals)
    assert all(totals[w] == best for w in state.winners())


@SLOW
@given(seed=st.integers(0, 2**32), players=player_counts, supply=supplies, stop=st.floats(0, 1))
def test_writing_and_rereading_a_record_reproduces_the_state(seed, players, supply, stop):
    rng = random.Random(seed)
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed, Options(supply))
    steps = int(stop * 80 * players)
    for _ in range(steps):
        if state.is_terminal():
            break
        player = rng.choice(state.waiting_for())
        act(state, rng.choice(state.legal_actions(player)))
        if rng.random() < 0.1 and state.can_undo(player) is None:
            state.undo(player)
    text = json.dumps(state_to_record(state))
    again = state_from_record(json.loads(text))
    assert snapshot(again) == snapshot(state)


def random_action(state: GameState, player: int, rng: random.Random):
    """An action of any kind, often plausible, often not."""
    p = state.players[player]
    cards = p.cards + p.hand + [rng.randint(0, 125)]
    kind = rng.randrange(5)
    if kind == 0:
        return Cross(player, rng.choice(cards), rng.randint(-1, 9), rng.randint(-9, 9))
    if kind == 1:
        return Pass(player)
    if kind == 2:
        line = rng.choice(["row", "col", "diag"])
        pend = rng.choice(p.pending) if p.pending and rng.random() < 0.7 else None
        card, line, index = (
            (pend.card, pend.line, pend.index)
            if pend
            else (rng.choice(cards), line, rng.randint(0, 3))
        )
        return Resolve(player, card, line, index, rng.choice(cards), rng.randint(0, 8))
    if kind == 3:
        return Keep(player, tuple(rng.sample(cards, min(3, len(cards)))))
    return Pick(player, rng.choice(cards))


def canonical(action):
    if isinstance(action, Keep):
        return Keep(action.player, tuple(sorted(action.cards)))
    return action


@SLOW
@given(seed=st.integers(0, 2**32), players=st.sampled_from([1, 2, 3, 7]))
def test_every_listed_action_is_accepted_and_every_other_refused(seed, players):
    def on_step(state, player, legal, action, rng):
        legal_set = set(legal)
        assert len(legal_set) == len(legal), "legal actions are listed once each"
        for candidate in rng.sample(legal, min(len(legal), 5)):
            assert state.check(candidate) is None, candidate
        # Nothing below may change the state (checked after every refusal and at the end), so
        # its snapshot and each seat's legal list are taken once for the step's candidates.
        before = snapshot(state)
        # A keep names a set of cards: any order of the same three is the same choice.
        legal_now = {player: {canonical(a) for a in legal}}
        for _ in range(8):
            other_player = rng.randrange(players + 1)  # sometimes an unknown seat
            if other_player >= players:
                assert state.check(Pass(other_player)) == f"unknown player {other_player}"
                continue
            candidate = random_action(state, other_player, rng)
            if other_player not in legal_now:
                legal_now[other_player] = {canonical(a) for a in state.legal_actions(other_player)}
            listed = canonical(candidate) in legal_now[other_player]
            reason = state.check(candidate)
            assert (reason is None) == listed, (candidate, reason)
            if not listed:
                out = act(state, candidate)
                assert not out.ok and out.refusal == reason and out.events == []
                assert snapshot(state) == before
        assert snapshot(state) == before

    play(seed, players, "unlimited", on_step)


@SLOW
@given(seed=st.integers(0, 2**32), players=st.sampled_from([1, 2, 4]))
def test_undo_restores_exactly_the_state_before(seed, players):
    rng = random.Random(seed)
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed)
    undone = 0
    while not state.is_terminal():
        player = rng.choice(state.waiting_for())
        action = rng.choice(state.legal_actions(player))
        before = snapshot(state)
        moment = (state.phase, state.round, state.index)
        assert act(state, action).ok
        if state.can_undo(player) is None:
            assert state.undo(player).ok
            assert snapshot(state) == before
            undone += 1
            assert act(state, action).ok  # and play on
        else:  # only the action that moved the game on cannot be taken back
            assert (state.phase, state.round, state.index) != moment
    assert undone > 0 or players == 1


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 2**32), players=player_counts)
def test_same_seed_same_actions_same_game(seed, players):
    assert snapshot(play(seed, players, "unlimited")) == snapshot(play(seed, players, "unlimited"))


# One process probes the three environments in turn (a process each cost about a CPU-second
# apiece, mostly importing): conftest is imported again under each, as a fresh run imports it.
# Without CI first: a profile registered later takes what it leaves unset from the one loaded.
PROFILE_PROBE = """
import importlib, os, sys
sys.path.insert(0, "tests")
from hypothesis import settings
for env in ({}, {"CI": "true"}, {"HYPOTHESIS_PROFILE": "ci"}):
    for name in ("CI", "HYPOTHESIS_PROFILE"):
        os.environ.pop(name, None)
    os.environ.update(env)
    if "conftest" in sys.modules:
        importlib.reload(sys.modules["conftest"])
    else:
        import conftest
    own = settings(max_examples=7)
    d = settings.default
    print(settings.get_current_profile_name(), d.derandomize, d.deadline, d.print_blob,
          own.derandomize, own.max_examples, d.database is None)
"""


def test_hypothesis_runs_derandomized_under_ci():
    """With CI set (as CI runs) the `ci` profile is loaded: the same examples every run, no
    deadline, the failing blob printed; a test's own @settings keeps its max_examples and is
    derandomized too. Without CI, `dev`: random examples. HYPOTHESIS_PROFILE=ci also works."""
    import os
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    clean = {k: v for k, v in os.environ.items() if k not in ("CI", "HYPOTHESIS_PROFILE")}
    out = subprocess.run(
        [sys.executable, "-c", PROFILE_PROBE],
        cwd=root,
        env=clean,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 0, out.stderr
    dev, under_ci, named_ci = (line.split() for line in out.stdout.splitlines())
    assert under_ci == ["ci", "True", "None", "True", "True", "7", "True"]
    assert named_ci == ["ci", "True", "None", "True", "True", "7", "True"]
    assert dev[:3] == ["dev", "False", "None"] and dev[4:6] == ["False", "7"]
