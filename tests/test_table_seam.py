"""The local session and the online one are both a `TableSession` (game.core.table_session):
mypy proves it where each is defined (`_LOCAL_IS_A_TABLE_SESSION`, `_ONLINE_IS_A_TABLE_SESSION`:
a class missing a member, or with one of the wrong type, fails `mypy`), and here each, built for
real, has every member the Protocol names; the online one takes its updates from a real link to a
real server on 127.0.0.1 and replaces its view with each one that arrives."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from highcard import HIGHCARD

from game.blanco.entry import BLANCO
from game.core import session as local_module
from game.core.session import Seat, Session
from game.core.table_session import LOCAL, REMOTE, TableSession
from game.core.turns import TurnController
from game.online import protocol as p
from game.online.codec import view_json, wire_of
from game.online.ui import session as online_module
from game.online.ui.net import NetLink, Note
from game.online.ui.session import OnlineSession
from tests.test_online_ui import ServerThread


def protocol_members() -> tuple[set[str], set[str]]:
    """(the Protocol's methods, its other members: properties and attributes)."""
    names = {n for n in vars(TableSession) if not n.startswith("_")}
    names |= set(TableSession.__annotations__)
    methods = {n for n in names if callable(vars(TableSession).get(n))}
    return methods, names - methods


def test_the_protocol_names_what_a_table_reads() -> None:
    methods, others = protocol_members()
    assert {"apply", "advance", "undo", "record", "save", "take_updates", "name_of"} <= methods
    assert {"state", "seats", "feed", "policy", "on_change", "humans"} <= others


def has_every_member(session: Any) -> None:
    methods, others = protocol_members()
    for name in methods:
        assert callable(getattr(session, name)), name
    for name in others:
        assert hasattr(session, name), name
        assert not callable(getattr(type(session), name, None)), name  # a value, not a method


def test_mypy_is_asked_to_prove_both_sessions_are_table_sessions() -> None:
    assert local_module._LOCAL_IS_A_TABLE_SESSION is Session
    assert online_module._ONLINE_IS_A_TABLE_SESSION is OnlineSession


def test_a_local_session_is_a_table_session_with_no_updates() -> None:
    session = Session([Seat("Ann"), Seat("Robo", "easy")], seed=3, game=HIGHCARD)
    has_every_member(session)
    assert session.policy is LOCAL
    assert session.take_updates() == []
    assert session.apply(session.state.legal_actions(0)[0]).ok
    assert session.take_updates() == []  # its own moves are no updates
    TurnController(session, lambda *_: None, lambda seat: False)  # (turns takes any one)


def wait_for_state(link: NetLink, notes: list[Note], limit: float = 20.0) -> p.State:
    """Poll until the link brings a `state` (every note polled is kept in `notes`)."""
    end = time.monotonic() + limit
    while time.monotonic() < end:
        notes.extend(link.poll())
        for note in notes:
            if note.kind == "message" and isinstance(note.value, p.State):
                return note.value
        time.sleep(0.01)
    raise AssertionError(f"no state came: {notes}")


def test_an_online_session_polls_its_link_and_replaces_its_view(tmp_path: Path) -> None:
    server = ServerThread(tmp_path / "tables.sqlite3")
    link = NetLink(server.url, BLANCO)
    try:
        link.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], hold=300.0)
        session = OnlineSession(link, BLANCO, wait_for_state(link, []))
        has_every_member(session)
        assert session.policy is REMOTE
        assert session.state.waiting_for() == [0] and session.version == 0
        before, wire = session.state, wire_of(BLANCO)
        shown_before = view_json(wire, before)
        assert session.apply(before.legal_actions(0)[0]).ok and session.pending == 0
        notes: list[Note] = []
        end = time.monotonic() + 20
        while session.version == 0:  # what the link brings, handed back as the table does
            assert time.monotonic() < end, notes
            updates = session.take_updates()
            notes.extend(updates)
            for note in updates:
                if note.kind == "message":
                    session.receive(note.value)
            time.sleep(0.01)
        assert all(isinstance(note, Note) for note in notes)
        assert any(isinstance(note.value, p.State) for note in notes)
        assert session.version == 1
        assert session.state is not before  # a new view, not the old one written over
        assert view_json(wire, before) == shown_before
        assert view_json(wire, session.state) != shown_before
        assert len(server.table(session.table).state.actions) == 1
    finally:
        link.close()
        server.close()
