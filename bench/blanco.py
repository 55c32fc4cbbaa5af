"""Benchmark Blanco: the engine's speed and the computer players' strength and speed.

    python bench/blanco.py [--games N] [--jobs 2] [--only name,name] [--progress N]

Prints one `name: value` line per metric:
    decisions_per_second  random legal steps (legal list built at every step), 4 players,
                          games cut at 400 turns; per CPU second of one core
    hard_vs_3_normal      share of 4-player games won by one Hard seat against three Normal,
                          the Hard seat rotated over the 4 positions
    normal_vs_3_easy      the same for Normal against three Easy
    expert_vs_3_hard      the same for Expert against three Hard (target >= 0.35)
    expert_p95_decision_ms  Expert's 95th percentile decision time over those games (CPU ms,
                          target <= 250)
    solo_turns_<level>    mean turns to finish a solo game
    p95_decision_ms       Hard's 95th percentile decision time (ms of the thread's CPU time, so
                          other work on the machine does not count; wall clock beside it),
                          over its games above
    mean_decision_ms      Hard's mean decision time over the same decisions (CPU ms): what its
                          games cost in all (the tests play many), where p95 is a player's wait

A game of expert_vs_3_hard takes about 3 CPU seconds in pure Python (19 games a minute per core
on seeds 1-3, a busy machine; 15 before the plan worked on flat grids); compiling the bots'
model with mypyc about halves that without changing a choice
(tests/test_blanco_bot_choices.py passes against the compiled copy). In a copy of the tree, so
no binary lands in the worktree:
    git archive HEAD | tar -x -C /tmp/b && cd /tmp/b && rm pyproject.toml
    mypyc game/blanco/ai/model.py game/blanco/ai/plan.py game/blanco/ai/turns.py
    nice -n 10 python bench/blanco.py --games 800 --only expert_vs_3_hard --progress 25

Hard's and Expert's weights are compared by self-play with bench/blanco_tune.py (paired seeds).
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse  # noqa: E402
import random  # noqa: E402
import time  # noqa: E402
from collections.abc import Sequence  # noqa: E402
from multiprocessing import Pool  # noqa: E402

from game.blanco.ai import make_bot  # noqa: E402
from game.blanco.rules import BlancoState  # noqa: E402
from game.core.bot_worker import collect_garbage_rarely  # noqa: E402

# The computer players think so in the game's worker process: decisions are timed as there.
collect_garbage_rarely()

MEAN_DECISION_MS = 15.0  # Hard's mean decision, CPU ms (see mean_decision_ms)
TURN_CAP = 600  # per player: a game still going then is reported as unfinished


def play_game(
    levels: Sequence[str], seed: int, cap: int = TURN_CAP, timed: str | None = None
) -> tuple[int | None, list[int], list[tuple[float, float]]]:
    """One game of bots at `levels` (seat order): the winner (None: cut at `cap` turns per
    player), each seat's turns, and the decision times (ms: CPU, wall) of seats at level
    `timed`."""
    state, _ = BlancoState.new([f"P{i}" for i in range(len(levels))], seed)
    bots = [make_bot(lv, seed, i) for i, lv in enumerate(levels)]
    times: list[tuple[float, float]] = []
    while not state.is_terminal():
        seat = state.waiting_for()[0]
        if state.players[seat].turns >= cap:
            break
        view = state.view_for(seat)
        start, cpu = time.perf_counter(), time.thread_time()
        action = bots[seat].choose(view, seat)
        if levels[seat] == timed:
            times.append(((time.thread_time() - cpu) * 1000, (time.perf_counter() - start) * 1000))
        out = state.apply(action)
        if not out.ok:
            raise RuntimeError(f"{levels[seat]} chose an illegal step {action}: {out.refusal}")
    return state.winner, [p.turns for p in state.players], times


def random_decisions(seed: int, games: int, cap: int = 400) -> tuple[int, float]:
    """Random legal steps in 4-player games: (decisions, CPU seconds of this process, so that
    other work on a shared machine does not count)."""
    rng = random.Random(seed)
    n = 0
    start = time.process_time()
    for g in range(games):
        state, _ = BlancoState.new(["a", "b", "c", "d"], seed * 1000 + g)
        turns = 0
        while not state.is_terminal() and turns < cap:
            seat = state.waiting_for()[0]
            before = state.turn_id
            state.apply(rng.choice(state.legal_actions(seat)))
            turns += state.turn_id != before
            n += 1
    return n, time.process_time() - start


def _match(args: tuple[str, str, int]) -> tuple[float, list[tuple[float, float]], int]:
    """A 4-player game, one `strong` seat (rotating with the seed) against three `weak`:
    (1 if strong won, strong's decision times, unfinished flag)."""
    strong, weak, seed = args
    seat = seed % 4
    levels = [weak] * 4
    levels[seat] = strong
    winner, _, times = play_game(levels, seed, timed=strong)
    return float(winner == seat), times, int(winner is None)


def _solo(args: tuple[str, int]) -> tuple[int, int]:
    level, seed = args
    winner, turns, _ = play_game([level], seed)
    return turns[0], int(winner is None)


def progress(results: list[tuple[float, list[tuple[float, float]], int]]) -> str:
    """The share won so far with its standard error, for a long run watched as it goes."""
    n = len(results)
    share = sum(r[0] for r in results) / n
    return f"{share:.3f} ± {(share * (1 - share) / n) ** 0.5:.3f} (standard error) over {n} games"


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="games per strength figure")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--first-seed", type=int, default=0)
    parser.add_argument("--only", default="", help="comma-separated metric names")
    parser.add_argument(
        "--progress",
        type=int,
        default=0,
        help="every N games, the share so far and its standard error on stderr (0: never)",
    )
    parser.add_argument(
        "--random-games",
        type=int,
        default=30,
        help="games of random steps for decisions_per_second",
    )
    args = parser.parse_args(argv)
    only = {x.strip() for x in args.only.split(",") if x.strip()}

    def wanted(name: str) -> bool:
        return not only or name in only or any(name.startswith(o) for o in only)

    seeds = range(args.first_seed, args.first_seed + args.games)
    hard_times: list[tuple[float, float]] = []
    targets = {"hard_vs_3_normal": 0.45, "normal_vs_3_easy": 0.45, "expert_vs_3_hard": 0.35}
    with Pool(max(1, args.jobs)) as pool:
        if wanted("decisions_per_second"):
            n, secs = random_decisions(1, args.random_games)
            print(f"decisions_per_second: {n / secs:.0f} (target >= 20000)", flush=True)
        for name, strong, weak in (
            ("hard_vs_3_normal", "hard", "normal"),
            ("normal_vs_3_easy", "normal", "easy"),
            ("expert_vs_3_hard", "expert", "hard"),
        ):
            if not wanted(name) and not (name.startswith("hard") and wanted("p95")):
                continue
            res = []
            for r in pool.imap(_match, [(strong, weak, s) for s in seeds], chunksize=2):
                res.append(r)
                if args.progress and len(res) % args.progress == 0:
                    print(f"  {name} so far: {progress(res)}", file=sys.stderr, flush=True)
            share = sum(r[0] for r in res) / len(res)
            cut = sum(r[2] for r in res)
            if strong == "hard":
                hard_times = [t for r in res for t in r[1]]
            if wanted(name):
                note = f", {cut} cut at {TURN_CAP} turns" if cut else ""
                print(
                    f"{name}: {share:.3f} (target >= {targets[name]}; {len(res)} games{note})",
                    flush=True,
                )
            if strong == "expert":
                cpu = [t[0] for r in res for t in r[1]]
                print(
                    f"expert_p95_decision_ms: {percentile(cpu, 0.95):.1f} (target <= 250; "
                    f"the thread's CPU time; {len(cpu)} decisions)",
                    flush=True,
                )
        for level in ("easy", "normal", "hard"):
            name = f"solo_turns_{level}"
            if not wanted(name):
                continue
            solos = pool.map(_solo, [(level, s) for s in seeds], chunksize=2)
            cut = sum(r[1] for r in solos)
            mean = sum(r[0] for r in solos) / len(solos)
            note = f", {cut} cut at {TURN_CAP} turns" if cut else ""
            print(
                f"{name}: {mean:.1f} (no target: a measure; {len(solos)} games{note})", flush=True
            )
    if wanted("p95_decision_ms") or wanted("mean_decision_ms"):
        if not hard_times:
            hard_times = [t for s in seeds[:20] for t in _match(("hard", "normal", s))[1]]
        cpu = [t[0] for t in hard_times]
        wall = [t[1] for t in hard_times]
        print(
            f"p95_decision_ms: {percentile(cpu, 0.95):.1f} (target <= 100; the thread's CPU "
            f"time; wall clock p95 {percentile(wall, 0.95):.1f}, max {max(wall):.1f}; "
            f"{len(cpu)} decisions)",
            flush=True,
        )
        print(
            f"mean_decision_ms: {sum(cpu) / len(cpu):.1f} (target <= {MEAN_DECISION_MS}; Hard's, "
            f"the thread's CPU time; {len(cpu)} decisions)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    from game.core.pipes import run_for_a_reader  # `| head` ends it quietly

    sys.exit(run_for_a_reader(main))
