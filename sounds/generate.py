"""Synthesize every sound effect of Super Mega Lucky Box (pure Python, no numpy).

Run ``python sounds/generate.py``: it (re)writes the WAV files next to this file,
16-bit mono 44100 Hz, deterministically (noise comes from seeded generators).

Building blocks: oscillators (sine/square/triangle/saw/noise) with pitch
sweeps and vibrato, ADSR or exponential envelopes, one-pole filters, and a
mixing ``Track``.  Every file is peak-normalised to about -3 dBFS and gets short
fades at both ends, so it starts and stops without clicks.
"""

from __future__ import annotations

import math
import random
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

OUT_DIR = Path(__file__).resolve().parent
RATE = 44100
PEAK = 10 ** (-3 / 20)  # -3 dBFS

Samples = list[float]

# equal-tempered note frequencies used by the jingles
NOTE = {
    name: 440.0 * 2 ** ((midi - 69) / 12)
    for name, midi in {
        "C3": 48, "E3": 52, "G3": 55, "A3": 57, "C4": 60, "E4": 64, "G4": 67, "A4": 69,
        "B4": 71, "C5": 72, "D5": 74, "E5": 76, "F5": 77, "G5": 79, "A5": 81, "B5": 83,
        "C6": 84, "D6": 86, "E6": 88, "G6": 91, "A6": 93, "C7": 96, "E7": 100,
    }.items()
}  # fmt: skip


# --------------------------------------------------------------------------- oscillators


def n_samples(dur: float) -> int:
    return max(1, round(dur * RATE))


def osc(
    wave_kind: str,
    dur: float,
    f0: float,
    f1: float | None = None,
    vib_rate: float = 0.0,
    vib_depth: float = 0.0,
    duty: float = 0.5,
    seed: int = 0,
) -> Samples:
    """One oscillator; the pitch glides exponentially from ``f0`` to ``f1``.

    ``vib_depth`` is a fraction of the frequency (0.02 = +-2 %).
    """
    n = n_samples(dur)
    f1 = f0 if f1 is None else f1
    rng = random.Random(seed)
    out: Samples = []
    phase = 0.0
    held = 0.0
    ratio = f1 / f0
    for i in range(n):
        t = i / n
        f = f0 * ratio**t
        if vib_depth:
            f *= 1 + vib_depth * math.sin(math.tau * vib_rate * i / RATE)
        prev = phase
        phase = (phase + f / RATE) % 1.0
        if wave_kind == "sine":
            v = math.sin(math.tau * phase)
        elif wave_kind == "square":
            v = 1.0 if phase < duty else -1.0
        elif wave_kind == "triangle":
            v = 4 * abs(phase - 0.5) - 1
        elif wave_kind == "saw":
            v = 2 * phase - 1
        elif wave_kind == "noise":  # sample-and-hold noise, pitched by f
            if phase < prev:
                held = rng.uniform(-1, 1)
            v = held
        else:
            raise ValueError(wave_kind)
        out.append(v)
    return out


def white_noise(dur: float, seed: int) -> Samples:
    rng = random.Random(seed)
    return [rng.uniform(-1, 1) for _ in range(n_samples(dur))]


# --------------------------------------------------------------------------- shaping


def adsr(
    s: Samples, a: float = 0.005, d: float = 0.05, sus: float = 0.7, r: float = 0.05
) -> Samples:
    """Attack/decay/sustain/release envelope over the whole sample list."""
    n = len(s)
    na, nd, nr = n_samples(a), n_samples(d), n_samples(r)
    out = []
    for i, v in enumerate(s):
        if i < na:
            g = i / na
        elif i < na + nd:
            g = 1 - (1 - sus) * (i - na) / nd
        else:
            g = sus
        left = n - i
        if left < nr:
            g *= left / nr
        out.append(v * g)
    return out


def decay(s: Samples, tau: float, attack: float = 0.002) -> Samples:
    """Percussive envelope: quick linear attack then exponential decay."""
    na = n_samples(attack)
    return [v * (i / na if i < na else 1.0) * math.exp(-i / (tau * RATE)) for i, v in enumerate(s)]


def lowpass(s: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """One-pole low-pass; ``cutoff`` may be a function of time t in [0, 1]."""
    out, y, n = [], 0.0, len(s)
    for i, v in enumerate(s):
        fc = cutoff(i / n) if callable(cutoff) else cutoff
        a = 1 - math.exp(-math.tau * fc / RATE)
        y += a * (v - y)
        out.append(y)
    return out


def highpass(s: Samples, cutoff: float) -> Samples:
    low = lowpass(s, cutoff)
    return [v - w for v, w in zip(s, low, strict=True)]


def gain(s: Samples, g: float) -> Samples:
    return [v * g for v in s]


def add(*parts: Samples) -> Samples:
    n = max(len(p) for p in parts)
    out = [0.0] * n
    for p in parts:
        for i, v in enumerate(p):
            out[i] += v
    return out


def mul(a: Samples, b: Samples) -> Samples:
    return [x * y for x, y in zip(a, b, strict=False)]


class Track:
    """A mixing buffer: place sounds at times, then render."""

    def __init__(self, dur: float) -> None:
        self.buf = [0.0] * n_samples(dur)

    def put(self, at: float, s: Samples, g: float = 1.0) -> Track:
        start = round(at * RATE)
        for i, v in enumerate(s):
            j = start + i
            if j >= len(self.buf):
                break
            self.buf[j] += v * g
        return self


def finish(s: Samples, fade_in: float = 0.002, fade_out: float = 0.025) -> Samples:
    """Remove DC, normalise to -3 dBFS and fade both ends (no clicks)."""
    mean = sum(s) / len(s)
    s = [v - mean for v in s]
    n, ni, no = len(s), n_samples(fade_in), n_samples(fade_out)
    for i in range(min(ni, n)):
        s[i] *= i / ni
    for i in range(min(no, n)):
        s[n - 1 - i] *= i / no
    peak = max(abs(v) for v in s) or 1.0
    return [v * PEAK / peak for v in s]


def write_wav(path: Path, s: Samples) -> None:
    data = array("h", (max(-32767, min(32767, round(v * 32767))) for v in s))
    if sys.byteorder == "big":
        data.byteswap()
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


# --------------------------------------------------------------------------- instruments


def blip(freq: float, dur: float, wave_kind: str = "square", tau: float = 0.08) -> Samples:
    """Short arcade note: softened square/triangle with a percussive decay."""
    s = osc(wave_kind, dur, freq, duty=0.25 if wave_kind == "square" else 0.5)
    if wave_kind == "square":
        s = lowpass(s, 5000)
    return decay(s, tau)


def bell(freq: float, dur: float, tau: float = 0.3) -> Samples:
    """Soft bell: sine partials at inharmonic ratios, upper ones dying faster."""
    parts = [
        decay(gain(osc("sine", dur, freq * ratio), amp), tau / ratio**0.5, attack=0.004)
        for ratio, amp in ((1.0, 1.0), (2.0, 0.35), (2.76, 0.25), (5.4, 0.1))
    ]
    return add(*parts)


def brass(freq: float, dur: float, vib: float = 0.0) -> Samples:
    """Chiptune 'brass': pulse + saw with a slight vibrato, through a low-pass."""
    s = add(
        osc("square", dur, freq, duty=0.3, vib_rate=6, vib_depth=vib),
        gain(osc("saw", dur, freq * 1.003, vib_rate=6, vib_depth=vib), 0.6),
    )
    return adsr(lowpass(s, 3500), a=0.01, d=0.08, sus=0.75, r=min(0.12, dur / 3))


# --------------------------------------------------------------------------- sound effects


def sfx_reveal() -> Samples:
    # whoosh: band-limited noise whose brightness and loudness swell and fall
    whoosh = white_noise(0.24, seed=1)
    whoosh = lowpass(whoosh, lambda t: 400 + 5000 * math.sin(math.pi * t))
    whoosh = highpass(whoosh, 250)
    whoosh = [v * math.sin(math.pi * i / len(whoosh)) ** 2 for i, v in enumerate(whoosh)]
    ping = add(bell(NOTE["G6"], 0.3, tau=0.12), gain(blip(NOTE["D6"], 0.3, "triangle", 0.1), 0.5))
    return Track(0.45).put(0, whoosh, 1.2).put(0.14, ping, 0.6).buf


def sfx_cross() -> Samples:
    # two quick marker strokes: scratchy filtered noise with a rough flutter
    t = Track(0.26)
    for k, (at, dur) in enumerate(((0.0, 0.10), (0.12, 0.12))):
        n = white_noise(dur, seed=10 + k)
        n = highpass(lowpass(n, 4200), 900)
        rough = osc("noise", dur, 90, seed=20 + k)
        n = [v * (0.6 + 0.4 * abs(r)) * math.sin(math.pi * i / len(n)) ** 0.7
             for i, (v, r) in enumerate(zip(n, rough, strict=True))]  # fmt: skip
        t.put(at, n)
    return t.buf


def sfx_line() -> Samples:
    t = Track(0.55)
    for k, note in enumerate(("C5", "E5", "G5", "C6", "E6")):
        t.put(k * 0.065, blip(NOTE[note], 0.25, "square", 0.09), 0.6)
        t.put(k * 0.065, blip(NOTE[note] / 2, 0.25, "triangle", 0.09), 0.4)
    t.put(0.33, bell(NOTE["C7"], 0.22, tau=0.08), 0.25)
    return t.buf


def sfx_bonus_number() -> Samples:
    t = Track(0.3)
    t.put(0.0, blip(NOTE["A5"], 0.12, "square", 0.05), 0.7)
    t.put(0.07, blip(NOTE["E6"], 0.22, "square", 0.08), 0.7)
    t.put(0.07, blip(NOTE["E5"], 0.22, "triangle", 0.08), 0.5)
    return t.buf


def sfx_bonus_question() -> Samples:
    # a "hmm?" that wobbles and rises at the end, like a question
    s = osc("triangle", 0.42, NOTE["E5"], NOTE["C6"], vib_rate=11, vib_depth=0.05)
    s = add(s, gain(osc("square", 0.42, NOTE["E4"], NOTE["C5"], vib_rate=11, vib_depth=0.05), 0.2))
    s = lowpass(s, 4000)
    return adsr(s, a=0.02, d=0.1, sus=0.8, r=0.1)


def sfx_bonus_lightning() -> Samples:
    zap = osc("saw", 0.38, 1900, 90)
    zap = add(zap, gain(osc("square", 0.38, 950, 60, duty=0.3), 0.5))
    zap = decay(lowpass(zap, 6000), 0.14)
    crackle = white_noise(0.38, seed=5)
    gate = osc("noise", 0.38, 60, seed=6)
    crackle = decay([v * (1.0 if g > 0.1 else 0.15) for v, g in zip(crackle, gate, strict=True)],
                    0.12)  # fmt: skip
    return Track(0.42).put(0, zap, 0.8).put(0, highpass(crackle, 1500), 0.5).buf


def sfx_bonus_star() -> Samples:
    rng = random.Random(42)
    t = Track(0.7)
    notes = ["C6", "E6", "G6", "A6", "C7", "E7"]
    for k in range(9):
        f = NOTE[notes[rng.randrange(len(notes))]] * (1 + rng.uniform(-0.004, 0.004))
        t.put(k * 0.045, bell(f, 0.3, tau=0.07), 0.5 * (1 - k / 12))
    shimmer = highpass(white_noise(0.5, seed=43), 6000)
    t.put(0.0, [v * math.sin(math.pi * i / len(shimmer)) for i, v in enumerate(shimmer)], 0.12)
    return t.buf


def sfx_bonus_moon() -> Samples:
    t = Track(0.9)
    t.put(0.0, bell(NOTE["E5"], 0.9, tau=0.35), 0.6)
    t.put(0.16, bell(NOTE["B5"], 0.74, tau=0.3), 0.45)
    pad = adsr(osc("sine", 0.9, NOTE["E4"], vib_rate=4, vib_depth=0.004), a=0.15, d=0.2, sus=0.5,
               r=0.4)  # fmt: skip
    return t.put(0, pad, 0.25).buf


def sfx_card_complete() -> Samples:
    t = Track(1.05)
    seq = [("G4", 0.0, 0.1), ("C5", 0.1, 0.1), ("E5", 0.2, 0.1), ("G5", 0.3, 0.68)]
    for note, at, dur in seq:
        t.put(at, brass(NOTE[note], dur, vib=0.012 if dur > 0.5 else 0.0), 0.5)
    for note in ("C4", "E4", "G4"):  # chord under the final note
        t.put(0.3, adsr(osc("triangle", 0.7, NOTE[note]), a=0.02, d=0.1, sus=0.7, r=0.3), 0.22)
    t.put(0.3, bell(NOTE["C7"], 0.5, tau=0.15), 0.15)
    return t.buf


def sfx_round_end() -> Samples:
    t = Track(0.9)
    for k, note in enumerate(("C6", "G5", "C5")):
        t.put(k * 0.16, bell(NOTE[note], 0.9 - k * 0.16, tau=0.25 + 0.1 * k), 0.55)
        t.put(k * 0.16, blip(NOTE[note] / 2, 0.3, "triangle", 0.12), 0.3)
    return t.buf


def sfx_victory() -> Samples:
    t = Track(1.45)  # ~1.5 s jingle: quick run, rising phrase, held chord + sparkles
    run = ["C5", "E5", "G5", "C6", "E5", "G5", "C6", "E6"]
    for k, note in enumerate(run):
        t.put(k * 0.07, blip(NOTE[note], 0.16, "square", 0.07), 0.4)
    phrase = [("G5", 0.6, 0.12), ("A5", 0.72, 0.12), ("B5", 0.84, 0.12), ("C6", 0.96, 0.49)]
    for note, at, dur in phrase:
        t.put(at, brass(NOTE[note], dur, vib=0.015 if dur > 0.5 else 0.0), 0.45)
    for note in ("C4", "G4", "C5", "E5"):
        t.put(0.96, adsr(osc("triangle", 0.49, NOTE[note]), a=0.02, d=0.1, sus=0.7, r=0.3), 0.16)
    rng = random.Random(7)
    for k in range(6):
        t.put(1.0 + k * 0.06, bell(NOTE[rng.choice(["C7", "E7", "G6"])], 0.14, tau=0.05), 0.18)
    return t.buf


def sfx_click() -> Samples:
    s = decay(osc("sine", 0.06, 1500, 900), 0.012, attack=0.0005)
    tick = decay(highpass(white_noise(0.06, seed=3), 3000), 0.004, attack=0.0002)
    return add(s, gain(tick, 0.4))


def sfx_refuse() -> Samples:
    t = Track(0.32)
    for f, at in ((NOTE["E3"], 0.0), (NOTE["C3"], 0.15)):
        # soft buzz: triangle body with a little detuned square, heavily filtered
        s = add(osc("triangle", 0.13, f), gain(osc("square", 0.13, f * 1.01, duty=0.4), 0.35))
        t.put(at, adsr(lowpass(s, 900), a=0.015, d=0.04, sus=0.7, r=0.05), 0.6)
    return t.buf


def sfx_token() -> Samples:
    t = Track(0.36)
    t.put(0.0, adsr(osc("square", 0.07, NOTE["B5"], duty=0.5), a=0.002, d=0.01, sus=0.9, r=0.005),
          0.5)  # fmt: skip
    t.put(0.07, decay(lowpass(osc("square", 0.29, NOTE["E6"], duty=0.5), 7000), 0.1), 0.5)
    return t.buf


SOUNDS: dict[str, Callable[[], Samples]] = {
    "reveal": sfx_reveal,
    "cross": sfx_cross,
    "line": sfx_line,
    "bonus_number": sfx_bonus_number,
    "bonus_question": sfx_bonus_question,
    "bonus_lightning": sfx_bonus_lightning,
    "bonus_star": sfx_bonus_star,
    "bonus_moon": sfx_bonus_moon,
    "card_complete": sfx_card_complete,
    "round_end": sfx_round_end,
    "victory": sfx_victory,
    "click": sfx_click,
    "refuse": sfx_refuse,
    "token": sfx_token,
}


def main(out_dir: Path = OUT_DIR) -> list[Path]:
    """Render every sound into ``out_dir``; returns the written paths."""
    written = []
    for name, make in SOUNDS.items():
        path = out_dir / f"{name}.wav"
        write_wav(path, finish(make()))
        written.append(path)
    return written


if __name__ == "__main__":
    for written_path in main():
        print(written_path.relative_to(OUT_DIR.parent))
