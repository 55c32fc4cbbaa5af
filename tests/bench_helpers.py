"""A script of bench/ imported as a module by a test: bench/ is on sys.path only while it is
imported, so the rest of a worker's tests import from the game alone."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType

BENCH = str(Path(__file__).resolve().parent.parent / "bench")


def bench_module(name: str) -> ModuleType:
    """bench/NAME.py as a module (imported once per worker, like any module)."""
    sys.path.insert(0, BENCH)
    try:
        return importlib.import_module(name)
    finally:
        sys.path.remove(BENCH)
