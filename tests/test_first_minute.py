"""A newcomer's first minute: `--help` in groups naming both games and each game's seats,
`--demo` ending with one result line (game, seed, scores), and the window's title naming the
game on the table."""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from game import catalog, cli
from tests.ui_helpers import click, frames

REPO = Path(__file__).resolve().parent.parent


def help_text() -> str:
    out = io.StringIO()
    with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as stop:
        cli.parse_args(["--help"], prog="main.py")
    assert stop.value.code == 0
    return out.getvalue()


def sections(text: str) -> dict[str, list[str]]:
    """--help's groups: heading -> the options listed under it."""
    found: dict[str, list[str]] = {}
    heading = None
    for line in text.splitlines():
        if line and not line.startswith(" ") and line.endswith(":"):
            heading = line[:-1]
            found[heading] = []
        elif heading and (option := re.match(r"  (-\S+)", line)):
            found[heading].append(option[1].rstrip(","))
    return found


def test_help_lists_the_options_in_groups():
    groups = sections(help_text())
    assert list(groups) == [
        "options",
        "play",
        "demo and records",
        "online",
        "diagnostics",
        "Server (with --serve)",
    ]
    assert {"--lang", "--window"} <= set(groups["play"])
    assert {"--demo", "--game", "--players", "--seed", "--check-record"} <= set(
        groups["demo and records"]
    )
    assert {"--serve", "--online"} <= set(groups["online"])
    # The server's settings under their heading, listed by `--serve --help` (issue 74 item 11;
    # tests/test_playtest3_newcomer.py).
    assert groups["Server (with --serve)"] == []
    assert {"--tour", "--version", "--frame-stats"} <= set(groups["diagnostics"])
    # Every option is in one of them, none twice.
    listed = [option for options in groups.values() for option in options]
    assert len(listed) == len(set(listed))


def test_help_names_every_game_and_its_seats():
    text = " ".join(help_text().split())  # argparse wraps lines anywhere
    for game in catalog.games():
        assert game.title in text
        assert f"{game.title} {game.rules.min_players}-{game.rules.max_players}" in text
    assert "Super Mega Lucky Box 1-12" in text and "Blanco 1-5" in text


def test_players_beyond_a_games_range_is_refused_in_one_line(capsys):
    with pytest.raises(SystemExit) as stop:
        cli.parse_args(["--demo", "--game", "blanco", "--players", "6"])
    assert stop.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "--players must be from 1 to 5 for Blanco" in err
    assert cli.parse_args(["--demo", "--players", "12"]).players == 12


# (Lucky Box's demo, its line and its record: tests/test_packaging.py's demo from another
# folder, test_main_py_by_absolute_path_from_another_folder; a second whole game here cost
# three CPU-seconds for the same assertions.)
@pytest.mark.parametrize(
    ("game", "players", "pattern"),
    [
        ("blanco", 2, r"Blanco, seed 11: Computer 1 \d+ cards left in \d+ turns, Computer 2 \d+"),
    ],
)
def test_the_demo_ends_with_one_result_line(tmp_path, game, players, pattern):
    """The demo from the command line, from another folder, played to its end: one result
    line, and a record in the game's format that checks (tests/test_blanco_ui_flow.py played
    a second Blanco demo for that). Its computers of the quickest level: their play is not
    the subject."""
    record = tmp_path / "record.json"
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "SMLB_DATA_DIR": str(tmp_path / "data"),
        "SMLB_NO_FRAME_WAIT": "1",
        "LANGUAGE": "en",
    }
    done = subprocess.run(
        [sys.executable, str(REPO / "main.py"), "--demo", "--game", game, "--players",
         str(players), "--seed", "11", "--speed", "64", "--bot", "easy", "--exit-when-done",
         "--lang", "en",
         "--save-record", str(record)],
        capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert len(lines) == 1 and re.fullmatch(pattern + r".*", lines[0]), done.stdout
    # A finished game's record in the game's own format...
    rules = catalog.game_by_id(game).rules
    assert json.loads(record.read_text())["format"] == rules.record_format
    # ...and the scores it names are the record's, as --check-record replays it.
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert cli.main(["--check-record", str(record)]) == 0
    checked = json.loads(out.getvalue())
    assert checked["finished"] is True
    scores = rules.record_scores(checked, players)
    assert scores is not None
    for i, total in enumerate(scores["totals"]):
        assert f"Computer {i + 1} {total}" in lines[0]


def test_the_window_title_names_the_game_on_the_table(app):
    from game.blanco.ui.table.kit import BlancoKit
    from game.core.ui.screens.title import TitleScene
    from tests.support import kit_table

    app.stack.push(TitleScene(app.ctx))
    frames(app, 2)
    title = app.stack.top
    assert title.game == "luckybox"
    assert pygame.display.get_caption()[0] == "Super Mega Lucky Box"
    click(app, title.widget("game_blanco").rect.center, 2)
    assert pygame.display.get_caption()[0] == "Super Mega Lucky Box"  # still the title screen
    click(app, title.widget("new_game").rect.center, 2)
    assert pygame.display.get_caption()[0] == "Blanco"  # Blanco's set-up
    click(app, app.stack.top.widget("start").rect.center, 2)
    assert kit_table(app.stack.scenes[0], BlancoKit)
    assert pygame.display.get_caption()[0] == "Blanco"
    app.stack.clear_to(TitleScene(app.ctx))
    frames(app, 2)
    assert pygame.display.get_caption()[0] == "Super Mega Lucky Box"
