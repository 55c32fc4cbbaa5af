"""A move log's panel, for any game's table: the last turns in words, newest at the bottom.

The game hands it what to say and where (`LogSource`); the panel wraps, scrolls and draws.
The mouse wheel over it goes back through the earlier lines (and forward again); a click on
it, or its key, opens it larger (where the game says) and closes it again. Where the game
finds room for only one row, the panel is that row: the newest line, a click opening it.

Costs nothing on a still screen: each line is wrapped once, and the panel's pixels are kept
with everything they were drawn from and blitted back. When a line is added, the rows already
shown are blitted from the images they were drawn with (each row is sized and rendered once).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.i18n import language
from game.core.ui.table.part import Part
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW, draw_panel
from game.core.ui.toolkit.snapshot import Snapshot

if TYPE_CHECKING:
    from game.core.ui.toolkit.animator import ShownBoard

PANEL = (30, 58, 64)
LINE = 18  # px: a log line's text size
GAP = 2  # px between lines
HEAD = 26  # px: the title row
PAD = 8
WRAPS_KEPT = 2000  # lines' wrappings kept (a log holds a few hundred lines)
ROW_IMAGES_KEPT = 256  # rows' images kept (a panel shows a dozen; a few turns' worth)
INDENT = "   "  # a wrapped line's continuation
MINE = (150, 230, 255)  # the reader's own lines, told apart from the others'

Row = tuple[str, bool]  # a line's text, and whether it is the reader's own


class LogSource(Protocol):
    """What a game gives its log panel."""

    def log_lines(self) -> tuple[Hashable, list[Row]]:
        """The lines to show, oldest first, and a key that changes whenever they do."""
        ...

    def log_place(self, open_: bool) -> pygame.FRect:
        """Where the panel lies, closed or open."""
        ...

    def log_words(self) -> tuple[str, str, str]:
        """The title, the title while scrolled back, and what an empty log says."""
        ...


class LogPanel(Part):
    """The last turns in words (see the module's docstring). `key`: the key that opens it."""

    def __init__(self, table: Any, source: LogSource, key: int = pygame.K_l) -> None:
        super().__init__(table)
        self.source = source
        self.key = key
        self.back = 0  # rows scrolled back from the newest
        self.open = False
        self._kept = Snapshot()
        # Each row's image as drawn, by the row, whether it is the reader's, the width it was
        # fitted to and what its look depends on (text size, render scale).
        self._row_images: dict[tuple[str, bool, float, float, float], pygame.Surface] = {}
        self.rows_drawn: list[str] = []  # the rows as last drawn (tests read them)
        self.mouse: tuple[float, float] | None = None  # where the mouse was last seen
        self._wrapped: dict[
            tuple[str, float, float, float], list[str]
        ] = {}  # each line's rows, as wrapped
        # The last call's key (the log's, then the shape's), its lines and their rows.
        self._rows: tuple[tuple[Hashable, ...], list[Row], list[Row]] | None = None

    def rect(self) -> pygame.FRect:  # type: ignore[override]  # the game says where
        return self.source.log_place(self.open)

    def rows(self, width: float) -> list[Row]:
        """Every line of the log wrapped to `width`. Each line is wrapped once (kept by its
        words, the width and the text size); a log that grew at its end since the last call
        (as a game's does, a turn at a time) has only its new lines wrapped and added."""
        text = self.ctx.text
        key, lines = self.source.log_lines()
        shape = (language(), width, text.scale, gfx.render_scale())
        last = self._rows
        if last is not None and last[0] == (key, *shape):
            return last[2]
        grown_from = 0
        out: list[Row] = []
        if last is not None and last[0][1:] == shape and lines[: len(last[1])] == last[1]:
            grown_from, out = len(last[1]), list(last[2])
        if len(self._wrapped) > WRAPS_KEPT:
            self._wrapped.clear()
        for line, mine in lines[grown_from:]:
            wrap_key = (line, width, text.scale, gfx.render_scale())
            pieces = self._wrapped.get(wrap_key)
            if pieces is None:
                first, *rest = text.wrap(line, LINE, width) or [""]
                pieces = [first]
                if rest:  # the rest of a long line, indented: each turn starts at the edge
                    pieces += [INDENT + p for p in text.wrap(" ".join(rest), LINE, width - 12)]
                self._wrapped[wrap_key] = pieces
            out.extend((piece, mine) for piece in pieces)
        self._rows = ((key, *shape), list(lines), out)  # (a copy: a source may append to its own)
        return out

    def forget_kept(self) -> None:
        """The next frame draws the panel afresh, every row rendered again (the same picture:
        for a reader of what a frame draws, a test recording its texts)."""
        self._kept.forget()
        self._row_images.clear()

    def row_image(self, row: str, mine: bool, width: float) -> pygame.Surface:
        """`row` as drawn in a panel `width` wide: fitted to the width and rendered once."""
        text = self.ctx.text
        key = (row, mine, width, text.scale, gfx.render_scale())
        image = self._row_images.get(key)
        if image is None:
            if len(self._row_images) >= ROW_IMAGES_KEPT:
                self._row_images.clear()
            size = text.fit_size(row, LINE, width, min_size=12)
            image = self._row_images[key] = text.render(row, size, MINE if mine else WHITE)
        return image

    def handle_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == self.key:
            self.toggle()
            return True
        pos = getattr(event, "pos", None)
        if event.type == pygame.MOUSEMOTION and pos is not None:
            self.mouse = pos  # (a wheel event says no place: it scrolls what is under this)
            return False
        if event.type == pygame.MOUSEWHEEL:
            if self.mouse is not None and self.rect().collidepoint(self.mouse):
                self.scroll(getattr(event, "y", 0))
                return True
            return False
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and pos is not None
            and getattr(event, "button", 1) == 1
            and self.rect().collidepoint(pos)
        ):
            self.toggle()
            return True
        return False

    def toggle(self) -> None:
        self.open = not self.open
        self.back = 0

    def covers(self, rect: pygame.FRect) -> bool:
        """Whether the log, open over the board, hides any of `rect`."""
        return self.open and self.rect().colliderect(rect)

    def scroll(self, clicks: int) -> None:
        """The wheel: up goes back to earlier turns, down to the newest."""
        self.back = max(0, self.back + clicks)

    def draw(self, surface: pygame.Surface) -> None:
        rect = self.rect()
        text = self.ctx.text
        per_row = round(LINE * text.scale) + GAP  # (Large text's rows are taller)
        if rect.h < per_row + 2 or rect.w < 60:
            return
        head = HEAD if rect.h >= HEAD + per_row + PAD else 0
        title, title_back, empty = self.source.log_words()
        # In a strip without room for a title row the title goes at its right end, small:
        # it says what the strip is and how it opens.
        tag = None if head else text.render(title, 14, YELLOW)
        tag_w = tag.get_width() + PAD if tag is not None else 0
        width = rect.w - 2 * PAD - tag_w
        rows = self.rows(width)
        fits = max(1, int((rect.h - head - (PAD if head else 0)) // per_row))
        self.back = min(self.back, max(0, len(rows) - fits))
        end = len(rows) - self.back
        start = max(0, end - fits)
        while 0 < start < end and rows[start][0].startswith(INDENT):
            start += 1  # no line's tail alone at the top: the whole line, or none of it
        shown = rows[start:end]
        key = (
            tuple(rect),
            tuple(shown),
            self.back,
            self.open,
            title,
            title_back,
            text.scale,
            surface.get_size(),
            gfx.render_scale(),
        )
        if self._kept.reuse(surface, key):
            return
        self.rows_drawn = [row for row, _mine in shown]
        draw_panel(surface, rect, colour=PANEL, radius=12 if head else 8, border=2, shadow=3)
        if tag is not None:
            tag_at = (round(rect.right - PAD - tag.get_width()), round(rect.y + 3))
            surface.blit(tag, tag_at)
        if head:
            shown_title = title_back if self.back else title
            size = text.fit_size(shown_title, 20, width, min_size=12)
            centre = (rect.centerx, rect.y + HEAD / 2 + 2)
            text.blit_centered(surface, shown_title, size, YELLOW, centre, outline=INK, px=2)
        if not rows:
            size = text.fit_size(empty, LINE, width, min_size=12)
            y = rect.y + (head + 14 if head else rect.h / 2)
            text.blit_centered(surface, empty, size, WHITE, (rect.centerx, y))
        y = rect.y + (head if head else (rect.h - per_row) / 2 + 1)
        for row, mine in shown:
            surface.blit(self.row_image(row, mine, width), (round(rect.x + PAD), round(y)))
            y += per_row
        whole = pygame.Rect(rect)  # with its shadow, every pixel it draws
        self._kept.keep(surface, key, whole.inflate(2, 2).union(whole.move(3, 5)))


def lines_once(
    key_of: Callable[[], Hashable], rows_of: Callable[[Any], list[Row]]
) -> Callable[[], tuple[Hashable, list[Row]]]:
    """A `log_lines` asked every frame that makes its rows (`rows_of(key)`) only when the key
    the game gives (`key_of()`: what all its lines depend on) has changed."""
    last: list[tuple[Hashable, list[Row]]] = []

    def lines() -> tuple[Hashable, list[Row]]:
        key = key_of()
        if not last or last[0][0] != key:
            last[:] = [(key, rows_of(key))]
        return last[0]

    return lines


class Source:
    """A `LogSource` from three callables (a game's table composes one)."""

    def __init__(
        self,
        lines: Callable[[], tuple[Hashable, list[Row]]],
        place: Callable[[bool], pygame.FRect],
        words: Callable[[], tuple[str, str, str]],
    ) -> None:
        self.log_lines = lines
        self.log_place = place
        self.log_words = words


class LoggedBoard:
    """The shown board with a move log beside it: each event the animator applies is noted too
    (handed to the animator in place of the board; everything else goes to the board)."""

    def __init__(self, board: ShownBoard, note: Callable[[Any], None]) -> None:
        self.board = board
        self.note = note

    def apply(self, event: Any) -> None:
        self.board.apply(event)
        self.note(event)

    def __getattr__(self, name: str) -> Any:
        return getattr(self.board, name)
