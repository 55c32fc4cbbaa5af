"""Seeing the table as people with other colour vision do: greyscale, and simulated deuteranopia
and protanopia (Machado, Oliveira and Fernandes 2009, severity 1, on linear RGB), with two
measures for a pair of image patches: how far apart their colours are (CIE76 ΔE, mean over the
patch) and how alike their patterns are once colour and brightness are taken away (normalised
cross-correlation of the greyscale patches: 1 = the same pattern, only tinted or dimmed).

Used by tests (and the screenshot sheets they save); a helper, not a test file.
"""

from __future__ import annotations

import math
import sys
from array import array
from collections.abc import Callable, Sequence

import pygame

PROTAN = (
    (0.152286, 1.052583, -0.204868),
    (0.114503, 0.786281, 0.099216),
    (-0.003882, -0.048116, 1.051998),
)
DEUTAN = (
    (0.367322, 0.860646, -0.227968),
    (0.280085, 0.672501, 0.047413),
    (-0.011820, 0.042940, 0.968881),
)

RGB = tuple[int, int, int]


def _lin(v: int) -> float:
    c = v / 255
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


_LIN = [_lin(v) for v in range(256)]


def _gamma(c: float) -> int:
    c = min(1.0, max(0.0, c))
    return round(255 * (c * 12.92 if c <= 0.0031308 else 1.055 * c ** (1 / 2.4) - 0.055))


def simulate(rgb: Sequence[int], matrix) -> RGB:
    lin = [_LIN[v] for v in rgb[:3]]
    return tuple(_gamma(sum(row[j] * lin[j] for j in range(3))) for row in matrix)  # type: ignore[return-value]  # 3 rows


def grey(rgb: Sequence[int]) -> RGB:
    r, g, b = (_LIN[v] for v in rgb[:3])
    y = _gamma(0.2126 * r + 0.7152 * g + 0.0722 * b)
    return (y, y, y)


def deutan(rgb: Sequence[int]) -> RGB:
    return simulate(rgb, DEUTAN)


def protan(rgb: Sequence[int]) -> RGB:
    return simulate(rgb, PROTAN)


VISIONS: dict[str, Callable[[Sequence[int]], RGB]] = {
    "greyscale": grey,
    "deuteranopia": deutan,
    "protanopia": protan,
}


def lab(rgb: Sequence[int]) -> tuple[float, float, float]:
    r, g, b = (_LIN[v] for v in rgb[:3])
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    return (116 * f(y) - 16, 500 * (f(x) - f(y)), 200 * (f(y) - f(z)))


#: An array typecode of 4-byte items: a pixel of "RGBX" bytes a word.
_WORD = next(code for code in "ILH" if array(code).itemsize == 4)
#: Each vision's colours met so far (a pixel word in, a pixel word out).
_MADE: dict[Callable[[Sequence[int]], RGB], dict[int, int]] = {}


def convert(surface: pygame.Surface, fn: Callable[[Sequence[int]], RGB]) -> pygame.Surface:
    """Every pixel through `fn`, each distinct colour once (a 24-bit copy)."""
    w, h = surface.get_size()
    data = array(_WORD)
    data.frombytes(pygame.image.tobytes(surface, "RGBX"))
    order = sys.byteorder
    made = _MADE.setdefault(fn, {})
    for word in set(data).difference(made):
        r, g, b, _x = word.to_bytes(4, order)
        made[word] = int.from_bytes(bytes((*fn((r, g, b)), 255)), order)
    out = bytearray(array(_WORD, map(made.__getitem__, data)).tobytes())
    del out[3::4]  # RGBX -> RGB
    return pygame.image.frombytes(bytes(out), (w, h), "RGB")


def pixels(surface: pygame.Surface) -> list[RGB]:
    data = pygame.image.tobytes(surface, "RGB")
    return [tuple(data[i : i + 3]) for i in range(0, len(data), 3)]  # type: ignore[misc]  # RGB triples


def colour_distance(a: pygame.Surface, b: pygame.Surface) -> float:
    """Mean CIE76 ΔE between two same-sized patches, pixel by pixel."""
    pa, pb = pixels(a), pixels(b)
    labs: dict[RGB, tuple[float, float, float]] = {}

    def cached(c: RGB) -> tuple[float, float, float]:
        if c not in labs:
            labs[c] = lab(c)
        return labs[c]

    return sum(math.dist(cached(x), cached(y)) for x, y in zip(pa, pb, strict=True)) / len(pa)


def pattern_likeness(a: pygame.Surface, b: pygame.Surface) -> float:
    """Normalised cross-correlation of the two patches' lightness: 1.0 when one is only a
    recoloured, brightened or dimmed copy of the other; low when their shapes differ."""
    la = [lab(c)[0] for c in pixels(a)]
    lb = [lab(c)[0] for c in pixels(b)]
    ma, mb = sum(la) / len(la), sum(lb) / len(lb)
    da, db = [x - ma for x in la], [y - mb for y in lb]
    num = sum(x * y for x, y in zip(da, db, strict=True))
    den = math.sqrt(sum(x * x for x in da) * sum(y * y for y in db))
    return num / den if den else 1.0
