"""The GitHub workflows parse and do what the README promises: the tests workflow runs .ci/run's
commands on Linux, Windows and macOS with Python 3.11 and the newest supported; the release
workflow builds the three zips on a `v*` tag. actionlint checks them too where it is installed
(requirements-dev.txt brings it)."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

REPO = Path(__file__).resolve().parent.parent
WORKFLOWS = REPO / ".github" / "workflows"


def load(name: str) -> dict[str, Any]:
    data = yaml.safe_load((WORKFLOWS / name).read_text(encoding="utf-8"))
    assert isinstance(data, dict), name
    # YAML 1.1 reads the key `on` as True.
    if True in data:
        data["on"] = data.pop(True)
    return data


def ci_commands() -> list[str]:
    """.ci/run's commands, after its `set` and `cd` lines."""
    lines = (REPO / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    return [
        line.strip() for line in lines if line.strip() and not line.startswith(("#", "set ", "cd "))
    ]


def newest_classified_python() -> str:
    text = (REPO / "pyproject.toml").read_text(encoding="utf-8")
    versions = re.findall(r"Programming Language :: Python :: (3\.\d+)\"", text)
    assert versions, "pyproject.toml names the Python versions it supports"
    return max(versions, key=lambda v: int(v.split(".")[1]))


@pytest.mark.parametrize("path", sorted(WORKFLOWS.glob("*.yml")), ids=lambda p: p.name)
def test_every_workflow_parses_with_jobs_and_steps(path: Path):
    data = load(path.name)
    assert data["name"] and data["on"]
    assert data["jobs"], f"{path.name} has no jobs"
    for job_id, job in data["jobs"].items():
        assert "runs-on" in job, job_id
        steps = job["steps"]
        assert steps and all(("uses" in step) != ("run" in step) for step in steps), job_id


def test_tests_workflow_runs_ci_on_three_systems_and_two_pythons():
    job = load("tests.yml")["jobs"]["tests"]
    matrix = job["strategy"]["matrix"]
    assert {os.split("-")[0] for os in matrix["os"]} == {"ubuntu", "windows", "macos"}
    assert "3.11" in matrix["python-version"]
    assert newest_classified_python() in matrix["python-version"]
    assert job["runs-on"] == "${{ matrix.os }}"
    setup = next(s for s in job["steps"] if s.get("uses", "").startswith("actions/setup-python"))
    assert setup["with"]["python-version"] == "${{ matrix.python-version }}"
    runs = {s.get("if", ""): s["run"] for s in job["steps"] if "run" in s}
    assert runs["runner.os != 'Windows'"].strip() == "bash .ci/run"
    windows = [
        line.strip()
        for line in runs["runner.os == 'Windows'"].splitlines()
        if line.strip() and not line.strip().startswith("set ")
    ]
    translated = [
        c.replace("python3 -m venv", "python -m venv").replace(".venv/bin/", ".venv/Scripts/")
        for c in ci_commands()
    ]
    assert windows == translated
    assert any("pytest" in c for c in translated) and any("mypy" in c for c in translated)


def test_release_workflow_builds_three_zips_on_a_tag():
    data = load("release.yml")
    assert data["on"]["push"]["tags"] == ["v*"]
    build = data["jobs"]["build"]
    rows = build["strategy"]["matrix"]["include"]
    assert {row["os"].split("-")[0] for row in rows} == {"windows", "macos", "ubuntu"}
    assert len({row["platform"] for row in rows}) == 3
    steps = build["steps"]
    assert any(s.get("run", "").strip() == "python packaging/build.py" for s in steps)
    zips = [s for s in steps if s.get("name", "").startswith("Zip")]
    assert sorted(s["if"] for s in zips) == sorted(
        f"runner.os == '{name}'" for name in ("Windows", "macOS", "Linux")
    )
    assert all("matrix.platform }}.zip" in s["run"] for s in zips)
    upload = next(s for s in steps if s.get("uses", "").startswith("actions/upload-artifact"))
    assert upload["with"]["path"] == "super-mega-lucky-box-*.zip"
    release = data["jobs"]["release"]
    assert release["needs"] == "build"
    assert any("zips/*.zip" in str(s.get("with", {}).get("files")) for s in release["steps"])


def actionlint() -> str | None:
    found = shutil.which("actionlint")
    beside = Path(sys.executable).parent / "actionlint"
    return found or (str(beside) if beside.exists() else None)


def test_actionlint_finds_nothing():
    program = actionlint()
    if program is None:
        pytest.skip("actionlint is not installed (optional: the checks above run everywhere)")
    files = [str(p) for p in sorted(WORKFLOWS.glob("*.yml"))]
    done = subprocess.run(
        [program, "-no-color", *files], capture_output=True, text=True, timeout=120, cwd=REPO
    )
    assert done.returncode == 0, done.stdout + done.stderr
