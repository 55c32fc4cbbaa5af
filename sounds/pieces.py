"""Each game's music (written with ``score.py``'s `Score`, rendered by ``music.py``): a loop
while it is played, and a piece for its end.

- Lucky Box, a bright game show: 112 BPM in C over I-vi-IV-V, an octave-bouncing bass,
  off-beat chord stabs, a square-ish lead with a catchy two-bar figure, soft kick, clap and
  hats. Its end: a brass fanfare up to a held C major, kicks and a cymbal, a bell run.
- Blanco, a card table in a jazz club: 92 BPM swung, I-VI-ii-V in C (Cmaj9, A7b9, Dm9, G13)
  twice, a walking upright bass, an electric piano comping the Charleston rhythm, a ride's
  "ding, ding-a ding", brushes on 2 and 4, a sparse vibraphone line. Its end: ii-V-I and a
  ringing C major 9, vibraphone rolled up, a ride swell.
"""

from __future__ import annotations

from collections.abc import Callable

from score import Score, midi

# --------------------------------------------------------------------------- Lucky Box

LB_BEAT = 60 / 112
LB_CHORDS = [  # one a bar: root (bass, MIDI) and the chord's tones for the stabs
    (36, (60, 64, 67)),
    (33, (57, 60, 64)),
    (41, (57, 60, 65)),
    (43, (59, 62, 67)),
    (36, (60, 64, 67)),
    (33, (57, 60, 64)),
    (41, (57, 60, 65)),
    (43, (59, 62, 67)),
]
# Each bar's (beat, MIDI note, beats held): a two-bar figure, answered, then varied.
LB_FIGURE = ((0, 76, 0.5), (0.5, 79, 0.5), (1, 84, 1), (2, 79, 0.5), (2.5, 76, 0.5), (3, 79, 1))
LB_MELODY = (
    LB_FIGURE,
    ((0, 81, 1), (1, 79, 0.5), (1.5, 76, 0.5), (2, 72, 2)),
    ((0, 77, 0.5), (0.5, 81, 0.5), (1, 84, 1), (2, 81, 0.5), (2.5, 77, 0.5), (3, 81, 1)),
    ((0, 79, 1), (1, 83, 0.5), (1.5, 86, 0.5), (2, 83, 2)),
    LB_FIGURE,
    ((0, 81, 1), (1, 84, 0.5), (1.5, 88, 0.5), (2, 86, 2)),
    ((0, 84, 0.5), (0.5, 81, 0.5), (1, 77, 1), (2, 86, 0.5), (2.5, 83, 0.5), (3, 79, 1)),
    ((0, 84, 2), (2.5, 79, 0.5), (3, 76, 1)),
)
SQUARE = (1.0, 0.0, 0.33, 0.0, 0.2, 0.0, 0.14)  # odd partials: a soft square, no aliasing


def luckybox_loop() -> list[float]:
    beat = LB_BEAT
    score = Score(8 * 4 * beat, loop=True)
    for bar, (root, chord) in enumerate(LB_CHORDS):
        bar0 = bar * 4 * beat
        for eighth in range(8):  # the bass bounces root - octave in eighths
            note = root if eighth % 2 == 0 else root + 12
            score.pluck(bar0 + eighth * beat / 2, beat, midi(note), 0.2, 0.16, (1.0, 0.11, 0.04))
        for b in range(4):  # chord stabs on the off-beats
            for note in chord:
                score.pluck(bar0 + (b + 0.5) * beat, 0.3, midi(note), 0.045, 0.07, SQUARE[:5])
        for b in (0, 2):
            score.kick(bar0 + b * beat, 0.5)
        for b in (1, 3):
            score.noise(bar0 + b * beat, 0.2, 0.16, 0.05, 900, 5000, seed=bar * 4 + b)
        for eighth in range(8):
            level = 0.06 if eighth % 2 else 0.035
            score.noise(bar0 + eighth * beat / 2, 0.06, level, 0.015, 6000, 11000, seed=99 + eighth)
    for bar, notes in enumerate(LB_MELODY):
        for b, note, held in notes:
            at, length = bar * 4 * beat + b * beat, held * beat + 0.3
            score.pluck(at, length, midi(note), 0.12, 0.18 + 0.12 * held, SQUARE)
    return score.finish()


def luckybox_end() -> list[float]:
    beat = 60 / 120
    score = Score(6.0, loop=False)
    brass = (1.0, 0.5, 0.33, 0.22, 0.15, 0.1)
    for k, note in enumerate((67, 69, 71)):  # the pickup: a triplet up to C
        score.held(k * beat / 3, beat / 3, midi(note), 0.1, brass, 0.01, 0.05)
    for k, (note, chord) in enumerate(((72, (60, 64, 67)), (76, (60, 65, 69)), (79, (62, 67, 71)))):
        at = (1 + k) * beat
        score.held(at, 0.8 * beat, midi(note), 0.12, brass, 0.015, 0.08)
        for c in chord:
            score.held(at, 0.8 * beat, midi(c), 0.04, brass[:3], 0.02, 0.08)
        score.kick(at, 0.5)
        score.pluck(at, beat, midi(36 + (0, 5, 7)[k]), 0.22, 0.3, (1.0, 0.2))
    last = 4 * beat
    score.held(last, 2.4, midi(84), 0.12, brass, 0.02, 0.9, vibrato=0.006)
    for c in (60, 64, 67, 72):
        score.held(last, 2.4, midi(c), 0.05, brass[:3], 0.04, 1.0, vibrato=0.004)
    score.pluck(last, 3.0, midi(36), 0.3, 1.0, (1.0, 0.25))
    score.kick(last, 0.6)
    score.noise(last, 2.5, 0.1, 0.8, 4000, 10000, seed=7, attack=0.005)  # the cymbal
    for k, note in enumerate((84, 88, 91, 96, 100)):
        score.pluck(last + 0.25 + k * 0.09, 1.0, midi(note), 0.05, 0.35, (1.0, 0.0, 0.3))
    return score.finish(fade_out=1.2)


# --------------------------------------------------------------------------- Blanco

BL_BEAT = 60 / 92
SWING = 2 / 3  # the swung eighth falls two thirds into the beat
BL_VOICINGS = {  # rootless piano voicings
    "Cmaj9": (64, 67, 71, 74),
    "A7b9": (61, 64, 67, 70),
    "Dm9": (65, 69, 72, 76),
    "G13": (65, 69, 71, 76),
}
BL_BARS = ("Cmaj9", "A7b9", "Dm9", "G13", "Cmaj9", "A7b9", "Dm9", "G13")
BL_BASS = (  # walking quarter notes, chromatic steps into the next chord
    (36, 40, 43, 45), (45, 43, 40, 39), (38, 41, 45, 44), (43, 41, 38, 37),
    (36, 40, 43, 40), (45, 49, 52, 51), (50, 45, 41, 44), (43, 47, 38, 37),
)  # fmt: skip
# (bar, beat, MIDI, beats held) for the vibraphone
BL_VIBES = [
    (0, 0, 71, 1.5), (0, 1 + SWING, 74, 0.6), (0, 2 + SWING, 76, 1.2),
    (1, SWING, 79, 1.0), (1, 2, 76, 1.5),
    (2, 0, 77, 1.0), (2, 1 + SWING, 81, 0.6), (2, 2 + SWING, 84, 1.2),
    (3, SWING, 83, 0.6), (3, 1 + SWING, 81, 0.6), (3, 2 + SWING, 77, 1.2),
    (4, 0, 76, 2.5),
    (5, SWING, 76, 0.6), (5, 1 + SWING, 79, 0.6), (5, 2 + SWING, 82, 1.0),
    (6, 0, 81, 1.5), (6, 2, 77, 0.6), (6, 2 + SWING, 76, 1.0),
    (7, SWING, 74, 0.6), (7, 1 + SWING, 77, 0.6), (7, 2 + SWING, 71, 1.3),
]  # fmt: skip
RIDE = (0.0, 1.0, 1 + SWING, 2.0, 3.0, 3 + SWING)  # "ding, ding-a ding, ding-a"


def ride(score: Score, at: float, level: float, seed: int) -> None:
    """A ride cymbal's ping: bright noise with a slow decay."""
    score.noise(at, 0.5, level, 0.22, 5000, 10500, seed=seed, attack=0.002)


def blanco_loop() -> list[float]:
    beat = BL_BEAT
    score = Score(8 * 4 * beat, loop=True)
    for bar, name in enumerate(BL_BARS):
        bar0 = bar * 4 * beat
        for b, note in enumerate(BL_BASS[bar]):
            score.pluck(
                bar0 + b * beat, 1.1 * beat, midi(note), 0.3, 0.35, (1.0, 0.45, 0.15), 0.008
            )
        for b, held in ((0, 0.5), (1 + SWING, 1.2)):  # the Charleston: 1 and the and of 2
            for note in BL_VOICINGS[name]:
                score.tine(bar0 + b * beat, held * beat + 0.4, midi(note), 0.05, 0.6)
        for k, b in enumerate(RIDE):
            ride(score, bar0 + b * beat, 0.05 if b == int(b) else 0.035, 1000 + bar * 8 + k)
        for b in (1, 3):  # brushes on 2 and 4: a swish that swells in
            score.noise(
                bar0 + b * beat - 0.03, 0.25, 0.09, 0.08, 700, 4000, 2000 + bar * 4 + b, 0.03
            )
    for bar, b, note, held in BL_VIBES:
        score.vibes(bar * 4 * beat + b * beat, held * beat + 0.8, midi(note), 0.1, 0.8)
    return score.finish()


def blanco_end() -> list[float]:
    beat = BL_BEAT
    score = Score(6.5, loop=False)
    for k, (name, bass) in enumerate((("Dm9", 38), ("G13", 43))):
        at = 2 * k * beat
        for note in BL_VOICINGS[name]:
            score.tine(at, 2 * beat + 0.3, midi(note), 0.06, 0.8)
        score.pluck(at, 2 * beat, midi(bass), 0.3, 0.5, (1.0, 0.45, 0.15), 0.008)
        ride(score, at, 0.05, 3000 + k)
        ride(score, at + beat, 0.04, 3010 + k)
        score.vibes(at + SWING * beat, beat, midi((77, 83)[k]), 0.1, 0.6)
    last = 4 * beat
    for k, note in enumerate((64, 67, 71, 74, 79)):  # Cmaj9 rolled, ringing
        score.tine(last + k * 0.03, 4.0, midi(note), 0.06, 1.6)
    score.pluck(last, 4.0, midi(36), 0.35, 1.2, (1.0, 0.45, 0.15), 0.008)
    for k, note in enumerate((72, 76, 79, 83, 86, 88)):  # the vibraphone rolls up
        score.vibes(last + 0.3 + k * 0.11, 3.0, midi(note), 0.08, 1.4)
    score.noise(last, 3.0, 0.05, 1.2, 5000, 10500, seed=3100, attack=0.6)  # a ride swell
    return score.finish(fade_out=1.5)


PIECES: dict[str, Callable[[], list[float]]] = {
    "luckybox_loop": luckybox_loop,
    "luckybox_end": luckybox_end,
    "blanco_loop": blanco_loop,
    "blanco_end": blanco_end,
}
