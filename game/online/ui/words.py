"""The online screens' problems, each said in one line in the player's language."""

from __future__ import annotations

from collections.abc import Collection, Sequence

from game.core.i18n import t
from game.online.protocol import SeatInfo

from .session import shown_name


def error_line(code: str) -> str:
    """One translated line for a server's error or refusal code (or the link's own)."""
    known = {
        "unreachable": lambda: t(
            "online.error.unreachable", "The server cannot be reached: check its address."
        ),
        "no_such_table": lambda: t(
            "online.error.no_such_table", "There is no table with that code."
        ),
        "no_free_seat": lambda: t("online.error.no_free_seat", "That table has no free seat left."),
        "seat_taken": lambda: t("online.error.seat_taken", "That seat is taken."),
        "no_such_seat": lambda: t("online.error.no_such_seat", "That table has no such seat."),
        "bad_token": lambda: t(
            "online.error.bad_token", "That seat is no longer yours at this table."
        ),
        "bad_open": lambda: t("online.error.bad_open", "The server would not open that table."),
        "no_such_game": lambda: t(
            "online.error.no_such_game", "That server does not know this game."
        ),
        "too_many_tables": lambda: t(
            "online.error.too_many_tables", "You have opened enough tables for now."
        ),
        "too_many_watchers": lambda: t(
            "online.error.too_many_watchers", "That table has as many watchers as it takes."
        ),
        "bad_name": lambda: t("online.error.bad_name", "Every seat needs a name that shows."),
        "cut_off": lambda: t(
            "online.error.cut_off", "Too many wrong codes: the server waits a while for you."
        ),
        "rate_limited": lambda: t(
            "online.error.rate_limited", "Too fast: the server asks you to slow down."
        ),
        "storage": lambda: t(
            "online.error.storage", "The server could not store that move: try again."
        ),
        "held": lambda: t(
            "online.error.held", "That seat is still held for its player: try again later."
        ),
        "seat_connected": lambda: t(
            "online.error.seat_connected", "That seat's player is here: it stays theirs."
        ),
        "not_host": lambda: t(
            "online.error.not_host", "Only the table's host may hand a seat to a computer."
        ),
        "last_human": lambda: t(
            "online.error.last_human",
            "That is the table's last seat for a person: it stays a person's.",
        ),
        "not_your_seat": lambda: t("online.error.not_your_seat", "That seat is not yours now."),
        "not_finished": lambda: t(
            "online.error.not_finished", "That table's game is not over yet."
        ),
        "version": lambda: t(
            "online.error.version",
            "This game and the server are of different versions: update the game.",
        ),
        "no_rematch": lambda: t(
            "online.error.no_rematch", "That table cannot have a rematch: host a new one."
        ),
        "unreadable": lambda: t(
            "online.error.unreadable", "This table's server sends what this game cannot read."
        ),
    }
    say = known.get(code)
    if say is not None:
        return say()
    return t("online.error.other", "The server refused ({code}).", code=code)


def notice_line(code: str) -> str:
    """The server's own news (`notice`) as the table's message line: its database is away
    (moves wait, nothing is lost) or back; the host's app closed (the table waits for them)."""
    if code == "reconnecting":
        return t(
            "online.notice.reconnecting",
            "The server is reconnecting to its storage: your move waits, nothing is lost.",
        )
    if code == "host_left":
        return host_left_line()
    return ""  # "reconnected", or news this app does not know: the line clears


def host_left_line() -> str:
    """A friend's table once the host's app closed (its server with it), while the line is
    down: what happened, and that the game goes on by itself when the host is back."""
    return t(
        "online.notice.host_left",
        "The host's app closed: the game waits for them to come back, and goes on by itself "
        "when they do.",
    )


def host_waits_words() -> str:
    """The banner's few words while the host's app is closed, in place of whose turn it is."""
    return t("online.table.host_waits", "waiting for the host to come back")


def host_back_line() -> str:
    return t("online.notice.host_back", "The host is back: the game goes on.")


def presence_line(
    before: Sequence[SeatInfo],
    after: Sequence[SeatInfo],
    mine: int,
    seen: Collection[int] | None = None,
) -> str:
    """What changed at the table's other seats, in one line for the table's message: a person
    who left (their seat is held for them), came back (to a seat held, or taken back from a
    computer), came for the first time (`seen`: the seats whose player this screen has seen
    here; a rematch's friend), or whose seat went to a computer. "" when nothing a player
    would want told changed (a seat first taken, a first list of seats)."""
    if len(before) != len(after):
        return ""
    lines = []
    left = False
    for i, (was, now) in enumerate(zip(before, after, strict=True)):
        if i == mine or was.free or now.free:
            continue
        person_was, person_now = was.kind == "human", now.kind == "human"
        name = shown_name(was if person_was else now, i)
        if person_was and not person_now:
            lines.append(
                t("online.presence.computer", "{name}'s seat went to a computer.", name=name)
            )
        elif person_now and now.connected and not (person_was and was.connected):
            if seen is not None and i not in seen:
                lines.append(t("online.presence.came", "{name} came to the table.", name=name))
            else:
                lines.append(t("online.presence.back", "{name} is back at the table.", name=name))
        elif person_now and person_was and was.connected and not now.connected:
            lines.append(
                t(
                    "online.presence.left",
                    "{name} left the table: their seat is held for them.",
                    name=name,
                )
            )
            left = True
    if left:  # where the seats are (and for the host, the hand-over to a computer)
        lines.append(seats_hint())
    return " ".join(lines)


def seats_hint() -> str:
    """The pointer to the online table's seats menu that ends a line about a friend leaving
    (the menu itself shows the line without it)."""
    return t("online.presence.seats_hint", "(Esc: the seats)")


def phrase_words(phrase: str) -> str:
    """A phrase a player may say to the table (protocol.PHRASES), in this screen's language."""
    known = {
        "hello": lambda: t("online.phrase.hello", "Hello!"),
        "nice": lambda: t("online.phrase.nice", "Nice move!"),
        "oops": lambda: t("online.phrase.oops", "Oops!"),
        "thanks": lambda: t("online.phrase.thanks", "Thanks!"),
        "one_moment": lambda: t("online.phrase.one_moment", "One moment!"),
        "good_game": lambda: t("online.phrase.good_game", "Good game!"),
    }
    say = known.get(phrase)
    return say() if say is not None else ""


def said_line(name: str, phrase: str) -> str:
    """A phrase someone said at the table, as its message line shows it."""
    return t("online.said", "{name}: {phrase}", name=name, phrase=phrase_words(phrase))
