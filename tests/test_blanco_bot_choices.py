"""Blanco's bots choose exactly as before their speed-ups: games replayed against the choices
the unoptimised code made (tests/data/blanco_bot_choices.json, written by running this file).

A change that alters a choice on purpose regenerates the file (`python
tests/test_blanco_bot_choices.py`) and says why in its commit.
"""

from __future__ import annotations

import functools
import json
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

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


@dataclass(frozen=True)
class ExpertStep:
    """One of an Expert seat's decisions in a replayed game, as the checks below read it."""

    seat: int
    legal: bool  # the step is in the real state's legal list
    looked_further: int  # steps it looked at one turn further (next_gain calls)
    #: At a play or discard: Hard's rating of the chosen step, then of every legal one (each
    #: less what it feeds the next player); None at the other phases.
    rated: tuple[float, ...] | None


@dataclass(frozen=True)
class Replay:
    choices: list[str]  # every step chosen, as text (the recorded choices)
    expert_steps: list[ExpertStep]


def played(levels: list[str], seed: int, decisions: int) -> list[str]:
    """The first `decisions` steps the bots choose in this game, as text."""
    return replay(levels, seed, decisions).choices


def replay(levels: list[str], seed: int, decisions: int) -> Replay:
    """The first `decisions` steps the bots choose in this game, each seat shown its view, and
    what each Expert seat's steps were worth to Hard's evaluation (read without changing the
    bots: a fresh evaluator after the choice, the count of its looks further from a wrapper)."""
    from game.blanco.ai.bots import own_grid
    from game.blanco.ai.turns import step_value

    state, _ = BlancoState.new([f"P{i}" for i in range(len(levels))], seed)
    bots = [make_bot(level, seed, i) for i, level in enumerate(levels)]
    looked_further = [0]
    for seat, level in enumerate(levels):
        if level == "expert":
            expert: Any = bots[seat]

            def counted(*args: Any, next_gain: Any = expert.next_gain) -> float:
                looked_further[0] += 1
                return next_gain(*args)

            expert.next_gain = counted
    out: list[str] = []
    steps: list[ExpertStep] = []
    while not state.is_terminal() and len(out) < decisions:
        seat = state.waiting_for()[0]
        view = state.view_for(seat)
        looked_further[0] = 0
        bot: Any = bots[seat]
        action = bot.choose(view, seat)
        out.append(repr(action))
        if levels[seat] == "expert":
            rated = None
            if view.phase == "play":
                ev, feed = bot.evaluator(view, seat), bot.feeder(view, seat)
                p, g = view.players[seat], own_grid(view, seat)
                rated = tuple(
                    step_value(ev, g, list(p.hand), p.stage, a) - bot.fed(feed, g, a)
                    for a in [action, *view.legal_actions(seat)]
                )
            legal = action in state.legal_actions(seat)
            steps.append(ExpertStep(seat, legal, looked_further[0], rated))
        assert state.apply(action).ok
    return Replay(out, steps)


@functools.cache
def replayed(game: int) -> Replay:
    """GAMES[game] replayed, once per worker: the recorded choices and Expert's checks read it."""
    return replay(*GAMES[game])


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_bots_choose_as_recorded(game: int) -> None:
    levels, seed, decisions = GAMES[game]
    recorded = json.loads(DATA.read_text())[game]
    assert recorded["levels"] == levels and recorded["seed"] == seed
    assert len(recorded["choices"]) >= 50  # long enough to reach Hard's small-grid planning
    assert replayed(game).choices == recorded["choices"]


@pytest.mark.parametrize("game", range(len(GAMES)))
def test_expert_steps_are_legal_bounded_and_among_hards_best(game: int) -> None:
    """Expert from its view (against three Hard, beside Normal and Hard, against itself): every
    step legal, each decision looking one turn further for at most its `width` best steps
    (what bounds its time: bench/blanco.py measures it), and every play or discard one that
    Hard's own evaluation rates within Expert's margin of the best (it only settles near-ties
    by the next turn's prospects, so it can never pick a step Hard thinks clearly worse). The
    games are the recorded ones, every Expert step of each (12 turns of one Expert were
    checked in a game of their own before)."""
    expert = make_bot("expert", 0, 0)
    for seat in {step.seat for step in replayed(game).expert_steps}:
        steps = [step for step in replayed(game).expert_steps if step.seat == seat]
        plays = further = 0
        for step in steps:
            assert step.legal, (seat, step)
            assert step.looked_further <= expert.width, (seat, step)  # type: ignore[attr-defined]
            further += step.looked_further
            if step.rated is not None:
                margin = expert.margin  # type: ignore[attr-defined]
                assert step.rated[0] >= max(step.rated[1:]) - margin - 1e-9, (seat, step)
                plays += 1
        assert plays >= 8 and further > 0, (seat, plays, further)  # (the count counts)


if __name__ == "__main__":
    DATA.write_text(
        json.dumps(
            [{"levels": lv, "seed": s, "choices": played(lv, s, n)} for lv, s, n in GAMES],
            indent=0,
        )
        + "\n"
    )
