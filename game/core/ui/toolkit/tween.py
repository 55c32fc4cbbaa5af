"""Tweens: values that move from a start to an end over time, driven by frame time.

Pure Python (no pygame), so animations are testable without a display. A scene owns a
`TweenGroup`, adds tweens to it and calls `group.update(dt)` once a frame; finished tweens fire
their `on_done` and drop out. Scale `dt` by the player's animation speed setting before passing it.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

Ease = Callable[[float], float]
Value = float | tuple[float, ...]


# ------------------------------------------------------------------- easing (t in 0..1 -> 0..1)


def linear(t: float) -> float:
    return t


def ease_in_cubic(t: float) -> float:
    return t * t * t


def ease_out_cubic(t: float) -> float:
    return 1 - (1 - t) ** 3


def ease_in_out_sine(t: float) -> float:
    return -(math.cos(math.pi * t) - 1) / 2


def ease_out_back(t: float) -> float:
    """Overshoots the end a little, then settles: a springy arrival."""
    c1 = 1.70158
    c3 = c1 + 1
    return 1 + c3 * (t - 1) ** 3 + c1 * (t - 1) ** 2


def ease_out_bounce(t: float) -> float:
    """Bounces against the end value like a dropped ball."""
    n1, d1 = 7.5625, 2.75
    if t < 1 / d1:
        return n1 * t * t
    if t < 2 / d1:
        t -= 1.5 / d1
        return n1 * t * t + 0.75
    if t < 2.5 / d1:
        t -= 2.25 / d1
        return n1 * t * t + 0.9375
    t -= 2.625 / d1
    return n1 * t * t + 0.984375


def lerp(a: Value, b: Value, k: float) -> Value:
    """Interpolate numbers or equal-length tuples of numbers (positions, colours)."""
    if isinstance(a, Sequence) and isinstance(b, Sequence):
        return tuple(x + (y - x) * k for x, y in zip(a, b, strict=True))
    if isinstance(a, Sequence) or isinstance(b, Sequence):
        raise TypeError("lerp between a number and a tuple")
    return a + (b - a) * k


# ------------------------------------------------------------------- tweens


class Tween:
    """Moves `value` from `start` to `end` in `duration` seconds along `ease`.

    `delay` waits before starting (for staggered cascades). `repeat=True` ping-pongs forever
    (never done, on_done never fires): for idle pulses. `on_done` is called once, on the update
    that finishes the tween.
    """

    def __init__(
        self,
        duration: float,
        start: Value,
        end: Value,
        ease: Ease = ease_out_cubic,
        on_done: Callable[[], None] | None = None,
        *,
        delay: float = 0.0,
        repeat: bool = False,
    ) -> None:
        self.duration = max(0.0, float(duration))
        self.start = start
        self.end = end
        self.ease = ease
        self.on_done = on_done
        self.delay = max(0.0, float(delay))
        self.repeat = repeat
        self.elapsed = 0.0
        self.done = False
        self._value: Value = start

    @property
    def value(self) -> Value:
        return self._value

    @property
    def number(self) -> float:
        """The value of a tween of numbers (a tween of tuples has no single number)."""
        if isinstance(self._value, tuple):
            raise TypeError("this tween moves a tuple, not a number")
        return float(self._value)

    @property
    def progress(self) -> float:
        """Linear progress 0..1 of the current leg (before easing)."""
        if self.duration == 0:
            return 1.0 if self.elapsed >= self.delay else 0.0
        return min(1.0, max(0.0, (self.elapsed - self.delay) / self.duration))

    def update(self, dt: float) -> bool:
        """Advance by dt seconds; returns True when the tween is done."""
        if self.done:
            return True
        self.elapsed += max(0.0, dt)
        if self.repeat and self.duration > 0:
            # Fold the time into one leg, flipping direction on odd legs.
            t = self.elapsed - self.delay
            if t < 0:
                return False
            leg, rem = divmod(t, self.duration)
            k = rem / self.duration
            if int(leg) % 2:
                k = 1 - k
            self._value = lerp(self.start, self.end, self.ease(k))
            return False
        p = self.progress
        self._value = lerp(self.start, self.end, self.ease(p))
        if p >= 1.0:
            self._value = self.end  # exact, whatever the easing's rounding
            self.done = True
            if self.on_done is not None:
                self.on_done()
        return self.done

    def finish(self) -> None:
        """Jump to the end now (e.g. the player skips an animation)."""
        if not self.done and not self.repeat:
            self.elapsed = self.delay + self.duration
            self.update(0.0)


class TweenGroup:
    """Updates many tweens and drops the finished ones."""

    def __init__(self) -> None:
        self.tweens: list[Tween] = []

    def add(self, tween: Tween) -> Tween:
        """Add a tween; returns it so callers can keep a handle on its value."""
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> None:
        # Iterate over a copy: on_done callbacks may add follow-up tweens.
        for tween in list(self.tweens):
            tween.update(dt)
        self.tweens = [t for t in self.tweens if not t.done]

    def finish_all(self) -> None:
        """Complete every (non-repeating) tween at once, firing their on_done callbacks."""
        for tween in list(self.tweens):
            tween.finish()
        self.tweens = [t for t in self.tweens if not t.done]

    def clear(self) -> None:
        self.tweens.clear()

    @property
    def busy(self) -> bool:
        """True while any non-repeating tween is still running."""
        return any(not t.repeat for t in self.tweens)

    def __len__(self) -> int:
        return len(self.tweens)
