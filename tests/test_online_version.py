"""The protocol's version: a client and a server of different versions refuse each other in
one clear line ("update the game"), which the app says in the player's language. A real server
on 127.0.0.1 (port 0) meets a raw client of version 1 (it sent no version) and of a later one;
a real client, and a real app window driven by pygame events, meet a real (minimal) server of
version 1 on 127.0.0.1."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from websockets.asyncio.server import ServerConnection, serve

from game.catalog import game_by_id
from game.core import i18n
from game.online import protocol as p
from game.online.client import ClientError, SeatClient
from game.online.ui.words import error_line
from tests.test_online_helpers import LoopThread, run, running_server
from tests.test_online_ui import open_menu, until
from tests.ui_helpers import click, type_text


def test_the_protocol_is_version_2_and_says_so() -> None:
    assert p.PROTOCOL_VERSION == 2
    for message in (p.Open("luckybox", [p.SeatSpec("A")]), p.Join("ABC-DEF"), p.Watch("X")):
        assert json.loads(p.encode(message))["protocol"] == 2
    opened = p.decode_server(p.encode(p.Opened("ABC-DEF", "t")))
    assert isinstance(opened, p.Opened) and opened.protocol == 2
    # What a version-1 side sent had no version: it reads as 1, on either side.
    old = p.decode_client('{"type": "watch", "table": "ABC-DEF"}')
    assert isinstance(old, p.Watch) and old.protocol == 1
    old_answer = p.decode_server('{"type": "opened", "table": "ABC-DEF", "host_token": "t"}')
    assert isinstance(old_answer, p.Opened) and old_answer.protocol == 1


async def _answer_to(url: str, text: str) -> dict[str, Any]:
    from websockets.asyncio.client import connect

    async with connect(url) as ws:
        await ws.send(text)
        answer: dict[str, Any] = json.loads(await ws.recv())
        return answer


def test_a_server_refuses_a_client_of_another_version_in_one_line(tmp_path: Path) -> None:
    async def scenario() -> list[dict[str, Any]]:
        async with running_server(tmp_path / "t.db") as (url, _):
            host = SeatClient(url, game_by_id("luckybox"))
            code = await host.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=1, sit=0)
            answers = [
                await _answer_to(url, json.dumps({"type": "watch", "table": code})),
                await _answer_to(url, json.dumps({"type": "join", "table": code, "protocol": 3})),
                await _answer_to(
                    url, json.dumps({"type": "open", "game": "luckybox", "seats": [{"name": "A"}]})
                ),
            ]
            # the same requests at this version are served
            fine = await _answer_to(url, p.encode(p.Watch(code)))
            assert fine["type"] == "watching" and fine["protocol"] == 2
            await host.close()
            return answers

    for answer in run(scenario()):
        assert answer["type"] == "error" and answer["code"] == "version", answer
        assert "update the game" in answer["message"] and "\n" not in answer["message"]


async def _refusal(client: SeatClient, step: str, code: str) -> ClientError:
    """What the client gets for opening, joining or watching (`step`) table `code`."""
    try:
        if step == "open":
            await client.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=3, sit=0)
        elif step == "join":
            await client.join(code, 1)
        else:
            await client.watch(code)
    except ClientError as err:
        return err
    finally:
        await client.close()
    raise AssertionError(f"a {step} across protocol versions was served")


@pytest.mark.parametrize(
    ("client_version", "server_version"),
    [(1, 2), (2, 3), (2, 1), (3, 2)],  # the game older, then the server older
)
def test_a_real_client_and_server_of_different_versions_refuse_each_other_in_one_line(
    tmp_path: Path, client_version: int, server_version: int
) -> None:
    """A real server on 127.0.0.1 and real protocol clients (game/online/client.py), one side
    speaking another version: opening, joining and watching are each refused with the same
    one line ("update the game", both versions named), and the server serves on."""

    async def scenario() -> list[ClientError]:
        async with running_server(tmp_path / "t.db") as (url, game_server):
            game = game_by_id("blanco")
            host = SeatClient(url, game)
            code = await host.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=3, sit=0)
            game_server.protocol = server_version
            refusals = []
            for step in ("open", "join", "watch"):
                client = SeatClient(url, game)
                client.protocol = client_version
                refusals.append(await _refusal(client, step, code))
            game_server.protocol = p.PROTOCOL_VERSION  # this build again: served as before
            joiner = SeatClient(url, game)
            assert await joiner.join(code, 1) == 1
            await joiner.close()
            await host.close()
            return refusals

    for err in run(scenario()):
        assert err.code == "version"
        assert err.detail == (
            f"{p.VERSION_LINE} (the server {server_version}, the game {client_version})"
        )
        assert "update the game" in err.detail and "\n" not in err.detail


async def _old_server(answer: dict[str, Any]) -> Any:
    """A server of version 1 on 127.0.0.1: it answers any message with `answer`."""

    async def handler(ws: ServerConnection) -> None:
        async for _ in ws:
            await ws.send(json.dumps(answer))

    return await serve(handler, "127.0.0.1", 0)


@pytest.mark.parametrize(
    "answer",
    [
        # version 1 answered an `open` without a version...
        {"type": "opened", "table": "ABC-DEF", "host_token": "t", "rate": 30.0},
        # ...and refused the `protocol` field it did not know
        {
            "type": "error",
            "code": "bad_message",
            "message": "Object contains unknown field `protocol` - at `$`",
        },
        # a later version
        {"type": "seated", "table": "ABC-DEF", "seat": 0, "token": "t", "protocol": 3},
    ],
)
def test_a_client_refuses_a_server_of_another_version_in_one_line(answer: dict[str, Any]) -> None:
    async def scenario() -> ClientError:
        server = await _old_server(answer)
        port = server.sockets[0].getsockname()[1]
        client = SeatClient(f"ws://127.0.0.1:{port}", game_by_id("blanco"))
        try:
            await client.join("ABC-DEF", 0) if answer["type"] == "seated" else await client.open(
                [p.SeatSpec("A")]
            )
        except ClientError as err:
            return err
        finally:
            await client.close()
            server.close()
            await server.wait_closed()
        raise AssertionError("the client took a server of another version")

    err = run(scenario())
    assert err.code == "version" and "update the game" in err.detail and "\n" not in err.detail


def test_the_app_says_update_the_game_in_every_language() -> None:
    before = i18n.language()
    try:
        lines = {}
        for lang in ("en", "fr", "de"):
            i18n.set_language(lang)
            lines[lang] = error_line("version")
    finally:
        i18n.set_language(before)
    assert lines["en"] == "This game and the server are of different versions: update the game."
    assert "mets le jeu à jour" in lines["fr"] and "Aktualisiere das Spiel" in lines["de"]
    assert len(set(lines.values())) == 3
    assert not any("version)" in line or "{" in line for line in lines.values())


def test_a_client_of_this_version_is_served(tmp_path: Path) -> None:
    async def scenario() -> int:
        async with running_server(tmp_path / "t.db") as (url, _):
            client = SeatClient(url, game_by_id("blanco"))
            await client.open([p.SeatSpec("A"), p.SeatSpec("B")], seed=2, sit=0)
            view = client.view()
            await client.close()
            return len(view.players)

    assert run(scenario()) == 2


class OldServerThread:
    """A server of version 1 on 127.0.0.1, on a loop in a thread of its own (the app's link has
    its own): it refuses the `protocol` field it does not know, as version 1 did."""

    def __init__(self) -> None:
        answer = {
            "type": "error",
            "code": "bad_message",
            "message": "Object contains unknown field `protocol` - at `$`",
        }
        self.running = LoopThread()
        self.server = self.running.call(_old_server(answer), 10)
        self.url = f"ws://127.0.0.1:{self.server.sockets[0].getsockname()[1]}"

    def close(self) -> None:
        async def ending() -> None:
            self.server.close()
            await self.server.wait_closed()

        self.running.close(ending)  # (the app's link may be coming back meanwhile: ended too)


def test_the_app_joining_at_an_older_server_says_update_the_game(app) -> None:
    """A real app window, a code typed into Join, a server of version 1: the lobby says in one
    line, in the player's language, to update the game."""
    old = OldServerThread()
    try:
        menu = open_menu(app, old.url)
        click(app, menu.widget("join").rect.center, 2)
        join = app.stack.top
        click(app, join.widget("code").rect.center)
        type_text(app, "KQ7-4XM")
        i18n.set_language("de")
        click(app, join.widget("go").rect.center, 2)
        lobby = app.stack.top
        until(app, lambda: lobby.problem != "", what="the refusal")
        assert lobby.problem == (
            "Dieses Spiel und der Server haben verschiedene Versionen: Aktualisiere das Spiel."
        )
    finally:
        i18n.set_language("en")
        old.close()
