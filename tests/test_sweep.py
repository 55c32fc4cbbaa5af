"""The sampled sweeps (tests/sweep.py): every value of every dimension is drawn each run, the
first dimension names the cases in its order, one seed draws the same cases again and another
seed others, SMLB_SWEEP=all gives the whole product, and a failure prints the seed."""

from __future__ import annotations

import itertools
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from tests import sweep

DIMENSIONS = {
    "lang": ["en", "fr", "de"],
    "window": [(1024, 768), (2560, 1080)],
    "size": ["normal", "large"],
}
ROOT = Path(__file__).resolve().parent.parent


def cases(seed: int, monkeypatch: pytest.MonkeyPatch, full: bool = False) -> list[tuple]:
    monkeypatch.setenv(sweep.SEED_VARIABLE, str(seed))
    return sweep.combinations("tests.test_x.test_y", DIMENSIONS, full)


def test_every_value_is_drawn_and_the_first_dimension_names_the_cases(monkeypatch) -> None:
    for seed in range(1, 40):
        drawn = cases(seed, monkeypatch)
        assert [case[0] for case in drawn] == DIMENSIONS["lang"]
        for position, values in enumerate(DIMENSIONS.values()):
            assert {case[position] for case in drawn} == set(values), (seed, drawn)


def test_a_seed_draws_the_same_cases_again_and_seeds_differ(monkeypatch) -> None:
    assert cases(7, monkeypatch) == cases(7, monkeypatch)
    assert len({tuple(cases(seed, monkeypatch)) for seed in range(1, 40)}) > 3


def test_every_combination_under_sweep_all(monkeypatch) -> None:
    assert cases(7, monkeypatch, full=True) == list(itertools.product(*DIMENSIONS.values()))
    monkeypatch.setenv(sweep.ALL_VARIABLE, "all")
    assert sweep.every_combination()
    monkeypatch.setenv(sweep.ALL_VARIABLE, "")
    assert not sweep.every_combination()


def test_a_failed_sampled_test_prints_the_seed_that_draws_it_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A real run of pytest on a sampled test failing in one case: the failure names the seed
    and what it drew, which is what that seed draws again."""
    probe = tmp_path / "test_probe.py"
    probe.write_text(
        textwrap.dedent(
            """
            from tests.sweep import sampled

            @sampled(lang=["en", "fr"], size=["normal", "large"])
            def test_probe(lang, size):
                assert lang != "fr"

            def test_random_input(sweep_rng):
                assert sweep_rng.random() < 0
            """
        ),
        encoding="utf-8",
    )
    # (the project's conftest as a plugin: its hooks print the seed; run from the clone, whose
    # folder is on the path, with the probe's folder as the root: no ini, so no workers)
    command = [sys.executable, "-m", "pytest", "-p", "tests.conftest", "-p", "no:cacheprovider"]
    command += ["--rootdir", str(tmp_path), str(probe)]
    environ = {**os.environ, sweep.SEED_VARIABLE: "4242"}
    environ.pop(sweep.ALL_VARIABLE, None)
    first = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=120, env=environ
    ).stdout
    assert "2 failed, 1 passed" in first, first[-2000:]
    assert "sweeps sampled with SMLB_SWEEP_SEED=4242" in first
    assert "SMLB_SWEEP_SEED=4242  (its random input)" in first, first[-2000:]
    # What it drew for French is what seed 4242 draws here: set again, it draws the same.
    monkeypatch.setenv(sweep.SEED_VARIABLE, "4242")
    drawn = dict(
        sweep.combinations(
            "test_probe.test_probe", {"lang": ["en", "fr"], "size": ["normal", "large"]}, False
        )
    )
    assert f"SMLB_SWEEP_SEED=4242  (lang=fr, size={drawn['fr']})" in first, first[-2000:]


def test_the_files_the_workers_are_handed_specially_exist() -> None:
    """tests/conftest.py's SPREAD_FILES and SHARED_UNITS name files that are there (a renamed
    file would be handed out as a file of its own again, silently), none in both."""
    from tests.conftest import SHARED_UNITS, SPREAD_FILES

    named = set(SPREAD_FILES) | set(SHARED_UNITS)
    assert SPREAD_FILES and all((ROOT / "tests" / name).is_file() for name in named)
    assert not set(SPREAD_FILES) & set(SHARED_UNITS)
