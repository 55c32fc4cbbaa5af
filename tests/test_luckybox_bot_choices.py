"""Lucky Box's Normal and Hard bots choose exactly as before any speed-up of the model, the
moves or the evaluation they share with Expert: games replayed against the choices recorded
(tests/data/luckybox_bot_choices.json, written by running this file).

A change that alters a choice on purpose regenerates the file (`python
tests/test_luckybox_bot_choices.py`) and says why in its commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.luckybox.ai import make_bot  # noqa: E402
from game.luckybox.rules import GameState  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "luckybox_bot_choices.json"
# (seat levels, seed): Hard solo, and Hard beside Normal at a table (rivals' moons count);
# whole games, about 300 decisions in all (a few CPU seconds)
GAMES: list[tuple[list[str], int]] = [
    (["hard"], 7),
    (["hard", "normal", "hard"], 4),
    (["normal", "hard"], 12),
]


def played(levels: list[str], seed: int) -> list[str]:
    """Every step the bots choose in this game (each from its seat's view), as text."""
    state, _ = GameState.new([f"P{i}" for i in range(len(levels))], seed)
    bots = [make_bot(level, seed, i) for i, level in enumerate(levels)]
    out: list[str] = []
    while not state.is_terminal():
        seat = state.waiting_for()[0]
        action = bots[seat].choose(state.view_for(seat), seat)
        out.append(repr(action))
        assert state.apply(action).ok
        while state.awaiting_chance():
            state.advance()
    return out


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_bots_choose_as_recorded(game: int) -> None:
    levels, seed = GAMES[game]
    recorded = json.loads(DATA.read_text())[game]
    assert recorded["levels"] == levels and recorded["seed"] == seed
    assert len(recorded["choices"]) >= 50  # whole games: drafts, Lightning, bonus cascades
    assert played(levels, seed) == recorded["choices"]


if __name__ == "__main__":
    DATA.write_text(
        json.dumps(
            [{"levels": lv, "seed": s, "choices": played(lv, s)} for lv, s in GAMES],
            indent=0,
        )
        + "\n"
    )
