"""bench/blanco.py's running figure for long runs: the share won so far and its standard error."""

from __future__ import annotations

import importlib.util
from pathlib import Path
from types import ModuleType

BENCH = Path(__file__).resolve().parent.parent / "bench" / "blanco.py"


def load_bench() -> ModuleType:
    spec = importlib.util.spec_from_file_location("bench_blanco", BENCH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_progress_gives_the_share_and_its_standard_error() -> None:
    bench = load_bench()
    # 1 win in 4 games: share 0.25, standard error sqrt(0.25 * 0.75 / 4) = 0.2165
    no_times: list[tuple[float, float]] = []
    results = [(1.0, no_times, 0)] + [(0.0, no_times, 0)] * 3
    assert bench.progress(results) == "0.250 ± 0.217 (standard error) over 4 games"
