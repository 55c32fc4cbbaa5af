"""Where the default font's kerning pushes two letters apart, and text cut there.

The bundled font's kerning pulls pairs such as "AV" or "To" together, as it should, but pushes
hundreds of others apart by 3-8% of the size ("Luck y", "Ligh t ning", "x y z"), and pygame-ce
2.5 has no switch for kerning. So text is cut between such pairs and its pieces set side by
side at their own widths: the pairs that kerning tightens keep it, the ones it widens lose it.
Where the cuts fall is decided once, at a reference size, so every size and render scale cuts
a text the same way and measures agree with what is drawn.
"""

from __future__ import annotations

import pygame

REFERENCE_SIZE = 96  # px: kerning is measured here, where a pixel is 1% of the size
WIDENED = 2  # px at the reference size: a pair pushed apart by more than this is cut
MAX_TEXTS = 4096  # texts whose cuts are remembered (labels, names, scores in use)
MAX_PAIRS = 65536  # letter pairs whose kerning is remembered (a few thousand in any language)


class Cuts:
    """Where texts are cut, for the font that is bold and the one that is not. Holds fonts of
    its own to measure with, so it lives as long as the font module's start (a `TextCache`'s)."""

    def __init__(self) -> None:
        self._reference: dict[bool, pygame.font.Font] = {}
        self._advances: dict[tuple[bool, str], int | None] = {}
        self._widened: dict[tuple[bool, str], bool] = {}
        self._pieces: dict[tuple[bool, str], tuple[str, ...]] = {}
        self._cut_at: dict[tuple[bool, str], tuple[int, ...]] = {}

    def pieces(self, text: str, bold: bool) -> tuple[str, ...]:
        """`text` cut between every two letters the font's kerning pushes apart (one piece
        if none)."""
        key = (bold, text)
        known = self._pieces.get(key)
        if known is not None:
            return known
        out: list[str] = []
        start = 0
        for i in range(1, len(text)):
            if self._pushed_apart(text[i - 1 : i + 1], bold):
                out.append(text[start:i])
                start = i
        out.append(text[start:])
        if len(self._pieces) >= MAX_TEXTS:
            self._pieces.clear()
        known = self._pieces[key] = tuple(out)
        return known

    def _pushed_apart(self, pair: str, bold: bool) -> bool:
        key = (bold, pair)
        known = self._widened.get(key)
        if known is None:
            first, second = self._advance(pair[0], bold), self._advance(pair[1], bold)
            known = False
            if first is not None and second is not None and not pair.isspace():
                known = self._font(bold).size(pair)[0] - first - second > WIDENED
            if len(self._widened) >= MAX_PAIRS:  # a hostile text may hold any pairs
                self._widened.clear()
            self._widened[key] = known
        return known

    def grown(self, line: Line, more: str) -> Line:
        """`line` with `more` after it, measured by the work of `more` alone: the cuts of the
        longer text are the line's, one where they meet if that pair is pushed apart, and
        `more`'s own (a cut depends only on the two letters around it); every piece of the
        line but its last is unchanged."""
        bold = line.font.get_bold()
        at = len(line.text)
        text = line.text + more
        width, start = line.done, line.last
        if at and more and self._pushed_apart(text[at - 1 : at + 1], bold):
            width += line.font.size(text[start:at])[0]
            start = at
        for cut in self._inner_cuts(more, bold):
            width += line.font.size(text[start : at + cut])[0]
            start = at + cut
        return Line(line.font, text, width, start)

    def _inner_cuts(self, text: str, bold: bool) -> tuple[int, ...]:
        """Where `text` is cut (a word: remembered, as a paragraph is wrapped at many widths)."""
        key = (bold, text)
        known = self._cut_at.get(key)
        if known is None:
            known = tuple(
                i for i in range(1, len(text)) if self._pushed_apart(text[i - 1 : i + 1], bold)
            )
            if len(self._cut_at) >= MAX_TEXTS:
                self._cut_at.clear()
            self._cut_at[key] = known
        return known

    def _advance(self, char: str, bold: bool) -> int | None:
        """How far the pen moves past `char` alone (None for a character the font lacks)."""
        key = (bold, char)
        if len(self._advances) >= MAX_PAIRS:
            self._advances.clear()
        if key not in self._advances:
            metrics = self._font(bold).metrics(char)
            self._advances[key] = metrics[0][4] if metrics and metrics[0] else None
        return self._advances[key]

    def _font(self, bold: bool) -> pygame.font.Font:
        font = self._reference.get(bold)
        if font is None:
            font = self._reference[bold] = pygame.font.Font(None, REFERENCE_SIZE)
            font.set_bold(bold)
        return font


class Line:
    """A text and its width at `font` as `width(font, cuts.pieces(text, bold))` gives it, kept
    in a form that grows a word at a time (`Cuts.grown`): wrapping a paragraph measures each
    longer trial line, and measuring each whole costs the square of the paragraph's length."""

    def __init__(
        self, font: pygame.font.Font, text: str = "", done: int = 0, last: int = 0
    ) -> None:
        self.font = font
        self.text = text
        self.done = done  # the width of every piece but the last
        self.last = last  # where the last piece starts

    @property
    def width(self) -> int:
        return self.done + self.font.size(self.text[self.last :])[0]


def render(
    font: pygame.font.Font,
    parts: tuple[str, ...],
    colour: tuple[int, ...],
    background: tuple[int, ...] | None,
) -> pygame.Surface:
    """The pieces of a text, each drawn by `font`, set side by side at their own widths. A
    text of nothing, or of nothing but zero-width characters, is an empty image a line tall
    (pygame refuses to draw it: "Text has zero width")."""
    if len(parts) == 1:
        try:
            return font.render(parts[0], True, colour, background)
        except pygame.error:
            return pygame.Surface((0, font.get_linesize()), pygame.SRCALPHA)
    parts = tuple(part for part in parts if font.size(part)[0])
    if len(parts) <= 1:
        return render(font, parts or ("",), colour, background)
    images = [font.render(part, True, colour, background) for part in parts]
    # Each piece's image puts its baseline below its tallest letter (an accented capital
    # rises above the font's ascent): set every piece on the tallest one's baseline. The
    # metrics of the whole text, read once, give each piece's letters in turn.
    metrics = font.metrics("".join(parts))
    ascent = font.get_ascent()
    baselines, drops, start = [], [-font.get_descent()], 0
    for part in parts:
        letters = [m for m in metrics[start : start + len(part)] if m]
        start += len(part)
        baselines.append(max(ascent, *(m[3] for m in letters)))
        drops += (-m[2] for m in letters)
    top = max(baselines)
    width = sum(image.get_width() for image in images)
    # As tall as the whole text's image would be: a line, or more for letters beyond it.
    height = max(font.get_linesize(), top + max(drops))
    if background is None:
        # Transparent in the text's own colour, so the letters' soft edges keep it.
        out = pygame.Surface((width, height), pygame.SRCALPHA)
        out.fill((*colour[:3], 0))
    else:
        out = pygame.Surface((width, height))
        out.fill(background)
    x = 0
    for image, base in zip(images, baselines, strict=True):
        out.blit(image, (x, top - base))
        x += image.get_width()
    return out


def width(font: pygame.font.Font, parts: tuple[str, ...]) -> int:
    """The width `render` gives the pieces at `font`."""
    return sum(font.size(part)[0] for part in parts)
