"""What the tables pay each frame for the pictures they keep: painted shapes blitted from the
cache, a part's pixels kept with Snapshot, an other player's compact board blitted.

Each figure is the median over runs of the CPU time (`time.thread_time`, which other processes
disturb less than wall time) of one operation, at 1280x720 under the dummy video driver,
printed beside its target (issue 72: a frame costs less; the same pixels).

    python bench/kept.py [--runs 7]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

#: Microseconds per operation.
TARGETS = {
    "table shapes (3 panels, 6 slabs) per frame": 200.0,
    "a how-to sized panel (900x520)": 300.0,
    "Snapshot.keep of a focus board (900x420)": 250.0,
    "an other player's board (260x120) blitted": 10.0,
}


def cpu_us(operation: Callable[[], object], repeat: int, runs: int) -> float:
    """The median over `runs` of the CPU microseconds one call of `operation` takes."""
    samples = []
    for _ in range(runs):
        start = time.thread_time()
        for _ in range(repeat):
            operation()
        samples.append((time.thread_time() - start) / repeat * 1e6)
    return statistics.median(samples)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args(argv)
    os.environ.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    import pygame

    from game.core.ui.toolkit import paint
    from game.core.ui.toolkit.snapshot import Snapshot
    from game.core.ui.toolkit.text import TextCache

    pygame.init()
    screen = pygame.display.set_mode((1280, 720))
    screen.fill((60, 30, 110))

    def table_shapes() -> None:
        for y in (20, 200, 380):
            paint.draw_panel(screen, pygame.Rect(40, y, 300, 150), colour=(42, 28, 78), radius=14)
        for i in range(6):
            paint.draw_glossy(screen, pygame.Rect(400 + i * 140, 600, 130, 56), paint.PINK)

    def large_panel() -> None:
        paint.draw_panel(screen, pygame.Rect(190, 100, 900, 520))

    snap = Snapshot()
    area = pygame.Rect(190, 150, 900, 420)
    keys = iter(range(10**9))

    def keep() -> None:
        snap.keep(screen, next(keys), area)

    text = TextCache()
    board = pygame.Surface((260, 120), pygame.SRCALPHA)
    paint.draw_panel(board, pygame.Rect(6, 6, 248, 108), colour=(42, 28, 78), radius=10, shadow=3)
    text.blit_centered(board, "Computer 3", 20, paint.WHITE, (60, 18))
    encode = getattr(paint, "encode_if_clear_cut", None)  # (absent before issue 72)
    if encode is not None:
        encode(board)

    def other_board() -> None:
        screen.blit(board, (700, 40))

    figures = {
        "table shapes (3 panels, 6 slabs) per frame": cpu_us(table_shapes, 200, args.runs),
        "a how-to sized panel (900x520)": cpu_us(large_panel, 100, args.runs),
        "Snapshot.keep of a focus board (900x420)": cpu_us(keep, 100, args.runs),
        "an other player's board (260x120) blitted": cpu_us(other_board, 2000, args.runs),
    }
    print(f"CPU microseconds, median of {args.runs} runs (load {os.getloadavg()[0]:.2f}):")
    for name, value in figures.items():
        target = TARGETS[name]
        verdict = "meets" if value <= target else "MISSES"
        print(f"{name:46} {value:8.1f}  (target <= {target:g}: {verdict})")
    pygame.quit()
    return 0


if __name__ == "__main__":
    sys.exit(main())
