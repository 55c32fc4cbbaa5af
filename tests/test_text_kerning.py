"""The default font's kerning pushes hundreds of letter pairs apart ("Luck y", "Ligh t ning"):
text is cut between them and set at the letters' own widths, while the pairs it pulls together
("AV", "To") keep their kerning, every piece on one baseline, at every size and render scale,
and what is measured is what is drawn."""

from __future__ import annotations

from collections.abc import Iterator

import pygame
import pytest

from game.core.ui.toolkit import gfx, kerning
from game.core.ui.toolkit.text import TextCache

WHITE = (255, 255, 255)


@pytest.fixture(autouse=True)
def fonts() -> Iterator[None]:
    pygame.font.init()
    yield


def advances(text: str, size: int) -> int:
    """The letters' own widths added up: the text without any kerning."""
    font = pygame.font.Font(None, size)
    return sum(m[4] for m in font.metrics(text) if m)


def ink_columns(image: pygame.Surface) -> tuple[int, int]:
    """The first and last columns with ink."""
    mask = pygame.mask.from_surface(image, 128)
    rect = mask.get_bounding_rects()
    left = min(r.left for r in rect)
    return left, max(r.right for r in rect)


def ink_bottom(image: pygame.Surface) -> int:
    return max(r.bottom for r in pygame.mask.from_surface(image, 128).get_bounding_rects())


@pytest.mark.parametrize("pair", ["ky", "ht", "xy", "tn"])
def test_a_pair_the_font_pushes_apart_is_cut_and_drawn_at_its_letters_widths(pair: str) -> None:
    font = pygame.font.Font(None, 96)
    assert font.size(pair)[0] > advances(pair, 96) + kerning.WIDENED  # the font's own gap
    assert kerning.Cuts().pieces(pair, False) == (pair[0], pair[1])
    drawn = kerning.render(font, kerning.Cuts().pieces(pair, False), WHITE, None)
    assert drawn.get_width() == advances(pair, 96)
    assert kerning.width(font, kerning.Cuts().pieces(pair, False)) == drawn.get_width()


@pytest.mark.parametrize("pair", ["AV", "To", "LT"])
def test_a_pair_the_font_pulls_together_keeps_its_kerning(pair: str) -> None:
    assert kerning.Cuts().pieces(pair, False) == (pair,)
    assert kerning.Cuts().pieces(pair, True) == (pair,)
    font = pygame.font.Font(None, 96)
    drawn = kerning.render(font, (pair,), WHITE, None)
    assert drawn.get_width() < advances(pair, 96) - kerning.WIDENED


def test_the_games_name_reads_as_one_word() -> None:
    """In "Lucky" at 96 px the "k" and the "y" touch, as the letters' own shapes have them
    (a column or two of soft edges; the font's kerning put 6 px more between them)."""
    text = TextCache()
    image = text.render("Lucky", 96, WHITE)
    mask = pygame.mask.from_surface(image, 128)
    inked = [
        any(mask.get_at((x, y)) for y in range(image.get_height()))
        for x in range(image.get_width())
    ]
    luck = text.font(96).size("Luck")[0]
    k_right = max(x for x in range(luck) if inked[x])
    y_left = min(x for x in range(k_right + 1, image.get_width()) if inked[x])
    assert y_left - k_right <= 4, (k_right, y_left)  # 9 with the font's gap


@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("size", [14, 24, 48])
@pytest.mark.parametrize(
    "words", ["Blitz-Zähler · Éclair · Wasserfall", "Ég zy", "Lucky Box", "Tour 3 – étoiles"]
)
def test_measured_is_drawn_and_every_piece_sits_on_one_baseline(
    words: str, size: int, bold: bool
) -> None:
    text = TextCache()
    image = text.render(words, size, WHITE, bold)
    assert image.get_size() == text.font(size, bold).size(words)[:1] + image.get_size()[1:]
    big = pygame.font.Font(None, size * 2)
    big.set_bold(bold)
    whole = big.render(words, True, WHITE)
    cut = kerning.render(big, kerning.Cuts().pieces(words, bold), WHITE, None)
    assert cut.get_height() == whole.get_height()  # the same line, only narrower
    assert ink_bottom(cut) == ink_bottom(whole)  # nothing dropped below the line


@pytest.mark.parametrize("bold", [False, True])
def test_pieces_with_and_without_a_tall_capital_share_the_baseline(bold: bool) -> None:
    """Every piece's ink ends on the same row, less how far its roundest letter dips below
    the line (the font's metrics say)."""
    words = "Zähler Éclair Wasserfall"
    font = pygame.font.Font(None, 96)
    font.set_bold(bold)
    parts = kerning.Cuts().pieces(words, bold)
    assert len(parts) > 2 and any("É" in p for p in parts) and any("É" not in p for p in parts)
    cut = kerning.render(font, parts, WHITE, None)
    bottoms, x = [], 0
    for part in parts:
        w = font.size(part)[0]
        dip = max(-m[2] for m in font.metrics(part) if m)
        bottoms.append(ink_bottom(cut.subsurface((x, 0, w, cut.get_height()))) - dip)
        x += w
    assert max(bottoms) - min(bottoms) <= 1, bottoms


@pytest.mark.parametrize("scale", [1.5, 2.0, 3.0])
def test_a_large_window_draws_the_same_cuts_at_its_own_pixels(scale: float) -> None:
    words = "Lightning tokens · Lucky Box · xyz"
    text = TextCache()
    logical = text.font(24).size(words)[0]
    gfx.set_render_scale(scale)
    try:
        image = text.render(words, 24, WHITE)
    finally:
        gfx.set_render_scale(1.0)
    assert isinstance(image, gfx.HiSurface) and image.get_width() == logical  # as measured
    uncut = pygame.font.Font(None, round(24 * scale)).size(words)[0]
    # Drawn without the font's gaps: narrower than the uncut text, as wide as measured.
    assert image.pixels.get_width() < uncut - 4
    assert abs(image.pixels.get_width() - logical * scale) <= 0.03 * logical * scale


@pytest.mark.parametrize("scale", [1.0, 1.5, 2.0])
@pytest.mark.parametrize("bold", [False, True])
@pytest.mark.parametrize("words", ["", "\u200b", "\ufeff\u200b", "a\u200bb"])
def test_a_text_with_nothing_to_draw_is_an_empty_image(
    words: str, bold: bool, scale: float
) -> None:
    """ "" in bold rendered 0 px wide, and smoothscaling no pixels killed the process (a
    segfault); a text of zero-width characters alone made pygame refuse ("Text has zero
    width"). Both are an empty image a line tall now, as wide as measured."""
    text = TextCache()
    gfx.set_render_scale(scale)
    try:
        image = text.render(words, 24, WHITE, bold)
        outlined = text.render_outlined(words, 24, WHITE, (0, 0, 0), 2)
    finally:
        gfx.set_render_scale(1.0)
    assert image.get_width() == text.font(24, bold).size(words)[0]
    assert image.get_height() > 0 and outlined.get_height() > 0
    if words == "" or (not bold and words != "a\u200bb"):
        assert image.get_width() == 0  # (bold widens even a zero-width character by a pixel)


def test_a_cut_texts_measured_height_is_the_whole_texts() -> None:
    """A text cut before its tall capital measures as tall as it is drawn, not as its first
    piece."""
    text = TextCache()
    words = "Blitz-Zähler · Éclair"
    assert len(kerning.Cuts().pieces(words, False)) > 1
    assert text.font(48).size(words)[1] == text.font(48).size("É")[1]
    assert text.font(48).size(words)[1] > text.font(48).size("Bli")[1]
