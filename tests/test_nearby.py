"""Tables nearby on the network (game/online/announcer.py, nearby.py): a real server
announcing its tables by mDNS on the loopback interface, a real browser finding them, a real
attacker's zeroconf announcing hostile ones. Every zeroconf here is bound to 127.0.0.1
(tests/nearby_helpers.py); without multicast on lo (and no root to set it up) the network
tests are skipped, saying why."""

from __future__ import annotations

import asyncio
import ipaddress
from pathlib import Path

import pytest
from hypothesis import given, strategies as st

from game import cli
from game.blanco.entry import BLANCO
from game.online import announcer as announcing, nearby, protocol as p
from game.online.client import SeatClient, play_table
from game.online.names import clean_text
from tests.nearby_helpers import codes, on_loopback, until
from tests.test_online_helpers import run, running_server
from tests.test_online_ops import ServerProcess

__all__ = ["on_loopback"]  # (the fixture, used by name)

GAMES = ("blanco", "luckybox")
ESCAPES = "\x1b]0;pwn\x07Ma\u0301\u0301\u0301\u0301l\u202e".encode()  # a title escape, a tower
V = str(p.PROTOCOL_VERSION).encode()


def good_txt(**changes: bytes | None) -> dict[bytes, bytes | None]:
    txt: dict[bytes, bytes | None] = {
        b"game": b"blanco",
        b"host": b"Ann",
        b"free": b"2",
        b"code": b"KQ7-4XM",
        b"v": V,
    }
    txt.update({key.encode(): value for key, value in changes.items()})
    return txt


def read(txt: dict[bytes, bytes | None], size: int = 60, addresses=("127.0.0.1",), port=8765):
    return nearby.read_announcement("x._smlb._tcp.local.", txt, size, list(addresses), port, GAMES)


def test_an_announcement_is_kept_only_well_formed_and_its_host_name_cleaned() -> None:
    table = read(good_txt())
    assert table == nearby.Nearby(
        "x._smlb._tcp.local.", "blanco", "Ann", 2, "KQ7-4XM", "ws://127.0.0.1:8765"
    )
    assert read(good_txt(tls=b"1")).url == "wss://127.0.0.1:8765"
    assert read(good_txt(code=b"kq74xm")).code == "KQ7-4XM"  # a code as typed is read
    # the host's name: escapes, controls, bidi overrides and line breaks gone, MAX_HOST long
    hostile = "\x1b[31mEve\u202e\x00\u200b\nthe\tgreat" + "!" * 200
    cleaned = read(good_txt(host=hostile.encode())).host
    assert cleaned.startswith("Eve the great!") and len(cleaned) == nearby.MAX_HOST
    assert read(good_txt(host=b"\x00\x1b[0m")).host == "?"  # nothing left: "?"
    # a LAN address preferred to loopback (a server announces both from its own machine)
    assert read(good_txt(), addresses=("127.0.0.1", "192.168.1.20")).url.startswith(
        "ws://192.168.1.20:"
    )
    # with several, the one in a network this machine is on (a docker bridge is not)
    lan = [ipaddress.IPv4Network("192.168.1.0/24")]
    several = ("172.17.0.1", "127.0.0.1", "192.168.1.20")
    chosen = nearby.read_announcement("x", good_txt(), 60, several, 9, GAMES, lan)
    assert chosen is not None and chosen.url == "ws://192.168.1.20:9"
    malformed = [
        read(good_txt(), size=nearby.MAX_TXT + 1),  # a TXT record too big
        read(good_txt(game=b"chess")),  # a game this app does not play
        read(good_txt(game=None)),  # a key with no value
        read(good_txt(v=b"99")),  # another protocol
        read(good_txt(code=b"NOT-A-CODE")),
        read(good_txt(code=b"KQ7-4X0")),  # 0 is not in the codes' alphabet
        read(good_txt(free=b"0")),
        read(good_txt(free=b"-1")),
        read(good_txt(free=b"many")),
        read(good_txt(free="\u0663".encode())),  # an Arabic-Indic three: not an ASCII number
        read(good_txt(free=b"1000")),
        read(good_txt(host=b"\xff\xfe")),  # not UTF-8
        read(good_txt(host=b"A" * (nearby.MAX_TXT + 1))),
        read(good_txt(), addresses=()),  # nowhere to connect
        read(good_txt(), addresses=("::1", "fe80::1")),  # IPv6 only (the app is v4 here)
        read(good_txt(), addresses=("224.0.0.251",)),  # a multicast address
        read(good_txt(), port=None),
        read(good_txt(), port=0),
    ]
    assert malformed == [None] * len(malformed)


def test_a_table_is_announced_while_a_seat_is_free_and_withdrawn_once_full_and_over(
    tmp_path: Path, on_loopback: None
) -> None:
    """A server with an announcer: a table of two with the host seated is listed with one
    free seat; the friend joins and it goes; played to its end it is never listed again;
    a table with no free seat at all is never listed."""
    browser = nearby.Browser(GAMES).start()

    async def scenario() -> tuple[str, dict[str, int], list[dict[str, int]]]:
        async with running_server(tmp_path / "t.sqlite3") as (url, server):
            port = int(url.rsplit(":", 1)[1])
            announcer = await announcing.announce(server.hub, "127.0.0.1", port, host_name="Box")
            assert announcer is not None
            try:
                host = SeatClient(url, BLANCO)
                code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], seed=4)
                full = SeatClient(url, BLANCO)  # the host with a computer: nothing to join
                alone = await full.open([p.SeatSpec("Cid"), p.SeatSpec("C", computer="easy")])
                await asyncio.to_thread(
                    until, lambda: codes(browser).get(code) == 1, 15, "the table listed"
                )
                listed = codes(browser)
                assert browser.tables()[0].host == "Ann"  # the host's seat's name
                assert browser.tables()[0].url == url
                friend = SeatClient(url, BLANCO)
                assert await friend.join(code) == 1
                await asyncio.to_thread(until, lambda: code not in codes(browser), 10, "gone")
                seen: list[dict[str, int]] = []
                bots = [BLANCO.bots.make_bot("easy", 4, i) for i in range(2)]
                playing = asyncio.gather(host.play(bots[0].choose), friend.play(bots[1].choose))
                while not playing.done():
                    seen.append(codes(browser))
                    await asyncio.sleep(0.05)
                await playing
                assert server.hub.tables[code].state.is_terminal()
                await asyncio.sleep(1.0)  # (an announcement would have come by now)
                seen.append(codes(browser))
                assert alone not in listed
                for client in (host, friend, full):
                    await client.close()
                return code, listed, seen
            finally:
                await announcer.close()

    try:
        code, listed, seen = run(scenario(), timeout=90)
    finally:
        browser.close()
    assert listed == {code: 1}
    assert all(code_seen == {} for code_seen in seen), seen


def test_a_finished_table_has_no_announcement(tmp_path: Path) -> None:
    async def scenario() -> None:
        async with running_server(tmp_path / "t.sqlite3") as (url, server):
            (first, _), _ = await play_table(url, BLANCO, 2, "easy", 3)
            table = server.hub.tables[first.table or ""]
            assert table.state.is_terminal()
            assert announcing.properties(table, "Box") is None
            # the same table with a seat free again would be: only the end stops it
            table.row.seats[1].token_hash = None
            assert announcing.free_seats(table) == 1

    run(scenario(), timeout=60)


def test_serve_announce_lists_the_table_and_sigterm_withdraws_it(
    tmp_path: Path, on_loopback: None
) -> None:
    """`main.py --serve --announce` in its own process: its table with a free seat is listed
    by a browser in this one, and a SIGTERM withdraws it (mDNS goodbyes, long before its TTL
    could) as the server stops by itself."""
    process = ServerProcess(tmp_path / "t.sqlite3", tmp_path / "log", "--announce")
    browser = nearby.Browser(GAMES).start()
    try:
        url = process.start()
        host = SeatClient(url, BLANCO)
        code = run(host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob"), p.SeatSpec("Cy")]))
        until(lambda: codes(browser).get(code) == 2, 15, "the table listed")
        assert browser.tables()[0].url == url
        status, _ = process.terminate()
        assert status == 0  # it stopped by itself (terminate waits a bounded time)
        # Gone by the goodbyes: the announcement's TTL (nearby.TTL) is four times this wait.
        until(lambda: code not in codes(browser), nearby.TTL / 4, "the table withdrawn")
    finally:
        browser.close()
        process.kill()


def test_a_hostile_announcer_is_ignored_cleaned_and_bounded(on_loopback: None) -> None:
    """A real attacker's zeroconf on the network: a huge TXT record, control characters,
    wrong types, and a flood of tables. The browser keeps MAX_KEPT at most, each one well
    formed, its host's name cleaned."""
    from zeroconf import ServiceInfo
    from zeroconf.asyncio import AsyncZeroconf

    browser = nearby.Browser(GAMES).start()

    def info(name: str, txt: dict[bytes, bytes | None]) -> ServiceInfo:
        return ServiceInfo(
            nearby.service_type(),
            f"{name}.{nearby.service_type()}",
            port=9,
            properties=txt,
            parsed_addresses=["127.0.0.1"],
            server="attacker.local.",
        )

    hostile = {
        "huge": good_txt(code=b"AAA-AAA", host=b"H" * 240, pad=b"x" * 250, more=b"y" * 250),
        "escapes": good_txt(code=b"BBB-BBB", host=ESCAPES),
        "types": good_txt(code=b"CCC-CCC", free=b"lots", v=b"two"),
        "binary": good_txt(code=b"DDD-DDD", host=b"\xc3\x28\xa0\xa1"),
        "game": good_txt(code=b"EEE-EEE", game=b"../../etc"),
    }
    digits = str.maketrans("01", "ZY")  # (no 0 nor 1 in a code)
    flood = {
        f"flood{i:02d}": good_txt(code=f"F{i:02d}-FFF".translate(digits).encode())
        for i in range(40)
    }

    async def scenario() -> tuple[list[nearby.Nearby], int]:
        attacker = AsyncZeroconf(interfaces=["127.0.0.1"])
        try:
            for batch, enough in ((hostile, 1), (flood, nearby.MAX_KEPT)):
                await asyncio.gather(  # (each probes the network for a second: all at once)
                    *(
                        announcing.await_registered(attacker, info(n, txt))
                        for n, txt in batch.items()
                    )
                )
                await asyncio.to_thread(
                    until, lambda enough=enough: len(codes(browser)) >= enough, 30, "the tables"
                )
            await asyncio.sleep(1.0)  # (anything more would have come by now)
            with browser.lock:
                kept = len(browser.found) + len(browser.pending)
            return browser.tables(), kept
        finally:
            await attacker.async_close()  # (its goodbyes withdraw them all)

    try:
        tables, kept = run(scenario(), timeout=90)
        until(lambda: not browser.tables(), 5, "the attacker's tables withdrawn")
    finally:
        browser.close()
    assert kept <= nearby.MAX_KEPT
    by_code = {t.code: t for t in tables}
    assert "AAA-AAA" not in by_code  # too big: ignored whole
    assert "CCC-CCC" not in by_code and "DDD-DDD" not in by_code and "EEE-EEE" not in by_code
    shown = by_code["BBB-BBB"].host  # the escape, the bidi override gone; two marks kept
    assert shown == "M\u00e1\u0301\u0301l" == clean_text(ESCAPES.decode(), nearby.MAX_HOST)
    assert len(tables) == nearby.MAX_KEPT  # the flood filled the list and no more
    for table in tables:
        assert table.host.isprintable() and len(table.host) <= nearby.MAX_HOST
        assert table.url == "ws://127.0.0.1:9"


def test_a_server_announces_max_announced_tables_at_most(
    tmp_path: Path, on_loopback: None, monkeypatch
) -> None:
    """Past MAX_ANNOUNCED tables (a public server's hundreds), the others are not announced:
    the local network's traffic is bounded (the cap lowered to 2 here, five tables open)."""
    monkeypatch.setattr(announcing, "MAX_ANNOUNCED", 2)
    browser = nearby.Browser(GAMES).start()

    async def scenario() -> tuple[list[str], dict[str, int], int]:
        async with running_server(tmp_path / "t.sqlite3") as (url, server):
            port = int(url.rsplit(":", 1)[1])
            announcer = await announcing.announce(server.hub, "127.0.0.1", port)
            assert announcer is not None
            try:
                host = SeatClient(url, BLANCO)
                opened = [
                    await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")], sit=None)
                    for _ in range(5)
                ]
                ours = port
                await asyncio.to_thread(until, lambda: len(codes(browser, ours)) >= 2, 15, "two")
                await asyncio.sleep(2.5)  # (a third would have been probed and heard by now)
                listed, announced = codes(browser, ours), len(announcer.announced)
                await host.close()
                return opened, listed, announced
            finally:
                await announcer.close()

    try:
        opened, listed, announced = run(scenario(), timeout=60)
    finally:
        browser.close()
    assert announced == 2 and len(listed) == 2 and set(listed) <= set(opened)
    assert set(listed.values()) == {2}  # nobody sat: both seats free


def test_a_browser_that_cannot_join_the_network_says_so_in_one_line(monkeypatch) -> None:
    """An interface that is not there (no network, no multicast): the browser's thread ends
    with one line in `problem`, and the screen can say so (nothing raised)."""
    monkeypatch.setenv(nearby.ENV_INTERFACES, "203.0.113.1")  # TEST-NET-3: on no interface
    browser = nearby.Browser(GAMES).start()
    try:
        until(lambda: browser.problem != "", 10, "the problem")
        browser.thread.join(5)
        assert not browser.thread.is_alive()
        assert "\n" not in browser.problem and browser.tables() == []
    finally:
        browser.close()


def test_announce_is_a_serve_option(capsys) -> None:
    assert cli.parse_args(["--serve", "--announce"]).announce
    assert not cli.parse_args(["--serve"]).announce
    with pytest.raises(SystemExit):
        cli.parse_args(["--announce"])
    assert "--announce needs --serve" in capsys.readouterr().err


def test_the_apps_own_server_announces_while_it_serves_and_withdraws_as_it_stops(
    tmp_path: Path, on_loopback: None
) -> None:
    """hosting.HostedServer (Host on this computer) with announce_hosted: its table is listed
    once it serves, and stopping it (the app closing) withdraws it by its goodbyes, at once."""
    from game.online.hosting import HostedServer

    server = HostedServer(tmp_path / "hosted.sqlite3", [BLANCO])
    announcing.announce_hosted(server)
    browser = nearby.Browser(GAMES).start()
    try:
        assert server.start(0) is None and server.ready.wait(10)
        url = f"ws://127.0.0.1:{server.port}"
        code = run(SeatClient(url, BLANCO).open([p.SeatSpec("Ann"), p.SeatSpec("Bob")]))
        until(lambda: codes(browser).get(code) == 1, 15, "the table listed")  # (Ann sat)
        assert browser.tables()[0].url == url
        server.stop()
        assert not server.running
        # The goodbyes: the announcement's TTL (nearby.TTL) is four times this wait.
        until(lambda: code not in codes(browser), nearby.TTL / 4, "the table withdrawn")
    finally:
        browser.close()
        server.stop()


KEYS = st.sampled_from([b"game", b"host", b"free", b"code", b"v", b"tls", b"x"])
VALUES = st.one_of(
    st.none(),
    st.binary(max_size=60),
    st.text(max_size=40).map(str.encode),
    st.sampled_from([b"blanco", b"luckybox", b"2", b"1", V, b"KQ7-4XM"]),
)


@given(
    txt=st.dictionaries(KEYS, VALUES, max_size=7),
    size=st.integers(0, 2 * nearby.MAX_TXT),
    addresses=st.lists(st.sampled_from(["127.0.0.1", "10.0.0.7", "::1", "x", ""]), max_size=3),
    port=st.one_of(st.none(), st.integers(-5, 70000)),
)
def test_any_announcement_is_read_without_failing_and_what_is_kept_is_clean(
    txt, size, addresses, port
) -> None:
    table = nearby.read_announcement("n", txt, size, addresses, port, GAMES)
    if table is None:
        return
    assert table.game in GAMES and 1 <= table.free <= nearby.MAX_FREE
    assert table.host == clean_text(table.host, nearby.MAX_HOST) and table.host.isprintable()
    assert size <= nearby.MAX_TXT and port is not None and 0 < port < 65536
    assert table.url.startswith(("ws://", "wss://")) and table.url.endswith(f":{port}")


def test_the_service_type_is_the_games_unless_a_well_formed_one_is_named(monkeypatch) -> None:
    """SMLB_MDNS_SERVICE names another service type (each test worker takes its own, so no
    other run's tables show on its Join screens); a malformed one is ignored."""
    monkeypatch.delenv(nearby.ENV_SERVICE, raising=False)
    assert nearby.service_type() == nearby.SERVICE_TYPE == "_smlb._tcp.local."
    monkeypatch.setenv(nearby.ENV_SERVICE, "_smlbt42._tcp.local.")
    assert nearby.service_type() == "_smlbt42._tcp.local."
    for bad in (
        "smlb._tcp.local.",
        "_x._udp.local.",
        "_" + "a" * 16 + "._tcp.local.",
        "_A._tcp.local.",
    ):
        monkeypatch.setenv(nearby.ENV_SERVICE, bad)
        assert nearby.service_type() == nearby.SERVICE_TYPE
