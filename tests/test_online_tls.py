"""TLS (issue 62): `--serve --cert FILE --key FILE` serves wss:// (the standard library's ssl)
and announces wss://; a client takes a certificate an authority vouches for, and a self-signed
one only once the user trusted that server's certificate (by its fingerprint): an unknown one
and a changed one are refused before anything is sent. Real servers on 127.0.0.1 port 0, real
clients, certificates made with `openssl` in a temporary folder."""

from __future__ import annotations

import asyncio
import functools
import re
import shutil
import ssl
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from game.catalog import game_by_id, games
from game.online import protocol as p, tls
from game.online.client import SeatClient
from game.online.server import bound_port, start, tls_context
from game.online.store import SqliteStore
from tests.test_online_helpers import run

ROOT = Path(__file__).resolve().parents[1]
pytestmark = pytest.mark.skipif(shutil.which("openssl") is None, reason="openssl is not here")


def make_cert(folder: Path, name: str = "server") -> tuple[Path, Path, str]:
    """A self-signed certificate for 127.0.0.1, written to `folder`: (cert, key, its SHA-256
    fingerprint). One per `name` in a test process (`made_cert`): two names, two certificates."""
    cert_pem, key_pem, fingerprint = made_cert(name)
    cert, key = folder / f"{name}.pem", folder / f"{name}.key"
    cert.write_bytes(cert_pem)
    key.write_bytes(key_pem)
    return cert, key, fingerprint


@functools.cache
def made_cert(name: str) -> tuple[bytes, bytes, str]:
    """`name`'s certificate and key (PEM) and fingerprint, made by `openssl` once a process:
    an RSA key costs a fifth of a CPU-second or more, and the tests ask for one each."""
    with tempfile.TemporaryDirectory() as made:
        cert, key = Path(made) / "cert.pem", Path(made) / "key.pem"
        subprocess.run(
            ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key)]
            + ["-out", str(cert), "-days", "2", "-subj", "/CN=127.0.0.1"]
            + ["-addext", "subjectAltName=IP:127.0.0.1"],
            check=True,
            capture_output=True,
            timeout=60,
        )
        shown = subprocess.run(
            ["openssl", "x509", "-in", str(cert), "-noout", "-fingerprint", "-sha256"],
            check=True,
            capture_output=True,
            text=True,
            timeout=30,
        ).stdout
        return cert.read_bytes(), key.read_bytes(), shown.strip().split("=", 1)[1]


@pytest.fixture(autouse=True)
def no_pins() -> None:
    tls.PINS.clear()
    yield
    tls.PINS.clear()


async def _seat_at(url: str) -> tuple[SeatClient, str]:
    """A host who opens a table alone at `url` (its code)."""
    host = SeatClient(url, game_by_id("blanco"))
    code = await host.open([p.SeatSpec("Ann"), p.SeatSpec("Bot", "easy")])
    return host, code


def test_a_tls_server_plays_with_a_client_that_trusted_its_certificate(tmp_path: Path) -> None:
    cert, key, found = make_cert(tmp_path)

    async def scenario() -> tuple[str, str, int]:
        store = SqliteStore(tmp_path / "t.sqlite3")
        server, _ = await start(
            "127.0.0.1", 0, store, games(), tls=tls_context(str(cert), str(key))
        )
        url = f"wss://127.0.0.1:{bound_port(server)}"
        try:
            with pytest.raises(tls.UntrustedCertificate) as refused:
                await _seat_at(url)  # self-signed: refused until the user says so
            assert refused.value.fingerprint == found and not refused.value.changed
            tls.PINS[tls.server_of(url)] = found
            host, code = await _seat_at(url)
            state = host.view_json
            plain = SeatClient(url.replace("wss://", "ws://"), game_by_id("blanco"))
            with pytest.raises(Exception):  # noqa: B017 - a clear-text client gets nowhere
                await asyncio.wait_for(plain.open([p.SeatSpec("A")]), 5)
            await host.close()
            return code, str(refused.value), int(state is not None)
        finally:
            server.close()
            await server.wait_closed()
            store.close()

    code, refusal, has_view = run(scenario())
    assert re.fullmatch(r"[2-9A-Z]{3}-[2-9A-Z]{3}", code) and has_view
    assert "nobody vouches for" in refusal and "wss://127.0.0.1:" in refusal


def test_a_changed_certificate_is_refused_again(tmp_path: Path) -> None:
    cert, key, found = make_cert(tmp_path, "old")
    new_cert, new_key, new_found = make_cert(tmp_path, "new")
    assert found != new_found

    async def scenario() -> tls.UntrustedCertificate:
        store = SqliteStore(tmp_path / "t.sqlite3")
        server, _ = await start(
            "127.0.0.1", 0, store, games(), tls=tls_context(str(new_cert), str(new_key))
        )
        url = f"wss://127.0.0.1:{bound_port(server)}"
        tls.PINS[tls.server_of(url)] = found  # trusted when the server had the old one
        try:
            with pytest.raises(tls.UntrustedCertificate) as refused:
                await _seat_at(url)
            return refused.value
        finally:
            server.close()
            await server.wait_closed()
            store.close()

    refused = run(scenario())
    assert refused.changed and refused.fingerprint == new_found
    assert "changed its certificate" in str(refused)


def test_a_certificate_an_authority_vouches_for_needs_no_trust(tmp_path: Path) -> None:
    """A client whose default authorities include the server's (here: the self-signed one made
    an authority for this process) connects with no pin at all."""
    cert, key, _found = make_cert(tmp_path)
    real = ssl.create_default_context

    def with_our_authority(*args: object, **kwargs: object) -> ssl.SSLContext:
        context = real(*args, **kwargs)  # type: ignore[arg-type]
        if context.verify_mode == ssl.CERT_REQUIRED:
            context.load_verify_locations(cafile=str(cert))
        return context

    async def scenario() -> str:
        store = SqliteStore(tmp_path / "t.sqlite3")
        server, _ = await start(
            "127.0.0.1", 0, store, games(), tls=tls_context(str(cert), str(key))
        )
        url = f"wss://127.0.0.1:{bound_port(server)}"
        try:
            host, code = await _seat_at(url)
            await host.close()
            return code
        finally:
            server.close()
            await server.wait_closed()
            store.close()

    mp = pytest.MonkeyPatch()
    mp.setattr(ssl, "create_default_context", with_our_authority)
    try:
        assert run(scenario())
    finally:
        mp.undo()
    assert tls.PINS == {}


def test_serve_with_a_certificate_announces_wss_and_refuses_a_bad_one(tmp_path: Path) -> None:
    cert, key, _found = make_cert(tmp_path)
    proc = subprocess.Popen(
        [sys.executable, str(ROOT / "main.py"), "--serve", "--port", "0"]
        + ["--db", str(tmp_path / "s.sqlite3"), "--cert", str(cert), "--key", str(key)],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        cwd=ROOT,
    )
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
    finally:
        proc.terminate()
        proc.wait(timeout=20)
    assert re.fullmatch(r"serving wss://127\.0\.0\.1:\d+\n", line), line
    (tmp_path / "junk.pem").write_text("not a certificate\n")
    bad = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--serve", "--port", "0"]
        + ["--db", str(tmp_path / "s.sqlite3"), "--cert", str(tmp_path / "junk.pem")]
        + ["--key", str(key)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert bad.returncode == 2 and "Traceback" not in bad.stderr
    assert bad.stderr.startswith("cannot use the certificate:") and bad.stderr.count("\n") == 1
    alone = subprocess.run(
        [sys.executable, str(ROOT / "main.py"), "--serve", "--cert", str(cert)],
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert alone.returncode == 2 and "--cert and --key go together" in alone.stderr


def test_trust_is_kept_per_server_in_the_data_folder(tmp_path: Path) -> None:
    tls.trust(tmp_path, "wss://a.example:443", "AA:BB")
    tls.trust(tmp_path, "wss://b.example:8765", "CC:DD")
    tls.PINS.clear()
    assert tls.load_trusted(tmp_path) == {
        "wss://a.example:443": "AA:BB",
        "wss://b.example:8765": "CC:DD",
    }
    assert tls.PINS["wss://a.example:443"] == "AA:BB"
    assert tls.server_of("wss://A.Example/#KQ7-4XM") == "wss://a.example:443"
    (tmp_path / "online" / tls.TRUST_FILE).write_text("{ damaged")
    assert tls.load_trusted(tmp_path) == {}
