"""The daily deal at the table, for any game: dealing today's deal from the title (the day's
first game counts, later ones are practice), the line the table and the end screen show about
it, and copying the share line to the clipboard."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core import daily, daily_history
from game.core.i18n import t
from game.core.session import HUMAN, Seat
from game.core.ui.toolkit.clipboard import copy_to_clipboard

if TYPE_CHECKING:
    from game.core.ui.context import Context


class DailyMark(Protocol):
    """What the daily lines read of a table's session: the day of its deal, if it is one."""

    @property
    def daily(self) -> str | None: ...

    @property
    def daily_practice(self) -> bool: ...

    def describe(self) -> str: ...


def player_name(ctx: Context, game_id: str) -> str:
    """The solo seat's name: the first person of the game's last set-up, else "You"."""
    from game.core.names import person_name

    return person_name(ctx.data_dir, game_id) or t("daily.you", "You")


def start_daily(ctx: Context, game_id: str, day: str | None = None) -> Any:
    """Deal `day`'s (today's, by the local date) daily deal of `game_id` for one person and put
    its table on the stack. The day's first game counts; a later one is practice."""
    day = day or daily.today()
    counts, warning = daily_history.claim(ctx.game_dir(game_id), day)
    seats = [Seat(player_name(ctx, game_id), HUMAN)]
    scene = ctx.nav.make(f"{game_id}.start_game", seats=seats, seed=daily.daily_seed(game_id, day))
    scene.session.daily = day
    scene.session.daily_practice = not counts
    if warning:
        ctx.message = warning
    return scene


def badge(session: DailyMark) -> str:
    """What the table says of a daily game ("" for any other game)."""
    if session.daily is None:
        return ""
    if session.daily_practice:
        return t(
            "daily.badge_practice",
            "Daily deal {day} \u00b7 practice, not counted",
            day=session.daily,
        )
    return t("daily.badge", "Daily deal {day} \u00b7 this game counts", day=session.daily)


def saved_line(session: DailyMark) -> str:
    """The title's line under Continue: who plays and how far the game has come, said first
    to be the day's deal when it is one (a practice game's too)."""
    line = str(session.describe())
    if session.daily is None:
        return line
    if session.daily_practice:
        return t(
            "daily.saved_practice",
            "Daily deal {day}, practice  \u00b7  {game}",
            day=session.daily,
            game=line,
        )
    return t("daily.saved", "Daily deal {day}  \u00b7  {game}", day=session.daily, game=line)


def copy_share(ctx: Context, text: str) -> bool:
    """The end screen's Copy: the share line to the clipboard, said in the message line."""
    copied = copy_to_clipboard(text)
    if copied:
        ctx.message = t("daily.copied", "Copied: paste it into a chat.")
    else:
        ctx.message = t(
            "daily.no_clipboard", "There is no clipboard here: the line to share is on the screen."
        )
    return copied


#: The share squares as the screen draws them (the fonts have no emoji).
SQUARE_COLOURS = {
    daily.GREEN: (108, 196, 96),
    daily.YELLOW: (244, 204, 72),
    daily.BLUE: (72, 140, 232),
    daily.BLACK: (40, 36, 52),
}
SQUARE, SQUARE_GAP, GROUP_GAP = 16, 3, 10
BADGE_MAX_W = 330  # the table's daily line fits a side column
# The end screen's practice line: just above the line to share (the results leave it room,
# PRACTICE_ROOM px), never against the window's top edge.
PRACTICE_ABOVE, PRACTICE_SIZE, PRACTICE_ROOM = 27, 20, 26


SQUARES_MAX_W = 560  # a long game's many squares are drawn smaller to fit beside the line


def squares_width(squares: str, scale: float = 1.0) -> float:
    width = 0.0
    for ch in squares:
        width += (GROUP_GAP if ch == " " else SQUARE + SQUARE_GAP) * scale
    return width


def draw_squares(
    surface: pygame.Surface, squares: str, left: float, middle: float, scale: float = 1.0
) -> None:
    from game.core.ui.toolkit import gfx

    x = left
    side = max(3, round(SQUARE * scale))
    for ch in squares:
        if ch == " ":
            x += GROUP_GAP * scale
            continue
        colour = SQUARE_COLOURS.get(ch, (200, 200, 200))
        box = pygame.Rect(round(x), round(middle - side / 2), side, side)
        gfx.rect(surface, (20, 8, 44), box.inflate(2, 2), border_radius=4)
        gfx.rect(surface, colour, box, border_radius=3)
        x += (SQUARE + SQUARE_GAP) * scale


def draw_share(
    surface: pygame.Surface, ctx: Context, share: tuple[str, str], practice: bool, y: float
) -> pygame.Rect:
    """The end screen's daily line: the text and its squares centred on `y` (a practice game
    says it did not count just above). Returns where the lines' ink went, squares included."""
    from game.core.ui.toolkit.paint import INK, WHITE, YELLOW

    line, squares = share
    scale = min(1.0, SQUARES_MAX_W / squares_width(squares)) if squares else 1.0
    wide = squares_width(squares, scale)
    room = 1220 - (wide + 12 if squares else 0)
    size = ctx.text.fit_size(line, 26, room)
    image = ctx.text.render_outlined(line, size, WHITE, INK, 2)
    width = image.get_width() + (12 + wide if squares else 0)
    left = 640 - width / 2
    placed = image.get_rect(midleft=(round(left), round(y)))
    surface.blit(image, placed)
    ink = image.get_bounding_rect().move(placed.topleft)
    if squares:
        at = left + image.get_width() + 12
        draw_squares(surface, squares, at, y, scale)
        side = round(SQUARE * scale)
        ink = ink.union(pygame.Rect(round(at), round(y - side / 2), round(wide), side))
    if practice:
        words = t("daily.practice_end", "Practice: only the day's first game counts.")
        size = ctx.text.fit_size(words, PRACTICE_SIZE, 1220)
        note = ctx.text.blit_centered(
            surface, words, size, YELLOW, (640, y - PRACTICE_ABOVE), outline=INK, px=2
        )
        ink = ink.union(note)
    return ink


def draw_badge(
    surface: pygame.Surface, ctx: Context, session: Any, at: tuple[float, float]
) -> None:
    """The table's daily line (a pill centred on `at`); nothing for any other game. `session`:
    a DailyMark, which the table's TableSession protocol does not promise (it names no
    `daily_practice`), hence Any."""
    words = badge(session)
    if not words:
        return
    from game.core.ui.toolkit import gfx
    from game.core.ui.toolkit.paint import INK, PINK, WHITE, YELLOW

    size = ctx.text.fit_size(words, 20, BADGE_MAX_W)
    image = ctx.text.render(words, size, YELLOW if session.daily_practice else WHITE)
    pill = image.get_rect(center=(round(at[0]), round(at[1]))).inflate(20, 8)
    gfx.rect(surface, INK, pill.inflate(4, 4), border_radius=12)
    gfx.rect(surface, PINK if not session.daily_practice else (96, 60, 130), pill, border_radius=10)
    surface.blit(image, image.get_rect(center=pill.center))
