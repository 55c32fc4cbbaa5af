"""The music's toolkit: a `Score` (a mono buffer notes are added into, wrapping for a loop) and
`midi` (a MIDI note's frequency). `music.py` (the menus' loop) and `pieces.py` (each game's
music) write with it; it knows no piece, so neither file needs the other's."""

from __future__ import annotations

import math
import random

RATE = 22050
PEAK = 10 ** (-6 / 20)  # -6 dBFS: music sits under the effects


def midi(note: float) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


def _tapered(values: list[float], tail: float = 0.3) -> list[float]:
    """The last `tail` of a note faded to zero: a ringing note cut short would click."""
    n = len(values)
    k = max(1, round(n * tail))
    return [v * min(1.0, (n - i) / k) for i, v in enumerate(values)]


class Score:
    """A mono buffer of `seconds` that notes are added into; `loop`: tails wrap to the start."""

    def __init__(self, seconds: float, loop: bool) -> None:
        self.length = round(seconds * RATE)
        self.buf = [0.0] * self.length
        self.loop = loop

    def _put(self, first: int, values: list[float]) -> None:
        buf, length = self.buf, self.length
        if self.loop:
            for i, v in enumerate(values):
                buf[(first + i) % length] += v
        else:
            for i, v in enumerate(values[: max(0, length - first)]):
                buf[first + i] += v

    def pluck(
        self,
        start: float,
        dur: float,
        freq: float,
        amp: float,
        tau: float,
        harmonics: tuple[float, ...] = (1.0,),
        attack: float = 0.012,
    ) -> None:
        """A plucked or struck note: fast attack, exponential decay, harmonic partials."""
        w = math.tau * freq / RATE
        n_attack = max(1, round(attack * RATE))
        values = []
        for i in range(round(dur * RATE)):
            env = math.exp(-i / (tau * RATE)) * min(1.0, i / n_attack)
            if env < 1e-4 and i > n_attack:  # (not at the first sample, whose envelope is 0)
                break
            values.append(
                amp * env * sum(h * math.sin(w * i * (k + 1)) for k, h in enumerate(harmonics))
            )
        self._put(round(start * RATE), _tapered(values))

    def held(
        self,
        start: float,
        dur: float,
        freq: float,
        amp: float,
        harmonics: tuple[float, ...] = (1.0,),
        attack: float = 0.03,
        release: float = 0.15,
        vibrato: float = 0.0,
    ) -> None:
        """A sustained note (brass, pad): attack, hold, release; a gentle vibrato if asked."""
        n, na, nr = round(dur * RATE), max(1, round(attack * RATE)), max(1, round(release * RATE))
        phase, values = 0.0, []
        for i in range(n + nr):
            env = min(1.0, i / na) * (1.0 if i < n else (n + nr - i) / nr)
            f = freq * (1 + vibrato * math.sin(math.tau * 5.5 * i / RATE) * min(1.0, i / (4 * na)))
            phase += math.tau * f / RATE
            values.append(
                amp * env * sum(h * math.sin(phase * (k + 1)) for k, h in enumerate(harmonics))
            )
        self._put(round(start * RATE), values)

    def tine(self, start: float, dur: float, freq: float, amp: float, tau: float = 0.9) -> None:
        """An electric piano note (two-operator FM): bright at the strike, mellow as it rings."""
        w = math.tau * freq / RATE
        values = []
        for i in range(round(dur * RATE)):
            env = math.exp(-i / (tau * RATE)) * min(1.0, i / 40)
            index = 0.25 + 1.4 * math.exp(-i / (0.06 * RATE))
            values.append(amp * env * math.sin(w * i + index * math.sin(w * i)))
        self._put(round(start * RATE), _tapered(values))

    def vibes(self, start: float, dur: float, freq: float, amp: float, tau: float = 1.0) -> None:
        """A vibraphone note: partials 1 and 4 with the motor's tremolo."""
        w = math.tau * freq / RATE
        values = []
        for i in range(round(dur * RATE)):
            t = i / RATE
            trem = 0.8 + 0.2 * math.cos(math.tau * 5.0 * t)
            body = math.exp(-t / tau) * math.sin(w * i)
            high = 0.2 * math.exp(-4 * t / tau) * math.sin(4 * w * i)
            values.append(amp * min(1.0, i / 30) * trem * (body + high))
        self._put(round(start * RATE), _tapered(values))

    def noise(
        self,
        start: float,
        dur: float,
        amp: float,
        tau: float,
        low: float,
        high: float,
        seed: int,
        attack: float = 0.001,
    ) -> None:
        """A drum or cymbal: band-limited noise (one-pole high- and low-pass), decaying."""
        rng = random.Random(seed)
        a_low = 1 - math.exp(-math.tau * low / RATE)
        a_high = 1 - math.exp(-math.tau * min(high, RATE * 0.45) / RATE)
        slow = fast = 0.0
        na = max(1, round(attack * RATE))
        values = []
        n = round(dur * RATE)
        for i in range(n):
            x = rng.uniform(-1, 1)
            slow += a_low * (x - slow)
            fast += a_high * ((x - slow) - fast)
            env = math.exp(-i / (tau * RATE)) * min(1.0, i / na) * min(1.0, (n - i) / 200)
            values.append(amp * env * fast)
        self._put(round(start * RATE), values)

    def kick(self, start: float, amp: float) -> None:
        """A soft kick drum: a sine dropping from 110 to 45 Hz."""
        values, phase = [], 0.0
        for i in range(round(0.3 * RATE)):
            t = i / RATE
            phase += math.tau * (45 + 65 * math.exp(-t / 0.03)) / RATE
            values.append(amp * math.exp(-t / 0.09) * min(1.0, i / 30) * math.sin(phase))
        self._put(round(start * RATE), values)

    def finish(self, fade_out: float = 0.0) -> list[float]:
        """Normalised to PEAK; an end piece fades out over its last `fade_out` seconds."""
        buf = self.buf
        if fade_out:
            nf = round(fade_out * RATE)
            for i in range(nf):
                buf[self.length - 1 - i] *= (i / nf) ** 2
        peak = max(abs(v) for v in buf) or 1.0
        return [v * PEAK / peak for v in buf]
