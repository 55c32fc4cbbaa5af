"""The app bundle: its size, and start-up to the first frame, bundle vs `python main.py`.

    python bench/bundle.py [--runs N] [--build] [--dist DIR] [--cold] [--no-bundle]

--no-bundle measures `python main.py` alone (no PyInstaller needed: the smoke test's dry mode).

Builds the bundle first when DIST has none (or with --build; packaging/build.py). Start-up is
measured in the demo (headless): the process's own wall time up to main.py's first line, taken
as the median wall time of `--version` (interpreter or bootloader start, imports of game.cli),
plus the demo's `startup_ms` from `--frame-stats` (main.py's first line to the first frame drawn).
Medians of N runs each (the first run of each, usually the slowest, is shown too). --cold drops
the system's file cache before every run (Linux, root), for a first start after boot.

Targets (issue 12): bundle <= 80 MB, start-up <= 1.5 s.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "packaging"))

import build as packaging_build  # noqa: E402  (packaging/build.py)

TARGET_MB = 80.0
TARGET_STARTUP_S = 1.5
# (A computer of the quickest level: the figure is the time to the first frame, and a stronger
# one's thinking only made each run's game longer.)
DEMO = ["--demo", "--players", "1", "--seed", "3", "--speed", "64", "--bot", "easy"]
DEMO += ["--exit-when-done"]


def drop_caches() -> bool:
    try:
        os.sync()
        Path("/proc/sys/vm/drop_caches").write_text("3\n")
        return True
    except OSError:
        return False


def wall(argv: list[str], cwd: Path, env: dict, cold: bool) -> float:
    if cold:
        drop_caches()
    began = time.perf_counter()
    subprocess.run(argv, cwd=cwd, env=env, check=True, capture_output=True)
    return time.perf_counter() - began


def startup(argv: list[str], cwd: Path, env: dict, cold: bool, stats: Path) -> float:
    if cold:
        drop_caches()
    subprocess.run(
        [*argv, *DEMO, "--frame-stats", str(stats)],
        cwd=cwd,
        env=env,
        check=True,
        capture_output=True,
    )
    return json.loads(stats.read_text())["startup_ms"] / 1000


def measure(label: str, argv: list[str], runs: int, cold: bool) -> dict:
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = dict(
            os.environ,
            SDL_VIDEODRIVER="dummy",
            SDL_AUDIODRIVER="dummy",
            SMLB_DATA_DIR=str(folder / "data"),
            PYGAME_HIDE_SUPPORT_PROMPT="1",
        )
        launch = [wall([*argv, "--version"], folder, env, cold) for _ in range(runs)]
        first_frame = [startup(argv, folder, env, cold, folder / "stats.json") for _ in range(runs)]
    total = [a + b for a, b in zip(launch, first_frame, strict=True)]
    return {
        "label": label,
        "launch_s": statistics.median(launch),
        "first_frame_s": statistics.median(first_frame),
        "startup_s": statistics.median(total),
        "first_run_s": total[0],
    }


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Bundle size and start-up time.")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--dist", type=Path, default=ROOT / "dist")
    parser.add_argument("--build", action="store_true", help="rebuild the bundle first")
    parser.add_argument("--cold", action="store_true", help="drop the file cache before runs")
    parser.add_argument(
        "--no-bundle",
        action="store_true",
        help="measure python main.py only (no build, no PyInstaller)",
    )
    args = parser.parse_args(argv)
    dist = args.dist.resolve()
    exe = packaging_build.executable(dist)
    if not args.no_bundle and (args.build or not exe.exists()):
        packaging_build.build(dist, ROOT / "build", quiet=True)
    if args.cold and not drop_caches():
        print("note: cannot drop the file cache here (needs Linux and root); runs are warm")
        args.cold = False
    results = []
    if not args.no_bundle:
        size_mb = packaging_build.size_bytes(packaging_build.bundle_path(dist)) / 1e6
        print(f"bundle: {packaging_build.bundle_path(dist)}")
        print(
            f"bundle_mb: {size_mb:.1f}  (target <= {TARGET_MB:.0f})"
            f"  {'OK' if size_mb <= TARGET_MB else 'OVER'}"
        )
        results.append(measure("bundle", [str(exe)], args.runs, args.cold))
    results.append(
        measure("python main.py", [sys.executable, str(ROOT / "main.py")], args.runs, args.cold)
    )
    kind = "cold" if args.cold else "warm"
    print(
        f"start-up to first frame, median of {args.runs} {kind} runs"
        f" (target <= {TARGET_STARTUP_S} s):"
    )
    for r in results:
        verdict = "OK" if r["startup_s"] <= TARGET_STARTUP_S else "OVER"
        print(
            f"  {r['label']:>15}: startup_s: {r['startup_s']:.3f}  (launch {r['launch_s']:.3f}"
            f" + to first frame {r['first_frame_s']:.3f}; first run {r['first_run_s']:.3f})"
            f"  {verdict}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
