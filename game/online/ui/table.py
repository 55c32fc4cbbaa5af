"""The online table: the game's own table scene, fed by an `OnlineSession` (see session.py).

A game's table class is taken as it is and given `OnlineTable` in front: the link's news is
read at the start of each frame (never waiting on the network), the turn controller plays only
this screen's seat (the server plays computers and relays people), nothing is autosaved (the
server keeps the game; the seat's token is in the data folder), and the end leads back to
"Play online". Both games' tables play online (`ONLINE_TABLES`); Blanco came first.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.game import Refusal
from game.core.i18n import lt, t
from game.core.turns import COMPUTER, HUMAN, IDLE, Turn, TurnController
from game.online import protocol as p

from . import seats_file
from .attention import table_news
from .kept_game import Verdict, checking, keep_online_game
from .net import NetLink, Note
from .session import OnlineSession, shown_name
from .turn_probe import TableProbe
from .words import error_line, notice_line, presence_line, said_line

NO_ONLINE_UNDO = "online_no_undo"


class OnlineTurns(TurnController):
    """Whose turn, for one seat of an online table: ours, or someone else's (shown waiting)."""

    session: Any  # an OnlineSession: a Session in shape (the same members), not by inheritance

    def __init__(self, session: OnlineSession, needs_confirm: Callable[[int], bool]) -> None:
        super().__init__(
            session,
            lambda *_: None,
            needs_confirm,
            pass_screen=lambda: False,
        )

    def step(self, dt: float, pause_scale: float = 1.0) -> Turn:
        session = self.session
        if (
            session.state.is_terminal()
            or self.confirming is not None
            or session.pending is not None
        ):
            return Turn(IDLE)  # (a move on its way: nothing to offer until it is answered)
        seat = self.acting
        if seat is None:
            return Turn(IDLE)
        return Turn(HUMAN if seat == session.seat else COMPUTER, seat)

    def undo(self, seat: int) -> Refusal | None:
        return Refusal(NO_ONLINE_UNDO, "there is no undo at an online table")


class OnlineTable:
    """Mixed in front of a game's TableShell subclass (see `table_class`)."""

    session: Any
    turns: TurnController
    link: Any
    ctx: Any
    seen: Any
    state: Any
    animator: Any
    message: str
    message_aside: str
    ambient_live: Callable[[], bool]  # the Scene's, behind this mixin
    flashing: Callable[[], bool]  # the TableShell's

    def __init__(self, ctx: Any, session: OnlineSession, link: Any) -> None:
        # Built as a demo so no autosave is kept (nor its lock taken); then a person's table.
        super().__init__(ctx, session, demo=True)  # type: ignore[call-arg]  # the TableShell behind
        self.demo = False
        self.link = link
        self.turns = OnlineTurns(session, self.needs_confirm)
        watching = session.seat < 0  # a watcher (by code): the public board, read only
        self.turns.shown_human = None if watching else session.seat
        self.focus = 0 if watching else session.seat
        self.news = True  # the link brought something this frame: draw it
        # The seats whose player this screen has seen at the table: one never seen is still
        # to come (a rematch's friend), not gone.
        self.seen_here = {i for i, info in enumerate(session.infos) if info.connected}
        self.verdict: Verdict | None = None  # the deal's, once the server gave the record
        self.message_aside = ""  # the line when it is a phrase said: beside what to do

    # -- the network's news, once a frame ---------------------------------------------------
    def take_news(self) -> None:
        notes = self.link.poll()
        for note in notes:
            self.take_note(note)
        self.news = bool(notes)
        session = self.session
        if session.snapshot and not session.feed and not self.animator.busy:
            self.seen.reset_to(self.state)  # a fresh snapshot: show the table as it stands
            session.snapshot = False
            self.news = True

    def take_note(self, note: Note) -> None:
        if note.kind == "message":
            message = note.value
            before = list(self.session.infos)
            self.session.receive(message)
            self.state = self.session.state  # a new view replaces the old object: read it
            # (a `seats` message or a fresh `state` may say it: both carry the seats)
            news = presence_line(before, self.session.infos, self.session.seat, self.seen_here)
            self.seen_here |= {i for i, info in enumerate(self.session.infos) if info.connected}
            if news:
                self.say_line(news)
            refused = isinstance(message, p.Refused) and message.code != "stale"
            if isinstance(message, p.Said) and message.table == self.session.table:
                name = self.session.name_of(message.seat)
                self.say_line(said_line(name, message.phrase), aside=True)
            elif isinstance(message, p.Error) or refused:
                self.say_line(error_line(message.code))
            elif isinstance(message, p.Notice):
                self.say_line(notice_line(message.code))
        elif note.kind == "lost":
            self.say_line(t("online.lost", "The connection dropped: reconnecting..."))
        elif note.kind == "back":
            self.say_line("")
        elif note.kind == "failed":
            self.say_line(error_line(str(note.value)))

    def say_line(self, line: str, aside: bool = False) -> None:
        """The table's line: `aside` (a phrase a player said) goes beside what to do now,
        never in its place; any other line (a refusal, the connection) replaces it."""
        self.message = line
        self.message_aside = line if aside else ""

    def update(self, dt: float) -> None:
        self.take_news()
        table_news(self)  # our turn while the window is behind others: ask once
        super().update(dt)  # type: ignore[misc]  # the TableShell behind (a mixin)

    def may_act(self, seat: int) -> bool:
        return self.session.pending is None and bool(super().may_act(seat))  # type: ignore[misc]  # the TableShell behind

    def undo_words(self, refusal: str) -> str:
        if getattr(refusal, "code", None) == NO_ONLINE_UNDO:
            return t("online.table.undo", "There is no undo at an online table.")
        return str(super().undo_words(refusal))  # type: ignore[misc]  # the TableShell behind

    def banner_name(self, seat: int) -> str:
        """A watcher's banner says they watch ("Watching: Alice"): nothing there reads as if
        the screen were the first player's."""
        name = str(super().banner_name(seat))  # type: ignore[misc]  # the TableShell behind
        if self.session.seat < 0:
            return t("online.table.watching", "Watching: {name}", name=name)
        return name

    def needs_confirm(self, seat: int) -> bool:
        return False  # no Next gate: nothing to take back online

    def waiting_words(self, seat: int) -> str | None:
        """A person away is waited for, not "playing": still to come, or gone and coming back;
        a seat nobody took says how a friend takes it."""
        if self.session.is_free(seat):
            return t(
                "online.table.free",
                "Seat {n} is free: a friend joins with the code {code} (Esc: the link).",
                n=seat + 1,
                code=self.session.table,
            )
        if not self.session.is_away(seat):
            return None
        if seat not in self.seen_here:
            return t(
                "online.table.not_yet",
                "Waiting for {name} to come to the table (their seat is kept for them).",
                name=self.session.name_of(seat),
            )
        return t(
            "online.table.away",
            "Waiting for {name}, who left the table (their seat is held for them).",
            name=self.session.name_of(seat),
        )

    def needs_redraw(self) -> bool:
        """Still while the link is quiet and nothing animates, whoever's turn it is: another
        seat's move arrives as news (the shell's own rule would draw every frame while others
        are to move, as they are "computers" here)."""
        return self.news or self.animator.busy or bool(self.animator.held) or self.ambient_live()

    def redraw_key(self) -> object:
        """What may change with no news and no input: a move sent or answered, the line."""
        return (
            self.session.version,
            self.session.pending,
            self.message,
            self.focus,
            self.flashing(),
        )

    def open_menu(self) -> None:
        """Esc: the online table's menu (its seats; the host hands away seats to computers)."""
        self.ctx.nav.push("online.seats", table=self)

    # -- the end ----------------------------------------------------------------------------
    def scores_scene(self) -> Any:
        """The game's end, with "Rematch" for a seated player (the same seats at a new deal:
        each player who asks takes their seat there) and "Play online"."""
        url, table, seat = self.link.url, self.session.table, self.session.seat
        host_token = seats_file.host_token(self.ctx.data_dir, url, table)
        seats_file.forget(self.ctx.data_dir, url, table)
        token = self.link.client.token
        nav = self.ctx.nav
        online = (lt("online.end.again", "Play online"), lambda: nav.clear_to("online"))
        again_code = self.session.rematch or self.link.client.rematch_table
        if seat < 0 or token is None or again_code is None:  # a watcher (or an older server)
            end = nav.make(f"{self.session.game.id}.game_end", session=self.session, again=online)
            self.keep_game(keep=seat >= 0 and token is not None)  # a watcher checks the deal
            if self.session.commit is not None:
                end.add_note(lambda: self.verdict or checking())
            return end
        self.keep_game()
        again = seats_file.HeldSeat(url, again_code, seat, token, self.session.game.id, host_token)

        ctx, found = self.ctx, []

        def someone_there(state: p.State) -> None:
            """(The probe's thread) a friend asked first: the line says who, and the button
            says it joins them (the line's change draws the screen again)."""
            there = [shown_name(info, i) for i, info in enumerate(state.seats) if info.connected]
            found.append(state)
            if there:
                ctx.message = t(
                    "online.end.rematch_ready",
                    "{name} is waiting at the rematch.",
                    name=there[0],
                )

        probe = TableProbe(url, again.table, someone_there)

        def rematch() -> None:
            link = NetLink(url, self.session.game)
            link.rematch(table, seat, again.token)
            nav.clear_to("online")
            nav.push("online.lobby", link=link, held=again)

        def rematch_words() -> str:
            if found:
                return t("online.end.join_rematch", "Join the rematch")
            return t("online.end.rematch", "Rematch")

        end = nav.make(
            f"{self.session.game.id}.game_end",
            session=self.session,
            again=(rematch_words, rematch),
            back=online,
            on_exit=probe.close,  # however the page is left (the app closed too)
        )
        if self.session.commit is not None:  # the deal's verdict, over the buttons
            end.add_note(lambda: self.verdict or checking())
        return end

    def keep_game(self, keep: bool = True) -> None:
        """The finished game into Replays and Statistics, as a game played here is kept (its
        record, which the server gives whole once the game is over, fetched meanwhile), its
        deal checked against the commitment the table sent. `keep` False (a watcher): checked
        only."""
        game, ctx = self.session.game, self.ctx
        kinds = [
            (info.level or "normal") if info.kind == "computer" else "human"
            for info in self.session.infos
        ]
        keep_online_game(
            self.link.url,
            game,
            self.session.table,
            kinds,
            ctx.game_dir(game.id),
            lambda line: setattr(ctx, "message", line),
            self.session.commit,
            lambda said: setattr(self, "verdict", said),
            keep,
        )

    def exit(self) -> None:
        super().exit()  # type: ignore[misc]  # the TableShell behind (a mixin)
        self.link.close()


def _blanco() -> type:
    from game.blanco.ui.scenes.table import TableScene

    from .shown import tolerant_blanco_shown

    class OnlineBlancoTable(OnlineTable, TableScene):
        def shown_board(self, state: Any, source: Any = None) -> Any:
            return tolerant_blanco_shown(state)

    return OnlineBlancoTable


def _luckybox() -> type:
    from game.luckybox.ui.scenes.table import TableScene
    from game.luckybox.ui.shown import Shown

    class OnlineLuckyBoxTable(OnlineTable, TableScene):
        def shown_board(self, state: Any, source: Any = None) -> Shown:
            return Shown.from_state(state, source=state)

    return OnlineLuckyBoxTable


#: The games whose table plays online: game id -> the table class (made when first needed).
ONLINE_TABLES: dict[str, Callable[[], type]] = {"blanco": _blanco, "luckybox": _luckybox}


def start_table(ctx: Any, session: OnlineSession, link: Any) -> Any:
    """Put the online table on the stack (alone)."""
    scene = ONLINE_TABLES[session.game.id]()(ctx, session, link)
    ctx.stack.clear_to(scene)
    return scene
