"""No frame the server sends tells a seat more than that seat may know.

Whole games of both games are played through the server with a watcher at the table, and every
frame each connection received is kept. Each view must be exactly the game's `view_for(seat)`
at that version (replayed locally), each event exactly `redact(event, seat)`; the raw bytes
must not hold the seed, the bottom of the deck, nor (Blanco) another seat's hidden card.
"""

from __future__ import annotations

import asyncio
import json
from pathlib import Path
from typing import Any

import pytest

from game.catalog import game_by_id
from game.core import records
from game.online import protocol as p
from game.online.client import SeatClient
from game.online.codec import event_json, view_json, wire_of
from tests.test_online_helpers import run, running_server

SEED = 918273645  # a number no card list or count could spell by chance
PLAYERS = 3
WATCHER = -1


class Played:
    def __init__(self, game_id: str, record: dict[str, Any], frames: dict[int, list[str]]) -> None:
        self.game = game_by_id(game_id)
        self.record = record
        self.frames = frames  # seat (WATCHER for the watcher) -> every raw frame received
        done = records.replay(record, self.game)
        _, _, state, _, _ = records.open_record({**record, "actions": []}, self.game.rules)
        self.snapshots = [state.clone()]  # the table at each version
        self.events: list[list[Any]] = [[]]  # the events that made each version
        for step in done.state.actions:
            outcome = state.apply(step)
            assert outcome.ok, outcome.refusal
            events = list(outcome.events)
            while not state.waiting_for() and not state.is_terminal():
                events.extend(state.advance())
            self.snapshots.append(state.clone())
            self.events.append(events)
        self.deck = list(state.deck_order) if hasattr(state, "deck_order") else list(state.deck)
        self._decoded: dict[int, list[tuple[str, Any]]] = {}

    def messages(self, seat: int) -> list[tuple[str, Any]]:
        """Every frame the seat received, with its decoded message (decoded once: each check
        reads them all)."""
        if seat not in self._decoded:
            self._decoded[seat] = [(text, p.decode_server(text)) for text in self.frames[seat]]
        return self._decoded[seat]

    def states(self, seat: int) -> list[tuple[str, p.State]]:
        return [(text, m) for text, m in self.messages(seat) if isinstance(m, p.State)]


async def _play(game_id: str, db: Path) -> Played:
    game = game_by_id(game_id)
    frames: dict[int, list[str]] = {}
    seat_of: dict[int, int] = {}

    def keep(client: SeatClient, text: str) -> None:
        frames.setdefault(seat_of.get(id(client), -2), []).append(text)

    async with running_server(db) as (url, _):
        clients = [SeatClient(url, game, keep) for _ in range(PLAYERS)]
        for i, c in enumerate(clients):
            seat_of[id(c)] = i
        watcher = SeatClient(url, game, keep)
        seat_of[id(watcher)] = WATCHER
        code = await clients[0].open([p.SeatSpec(f"P{i}") for i in range(PLAYERS)], SEED)
        for i, c in enumerate(clients[1:], start=1):
            await c.join(code, i)
        await watcher.watch(code)
        bots = [game.bots.make_bot("easy", SEED, i) for i in range(PLAYERS)]

        async def watch() -> None:
            while not watcher.over:
                await watcher.receive()

        await asyncio.gather(watch(), *(c.play(bots[i].choose) for i, c in enumerate(clients)))
        record = await clients[0].record()
        for c in [*clients, watcher]:
            await c.close()
    frames.pop(-2, None)
    return Played(game_id, record, frames)


@pytest.fixture(scope="module", params=["luckybox", "blanco"])
def played(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Played:
    db = tmp_path_factory.mktemp("leaks") / "t.db"
    return run(_play(request.param, db), timeout=60)


def test_every_view_and_event_is_what_view_for_and_redact_give(played: Played) -> None:
    for seat in [*range(PLAYERS), WATCHER]:
        states = played.states(seat)
        assert states and states[-1][1].over, f"seat {seat} did not see the end"
        for _, message in states:
            assert message.seat == seat
            snapshot = played.snapshots[message.version]
            wire = wire_of(played.game)
            assert message.view == json.loads(json.dumps(view_json(wire, snapshot.view_for(seat))))
            redacted = [
                event_json(wire, r)
                for e in played.events[message.version]
                if (r := snapshot.redact(e, seat)) is not None
            ]
            assert message.events in ([], json.loads(json.dumps(redacted)))
        live = [m for _, m in states if m.events]
        assert len(live) > 10, "the seat was sent the game's events as it went"


def _before_the_end(played: Played, seat: int) -> list[str]:
    out = []
    for text, message in played.messages(seat):
        if isinstance(message, p.Record) or isinstance(message, p.State) and message.over:
            break
        out.append(text)
    return out


def test_no_frame_holds_the_bottom_of_the_deck(played: Played) -> None:
    bottom = ",".join(map(str, played.deck[-8:]))
    for seat in [*range(PLAYERS), WATCHER]:
        for text in _before_the_end(played, seat):
            assert bottom not in text


def test_no_frame_holds_the_seed_before_the_end(played: Played) -> None:
    for seat in [*range(PLAYERS), WATCHER]:
        for text in _before_the_end(played, seat):
            assert str(SEED) not in text


def test_blanco_frames_hold_no_other_seats_hidden_card(played: Played) -> None:
    if played.game.id != "blanco":
        pytest.skip("every Lucky Box card is face up")
    for seat in [*range(PLAYERS), WATCHER]:
        for _, message in played.states(seat):
            # The view's JSON as a client in any language reads it (no decoding): its players'
            # cards, the piles; it has no seed at all.
            view = message.view
            assert "seed" not in view
            for i, player in enumerate(view["players"]):
                if i != seat:
                    assert set(player["hand"]) <= {0}, (seat, i, player["hand"])
                for r, row in enumerate(player["grid"]):
                    for c, card in enumerate(row):
                        seen = player["up"][r][c] or (i == seat and player["known"][r][c])
                        assert seen or card == 0, (seat, i, r, c)
            assert set(view["pile"]) <= {0} and set(view["deck"]) == {0}
