"""The server as an operator runs it: `GET /healthz` and `GET /metrics` (Prometheus' text
format) on the WebSocket port, beside a WebSocket path that keeps playing; the metrics moved
by the real code paths and revealing nothing of a table; those requests let in by the same
door as players; the server without its extra (`pip install .[server]`); and a SIGTERM that
stops it within 2 s while computers think, nothing acknowledged lost. Real servers on
127.0.0.1 (port 0, in this process or as `main.py --serve`), real HTTP and WebSocket clients."""

from __future__ import annotations

import asyncio
import contextlib
import http.client
import os
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from prometheus_client.parser import text_string_to_metric_families
from websockets.asyncio.client import connect

from game import cli, server_options
from game.catalog import game_by_id
from game.core.version import __version__
from game.online import protocol as p
from game.online.client import ClientError, SeatClient, play_table
from game.online.limits import Limits
from game.online.store import SqliteStore
from tests.test_online_helpers import (
    TEST_LIMITS,
    TEST_RATE_LIMIT,
    play_locally,
    run,
    running_server,
    without_online,
)

ROOT = Path(__file__).resolve().parents[1]


async def http_get(url: str, path: str) -> tuple[int, dict[str, str], str]:
    """A plain HTTP/1.1 GET on the server's port: (status, headers, body)."""
    port = int(url.rsplit(":", 1)[1])
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\n\r\n".encode())
    raw = await asyncio.wait_for(reader.read(), 5)  # the server closes after its answer
    writer.close()
    head, _, body = raw.decode("utf-8").partition("\r\n\r\n")
    status_line, *header_lines = head.split("\r\n")
    headers = {k.lower(): v.strip() for k, _, v in (h.partition(":") for h in header_lines)}
    return int(status_line.split()[1]), headers, body


def samples(text: str) -> dict[tuple[str, tuple[tuple[str, str], ...]], float]:
    """Every sample of an exposition, by (name, labels)."""
    return {
        (s.name, tuple(sorted(s.labels.items()))): s.value
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(text: str, name: str, **labels: str) -> float:
    return samples(text).get((name, tuple(sorted(labels.items()))), 0.0)


# ---------------------------------------------------------------- in this process


def test_healthz_says_the_version_and_the_websocket_path_still_plays(tmp_path: Path) -> None:
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[tuple[int, dict[str, str], str], int, dict[str, Any]]:
        async with running_server(tmp_path / "t.sqlite3") as (url, _):
            health = await http_get(url, "/healthz")
            other = (await http_get(url, "/"))[0]  # not a WebSocket, not ours: refused
            _, record = await play_table(url, blanco, 2, "easy", 7)
            return health, other, record

    (status, headers, body), other, record = run(scenario(), timeout=60)
    assert status == 200 and body == f"ok {__version__}\n"
    assert headers["content-type"].startswith("text/plain")
    assert other == 426  # websockets: "Upgrade Required"
    # a whole table played through the same port, as the same deal plays here
    assert without_online(record) == play_locally("blanco", 2, "easy", 7)


def test_metrics_follow_the_moves_commits_refusals_and_reveal_no_table(tmp_path: Path) -> None:
    luckybox = game_by_id("luckybox")
    limits = Limits(**{**TEST_LIMITS.__dict__, "thinking": 1})  # computers queue: seen thinking

    async def scenario() -> dict[str, object]:
        async with running_server(tmp_path / "t.sqlite3", limits=limits) as (url, game_server):
            empty = (await http_get(url, "/metrics"))[2]
            host = SeatClient(url, luckybox)
            # One Expert, whose thought is long enough to be seen; the others play as Easy
            # does (three Experts thought for seconds of CPU the checks never look at).
            seats = [p.SeatSpec("Zelda Quux"), p.SeatSpec("Computer 0", computer="expert")] + [
                p.SeatSpec(f"Computer {i}", computer="easy") for i in range(1, 3)
            ]
            code = await host.open(seats, seed=4242)
            thinking = 0.0
            for _ in range(200):  # the computers think (one at a time) while Zelda waits
                thinking = max(
                    thinking, value((await http_get(url, "/metrics"))[2], "smlb_computers_thinking")
                )
                if thinking:
                    break
                await asyncio.sleep(0.005)
            bot = luckybox.bots.make_bot("easy", 4242, 0)
            while len(host.acks) < 3 and not host.over:
                if host.may_act():
                    await host.act(bot.choose(host.view(), 0))
                else:
                    await host.receive()
            while True:  # until the table waits for Zelda alone, no computer thinking
                live = (await http_get(url, "/metrics"))[2]
                if host.waiting == [0] and not value(live, "smlb_computers_thinking"):
                    break
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(host.receive(), 0.05)
            # refusals: a bad message, a code that names no table
            async with connect(url) as raw:
                await raw.send("not json")
                await raw.recv()
            stranger = SeatClient(url, luckybox)
            with pytest.raises(ClientError):
                await stranger.join("ZZZZZZ", 1)
            await stranger.close()
            stored = game_server.store.actions(code)
            batches = game_server.hub.commits.batches
            after = await http_get(url, "/metrics")
            await host.close()
            return {
                "empty": empty,
                "thinking": thinking,
                "live": live,
                "after": after,
                "stored": len(stored),
                "batches": batches,
                "sent": host.actions_sent,
                "code": code,
                "tokens": (host.token, host.host_token),
            }

    got = run(scenario(), timeout=60)
    empty, live = str(got["empty"]), str(got["live"])
    status, headers, after = got["after"]  # type: ignore[misc]
    assert status == 200 and headers["content-type"].startswith("text/plain; version=")
    assert value(empty, "smlb_moves_total") == 0 and value(empty, "smlb_tables_live") == 0
    assert got["thinking"] >= 1  # computer seats thinking, seen while they thought
    assert value(live, "smlb_connections") == 1 and value(live, "smlb_tables_live") == 1
    # Every stored action counted once (the computers' too), in as many commits as were made.
    assert value(after, "smlb_moves_total") == got["stored"] >= 3
    assert value(after, "smlb_store_commit_seconds_count") == got["batches"] >= 1
    assert value(after, "smlb_store_commit_seconds_sum") > 0
    # Each action the player sent was answered once, its latency observed.
    assert value(after, "smlb_move_latency_seconds_count") == got["sent"] >= 3
    assert value(after, "smlb_refusals_total", reason="bad_message") == 1
    assert value(after, "smlb_refusals_total", reason="no_such_table") == 1
    # Nothing of a table: no code, token, name or seed, as a value of its own (the seed's
    # digits can come up inside a measured float: "sum 0.0243424210").
    for secret in [got["code"], *got["tokens"], "Zelda", "Quux", "4242"]:  # type: ignore[misc]
        assert not re.search(rf"(?<![\w.]){re.escape(str(secret))}(?!\w)", after), secret


def test_health_and_metrics_requests_pass_the_same_door(tmp_path: Path) -> None:
    limits = Limits(connections_per_address=2, idle_seconds=30.0)

    async def scenario() -> tuple[int, str, int, float]:
        async with running_server(tmp_path / "t.sqlite3", limits=limits) as (url, _):
            host = SeatClient(url, game_by_id("blanco"))
            host.local_addr = ("127.0.0.2", 0)
            code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bob")])
            # (watching: a connection at no table would be let go to make room, doorway.py)
            held = [await connect(url) for _ in range(2)]
            for ws in held:
                await ws.send(p.encode(p.Watch(code)))
                await ws.recv()
            status, _, body = await http_get(url, "/healthz")
            for ws in held:
                await ws.close()
            await host.close()
            await asyncio.sleep(0.1)
            metrics = (await http_get(url, "/metrics"))[2]
            again = (await http_get(url, "/healthz"))[0]
            return status, body, again, value(metrics, "smlb_refusals_total", reason="address_full")

    status, body, again, refused = run(scenario())
    assert status == 503 and "too many connections" in body
    assert refused == 1 and again == 200


def test_no_metrics_turns_metrics_off_and_keeps_healthz(tmp_path: Path) -> None:
    args = cli.parse_args(["--serve", "--no-metrics"])
    limits = server_options.server_limits(args)
    plain = server_options.server_limits(cli.parse_args(["--serve"]))
    assert limits.no_metrics and not plain.no_metrics

    async def scenario() -> tuple[int, str, int]:
        async with running_server(tmp_path / "t.sqlite3", limits=limits) as (url, _):
            status, _, body = await http_get(url, "/metrics")
            return status, body, (await http_get(url, "/healthz"))[0]

    status, body, health = run(scenario())
    assert status == 404 and "smlb_" not in body and health == 200


# ---------------------------------------------------------------- main.py --serve


class ServerProcess:
    """`main.py --serve` on 127.0.0.1 (port 0 first, then the same port again)."""

    def __init__(self, db: Path, log: Path, *extra: str, wrapper: Path | None = None) -> None:
        self.db, self.log, self.extra, self.wrapper = db, log, extra, wrapper
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0

    def start(self) -> str:
        entry = [str(self.wrapper)] if self.wrapper else [str(ROOT / "main.py")]
        with self.log.open("a") as log:
            self.proc = subprocess.Popen(
                [sys.executable, *entry, "--serve", "--port", str(self.port), "--db", str(self.db)]
                + ["--rate-limit", str(TEST_RATE_LIMIT), *self.extra],
                stdout=subprocess.PIPE,
                stderr=log,
                text=True,
                cwd=ROOT,
                env={**os.environ, "PYTHONUNBUFFERED": "1"},
            )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.fullmatch(r"serving ws://127\.0\.0\.1:(\d+)\n", line)
        assert found, f"unexpected first line: {line!r} ({self.log.read_text()[-2000:]})"
        self.port = int(found.group(1))
        return f"ws://127.0.0.1:{self.port}"

    def get(self, path: str) -> tuple[int, str]:
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=5)
        try:
            conn.request("GET", path)
            answer = conn.getresponse()
            return answer.status, answer.read().decode("utf-8")
        finally:
            conn.close()

    def terminate(self) -> tuple[int, float]:
        """SIGTERM: (exit status, seconds until the process was gone)."""
        assert self.proc is not None
        began = time.monotonic()
        self.proc.send_signal(signal.SIGTERM)
        status = self.proc.wait(10)
        return status, time.monotonic() - began

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(5)
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()


@pytest.fixture
def without_extra(tmp_path: Path) -> Path:
    """main.py as a player's install runs it: psycopg and prometheus_client not importable."""
    wrapper = tmp_path / "no_extra.py"
    wrapper.write_text(
        "import runpy, sys\n"
        "for name in ('psycopg', 'psycopg_binary', 'prometheus_client'):\n"
        "    sys.modules[name] = None  # import fails as for a package not installed\n"
        f"sys.argv[0] = {str(ROOT / 'main.py')!r}\n"
        f"runpy.run_path({str(ROOT / 'main.py')!r}, run_name='__main__')\n"
    )
    return wrapper


def test_the_server_runs_on_sqlite_without_the_server_extra(
    tmp_path: Path, without_extra: Path
) -> None:
    postgres = subprocess.run(
        [sys.executable, str(without_extra), "--serve", "--port", "0"]
        + ["--db", "postgresql://127.0.0.1:1/x"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,
    )
    assert postgres.returncode == 2
    assert postgres.stderr.strip().count("\n") == 0 and "pip install .[server]" in postgres.stderr

    server = ServerProcess(
        tmp_path / "t.sqlite3", tmp_path / "log", "--chosen-seeds", wrapper=without_extra
    )
    try:
        url = server.start()
        assert server.get("/healthz") == (200, f"ok {__version__}\n")
        status, body = server.get("/metrics")
        assert status == 501 and body.count("\n") == 1 and "pip install .[server]" in body
        _, record = run(play_table(url, game_by_id("blanco"), 2, "easy", 11), timeout=60)
        assert without_online(record) == play_locally("blanco", 2, "easy", 11)
        assert server.terminate()[0] == 0
    finally:
        server.kill()


#: How long the server's Expert computers think in the stop test (as a slow machine or a big
#: table makes them) ...
SLOW_EXPERT = 1.0
#: ... and the thought under way when the stop comes (the test holds it, `held_thought`): far
#: longer than a stop is waited for (`terminate`), so a stop that waited for the thought fails,
#: on a busy machine as on a quiet one.
HELD_EXPERT = 60.0


def held_thought_at(db: Path) -> Path:
    """The file that, while it exists, makes the Expert's thought of the server of `db` last
    HELD_EXPERT."""
    return db.parent / "hold-the-thought"


def held_thought(served: ServerProcess) -> Path:
    return held_thought_at(served.db)


def test_every_module_but_postgresql_s_imports_without_the_server_extra(tmp_path: Path) -> None:
    """The app (every screen, the bots, the client, the server on SQLite) imports neither
    psycopg nor prometheus_client at load time: only the PostgreSQL store and its relay do."""
    script = tmp_path / "imports.py"
    script.write_text(
        "import importlib, pkgutil, sys\n"
        "for name in ('psycopg', 'psycopg_binary', 'prometheus_client'):\n"
        "    sys.modules[name] = None\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "import game\n"
        "skip = {'game.__main__', 'game.online.pg_store', 'game.online.relay'}\n"
        "names = [m.name for m in pkgutil.walk_packages(game.__path__, 'game.')]\n"
        "for name in names:\n"
        "    if name not in skip:\n"
        "        importlib.import_module(name)\n"
        "print(len(names))\n"
    )
    env = {**os.environ, "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert done.returncode == 0, done.stderr[-3000:]
    assert int(done.stdout.split()[-1]) > 100  # (the whole app was walked)


@pytest.fixture
def served(tmp_path: Path) -> Iterator[ServerProcess]:
    """`main.py --serve` whose Expert computers (game/luckybox/ai/expert.py, the real bot)
    take SLOW_EXPERT seconds longer over each move, HELD_EXPERT while `held_thought` exists
    (each start lets go of it)."""
    wrapper = tmp_path / "slow_expert.py"
    hold = held_thought_at(tmp_path / "t.sqlite3")
    wrapper.write_text(
        "import pathlib, runpy, sys, time\n"
        f"sys.path.insert(0, {str(ROOT)!r})\n"
        "from game.luckybox.ai.expert import ExpertBot\n"
        "choose = ExpertBot.choose\n"
        f"hold = pathlib.Path({str(hold)!r})\n"
        "hold.unlink(missing_ok=True)\n"
        "def slowly(self, view, seat):\n"
        "    began = time.monotonic()\n"
        f"    while time.monotonic() - began < {SLOW_EXPERT} or (\n"
        f"        hold.exists() and time.monotonic() - began < {HELD_EXPERT}\n"
        "    ):\n"
        "        time.sleep(0.05)\n"
        "    return choose(self, view, seat)\n"
        "ExpertBot.choose = slowly\n"
        f"sys.argv[0] = {str(ROOT / 'main.py')!r}\n"
        f"runpy.run_path({str(ROOT / 'main.py')!r}, run_name='__main__')\n"
    )
    process = ServerProcess(
        tmp_path / "t.sqlite3", tmp_path / "log", "--max-thinking", "4", wrapper=wrapper
    )
    yield process
    process.kill()


@pytest.mark.slow
def test_sigterm_stops_without_waiting_for_computers_thinking_and_nothing_acked_is_lost(
    served: ServerProcess,
) -> None:
    luckybox = game_by_id("luckybox")
    url = served.start()
    # The held Expert's thought is the one the stop must not wait for; the other computers
    # play as Easy does (as Hard they thought for seconds of CPU the checks never look at).
    seats = [p.SeatSpec("Host"), p.SeatSpec("Expert", computer="expert")] + [
        p.SeatSpec(f"Computer {i}", computer="easy") for i in range(3)
    ]

    async def before_stop() -> tuple[SeatClient, asyncio.Task[None], str, float, int, float]:
        client = SeatClient(url, luckybox, max_backoff=0.3)
        code = await client.open(seats, seed=99)
        playing = asyncio.create_task(client.play(luckybox.bots.make_bot("easy", 99, 0).choose))
        thinking = 0.0
        # Stop while the Expert thinks: the table waits for its move alone, its thought begun.
        while client.version < 8 or client.waiting != [1] or not thinking:
            metrics = (await http_get(url, "/metrics"))[2]
            thinking = value(metrics, "smlb_computers_thinking")
            await asyncio.sleep(0.01)
        held_thought(served).touch()  # the thought under way now lasts a minute
        status, took = await asyncio.to_thread(served.terminate)
        return client, playing, code, thinking, status, took

    async def scenario() -> dict[str, object]:
        client, playing, code, thinking, status, took = await before_stop()
        acked = [a.id for a in client.acks]
        seen = client.version
        store = SqliteStore(served.db)
        rows = store.actions(code)
        store.close()
        await asyncio.to_thread(served.start)  # the same port, the same database
        while client.version < seen + 6 and not client.over:  # the table goes on
            await asyncio.sleep(0.02)
        after = client.version
        playing.cancel()
        await client.close()
        return {
            "thinking": thinking,
            "status": status,
            "took": took,
            "acked": acked,
            "stored": {r.action_id for r in rows},
            "last": rows[-1].version if rows else -1,
            "seen": seen,
            "after": after,
            "reconnects": client.reconnects,
        }

    got = run(scenario(), timeout=90)
    print(f"SIGTERM to exit: {got['took']:.3f} s")
    assert got["thinking"] >= 1 and got["status"] == 0
    # A stop that waited for the held thought would take HELD_EXPERT (terminate gives up first).
    assert got["took"] < HELD_EXPERT, f"the stop took {got['took']:.2f} s"
    assert set(got["acked"]) <= got["stored"] and got["acked"]  # type: ignore[operator]
    assert got["last"] >= got["seen"]  # every step a seat was shown is stored
    assert got["reconnects"] >= 1 and got["after"] >= got["seen"] + 6  # type: ignore[operator]
    assert "Traceback" not in served.log.read_text()
