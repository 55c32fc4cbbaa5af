"""Synthesize every sound effect of both games (pure Python, no numpy, nothing downloaded).

Run ``python sounds/generate.py``: it (re)writes the effects next to this file (16-bit mono
44100 Hz), the music in ``music/`` (see ``music.py``) and ``MANIFEST.sha256``, the checksum of
every file written, deterministically (noise comes from seeded generators). The building
blocks are in ``synth.py``; Blanco's own set in ``blanco_sfx.py``. Every effect is
peak-normalised to about -3 dBFS and gets short fades at both ends, so it starts and stops
without clicks.

The sets: Lucky Box's pen, tokens, bonuses and arcade jingles; Blanco's cards on felt and
mallets (``blanco_*``); ``click`` and ``refuse`` belong to the menus of both.
"""

from __future__ import annotations

import hashlib
import math
import random
import sys
from collections.abc import Callable
from pathlib import Path

OUT_DIR = Path(__file__).resolve().parent
if str(OUT_DIR) not in sys.path:  # run as a script or loaded by path: its neighbours import
    sys.path.insert(0, str(OUT_DIR))

from blanco_sfx import SOUNDS as BLANCO_SOUNDS  # noqa: E402
from synth import (  # noqa: E402
    NOTE,
    Samples,
    Track,
    add,
    adsr,
    bell,
    blip,
    brass,
    decay,
    finish,
    gain,
    highpass,
    lowpass,
    osc,
    white_noise,
    write_wav,
)

MANIFEST = "MANIFEST.sha256"


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


LUCKYBOX_SOUNDS: dict[str, Callable[[], Samples]] = {
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
    "token": sfx_token,
}
SHARED_SOUNDS: dict[str, Callable[[], Samples]] = {"click": sfx_click, "refuse": sfx_refuse}
SOUNDS: dict[str, Callable[[], Samples]] = {**LUCKYBOX_SOUNDS, **SHARED_SOUNDS, **BLANCO_SOUNDS}


def main(out_dir: Path = OUT_DIR, music: bool = False) -> list[Path]:
    """Render every effect into ``out_dir`` (and, with `music`, every piece of ``music/``);
    returns the written paths."""
    written = []
    for name, make in SOUNDS.items():
        path = out_dir / f"{name}.wav"
        write_wav(path, finish(make()))
        written.append(path)
    if music:
        from music import render_all

        written += render_all(out_dir / "music")
    return written


def write_manifest(out_dir: Path = OUT_DIR) -> Path:
    """``MANIFEST.sha256``: the SHA-256 of every shipped sound (``sha256sum -c`` reads it)."""
    files = sorted([*out_dir.glob("*.wav"), *(out_dir / "music").glob("*.wav")])
    lines = [
        f"{hashlib.sha256(p.read_bytes()).hexdigest()}  {p.relative_to(out_dir).as_posix()}\n"
        for p in files
    ]
    path = out_dir / MANIFEST
    path.write_text("".join(lines))
    return path


if __name__ == "__main__":
    for written_path in main(music=True):
        print(written_path.relative_to(OUT_DIR.parent))
    print(write_manifest().relative_to(OUT_DIR.parent))
