"""What the tests of tables nearby share: multicast on the loopback interface (set up here
when this runs as root, else the test is skipped in one line saying why), every zeroconf of
the tests bound to 127.0.0.1 alone (SMLB_MDNS_INTERFACES, read by the app and the servers the
tests start), and a wait for what a browser finds. (No tests in this module.)"""

from __future__ import annotations

import os
import subprocess
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from game.online import nearby

IFF_MULTICAST = 0x1000
SETUP = (
    ["ip", "link", "set", "lo", "multicast", "on"],
    ["ip", "route", "add", "224.0.0.0/4", "dev", "lo"],
)


def loopback_multicast() -> str | None:
    """Multicast on `lo` (its MULTICAST flag and a route for 224.0.0.0/4), set up if missing
    and allowed: None when it works, else why not (one line)."""
    flags = Path("/sys/class/net/lo/flags")
    if not flags.exists():
        return "no Linux loopback interface to send multicast on"
    routes = subprocess.run(
        ["ip", "route", "show", "224.0.0.0/4"], capture_output=True, text=True, check=False
    )
    ready = int(flags.read_text(), 16) & IFF_MULTICAST and "dev lo" in routes.stdout
    if ready:
        return None
    if os.geteuid() != 0:
        return f"multicast on lo needs root ({'; '.join(' '.join(s) for s in SETUP)})"
    steps = [SETUP[0]] if "dev lo" in routes.stdout else list(SETUP)
    for step in steps:
        done = subprocess.run(step, capture_output=True, text=True, check=False)
        if done.returncode != 0:
            return f"cannot set up multicast on lo ({' '.join(step)}): {done.stderr.strip()}"
    return None


@pytest.fixture
def on_loopback(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Multicast on lo, every zeroconf (here and in the processes started) on 127.0.0.1."""
    why = loopback_multicast()
    if why is not None:
        pytest.skip(why)
    monkeypatch.setenv(nearby.ENV_INTERFACES, "127.0.0.1")
    yield


def until(done: Callable[[], object], limit: float = 15.0, what: str = "") -> None:
    end = time.monotonic() + limit
    while not done():
        if time.monotonic() > end:
            raise AssertionError(f"waited too long for {what or done}")
        time.sleep(0.02)


def codes(browser: nearby.Browser, port: int | None = None) -> dict[str, int]:
    """The tables a browser lists (those of the server on `port` alone, when given: another
    run's server on this machine may announce too): code -> free seats."""
    return {t.code: t.free for t in browser.tables() if port is None or t.url.endswith(f":{port}")}
