"""Blanco's bots choose exactly as before their speed-ups: games replayed against the choices
the unoptimised code made (tests/data/blanco_bot_choices.json, written by running this file).

A change that alters a choice on purpose regenerates the file (`python
tests/test_blanco_bot_choices.py`) and says why in its commit.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from game.blanco.ai import make_bot  # noqa: E402
from game.blanco.rules import BlancoState  # noqa: E402

DATA = Path(__file__).resolve().parent / "data" / "blanco_bot_choices.json"
# (seat levels, seed, most decisions kept): Expert among Hards, Normal against Hard and Expert,
# and two Experts, so Expert's own look one turn further is replayed at every seat; about 500
# decisions in all (a few CPU seconds)
GAMES: list[tuple[list[str], int, int]] = [
    (["expert", "hard", "hard", "hard"], 5, 400),
    (["normal", "hard", "expert"], 2, 400),
    (["expert", "expert"], 7, 200),
]


def played(levels: list[str], seed: int, decisions: int) -> list[str]:
    """The first `decisions` steps the bots choose in this game, as text."""
    state, _ = BlancoState.new([f"P{i}" for i in range(len(levels))], seed)
    bots = [make_bot(level, seed, i) for i, level in enumerate(levels)]
    out: list[str] = []
    while not state.is_terminal() and len(out) < decisions:
        seat = state.waiting_for()[0]
        action = bots[seat].choose(state.view_for(seat), seat)
        out.append(repr(action))
        assert state.apply(action).ok
    return out


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_bots_choose_as_recorded(game: int) -> None:
    levels, seed, decisions = GAMES[game]
    recorded = json.loads(DATA.read_text())[game]
    assert recorded["levels"] == levels and recorded["seed"] == seed
    assert len(recorded["choices"]) >= 50  # long enough to reach Hard's small-grid planning
    assert played(levels, seed, decisions) == recorded["choices"]


if __name__ == "__main__":
    DATA.write_text(
        json.dumps(
            [{"levels": lv, "seed": s, "choices": played(lv, s, n)} for lv, s, n in GAMES],
            indent=0,
        )
        + "\n"
    )
