"""What surrounds an online table: `OnlineHost` (a `TableHost`, game.core.ui.table.host) and its
turn controller, `OnlineTurns`. The host reads the link's updates at the start of each frame (never
waiting on the network), plays only this screen's seat (the server plays computers and relays
people), keeps nothing here (the server keeps the game; the seat's token is in the data folder),
opens the table's seats menu on Esc, and ends with a rematch. It names no game.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from game.core.game import Refusal
from game.core.i18n import lt, t
from game.core.turns import COMPUTER, HUMAN, IDLE, Turn, TurnController
from game.core.ui.table import HostedTable
from game.online import protocol as p

from . import seats_file
from .attention import table_updates
from .kept_game import Verdict, checking, keep_online_game, no_commitment
from .net import NetLink, Note
from .session import OnlineSession, shown_name
from .turn_probe import TableProbe
from .words import (
    error_line,
    host_back_line,
    host_left_line,
    host_waits_words,
    notice_line,
    presence_line,
    said_line,
)

if TYPE_CHECKING:
    from game.core.ui.scene import Scene

NO_ONLINE_UNDO = "online_no_undo"


class OnlineTurns(TurnController):
    """Whose turn, for one seat of an online table: ours, or someone else's (shown waiting)."""

    def __init__(self, session: OnlineSession, needs_confirm: Callable[[int], bool]) -> None:
        super().__init__(session, lambda *_: None, needs_confirm, pass_screen=lambda: False)
        self.online = session

    def step(self, dt: float, pause_scale: float = 1.0) -> Turn:
        session = self.online
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


class OnlineHost:
    """What surrounds an online table (a `TableHost`, game.core.ui.table.host): the link's
    updates, the seats menu, waiting words, a watcher's banner, the end with a rematch. The seats
    menu (seats.py) reads it as its table: `session`, `link`, `take_updates`, `updated`,
    `message`."""

    keeps_game = False  # the server keeps the game
    from_view = True  # the table opens on this seat's view, as the server sent it

    def __init__(self, session: OnlineSession, link: NetLink) -> None:
        self.session = session
        self.link = link
        self.updated = True  # the link brought something this frame: draw it
        # The seats whose player this screen has seen at the table: one never seen is still
        # to come (a rematch's friend), not gone.
        self.seen_here = {i for i, info in enumerate(session.infos) if info.connected}
        self.verdict: Verdict | None = None  # the deal's, once the server gave the record
        self.host_gone = False  # the server said the host's app closed (until the line is back)
        # A line about the table (who came or left, the host back), and whether a moment not
        # the player's turn has passed since: it gives way to what to do once their turn comes.
        self.update_line: tuple[str, bool] | None = None

    def attach(self, table: HostedTable) -> None:
        self.table = table

    def make_turns(self, table: HostedTable) -> TurnController:
        return OnlineTurns(self.session, table.needs_confirm)

    def start(self) -> None:
        watching = self.session.seat < 0  # a watcher (by code): the public board, read only
        self.table.turns.shown_human = None if watching else self.session.seat
        self.table.focus = 0 if watching else self.session.seat

    @property
    def message(self) -> str:
        return self.table.message

    # -- the network's updates, once a frame ---------------------------------------------------
    def before_update(self, dt: float) -> None:
        self.take_updates()
        self.settle_update()
        table_updates(self.table)  # our turn while the window is behind others: ask once

    def settle_update(self) -> None:
        """A line about the table gives way to what to do once the player's turn comes (after
        a moment that was not theirs: one said on their turn stays until they act)."""
        if self.update_line is None:
            return
        line, waited = self.update_line
        table = self.table
        if table.message != line:
            self.update_line = None  # (something else was said since)
        elif not table.human_turn():
            self.update_line = (line, True)
        elif waited:
            self.say_line("")
            self.update_line = None

    def take_updates(self) -> None:
        notes: Sequence[Note] = self.session.take_updates()
        for note in notes:
            self.take_note(note)
        self.updated = bool(notes)
        session, table = self.session, self.table
        if session.snapshot and not session.feed and not table.animator.busy:
            table.seen.reset_to(session.state)  # a fresh snapshot: show the table as it stands
            session.snapshot = False
            self.updated = True

    def take_note(self, note: Note) -> None:
        if note.kind == "message":
            message = note.value
            before = list(self.session.infos)
            self.session.receive(message)
            # (a `seats` message or a fresh `state` may say it: both carry the seats)
            updates = presence_line(before, self.session.infos, self.session.seat, self.seen_here)
            self.seen_here |= {i for i, info in enumerate(self.session.infos) if info.connected}
            if updates:
                self.say_update(updates)
            refused = isinstance(message, p.Refused) and message.code != "stale"
            if isinstance(message, p.Said) and message.table == self.session.table:
                name = self.session.name_of(message.seat)
                self.say_line(said_line(name, message.phrase), aside=True)
            elif isinstance(message, p.Error) or refused:
                self.say_line(error_line(message.code))
            elif isinstance(message, p.Notice):
                self.host_gone = self.host_gone or message.code == "host_left"
                self.say_line(notice_line(message.code))
        elif note.kind == "lost":
            lost = t("online.lost", "The connection dropped: reconnecting...")
            self.say_line(host_left_line() if self.host_gone else lost)
        elif note.kind == "back":
            self.say_update(host_back_line() if self.host_gone else "")
            self.host_gone = False
        elif note.kind == "failed":
            self.say_line(error_line(str(note.value)))

    def say_update(self, line: str) -> None:
        """A line about the table, not the game: shown until the player's turn comes."""
        self.say_line(line)
        self.update_line = (line, False) if line else None

    def say_line(self, line: str, aside: bool = False) -> None:
        """The table's line: `aside` (a phrase a player said) goes beside what to do now,
        never in its place; any other line (a refusal, the connection) replaces it."""
        self.table.message = line
        self.table.message_aside = line if aside else ""

    # -- what the table asks ----------------------------------------------------------------
    def may_act(self, seat: int) -> bool:
        """Not while a move is on its way, nor while the host's app is closed (a move made
        then would wait unseen, with the line that says why gone from the screen)."""
        return self.session.pending is None and not self.host_gone

    def undo_words(self, refusal: object) -> str | None:
        if getattr(refusal, "code", None) == NO_ONLINE_UNDO:
            return t("online.table.undo", "There is no undo at an online table.")
        return None

    def banner_name(self, seat: int, name: str) -> str:
        """A watcher's banner says they watch ("Watching: Alice"): nothing there reads as if
        the screen were the first player's."""
        if self.session.seat < 0:
            return t("online.table.watching", "Watching: {name}", name=name)
        return name

    def waiting_words(self, seat: int) -> str | None:
        """A person away is waited for, not "playing": still to come, or gone and coming back;
        a seat nobody took says how a friend takes it; while the host's app is closed, the
        game waits for them."""
        if self.host_gone:
            return host_left_line()
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

    def table_waits(self) -> str | None:
        """While the host's app is closed, the banner says the table waits for them, not
        whose turn it was."""
        return host_waits_words() if self.host_gone else None

    def needs_redraw(self) -> bool | None:
        """Still while the link is quiet and nothing animates, whoever's turn it is: another
        seat's move arrives as updates (the table's own rule would draw every frame while others
        are to move, as they are "computers" here)."""
        animator = self.table.animator
        return self.updated or animator.busy or bool(animator.held) or self.table.ambient_live()

    def redraw_key(self) -> object | None:
        """What may change with no updates and no input: a move sent or answered, the line."""
        table = self.table
        session = self.session
        return (session.version, session.pending, table.message, table.focus, table.flashing())

    def open_menu(self) -> bool:
        """Esc: the online table's menu (its seats; the host hands away seats to computers)."""
        self.table.ctx.nav.push("online.seats", table=self)
        return True

    def exit(self) -> None:
        self.link.close()

    # -- the end ----------------------------------------------------------------------------
    def end_scene(self) -> Scene | None:
        """The game's end, with "Rematch" for a seated player (the same seats at a new deal:
        each player who asks takes their seat there) and "Play online"."""
        url, table, seat = self.link.url, self.session.table, self.session.seat
        host_token = seats_file.host_token(self.table.ctx.data_dir, url, table)
        seats_file.forget(self.table.ctx.data_dir, url, table)
        token = self.link.client.token
        nav = self.table.ctx.nav
        online = (lt("online.end.again", "Play online"), lambda: nav.clear_to("online"))
        again_code = self.session.rematch or self.link.client.rematch_table
        if seat < 0 or token is None or again_code is None:  # a watcher (or an older server)
            end: Scene = nav.make(
                f"{self.session.game.id}.game_end", session=self.session, again=online
            )
            self.keep_game(keep=seat >= 0 and token is not None)  # a watcher checks the deal
            self.judge_deal(end)
            return end
        self.keep_game()
        again = seats_file.HeldSeat(url, again_code, seat, token, self.session.game.id, host_token)

        ctx, found = self.table.ctx, []

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
        self.judge_deal(end)  # over the buttons
        return end

    def judge_deal(self, end: Any) -> None:
        """The end page's line on the deal: its verdict once the record is checked against the
        table's commitment, or that the table promised none (played, never verified)."""
        if self.session.commit is None:
            end.add_note(no_commitment)
        else:
            end.add_note(lambda: self.verdict or checking())

    def keep_game(self, keep: bool = True) -> None:
        """The finished game into Replays and Statistics, as a game played here is kept (its
        record, which the server gives whole once the game is over, fetched meanwhile), its
        deal checked against the commitment the table sent. `keep` False (a watcher): checked
        only."""
        game, ctx = self.session.game, self.table.ctx
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
