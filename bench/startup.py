"""Start-up: from a fresh process to the title's first frame on screen, as `python main.py`.

Each run starts a new Python process that runs the real command line (`game.cli.main([])`, as
main.py does) with one hook: after the app's first frame is flipped, it prints the monotonic
clock and closes the window. The figure counts from just before the process is started (so it
includes the interpreter's own start-up and every import) to that flip. The data folder is a
fresh temporary one (no settings, no save to replay), the video driver the dummy one unless
--x is given and DISPLAY is set.

Target (issue "Fast and lean"): the window shows in < 0.5 s with both games and online play.
`--importtime` also prints the slowest imports of one run (`python -X importtime`).

    python bench/startup.py [--runs 7] [--importtime] [--x]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TARGET_MS = 500.0

# Run in the child: the command line as main.py runs it, stopped after the first flipped frame.
CHILD = """
import sys, time
sys.path.insert(0, {root!r})
from game import cli
import game.core.ui.app as app_module

shown = app_module.App.step

def step_once(self, dt=None):
    alive = shown(self, dt)
    if self.frames_drawn:  # the first frame is on screen: that is start-up's end
        print("first_frame_at", time.perf_counter(), flush=True)
        self.running = False
    return alive

app_module.App.step = step_once
sys.exit(cli.main([], started=time.perf_counter()))
"""


def one_run(importtime: bool, real_display: bool) -> tuple[float, str]:
    """(ms from before the process starts to its first frame, the child's stderr)."""
    with tempfile.TemporaryDirectory() as data:
        env = {
            **os.environ,
            "SMLB_DATA_DIR": data,
            "SMLB_NO_FIRST_TIME": "1",
            "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1",
        }
        if not (real_display and os.environ.get("DISPLAY")):
            env["SDL_VIDEODRIVER"] = "dummy"
        command = [sys.executable, *(["-X", "importtime"] if importtime else [])]
        start = time.perf_counter()  # CLOCK_MONOTONIC: the child's clock is the same one
        done = subprocess.run(
            [*command, "-c", CHILD.format(root=str(ROOT))],
            cwd=ROOT,
            env=env,
            capture_output=True,
            text=True,
            timeout=120,
        )
    if done.returncode != 0:
        raise SystemExit(f"the game did not start (exit {done.returncode}):\n{done.stderr[-2000:]}")
    shown_at = next(
        float(line.split()[1])
        for line in done.stdout.splitlines()
        if line.startswith("first_frame_at")
    )
    return (shown_at - start) * 1000, done.stderr


def slowest_imports(importtime_log: str, count: int = 15) -> list[tuple[int, str]]:
    """The top-level imports taking longest (cumulative µs, name), from `-X importtime`."""
    rows = []
    for line in importtime_log.splitlines():
        if not line.startswith("import time:") or "cumulative" in line:
            continue
        _self_us, cumulative, name = line[len("import time:") :].split("|")
        if not name.startswith(" ") or name.startswith("  "):
            continue  # only the imports made at the top level (their cumulative is the cost)
        rows.append((int(cumulative), name.strip()))
    return sorted(rows, reverse=True)[:count]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--importtime", action="store_true", help="list the slowest imports")
    parser.add_argument("--x", action="store_true", help="a real window when DISPLAY is set")
    parser.add_argument("--quick", action="store_true", help="two runs: a quick look")
    args = parser.parse_args(argv)
    runs = 2 if args.quick else args.runs
    times = []
    for r in range(runs):
        ms, _ = one_run(False, args.x)
        times.append(ms)
        print(f"run {r + 1}: {ms:.0f} ms to the first frame")
    median = statistics.median(times)
    verdict = "meets" if median < TARGET_MS else "MISSES"
    print(f"median of {runs} runs: {median:.0f} ms (target < {TARGET_MS:.0f}: {verdict})")
    if args.importtime:
        _, log = one_run(True, args.x)
        print("slowest top-level imports (cumulative ms, one run under -X importtime):")
        for cumulative, name in slowest_imports(log):
            print(f"  {cumulative / 1000:7.1f}  {name}")
    print(f"startup_ms: {median:.0f} (target < {TARGET_MS:.0f})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
