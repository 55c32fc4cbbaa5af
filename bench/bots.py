"""Benchmark the computer players: seeded solo games per level, scores and decision times.

    python bench/bots.py [--games N] [--levels easy,normal,hard] [--jobs 2] [--first-seed S]

Prints a detail line per level, then one `name: value` line per figure:
    <level>_mean         mean final score of the level's solo games (seeds S .. S+N-1)
    <level>_sd           the game-to-game spread of those scores
    <level>_p95_ms       the level's 95th percentile decision time (ms)
    hard_minus_easy      Hard's mean minus Easy's, over the same seeds
    normal_minus_easy    Normal's mean minus Easy's
and a last line saying whether the target is met.

Target: hard_minus_easy >= 20 (Hard is clearly stronger than Easy). Measured on seeds 100-115
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

from game.luckybox.ai import make_bot  # noqa: E402
from game.luckybox.rules import GameState  # noqa: E402

TARGET_HARD_MINUS_EASY = 20.0
TARGETS = {"hard_minus_easy": f"target >= {TARGET_HARD_MINUS_EASY:.0f}"}


def play_solo(level: str, seed: int) -> tuple[int, list[float]]:
    """Play one solo game; return the final score and each decision's time in ms."""
    state, _ = GameState.new(["Bot"], seed)
    bot = make_bot(level, seed, 0)
    times = []
    while not state.is_terminal():
        start = time.perf_counter()
        action = bot.choose(state, 0)
        times.append((time.perf_counter() - start) * 1000)
        outcome = state.apply(action)
        if not outcome.ok:
            raise RuntimeError(f"{level} bot chose an illegal action {action}: {outcome.refusal}")
        while state.awaiting_chance():  # the next number, the round's end: as a replay does
            state.advance()
    return state.players[0].total, times


def _job(args: tuple[str, int]) -> tuple[int, list[float]]:
    return play_solo(*args)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=500)
    parser.add_argument("--levels", default="easy,normal,hard")
    parser.add_argument("--jobs", type=int, default=2, help="worker processes")
    parser.add_argument("--first-seed", type=int, default=0)
    args = parser.parse_args(argv)
    levels = [lv.strip() for lv in args.levels.split(",") if lv.strip()]
    figures: dict[str, float] = {}
    for level in levels:
        jobs = [(level, s) for s in range(args.first_seed, args.first_seed + args.games)]
        start = time.perf_counter()
        if args.jobs > 1:
            with Pool(args.jobs) as pool:
                results = pool.map(_job, jobs, chunksize=4)
        else:
            results = [_job(j) for j in jobs]
        wall = time.perf_counter() - start
        scores = [s for s, _ in results]
        times = [t for _, ts in results for t in ts]
        mean = statistics.fmean(scores)
        sd = statistics.pstdev(scores)
        median_ms = statistics.median(times)
        p95_ms = percentile(times, 0.95)
        print(
            f"{level}: games={len(scores)} mean={mean:.1f} sd={sd:.1f} min={min(scores)} "
            f"max={max(scores)} decisions={len(times)} median_ms={median_ms:.2f} "
            f"p95_ms={p95_ms:.1f} max_ms={max(times):.1f} wall_s={wall:.0f}",
            flush=True,
        )
        figures[f"{level}_mean"] = mean
        figures[f"{level}_sd"] = sd
        figures[f"{level}_p95_ms"] = p95_ms
    for level in ("hard", "normal"):
        if f"{level}_mean" in figures and "easy_mean" in figures:
            figures[f"{level}_minus_easy"] = figures[f"{level}_mean"] - figures["easy_mean"]
    for name, value in figures.items():
        shown = f"{value:.2f}" if "_ms" in name else f"{value:.1f}"
        print(f"{name}: {shown} ({TARGETS.get(name, 'no target: a measure')})")
    if "hard_minus_easy" not in figures:
        print("target: not measured (needs the easy and hard levels)")
        return 0
    met = figures["hard_minus_easy"] >= TARGET_HARD_MINUS_EASY
    print(f"target: hard_minus_easy >= {TARGET_HARD_MINUS_EASY:.0f}: "
          f"{'meets' if met else 'MISSES'} ({figures['hard_minus_easy']:.1f})")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
