"""Synthesize the calm background loop (pure Python, no numpy, deterministic).

Run ``python sounds/music.py``: it (re)writes ``sounds/music/calm_loop.wav``, 16-bit mono
22050 Hz, 8 bars at 76 BPM over I-vi-IV-V in C. The music sits in its own folder so the
effects loader (every ``*.wav`` of ``sounds/``) never takes it for an effect.

The loop is seamless: every note's tail that runs past the end is added back at the start, and
the pad has no attack or release at the seam.
"""

from __future__ import annotations

import math
import sys
import wave
from array import array
from pathlib import Path

OUT = Path(__file__).resolve().parent / "music" / "calm_loop.wav"
RATE = 22050
BPM = 76
BEAT = 60 / BPM
BARS = 8
LENGTH = round(BARS * 4 * BEAT * RATE)
PEAK = 10 ** (-6 / 20)  # -6 dBFS: background music sits under the effects


def midi(note: int) -> float:
    return 440.0 * 2 ** ((note - 69) / 12)


# I - vi - IV - V, two bars each; each chord as MIDI notes (root position, middle register)
CHORDS = [(48, 55, 60, 64), (45, 52, 57, 60), (41, 53, 57, 60), (43, 55, 59, 62)]
ARPEGGIO = (0, 2, 3, 1, 2, 3, 1, 2)  # indices into the chord's upper three notes + octave


def add_note(
    buf: list[float],
    start: float,
    dur: float,
    freq: float,
    amp: float,
    tau: float,
    harmonics: tuple[float, ...] = (1.0,),
) -> None:
    """A plucked note (fast attack, exponential decay), wrapped round the loop's end."""
    first = round(start * RATE)
    n = round(dur * RATE)
    w = 2 * math.pi * freq / RATE
    attack = round(0.012 * RATE)
    for i in range(n):
        env = math.exp(-i / (tau * RATE)) * min(1.0, i / attack)
        if env < 1e-4:
            break
        v = sum(h * math.sin(w * i * (k + 1)) for k, h in enumerate(harmonics))
        buf[(first + i) % LENGTH] += amp * env * v


def add_pad(buf: list[float]) -> None:
    """Soft sustained chords, cross-faded into each other (the seam fades into bar 1 too)."""
    chord_len = 8 * BEAT
    fade = 0.9 * BEAT
    for index, chord in enumerate(CHORDS):
        start = index * chord_len
        for note in chord[1:]:
            for detune in (-0.12, 0.12):  # a slow chorus from two slightly detuned voices
                f = midi(note + 12) * 2 ** (detune / 12)
                w = 2 * math.pi * f / RATE
                first = round((start - fade / 2) * RATE)
                n = round((chord_len + fade) * RATE)
                for i in range(n):
                    t = i / RATE
                    env = min(1.0, t / fade, (chord_len + fade - t) / fade)
                    tremolo = 0.85 + 0.15 * math.sin(2 * math.pi * 0.25 * t)
                    buf[(first + i) % LENGTH] += 0.035 * env * tremolo * math.sin(w * i)


def render() -> list[float]:
    buf = [0.0] * LENGTH
    add_pad(buf)
    for index, chord in enumerate(CHORDS):
        bar0 = index * 2 * 4 * BEAT
        # a gentle bass on beats 1 and 3
        for beat in (0, 2, 4, 6):
            add_note(buf, bar0 + beat * BEAT, 2 * BEAT, midi(chord[0] - 12), 0.22, 0.7, (1.0, 0.25))
        # an arpeggio in eighths, softer on the off-beats
        upper = [*chord[1:], chord[1] + 12]
        for step in range(16):
            note = upper[ARPEGGIO[step % len(ARPEGGIO)]] + 12
            amp = 0.10 if step % 2 == 0 else 0.07
            add_note(
                buf, bar0 + step * BEAT / 2, 1.5 * BEAT, midi(note), amp, 0.35, (1.0, 0.3, 0.08)
            )
    peak = max(abs(v) for v in buf) or 1.0
    return [v * PEAK / peak for v in buf]


def write(path: Path, samples: list[float]) -> None:
    data = array("h", (max(-32767, min(32767, round(v * 32767))) for v in samples))
    if sys.byteorder == "big":
        data.byteswap()
    path.parent.mkdir(parents=True, exist_ok=True)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(2)
        w.setframerate(RATE)
        w.writeframes(data.tobytes())


if __name__ == "__main__":
    write(OUT, render())
    print(f"wrote {OUT} ({LENGTH / RATE:.1f} s)")
