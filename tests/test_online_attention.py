"""Your turn, even in the background: while the app's window is behind others (a real
WINDOWFOCUSLOST posted to the real app), an online table waiting for this player, or a friend
coming to the lobby, flashes the window and plays a short sound, once; never while the window is
in front. Real server on 127.0.0.1 (port 0), real clients for the friends."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.core.ui.toolkit import attention
from game.online.client import SeatClient
from tests.test_online_ui import ServerThread, host_table, our_moves, until
from tests.ui_helpers import frames


class Recorded:
    """The app's own signals, wrapped: each call is noted, then made for real."""

    def __init__(self, real: attention.Signals) -> None:
        self.real = real
        self.calls: list[str] = []

    def flash(self) -> None:
        self.calls.append("flash")
        self.real.flash()  # the real window's flash: a no-op on the dummy driver, no error

    def play(self, sound: str) -> None:
        self.calls.append(f"play {sound}")
        self.real.play(sound)


@pytest.fixture
def server(tmp_path: Path) -> Any:
    running = ServerThread(tmp_path / "tables.sqlite3")
    yield running
    running.close()


@pytest.fixture
def signals(app: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[Recorded, list[str]]:
    """The app's attention signals recorded, and the sounds that reached the app's audio."""
    recorded = Recorded(app.ctx.attention.signals)
    app.ctx.attention.signals = recorded
    heard: list[str] = []
    audio_play = app.ctx.audio.play

    def play(name: str) -> None:
        if name == attention.SOUND:  # (not the cards' and buttons' own sounds; Blanco's
            heard.append(name)  # have their own names)
        audio_play(name)

    monkeypatch.setattr(app.ctx.audio, "play", play)
    return recorded, heard


def window_event(app: Any, kind: int) -> None:
    pygame.event.post(pygame.event.Event(kind, window=None))
    frames(app, 1)


ASKED_ONCE = ["flash", f"play {attention.SOUND}"]


def ours(table: Any) -> bool:
    session = table.session
    return bool(session.next_seat() == session.seat)


def test_our_turn_asks_once_while_behind_and_again_at_the_next_turn(app, server, signals) -> None:
    recorded, heard = signals
    app.ctx.settings.animation_speed = 8.0
    lobby = host_table(app, server.url, ["human"])
    until(app, lambda: lobby.code != "" and lobby.seats, what="the lobby")
    friend = SeatClient(server.url, BLANCO)
    assert server.call(friend.join(lobby.code)) == 1
    until(app, lambda: app.stack.top is not lobby, what="the table")
    table = app.stack.top
    # In front: the friend came and the set-up waits for us, and nothing asks.
    until(app, lambda: ours(table), what="our set-up")
    frames(app, 5)
    assert recorded.calls == [] and heard == []
    # The friend thinks a moment before each move (a person would), so each of their turns
    # is seen on its own.
    playing = server.spawn(friend.play(BLANCO.bots.make_bot("easy", 6, 1).choose, pace=0.3))
    while ours(table):  # our set-up, in front
        assert our_moves(app, table, 1) == 1
    assert recorded.calls == []

    window_event(app, pygame.WINDOWFOCUSLOST)
    assert not app.ctx.attention.focused
    for turn in (1, 2):
        until(app, lambda: ours(table), what="our turn")
        assert recorded.calls == ASKED_ONCE * turn  # the window flashed, the sound played
        assert heard == [attention.SOUND] * turn  # ... through the app's audio
        frames(app, 20)  # the turn goes on waiting: nothing more
        while ours(table):  # our whole turn (Blanco's may be several actions)
            assert our_moves(app, table, 1) == 1
            assert recorded.calls == ASKED_ONCE * turn  # none twice in one turn

    # Back in front: the next turn asks nothing.
    window_event(app, pygame.WINDOWFOCUSGAINED)
    until(app, lambda: not ours(table), what="the friend's turn")
    until(app, lambda: ours(table) or table.state.is_terminal(), what="our turn")
    frames(app, 5)
    assert recorded.calls == ASKED_ONCE * 2 and heard == [attention.SOUND] * 2
    playing.cancel()
    server.call(friend.close())


def test_a_friend_coming_to_the_lobby_asks_once_while_behind(app, server, signals) -> None:
    recorded, heard = signals
    lobby = host_table(app, server.url, ["human", "human", "human"])
    until(app, lambda: lobby.ready and lobby.code != "" and lobby.seats, what="the lobby")
    friends = [SeatClient(server.url, BLANCO) for _ in range(3)]

    def comes(i: int) -> None:
        assert server.call(friends[i].join(lobby.code)) == i + 1
        until(app, lambda: lobby.seats[i + 1].connected, what=f"friend {i + 1} in the lobby")
        frames(app, 3)

    comes(0)  # in front: nothing asks
    assert app.stack.top is lobby and recorded.calls == [] and heard == []
    window_event(app, pygame.WINDOWFOCUSLOST)
    comes(1)  # behind: asks once
    assert app.stack.top is lobby
    assert recorded.calls == ASKED_ONCE and heard == [attention.SOUND]
    # The friend leaves and comes back: not news.
    server.call(friends[1].close())
    until(app, lambda: not lobby.seats[2].connected, what="friend 2 gone")
    server.call(friends[1].resume())  # the same client, its seat's token
    until(app, lambda: lobby.seats[2].connected, what="friend 2 back")
    frames(app, 10)
    assert recorded.calls == ASKED_ONCE
    window_event(app, pygame.WINDOWFOCUSGAINED)
    comes(2)  # in front again: nothing; the table opens by itself, our set-up waits, in front
    until(app, lambda: app.stack.top is not lobby, what="the table")
    frames(app, 5)
    assert recorded.calls == ASKED_ONCE and heard == [attention.SOUND]
    for friend in friends:
        server.call(friend.close())
