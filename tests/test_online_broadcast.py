"""What a step costs the server: each seat's `state` is made once however many connections
hold that seat (watchers share one), and a game whose seats all see the same (Lucky Box) has its
view made and encoded once for the whole table. Each seat still gets exactly its own
`view_for(seat)` (tests/test_online_leaks.py checks every frame of whole games)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from game.catalog import game_by_id
from game.core.play_loop import settle
from game.online import protocol as p
from game.online.codec import view_json, wire_of
from game.online.store import SeatRow, SqliteStore, TableRow
from game.online.tables import WATCHER, Table
from tests.test_online_helpers import run


class Listener:
    def __init__(self) -> None:
        self.sent: list[str] = []

    def send(self, text: str) -> None:
        self.sent.append(text)


def a_table(game_id: str, seed: int = 9) -> Table:
    seats = [SeatRow(i, f"P{i}", "human", None) for i in range(3)]
    row = TableRow("ABC-DEF", game_id, seed, None, "h", 300.0, 0.0, None, seats)
    store = SqliteStore(":memory:")
    store.create_table(row)
    table = Table(row, game_by_id(game_id), store)
    game, rng = game_by_id(game_id), random.Random(seed)
    for _ in range(12):  # a few steps in: hands, boards and actions are not empty
        seat = rng.choice(table.state.waiting_for())
        bot = game.bots.make_bot("easy", seed, seat)
        assert table.state.apply(bot.choose(table.state.view_for(seat), seat)).ok
        settle(table.state)
    return table


def count_views(table: Table, monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Every seat `view_for` is asked for from now on."""
    asked: list[int] = []
    view_for = type(table.state).view_for

    def counted(state: Any, seat: int) -> Any:
        asked.append(seat)
        return view_for(state, seat)

    monkeypatch.setattr(type(table.state), "view_for", counted)
    return asked


@pytest.mark.parametrize("game_id", ["luckybox", "blanco"])
def test_each_seats_state_is_made_once_per_step(
    game_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = a_table(game_id)
    seats = [0, 1, 2, 0, WATCHER, WATCHER]  # seat 0 on two connections, two watchers
    listeners = [Listener() for _ in seats]
    for listener, seat in zip(listeners, seats, strict=True):
        table.listeners[listener] = seat
    asked = count_views(table, monkeypatch)
    texts = table.audience.state_messages(seats, [])
    shared = game_id == "luckybox"
    assert sorted(asked) == ([0] if shared else [WATCHER, 0, 1, 2])
    assert sorted(texts) == [WATCHER, 0, 1, 2]
    for seat, text in texts.items():
        message = p.decode_server(text)
        assert isinstance(message, p.State) and message.seat == seat
        assert message.view == json.loads(
            json.dumps(view_json(wire_of(table.game), table.state.view_for(seat)))
        )
        assert message.version == table.version and message.waiting == table.state.waiting_for()
    if not shared:  # Blanco's seats see different hands: no view is another's
        assert len({json.dumps(p.decode_server(t).view) for t in texts.values()}) == 4


def test_a_step_sends_every_listener_its_seats_state_made_once(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Lucky Box action taken: each connection gets one `state` for its seat, with the
    step's events, from one view made for the whole table."""
    table = a_table("luckybox")
    listeners = {Listener(): seat for seat in (0, 1, 2, 1, WATCHER)}
    table.listeners.update(listeners)
    seat = table.state.waiting_for()[0]
    action = table.state.legal_actions(seat)[0]
    asked = count_views(table, monkeypatch)
    version = table.version
    assert run(table.apply(seat, "a1", action, version)) is None
    assert table.version > version and len(asked) == 1
    for listener, listener_seat in listeners.items():
        (text,) = listener.sent
        message = p.decode_server(text)
        assert isinstance(message, p.State) and message.seat == listener_seat
        assert message.version == table.version and message.events


def test_a_mirror_plays_the_step_its_notice_carries_without_reading_the_database() -> None:
    """Several servers: the owner's `online_tab` notice carries the action it just stored, so
    a process following the table plays it at once; one that is further behind (a notice
    lost) reads what it missed from the database."""
    from game.online.mirror import Mirror

    async def scenario() -> None:
        owner = a_table("luckybox")
        owner.dealt.count = 0  # (a_table's own steps are not stored: start the mirror from them)
        store = owner.store
        mirror = Mirror(owner.row, owner.game, store)
        mirror.dealt.state = owner.state.clone()
        watcher = Listener()
        mirror.listeners[watcher] = WATCHER
        reads: list[int] = []
        actions = store.actions

        def counted(code: str, since: int = 0) -> list[Any]:
            reads.append(since)
            return actions(code, since)

        store.actions = counted  # type: ignore[method-assign]  # this store only
        for step in range(3):
            seat = owner.state.waiting_for()[0]
            action = owner.state.legal_actions(seat)[0]
            assert await owner.apply(seat, f"a{step}", action, owner.version) is None
            assert owner.last_row is not None and owner.last_row.version == owner.version
            if step == 1:
                continue  # this notice is lost
            await mirror.catch_up(owner.version, [owner.last_row])
            assert mirror.version == owner.version
        assert reads == [1]  # the first step played from its notice; after the lost one, read
        states = [p.decode_server(t) for t in watcher.sent]
        assert [s.version for s in states if isinstance(s, p.State)][-1] == owner.version

    run(scenario())


def test_a_mirror_of_a_table_with_computers_makes_no_computer_player(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A mirror shows another process's table: its computers play at the owner, so following
    a table of computer seats makes none of them here (no bot built, none thinking), and a
    client here still gets its seat's own `state`."""
    from game.online.mirror import Mirror

    game = game_by_id("luckybox")
    seats = [SeatRow(0, "Ann", "human")] + [
        SeatRow(i, f"Bot {i}", "computer", "hard") for i in (1, 2)
    ]
    row = TableRow("MIR-ROR", "luckybox", 5, None, "h", 300.0, 0.0, None, seats)
    store = SqliteStore(":memory:")
    store.create_table(row)
    made: list[int] = []
    make_bot = game.bots.make_bot
    monkeypatch.setattr(game.bots, "make_bot", lambda *a: made.append(a[2]) or make_bot(*a))
    owner = Table(row, game, store)
    assert sorted(made) == [1, 2]  # (the owner's computers: the count is live)
    made.clear()
    mirror = Mirror(row, game, store)
    mirror.replay(store.actions(row.code))
    ann = Listener()
    mirror.attach(ann, 0)
    assert made == [] and not hasattr(mirror, "computers")
    (text,) = ann.sent
    state = p.decode_server(text)
    assert isinstance(state, p.State) and state.seat == 0 and state.version == owner.version
