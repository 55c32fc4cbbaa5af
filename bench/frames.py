"""Frame-time benchmark: a whole demo game with every animation, at 1280×720 under the dummy
video driver, run as `python main.py --demo` would be (a fresh process each run). Either game:
Lucky Box (4 players at speed 4 by default) or Blanco (`--game blanco`: 5 players at speed 8, as
its issue asks). Each run's record is checked with `--check-record` (it must be legal).

Targets (issue 3, the same for Blanco): p99 frame time ≤ 8 ms, start-up to first frame ≤ 1 s,
peak memory ≤ 200 MB. Prints each run's figures, then the medians over runs and the verdicts.

    python bench/frames.py [--game luckybox|blanco] [--runs 3] [--players N] [--speed X]
                           [--bot normal] [--window WxH] [--quick]
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


DEFAULTS = {"luckybox": (4, 4.0), "blanco": (5, 8.0)}  # players, speed


def one_run(
    game: str, players: int, seed: int, speed: float, bot: str, window: str | None = None
) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        stats, record = Path(tmp) / "stats.json", Path(tmp) / "record.json"
        env = {
            **os.environ,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "dummy",
            "SMLB_DATA_DIR": tmp,
        }
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "--demo",
                "--game",
                game,
                "--players",
                str(players),
                "--seed",
                str(seed),
                "--speed",
                str(speed),
                "--bot",
                bot,
                "--exit-when-done",
                "--frame-stats",
                str(stats),
                "--save-record",
                str(record),
                *(["--window", window] if window else []),
            ],
            env=env,
            check=True,
            timeout=1800,
            stdout=subprocess.DEVNULL,  # the demo's result line: the record is checked below
        )
        checked = subprocess.run(
            [sys.executable, str(ROOT / "main.py"), "--check-record", str(record)],
            capture_output=True,
            text=True,
            timeout=600,
        )
        result = json.loads(stats.read_text())
        result["record_legal"] = checked.returncode == 0
        return result


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="luckybox", choices=sorted(DEFAULTS))
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument(
        "--speed",
        type=float,
        default=None,
        help="animation speed (1 = normal; higher shortens the run, not frames)",
    )
    parser.add_argument("--bot", default="normal")
    parser.add_argument(
        "--window",
        metavar="WxH",
        default=None,
        help="the window's size (the picture is scaled to it every frame)",
    )
    parser.add_argument(
        "--quick",
        action="store_true",
        help="one solo run at speed 64, the fastest (the smoke test: seconds)",
    )
    args = parser.parse_args(argv)
    if args.quick:
        args.runs, args.players, args.speed = 1, args.players or 1, args.speed or 64.0
    players, speed = DEFAULTS[args.game]
    args.players = args.players or players
    args.speed = args.speed or speed
    runs = []
    for r in range(args.runs):
        stats = one_run(args.game, args.players, 100 + r, args.speed, args.bot, args.window)
        runs.append(stats)
        print(f"run {r + 1}: " + ", ".join(f"{k}={v}" for k, v in stats.items()))
    print(
        f"medians over {args.runs} runs ({args.game}, {args.players} players, "
        f"speed {args.speed}, window {args.window or '1280x720'}):"
    )
    print(f"records_legal: {sum(run['record_legal'] for run in runs)} of {len(runs)}")
    for key in ("frames", "frame_ms_p50", "frame_ms_p99", "startup_ms", "peak_rss_mb"):
        median = statistics.median(run[key] for run in runs)
        target = TARGETS.get(key)
        verdict = (
            ""
            if target is None
            else (f"  (target ≤ {target:g}: {'meets' if median <= target else 'MISSES'})")
        )
        print(f"{key}: {median:g}{verdict}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
