"""Issue 67: Blanco's move log says the turns in words, from the events and views only.

The hidden-information property: over random games, for every reading seat (and the public
reader of a pass screen), every line of the log names only cards that seat knows at that
moment: a card its view holds, or one shown to it in an event (a discard, a clear, its own
draw or look). A log that said a raw event (another seat's draw from the pile, its look) fails.
"""

from __future__ import annotations

import functools
import random
import re

from hypothesis import HealthCheck, given, settings, strategies as st

from game.blanco.entry import BLANCO
from game.blanco.rules.cards import ALL_CARDS
from game.blanco.rules.views import redact, view_for
from game.blanco.ui.table.log import PUBLIC, MoveLog, lines_for
from game.blanco.ui.words import card_name
from game.core import i18n
from game.core.session import Seat, Session

NAMES = ("Ann", "Bo", "Carol", "Dan", "Eve")


def view_cards(state, seat: int) -> set[int]:
    """Every card id `seat`'s view of `state` holds (its own hand, its known and every face-up
    cell, the discard pile's top): what views.view_for leaves unhidden, read off the state
    (a view is a whole copy of it, made six times a step here)."""
    return public_cards(state) | own_cards(state, seat)


def public_cards(state) -> set[int]:
    """The cards every reader's view holds: the discard pile's top and every face-up cell (the
    same for all readers of a step, so worked out once a step)."""
    cards: set[int] = set(state.discard[-1:])
    for p in state.players:
        for row, up in zip(p.grid, p.up, strict=True):
            cards.update(v for v, shown in zip(row, up, strict=True) if shown)
    cards.discard(0)
    return cards


def own_cards(state, seat: int) -> set[int]:
    """The cards only `seat`'s view adds to the public ones: its hand and the face-down cells it
    knows (none for the public reader)."""
    if not 0 <= seat < len(state.players):
        return set()
    p = state.players[seat]
    cards = set(p.hand)
    for row, known in zip(p.grid, p.known, strict=True):
        cards.update(v for v, seen in zip(row, known, strict=True) if seen)
    cards.discard(0)
    return cards


def cards_in_view(state, seat: int) -> set[int]:
    """view_cards as the view itself shows it (a copy with the hidden cards 0)."""
    view = view_for(state, seat) if seat >= 0 else view_for(state, 0)
    cards: set[int] = set(view.discard[-1:])
    for i, p in enumerate(view.players):
        if seat < 0 and i == 0:  # the public reader: nobody's private cards
            up = p.up
            cards.update(v for r, row in enumerate(p.grid) for c, v in enumerate(row) if up[r][c])
            continue
        cards.update(p.hand)
        for row in p.grid:
            cards.update(row)
    cards.discard(0)
    return cards


def named_in(text: str) -> frozenset[int]:
    """The cards a line's words name (in the language of the moment), as whole words: "red 1"
    is not in "red 12". Each card's name and pattern are built once per language (a log line
    is checked against all 120), and only a name the text holds is matched as a whole word."""
    return _named_in(i18n.language(), text)


@functools.lru_cache(maxsize=4096)
def _named_in(lang: str, text: str) -> frozenset[int]:
    """named_in's answer, kept per language and text: the readers of a step are mostly told the
    same lines, and the log says them all again at the end (2,700 texts among 64,000 asked)."""
    return frozenset(
        card for card, name, whole in _name_patterns(lang) if name in text and whole.search(text)
    )


@functools.cache
def _name_patterns(lang: str) -> tuple[tuple[int, str, re.Pattern[str]], ...]:
    assert lang == i18n.language()
    names = [(card, card_name(card)) for card in ALL_CARDS]
    return tuple(
        (card, name, re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")) for card, name in names
    )


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), seats=st.integers(2, 5), choice=st.integers(0, 10**6))
def test_every_line_names_only_what_the_reader_knows(seed: int, seats: int, choice: int) -> None:
    i18n.set_language("en")
    session = Session([Seat(n, "easy") for n in NAMES[:seats]], seed, game=BLANCO)
    rng = random.Random(choice)
    readers = [*range(seats), PUBLIC]
    known: dict[int, set[int]] = {r: set() for r in readers}
    log = MoveLog(session.name_of)
    batches = [list(session.feed)]
    session.feed.clear()
    steps = 0
    while batches and steps < 400:
        batch = batches.pop()
        public = public_cards(session.state)
        for reader in readers:
            for event in batch:
                seen = redact(event, reader)
                known[reader].update(
                    v for v in _ints(seen) if 0 < v <= len(ALL_CARDS) and _is_card_field(seen, v)
                )
            known[reader] |= public | own_cards(session.state, reader)  # (view_cards)
            for line in lines_for(batch, reader, session.name_of):
                assert set(line.cards) <= known[reader], (reader, line)
                assert named_in(line.text) <= known[reader], (reader, line.text)
        for event in batch:
            log.note(event)
        if session.state.is_terminal():
            break
        seat = session.next_seat()
        assert seat is not None
        session.apply(rng.choice(session.state.legal_actions(seat)))
        batches.append(list(session.feed))
        session.feed.clear()
        steps += 1
    for reader in readers:  # the log as the table keeps it, said for each reader
        assert view_cards(session.state, reader) == cards_in_view(session.state, reader)
        lines = log.lines(None if reader == PUBLIC else reader)
        assert lines, "the log says something"
        for line in lines:
            assert set(line.cards) <= known[reader], (reader, line)
            assert named_in(line.text) <= known[reader], (reader, line.text)


def _is_card_field(event, value: int) -> bool:
    """Whether `value` sits in one of the event's card fields (not a seat, row or count)."""
    for name in ("card", "replaced", "cards"):
        field = getattr(event, name, None)
        if field == value or (isinstance(field, tuple) and value in _flat(field)):
            return True
    return False


def _ints(event) -> list[int]:
    out: list[int] = []
    for name in ("card", "replaced", "cards"):
        field = getattr(event, name, None)
        if isinstance(field, int):
            out.append(field)
        elif isinstance(field, tuple):
            out.extend(_flat(field))
    return out


def _flat(value) -> list[int]:
    if isinstance(value, int):
        return [value]
    return [x for v in value for x in _flat(v)]


def test_a_raw_log_would_fail_the_property() -> None:
    """The property's teeth: said without redaction, another seat's draw from the pile names
    a card its reader does not know."""
    i18n.set_language("en")
    session = Session([Seat("Ann", "easy"), Seat("Bo", "easy")], 3, game=BLANCO)
    rng = random.Random(2)
    from game.blanco.rules import events as ev
    from game.blanco.ui.table.log import describe

    for _ in range(400):
        seat = session.next_seat()
        if seat is None:
            break
        session.feed.clear()
        session.apply(rng.choice(session.state.legal_actions(seat)))
        drawn = [e for e in session.feed if isinstance(e, ev.Drawn) and e.source == "pile"]
        if drawn:
            event = drawn[0]
            other = 1 - event.player
            raw = describe(event, session.name_of)
            said = lines_for([event], other, session.name_of)
            assert raw is not None and named_in(raw.text) == {event.card}
            assert said and not named_in(said[0].text), said
            assert said[0].text == f"{session.name_of(event.player)} drew a card from the draw pile"
            return
    raise AssertionError("no draw from the pile was played")


def test_a_turn_reads_as_a_sentence_and_a_clear_joins_it() -> None:
    from game.blanco.rules import events as ev

    i18n.set_language("en")
    names = ["Ann", "Carol"].__getitem__
    lines = lines_for(
        [
            ev.TurnStarted(1, 3),
            ev.Played(1, 7, (1, 0), 18, True),
            ev.LineComplete(1, "column", 0),
            ev.LineCleared(1, "column", 0, (7, 19, 43)),
        ],
        0,
        names,
    )
    assert [line.text for line in lines] == [
        "Carol played red 7 on row 2, column 1; orange 6 went to the discard pile; column 1 cleared"
    ]
    assert lines[0].places == ((1, 1, 0),)
    i18n.set_language("fr")
    french = lines_for([ev.Played(1, 7, (1, 0), 30, True)], 0, names)[0].text
    assert "Carol" in french and "rangée 2" in french and "played" not in french
    i18n.set_language("en")


def test_card_words_follow_the_language_though_said_once_per_language() -> None:
    """The colour words and card names are kept per language: a change of language says
    them in the new one at once, and coming back gives the first again."""
    from game.blanco.ui.words import colour_word

    said = {}
    for lang in ("en", "fr", "de", "en"):
        i18n.set_language(lang)
        said[lang] = (card_name(7), card_name(80), colour_word(3), colour_word(10))
    i18n.set_language("en")
    assert said["en"] == ("red 7", "dark blue 8", "light green", "?")
    assert said["fr"] == ("7 rouge", "8 bleu foncé", "vert clair", "?")
    assert said["de"] == ("Rot 7", "Dunkelblau 8", "Hellgrün", "?")
    # Every card has its own name in each language.
    assert len({card_name(card) for card in ALL_CARDS}) == len(ALL_CARDS)
