"""Frame-time benchmark: a whole 4-player demo game with every animation, at 1280×720 under the
dummy video driver, run as `python main.py --demo` would be (a fresh process each run).

Targets (issue 3): p99 frame time ≤ 8 ms, start-up to first frame ≤ 1 s, peak memory ≤ 200 MB.
Prints each run's figures, then the medians over runs and the verdicts.

    python bench/frames.py [--runs 3] [--players 4] [--speed 4] [--bot normal]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGETS = {"frame_ms_p99": 8.0, "startup_ms": 1000.0, "peak_rss_mb": 200.0}


def one_run(players: int, seed: int, speed: float, bot: str) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        stats = Path(tmp) / "stats.json"
        env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
               "SMLB_DATA_DIR": tmp}
        subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--demo", "--players", str(players),
             "--seed", str(seed), "--speed", str(speed), "--bot", bot, "--exit-when-done",
             "--frame-stats", str(stats)],
            env=env, check=True, timeout=1800,
        )
        return json.loads(stats.read_text())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--speed", type=float, default=4.0,
                        help="animation speed (1 = normal; higher shortens the run, not frames)")
    parser.add_argument("--bot", default="normal")
    args = parser.parse_args()
    runs = []
    for r in range(args.runs):
        stats = one_run(args.players, 100 + r, args.speed, args.bot)
        runs.append(stats)
        print(f"run {r + 1}: " + ", ".join(f"{k}={v}" for k, v in stats.items()))
    print(f"medians over {args.runs} runs ({args.players} players, speed {args.speed}):")
    for key in ("frames", "frame_ms_p50", "frame_ms_p99", "startup_ms", "peak_rss_mb"):
        median = statistics.median(run[key] for run in runs)
        target = TARGETS.get(key)
        verdict = "" if target is None else (
            f"  (target ≤ {target:g}: {'meets' if median <= target else 'MISSES'})")
        print(f"{key}: {median:g}{verdict}")


if __name__ == "__main__":
    main()
