"""A Python older than 3.11 gets one line naming the version needed, from main.py and from
`python -m game`, with exit status 1 (game/python_check.py). Run with every older Python this
machine has (pyenv's or on PATH), and with a fake version where none is; those runs leave no
bytecode in the repository (Python 2 wrote game/__init__.pyc beside the source)."""

from __future__ import annotations

import re
import shutil
import subprocess
from pathlib import Path

import pytest

from game import python_check

REPO = Path(__file__).resolve().parent.parent
LINE = re.compile(r"^Super Mega Lucky Box needs Python 3\.11 or newer; this is Python \d+\.\d+\.$")


def older_pythons() -> list[str]:
    found: dict[str, str] = {}
    pyenv = Path.home() / ".pyenv" / "versions"
    for folder in sorted(pyenv.glob("[23].*")) if pyenv.is_dir() else []:
        program = folder / "bin" / "python"
        match = re.match(r"(\d+)\.(\d+)", folder.name)
        if program.exists() and match and (int(match[1]), int(match[2])) < (3, 11):
            found.setdefault(f"{match[1]}.{match[2]}", str(program))
    for minor in range(6, 11):
        program = shutil.which(f"python3.{minor}")
        if program:
            found.setdefault(f"3.{minor}", program)
    return [found[key] for key in sorted(found)]


def old_bytecode() -> set[Path]:
    """The repository's bytecode an older Python writes: Python 2's `x.pyc` beside `x.py`, and
    3.10's and earlier's `__pycache__/x.cpython-3N.pyc` (this Python's own, 3.11 on, aside:
    every test process writes those)."""
    older = re.compile(r"\.cpython-3(?:\d|10)(?:\.opt-\d)?\.pyc$")
    written = [*REPO.glob("*.pyc"), *REPO.glob("__pycache__/*.pyc"), *REPO.glob("game/**/*.pyc")]
    return {
        path
        for path in written
        if path.parent.name != "__pycache__" or older.search(path.name) is not None
    }


def test_the_needed_version_is_pyprojects():
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    assert 'requires-python = ">=3.11"' in text
    assert python_check.NEEDED == (3, 11)


def test_a_fake_old_version_exits_with_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        python_check.require((3, 10))
    assert LINE.match(str(stop.value.code))
    assert "this is Python 3.10." in str(stop.value.code)
    python_check.require((3, 11))  # these pass without a word
    python_check.require((4, 0))
    python_check.require()
    assert capsys.readouterr() == ("", "")


@pytest.mark.parametrize("command", [["main.py"], ["-m", "game"]], ids=["main.py", "-m game"])
def test_real_older_pythons_get_one_line(command, tmp_path):
    pythons = older_pythons()
    if not pythons:
        pytest.skip("no Python older than 3.11 on this machine (the fake version test covers it)")
    before = old_bytecode()
    for python in pythons:
        done = subprocess.run(
            [python, *command, "--help"],
            cwd=REPO,
            capture_output=True,
            text=True,
            timeout=60,
            # The old Python's bytecode is of no use to the game: none is written.
            env={"PATH": "/usr/bin:/bin", "HOME": str(tmp_path), "PYTHONDONTWRITEBYTECODE": "1"},
        )
        assert done.returncode == 1, (python, done.stderr)
        assert done.stdout == ""
        lines = done.stderr.splitlines()
        assert len(lines) == 1 and LINE.match(lines[0]), (python, done.stderr)
    assert old_bytecode() == before, "an older Python left bytecode in the repository"
