"""In-process frame profile of a demo table: where each frame's time goes, part by part.

`bench/frames.py` measures whole frames in a fresh process; on a loaded machine its figures
move with the load. This script runs the same demo (computer seats, every animation, the dummy
video driver, 1280x720) inside one process with a fixed frame step (1/60 s), and times each
piece of a frame separately: the scene's update, each table part's draw, the effects, the focus
ring, the toast and the flip. It reports CPU time of this thread (`time.thread_time`), which
other processes on the machine disturb far less than wall time, so two versions of the code can
be compared (A/B) on a busy machine. `--cprofile` adds the functions that cost most per frame.

    python bench/frame_profile.py [--game luckybox|blanco] [--frames 600] [--players N]
                                  [--speed X] [--seed S] [--cprofile] [--top 25]
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import shutil
import statistics
import sys
import tempfile
import time
from collections import defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DEFAULTS = {"luckybox": (4, 4.0), "blanco": (5, 8.0)}  # players, speed (as bench/frames.py)
STEP = 1 / 60
TARGET_P99_MS = 8.0  # bench/frames.py's frame time target


class Timings:
    """CPU and wall milliseconds per label, summed per frame."""

    def __init__(self) -> None:
        self.frame: dict[str, float] = defaultdict(float)
        self.frames: dict[str, list[float]] = defaultdict(list)

    def wrap(self, label: str, fn: Callable[..., Any]) -> Callable[..., Any]:
        if getattr(fn, "_timed", False):
            return fn

        def timed(*args: Any, **kwargs: Any) -> Any:
            start = time.thread_time()
            try:
                return fn(*args, **kwargs)
            finally:
                self.frame[label] += (time.thread_time() - start) * 1000

        timed._timed = True  # type: ignore[attr-defined]  # a mark on the function object
        return timed

    def end_frame(self, labels: set[str]) -> None:
        for label in labels | set(self.frame):
            self.frames[label].append(self.frame.get(label, 0.0))
        self.frame.clear()


def instrument(app: Any, timings: Timings, seen: set[int]) -> None:
    """Wrap the draw of the top scene's parts and of its animator's effects (once per object)."""
    scene = app.stack.top
    animator = getattr(scene, "animator", None)
    for effect in getattr(animator, "effects", ()):
        if hasattr(effect, "draw"):
            effect.draw = timings.wrap(f"effect {type(effect).__name__}", effect.draw)
    if scene is None or id(scene) in seen:
        return
    seen.add(id(scene))
    name = type(scene).__name__
    scene.update = timings.wrap(f"{name}.update", scene.update)
    scene.draw = timings.wrap(f"{name}.draw (all)", scene.draw)
    for part in list(getattr(scene, "parts", [])) + [
        getattr(scene, attr, None) for attr in ("controls", "notice", "help")
    ]:
        if part is None or not hasattr(part, "draw"):
            continue
        part.draw = timings.wrap(f"draw {type(part).__name__}", part.draw)
    help_ = getattr(scene, "help", None)
    if help_ is not None and hasattr(help_, "draw_button"):
        help_.draw_button = timings.wrap("draw help button", help_.draw_button)


def run(
    game: str,
    frames: int,
    players: int,
    speed: float,
    seed: int,
    profile: cProfile.Profile | None,
    inline: bool = False,
    shots: Path | None = None,
    every: int = 25,
) -> tuple[Timings, list[float], list[float]]:
    os.environ.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SMLB_LANG="en",
        PYGAME_HIDE_SUPPORT_PROMPT="1",
    )
    tmp = tempfile.mkdtemp(prefix="frame_profile_")
    os.environ["SMLB_DATA_DIR"] = tmp
    import pygame

    from game.catalog import new_app
    from game.core.session import Seat

    app = new_app(data_dir=Path(tmp))
    app.ctx.settings.animation_speed = speed
    seats = [Seat(f"Bot {i + 1}", "normal") for i in range(players)]
    route = f"{game}.start_game"
    table = app.ctx.nav.make(route, seats=seats, seed=seed, demo=True, on_game_over=None)
    if inline:  # the computers think in this process: the same frames on every run
        table.runner._broken = True
    if shots is not None:
        shots.mkdir(parents=True, exist_ok=True)
    timings = Timings()
    app.ring.draw = timings.wrap("draw focus ring", app.ring.draw)
    app.ring.update = timings.wrap("focus ring update", app.ring.update)
    app.toast.draw = timings.wrap("draw toast", app.toast.draw)
    flip = pygame.display.flip
    pygame.display.flip = timings.wrap("display flip", flip)
    seen: set[int] = set()
    cpu: list[float] = []
    wall: list[float] = []
    labels: set[str] = set()
    try:
        for _ in range(frames):
            instrument(app, timings, seen)
            if profile is not None:
                profile.enable()
            c0, w0 = time.thread_time(), time.perf_counter()
            alive = app.step(STEP)
            cpu.append((time.thread_time() - c0) * 1000)
            wall.append((time.perf_counter() - w0) * 1000)
            if profile is not None:
                profile.disable()
            labels |= set(timings.frame)
            if shots is not None and len(cpu) % every == 0:
                pygame.image.save(app.screen, str(shots / f"frame{len(cpu):05d}.png"))
            timings.end_frame(labels)
            if not alive:
                break
    finally:
        pygame.display.flip = flip
        app.close()
        shutil.rmtree(tmp, ignore_errors=True)  # the demo's records: nobody's to keep
    return timings, cpu, wall


def pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(len(ordered) * q))] if ordered else 0.0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="luckybox", choices=sorted(DEFAULTS))
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--players", type=int, default=None)
    parser.add_argument("--speed", type=float, default=None)
    parser.add_argument("--seed", type=int, default=100)
    parser.add_argument("--cprofile", action="store_true", help="also profile functions")
    parser.add_argument("--top", type=int, default=25)
    parser.add_argument(
        "--inline-bots",
        action="store_true",
        help="computers think in this process: the same frames on each run "
        "(for --shots; their thinking then counts in the update)",
    )
    parser.add_argument(
        "--shots",
        type=Path,
        default=None,
        help="save the screen every --every frames into this folder (compare "
        "two versions of the code pixel for pixel)",
    )
    parser.add_argument("--every", type=int, default=25)
    parser.add_argument("--slow", type=int, default=0, help="list the N slowest frames' pieces")
    args = parser.parse_args(argv)
    players, speed = DEFAULTS[args.game]
    profile = cProfile.Profile() if args.cprofile else None
    timings, cpu, wall = run(
        args.game,
        args.frames,
        args.players or players,
        args.speed or speed,
        args.seed,
        profile,
        args.inline_bots,
        args.shots,
        args.every,
    )
    n = len(cpu)
    print(f"{args.game}: {n} frames, load {os.getloadavg()[0]:.2f}")
    p99 = pct(cpu, 0.99)
    print(
        f"frame CPU ms: mean {statistics.fmean(cpu):.3f}  p50 {pct(cpu, 0.5):.3f}  "
        f"p99 {p99:.3f}  max {max(cpu):.3f}  (target: p99 <= {TARGET_P99_MS:g}, as "
        f"bench/frames.py's whole frames: {'meets' if p99 <= TARGET_P99_MS else 'MISSES'})"
    )
    print(
        f"frame wall ms: mean {statistics.fmean(wall):.3f}  p50 {pct(wall, 0.5):.3f}  "
        f"p99 {pct(wall, 0.99):.3f}"
    )
    print(f"{'piece (CPU ms per frame)':34} {'mean':>7} {'p50':>7} {'p99':>7} {'share':>6}")
    total = sum(cpu) or 1.0
    rows = sorted(timings.frames.items(), key=lambda kv: -sum(kv[1]))
    for label, values in rows:
        print(
            f"{label:34} {sum(values) / n:7.3f} {pct(values, 0.5):7.3f} "
            f"{pct(values, 0.99):7.3f} {sum(values) / total:6.1%}"
        )
    if args.slow:
        # The frames that make the p99: their own pieces, biggest first (which part spikes).
        slowest = sorted(range(n), key=lambda i: -cpu[i])[: args.slow]
        print(f"the {len(slowest)} slowest frames (CPU ms), their three biggest pieces:")
        for i in sorted(slowest):
            pieces = sorted(
                ((values[i], label) for label, values in timings.frames.items() if i < len(values)),
                reverse=True,
            )[:3]
            print(
                f"  frame {i:5d}: {cpu[i]:6.2f}  "
                + ", ".join(f"{lab} {ms:.2f}" for ms, lab in pieces)
            )
    if profile is not None:
        out = io.StringIO()
        stats = pstats.Stats(profile, stream=out)
        stats.sort_stats("tottime").print_stats(args.top)
        print(f"cProfile over {n} frames (divide times by {n} for per-frame cost):")
        print(
            "\n".join(
                line
                for line in out.getvalue().splitlines()
                if line.strip() and not line.startswith(("   Ordered", "   List"))
            )
        )
    return 0


if __name__ == "__main__":
    from game.core.pipes import run_for_a_reader  # `| head` ends it quietly

    sys.exit(run_for_a_reader(main))
