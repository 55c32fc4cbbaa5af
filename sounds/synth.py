"""The synthesizer the sound generators share (pure Python, no numpy, deterministic).

Oscillators (sine/square/triangle/saw/noise) with pitch glides and vibrato, envelopes (ADSR,
percussive decay, swells), one-pole filters, a mixing `Track`, a few instruments (bell, blip,
brass; mallets, electric piano and card noises for Blanco) and the writers: 16-bit PCM for the
effects, 8-bit mu-law (G.711) for the music, which halves its size and still streams through
SDL_mixer. Noise comes from seeded generators, so every run writes the same bytes.
"""

from __future__ import annotations

import math
import operator
import random
import struct
import sys
import wave
from array import array
from collections.abc import Callable
from pathlib import Path

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


def midi_hz(midi: int | float) -> float:
    """Equal-tempered frequency of a MIDI note number (69 = A4 = 440 Hz)."""
    return 440.0 * 2 ** ((midi - 69) / 12)


_STEPS = {"C": 0, "D": 2, "E": 4, "F": 5, "G": 7, "A": 9, "B": 11}


def hz(name: str) -> float:
    """Frequency of a note name: "C4", "F#3", "Bb5" (C4 = middle C)."""
    step = _STEPS[name[0]]
    rest = name[1:]
    while rest and rest[0] in "#b":
        step += 1 if rest[0] == "#" else -1
        rest = rest[1:]
    return midi_hz(12 * (int(rest) + 1) + step)


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
    if wave_kind not in ("sine", "square", "triangle", "saw", "noise"):
        raise ValueError(wave_kind)
    # Each sample's phase step, then the wave read off the phases: one loop per kind, not a
    # test of the kind per sample (the same arithmetic in the same order: the same bytes).
    if f1 == f0 and not vib_depth:
        steps: Samples = [f0 / RATE] * n  # (f0 * 1.0 ** t is f0)
    else:
        ratio = f1 / f0
        steps = []
        for i in range(n):
            f = f0 * ratio ** (i / n)
            if vib_depth:
                f *= 1 + vib_depth * math.sin(math.tau * vib_rate * i / RATE)
            steps.append(f / RATE)
    phases: Samples = []
    phase = 0.0
    for step in steps:
        phase = (phase + step) % 1.0
        phases.append(phase)
    if wave_kind == "sine":
        tau, sin = math.tau, math.sin
        return [sin(tau * phase) for phase in phases]
    if wave_kind == "square":
        return [1.0 if phase < duty else -1.0 for phase in phases]
    if wave_kind == "triangle":
        return [4 * abs(phase - 0.5) - 1 for phase in phases]
    if wave_kind == "saw":
        return [2 * phase - 1 for phase in phases]
    # sample-and-hold noise, pitched by f: a new value each time the phase wraps
    rng = random.Random(seed)
    out: Samples = []
    prev = held = 0.0
    for phase in phases:
        if phase < prev:
            held = rng.uniform(-1, 1)
        prev = phase
        out.append(held)
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
    k, exp = tau * RATE, math.exp
    out = [v * (i / na) * exp(-i / k) for i, v in enumerate(s[:na])]
    out += [v * exp(-i / k) for i, v in enumerate(s[na:], na)]  # (v * 1.0 is v)
    return out


def lowpass(s: Samples, cutoff: float | Callable[[float], float]) -> Samples:
    """One-pole low-pass; ``cutoff`` may be a function of time t in [0, 1]."""
    out, y, n = [], 0.0, len(s)
    if not callable(cutoff):
        a = 1 - math.exp(-math.tau * cutoff / RATE)
        for v in s:
            y += a * (v - y)
            out.append(y)
        return out
    for i, v in enumerate(s):
        a = 1 - math.exp(-math.tau * cutoff(i / n) / RATE)
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
    for p in parts:  # (each sum in the same order as one sample at a time)
        out[: len(p)] = map(operator.add, out[: len(p)], p)
    return out


def mul(a: Samples, b: Samples) -> Samples:
    return [x * y for x, y in zip(a, b, strict=False)]


class Track:
    """A mixing buffer: place sounds at times, then render."""

    def __init__(self, dur: float) -> None:
        self.buf = [0.0] * n_samples(dur)

    def put(self, at: float, s: Samples, g: float = 1.0) -> Track:
        start = round(at * RATE)
        buf = self.buf
        end = min(len(buf), start + len(s))
        if end > start:
            buf[start:end] = [b + v * g for b, v in zip(buf[start:end], s, strict=False)]
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


def bandpass(s: Samples, low: float, high: float) -> Samples:
    """Keep roughly `low`..`high` Hz: a high-pass then a low-pass (6 dB/octave each side)."""
    return lowpass(highpass(s, low), high)


def swell(s: Samples, rise: float, power: float = 2.0) -> Samples:
    """Envelope that rises over the first `rise` of the sound (a fraction) and falls after."""
    n = len(s)
    peak = max(1, round(n * rise))
    out = []
    for i, v in enumerate(s):
        g = i / peak if i < peak else (n - i) / max(1, n - peak)
        out.append(v * g**power)
    return out


def taper(s: Samples, tail: float = 0.2) -> Samples:
    """Fade the last `tail` of the sound to zero (a decay cut short would click)."""
    n = len(s)
    k = max(1, round(n * tail))
    return [v * min(1.0, (n - i) / k) for i, v in enumerate(s)]


# --------------------------------------------------------------------------- card noises


def paper(dur: float, seed: int, low: float, high: float, tau: float) -> Samples:
    """A card's papery burst: band-limited noise with a sharp attack and a quick decay."""
    return taper(decay(bandpass(white_noise(dur, seed), low, high), tau, attack=0.0008))


def thump(freq: float, dur: float, tau: float) -> Samples:
    """The low body of a card landing on felt: a sine dropping an octave, dying fast."""
    return taper(decay(osc("sine", dur, freq, freq / 2), tau, attack=0.001))


def swish(dur: float, seed: int, f0: float, f1: float, rise: float = 0.6) -> Samples:
    """A card sliding: noise whose brightness glides from `f0` to `f1` Hz, swelling and dying."""
    ratio = f1 / f0
    s = lowpass(white_noise(dur, seed), lambda t: f0 * ratio**t)
    return swell(highpass(s, 300), rise, 1.5)


def flick(seed: int, bright: float = 1.0) -> Samples:
    """One dealt card: a short swish ending in a soft tap (about 0.12 s)."""
    t = Track(0.13)
    t.put(0.0, swish(0.07, seed, 1500 * bright, 4500 * bright, rise=0.8), 0.5)
    t.put(0.06, paper(0.05, seed + 1, 700, 3500 * bright, 0.010), 0.9)
    t.put(0.06, thump(170, 0.06, 0.018), 0.5)
    return t.buf


# --------------------------------------------------------------------------- tuned percussion


def marimba(freq: float, dur: float, tau: float = 0.25) -> Samples:
    """A wooden bar: fundamental plus its 4th partial (dying fast) and a mallet's knock."""
    body = decay(osc("sine", dur, freq), tau, attack=0.002)
    high = decay(osc("sine", dur, freq * 3.93), tau / 5, attack=0.001)
    knock = decay(lowpass(white_noise(min(dur, 0.03), seed=int(freq)), 2500), 0.004, 0.0005)
    return taper(add(body, gain(high, 0.3), gain(knock, 0.15)), 0.3)


def vibes(freq: float, dur: float, tau: float = 0.6, tremolo: float = 5.5) -> Samples:
    """A vibraphone: metal bar partials (1, 4, 10) with the motor's slow tremolo."""
    parts = add(
        decay(osc("sine", dur, freq), tau, attack=0.003),
        gain(decay(osc("sine", dur, freq * 4.0), tau / 4, attack=0.002), 0.25),
        gain(decay(osc("sine", dur, freq * 10.0), tau / 12, attack=0.001), 0.08),
    )
    shaped = [
        v * (0.8 + 0.2 * math.cos(math.tau * tremolo * i / RATE)) for i, v in enumerate(parts)
    ]
    return taper(shaped, 0.3)


def epiano(freq: float, dur: float, tau: float = 0.7) -> Samples:
    """An electric piano tine (two-operator FM): bright at the strike, mellow as it rings."""
    n = n_samples(dur)
    w = math.tau * freq / RATE
    out = []
    for i in range(n):
        index = 0.3 + 1.7 * math.exp(-i / (0.05 * RATE))
        out.append(math.sin(w * i + index * math.sin(w * i)))
    tine = decay(osc("sine", dur, freq * 14.0), 0.015, attack=0.0005)
    return taper(add(decay(out, tau, attack=0.002), gain(tine, 0.06)), 0.3)


def cymbal(dur: float, seed: int, tau: float, low: float = 5000) -> Samples:
    """A ride or a brushed cymbal: bright noise with a soft attack and a long decay."""
    noise = lowpass(highpass(white_noise(dur, seed), low), 11000)
    return taper(decay(noise, tau, attack=0.004))


# --------------------------------------------------------------------------- writers


def pcm16(s: Samples) -> bytes:
    data = array("h", (max(-32767, min(32767, round(v * 32767))) for v in s))
    if sys.byteorder == "big":
        data.byteswap()
    return data.tobytes()


def mulaw_byte(sample: int) -> int:
    """One 16-bit sample as a G.711 mu-law byte (the standard segment encoding)."""
    sign = 0x80 if sample < 0 else 0
    magnitude = min(-sample if sample < 0 else sample, 32635) + 0x84
    exponent = 7
    mask = 0x4000
    while exponent > 0 and not magnitude & mask:
        exponent -= 1
        mask >>= 1
    mantissa = (magnitude >> (exponent + 3)) & 0x0F
    return ~(sign | exponent << 4 | mantissa) & 0xFF


def mulaw_sample(byte: int) -> int:
    """A G.711 mu-law byte back to a 16-bit sample (for checks)."""
    byte = ~byte & 0xFF
    exponent = (byte >> 4) & 0x07
    magnitude = (((byte & 0x0F) << 3) + 0x84) << exponent
    magnitude -= 0x84
    return -magnitude if byte & 0x80 else magnitude


# Every byte's sample, worked out once: a file is read by table (the same samples, several
# times faster than decoding each byte).
MULAW_SAMPLES: tuple[int, ...] = tuple(mulaw_sample(byte) for byte in range(256))


def write_mulaw(path: Path, s: Samples, rate: int) -> None:
    """A mono mu-law WAV (format 7, 8 bits a sample): half the bytes of 16-bit PCM, and quiet
    passages keep their detail (the steps are finer near silence)."""
    data = bytes(mulaw_byte(max(-32767, min(32767, round(v * 32767)))) for v in s)
    fmt = struct.pack("<HHIIHHH", 7, 1, rate, rate, 1, 8, 0)
    fact = struct.pack("<I", len(data))
    body = b"WAVE" + b"fmt " + struct.pack("<I", len(fmt)) + fmt
    body += b"fact" + struct.pack("<I", len(fact)) + fact
    body += b"data" + struct.pack("<I", len(data)) + data + (b"\0" if len(data) % 2 else b"")
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(b"RIFF" + struct.pack("<I", len(body)) + body)


def read_mulaw(path: Path) -> tuple[int, list[int]]:
    """(rate, 16-bit samples) of a WAV that `write_mulaw` wrote."""
    raw = path.read_bytes()
    pos, rate, data = 12, 0, b""
    while pos + 8 <= len(raw):
        tag, size = raw[pos : pos + 4], struct.unpack("<I", raw[pos + 4 : pos + 8])[0]
        chunk = raw[pos + 8 : pos + 8 + size]
        if tag == b"fmt ":
            rate = struct.unpack("<I", chunk[4:8])[0]
        elif tag == b"data":
            data = chunk
        pos += 8 + size + size % 2
    return rate, list(map(MULAW_SAMPLES.__getitem__, data))
