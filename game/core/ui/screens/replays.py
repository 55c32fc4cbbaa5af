"""Replays: every finished game kept in the data folder, newest first, to watch again or to
play its deal yourself; plus any record file opened by path or dropped on the window."""

from __future__ import annotations

from datetime import datetime
from functools import partial
from pathlib import Path

import pygame

from game.core import daily, i18n
from game.core.game import RecordError
from game.core.i18n import lt, t, tn
from game.core.seat_names import shown_name
from game.core.storage import RecordInfo, list_records, read_record_info
from game.core.ui.context import Context
from game.core.ui.scene import UIScene
from game.core.ui.toolkit.inputs import TextInput
from game.core.ui.toolkit.paint import (
    CYAN,
    GREEN,
    INK,
    ORANGE,
    PINK,
    WHITE,
    YELLOW,
    draw_backdrop,
    draw_panel,
)
from game.core.ui.toolkit.widgets import Button

ROWS = 5  # records per page
ROW_TOP, ROW_H, ROW_GAP = 118, 84, 10
LIST = pygame.FRect(60, ROW_TOP, 1160, ROWS * (ROW_H + ROW_GAP) - ROW_GAP)
DIM = (200, 184, 236)
PATH_MAX = 400


def route(game: str, name: str) -> str:
    """A game's own route: its id, a dot, the name ("<id>.replay")."""
    return f"{game}.{name}"


def score_label(info: RecordInfo, seat: int) -> str:
    """What a row shows after a player's name: the total, or, for a game that counts turns
    (its result gives "turns"), the cards left (several players) or turns taken (solo)."""
    if seat >= len(info.turns):
        return str(info.totals[seat])
    if info.solo:
        return tn("replays.turns", info.turns[seat], "{count} turn", "{count} turns")
    return tn("replays.cards_left", info.totals[seat], "{count} left", "{count} left")


def describe_date(info: RecordInfo) -> str:
    """ "21 Nov 2026, 14:05" from the record's ISO time; "" when it has none."""
    try:
        when = datetime.strptime(info.finished_at, "%Y-%m-%dT%H:%M:%S")
    except ValueError:
        return ""
    return i18n.date(when, with_time=True)  # in the player's language and order


def shown_names(names: list[str]) -> list[str]:
    """A record's names as the game shows them now (its defaults and a solo game's "You" in
    the player's language: the record keeps them as the game began)."""
    return [shown_name(name, seat, len(names)) for seat, name in enumerate(names)]


def names_caption(names: list[str]) -> str:
    """The players of a record for its caption: all of them up to three ("Ann, Bo, Cy"), else
    the first three and how many more ("Ann, Bo, Cy +2"): a list, never a possessive that
    reads oddly after several names or a "..."."""
    shown = ", ".join(names[:3])
    more = len(names) - 3
    return t("replays.names_more", "{names} +{n}", names=shown, n=more) if more > 0 else shown


class ReplaysScene(UIScene):
    """Widgets: "watch_<i>" and "deal_<i>" per row (i from 0 on the page), "prev", "next",
    "path", "open", "back". Dropping a file on the window opens it."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(self, ctx: Context, game: str | None = None) -> None:
        super().__init__(ctx)
        # Whose kept records are listed (the default game's unless told); a file opened may
        # be any game's.
        self.game = game or ctx.games[0].id
        self.infos: list[RecordInfo] = []
        self.problems: list[str] = []
        self.opened: RecordInfo | None = None  # a file from elsewhere, listed first
        self.page = 0
        self.note = ""  # one line under the title: what happened last
        for i in range(ROWS):
            y = ROW_TOP + i * (ROW_H + ROW_GAP) + 14
            self.add(
                f"watch_{i}",
                Button(
                    (LIST.right - 360, y, 160, 56),
                    lt("replays.watch", "Watch"),
                    partial(self.watch, i),
                    colour=GREEN,
                    text_size=30,
                ),
            )
            self.add(
                f"deal_{i}",
                Button(
                    (LIST.right - 186, y, 170, 56),
                    lt("replays.same_deal", "Same deal"),
                    partial(self.same_deal, i),
                    colour=PINK,
                    text_size=28,
                ),
            )
        self.add(
            "prev",
            Button(
                (560, 598, 70, 52),
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
                (650, 598, 70, 52),
                ">",
                self.next_page,
                key=pygame.K_RIGHT,
                colour=CYAN,
                text_size=40,
            ),
        )
        self.add(
            "path",
            TextInput(
                (340, 660, 620, 46),
                "",
                max_len=PATH_MAX,
                text_size=24,
                placeholder=lt(
                    "replays.path_hint", "Open a record file: type its path, or drop it"
                ),
            ),
        )
        self.add(
            "open",
            Button(
                (972, 656, 130, 54),
                lt("replays.open", "Open"),
                self.open_typed,
                colour=YELLOW,
                text_size=30,
            ),
        )
        self.add(
            "back",
            Button(
                (60, 652, 220, 60),
                lt("replays.back", "Back"),
                self.back,
                key=pygame.K_ESCAPE,
                colour=ORANGE,
                text_size=36,
            ),
        )
        from game.core.ui.screens.scene_tips import named_tips, replays_tips

        self.tooltips.add(named_tips(lambda: self.widgets, replays_tips()))  # what each one does

    # ---------------------------------------------------------------- lifecycle

    def enter(self) -> None:
        self.refresh()

    def refresh(self) -> None:
        self.infos, self.problems = list_records(self.ctx.game_dir(self.game), self.ctx.rules_games)
        self.page = min(self.page, max(0, self.pages - 1))
        self._sync()

    # ---------------------------------------------------------------- the list

    @property
    def entries(self) -> list[RecordInfo]:
        return ([self.opened] if self.opened is not None else []) + self.infos

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.entries) // ROWS))

    def shown(self) -> list[RecordInfo]:
        """The records on the current page."""
        return self.entries[self.page * ROWS : (self.page + 1) * ROWS]

    def _sync(self) -> None:
        shown = self.shown()
        for i in range(ROWS):
            here = i < len(shown)
            self.widgets[f"watch_{i}"].visible = here
            deal = self.widgets[f"deal_{i}"]
            deal.visible = here
            deal.enabled = here and shown[i].finished
        self.widgets["prev"].visible = self.widgets["next"].visible = self.pages > 1
        self.widgets["prev"].enabled = self.page > 0
        self.widgets["next"].enabled = self.page < self.pages - 1

    def prev_page(self) -> None:
        self.page = max(0, self.page - 1)
        self._sync()

    def next_page(self) -> None:
        self.page = min(self.pages - 1, self.page + 1)
        self._sync()

    # ---------------------------------------------------------------- actions

    def _entry(self, i: int) -> RecordInfo | None:
        shown = self.shown()
        return shown[i] if i < len(shown) else None

    def watch(self, i: int) -> None:
        info = self._entry(i)
        if info is None:
            return
        try:
            scene = self.ctx.nav.make(
                route(info.game, "replay"), record=info.record, title=self._label(info)
            )
        except RecordError as err:
            self.note = t(
                "replays.cant_replay", "Can't replay {file}: {why}", file=info.path.name, why=err
            )
            return
        self.ctx.stack.push(scene)

    def same_deal(self, i: int) -> None:
        info = self._entry(i)
        if info is None:
            return
        try:
            scene = self.ctx.nav.make(
                route(info.game, "same_deal"), record=info.record, label=self._label(info)
            )
        except RecordError as err:
            self.note = t(
                "replays.cant_use", "Can't use {file}: {why}", file=info.path.name, why=err
            )
            return
        self.ctx.stack.push(scene)

    def _label(self, info: RecordInfo) -> str:
        if info is self.opened:
            return info.path.name
        when = describe_date(info)
        if not when:
            return info.path.name
        names = names_caption(shown_names(info.names))
        return t("replays.caption", "{names} · {date}", names=names, date=when)

    def open_typed(self) -> None:
        field_ = self.widgets["path"]
        assert isinstance(field_, TextInput)
        text = field_.text.strip().strip('"').strip("'")
        if not text:
            self.note = t(
                "replays.type_path",
                "Type a record file's path first (or drop the file on the window).",
            )
            return
        self.open_file(Path(text).expanduser())

    def open_file(self, path: Path) -> None:
        """Check a record file from anywhere and list it first; the file itself is only read."""
        try:
            info = read_record_info(path, self.ctx.rules_games, replay=True)
        except FileNotFoundError:
            self.note = t("replays.no_file", "No such file: {path}", path=path)
            return
        except (RecordError, OSError) as err:
            self.note = t(
                "replays.not_record",
                "{file} is not a game record we can use: {why}",
                file=path.name,
                why=err,
            )
            return
        except Exception as err:  # never a traceback for a file from elsewhere
            self.note = t(
                "replays.unreadable",
                "{file} could not be read ({why}).",
                file=path.name,
                why=type(err).__name__,
            )
            return
        self.opened = info
        self.page = 0
        field_ = self.widgets["path"]
        assert isinstance(field_, TextInput)
        field_.set_text("")
        players = ", ".join(info.names)
        if info.finished:
            self.note = t(
                "replays.opened",
                "Opened {file}: {players} (finished).",
                file=path.name,
                players=players,
            )
        else:
            self.note = t(
                "replays.opened_unfinished",
                "Opened {file}: {players} (unfinished).",
                file=path.name,
                players=players,
            )
        self._sync()

    def back(self) -> None:
        self.ctx.stack.pop()

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.DROPFILE:
            file = getattr(event, "file", None)
            if isinstance(file, str):
                self.open_file(Path(file))
            return
        if self.dispatch(event):
            return
        if event.type == pygame.MOUSEWHEEL:
            if getattr(event, "y", 0) > 0:
                self.prev_page()
            elif getattr(event, "y", 0) < 0:
                self.next_page()

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text = self.ctx.text
        title = t("replays.title_game", "{game}: replays", game=self.ctx.game_ui(self.game).title)
        text.blit_centered(
            surface,
            title,
            text.fit_size(title, 72, 1000),
            YELLOW,
            (640, 50),
            outline=INK,
            px=5,
            shadow=6,
        )
        note = self.note or self._problems_line()
        if note:
            size = text.fit_size(note, 24, 1160)
            text.blit_centered(surface, note, size, DIM, (640, 98))
        shown = self.shown()
        if not shown:
            draw_panel(surface, LIST, colour=(60, 30, 110), radius=22, border=4, shadow=8)
            text.blit_centered(
                surface,
                t("replays.empty", "No finished games yet."),
                44,
                WHITE,
                (640, LIST.centery - 30),
                outline=INK,
                px=3,
            )
            empty = t(
                "replays.empty_hint",
                "Every game you finish is kept here to watch again. "
                "You can also open a record file below.",
            )
            text.blit_centered(
                surface, empty, text.fit_size(empty, 26, LIST.w - 40), DIM, (640, LIST.centery + 20)
            )
        for i, info in enumerate(shown):
            self._draw_row(surface, i, info)
        if self.pages > 1:
            text.blit_centered(
                surface,
                t("replays.page", "page {n} of {total}", n=self.page + 1, total=self.pages),
                24,
                DIM,
                (640, 580),
            )
        self.draw_widgets(surface)

    def _problems_line(self) -> str:
        if not self.problems:
            return ""
        first = self.problems[0]
        more = len(self.problems) - 1
        if not more:
            return t("replays.problem", "Could not read {what}", what=first)
        return tn(
            "replays.problems",
            more,
            "Could not read {what} (and {count} more)",
            "Could not read {what} (and {count} more)",
            what=first,
        )

    def _draw_row(self, surface: pygame.Surface, i: int, info: RecordInfo) -> None:
        text = self.ctx.text
        rect = pygame.FRect(LIST.x, ROW_TOP + i * (ROW_H + ROW_GAP), LIST.w, ROW_H)
        opened = info is self.opened
        draw_panel(
            surface,
            rect,
            colour=(92, 44, 150) if opened else (60, 30, 110),
            radius=16,
            border=3,
            shadow=5,
        )
        when = (
            t("replays.opened_file", "Opened file")
            if opened
            else describe_date(info) or info.path.name
        )
        text.blit_centered(
            surface, when, 26, YELLOW if opened else WHITE, (rect.x + 130, rect.y + 28)
        )
        text.blit_centered(surface, kind_line(info), 22, DIM, (rect.x + 130, rect.y + 58))
        # Names and scores; winners in yellow.
        x = rect.x + 270
        limit = rect.right - 380
        for seat, name in enumerate(shown_names(info.names)):
            won = info.finished and seat in info.winners
            # a dot between: "Player 2 9 left" read as "Player 29 left"
            label = f"{name} · {score_label(info, seat)}"
            img = text.render(label, 28 if len(info.names) <= 4 else 22, YELLOW if won else WHITE)
            if x + img.get_width() > limit:
                more = text.render(
                    tn("replays.more", len(info.names) - seat, "+{count} more", "+{count} more"),
                    22,
                    DIM,
                )
                surface.blit(more, (x, rect.y + 16))
                break
            surface.blit(img, (x, rect.y + 16))
            x += img.get_width() + 22
        if info.solo and info.rating:
            # Records keep the rating in English; its game says it in the player's language.
            rating = self.ctx.game_ui(info.game).game.words.rating_shown(info.rating)
            size = text.fit_size(rating, 22, limit - rect.x - 270)
            surface.blit(text.render(rating, size, DIM), (rect.x + 270, rect.y + 52))
        elif not info.solo and info.finished:
            shown = shown_names(info.names)
            names = [shown[w] for w in info.winners]
            both = " & ".join(names)
            line = (
                t("replays.winner", "Winner: {names}", names=both)
                if len(names) == 1
                else t("replays.shared_win", "Shared win: {names}", names=both)
            )
            size = text.fit_size(line, 22, limit - rect.x - 270)
            surface.blit(text.render(line, size, DIM), (rect.x + 270, rect.y + 52))


def kind_line(info: RecordInfo) -> str:
    """A row's line under its date: solo or how many players, unfinished, or the day's deal
    (or a practice game of it)."""
    kind = (
        t("replays.solo", "Solo")
        if info.solo
        else tn("replays.players", len(info.names), "{count} player", "{count} players")
    )
    if not info.finished:
        return t("replays.unfinished", "{kind} · unfinished", kind=kind)
    if isinstance(info.record.get("online"), dict):  # played at a server's table
        return t("replays.online", "{kind} · online", kind=kind)
    if isinstance(info.record.get(daily.FIELD), str):  # the day's deal, or its practice
        if info.record.get(daily.PRACTICE_FIELD) is True:
            return t("replays.daily_practice", "{kind} · daily practice", kind=kind)
        return t("replays.daily", "{kind} · daily deal", kind=kind)
    return kind
