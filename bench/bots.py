"""Benchmark the computer players: seeded solo games per level, scores and decision times.

    python bench/bots.py [--games N] [--levels easy,normal,hard,expert,oracle]
                         [--jobs 2] [--first-seed S]

(`--levels ...,round_oracle` adds the round oracle below: a research figure, not a target's, it
took about 8 minutes more than the rest over 100 seeds, so it is asked for by name.)

Prints a detail line per level, then one `name: value` line per figure:
    <level>_mean         mean final score of the level's solo games (seeds S .. S+N-1)
    <level>_sd           the game-to-game spread of those scores
    <level>_p95_ms       the level's 95th percentile decision time (ms of the thread's CPU
                         time, so other work on a shared machine does not count; the wall
                         clock's is in the detail line)
    hard_minus_easy      Hard's mean minus Easy's, over the same seeds
    normal_minus_easy    Normal's mean minus Easy's
    oracle_mean          `oracle` is no level of the game: bench/oracle.py, a search of the whole
                         deal it reads (every number, the cards each draft offers), so an
                         estimate (from below) of the most any strategy could score
    oracle_below_expert  seeds on which Expert scored more than the oracle (a bound: 0)
    round_oracle_mean    `round_oracle`, no level either: Expert's keeps and picks, but each
                         round's crosses searched knowing that round's numbers (and nothing
                         beyond), judged at its end as Expert judges: an estimate (from below)
                         of the most search within a round can gain over Expert without a
                         better judgement between rounds
and lines saying whether each target is met.

Every level plays from its seat's view (`state.view_for(0)`: no face-down numbers); the two
oracles alone are given the whole state.

Targets: hard_minus_easy >= 20 (Hard is clearly stronger than Easy); expert_mean >= 68 and
expert_p95_ms <= 250 (measured with 100 seeds). Measured on seeds 100-115
(`--first-seed 100 --games 16`, what the suite once played): Easy about 28, Hard about 64, the
spread 6 to 8. The suite keeps a cheap check on a few seeds (tests/test_bots.py); this is the
full measure. Hard takes a few seconds a game: `--games 100` is about ten minutes on 2 cores.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse  # noqa: E402
import statistics  # noqa: E402
import time  # noqa: E402
from multiprocessing import Pool  # noqa: E402

from oracle import OracleBot, RoundOracleBot  # noqa: E402  (bench/ is the script's folder)

from game.core.bot_worker import collect_garbage_rarely  # noqa: E402
from game.luckybox.ai import make_bot  # noqa: E402
from game.luckybox.rules import GameState  # noqa: E402

# The computer players think so in the game's worker process: decisions are timed as there.
collect_garbage_rarely()

TARGET_HARD_MINUS_EASY = 20.0
TARGET_EXPERT_MEAN = 68.0
TARGET_EXPERT_P95_MS = 250.0

# Benchmark-only players that read the whole state (no levels of the game).
ORACLES: dict[str, type[OracleBot] | type[RoundOracleBot]] = {
    "oracle": OracleBot,
    "round_oracle": RoundOracleBot,
}
BOUNDS = {
    "oracle_mean": "the bound expert is measured against",
    "round_oracle_mean": "the bound of search within a round",
}


def play_solo(level: str, seed: int) -> tuple[int, list[tuple[float, float]]]:
    """Play one solo game; return the final score and each decision's time in ms (the
    thread's CPU time, the wall clock's)."""
    state, _ = GameState.new(["Bot"], seed)
    oracle = level in ORACLES
    bot = ORACLES[level](seed, 0) if oracle else make_bot(level, seed, 0)
    times = []
    while not state.is_terminal():
        seen = state if oracle else state.view_for(0)
        start, cpu = time.perf_counter(), time.thread_time()
        action = bot.choose(seen, 0)
        now = time.perf_counter()
        times.append(((time.thread_time() - cpu) * 1000, (now - start) * 1000))
        outcome = state.apply(action)
        if not outcome.ok:
            raise RuntimeError(f"{level} bot chose an illegal action {action}: {outcome.refusal}")
        while state.awaiting_chance():  # the next number, the round's end: as a replay does
            state.advance()
    return state.players[0].total, times


def _job(args: tuple[str, int]) -> tuple[int, list[tuple[float, float]]]:
    return play_solo(*args)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--levels", default="easy,normal,hard,expert,oracle")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    figures: dict[str, float] = {}
    scores_of: dict[str, list[int]] = {}
    for level in levels:
        jobs = [(level, s) for s in range(args.first_seed, args.first_seed + args.games)]
        start = time.perf_counter()
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                results = pool.map(_job, jobs, chunksize=4)
        else:
            results = [_job(j) for j in jobs]
        wall = time.perf_counter() - start
        scores = scores_of[level] = [s for s, _ in results]
        times = [cpu for _, ts in results for cpu, _ in ts]
        wall_times = [w for _, ts in results for _, w in ts]
        mean = statistics.fmean(scores)
        sd = statistics.pstdev(scores)
        median_ms = statistics.median(times)
        p95_ms = percentile(times, 0.95)
        print(
            f"{level}: games={len(scores)} mean={mean:.1f} sd={sd:.1f} min={min(scores)} "
            f"max={max(scores)} decisions={len(times)} median_ms={median_ms:.2f} "
            f"p95_ms={p95_ms:.1f} max_ms={max(times):.1f} "
            f"wall_p95_ms={percentile(wall_times, 0.95):.1f} wall_s={wall:.0f}",
            flush=True,
        )
        figures[f"{level}_mean"] = mean
        figures[f"{level}_sd"] = sd
        figures[f"{level}_p95_ms"] = p95_ms
    for level in ("hard", "normal"):
        if f"{level}_mean" in figures and "easy_mean" in figures:
            figures[f"{level}_minus_easy"] = figures[f"{level}_mean"] - figures["easy_mean"]
    targets = {
        "hard_minus_easy": (">=", TARGET_HARD_MINUS_EASY),
        "expert_mean": (">=", TARGET_EXPERT_MEAN),
        "expert_p95_ms": ("<=", TARGET_EXPERT_P95_MS),
    }
    missed = False
    for name, value in figures.items():
        shown = f"{value:.1f}" if "_ms" not in name else f"{value:.2f}"
        target = targets.get(name)
        if target is None:
            what = BOUNDS.get(name, "a measure")
            print(f"{name}: {shown} (no target: {what})")
            continue
        sense, bound = target
        met = value >= bound if sense == ">=" else value <= bound
        missed |= not met
        print(f"{name}: {shown} (target {sense} {bound:.0f}: {'meets' if met else 'MISSES'})")
    if "expert_mean" in figures and "oracle_mean" in figures:
        print(f"oracle_minus_expert: {figures['oracle_mean'] - figures['expert_mean']:.1f}")
        below = sum(o < e for o, e in zip(scores_of["oracle"], scores_of["expert"], strict=True))
        print(f"oracle_below_expert: {below} (seeds on which Expert beat the bound)")
    if "expert_mean" in figures and "round_oracle_mean" in figures:
        gap = figures["round_oracle_mean"] - figures["expert_mean"]
        print(f"round_oracle_minus_expert: {gap:.1f}")
    return 1 if missed else 0


if __name__ == "__main__":
    from game.core.pipes import run_for_a_reader  # `| head` ends it quietly

    sys.exit(run_for_a_reader(main))
