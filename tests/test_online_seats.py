"""Seats over the network: exactly-once actions across a reconnect, stale actions, acting only
for one's own seat with one's own token, and a seat handed to a computer and taken back."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from game.catalog import game_by_id
from game.online import protocol as p
from game.online.client import ClientError, SeatClient
from tests.test_online_helpers import (
    play_locally,
    replayed_record,
    run,
    running_server,
    without_online,
)

BLANCO = game_by_id("blanco")
LUCKYBOX = game_by_id("luckybox")


async def _table(url: str, game: object, players: int = 2, hold: float = 300.0) -> list[SeatClient]:
    clients = [SeatClient(url, game) for _ in range(players)]
    code = await clients[0].open(
        [p.SeatSpec(f"Player {i + 1}") for i in range(players)], seed=31, hold=hold
    )
    for i, client in enumerate(clients[1:], start=1):
        await client.join(code, i)
    return clients


async def _error(client: SeatClient) -> str:
    with pytest.raises(ClientError) as caught:  # (bounded: an error that never comes fails)
        await asyncio.wait_for(client._until(p.State, p.Seated, p.Watching, p.Record), 10)
    return caught.value.code


def test_an_action_resent_after_a_reconnect_is_answered_again_never_applied_twice(
    tmp_path: Path,
) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db") as (url, server):
            host, guest = await _table(url, BLANCO)
            table = server.hub.table(host.table or "")
            bot = BLANCO.bots.make_bot("easy", 31, 0)
            sent = await host.act(bot.choose(host.view(), 0))
            await host.close()  # the line drops before the answer comes
            await host.reconnect()  # resumes the seat and sends the same action again
            while host.pending is not None:
                await host.receive()
            assert [(a.id, a.version) for a in host.acks] == [(sent.id, 1)]
            await host.send(sent)  # and once more, by hand
            await host._until(p.Ack)
            assert [(a.id, a.version) for a in host.acks] == [(sent.id, 1), (sent.id, 1)]
            assert table.version == 1 and len(table.store.actions(table.code)) == 1
            assert host.version == 1 and host.reconnects == 1
            for client in (host, guest):
                await client.close()

    run(scenario())


def test_a_stale_action_is_refused_with_the_current_view(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db") as (url, server):
            first, second = await _table(url, LUCKYBOX)
            # Both seats keep their cards at once, each against version 0.
            chosen = [
                LUCKYBOX.bots.make_bot("easy", 31, i).choose(c.view(), i)
                for i, c in enumerate((first, second))
            ]
            await first.act(chosen[0])
            await first._until(p.Ack)
            late = await second.act(chosen[1])  # second has not read the news: version 0
            refused = await second._until(p.Refused)
            assert (refused.id, refused.code, refused.version) == (late.id, "stale", 1)
            fresh = await second._until(p.State)
            assert fresh.version == 1 and fresh.events == []
            assert server.hub.table(first.table or "").version == 1
            assert second.may_act()  # chosen again against version 1, it is taken
            await second.act(chosen[1])
            ack = await second._until(p.Ack)
            assert ack.version == 2
            for client in (first, second):
                await client.close()

    run(scenario())


def test_a_seat_is_acted_for_by_its_own_client_only(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db") as (url, server):
            host, guest = await _table(url, BLANCO)
            table = server.hub.table(host.table or "")
            code = host.table or ""
            # The guest (seat 1) tries the host's set-up move.
            move = BLANCO.bots.make_bot("easy", 31, 0).choose(host.view(), 0)
            await guest.act(move)
            with pytest.raises(ClientError) as refused:
                await guest._until(p.Ack)
            assert refused.value.code == "not_your_seat" and table.version == 0
            stranger = SeatClient(url, BLANCO)
            await stranger.connect()
            for seat in (0, 1, None):  # a code takes free seats only
                await stranger.send(p.Join(code, seat))
                assert await _error(stranger) == ("no_free_seat" if seat is None else "seat_taken")
            await stranger.send(p.Resume(code, 0, guest.token or ""))  # another seat's token
            assert await _error(stranger) == "bad_token"
            await stranger.send(p.Resume(code, 1, "x" * 22))
            assert await _error(stranger) == "bad_token"
            await stranger.send(p.HandOver(code, guest.token or "", 1, "easy"))
            assert await _error(stranger) == "not_host"
            await stranger.send(p.Join("ZZZ-ZZZ", None))
            assert await _error(stranger) == "no_such_table"
            await stranger.watch(code.lower().replace("-", ""))  # typed loosely: same table
            await stranger.send(p.Act(0, "a1", {"player": 0, "setup": {}}))
            assert await _error(stranger) == "no_seat"
            await stranger.send(p.GetRecord(code))
            assert await _error(stranger) == "not_finished"
            assert table.version == 0
            assert table.row.seats[0].token_hash != host.token  # only hashes are kept
            for client in (host, guest, stranger):
                await client.close()

    run(scenario())


def test_a_seat_handed_to_a_computer_is_taken_back_with_its_token(tmp_path: Path) -> None:
    async def scenario() -> dict:
        async with running_server(tmp_path / "t.db") as (url, server):
            hold = 1.0  # long enough that a slow machine answers the next line within it
            host, guest = await _table(url, BLANCO, hold=hold)
            table = server.hub.table(host.table or "")
            await host.hand_over(1, "easy")
            assert await _error(host) == "seat_connected"
            await guest.close()
            for _ in range(500):  # until the server has seen the player go (at most 10 s)
                if 1 not in table.listeners.values():
                    break
                await asyncio.sleep(0.02)
            await host.hand_over(1, "easy")
            assert await _error(host) == "held"  # held for its player for the hold
            await asyncio.sleep(hold + 0.05)
            await host.hand_over(1, "easy")
            bots = [BLANCO.bots.make_bot("easy", 31, i) for i in range(2)]
            playing = asyncio.create_task(host.play(bots[0].choose))
            while sum(1 for seat, aid in table.done_ids if seat == 1) < 3:
                await asyncio.sleep(0.02)
            assert table.row.seats[1].kind == "computer"
            await guest.resume()  # the player is back: the seat is theirs again
            assert table.row.seats[1].kind == "human" and guest.seats[1].kind == "human"
            while 1 not in table.state.waiting_for():
                await asyncio.sleep(0.02)
            version = table.version
            await asyncio.sleep(0.3)
            assert table.version == version, "the computer no longer plays seat 1"
            await asyncio.gather(playing, guest.play(bots[1].choose))
            record = await host.record()
            for client in (host, guest):
                await client.close()
            computer = [
                aid for seat, aid in table.done_ids if seat == 1 and aid.startswith("~computer-")
            ]
            assert len(computer) >= 3
            return record

    record = run(scenario())
    assert record["online"]["seats"][1] == {"kind": "human", "level": "easy"}
    assert record["actions"] and record["players"] == ["Player 1", "Player 2"]


def test_a_table_of_computers_and_one_person(tmp_path: Path) -> None:
    """Computer seats opened as such play on the server, from their seat's view only."""

    async def scenario() -> dict:
        async with running_server(tmp_path / "t.db") as (url, _):
            host = SeatClient(url, BLANCO)
            await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", computer="easy")], seed=31)
            await host.play(BLANCO.bots.make_bot("easy", 31, 0).choose)
            record = await host.record()
            await host.close()
            return record

    record = run(scenario())
    local = without_online(play_locally("blanco", 2, "easy", 31))
    assert without_online(record) == {**local, "players": ["Ann", "Bot"]}


def test_a_lucky_box_table_of_computers_alone_plays_to_the_end(tmp_path: Path) -> None:
    """Nobody sits: three computers choose at once (Lucky Box), so one of them is often
    second to a step it did not see. It thinks again rather than stopping (it used to send its
    stale action, be refused, and leave the table waiting for it at version 2 for good). A
    watcher sees the game end, and the record replays as the game Lucky Box deals."""

    async def scenario() -> tuple[dict, int]:
        async with running_server(tmp_path / "t.db") as (url, server):
            host = SeatClient(url, LUCKYBOX)
            seats = [p.SeatSpec(f"Bot {i + 1}", computer="easy") for i in range(3)]
            code = await host.open(seats, seed=7, sit=None)
            watcher = SeatClient(url, LUCKYBOX)
            await watcher.watch(code)
            while not watcher.over:
                await watcher.receive()
            record = await host.record()
            for client in (host, watcher):
                await client.close()
            return record, server.hub.table(code).version

    record, version = run(scenario(), timeout=60)
    assert version > 100 and len(record["actions"]) == version
    assert replayed_record(without_online(record)) == without_online(record)


def test_opening_checks_the_game_seats_and_options(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.db") as (url, server):
            host = SeatClient(url, LUCKYBOX)
            code = await host.open([p.SeatSpec("Ann")], seed=5, options={"token_supply": "limited"})
            assert server.hub.table(code).state.options.token_supply == "limited"
            wrong = [
                p.Open("luckybox", [p.SeatSpec("A")], options={"token_supply": "lots"}),
                p.Open("blanco", [p.SeatSpec(f"P{i}") for i in range(6)]),
                p.Open("blanco", [p.SeatSpec("A", computer="genius")]),
                p.Open("blanco", [p.SeatSpec("A", computer="easy")], sit=0),
                p.Open("chess", [p.SeatSpec("A")]),
            ]
            for message in wrong:
                await host.send(message)
                assert await _error(host) in ("bad_open", "no_such_game")
            assert len(server.hub.tables) == 1
            for _ in range(4):
                await host.open([p.SeatSpec("Ann")], sit=None)
            await host.send(p.Open("luckybox", [p.SeatSpec("A")]))
            assert await _error(host) == "too_many_tables"
            assert len(server.hub.tables) == 5
            await host.close()

    run(scenario())


def test_a_joiner_names_their_seat_everyone_sees_it_and_it_outlives_a_restart(
    tmp_path: Path,
) -> None:
    """A friend joining with their own name replaces the host's name for the seat: the seat
    list and every seat's view (the rules state's names) say it at once, including a game
    already under way (Lucky Box's seats choose at once, so the host has moved already), and a
    restarted server deals the table under it. Without a name the host's stays."""

    async def scenario() -> None:
        db = tmp_path / "t.db"
        async with running_server(db) as (url, server):
            host = SeatClient(url, LUCKYBOX)
            code = await host.open(
                [p.SeatSpec("Ann"), p.SeatSpec("Player 2"), p.SeatSpec("Player 3")],
                seed=31,
                sit=0,
            )
            await host.act(LUCKYBOX.bots.make_bot("easy", 31, 0).choose(host.view(), 0))
            await host._until(p.Ack)
            zoe, other = SeatClient(url, LUCKYBOX), SeatClient(url, LUCKYBOX)
            # Runs of spaces and a control character come out of the name; it keeps its accent.
            assert await zoe.join(code, 1, "  Zoé\t \x07Martin ") == 1
            assert await other.join(code, None) == 2
            names = ["Ann", "Zoé Martin", "Player 3"]
            assert [s.name for s in zoe.seats] == names
            assert list(zoe.view().names) == names and zoe.version == 1
            while list(host.view().names) != names:  # the host's view is sent again at once
                await host.receive()
            assert host.version == 1 and [s.name for s in host.seats] == names
            table = server.hub.table(code)
            assert list(table.state.names) == names and table.version == 1
            assert [s.name for s in table.store.tables()[0].seats] == names
            # The game goes on under the new name: Zoé keeps her cards.
            await zoe.act(LUCKYBOX.bots.make_bot("easy", 31, 1).choose(zoe.view(), 1))
            await zoe._until(p.Ack)
            for client in (host, zoe, other):
                await client.close()
        async with running_server(db) as (url, server):
            restored = server.hub.table(code)
            assert list(restored.state.names) == names and restored.version == 2

    run(scenario())


def test_a_line_that_fails_while_resuming_is_closed_not_only_forgotten(tmp_path: Path) -> None:
    """A resume that times out on a line still open (a server that stopped answering) moves on
    to a new line; the old one's socket is closed then, not left open until collected."""

    async def scenario() -> None:
        async with running_server(tmp_path / "t.db") as (url, _server):
            host, guest = await _table(url, BLANCO)
            stuck = host.ws
            assert stuck is not None
            real_resume = host.resume
            tries = 0

            async def resume() -> None:
                nonlocal tries
                tries += 1
                if tries == 1:
                    raise TimeoutError("no answer")  # the line is open but says nothing
                await real_resume()

            host.resume = resume  # type: ignore[method-assign]
            await host.reconnect()
            assert tries == 2 and host.ws is not None and host.ws is not stuck
            assert stuck.transport.is_closing(), "the failed line's socket was left open"
            for client in (host, guest):
                await client.close()

    run(scenario())
