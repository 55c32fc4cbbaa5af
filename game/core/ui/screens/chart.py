"""The arithmetic of the statistics chart (pure, no pygame): tidy axis steps and a trend."""

from __future__ import annotations

import math
from collections.abc import Sequence


def nice_step(span: float, most_ticks: int) -> int:
    """The smallest 1-2-5 step that labels `span` with at most `most_ticks` intervals."""
    step = 1
    while span / step > most_ticks:
        for k in (2, 2.5, 2):  # 1 -> 2 -> 5 -> 10 -> 20 -> 50 ...
            step = round(step * k)
            if span / step <= most_ticks:
                break
    return step


def score_axis(scores: Sequence[int]) -> tuple[int, int, int]:
    """(low, high, step) for the y axis: whole steps around every score, never a zero span."""
    lo, hi = min(scores), max(scores)
    step = nice_step(max(hi - lo, 10), 4)
    low = math.floor(lo / step) * step
    high = math.ceil(hi / step) * step
    if high - low < 2 * step:  # one game, or all alike: give the points room
        low -= step
        high += step
    if high - hi < step * 0.4:  # headroom: the legend and the "Best" label sit up there
        high += step
    return low, high, step


def moving_average(values: Sequence[int], window: int) -> list[float]:
    """The mean of each value with up to `window - 1` before it (a trend that starts at once)."""
    out: list[float] = []
    total = 0.0
    for i, v in enumerate(values):
        total += v
        if i >= window:
            total -= values[i - window]
        out.append(total / min(i + 1, window))
    return out
