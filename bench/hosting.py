"""Host on this computer: what the app's own server (game/online/hosting.py) costs the app.

Figures, medians of --runs (each printed beside its target):
- hosting_bind_ms: the frame loop's share of starting it (`HostedServer.start`: the socket
  bound, the thread started); a frame is 16.7 ms, and Open must not cost one.
- hosting_serving_ms: from start() until it serves (its SQLite opened, its tables restored):
  the time between Open and the lobby, on top of the table's own opening.
- hosting_stop_ms: stop() with a client seated (told the server goes, the last commit written).
- idle_cpu_lobby_hosting: a still lobby at a table the app hosts, CPU % of one core over
  --seconds, the server's thread included (bench/idle.py's target for a still screen).

    python bench/hosting.py [--runs 7] [--seconds 5]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

BIND_TARGET_MS = 8.0  # half a frame
SERVING_TARGET_MS = 250.0
IDLE_TARGET_PERCENT = 5.0


def verdict(value: float, target: float) -> str:
    return "meets" if value <= target else "MISSES"


def start_and_stop(folder: Path, runs: int) -> tuple[float, float, float]:
    """(bind ms, serving ms, stop ms), medians over `runs` starts of one database."""
    from game.catalog import games
    from game.online import protocol as p
    from game.online.client import SeatClient
    from game.online.hosting import STOP_WAIT, HostedServer

    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever, daemon=True)
    thread.start()
    blanco = next(g for g in games() if g.id == "blanco")
    binds: list[float] = []
    servings: list[float] = []
    stops: list[float] = []
    try:
        for _ in range(runs):
            server = HostedServer(folder / "hosted.sqlite3", games())
            began = time.perf_counter()
            failure = server.start(0)
            bound = time.perf_counter()
            if failure is not None or not server.ready.wait(10) or not server.running:
                raise SystemExit(f"the server did not start: {failure or server.failure}")
            serving = time.perf_counter()
            client = SeatClient(server.url, blanco)
            seats = [p.SeatSpec("Host"), p.SeatSpec("Friend")]
            asyncio.run_coroutine_threadsafe(client.open(seats, sit=0), loop).result(10)
            stopping = time.perf_counter()
            server.stop()
            stopped = time.perf_counter()
            if server.running or stopped - stopping > STOP_WAIT:
                raise SystemExit("the server did not stop in time")
            asyncio.run_coroutine_threadsafe(client.close(), loop).result(10)
            binds.append((bound - began) * 1000)
            servings.append((serving - began) * 1000)
            stops.append((stopped - stopping) * 1000)
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(5)
    return statistics.median(binds), statistics.median(servings), statistics.median(stops)


def idle_lobby(seconds: float) -> float:
    """CPU % of one core of a still lobby at a table the app hosts (a friend's seat free)."""
    from game.catalog import new_app
    from game.online.ui.lobby import LobbyScene

    app = new_app()
    try:
        app.stack.clear_to(app.ctx.nav.make("title"))
        host: Any = app.ctx.nav.push("online.host", url="ws://127.0.0.1:9", game="blanco")
        host.widget("where").set("here")
        host.open_table()
        end = time.monotonic() + 20
        while not (isinstance(app.stack.top, LobbyScene) and app.stack.top.code):
            if time.monotonic() > end:
                raise SystemExit(f"the lobby never came: {host.problem}")
            app.tick()
        settle = time.monotonic() + 2
        while time.monotonic() < settle:
            app.tick()
        cpu, began = time.process_time(), time.monotonic()
        while time.monotonic() - began < seconds:
            app.tick()
        return 100 * (time.process_time() - cpu) / (time.monotonic() - began)
    finally:
        app.close()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--seconds", type=float, default=5.0)
    args = parser.parse_args(argv)
    folder = Path(tempfile.mkdtemp(prefix="bench-hosting-"))
    os.environ["SMLB_DATA_DIR"] = str(folder / "data")
    os.environ.setdefault("SMLB_NO_FIRST_TIME", "1")
    try:
        bind, serving, stop = start_and_stop(folder, max(1, args.runs))
        idle = idle_lobby(args.seconds)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    from game.online.hosting import STOP_WAIT

    bind_verdict = verdict(bind, BIND_TARGET_MS)
    print(f"hosting_bind_ms: {bind:.2f} (target <= {BIND_TARGET_MS:g}: {bind_verdict})")
    print(
        f"hosting_serving_ms: {serving:.1f} (target <= {SERVING_TARGET_MS:g}: "
        f"{verdict(serving, SERVING_TARGET_MS)})"
    )
    stop_target = STOP_WAIT * 1000
    print(f"hosting_stop_ms: {stop:.1f} (target <= {stop_target:g}: {verdict(stop, stop_target)})")
    print(
        f"idle_cpu_lobby_hosting: {idle:.1f}% of a core (target <= {IDLE_TARGET_PERCENT:g}%: "
        f"{verdict(idle, IDLE_TARGET_PERCENT)})"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
