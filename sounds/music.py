"""Synthesize the music (pure Python, no numpy, deterministic): a loop for the menus, one for
each game, and each game's end piece.

Run ``python sounds/music.py`` (or ``generate.py``, which runs it too): it (re)writes
``sounds/music/*.wav``, mono 22050 Hz mu-law (see `synth.write_mulaw`: half the bytes of 16-bit
PCM; SDL_mixer streams it). The music sits in its own folder so the effects loader (every
``*.wav`` of ``sounds/``) never takes it for an effect.

- ``calm_loop``: the menus', 8 bars at 76 BPM over I-vi-IV-V in C: a pad, a bass, an arpeggio.
- ``luckybox_loop`` / ``luckybox_end`` and ``blanco_loop`` / ``blanco_end``: see ``pieces.py``.

A loop is seamless: every note's tail that runs past the end is added back at the start (the
`Score` of score.py wraps), so the last sample leads into the first. An end piece does not
wrap: it rings out and fades to silence.
"""

from __future__ import annotations

import math
import sys
from collections.abc import Callable
from pathlib import Path

HERE = Path(__file__).resolve().parent
if str(HERE) not in sys.path:
    sys.path.insert(0, str(HERE))

from score import RATE, Score, midi  # noqa: E402
from synth import write_mulaw  # noqa: E402

OUT_DIR = HERE / "music"


# --------------------------------------------------------------------------- the menus' loop

CALM_BPM = 76
# I - vi - IV - V, two bars each; each chord as MIDI notes (root position, middle register)
CALM_CHORDS = [(48, 55, 60, 64), (45, 52, 57, 60), (41, 53, 57, 60), (43, 55, 59, 62)]
ARPEGGIO = (0, 2, 3, 1, 2, 3, 1, 2)  # indices into the chord's upper three notes + octave


def calm_loop() -> list[float]:
    beat = 60 / CALM_BPM
    score = Score(8 * 4 * beat, loop=True)
    chord_len, fade = 8 * beat, 0.9 * beat
    for index, chord in enumerate(CALM_CHORDS):  # the pad: two detuned voices a note
        start = index * chord_len
        for note in chord[1:]:
            for detune in (-0.12, 0.12):
                f = midi(note + 12 + detune)
                w = math.tau * f / RATE
                n = round((chord_len + fade) * RATE)
                values = []
                for i in range(n):
                    t = i / RATE
                    env = min(1.0, t / fade, (chord_len + fade - t) / fade)
                    tremolo = 0.85 + 0.15 * math.sin(math.tau * 0.25 * t)
                    values.append(0.035 * env * tremolo * math.sin(w * i))
                score._put(round((start - fade / 2) * RATE), values)
    for index, chord in enumerate(CALM_CHORDS):
        bar0 = index * 2 * 4 * beat
        for b in (0, 2, 4, 6):  # a gentle bass on beats 1 and 3
            score.pluck(bar0 + b * beat, 2 * beat, midi(chord[0] - 12), 0.22, 0.7, (1.0, 0.25))
        upper = [*chord[1:], chord[1] + 12]
        for step in range(16):  # an arpeggio in eighths, softer on the off-beats
            note = upper[ARPEGGIO[step % len(ARPEGGIO)]] + 12
            amp = 0.10 if step % 2 == 0 else 0.07
            score.pluck(bar0 + step * beat / 2, 1.5 * beat, midi(note), amp, 0.35, (1.0, 0.3, 0.08))
    return score.finish()


def pieces() -> dict[str, Callable[[], list[float]]]:
    from pieces import PIECES

    return {"calm_loop": calm_loop, **PIECES}


def render_all(out_dir: Path = OUT_DIR) -> list[Path]:
    """Write every piece into `out_dir`; returns the paths."""
    written = []
    for name, make in pieces().items():
        path = out_dir / f"{name}.wav"
        write_mulaw(path, make(), RATE)
        written.append(path)
    return written


if __name__ == "__main__":
    for path in render_all():
        print(path.relative_to(HERE.parent))
