"""ALSA's complaints on a machine without a sound card stay off the player's terminal; any
other line written while pygame opens its sound still reaches it."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from game.core.ui.toolkit.native_noise import alsa_lines_to_the_log

REPO = Path(__file__).resolve().parent.parent


def stderr_of(code: str, data_dir: Path) -> subprocess.CompletedProcess[str]:
    """`code` run by a fresh Python as a player's machine runs it: SDL picks its own sound
    driver (the tests' dummy one removed)."""
    env = {k: v for k, v in os.environ.items() if k != "SDL_AUDIODRIVER"}
    env |= {"SDL_VIDEODRIVER": "dummy", "SMLB_DATA_DIR": str(data_dir)}
    env["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return subprocess.run(
        [sys.executable, "-c", code],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_the_game_starts_without_alsas_lines_on_a_machine_without_sound(tmp_path: Path) -> None:
    bare = stderr_of("import pygame; pygame.init(); pygame.quit()", tmp_path)
    if "ALSA lib" not in bare.stderr:
        pytest.skip("this machine's sound opens without ALSA's complaints: nothing to hide")
    started = stderr_of(
        "from game.catalog import new_app; app = new_app(); app.step(1 / 60); "
        "print(app.ctx.audio.available); app.close()",
        tmp_path,
    )
    assert started.returncode == 0, started.stderr[-2000:]
    assert started.stdout.strip() == "False"  # no sound device: the game plays silently
    assert "ALSA" not in started.stderr, started.stderr


def test_other_lines_written_meanwhile_still_reach_the_terminal(
    capfd: pytest.CaptureFixture[str],
) -> None:
    with alsa_lines_to_the_log():
        os.write(2, b"ALSA lib conf.c:5180:(_snd_config_evaluate) no card\n")
        os.write(2, b"something else went wrong\n")
        os.write(2, b"ALSA lib pcm.c:2666:(snd_pcm_open_noupdate) Unknown PCM default\n")
    os.write(2, b"after\n")
    assert capfd.readouterr().err == "something else went wrong\nafter\n"
