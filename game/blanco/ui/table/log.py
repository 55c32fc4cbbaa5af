"""The move log: the last turns in words, in the player's language ("Carol played red 7 on row 2,
column 1; column 1 cleared"), and the places they changed (the last-move highlights).

Built from the game's events only, as the table shows them (each event is noted as its step
starts, so the log never tells what the screen has not shown yet). Hidden information: the log
keeps the events as they came and says them for one reading seat at a time, each through the
rules' own `redact(event, reader)`: a card the reader may not know is 0 there, and a 0 is never
named ("Carol drew a card from the draw pile"). With several people at one screen the reader
changes with the screen's owner, and each reads only what their own seat knows; with nobody's
cards on screen (a pass screen) the reader is -1, everything private said as hidden.

Pure words, no pygame: the panel that draws it is `log_panel.py`.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from game.blanco.rules import events as ev
from game.blanco.rules.cards import is_card
from game.blanco.rules.views import redact
from game.core.i18n import language, t

from ..words import card_name, line_in_sentence, where

KEEP = 400  # events kept (about 40 turns): the panel shows the last ones, the wheel goes back
PUBLIC = -1  # the reader when nobody's cards are on screen: only what everyone knows

Place = tuple[int, int, int]  # (seat, row, column)


class LogLine(NamedTuple):
    """One step in words: who, the sentence, the cards it names (for checks) and the grid
    places it changed (the highlights)."""

    seat: int | None
    text: str
    cards: tuple[int, ...]
    places: tuple[Place, ...]


def _card(card: int) -> str:
    return card_name(card) if is_card(card) else t("blanco.log.a_card", "a card")


def describe(event: Any, name: Callable[[int], str]) -> LogLine | None:
    """The line for one event as one reader sees it (`event` already redacted for them), or
    None for a step the log leaves out (deals, set-up marks, a line's glow before its clear);
    a consequence (a clear, a chain, the box) is a line that `join`s the step before it."""
    kind = type(event)
    seat = getattr(event, "player", None)
    who = name(seat) if isinstance(seat, int) else ""
    if kind is ev.Drawn:
        if event.source == "pile":
            if is_card(event.card):
                text = t(
                    "blanco.log.drew_known",
                    "{name} drew {card} from the draw pile",
                    name=who,
                    card=card_name(event.card),
                )
            else:
                text = t("blanco.log.drew", "{name} drew a card from the draw pile", name=who)
        else:
            text = t(
                "blanco.log.took",
                "{name} took {card} from the discard pile",
                name=who,
                card=_card(event.card),
            )
        return LogLine(seat, text, _named(event.card), ())
    if kind is ev.Played:
        text = t(
            "blanco.log.played",
            "{name} played {card} on {place}; {old} went to the discard pile",
            name=who,
            card=_card(event.card),
            place=where(event.at),
            old=_card(event.replaced),
        )
        return LogLine(seat, text, _named(event.card, event.replaced), ((seat, *event.at),))
    if kind is ev.Discarded:
        card = _card(event.card)
        text = t("blanco.log.discarded", "{name} discarded {card}", name=who, card=card)
        return LogLine(seat, text, _named(event.card), ())
    if kind is ev.Swapped:
        text = t(
            "blanco.log.swapped",
            "{name} swapped {a} and {b}",
            name=who,
            a=where(event.a),
            b=where(event.b),
        )
        return LogLine(seat, text, (), ((seat, *event.a), (seat, *event.b)))
    if kind is ev.Revealed:
        text = t(
            "blanco.log.revealed",
            "{name} turned up {card} at {place}",
            name=who,
            card=_card(event.card),
            place=where(event.at),
        )
        return LogLine(seat, text, _named(event.card), ((seat, *event.at),))
    if kind is ev.Looked:
        if is_card(event.card):
            text = t(
                "blanco.log.looked_known",
                "{name} looked at {place}: {card}",
                name=who,
                place=where(event.at),
                card=card_name(event.card),
            )
        else:
            place = where(event.at)
            text = t("blanco.log.looked", "{name} looked at {place}", name=who, place=place)
        return LogLine(seat, text, _named(event.card), ((seat, *event.at),))
    if kind is ev.LineCleared:
        text = t(
            "blanco.log.cleared",
            "{line} cleared",
            line=line_in_sentence(event.line, event.line_no),
        )
        return LogLine(seat, text, _named(*event.cards), ())
    if kind is ev.ChainLink:
        text = t("blanco.log.chain", "chain reaction x{n}", n=event.link_no)
        return LogLine(seat, text, (), ())
    if kind is ev.RewardDropped:
        return LogLine(seat, t("blanco.log.no_look", "no look: the first grid is empty"), (), ())
    if kind is ev.SecondGridDealt:
        text = t("blanco.log.second_grid", "{name} starts the second grid", name=who)
        return LogLine(seat, text, (), ())
    if kind is ev.Reshuffled:
        text = t("blanco.log.reshuffled", "The discard pile was shuffled into a new draw pile")
        return LogLine(None, text, (), ())
    if kind is ev.Won:
        return LogLine(seat, t("blanco.log.won", "{name} wins!", name=who), (), ())
    if kind is ev.Undone:
        return LogLine(seat, t("blanco.log.undone", "{name} took a step back", name=who), (), ())
    return None


#: The steps a seat takes itself (a turn's start is not one: the highlights of what the others
#: did stay up while the player reads them, until their first step).
ACTS = (ev.Drawn, ev.Played, ev.Discarded, ev.Swapped, ev.Revealed, ev.Looked, ev.SetupDone)
JOINS = (ev.LineCleared, ev.ChainLink, ev.RewardDropped)  # said after the step they follow


def _named(*cards: int) -> tuple[int, ...]:
    return tuple(c for c in cards if is_card(c))


def lines_for(events: Iterable[Any], reader: int, name: Callable[[int], str]) -> list[LogLine]:
    """The log as `reader` may read it: each event redacted for them, then said; a clear or a
    chain joins the line of the step that caused it ("...; column 1 cleared")."""
    out: list[LogLine] = []
    add_lines(out, events, reader, name)
    return out


def add_lines(
    out: list[LogLine], events: Iterable[Any], reader: int, name: Callable[[int], str]
) -> None:
    """`lines_for`, going on from the lines `out` already holds (what the table says as each
    new step shows: one event said, not the whole log again)."""
    for raw in events:
        event = redact(raw, reader)
        line = describe(event, name)
        if line is None:
            continue
        if isinstance(event, JOINS) and out and out[-1].seat == line.seat:
            last = out[-1]
            out[-1] = LogLine(
                last.seat,
                t("blanco.log.then", "{first}; {then}", first=last.text, then=line.text),
                last.cards + line.cards,
                last.places + line.places,
            )
        else:
            out.append(line)


class MoveLog:
    """The events shown so far (the last `KEEP`), said for a reader on demand. Each event is
    said once for each reader and language (as it shows), so a still screen costs nothing and
    a busy one one line's words a step."""

    def __init__(self, name: Callable[[int], str]) -> None:
        self.name = name
        self.events: deque[Any] = deque(maxlen=KEEP)
        self.noted = 0  # events noted since the table opened (the cache's key)
        #: For each seat, how many events had been noted when it last acted: the highlights
        #: show what changed since then.
        self.acted_at: dict[int, int] = {}
        #: For each (reader, language): the events said so far, and their lines.
        self._said: dict[tuple[int, str], tuple[int, list[LogLine]]] = {}

    def note(self, event: Any) -> None:
        """An event's step starts on screen."""
        self.events.append(event)
        self.noted += 1
        if isinstance(event, ACTS):  # the seat acted: what others did before is seen
            self.acted_at[event.player] = self.noted

    def lines(self, reader: int | None) -> list[LogLine]:
        """The log for `reader` (None: the public's). Said once per event: the events noted
        since the last call are added to the lines kept for that reader and language."""
        seat = PUBLIC if reader is None else reader
        key = (seat, language())
        said = self._said.get(key)
        if said is None or self.noted - said[0] > len(self.events):
            lines: list[LogLine] = []
            add_lines(lines, self.events, seat, self.name)
        else:
            done, lines = said
            new = self.noted - done
            if new:
                add_lines(lines, list(self.events)[len(self.events) - new :], seat, self.name)
                del lines[: max(0, len(lines) - KEEP)]
        self._said[key] = (self.noted, lines)
        return lines

    def changed_since_acted(self, reader: int | None) -> set[Place]:
        """The grid places other seats changed since `reader` last acted (a swap's two, a
        play's one, a turned-up card's): where the last-move highlights go."""
        if reader is None or reader < 0:
            return set()
        since = self.acted_at.get(reader, 0)
        first = max(0, len(self.events) - (self.noted - since))
        places: set[Place] = set()
        for raw in list(self.events)[first:]:
            if isinstance(raw, (ev.ClosedUp, ev.SecondGridDealt)):  # the grid moved: its
                places = {p for p in places if p[0] != raw.player}  # old places mean nothing
                continue
            line = describe(redact(raw, reader), self.name)
            if line is not None and line.seat != reader:
                places.update(line.places)
        return places
