"""A seat at an online table as a `TableSession` (game.core.table_session), as the local
`game.core.session.Session` is one, so the game's own table runs unchanged. No pygame.

- `state` is the seat's view (the server's `view_for(seat)`, rebuilt by the codec on the link's
  thread: a `state` comes as a reader.ReadState), a new object each time a `state` message
  arrives: the table reads `session.state` at every use.
- `feed` receives the server's redacted events, so the table animates them as it animates its
  own (cascades play the same); past MAX_FEED waiting, the board is shown as it stands instead
  (a server that floods events cannot grow the app's memory).
- `apply` checks the action on a copy of the view (a refusal reads as at a local table), then
  sends it through the link; its events come back with the server's next `state`.
- Every other seat is "not ours" (`is_computer`: the table's turn controller never plays it,
  the screen never shows its private cards); the server plays computers and relays people.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from game.core.entry import Game
from game.core.game import Bot, GameState, Outcome, Refusal
from game.core.i18n import t, t_every
from game.core.seat_names import in_language_now
from game.core.session import Challenge, Seat
from game.core.table_session import REMOTE, TablePolicy, TableSession
from game.online import codec, protocol as p

from .reader import ReadState

if TYPE_CHECKING:
    from game.core.ui.table.scene import Move

    from .net import NetLink, Note

#: Events waiting to be animated, at most: past it the board catches up at once (a snapshot).
MAX_FEED = 2_000


@dataclass(frozen=True)
class OnlineSeat(Seat):
    """A seat at an online table: `kind` is the server's ("human" or a computer's level)."""

    mine: bool = False

    @property
    def is_computer(self) -> bool:
        return not self.mine  # the table plays this screen's seat only


def shown_name(info: p.SeatInfo, seat: int) -> str:
    """A seat's name as this screen shows it: a default the host's game gave in its language
    ("Ordinateur 3", "Joueur 2", "Hôte") in this player's; a name someone chose, as it is."""
    if info.kind != "computer" and seat == 0:  # the host's own default
        host = ("online.host.you", "Host")
        return t(*host) if info.name in t_every(*host) else info.name
    return in_language_now(info.name, seat, info.kind == "computer")


def seats_of(infos: list[p.SeatInfo], mine: int) -> list[OnlineSeat]:
    return [
        OnlineSeat(
            shown_name(info, i),
            (info.level or "normal") if info.kind == "computer" else "human",
            i == mine,
        )
        for i, info in enumerate(infos)
    ]


class OnlineSession:
    """The `TableSession` a table reads, fed by one `NetLink` (see the module's docstring):
    no autosave (the server keeps the game), no undo, the server plays the other seats, and
    `take_updates()` brings what the link received since the last frame."""

    policy: TablePolicy = REMOTE

    def __init__(self, link: NetLink, game: Game[Any], first: p.State) -> None:
        self.link = link
        self.game = game
        self.table = first.table
        self.seat = first.seat
        self.wire = codec.wire_of(game)
        self.state: GameState = self._view(first)
        self.seats = seats_of(first.seats, self.seat)
        self.infos = list(first.seats)
        self.version = first.version
        self.over = first.over
        self.seed = 0  # the server keeps the seed until the game is over
        # ...and promised it at the start: the deal's commitment H, checked against the
        # finished record (kept_game.py); None from a server (or table) without commitments.
        # The first one this link heard for the table (a lobby may hand on a later state).
        client = getattr(link, "client", None)
        heard = client.commit_for(first.table) if client is not None else None
        self.commit: str | None = first.commit or heard
        self.rematch: str | None = first.rematch  # its rematch's code, told once it is over
        self.daily: str | None = None  # online tables are never the daily deal
        self.daily_practice = False
        self.feed: deque[object] = deque()  # the game's events, to animate
        self.bots: dict[int, Bot] = {}  # (none: the server plays the computers)
        self.challenge: Challenge | None = None
        self.on_change: Callable[[], None] | None = None
        self.pending: int | None = None  # the version our unanswered action was chosen on
        self.snapshot = False  # a `state` without events came: the shown board catches up
        self.sent: object = None  # our last action sent
        self.retry: object = None  # ...refused as stale: sent again if the fresh view allows it

    # -- what the table reads -------------------------------------------------------------
    def name_of(self, seat: int) -> str:
        """The seat's name as this screen shows it now (`shown_name`: the host's defaults in
        this player's language, as it is when the language changes)."""
        return shown_name(self.infos[seat], seat)

    def _other(self, seat: int) -> p.SeatInfo | None:
        """Another screen's seat (None for ours, where this screen is, or no seat)."""
        return None if seat == self.seat or not 0 <= seat < len(self.infos) else self.infos[seat]

    def is_away(self, seat: int) -> bool:
        """A person at another screen who left the table, their seat held (not a free seat,
        a computer, or ours: this screen is here)."""
        info = self._other(seat)
        return info is not None and info.kind == "human" and not info.connected and not info.free

    def is_free(self, seat: int) -> bool:
        """A seat for a friend that nobody has taken yet."""
        info = self._other(seat)
        return info is not None and bool(info.free)

    @property
    def humans(self) -> list[int]:
        return [self.seat] if self.seat >= 0 else []

    def next_seat(self) -> int | None:
        """Our seat when the game waits for it (several may choose at once), else the first
        seat it waits for."""
        waiting = self.state.waiting_for()
        if self.seat in waiting:
            return self.seat
        return waiting[0] if waiting else None

    def describe(self) -> str:
        names = ", ".join(s.name for s in self.seats[:4])
        return f"{names}  ·  {self.game.words.progress(self.state)}"

    def chance_due(self) -> bool:
        return False  # the server takes chance steps itself

    def apply(self, action: Move) -> Outcome:
        """Check on a copy of the view, then send: the events come with the server's answer."""
        if self.pending is not None:
            return Outcome(
                [],
                Refusal(
                    "online_pending", t("online.table.sending", "Wait: your move is on its way.")
                ),
            )
        trial = self.state.clone()
        outcome: Outcome = trial.apply(action)
        if not outcome.ok:
            return outcome
        self.pending, self.sent = self.version, action
        self.link.act(action)
        return Outcome([])

    def advance(self) -> list[object]:
        return []

    def undo(self, seat: int) -> Outcome:
        return Outcome(
            [],
            Refusal(
                "online_undo", t("online.table.no_undo", "there is no undo at an online table")
            ),
        )

    def record(self, extra: dict[str, object] | None = None) -> dict[str, object]:
        """The record as this seat knows it (the server gives the real one once it is over)."""
        return self.game.rules.record_of(self.state, extra=extra)

    def save(self, unshown: int = 0, confirming: int | None = None) -> dict[str, object]:
        return self.record()

    # -- what the link brings ---------------------------------------------------------------
    def take_updates(self) -> list[Note]:
        """What the link received since the last call (`net.Note`s, in order; never waits on
        the network). The table hands each server message back to `receive`."""
        return self.link.poll()

    def _view(self, message: p.State) -> GameState:
        """The message's view as the game's object: read already on the link's thread (a
        ReadState), else (a state made here, not read from a server) decoded now."""
        if isinstance(message, ReadState) and message.game_view is not None:
            return message.game_view
        view: GameState = codec.view_from_json(self.wire, message.view)
        return view

    def _events(self, message: p.State) -> list[object]:
        if isinstance(message, ReadState) and message.game_view is not None:
            return message.game_events
        return [codec.event_from_json(self.wire, e) for e in message.events]

    def receive(self, message: object) -> None:
        """A server message for this seat: a new view (and its events), or who sits where."""
        if isinstance(message, p.State) and message.table == self.table:
            self.state = self._view(message)  # (read at every use)
            self.version, self.over = message.version, message.over
            self.seats, self.infos = seats_of(message.seats, self.seat), list(message.seats)
            self.rematch = message.rematch or self.rematch
            events = self._events(message)
            self.feed.extend(events)
            if len(self.feed) > MAX_FEED:  # more than the table could ever show: as it stands
                self.feed.clear()
            self.snapshot = self.snapshot or not events or not self.feed
            # (`pending` holds until our action is answered: a `state` of another seat's
            # move may come first, and the seat would look free to choose again meanwhile)
            retry, self.retry = self.retry, None
            if retry is not None and not self.over and retry in self.state.legal_actions(self.seat):
                # Others chose at the same moment (Lucky Box): the same choice, on the new view.
                self.pending, self.sent = self.version, retry
                self.link.act(retry)
            elif retry is not None:
                self.pending = None  # the choice no longer fits: the seat chooses anew
        elif isinstance(message, p.Seats) and message.table == self.table:
            self.seats, self.infos = seats_of(message.seats, self.seat), list(message.seats)
        elif isinstance(message, (p.Ack, p.Refused)):
            code = message.code if isinstance(message, p.Refused) else ""
            if code == "stale":
                self.retry = self.sent  # a fresh `state` follows: still pending until then
            elif code != "storage":  # (not stored: the link sends the same action again)
                self.pending = None  # answered (a `state` with its events came before an ack)
        elif isinstance(message, p.Error):
            self.pending = None  # the server failed on it (or on what came before): not taken


_ONLINE_IS_A_TABLE_SESSION: type[TableSession[Any, Any]] = (
    OnlineSession  # mypy proves it (test_table_seam)
)
