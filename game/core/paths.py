"""Where the game's own files are: found from the code's location, never the working directory.

A frozen build (PyInstaller) unpacks next to `sys._MEIPASS`; an installed package carries its data
beside the `game` package; a source checkout has `sprites/` and `sounds/` at its top. Everything
that opens a data file asks here.
"""

from __future__ import annotations

import sys
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1]  # the `game` package folder


def _root() -> Path:
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return PACKAGE.parent


ROOT = _root()  # the folder holding `game`, `sprites` and `sounds`


def _first_existing(*candidates: Path) -> Path:
    for path in candidates:
        if path.exists():
            return path
    return candidates[0]


SPRITES_DIR = _first_existing(ROOT / "sprites", PACKAGE / "assets" / "sprites")
SOUNDS_DIR = _first_existing(ROOT / "sounds", PACKAGE / "assets" / "sounds")


def package_data(*parts: str) -> Path:
    """A data file inside the `game` package (card lists, Tiled layouts)."""
    return PACKAGE.joinpath(*parts)


def worker_command() -> list[str]:
    """The argv that starts the computer players' worker process (game.core.bot_worker).

    From source or an installed package it is this Python with `-m` (run it with `cwd=ROOT` so
    the `game` package is found whatever the player's working directory); in a frozen build
    `sys.executable` is the game itself, which serves as the worker when given `--bot-worker`
    (game.cli)."""
    if getattr(sys, "frozen", False):
        return [sys.executable, "--bot-worker"]
    return [sys.executable, "-m", "game.core.bot_worker"]
