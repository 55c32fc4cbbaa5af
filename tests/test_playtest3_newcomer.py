"""Issue 74, items 8 and 11: what a newcomer meets in their first minute.

- `--version` names the app ("Super Mega Lucky Box 0.1.0"), not the script it was run as.
- `--help` lists the options to play, watch and check; the server's two dozen settings sit
  under one heading that `--serve --help` lists, each option keeping its name and meaning.
- docs/architecture.md's tree names only files that exist, and every module of the core, its
  table and its screens; CONTRIBUTING names only what requirements-dev.txt installs.
- Computers play at the Normal pace for a new player (one who can follow a turn); a pace
  saved before, Brisk included, is kept."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path
from typing import Any

import pytest

from game import cli, server_options as serve_settings
from game.core.ui.settings import Settings, load_settings
from game.core.version import __version__
from tests.ui_helpers import frames

REPO = Path(__file__).resolve().parent.parent


def run_cli(argv: list[str]) -> str:
    """What the command line prints for `argv` (an option that prints and exits)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as stop:
        cli.parse_args(argv, prog="main.py")
    assert stop.value.code == 0
    return out.getvalue()


def server_options() -> list[str]:
    """Every option of --serve: the server's own and one per limit (game/online/limits.py)."""
    return [flag for flag, _dest in serve_settings.SERVE_ONLY] + [
        flag for flag, _ in serve_settings.limit_options()
    ]


def listed(help_text: str) -> list[str]:
    return re.findall(r"^  (--[\w-]+)", help_text, flags=re.MULTILINE)


# ------------------------------------------------------------------ --version, --help


def test_version_names_the_game_not_the_script() -> None:
    assert run_cli(["--version"]) == f"Super Mega Lucky Box {__version__}\n"


def test_help_leaves_the_server_settings_to_serve_help() -> None:
    plain = run_cli(["--help"])
    usage = plain.split("\n\n")[0]
    assert "Server (with --serve):" in plain
    assert "`--serve --help` lists them" in " ".join(plain.split())
    for option in server_options():
        assert option not in listed(plain) and f"[{option}" not in usage, option
    assert {"--serve", "--online", "--demo", "--lang", "--window", "--version"} <= set(
        listed(plain)
    )
    serving = run_cli(["--serve", "--help"])
    assert serving.startswith("usage: main.py --serve [server settings]")
    heading = serving.index("Server (with --serve):")
    assert listed(serving[heading:]) == server_options()
    assert listed(serving[:heading]) == [], "only the server's settings"
    assert len(server_options()) >= 20


def test_every_server_option_keeps_its_name_and_meaning() -> None:
    args = cli.parse_args(
        ["--serve", "--host", "0.0.0.0", "--port", "0", "--rate-limit", "7"]
        + ["--max-connections", "5", "--no-metrics", "--chosen-seeds"]
    )
    assert (args.host, args.port, args.rate_limit, args.chosen_seeds) == ("0.0.0.0", 0, 7, True)
    limits = serve_settings.server_limits(args)
    assert limits.connections == 5 and limits.no_metrics
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(["--max-connections", "5"])  # a server setting without --serve
    assert stop.value.code == 2


# ------------------------------------------------------------------ the docs


def tree_block() -> str:
    text = (REPO / "docs" / "architecture.md").read_text(encoding="utf-8")
    return text.split("## The tree", 1)[1].split("```", 2)[1]


def tree_entries() -> list[tuple[Path, str]]:
    """Each line of the tree with the folder its entry sits in (read from the indentation:
    two spaces a level; a line's own folder or file name comes first, its words after)."""
    folders: list[tuple[int, Path]] = []
    entries: list[tuple[Path, str]] = []
    for line in tree_block().splitlines():
        if not line.strip():
            continue
        indent = len(line) - len(line.lstrip())
        name = line.split()[0]
        while folders and folders[-1][0] >= indent and not name.endswith(","):
            folders.pop()
        here = folders[-1][1] if folders else REPO
        if indent < 20 and name.endswith("/"):  # a folder's line: its children are indented
            folders.append((indent, here / name))
            entries.append((here / name, line))  # (the files its words name are its own)
        else:
            entries.append((here, line))
    return entries


def named_files() -> list[tuple[Path, str]]:
    """Every `name.py` the tree names, with the folder of the line naming it."""
    found = []
    for folder, line in tree_entries():
        for name in re.findall(r"(?<![\w<>./-])([\w/]+\.py)\b", line):
            found.append((folder, name))
    return found


def test_the_architecture_tree_names_only_files_that_exist() -> None:
    missing = []
    for folder, name in named_files():
        bases = [folder, *folder.parents]  # a line may name a file of a subfolder ("ui/x.py")
        if not any((base / name).is_file() for base in bases if REPO in (base, *base.parents)):
            missing.append(f"{name} (under {folder.relative_to(REPO)})")
    assert missing == [], missing


@pytest.mark.parametrize(
    "folder",
    [
        "game/core",
        "game/core/ui",
        "game/core/ui/toolkit",
        "game/core/ui/game_ui",
        "game/core/ui/table",
        "game/core/ui/screens",
    ],
)
def test_the_architecture_tree_names_every_module_of_the_core(folder: str) -> None:
    names = {Path(name).name for _folder, name in named_files()}
    modules = {p.name for p in (REPO / folder).glob("*.py") if p.name != "__init__.py"}
    assert modules - names == set(), f"{folder}: not in docs/architecture.md's tree"


def test_contributing_names_only_what_the_dev_requirements_install() -> None:
    text = " ".join((REPO / "CONTRIBUTING.md").read_text(encoding="utf-8").split())
    sentence = re.search(r"`requirements-dev\.txt` adds (.+?)\.", text)
    assert sentence is not None
    # "pytest and its plugins, hypothesis, ..., PyInstaller and PyYAML": the packages' names
    named = [n for n in re.split(r", | and ", sentence[1]) if not n.startswith("its ")]
    pinned = (REPO / "requirements-dev.txt").read_text(encoding="utf-8").lower()
    for package in named:
        assert f"{package.lower()}==" in pinned, f"CONTRIBUTING: requirements-dev has {package}"
    assert "actionlint" not in pinned and "actionlint" in text  # said how it is found instead


# ------------------------------------------------------------------ the pace


def test_a_newcomer_starts_at_the_normal_pace(app: Any) -> None:
    assert Settings().pace == "normal"
    assert app.ctx.settings.pace == "normal"
    settings = app.ctx.nav.push("settings")
    frames(app, 2)
    assert settings.widget("pace").value == "normal", "Settings shows Normal chosen"


@pytest.mark.parametrize("saved", ["brisk", "slow"])
def test_a_saved_pace_is_kept(data_dir: Path, saved: str) -> None:
    """A player who has settings keeps their pace: brisk, the old default, too."""
    (data_dir / "settings.json").write_text(
        json.dumps({"version": 2, "pace": saved, "volume": 0.5}), encoding="utf-8"
    )
    settings, warning = load_settings(data_dir)
    assert warning is None and settings.pace == saved and settings.volume == 0.5
    (data_dir / "settings.json").write_text(json.dumps({"version": 2}), encoding="utf-8")
    assert load_settings(data_dir)[0].pace == "normal", "a file from before the pace setting"
