"""Blanco's own sound effects: cards on felt and a jazz club's mallets (see `synth`).

Card sounds are filtered noise, never tones: a flip is a papery flick and a slap, a draw a
swish off the pile, a play a swish that ends in a tap in the grid, a slide a longer rub on
felt, a deal a run of flicks, a shuffle a riffle that speeds up, bridges and is squared. The
rewards are tuned: a line complete is a marimba third, a clear sweeps up with a rising run,
a chain climbs higher, a finished grid rings a vibraphone chord, and the game's end is a short
swing phrase on a major ninth. All of them sit in C (the loops' key).
"""

from __future__ import annotations

import random
from collections.abc import Callable

from synth import (
    Samples,
    Track,
    cymbal,
    decay,
    epiano,
    flick,
    hz,
    lowpass,
    marimba,
    osc,
    paper,
    swish,
    thump,
    vibes,
)

# The sounds heard most (a flip, a draw, a play) come in three takes, played in turn
# (`Audio`): other noise, a little brighter or darker, the landing a few ms sooner or later, so
# forty draws a game never sound like one copy.
TAKES = 3
TAKE_BRIGHT = (1.0, 1.12, 0.9)
TAKE_SHIFT = (0.0, -0.008, 0.006)


def sfx_flip(take: int = 0) -> Samples:
    # the card's edge leaves the felt (a thin flick), it turns, and lands face up (a slap)
    b, dt, s = TAKE_BRIGHT[take], TAKE_SHIFT[take], 1000 * take
    t = Track(0.2)
    t.put(0.0, paper(0.04, 101 + s, 2500 * b, 7000 * b, 0.006), 0.5)
    t.put(0.012, swish(0.05, 102 + s, 2000 * b, 5000 * b, rise=0.5), 0.25)
    t.put(0.055 + dt, paper(0.08, 103 + s, 600 * b, 4000 * b, 0.016), 1.0)
    t.put(0.055 + dt, thump(150 * b, 0.08, 0.02), 0.45)
    return t.buf


def sfx_draw(take: int = 0) -> Samples:
    # a card slid off the top of the pile: a swish that brightens, with a tick as it comes free
    b, dt, s = TAKE_BRIGHT[take], TAKE_SHIFT[take], 1000 * take
    t = Track(0.22)
    t.put(0.0, paper(0.02, 111 + s, 1500 * b, 5000 * b, 0.004), 0.35)
    t.put(0.01 + dt / 2, swish(0.2 + dt, 112 + s, 900 * b, 4200 * b, rise=0.45), 0.9)
    return t.buf


def sfx_place(take: int = 0) -> Samples:
    # slid into the grid: a swish that ends in a soft tap on the felt (and the card it covers)
    b, dt, s = TAKE_BRIGHT[take], TAKE_SHIFT[take], 1000 * take
    t = Track(0.3)
    t.put(0.0, swish(0.16 + dt, 121 + s, 1200 * b, 3800 * b, rise=0.7), 0.7)
    t.put(0.14 + dt, paper(0.1, 122 + s, 500 * b, 3000 * b, 0.02), 1.0)
    t.put(0.14 + dt, thump(140 * b, 0.12, 0.03), 0.6)
    return t.buf


def sfx_slide() -> Samples:
    # cards pushed across the felt (a swap, the grid closing up): darker and longer, a little
    # rough (the cloth's grain), then settling
    rough = osc("noise", 0.34, 70, seed=131)
    rub = swish(0.34, 132, 600, 2200, rise=0.35)
    rub = [v * (0.75 + 0.25 * abs(r)) for v, r in zip(rub, rough, strict=True)]
    t = Track(0.42)
    t.put(0.0, rub, 1.0)
    t.put(0.3, paper(0.1, 133, 400, 2200, 0.02), 0.55)
    t.put(0.3, thump(120, 0.1, 0.025), 0.35)
    return t.buf


def sfx_deal() -> Samples:
    # a grid dealt one card at a time: eight flicks at a dealer's pace, never quite even
    rng = random.Random(141)
    t = Track(0.62)
    at = 0.0
    for k in range(8):
        t.put(at, flick(142 + 2 * k, bright=rng.uniform(0.85, 1.15)), rng.uniform(0.75, 1.0))
        at += rng.uniform(0.05, 0.065)
    return t.buf


def sfx_shuffle() -> Samples:
    # a riffle: the two halves' corners let go card by card (ticks speeding up), the bridge
    # (a soft purr as they fall together), then two taps to square the deck
    rng = random.Random(151)
    t = Track(0.9)
    at, gap = 0.02, 0.016
    for k in range(30):
        level = 0.35 + 0.45 * min(1.0, k / 8)
        t.put(at, paper(0.02, 152 + k, 1800, 6000, rng.uniform(0.0015, 0.0035)), level)
        at += gap * rng.uniform(0.8, 1.2)
        gap = max(0.009, gap * 0.97)
    purr = swish(0.24, 190, 800, 2500, rise=0.3)
    t.put(at - 0.02, purr, 0.55)
    for k, when in enumerate((at + 0.2, at + 0.3)):
        t.put(when, paper(0.09, 191 + k, 300, 2500, 0.018), 0.9)
        t.put(when, thump(110, 0.09, 0.03), 0.5)
    return t.buf


def sfx_line() -> Samples:
    # a line of one colour is complete: a marimba third, the upper note a little later
    t = Track(0.5)
    t.put(0.0, marimba(hz("E5"), 0.45, 0.2), 0.7)
    t.put(0.07, marimba(hz("G5"), 0.43, 0.2), 0.7)
    t.put(0.07, marimba(hz("C4"), 0.43, 0.25), 0.35)
    return t.buf


def sfx_sweep() -> Samples:
    # the cleared line flies into the box: a whoosh that rises, with a marimba run up C major
    # pentatonic riding on it
    t = Track(0.72)
    t.put(0.0, swish(0.5, 201, 500, 6500, rise=0.65), 0.8)
    for k, note in enumerate(("C5", "D5", "E5", "G5", "A5", "C6")):
        t.put(0.04 + k * 0.045, marimba(hz(note), 0.3, 0.12), 0.32)
    t.put(0.3, vibes(hz("E6"), 0.4, 0.25), 0.18)
    return t.buf


def sfx_chain() -> Samples:
    # a chain reaction: the clear's run again, higher and with a vibraphone on top
    t = Track(0.8)
    t.put(0.0, swish(0.35, 211, 1200, 7000, rise=0.5), 0.5)
    for k, note in enumerate(("G5", "A5", "C6", "D6", "E6", "G6")):
        t.put(k * 0.04, marimba(hz(note), 0.3, 0.1), 0.3)
    t.put(0.25, vibes(hz("C6"), 0.55, 0.35), 0.3)
    t.put(0.25, vibes(hz("G6"), 0.55, 0.3), 0.2)
    return t.buf


def sfx_grid() -> Samples:
    # a grid finished: a vibraphone rolls up C major 9 and rings, a brushed cymbal swells under
    t = Track(1.25)
    for k, note in enumerate(("C4", "E4", "G4", "B4", "D5", "E5")):
        t.put(k * 0.06, vibes(hz(note), 1.2 - k * 0.06, 0.7), 0.3)
    t.put(0.38, vibes(hz("G5"), 0.85, 0.5), 0.25)
    brush = cymbal(0.8, 221, 0.25, low=3000)
    brush = [v * min(1.0, i / 16000) for i, v in enumerate(brush)]  # swells over 0.36 s
    t.put(0.0, brush, 0.22)
    return t.buf


def sfx_win() -> Samples:
    # the game is won: a swing phrase on the electric piano (a "shave and a haircut" answer),
    # a walking bass's last two steps, then a ringing C major 9 with a ride cymbal
    t = Track(1.5)
    beat = 0.2
    phrase = (("G4", 0.0), ("A4", 0.66), ("B4", 1.0), ("D5", 1.66), ("C5", 2.0))
    for note, beats in phrase:
        t.put(beats * beat, epiano(hz(note), 0.35, 0.25), 0.45)
    for note, beats in (("G2", 1.0), ("B2", 1.66)):
        t.put(beats * beat, lowpass(epiano(hz(note), 0.3, 0.2), 900), 0.5)
    end = 2.0 * beat
    for k, note in enumerate(("C3", "E4", "G4", "B4", "D5")):
        t.put(end + k * 0.015, epiano(hz(note), 1.5 - end, 0.55), 0.28)
    t.put(end + 0.05, vibes(hz("E6"), 0.9, 0.5), 0.2)
    t.put(end, cymbal(1.05, 231, 0.3, low=5000), 0.08)
    t.put(end, decay(osc("sine", 0.4, hz("C2")), 0.2), 0.4)
    return t.buf


SOUNDS: dict[str, Callable[[], Samples]] = {
    "blanco_flip": sfx_flip,
    "blanco_draw": sfx_draw,
    "blanco_place": sfx_place,
    # their other takes: "<name>.<take>" (Audio plays a name's takes in turn)
    **{
        f"{name}.{take + 1}": (lambda make=make, take=take: make(take))
        for name, make in (
            ("blanco_flip", sfx_flip),
            ("blanco_draw", sfx_draw),
            ("blanco_place", sfx_place),
        )
        for take in range(1, TAKES)
    },
    "blanco_slide": sfx_slide,
    "blanco_deal": sfx_deal,
    "blanco_shuffle": sfx_shuffle,
    "blanco_line": sfx_line,
    "blanco_sweep": sfx_sweep,
    "blanco_chain": sfx_chain,
    "blanco_grid": sfx_grid,
    "blanco_win": sfx_win,
}
