"""The server as a command (`main.py --serve`, a subprocess): killed with SIGKILL mid-game and
started again, it resumes the table from its database and the clients come back on their own;
`main.py --demo --online URL` plays a whole table through it and saves a record that
`--check-record` reads."""

from __future__ import annotations

import asyncio
import io
import json
import os
import re
import signal
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from game import cli
from game.catalog import game_by_id, games
from game.core.records import check_records_cli
from game.online import protocol as p
from game.online.client import SeatClient
from tests.test_online_helpers import TEST_RATE_LIMIT, play_locally, run, without_online

ROOT = Path(__file__).resolve().parents[1]


class ServerProcess:
    def __init__(self, db: Path) -> None:
        self.db = db
        self.proc: subprocess.Popen[str] | None = None
        self.port = 0

    def start(self) -> str:
        self.proc = subprocess.Popen(
            [
                sys.executable,
                str(ROOT / "main.py"),
                "--serve",
                "--port",
                str(self.port),
                "--db",
                str(self.db),
                "--rate-limit",
                str(TEST_RATE_LIMIT),
                "--chosen-seeds",
            ],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
            cwd=ROOT,
            env={**os.environ, "PYTHONUNBUFFERED": "1"},
        )
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        found = re.fullmatch(r"serving ws://127\.0\.0\.1:(\d+)\n", line)
        assert found, f"unexpected first line: {line!r}"
        self.port = int(found.group(1))
        return f"ws://127.0.0.1:{self.port}"

    def kill(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(5)
        if self.proc is not None and self.proc.stdout is not None:
            self.proc.stdout.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[ServerProcess]:
    process = ServerProcess(tmp_path / "tables.sqlite3")
    yield process
    process.kill()


def test_a_server_killed_mid_game_resumes_and_the_clients_come_back(server: ServerProcess) -> None:
    url = server.start()
    blanco = game_by_id("blanco")

    async def scenario() -> tuple[dict, list[SeatClient]]:
        clients = [SeatClient(url, blanco, max_backoff=0.5) for _ in range(2)]
        code = await clients[0].open([p.SeatSpec("Player 1"), p.SeatSpec("Player 2")], seed=2024)
        await clients[1].join(code, 1)
        bots = [blanco.bots.make_bot("easy", 2024, i) for i in range(2)]
        games = asyncio.gather(*(c.play(bots[i].choose) for i, c in enumerate(clients)))
        while clients[0].version < 20:
            await asyncio.sleep(0.01)
        server.kill()  # SIGKILL: no goodbye, whatever was in flight is lost
        await asyncio.sleep(0.2)
        await asyncio.to_thread(server.start)  # the same port, the same database
        await games
        record = await clients[0].record()
        for client in clients:
            await client.close()
        return record, clients

    record, clients = run(scenario(), timeout=30)
    assert all(c.reconnects >= 1 for c in clients)
    # Exactly once across the kill: the record is the game the same seeds give locally.
    assert without_online(record) == play_locally("blanco", 2, "easy", 2024)


def test_the_online_demo_command_saves_a_record_check_record_reads(
    server: ServerProcess, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    url = server.start()
    path = tmp_path / "game.json"
    status = cli.main(
        [
            "--demo",
            "--online",
            url,
            "--game",
            "blanco",
            "--players",
            "2",
            "--bot",
            "easy",
            "--seed",
            "77",
            "--speed",
            "64",
            "--exit-when-done",
            "--save-record",
            str(path),
        ]
    )
    assert status == 0
    printed = capsys.readouterr().out
    record = json.loads(path.read_text())
    assert without_online(record) == play_locally("blanco", 2, "easy", 77)
    out, err = io.StringIO(), io.StringIO()
    assert check_records_cli([str(path)], games(), out, err) == 0, err.getvalue()
    assert out.getvalue().strip() in printed  # the demo prints the --check-record line


@pytest.mark.parametrize(
    ("url", "said"),
    [
        ("mysql://somewhere/db", "mysql is not supported"),
        ("postgresql://127.0.0.1:9/db", "cannot open the database: PostgreSQL:"),
    ],
)
def test_the_server_refuses_a_database_it_cannot_open(url: str, said: str) -> None:
    result = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--serve", "--port", "0", "--db", url]
        + ["--chosen-seeds"],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=30,
    )
    assert result.returncode == 2
    assert said in result.stderr


def test_the_demo_says_when_no_server_answers(capsys: pytest.CaptureFixture[str]) -> None:
    status = cli.main(["--demo", "--online", "ws://127.0.0.1:9", "--players", "1"])
    assert status == 2 and "cannot reach ws://127.0.0.1:9" in capsys.readouterr().err
