"""Cached text rendering with pygame's bundled default font.

Fonts are cached per (size, bold); rendered surfaces per (text, size, colour, bold, ...) in a small
LRU, because the same labels are drawn every frame but scores and names change over a game.
"""

from __future__ import annotations

import unicodedata
from collections import OrderedDict
from collections.abc import Callable, Hashable
from math import isqrt
from typing import Any, TypeVar

import pygame

from game.core.ui.toolkit import gfx, kerning

Colour = tuple[int, int, int] | tuple[int, int, int, int]
ELLIPSIS = "\u2026"  # (the bundled font has it)
DIGITS = "0123456789"
MAX_MEASURES = 4096  # remembered fits and wraps (a few hundred are in use at a time)
MAX_SIZES = 2048  # texts' sizes remembered per font (a few hundred are measured at a time)
MAX_MARKS = 2  # combining marks drawn on one letter
MAX_DRAWN = 256  # characters of one text drawn at most (no label is longer; a huge one crashed)
_UNDRAWABLE: dict[int, str | None] = {c: None for c in range(32)}
_UNDRAWABLE.update({c: None for c in range(0x7F, 0xA0)})
_UNDRAWABLE.update({ord("\t"): " ", ord("\n"): " ", ord("\r"): " "})
T = TypeVar("T")
_MISSING = object()


class TextCache:
    """Renders text with cached fonts and surfaces. Needs pygame.font initialised."""

    def __init__(self, max_surfaces: int = 1024) -> None:
        if not pygame.font.get_init():
            pygame.font.init()
        self._fonts: dict[tuple[int, bool], SmoothFont] = {}
        self._cuts = kerning.Cuts()  # where the font's kerning gaps are cut out, for every size
        self._surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.max_surfaces = max_surfaces
        # Measurements asked for every frame (a name fitted to its panel, a prompt wrapped to
        # its box): each costs several font.size calls, and their answers only change with the
        # text or the text size.
        self._measures: dict[Hashable, Any] = {}
        self.scale = 1.0  # the player's text size (Settings): every size is multiplied by it

    def set_scale(self, scale: float) -> None:
        """Draw all text `scale` times its asked size from now on (drops what was cached)."""
        if scale != self.scale:
            self.scale = scale
            self._fonts.clear()
            self._surfaces.clear()
            self._measures.clear()

    def font(self, size: int, bold: bool = False) -> pygame.font.Font:
        """The default font at `size` px (bundled with pygame, so it exists everywhere)."""
        key = (int(size), bold)
        font = self._fonts.get(key)
        if font is None:
            font = SmoothFont(max(1, round(key[0] * self.scale)), bold, self._cuts)
            self._fonts[key] = font
        return font  # type: ignore[return-value]  # it answers what callers ask of a Font

    def _cached(self, key: Hashable) -> pygame.Surface | None:
        surf = self._surfaces.get(key)
        if surf is not None:
            self._surfaces.move_to_end(key)
        return surf

    def _store(self, key: Hashable, surf: pygame.Surface) -> pygame.Surface:
        self._surfaces[key] = surf
        if len(self._surfaces) > self.max_surfaces:
            self._surfaces.popitem(last=False)
        return surf

    def render(self, text: str, size: int, colour: Colour, bold: bool = False) -> pygame.Surface:
        """Antialiased text on a transparent surface."""
        key = ("plain", text, size, tuple(colour), bold, gfx.render_scale())
        surf = self._cached(key)
        if surf is None:
            surf = self._store(key, self.font(size, bold).render(text, True, colour))
        return surf

    def render_outlined(
        self,
        text: str,
        size: int,
        colour: Colour,
        outline_colour: Colour = (38, 16, 66),
        px: int = 3,
        bold: bool = False,
        shadow: int = 0,
    ) -> pygame.Surface:
        """Text with a thick outline of `px` pixels and an optional drop shadow (the arcade look).

        `shadow` offsets a copy of the outline down-right by that many pixels.
        """
        scale = gfx.render_scale()
        key = ("outline", text, size, tuple(colour), tuple(outline_colour), px, bold, shadow, scale)
        surf = self._cached(key)
        if surf is not None:
            return surf
        font = self.font(size, bold)
        rendered = font.render(text, True, colour)
        logical = (rendered.get_width() + 2 * px + shadow, rendered.get_height() + 2 * px + shadow)
        # Built in the picture's own pixels (gfx.py): on a large window the outline and the
        # shadow are as many pixels thicker as the text is larger.
        inner = gfx.pixels_of(rendered)
        edge = _recoloured(inner, outline_colour)  # the same coverage: no second render
        px, shadow = round(px * scale), round(shadow * scale)
        w, h = inner.get_width() + 2 * px + shadow, inner.get_height() + 2 * px + shadow
        surf = pygame.Surface((w, h), pygame.SRCALPHA)
        ring = _outline(edge, px)
        if shadow:
            surf.blit(ring, (shadow, shadow))
        surf.blit(ring, (0, 0))
        surf.blit(inner, (px, px))
        return self._store(key, gfx.wrap(surf, scale, logical))

    def blit_centered(
        self,
        surface: pygame.Surface,
        text: str,
        size: int,
        colour: Colour,
        center: tuple[float, float],
        outline: Colour | None = None,
        px: int = 3,
        shadow: int = 0,
    ) -> pygame.Rect:
        """Draw text centred on `center`; outlined when `outline` is given. Returns the rect."""
        if outline is None:
            surf = self.render(text, size, colour)
        else:
            surf = self.render_outlined(text, size, colour, outline, px, shadow=shadow)
        rect = surf.get_rect(center=(round(center[0]), round(center[1])))
        surface.blit(surf, rect)
        return rect

    def _measured(self, key: Hashable, value: Any) -> None:
        if len(self._measures) >= MAX_MEASURES:  # scores and counts change over a long game
            self._measures.clear()
        self._measures[key] = value

    def measure(self, key: Hashable, compute: Callable[[], T]) -> T:
        """`compute()`'s answer, remembered under `key` until the text size changes: for sizes
        and positions worked out from font metrics that are asked for every frame (a button's
        label size). `key` must hold everything the answer depends on but the text size."""
        found = self._measures.get(("measure", key), _MISSING)
        if found is _MISSING:
            found = compute()
            self._measured(("measure", key), found)
        return found

    def shorten(self, text: str, size: int, max_width: float) -> str:
        """`text`, cut and marked with "…" where it is wider than `max_width` at `size`. A
        number it ends with is kept ("Compu…10"): names that differ only there (the default
        "Computer 10", "Computer 11") stay told apart."""
        key = ("shorten", text, size, max_width)
        shown = self._measures.get(key)
        if shown is None:
            shown = self._shorten(text, size, max_width)
            self._measured(key, shown)
        return str(shown)

    def _shorten(self, text: str, size: int, max_width: float) -> str:
        """The longest cut of `text`'s head (its end's number kept) that fits with "…", found
        in a few measures whatever the text's length (a pasted or a hostile name may hold
        200,000 characters, and this runs in a frame): the head is cut first to what could ever
        be drawn, then the cut is binary-searched, as a longer head is never narrower."""
        font = self.font(size)
        if font.size(text)[0] <= max_width:
            return text
        stem = text.rstrip(DIGITS)
        # A number at the end is kept where there is a name before it to cut.
        head, tail = (stem, text[len(stem) :]) if stem.strip() else (text, "")
        # No more than MAX_DRAWN characters are ever drawn (`drawable`): a longer head draws
        # as the whole text does, which is too wide, or ends in spaces its cut strips, which
        # says the same as this shorter head.
        head = head[:MAX_DRAWN]

        def fits(cut: int) -> bool:
            return font.size(head[:cut].rstrip() + ELLIPSIS + tail)[0] <= max_width

        fitting, too_wide = 0, len(head) + 1  # nothing of the head is said when nothing fits
        while too_wide - fitting > 1:
            middle = (fitting + too_wide) // 2
            if fits(middle):
                fitting = middle
            else:
                too_wide = middle
        return head[:fitting].rstrip() + ELLIPSIS + tail

    def wrap(self, text: str, size: int, max_width: float) -> list[str]:
        """Split `text` into lines no wider than `max_width` (explicit newlines are kept)."""
        key = ("wrap", text, size, max_width)
        lines = self._measures.get(key)
        if lines is None:
            lines = tuple(self._wrap(text, size, max_width))
            self._measured(key, lines)
        return list(lines)

    def wrap_balanced(self, text: str, size: int, max_width: float) -> list[str]:
        """`wrap`'s lines, as even as they go: the narrowest width that still needs no more
        lines than `max_width` does, so a question's last line is not one word left alone."""
        key = ("balanced", text, size, max_width)
        lines = self._measures.get(key)
        if lines is None:
            count = len(self.wrap(text, size, max_width))
            narrow, wide = 0.0, float(max_width)  # too narrow, wide enough
            while wide - narrow > 1:
                middle = (narrow + wide) // 2
                if len(self.wrap(text, size, middle)) > count:
                    narrow = middle
                else:
                    wide = middle
            lines = tuple(self.wrap(text, size, wide))
            self._measured(key, lines)
        return list(lines)

    def _wrap(self, text: str, size: int, max_width: float) -> list[str]:
        font: SmoothFont = self.font(size)  # type: ignore[assignment]  # what font() makes
        return [line for para in text.split("\n") for line in _wrap_words(font, para, max_width)]

    def fit_size(self, text: str, size: int, max_width: float, min_size: int = 12) -> int:
        """The largest size <= `size` at which `text` fits in `max_width` (long player names)."""
        key = ("fit", text, size, max_width, min_size)
        fitted = self._measures.get(key)
        if fitted is None:
            fitted = size
            while fitted > min_size and self.font(fitted).size(text)[0] > max_width:
                fitted -= 2
            self._measured(key, fitted)
        return fitted


def _wrap_words(font: SmoothFont, para: str, max_width: float) -> list[str]:
    """`para`'s words in lines, greedily: each line takes words while `font.size` says they
    fit. A trial line is measured from the line before it (`SmoothFont.grown`: the work of one
    word, not of the whole line again) where the font draws `para` as it is and the trial is
    no longer than what is drawn; otherwise it is measured whole."""
    as_is = _drawn_chars(para) == para  # then so is every run of its words

    def measured(words: str) -> kerning.Line | None:
        return font.grown(None, words) if as_is and len(words) <= MAX_DRAWN else None

    lines: list[str] = []
    line, grown = "", None  # the line so far, and its measure where it is kept
    for word in para.split(" "):
        if not line:
            line, grown = word, measured(word)
            continue
        trial = f"{line} {word}"
        longer = None
        if grown is not None and len(trial) <= MAX_DRAWN:
            longer = font.grown(grown, " " + word)
        width = font.width_of(longer) if longer is not None else font.size(trial)[0]
        if width > max_width:
            lines.append(line)
            line, grown = word, measured(word)
        else:
            line, grown = trial, longer
    lines.append(line)
    return lines


def drawable(text: str) -> str:
    """`text` as the font can draw it, whatever it holds (a name from another player, a
    stored one from before the server cleaned names): control characters (NUL, escapes)
    dropped, line breaks and tabs made spaces, lone surrogates made U+FFFD, at most
    MAX_MARKS combining marks on a letter and MAX_DRAWN characters (then an ellipsis).
    Text as the game writes it comes out the same."""
    if len(text) > MAX_DRAWN:
        text = text[: MAX_DRAWN - 1] + ELLIPSIS
    return _drawn_chars(text)


def _drawn_chars(text: str) -> str:
    """`drawable` but for its cut to MAX_DRAWN characters: the same for any run of `text`'s
    words (each character is kept or changed by itself, and a space ends a run of marks)."""
    if text.isprintable() and text.isascii():
        return text
    text = text.translate(_UNDRAWABLE)
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates: the font's text must be UTF-8
        text = "".join("\ufffd" if 0xD800 <= ord(c) < 0xE000 else c for c in text)
    return _few_marks(text)


def _few_marks(text: str) -> str:
    """At most MAX_MARKS combining marks on a letter (thousands stack into a tower thousands of
    pixels tall)."""
    if not any(map(unicodedata.combining, text)):  # (most text: looked through at C speed)
        return text
    out, marks = [], 0
    for c in text:
        if unicodedata.combining(c):
            marks += 1
            if marks > MAX_MARKS:
                continue
        else:
            marks = 0
        out.append(c)
    return "".join(out) if len(out) < len(text) else text


def _half(v: int) -> int:
    return (v + 1) // 2 if v >= 0 else -((1 - v) // 2)


class SmoothFont:
    """The default font drawn at twice its size and halved: at the small sizes the table uses,
    the font's own hinting spaces letters unevenly; drawing big and scaling down spaces them
    evenly. The gaps its kerning puts inside words ("Luck y", "Light ning") are cut out
    (`kerning`). Metrics are the big font's, halved, so they agree with what is drawn.
    Answers the parts of `pygame.font.Font` the game asks for."""

    SUPERSAMPLE = 2

    def __init__(self, size: int, bold: bool = False, cuts: kerning.Cuts | None = None) -> None:
        self.point_size = size
        self._cuts = cuts or kerning.Cuts()
        self._big = pygame.font.Font(None, size * self.SUPERSAMPLE)
        self._big.set_bold(bold)
        self._scaled: dict[float, pygame.font.Font] = {}  # per render scale (gfx.py)
        # Texts' sizes: they depend on the text and this font (its size and boldness) only,
        # not on the render scale (measured by the big font at every scale).
        self._sizes: dict[str, tuple[int, int]] = {}

    def render(
        self, text: str, antialias: bool, colour: Colour, background: Colour | None = None
    ) -> pygame.Surface:
        text = drawable(text)
        scale = gfx.render_scale()
        if scale != 1:  # a large window: text gets its own pixels (see gfx.py)
            return self._render_scaled(scale, text, colour, background)
        big = kerning.render(self._big, self._pieces(text), colour, background)
        w, h = big.get_size()
        if not w or not h:
            # Nothing to draw ("" in bold is 0 px wide): smoothscale from no pixels crashes
            # the process (pygame-ce 2.5), so an empty image of the same size, halved.
            return pygame.Surface((_half(w), _half(h)), pygame.SRCALPHA)
        small = pygame.transform.smoothscale(big, (max(1, _half(w)), max(1, _half(h))))
        if background is None:  # one colour: scaling's rounding (255 -> 253) is put back
            small.fill(tuple(colour)[:3], special_flags=pygame.BLEND_RGB_MAX)
        return small

    def _render_scaled(
        self, scale: float, text: str, colour: Colour, background: Colour | None
    ) -> pygame.Surface:
        """At `scale` pixels per logical pixel: the font at that many times its size (at 2,
        the big font itself), sized in logical units by the metrics everyone measures with."""
        font = self._big if scale == self.SUPERSAMPLE else self._scaled.get(scale)
        if font is None:
            font = self._scaled[scale] = pygame.font.Font(
                None, max(1, round(self.point_size * scale))
            )
            font.set_bold(self._big.get_bold())
        parts = self._pieces(text)
        pixels = kerning.render(font, parts, colour, background)
        # The 1x image's size (the big font's width and line height, halved): the layout
        # made from it stays the same at every scale.
        size = (_half(kerning.width(self._big, parts)), _half(self._big.get_linesize()))
        # The font's hinting at this size spaces letters wider than the measured font (up to
        # 4% at 1.125, a 1440x810 window): a line measured to fit its box crossed the box's
        # edge. Drawn as wide as measured, it stays inside.
        wide = max(1, round(size[0] * scale))
        if text and pixels.get_width() > wide:
            pixels = pygame.transform.smoothscale(pixels, (wide, pixels.get_height()))
        return gfx.wrap(pixels, scale, size if text else None)

    def size(self, text: str) -> tuple[int, int]:
        """`text`'s width and height as drawn, remembered (a bounded memo: a label is measured
        again every frame its place is checked, a wrapped line each time it is drawn)."""
        known = self._sizes.get(text)
        if known is None:
            known = self._measure(text)
            if len(text) <= MAX_DRAWN:  # (a longer one is kept no longer than what is drawn)
                if len(self._sizes) >= MAX_SIZES:
                    self._sizes.clear()
                self._sizes[text] = known
        return known

    def _measure(self, text: str) -> tuple[int, int]:
        text = drawable(text)
        parts = self._pieces(text)
        w, h = self._big.size(text)  # (the height: the whole text's, as its image has)
        if len(parts) > 1:
            w = kerning.width(self._big, parts)
        return _half(w), _half(h)

    def grown(self, line: kerning.Line | None, more: str) -> kerning.Line:
        """`line` (None: an empty one) with `more` after it, measured as `size` would
        measure its text if `drawable` leaves that text as it is (the caller's to know)."""
        return self._cuts.grown(line or kerning.Line(self._big), more)

    def width_of(self, line: kerning.Line) -> int:
        """The width `size` gives `line`'s text (when `drawable` leaves that text as it is)."""
        return _half(line.width)

    def _pieces(self, text: str) -> tuple[str, ...]:
        return self._cuts.pieces(text, self._big.get_bold())

    def get_linesize(self) -> int:
        return _half(self._big.get_linesize())

    def get_height(self) -> int:
        return _half(self._big.get_height())

    def get_ascent(self) -> int:
        return _half(self._big.get_ascent())

    def get_descent(self) -> int:
        return _half(self._big.get_descent())

    def metrics(self, text: str) -> list[tuple[int, ...] | None]:
        drawn = self._big.metrics(drawable(text))
        return [tuple(_half(v) for v in m) if m else None for m in drawn]

    def set_bold(self, bold: bool) -> None:
        self._sizes.clear()
        self._big.set_bold(bold)
        for font in self._scaled.values():
            font.set_bold(bold)


def _recoloured(text: pygame.Surface, colour: Colour) -> pygame.Surface:
    """`text` (an antialiased render) in another colour: its alpha kept, its RGB set."""
    out = text.copy()
    out.fill((0, 0, 0, 255), special_flags=pygame.BLEND_RGBA_MULT)
    out.fill((*tuple(colour)[:3], 0), special_flags=pygame.BLEND_RGBA_ADD)
    return out


def _outline(edge: pygame.Surface, px: int) -> pygame.Surface:
    """`edge` blitted at every offset of a filled disc of radius `px` but the centre (a round,
    even outline), on a transparent surface `2 * px` larger each way, the text at (px, px).

    Blitting at each offset costs ~3 px² blits (a 72 px banner: 90 blits, 5 ms). Blends of one
    colour add up the same in any order, so the disc is built from its rows instead: one
    row pass widens the text by one pixel each side per blit (kept at each half-width a row
    needs), then a blit per row stacks them: ~4 px blits, the same picture (±1 level)."""
    width, height = edge.get_size()
    layer = pygame.Surface((width + 2 * px, height + 2 * px), pygame.SRCALPHA)
    if px <= 0:
        return layer
    halves = [isqrt(px * px + px - dy * dy) for dy in range(px + 1)]  # each row's half-width
    row = pygame.Surface((layer.get_width(), height), pygame.SRCALPHA)
    rows: dict[int, pygame.Surface] = {}  # half-width -> that row with its centre
    for half in range(1, halves[0] + 1):
        row.blit(edge, (px - half, 0))
        row.blit(edge, (px + half, 0))
        if half in halves[1:]:
            rows[half] = row.copy()
            rows[half].blit(edge, (px, 0))
    layer.blit(row, (0, px))  # the middle row leaves out the centre (the text goes there)
    for dy in range(1, px + 1):
        layer.blit(rows[halves[dy]], (0, px - dy))
        layer.blit(rows[halves[dy]], (0, px + dy))
    return layer
