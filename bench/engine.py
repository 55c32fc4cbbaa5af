"""Engine benchmark: random legal solo games through the rules engine.

Lists the legal actions at every step (as the table and the bots do), picks one at random and
applies it; then the chance step (`advance()`: the next number, the round's end), which does
nothing until every seat is done. Prints each run's games per second, then the median beside
its target (at least 5,000 solo games a second on one core), and last `games_per_second: N`.

    python bench/engine.py [--games 1000] [--runs 7] [--players 1] [--quick]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from math import floor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from game.luckybox.rules import GameState  # noqa: E402

TARGET = 5000


def play_random_game(seed: int, players: int, rng: random.Random | None = None) -> int:
    """One whole game; returns the number of actions applied. The picks come from `rng`, or
    from the seed when none is given."""
    # A pick by index: choice() costs more, and floor() less than int() (the same index)
    uniform = (rng or random.Random(seed)).random
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed)
    legal_actions, apply = state.legal_actions, state.apply
    waiting_for, advance, is_terminal = state.waiting_for, state.advance, state.is_terminal
    while True:
        for player in waiting_for():  # each seat still to act acts once
            legal = legal_actions(player)
            if apply(legal[floor(uniform() * len(legal))]).refusal is not None:
                raise AssertionError(f"a listed action was refused: seed {seed}")
        # The chance step once every seat is done (without it the game never ends). It has no
        # events while a seat still has a bonus to resolve, or once the game is over: asking
        # it straight away saves asking waiting_for() again after most numbers.
        if not advance() and is_terminal():
            return len(state.actions)  # (the state lists every action applied: no count kept)


def run(games: int, players: int, first_seed: int) -> float:
    rng = random.Random(first_seed)  # one for the run's picks: seeding one a game costs more
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        play_random_game(seed, players, rng)
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per run")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few games, for the smoke test")
    args = parser.parse_args(argv)
    if args.quick:
        args.games, args.runs = 20, 3
    run(5 if args.quick else 50, args.players, 10**6)  # warm-up: deck loading and caches
    rates = []
    for r in range(args.runs):
        rate = run(args.games, args.players, r * args.games)
        rates.append(rate)
        print(f"run {r + 1}: {rate:.0f} games/s")
    median = statistics.median(rates)
    verdict = (
        "not this run: the target is for solo games"
        if args.players != 1
        else "meets"
        if median >= TARGET
        else "MISSES"
    )
    print(
        f"median of {args.runs} runs, {args.players} player(s): {median:.0f} games/s "
        f"(target >= {TARGET} solo: {verdict})"
    )
    print(f"games_per_second: {median:.0f} (target >= {TARGET})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
