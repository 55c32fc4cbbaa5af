"""The sound generator's modules (sounds/*.py: a folder of scripts, not a package), loaded for
the tests that read or regenerate what they write."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

SOUND_DIR = Path(__file__).resolve().parents[1] / "sounds"


def sounds_module(name: str) -> ModuleType:
    """``sounds/<name>.py`` (synth, generate, music, pieces, blanco_sfx), imported as the
    scripts import each other: by name, with their folder on the path."""
    if str(SOUND_DIR) not in sys.path:
        sys.path.insert(0, str(SOUND_DIR))
    return importlib.import_module(name)


def read_mulaw(path: Path) -> tuple[int, list[int]]:
    """(rate, 16-bit samples) of a music file, by the generator's own reader."""
    return sounds_module("synth").read_mulaw(path)
