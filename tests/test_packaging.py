"""The installable app: the PyInstaller bundle, `pip install .`, main.py run from anywhere, the
crash log, the worker's command line, and the README's set-up commands.

Everything runs the game as a player would, in a subprocess from a working directory that is
not the checkout, headless (SDL's dummy drivers) with a private data folder.
"""

from __future__ import annotations

import json
import os
import pickle
import re
import shutil
import subprocess
import sys
import sysconfig
import venv
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]
MAIN = REPO / "main.py"
NAME = "super-mega-lucky-box"
# The fastest demo: its record is the same at any speed, and the test waits less for frames;
# its computers of the quickest level (the commands are the subject here, not their play).
DEMO = ["--demo", "--players", "2", "--seed", "3", "--speed", "64", "--bot", "easy"]
DEMO += ["--exit-when-done"]
EXE_SUFFIX = ".exe" if sys.platform == "win32" else ""
FRAME_STATS = "frame-stats.json"  # beside demo_record's record
DEMO_SAID = "demo-stdout.txt"  # ...and what its demo printed


def headless_env(data: Path) -> dict[str, str]:
    env = dict(os.environ)
    env.update(
        SDL_VIDEODRIVER="dummy",
        SDL_AUDIODRIVER="dummy",
        SMLB_DATA_DIR=str(data),
        PYGAME_HIDE_SUPPORT_PROMPT="1",
        SMLB_NO_FRAME_WAIT="1",  # the demos never sleep between frames: the same games, sooner
    )
    env.pop("SMLB_FORCE_CRASH", None)
    return env


def run(
    argv: list[str], cwd: Path, data: Path, timeout: float = 180, **env: str
) -> subprocess.CompletedProcess:
    return subprocess.run(
        [str(a) for a in argv],
        cwd=cwd,
        env={**headless_env(data), **env},
        capture_output=True,
        text=True,
        timeout=timeout,
    )


def json_lines(text: str) -> list[dict]:
    return [json.loads(line) for line in text.splitlines() if line.strip()]


@pytest.fixture(scope="module")
def demo_record(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A finished game's record from `python /abs/main.py --demo ... --save-record PATH`, run
    from another folder, and `python main.py --check-record` on it (the line to match). The
    demo's --frame-stats are beside the record (FRAME_STATS), and what it printed (DEMO_SAID)."""
    where = tmp_path_factory.mktemp("elsewhere")
    data = tmp_path_factory.mktemp("data")
    record = where / "game.json"
    stats = where / FRAME_STATS
    demo = run(
        [sys.executable, MAIN, *DEMO, "--lang", "en", "--save-record", record]
        + ["--frame-stats", stats],
        where,
        data,
    )
    assert demo.returncode == 0, demo.stderr
    (where / DEMO_SAID).write_text(demo.stdout)
    assert record.exists()
    checked = run([sys.executable, "main.py", "--check-record", record], REPO, data)
    assert checked.returncode == 0, checked.stderr
    (line,) = checked.stdout.splitlines()
    assert len(json_lines(line)[0]["players"]) == 2  # (the rules' own tests judge the scores)
    return record, line


# ---------------------------------------------------------------- main.py from anywhere


def test_main_py_by_absolute_path_from_another_folder(demo_record, tmp_path, data_dir):
    record, expected = demo_record  # the fixture's demo itself ran from a temporary folder
    checked = run([sys.executable, MAIN, "--check-record", record], tmp_path, data_dir)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == expected
    # That demo (python /abs/main.py, another folder) wrote its frame statistics there too: a
    # second demo only for them would play another whole game.
    assert json.loads((record.parent / FRAME_STATS).read_text())["frames"] > 10
    # ...and ended with one result line (a newcomer's first minute: tests/test_first_minute.py
    # checks Blanco's) naming the scores --check-record finds in its record.
    from game.catalog import game_by_id

    lines = (record.parent / DEMO_SAID).read_text().splitlines()
    pattern = r"Super Mega Lucky Box, seed 3: Computer 1 \d+, Computer 2 \d+; winner .*"
    assert len(lines) == 1 and re.fullmatch(pattern, lines[0]), lines
    scores = game_by_id("luckybox").rules.record_scores(json.loads(expected), 2)
    assert scores is not None
    for i, total in enumerate(scores["totals"]):
        assert f"Computer {i + 1} {total}" in lines[0]


def test_python_dash_m_game_is_the_same_command_line(demo_record, tmp_path, data_dir):
    record, expected = demo_record
    env = {"PYTHONPATH": str(REPO)}  # as if installed: the package is importable
    checked = run(
        [sys.executable, "-m", "game", "--check-record", record], tmp_path, data_dir, **env
    )
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == expected
    version = run([sys.executable, "-m", "game", "--version"], tmp_path, data_dir, **env)
    assert version.stdout.strip().startswith("Super Mega Lucky Box ")  # the app, named


def test_check_record_through_cli_never_imports_pygame(demo_record, tmp_path, data_dir):
    record, _ = demo_record
    code = (
        "import sys; from game.cli import main; rc = main(['--check-record', sys.argv[1]]);"
        " assert 'pygame' not in sys.modules, 'pygame imported'; sys.exit(rc)"
    )
    result = run([sys.executable, "-c", code, record], tmp_path, data_dir, PYTHONPATH=str(REPO))
    assert result.returncode == 0, result.stderr


# ---------------------------------------------------------------- the computer players' worker


def exchange_with_worker(argv: list[str], cwd: Path, data: Path) -> tuple:
    """Send the worker a job it must refuse (no bot) and then the stop message."""

    def message(obj) -> bytes:
        blob = pickle.dumps(obj)
        return len(blob).to_bytes(4, "big") + blob

    process = subprocess.run(
        [str(a) for a in argv],
        cwd=cwd,
        env=headless_env(data),
        input=message((7, None, None, 0)) + message(None),
        capture_output=True,
        timeout=60,
    )
    assert process.returncode == 0, process.stderr
    out = process.stdout
    size = int.from_bytes(out[:4], "big")
    assert len(out) == 4 + size
    return pickle.loads(out[4:])


def test_worker_command_from_source_and_frozen(monkeypatch):
    from game.core import paths

    assert paths.worker_command() == [sys.executable, "-m", "game.core.bot_worker"]
    monkeypatch.setattr(sys, "frozen", True, raising=False)
    assert paths.worker_command() == [sys.executable, "--bot-worker"]


def test_bot_worker_flag_serves_the_worker_protocol(tmp_path, data_dir):
    ticket, value, error = exchange_with_worker(
        [sys.executable, MAIN, "--bot-worker"], tmp_path, data_dir
    )
    assert (ticket, value) == (7, None)
    assert "AttributeError" in error


# ---------------------------------------------------------------- crash log


def test_a_start_up_crash_writes_crash_log_and_says_where(tmp_path, data_dir):
    result = run([sys.executable, MAIN], tmp_path, data_dir, SMLB_FORCE_CRASH="1")
    assert result.returncode == 1
    log = data_dir / "crash.log"
    assert log.exists()
    text = log.read_text(encoding="utf-8")
    assert "Traceback (most recent call last)" in text
    assert "RuntimeError: a start-up crash on request" in text
    assert re.search(r"^version: \d+\.\d+", text, re.M)
    assert re.search(r"^platform: \S", text, re.M)
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1, result.stderr  # one message, not a traceback
    assert str(log) in lines[0]


def test_crash_log_falls_back_when_the_data_folder_cannot_be_written(tmp_path, capsys, monkeypatch):
    import tempfile

    from game.core import crash

    # The fallback is the system's temporary folder: this test's own, so nothing is left behind.
    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path / "tmp"))
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    try:
        raise ValueError("boom")
    except ValueError:
        status = crash.report(sys.exc_info(), version="9.9", gui=False, folder=blocker / "sub")
    assert status == 1
    message = capsys.readouterr().err.strip()
    path = Path(message.rsplit("details are in ", 1)[1])
    assert path.name == "crash.log" and path.exists()
    assert path.is_relative_to(tmp_path / "tmp")
    assert "ValueError: boom" in path.read_text(encoding="utf-8")


# ---------------------------------------------------------------- PyInstaller bundle


@pytest.mark.slow
@pytest.mark.packaging
def test_bundle_builds_and_plays_from_another_folder(demo_record, tmp_path, data_dir):
    dist, work = tmp_path / "dist", tmp_path / "work"
    built = subprocess.run(
        [
            sys.executable,
            str(REPO / "packaging" / "build.py"),
            "--quiet",
            "--dist",
            str(dist),
            "--work",
            str(work),
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert built.returncode == 0, built.stdout + built.stderr
    folder = dist / NAME
    exe = folder / (NAME + EXE_SUFFIX)
    assert f"bundle: {folder}" in built.stdout and "MB" in built.stdout
    assert exe.exists() and os.access(exe, os.X_OK)
    if sys.platform.startswith("linux"):
        desktop = (folder / f"{NAME}.desktop").read_text()
        assert "Exec=super-mega-lucky-box" in desktop and "Type=Application" in desktop
        assert (folder / f"{NAME}.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    internal = folder / "_internal"
    # Every data file of the game, wherever it lives, is in the bundle.
    for source in ("game", "sprites", "sounds"):
        for path in (REPO / source).rglob("*"):
            if (
                path.is_file()
                and path.suffix not in (".py", ".pyc")
                and "__pycache__" not in path.parts
            ):
                assert (internal / path.relative_to(REPO)).exists(), path

    record, expected = demo_record
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    checked = run([exe, "--check-record", record], elsewhere, data_dir)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == expected

    demo = run([exe, *DEMO, "--save-record", elsewhere / "again.json"], elsewhere, data_dir)
    assert demo.returncode == 0, demo.stderr
    assert json.loads((elsewhere / "again.json").read_text()) == json.loads(record.read_text())

    ticket, value, error = exchange_with_worker([exe, "--bot-worker"], elsewhere, data_dir)
    assert (ticket, value) == (7, None) and "AttributeError" in error

    # The bundle leaves psycopg out: a server on PostgreSQL is for a pip install, said in a line.
    assert not list(internal.glob("psycopg*")) and not list(internal.glob("libpq*"))
    served = run(
        [exe, "--serve", "--port", "0", "--db", "postgresql://127.0.0.1:1/x"], elsewhere, data_dir
    )
    assert served.returncode == 2, served.stderr
    assert served.stderr.strip().count("\n") == 0 and "pip install" in served.stderr


# ---------------------------------------------------------------- pip install .


def copy_checkout(target: Path) -> Path:
    """The checkout without venvs, builds and caches (the build must not litter the tree)."""
    skip = shutil.ignore_patterns(
        ".git",
        ".venv",
        "dist",
        "build",
        "*.egg-info",
        "__pycache__",
        ".hypothesis",
        ".pytest_cache",
        ".ruff_cache",
        "screenshots",
    )
    shutil.copytree(REPO, target, ignore=skip)
    return target


def venv_on_our_packages(env_dir: Path) -> Path:
    """A fresh virtual environment (no pip of its own: ensurepip costs more than the install)
    that also sees the packages these tests run on, through a .pth file: the game's
    dependencies are not downloaded and built again, and pip comes from there too. Returns its
    python."""
    venv.create(env_dir, with_pip=False)
    bindir = env_dir / ("Scripts" if sys.platform == "win32" else "bin")
    python = bindir / ("python" + EXE_SUFFIX)
    purelib = subprocess.run(
        [str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    (Path(purelib) / "_the_tests_packages.pth").write_text(sysconfig.get_path("purelib") + "\n")
    return python


@pytest.mark.slow
@pytest.mark.packaging
def test_pip_install_gives_the_command_and_python_dash_m(demo_record, tmp_path, data_dir):
    source = copy_checkout(tmp_path / "src")
    python = venv_on_our_packages(tmp_path / "venv")
    bindir = python.parent
    pip = [str(python), "-m", "pip", "--disable-pip-version-check"]
    # The package itself is built (in pip's isolated build environment, as for a player) and
    # installed; its dependencies are already there (--no-deps), and `pip check` proves that
    # what it declares is what is installed.
    installed = subprocess.run(
        [*pip, "install", "--quiet", "--no-deps", str(source)],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    checked_deps = subprocess.run(
        [*pip, "check"], cwd=tmp_path, capture_output=True, text=True, timeout=300
    )
    assert checked_deps.returncode == 0, checked_deps.stdout + checked_deps.stderr
    declared = subprocess.run(
        [
            str(python),
            "-c",
            f"from importlib.metadata import requires; print('\\n'.join(requires({NAME!r})))",
        ],
        cwd=tmp_path,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    players = (REPO / "requirements.txt").read_text().split()
    assert {re.split(r"[<>=;\[ ]", line)[0].lower() for line in declared.splitlines()} >= {
        line.split("==")[0].split("[")[0].lower() for line in players
    }
    # The server's extra (`pip install .[server]`) declares requirements-server.txt, and only
    # under `extra == "server"`: a player's install brings neither PostgreSQL's driver nor
    # the metrics' library.
    server = (REPO / "requirements-server.txt").read_text().split()
    extra = [line for line in declared.splitlines() if 'extra == "server"' in line]
    assert sorted(line.split(";")[0].strip().lower() for line in extra) == sorted(
        line.lower() for line in server
    )
    unconditional = [line for line in declared.splitlines() if "extra ==" not in line]
    assert not any(line.lower().startswith(("psycopg", "prometheus")) for line in unconditional)

    record, expected = demo_record
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    command = bindir / (NAME + EXE_SUFFIX)
    checked = run([command, "--check-record", record], elsewhere, data_dir)
    assert checked.returncode == 0, checked.stderr
    assert checked.stdout.strip() == expected
    via_m = run([python, "-m", "game", "--check-record", record], elsewhere, data_dir)
    assert via_m.stdout.strip() == expected

    where = run(
        [
            python,
            "-c",
            "from game.core import paths; print(paths.SPRITES_DIR);print(paths.SOUNDS_DIR)",
        ],
        elsewhere,
        data_dir,
    )
    sprites, sounds = (Path(line) for line in where.stdout.split())
    assert (sprites / "icon.png").exists() and (sounds / "click.wav").exists()
    assert not sprites.is_relative_to(REPO) and not sprites.is_relative_to(source)


# ---------------------------------------------------------------- set-up commands


def readme_command(label: str) -> str:
    """The command line that follows `label` in the README's set-up section."""
    text = (REPO / "README.md").read_text(encoding="utf-8")
    after = text.split(label, 1)[1]
    return next(line.strip() for line in after.splitlines() if line.startswith("    "))


def test_ci_runs_exactly_the_readme_test_command():
    command = readme_command("Install and run the tests")
    assert "venv" in command and "requirements-dev.txt" in command and "pytest" in command
    assert command in (REPO / ".ci" / "run").read_text(encoding="utf-8")
    play = readme_command("Install and play")
    assert "requirements.txt" in play and "main.py" in play


def test_requirements_are_pinned_and_split():
    players = (REPO / "requirements.txt").read_text().split()
    assert {line.split("==")[0].lower() for line in players} == {
        "pygame-ce",
        "pytmx",
        "platformdirs",
        "websockets",
        "msgspec",
        "ifaddr",  # the network addresses a host's friends use (Host on this computer)
        "zeroconf",  # tables nearby (game/online/nearby.py)
    }
    # A server's own (pip install .[server]): imported lazily, a player's install has neither.
    server = (REPO / "requirements-server.txt").read_text().split()
    assert {line.split("==")[0].lower() for line in server} == {
        "psycopg[binary]",  # only for --db postgresql://
        "prometheus_client",  # GET /metrics
    }
    dev = (REPO / "requirements-dev.txt").read_text().splitlines()
    assert dev[:2] == ["-r requirements.txt", "-r requirements-server.txt"]
    assert all("==" in line for line in players + server + dev[2:] if line.strip())
    assert {line.split("==")[0].lower() for line in dev[2:]} >= {
        "pytest",
        "hypothesis",
        "ruff",
        "pyinstaller",
    }
