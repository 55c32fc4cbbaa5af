"""The Join screen's tables nearby, for real: a `main.py --serve --announce` process (the
hosting instance) announces its tables by mDNS on the loopback interface, and the app in this
process (real pygame events) lists them beside the code field, joins one with one click,
follows them as they come and go, and rests while nothing changes. Screenshots of the list
(and of it empty) in en/fr/de, each at 1024x768 or 2560x1080 (drawn each run). Multicast on
lo: tests/nearby_helpers.py (skipped, saying why, where it cannot be set up)."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.blanco.entry import BLANCO
from game.blanco.ui.table.kit import BlancoKit
from game.core import i18n
from game.luckybox.entry import LUCKYBOX
from game.online import nearby, protocol as p
from game.online.client import SeatClient
from game.online.ui.menu import JoinScene
from tests.nearby_helpers import codes, on_loopback
from tests.support import online_kit_table
from tests.sweep import combinations, every_combination
from tests.test_online_helpers import run
from tests.test_online_hosting import Driven
from tests.test_online_ops import ServerProcess
from tests.test_online_ui import click_for_lobby, open_menu, until
from tests.test_text_overlaps import Frames, watched_frames
from tests.ui_helpers import SCREENSHOTS, click, frames

#: Seconds a table announced may take to be listed (and our seat to be given): a deadline
#: polled, failing only a hang (the browser's queries come within seconds, later on a busy
#: machine).
FOUND_WITHIN = 60

__all__ = ["on_loopback"]  # (the fixture, used by name)


@pytest.fixture
def hosting(tmp_path: Path, on_loopback: None) -> Iterator[ServerProcess]:
    """The hosting instance: `main.py --serve --announce` in a process of its own."""
    process = ServerProcess(tmp_path / "tables.sqlite3", tmp_path / "server.log", "--announce")
    process.start()
    yield process
    process.kill()


def url_of(process: ServerProcess) -> str:
    return f"ws://127.0.0.1:{process.port}"


def open_table(url: str, game: Any = BLANCO, host: str = "Ann", seats: int = 2) -> str:
    """A table the host opened (and sat at, then left: the seat stays theirs)."""
    client = SeatClient(url, game)

    async def opened() -> str:
        try:
            names = [host, *(f"Friend {i}" for i in range(1, seats))]
            return await client.open([p.SeatSpec(n) for n in names])
        finally:
            await client.close()

    return run(opened())


def join_screen(app: Any) -> JoinScene:
    menu = open_menu(app, "ws://127.0.0.1:9")  # (not the hosting server: found nearby)
    click(app, menu.widget("join").rect.center, 2)
    join = app.stack.top
    assert isinstance(join, JoinScene)
    return join


def rows(join: JoinScene) -> list[str]:
    """The tables listed, as their buttons say."""
    names = sorted(n for n in join.widgets if n.startswith("nearby_"))
    return [join.buttons[n].label for n in names]


def test_the_join_screen_lists_the_table_nearby_and_one_click_joins_it(app, hosting) -> None:
    url = url_of(hosting)
    code = open_table(url)
    # A browser of the test's own hears the table announced, then withdrawn once it is full
    # (waited for, not slept on: a busy machine sends the goodbye late, not never)
    browser = nearby.Browser(["blanco"]).start()
    try:
        join = join_screen(app)
        until(app, lambda: rows(join) != [], FOUND_WITHIN, "the table nearby")
        assert rows(join) == ["Blanco · Ann · 1 free seat"]
        until(app, lambda: code in codes(browser), FOUND_WITHIN, "the test's browser to hear it")
        lobby = click_for_lobby(app, join.widget("nearby_0").rect.center)
        assert (join.server.text, join.code.text) == (url, code)  # filled from the announcement
        until(app, lambda: lobby.link.client.seat is not None, FOUND_WITHIN, "our seat")
        assert (lobby.link.url, lobby.link.client.table, lobby.link.client.seat) == (url, code, 1)
        until(app, lambda: code not in codes(browser), FOUND_WITHIN, "the full table withdrawn")
    finally:
        browser.close()


def test_the_list_follows_tables_coming_and_going_and_a_still_screen_rests(app, hosting) -> None:
    from tests.test_idle import SECOND, drawn_in, settle

    url = url_of(hosting)
    join = join_screen(app)
    frames(app, 2)
    assert rows(join) == []
    open_table(url, LUCKYBOX, "Zoé", seats=3)
    until(app, lambda: len(rows(join)) == 1, FOUND_WITHIN, "the first table")
    open_table(url, BLANCO, "Ann")
    until(app, lambda: len(rows(join)) == 2, FOUND_WITHIN, "the second table")
    assert rows(join) == [
        "Blanco · Ann · 1 free seat",
        "Super Mega Lucky Box · Zoé · 2 free seats",
    ]
    settle(app)
    assert drawn_in(app, SECOND) == 0  # a still Join screen draws nothing
    status, _ = hosting.terminate()  # the hosting instance stops: its tables go
    assert status == 0
    end = time.monotonic() + 15
    while not drawn_in(app, 1):  # the news comes in its own time, and is drawn
        assert time.monotonic() < end, "the tables going were never drawn"
        time.sleep(0.005)
    until(app, lambda: rows(join) == [], 15, "the tables withdrawn")
    settle(app)
    assert drawn_in(app, SECOND) == 0  # and the empty list rests too


def test_a_frame_never_waits_for_the_network(app, on_loopback, monkeypatch) -> None:
    """The browser joins the network and reads announcements in its own thread: with joining
    the network stuck (a network that never answers), the Join screen opens and draws its
    frames, and the join is tried in the browser's thread, never in the frames'."""
    stuck, joining = threading.Event(), []

    def never_joins(interfaces: Any) -> Any:
        joining.append(threading.current_thread())
        stuck.wait(30)  # (a frame that waited here would wait this long, then fail below)
        raise OSError("no network (the test's)")

    monkeypatch.setattr(nearby, "zeroconf_on", never_joins)
    menu = open_menu(app, "ws://127.0.0.1:9")
    try:
        click(app, menu.widget("join").rect.center, 1)
        assert isinstance(app.stack.top, JoinScene)
        end = time.monotonic() + 15
        while not joining:
            assert time.monotonic() < end, "the browser never tried to join the network"
            frames(app, 1)
            time.sleep(0.005)
        frames(app, 30)
        assert isinstance(app.stack.top, JoinScene)
        # The frames were drawn while the join was stuck, which was tried in a thread of its own.
        assert joining == [joining[0]] and joining[0] is not threading.main_thread()
        assert joining[0].is_alive()
    finally:
        stuck.set()


SIZES = [(1024, 768), (2560, 1080)]


@pytest.fixture
def texts(monkeypatch: pytest.MonkeyPatch) -> Iterator[Frames]:
    yield from watched_frames(monkeypatch)


#: The Join screen's pictures: each language, and German at Large text (its longest words).
LOOKS = [("en", False), ("fr", False), ("de", False), ("de", True)]


@pytest.mark.sampled
def test_join_screen_pictures_with_tables_nearby(data_dir, hosting, texts) -> None:
    """The Join screen with tables nearby and with none, in English, French and German, at
    normal and Large text (saved under the screenshots folder, nearby/): each row in the words
    of its language, and no text leaving the window, spilling out of its widget or overlapping
    another (test_text_overlaps' checks of each picture's frame). Each look at a window size
    drawn for the run, every size at least once (tests/sweep.py; SMLB_SWEEP=all takes each
    look at both sizes)."""
    from game.catalog import new_app

    cases = combinations(
        f"{__name__}.test_join_screen_pictures_with_tables_nearby",
        {"look": LOOKS, "size": SIZES},
        every_combination(),
    )
    url = url_of(hosting)
    folder = SCREENSHOTS / "nearby"
    folder.mkdir(parents=True, exist_ok=True)
    shots = 0
    for listed in (False, True):
        if listed:
            open_table(url, BLANCO, "Ann")
            open_table(url, LUCKYBOX, "Maximilian-Alexander", seats=4)
        for (lang, large), size in cases:
            app = new_app(window=size)
            try:
                i18n.set_language(lang)
                if large:
                    app.ctx.settings.text_size = "large"
                    app.ctx.text.set_scale(1.15)
                join = join_screen(app)
                if listed:
                    until(app, lambda join=join: len(rows(join)) == 2, FOUND_WITHIN, "the tables")
                    assert (
                        rows(join)[0]
                        == {  # in the words of the language
                            "en": "Blanco · Ann · 1 free seat",
                            "fr": "Blanco · Ann · 1 place libre",
                            "de": "Blanco · Ann · 1 Platz frei",
                        }[lang]
                    )
                else:
                    frames(app, 30)
                    assert rows(join) == [] and join.nearby.problem == ""
                frames(app, 2)
                tag = f"{'nearby' if listed else 'empty'}_{lang}{'_large' if large else ''}"
                tag += f"_{size[0]}x{size[1]}"
                texts.scene = tag
                texts.settled()
                shots += 1
                pygame.image.save(app.window_image(), str(folder / f"join_{tag}.png"))
            finally:
                i18n.set_language("en")
                app.close()
    assert shots == 2 * len(cases)
    assert texts.frames >= shots, texts.frames  # every picture's texts were checked
    assert texts.problems == [], "\n".join(texts.problems)


# -- two real apps: one hosts on this computer, the other finds its table nearby ---------------
HOST_DRIVER = """
import sys
sys.path.insert(0, {root!r})
from game.catalog import new_app
from tests.test_online_hosting import host_here
from tests.test_online_ui import our_moves, until
from tests.ui_helpers import draw_frames_when_seen


class Patched:  # (for good: the process ends with the script)
    setattr = staticmethod(setattr)


# Frames drawn only when something could see them, as in the tests' own process (conftest.py):
# a child app waiting for its friend drew every frame it ran.
draw_frames_when_seen(Patched())
app = new_app()
app.ctx.settings.animation_speed = 8.0
lobby = host_here(app, ["human"])  # Host a table, on this computer, a friend's seat free
print("TABLE", lobby.code, lobby.link.url, flush=True)
until(app, lambda: app.stack.top is not lobby, limit=60, what="the friend")
table = app.stack.top
until(app, lambda: table.session.state is not None, what="the state")
made = our_moves(app, table, None)
print("OVER", made, type(app.stack.top).__name__, table.session.version, flush=True)
until(app, lambda: False, limit=float(sys.argv[1]))
"""


class HostingApp(Driven):
    """The hosting app as a child process, scripted by HOST_DRIVER (Driven's env and lines)."""

    script = HOST_DRIVER
    script_name = "hosting_app.py"


def test_a_friend_finds_the_hosting_apps_table_nearby_and_they_play_it_to_the_end(
    app, tmp_path, on_loopback, caplog
) -> None:
    """The issue's whole story: an app hosts a Blanco table on this computer (its own server;
    a child process driven by real pygame events), this app's Join screen lists it nearby, one
    click joins, and both play the whole game by clicks. The table is listed only while its
    seat is free: not once the friend sat down, nor after the end."""
    from game.blanco.ui.scenes.gameend import GameEndScene
    from tests.test_online_ui import our_moves

    caplog.set_level("DEBUG", logger="game.online")  # (what the browser heard, on a failure)
    data = tmp_path / "host-data"
    data.mkdir()
    hosting_app = HostingApp(tmp_path, data, "30")
    browser: nearby.Browser | None = None
    try:
        _, code, url = hosting_app.line("TABLE")
        app.ctx.settings.animation_speed = 8.0
        join = join_screen(app)
        until(app, lambda: code in [t.code for t in join.nearby.shown], 20, "the table nearby")
        i = [t.code for t in join.nearby.shown].index(code)
        port = url.rsplit(":", 1)[1]
        assert join.nearby.shown[i].url == f"ws://127.0.0.1:{port}"
        assert rows(join)[i].startswith("Blanco · ") and rows(join)[i].endswith(" · 1 free seat")
        click_for_lobby(app, join.widget(f"nearby_{i}").rect.center)
        until(app, lambda: online_kit_table(app.stack.top, BlancoKit), 60, "the table")
        table = app.stack.top
        assert table.session.seat == 1
        browser = nearby.Browser(["blanco"]).start()
        made = our_moves(app, table, None)
        assert made > 5 and isinstance(app.stack.top, GameEndScene)
        over = hosting_app.line("OVER", 120)
        assert over[2] == "GameEndScene" and int(over[1]) > 5
        assert int(over[3]) == table.session.version  # one game, both to its last step
        heard = [r.getMessage() for r in caplog.records if r.getMessage().startswith("nearby")]
        assert code not in codes(browser), heard  # full, then over: not listed again
    finally:
        if browser is not None:
            browser.close()
        hosting_app.kill()


def test_no_network_to_look_on_is_one_translated_line(app, monkeypatch) -> None:
    monkeypatch.setenv(nearby.ENV_INTERFACES, "203.0.113.1")  # TEST-NET-3: on no interface
    join = join_screen(app)
    until(app, lambda: join.nearby.problem != "", 10, "the problem")
    assert rows(join) == []
    assert join.nearby.line() == "This computer cannot look for tables nearby."
    i18n.set_language("fr")
    try:
        assert join.nearby.line() == "Cet ordinateur ne peut pas chercher de tables à proximité."
        frames(app, 2)
        pygame.image.save(
            app.window_image(), str(SCREENSHOTS / "nearby" / "join_no_network_fr.png")
        )
    finally:
        i18n.set_language("en")
