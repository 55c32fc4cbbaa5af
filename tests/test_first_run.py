"""A fresh clone's first run: the test modules' asserts are rewritten once, in the controller,
before the workers start (tests/conftest.py `_tests_rewritten_once`), not by each worker."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from _pytest.assertion import rewrite

from tests.conftest import ROOT, TESTS, _tests_rewritten_once, asks_for_the_whole_folder


def test_a_test_module_is_rewritten_once_where_pytest_reads_it(
    tmp_path: Path, pytestconfig: pytest.Config
) -> None:
    source = tmp_path / "test_sample.py"
    source.write_text("def test_sample():\n    seen = [1, 2]\n    assert seen == [1, 3]\n")
    (tmp_path / "helper.py").write_text("X = 1\n")  # (not a test module: left alone)
    _tests_rewritten_once(pytestconfig, tmp_path)

    pyc = rewrite.get_cache_dir(source) / ("test_sample" + rewrite.PYC_TAIL)
    code = rewrite._read_pyc(source, pyc)
    assert code is not None, "no rewritten module where a worker looks for it"
    assert sorted(p.name for p in pyc.parent.iterdir()) == [pyc.name]
    module: dict[str, object] = {}
    exec(code, module)
    with pytest.raises(AssertionError) as failed:
        module["test_sample"]()  # type: ignore[operator]
    assert "[1, 2] == [1, 3]" in str(failed.value)  # pytest's explanation: rewritten

    written = pyc.stat().st_mtime_ns
    os.utime(pyc, ns=(written - 10**9, written - 10**9))
    _tests_rewritten_once(pytestconfig, tmp_path)  # unchanged: only looked at
    assert pyc.stat().st_mtime_ns == written - 10**9


def test_only_a_run_of_the_whole_folder_has_every_module_rewritten_up_front() -> None:
    assert asks_for_the_whole_folder(ROOT, ["tests"])  # the README's command (testpaths)
    assert asks_for_the_whole_folder(TESTS, ["."])
    assert asks_for_the_whole_folder(ROOT, ["tests/test_rules.py", "tests/"])
    assert not asks_for_the_whole_folder(ROOT, ["tests/test_rules.py"])
    assert not asks_for_the_whole_folder(ROOT, ["tests/test_rules.py::test_deal"])
    assert not asks_for_the_whole_folder(ROOT, [])
    assert not asks_for_the_whole_folder(TESTS, ["tests"])  # (tests/tests: not this folder)
