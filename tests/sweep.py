"""Sampled sweeps: a test that would run for every combination of languages, text sizes and
window shapes runs a few of them, every value of every dimension at least once, drawn again
on each run; and random input (the monkeys) takes a new seed on each run.

Every run has one seed, SMLB_SWEEP_SEED: tests/conftest.py draws it in the controller before
the workers start (they inherit it, so every worker collects the same cases), prints it in the
run's header and beside every failure of a sampled test. To reproduce a run, set it:

    SMLB_SWEEP_SEED=123456 .venv/bin/python -m pytest tests/test_text_fits.py

SMLB_SWEEP=all runs every combination instead (the whole product, as before sampling), e.g.
before a release or after changing a layout.

Why: the sweeps took their product (languages x sizes x shapes) on every run, most of the
suite's time; a bug that shows in one combination is found as soon as a run draws it, and a
team runs the suite many times a day, each run drawing other combinations.
"""

from __future__ import annotations

import itertools
import os
import random
from collections.abc import Sequence
from typing import Any

import pytest

SEED_VARIABLE = "SMLB_SWEEP_SEED"
ALL_VARIABLE = "SMLB_SWEEP"


def run_seed() -> int:
    """This run's seed (drawn by tests/conftest.py when unset: see the module's docstring)."""
    return int(os.environ.get(SEED_VARIABLE, "0"))


def every_combination() -> bool:
    """SMLB_SWEEP=all: every sweep takes its whole product."""
    return os.environ.get(ALL_VARIABLE, "").strip().lower() == "all"


def rng_for(name: str) -> random.Random:
    """A random generator for `name` (a test's id), seeded from this run's seed."""
    return random.Random(f"{run_seed()}:{name}")


def _label(value: Any) -> str:
    if isinstance(value, tuple) and len(value) == 2 and all(isinstance(v, int) for v in value):
        return f"{value[0]}x{value[1]}"
    return str(value)


def combinations(
    name: str, dimensions: dict[str, Sequence[Any]], full: bool
) -> list[tuple[Any, ...]]:
    """The cases of a sweep: the whole product when `full`, else one case per value of the
    first dimension (in its order, so the test ids stay the same from run to run), each other
    dimension's values all used at least once and the rest drawn at random (rng_for(name))."""
    columns = list(dimensions.values())
    if full:
        return list(itertools.product(*columns))
    rng = rng_for(name)
    count = max(len(column) for column in columns)
    first, *others = columns
    drawn: list[list[Any]] = []
    for column in others:
        values = list(column) + [rng.choice(column) for _ in range(count - len(column))]
        rng.shuffle(values)
        drawn.append(values)
    assert len(first) == count, "the first dimension names the cases: put the longest first"
    return [(first[i], *(values[i] for values in drawn)) for i in range(count)]


def sampled(**dimensions: Sequence[Any]) -> Any:
    """`@sampled(lang=[...], size=[...], window=[...])`: parametrize the test over a sample of
    the dimensions' product (see combinations), or all of it under SMLB_SWEEP=all. The first
    dimension names the cases; the test is marked `sampled` so a failure prints the seed."""
    names = tuple(dimensions)
    full = every_combination()

    def decorate(test: Any) -> Any:
        cases = combinations(f"{test.__module__}.{test.__name__}", dimensions, full)
        shown = (lambda case: case) if full else (lambda case: case[:1])
        ids = ["-".join(_label(v) for v in shown(case)) for case in cases]
        marked = pytest.mark.parametrize(names, cases, ids=ids)(test)
        return pytest.mark.sampled(marked)

    return decorate


def describe(item: pytest.Item) -> str:
    """What a failed sampled test drew, and how to draw it again."""
    callspec = getattr(item, "callspec", None)
    params = ", ".join(f"{k}={_label(v)}" for k, v in (callspec.params if callspec else {}).items())
    how = "SMLB_SWEEP=all" if every_combination() else f"{SEED_VARIABLE}={run_seed()}"
    return f"{how}  ({params or 'its random input'}): set it to run this case again"
