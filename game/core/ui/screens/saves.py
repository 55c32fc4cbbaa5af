"""Games in progress: every table of the chosen game still being played (solo, at one screen,
the daily deal, a match), most recently played first, each with who plays, how far it has
come and when it was last played; Continue puts one back on the table, Delete (asked first)
removes it. Opened by the title's Continue when there are several, and by New game or Daily
deal when `saves.CAP` are in progress, which it then says."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from functools import partial
from typing import Protocol

import pygame

from game.core import daily, i18n
from game.core.i18n import lt, t, tn
from game.core.saves import CAP, SavedTable, in_use, list_saved, remove_table
from game.core.ui.context import Context
from game.core.ui.scene import UIScene
from game.core.ui.toolkit.paint import (
    CYAN,
    GREEN,
    INK,
    ORANGE,
    RED,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.toolkit.widgets import Button

ROWS = 5  # tables per page (CAP fits on two)
ROW_TOP, ROW_H, ROW_GAP = 128, 84, 10
LIST = pygame.FRect(60, ROW_TOP, 1160, ROWS * (ROW_H + ROW_GAP) - ROW_GAP)
DIM = (200, 184, 236)
LEFT_W = 330  # the date and the kind of table
BUTTONS_W = 380  # Continue and Delete


class _Table(Protocol):
    """What `kind_of` reads of a saved table's session."""

    @property
    def daily(self) -> str | None: ...

    @property
    def daily_practice(self) -> bool: ...

    @property
    def seats(self) -> Sequence[object]: ...

    @property
    def humans(self) -> list[int]: ...


def kind_of(session: _Table) -> str:
    """What sort of table it is: the day's deal, solo, against computers, or people sharing
    the screen."""
    if session.daily is not None:
        day = daily.parse_day(session.daily)
        when = i18n.date(day) if day is not None else session.daily
        if session.daily_practice:
            return t("saves.daily_practice", "Daily deal of {day}, practice", day=when)
        return t("saves.daily", "Daily deal of {day}", day=when)
    seats = len(session.seats)
    people = len(session.humans)
    if seats == 1:
        return t("saves.solo", "Solo")
    if people >= 2:
        return tn(
            "saves.people", people, "{count} person at one screen", "{count} people at one screen"
        )
    return tn(
        "saves.computers", seats - people, "Against {count} computer", "Against {count} computers"
    )


def when_played(table: SavedTable, now: datetime | None = None) -> str:
    """When the table was last played, as the player's language writes dates and times
    ("Today, 14:05", "Yesterday, 09:30", else "21 November 2026, 14:05")."""
    if table.saved_at <= 0:
        return ""
    when = datetime.fromtimestamp(table.saved_at)
    today = (now or datetime.now()).date()
    clock = f"{when.hour:02d}:{when.minute:02d}"
    if when.date() == today:
        return t("saves.today", "Today, {time}", time=clock)
    if (today - when.date()).days == 1:
        return t("saves.yesterday", "Yesterday, {time}", time=clock)
    return i18n.date(when, with_time=True)


class SavesScene(UIScene):
    """Widgets: "resume_<i>" and "delete_<i>" per row (i from 0 on the page), "prev", "next",
    "back". Keys 1 to 5 continue that row's game, Enter the first row's."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(self, ctx: Context, game: str | None = None, full: bool = False) -> None:
        super().__init__(ctx)
        self.game = game or ctx.games[0].id
        self.full = full  # opened by New game or Daily deal at the cap: say why
        self.tables: list[SavedTable] = []
        self.problems: list[str] = []
        self.page = 0
        self.note = ""  # one line under the title: what happened last
        for i in range(ROWS):
            y = ROW_TOP + i * (ROW_H + ROW_GAP) + 14
            self.add(
                f"resume_{i}",
                Button(
                    (LIST.right - BUTTONS_W + 4, y, 200, 56),
                    lt("saves.resume", "Continue"),
                    partial(self.resume_row, i),
                    # Number keys pick a row; Enter the first (Enter, Enter from the title:
                    # the game played last)
                    key=(pygame.K_1 + i, *((pygame.K_RETURN, pygame.K_KP_ENTER) if i == 0 else ())),
                    colour=GREEN,
                    text_size=30,
                ),
            )
            self.add(
                f"delete_{i}",
                Button(
                    (LIST.right - 166, y, 150, 56),
                    lt("saves.delete", "Delete"),
                    partial(self.ask_delete, i),
                    colour=RED,
                    text_size=28,
                ),
            )
        self.add(
            "prev",
            Button(
                (560, 624, 70, 52),
                "<",
                self.prev_page,
                key=pygame.K_LEFT,
                colour=CYAN,
                text_size=40,
            ),
        )
        self.add(
            "next",
            Button(
                (650, 624, 70, 52),
                ">",
                self.next_page,
                key=pygame.K_RIGHT,
                colour=CYAN,
                text_size=40,
            ),
        )
        self.add(
            "back",
            Button(
                (60, 652, 220, 60),
                lt("saves.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=36,
            ),
        )

    # ---------------------------------------------------------------- the list

    def enter(self) -> None:
        self.refresh()

    def resume(self) -> None:
        """Back from a Delete question (or a table that could not open): the list anew."""
        super().resume()
        self.refresh()

    def refresh(self) -> None:
        from game.core.ui.table.saved import table_files

        self.tables, self.problems = list_saved(
            self.ctx.game_dir(self.game), self.ctx.rules_games, table_files(self.ctx, self.game)
        )
        self.page = min(self.page, max(0, self.pages - 1))
        self._sync()

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.tables) // ROWS))

    def shown(self) -> list[SavedTable]:
        return self.tables[self.page * ROWS : (self.page + 1) * ROWS]

    def _sync(self) -> None:
        shown = self.shown()
        for i in range(ROWS):
            self.widgets[f"resume_{i}"].visible = i < len(shown)
            self.widgets[f"delete_{i}"].visible = i < len(shown)
        self.widgets["prev"].visible = self.widgets["next"].visible = self.pages > 1
        self.widgets["prev"].enabled = self.page > 0
        self.widgets["next"].enabled = self.page < self.pages - 1

    def prev_page(self) -> None:
        self.page = max(0, self.page - 1)
        self._sync()

    def next_page(self) -> None:
        self.page = min(self.pages - 1, self.page + 1)
        self._sync()

    def _entry(self, i: int) -> SavedTable | None:
        shown = self.shown()
        return shown[i] if i < len(shown) else None

    # ---------------------------------------------------------------- actions

    def resume_row(self, i: int) -> None:
        """That game back on the table, exactly as it stood."""
        table = self._entry(i)
        if table is None:
            return
        warning = self.ctx.nav.make(f"{self.game}.continue_game", saved=table)
        if warning:  # (the table was not opened: this list is still on top)
            self.note = warning
            self.refresh()

    def ask_delete(self, i: int) -> None:
        """Delete a game in progress, asked first (it cannot be taken back)."""
        table = self._entry(i)
        if table is None:
            return
        if in_use(table.folder):
            self.note = t(
                "saves.in_use",
                "Another copy of the game is playing this game now: it cannot be deleted.",
            )
            return
        from game.core.ui.screens.dialog import ConfirmDialog

        self.ctx.stack.push(
            ConfirmDialog(
                self.ctx,
                lt("saves.confirm_delete", "Delete this game in progress? It cannot be undone."),
                partial(self.delete, table),
                yes_label=lt("saves.delete", "Delete"),
                no_label=lt("saves.keep", "Keep it"),
                danger=True,  # the game is gone for good
            )
        )

    def delete(self, table: SavedTable) -> None:
        from game.core.ui.table.saved import table_files

        remove_table(table.folder, table_files(self.ctx, self.game))
        self.note = t("saves.deleted", "Deleted: {game}", game=table.session.describe())
        self.full = False
        self.refresh()

    def back(self) -> None:
        self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.dispatch(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            if getattr(event, "y", 0) > 0:
                self.prev_page()
            elif getattr(event, "y", 0) < 0:
                self.next_page()

    # ---------------------------------------------------------------- drawing

    def headline_note(self) -> str:
        """The line under the title: what happened last, else why the list opened, else a
        damaged save (said once; the others are listed)."""
        if self.note:
            return self.note
        if self.full and len(self.tables) >= CAP:
            return tn(
                "saves.full",
                CAP,
                "{count} game in progress is the most kept: continue it, or delete it to "
                "start another.",
                "{count} games in progress are the most kept: continue one, or delete one to "
                "start another.",
            )
        return self.problems[0] if self.problems else ""

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text = self.ctx.text
        title = t(
            "saves.title", "{game}: games in progress", game=self.ctx.game_ui(self.game).title
        )
        text.blit_centered(
            surface,
            title,
            text.fit_size(title, 64, 1000),
            YELLOW,
            (640, 50),
            outline=INK,
            px=5,
            shadow=6,
        )
        note = self.headline_note()
        if note:
            colour = YELLOW if self.full and not self.note else DIM
            text.blit_centered(surface, note, text.fit_size(note, 24, 1160), colour, (640, 104))
        shown = self.shown()
        if not shown:
            draw_panel(surface, LIST, colour=(60, 30, 110), radius=22, border=4, shadow=8)
            empty = t("saves.empty", "No games in progress.")
            text.blit_centered(surface, empty, 44, WHITE, (640, LIST.centery), outline=INK, px=3)
        for i, table in enumerate(shown):
            self._draw_row(surface, i, table)
        if self.pages > 1:
            page = t("saves.page", "page {n} of {total}", n=self.page + 1, total=self.pages)
            text.blit_centered(surface, page, 24, DIM, (640, 606))
        self.draw_widgets(surface)

    def _draw_row(self, surface: pygame.Surface, i: int, table: SavedTable) -> None:
        text = self.ctx.text
        rect = pygame.FRect(LIST.x, ROW_TOP + i * (ROW_H + ROW_GAP), LIST.w, ROW_H)
        draw_panel(surface, rect, colour=(60, 30, 110), radius=16, border=3, shadow=5)
        left = rect.x + 16 + LEFT_W / 2
        when = when_played(table)
        text.blit_centered(
            surface, when, text.fit_size(when, 24, LEFT_W), WHITE, (left, rect.y + 28)
        )
        kind = kind_of(table.session)
        text.blit_centered(surface, kind, text.fit_size(kind, 22, LEFT_W), DIM, (left, rect.y + 58))
        # Who plays and how far the game has come, in the room left.
        room = rect.w - LEFT_W - BUTTONS_W - 48
        middle = rect.x + 16 + LEFT_W + 16 + room / 2
        session = table.session
        names = ", ".join(session.name_of(s) for s in range(len(session.seats)))
        progress = str(session.game.words.progress(session.state))
        text.blit_centered(
            surface, names, text.fit_size(names, 26, room), WHITE, (middle, rect.y + 28)
        )
        text.blit_centered(
            surface, progress, text.fit_size(progress, 22, room), YELLOW, (middle, rect.y + 58)
        )


__all__ = ["SavesScene", "kind_of", "when_played"]
