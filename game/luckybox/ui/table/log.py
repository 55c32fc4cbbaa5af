"""Lucky Box's move log: the last turns in words, in the player's language ("Number 8 revealed
(5 of 9)", "Carol crossed 7 on card 2; row 1 complete: +1 Lightning"), and the squares they
crossed (the last-move highlights).

Built from the game's events only, as the table shows them: each event is noted as its step
starts, so the log never tells what the screen has not shown yet. Hidden information: every
event is said through the rules' own `redact(event, reader)` (in Lucky Box all cards are face
up, so it hides nothing), and everyone chooses at once: while a choice is open (a number
revealed, a draft dealt) another seat's moves for it are held back from the reader, as its
board holds them back (`OtherBoards.secret`), and are said when the choice closes (the next
number, the round's end). With several people at one screen the reader is the screen's owner.

Pure words, no pygame: the panel that draws them is `game.core.ui.table.log_panel`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, NamedTuple

from game.core.i18n import language, t, tn
from game.luckybox.rules import events as ev

if TYPE_CHECKING:
    from game.luckybox.rules.state import PlayerState

KEEP = 400  # events kept (about 4 rounds at 3 players): the panel shows the last lines
EVERYONE = -1  # the reader of a table that hides nothing (a demo, a replay): sees each move

Square = tuple[int, int, int]  # (seat, card, cell)

#: A choice everyone makes at once opens with these (Shown.public is set) ...
OPENS = (ev.NumberRevealed, ev.CardsDealt)
#: ... and closes with these (the next number, the round's start after its draft, its end:
#: its scores come first).
CLOSES = (ev.NumberRevealed, ev.RoundStarted, ev.PlayerScored, ev.RoundScored, ev.GameOver)
#: The steps a seat takes itself: what the others did before is then seen.
ACTS = (ev.SquareCrossed, ev.Passed, ev.TokensSpent, ev.CardsKept, ev.CardsPicked)
#: Consequences said after the step they follow, on its line ("...; row 1 complete").
JOINS = (
    ev.LineCompleted,
    ev.TokenGained,
    ev.StarGained,
    ev.StarWasted,
    ev.BonusLost,
    ev.CardCompleted,
)


class Noted(NamedTuple):
    """An event as the table showed it, with the place (1 = leftmost) of the card it names on
    its player's board at that moment (0: none)."""

    event: Any
    slot: int


class LogLine(NamedTuple):
    """One step in words: who, the sentence, the squares it crossed (for the highlights and
    the checks) and when the reader could first read it (the count of events noted then)."""

    seat: int | None
    text: str
    squares: tuple[Square, ...]
    shown_at: int


def _bonus(bonus: tuple[str, int]) -> str:
    kind, value = bonus
    if kind == "number":
        return t("luckybox.log.bonus_number", "a {number} to cross", number=value)
    if kind == "question":
        return t("luckybox.log.bonus_question", "a square of their choice")
    if kind == "star":
        return t("luckybox.log.bonus_star", "a Star")
    if kind == "lightning":
        return tn("luckybox.log.bonus_lightning", value, "{count} Lightning", "{count} Lightning")
    if kind == "moon":
        return t("luckybox.log.bonus_moon", "a Moon")
    return t("luckybox.log.bonus_blank", "nothing")


def _line(kind: str, index: int) -> str:
    if kind == "row":
        return t("luckybox.log.row", "row {n}", n=index + 1)
    return t("luckybox.log.column", "column {n}", n=index + 1)


def describe(noted: Noted, name: Callable[[int], str]) -> tuple[str, tuple[Square, ...]] | None:
    """The words for one event (already redacted for the reader) and the squares it crossed,
    or None for a step the log leaves out (a deal, a bonus waiting, a player done)."""
    event, slot = noted
    kind = type(event)
    seat = getattr(event, "player", None)
    who = name(seat) if isinstance(seat, int) else ""
    if kind is ev.NumberRevealed:
        text = t(
            "luckybox.log.revealed",
            "Number {number} revealed ({nth} of 9)",
            number=event.number,
            nth=event.index + 1,
        )
        return text, ()
    if kind is ev.SquareCrossed:
        square = ((event.player, event.card, event.cell),)
        if event.by == "bonus":
            text = t(
                "luckybox.log.crossed_bonus",
                "{name} crossed {number} on card {card} with the bonus",
                name=who,
                number=event.number,
                card=slot,
            )
        else:
            text = t(
                "luckybox.log.crossed",
                "{name} crossed {number} on card {card}",
                name=who,
                number=event.number,
                card=slot,
            )
        return text, square
    if kind is ev.TokensSpent:
        text = tn(
            "luckybox.log.lightning",
            event.count,
            "{name} used {count} Lightning: {start} became {end}",
            "{name} used {count} Lightning: {start} became {end}",
            name=who,
            start=event.from_number,
            end=event.to_number,
        )
        return text, ()
    if kind is ev.Passed:
        return t("luckybox.log.passed", "{name} passed", name=who), ()
    if kind is ev.LineCompleted:
        text = t(
            "luckybox.log.line",
            "{line} complete: {bonus}",
            line=_line(event.line, event.index),
            bonus=_bonus(event.bonus),
        )
        return text, ()
    if kind is ev.TokenGained:
        if event.token == "lightning":
            text = tn(
                "luckybox.log.got_lightning",
                event.count,
                "+{count} Lightning",
                "+{count} Lightning",
            )
        else:
            text = tn("luckybox.log.got_moon", event.count, "+{count} Moon", "+{count} Moons")
        return text, ()
    if kind is ev.StarGained:
        return t("luckybox.log.star", "+1 Star"), ()
    if kind is ev.StarWasted:
        return t("luckybox.log.star_wasted", "a 4th Star this round does nothing"), ()
    if kind is ev.BonusLost:
        return t("luckybox.log.bonus_lost", "{bonus} lost", bonus=_bonus(event.bonus)), ()
    if kind is ev.CardCompleted:
        return t("luckybox.log.card_complete", "card {card} complete!", card=slot), ()
    if kind is ev.CardsKept:
        text = tn(
            "luckybox.log.kept",
            len(event.kept),
            "{name} kept {count} card",
            "{name} kept {count} cards",
            name=who,
        )
        return text, ()
    if kind is ev.CardsPicked:
        return t("luckybox.log.picked", "{name} took a new card", name=who), ()
    if kind is ev.RoundStarted:
        return t("luckybox.log.round", "Round {round} begins", round=event.round), ()
    if kind is ev.PlayerScored:
        text = t(
            "luckybox.log.scored",
            "{name}: {cards} for completed cards, {stars} for Stars",
            name=who,
            cards=event.card_points,
            stars=event.star_points,
        )
        return text, ()
    if kind is ev.RoundScored:
        return t("luckybox.log.round_over", "Round {round} is over", round=event.round), ()
    if kind is ev.FinalScored:
        return t("luckybox.log.total", "{name}: {total} in all", name=who, total=event.total), ()
    if kind is ev.GameOver:
        names = ", ".join(name(w) for w in event.winners)
        return tn(
            "luckybox.log.won", len(event.winners), "{names} wins!", "{names} win!", names=names
        ), ()
    if kind is ev.DeckReshuffled:
        text = t("luckybox.log.reshuffled", "The discard pile was shuffled into a new draw pile")
        return text, ()
    if kind is ev.Undone:
        return t("luckybox.log.undone", "{name} took a step back", name=who), ()
    return None


class Reading:
    """The log as one reader reads it so far: its lines, and the other seats' moves of the
    choice now open, held back until it closes (when the table hides them)."""

    def __init__(self) -> None:
        self.lines: list[LogLine] = []
        self.held: list[tuple[Noted, int]] = []
        self.open = False
        self.done = 0  # events read (the MoveLog's `noted` count)


def read(
    reading: Reading,
    events: Iterable[tuple[Noted, int]],
    reader: int,
    hides: bool,
    redact: Callable[[ev.Event, int], ev.Event | None],
    name: Callable[[int], str],
) -> None:
    """Go on reading `events` ((event, its count when noted)) for `reader`: each redacted by
    the rules, then said; another seat's move in an open choice held back while `hides`."""
    for noted, at in events:
        event = redact(noted.event, reader) if reader >= 0 else noted.event
        if event is None:
            continue
        kind = type(event)
        if kind in CLOSES:
            for held, _held_at in reading.held:  # what the choice hid shows now
                _say(reading.lines, held, name, at)
            reading.held.clear()
            reading.open = False
        if kind in OPENS:
            reading.open = True
        seat = getattr(event, "player", None)
        mine = isinstance(seat, int) and seat == reader
        if hides and reading.open and isinstance(seat, int) and not mine and kind not in OPENS:
            reading.held.append((Noted(event, noted.slot), at))
        else:
            _say(reading.lines, Noted(event, noted.slot), name, at)
    del reading.lines[: max(0, len(reading.lines) - KEEP)]


def _say(out: list[LogLine], noted: Noted, name: Callable[[int], str], at: int) -> None:
    said = describe(noted, name)
    if said is None:
        return
    text, squares = said
    seat = getattr(noted.event, "player", None)
    seat = seat if isinstance(seat, int) else None
    joins = isinstance(noted.event, JOINS) or (
        type(noted.event) is ev.SquareCrossed and noted.event.by == "bonus"
    )
    if (joins or _after_lightning(out, noted)) and out and out[-1].seat == seat:
        last = out[-1]
        text = t("luckybox.log.then", "{first}; {then}", first=last.text, then=text)
        out[-1] = LogLine(seat, text, last.squares + squares, last.shown_at)
    else:
        out.append(LogLine(seat, text, squares, at))


def _after_lightning(out: Sequence[LogLine], noted: Noted) -> bool:
    """A cross with Lightning joins the Lightning's line ("...: 8 became 7; Carol crossed 7")."""
    event = noted.event
    return type(event) is ev.SquareCrossed and event.by == "lightning" and bool(out)


class MoveLog:
    """The events shown so far (the last `KEEP`), read for a reader on demand. Each event is
    read once per reader and language (as it shows), so a still screen costs nothing."""

    def __init__(
        self, name: Callable[[int], str], redact: Callable[[ev.Event, int], ev.Event | None]
    ) -> None:
        self.name = name
        self.redact = redact
        self.events: deque[tuple[Noted, int]] = deque(maxlen=KEEP)
        self.noted = 0  # events noted since the table opened
        #: For each seat, the count of events noted when it last acted.
        self.acted_at: dict[int, int] = {}
        self._read: dict[tuple[int, bool, str], Reading] = {}

    def note(self, event: ev.Event, boards: Sequence[PlayerState] | None = None) -> None:
        """An event's step starts on screen; `boards`: the shown players (for the place of the
        card it names)."""
        self.noted += 1
        slot = 0
        card = getattr(event, "card", None)
        seat = getattr(event, "player", None)
        if boards is not None and isinstance(card, int) and isinstance(seat, int):
            cards = list(boards[seat].cards) if seat < len(boards) else []
            slot = cards.index(card) + 1 if card in cards else 0
        self.events.append((Noted(event, slot), self.noted))
        if isinstance(event, ACTS) and isinstance(seat, int):
            self.acted_at[seat] = self.noted

    def reading(self, reader: int | None, hides: bool) -> Reading:
        """The log read for `reader` (None: everyone's moves as they happen). The events
        noted since the last call are read on from where it stopped."""
        seat = EVERYONE if reader is None else reader
        hides = hides and seat >= 0
        key = (seat, hides, language())
        reading = self._read.get(key)
        if reading is None or self.noted - reading.done > len(self.events):
            reading = Reading()
            new = list(self.events)
        else:
            count = self.noted - reading.done
            new = list(self.events)[len(self.events) - count :] if count else []
        if new or reading.done == 0:
            read(reading, new, seat, hides, self.redact, self.name)
        reading.done = self.noted
        self._read[key] = reading
        return reading

    def lines(self, reader: int | None, hides: bool) -> list[LogLine]:
        return self.reading(reader, hides).lines

    def changed_since_acted(self, reader: int | None, hides: bool) -> set[Square]:
        """The squares other seats crossed that `reader` could read of since it last acted:
        where the last-move highlights go."""
        if reader is None or reader < 0:
            return set()
        since = self.acted_at.get(reader, 0)
        squares: set[Square] = set()
        for line in reversed(self.lines(reader, hides)):
            if line.shown_at <= since:
                break
            if line.seat != reader:
                squares.update(line.squares)
        return squares
