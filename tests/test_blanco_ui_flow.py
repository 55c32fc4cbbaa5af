"""Blanco beyond one table: a match across several games (closing the app between games), and
the demo's command line refusing a sixth player (the demo played to its end, with a record
that checks: tests/test_first_minute.py)."""

from __future__ import annotations

from game.blanco.ui.table.kit import BlancoKit
from tests.support import kit_table
from tests.ui_helpers import click, frames, frames_computers_answered, screenshot


def test_a_match_first_to_two_wins_survives_closing_between_games(app) -> None:
    from game.blanco.ui.scenes.matchscore import MatchScoreScene
    from game.blanco.ui.scenes.setup import SetupScene
    from game.core import saves
    from game.core.ui.screens.title import TitleScene

    app.ctx.settings.animation_speed = 40.0
    setup = SetupScene(app.ctx)
    app.stack.push(setup)
    frames(app, 2)
    click(app, setup.widget("computer_0").rect.center)  # two computers
    click(app, setup.widget("match_mode").rect.center)  # first to N wins
    click(app, setup.widget("match_minus").rect.center)  # N = 2
    screenshot(app, "blanco_setup_match")
    assert setup.match_mode == "wins" and setup.match_target == 2
    click(app, setup.widget("start").rect.center, 2)
    scores = 0
    for _ in range(40000):
        top = app.stack.top
        if isinstance(top, MatchScoreScene):
            scores += 1
            frames(app, 2)
            screenshot(app, f"blanco_match_score_{scores}")
            if top.match.over():
                assert top.widget("next").label == "New match"
                assert max(top.match.wins()) == 2
                break
            # Close the app between games: Continue plays the next game of the match.
            app.stack.clear()
            title = TitleScene(app.ctx)
            title.choose_game("blanco")
            app.stack.push(title)
            frames(app, 2)
            click(app, title.widget("continue").rect.center, 2)
            table = app.stack.top
            assert kit_table(table, BlancoKit) and table.kit.match is not None
            assert len(table.kit.match.games) == scores
            # The whole match is one table: its games follow one another in one folder.
            assert saves.table_folders(app.ctx.game_dir("blanco")) == [table.session.table_folder]
            # The table says where the match stands: this game's number and our wins beside
            # the piles, each other player's in their panel.
            wins = table.kit.match.wins()
            ours = f"Game {scores + 1} · you: {wins[0]} of 2 wins"
            assert table.kit.piles.match_line() == ours
            assert table.kit.match.seat_words(1) == f"{wins[1]} win" + ("" if wins[1] == 1 else "s")
            continue
        frames_computers_answered(app)  # no frames drawn while a computer thinks
    else:
        raise AssertionError("the match did not end")
    assert 2 <= scores <= 3
    # The match over, its table is gone with its match (the records stay for Replays).
    folder = app.ctx.game_dir("blanco")
    assert saves.table_folders(folder) == [] and not list(folder.rglob("match.json"))


def test_main_py_refuses_a_sixth_blanco_player(data_dir) -> None:
    """(The demo played to its end, its result line and its record checked:
    tests/test_first_minute.py::test_the_demo_ends_with_one_result_line.)"""
    import os
    import subprocess
    import sys
    from pathlib import Path

    repo = Path(__file__).resolve().parents[1]
    env = {
        **os.environ,
        "SDL_VIDEODRIVER": "dummy",
        "SDL_AUDIODRIVER": "dummy",
        "SMLB_DATA_DIR": str(data_dir),
    }
    bad = subprocess.run(
        [sys.executable, "main.py", "--demo", "--game", "blanco", "--players", "6"],
        cwd=repo,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert bad.returncode == 2 and "1 to 5" in bad.stderr
