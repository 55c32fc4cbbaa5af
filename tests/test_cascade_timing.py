"""The cascade plays one step at a time, whatever happened before: a step that starts after
the table sat idle (a player thinking, a computer's pause) lasts its whole length."""

from __future__ import annotations

import random
from collections import deque

import pytest

from game.core.session import Seat, Session
from game.core.ui.toolkit.animator import Animator, EventStyle
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules import events as ev
from game.luckybox.ui.scenes.table import start_game
from game.luckybox.ui.shown import Shown
from game.luckybox.ui.table.styles import DURATIONS, EVENT_KINDS
from tests.support import take_turn, to_first_number
from tests.ui_helpers import DT, frames


def animator_for(feed: deque) -> tuple[Animator, list]:
    staged: list = []
    session = Session([Seat("A"), Seat("B")], 1, game=LUCKYBOX)
    seen = Shown.from_state(session.state)
    styles = {
        kind: EventStyle(DURATIONS.get(kind, 0.0), None, lambda event, length: staged.append(event))
        for kind in EVENT_KINDS
    }
    return Animator(feed, seen, styles, lambda event: False), staged


def frames_playing(animator: Animator, limit: int = 10_000) -> int:
    """Frames until the queue is empty, counting the one that starts the first step."""
    for n in range(1, limit):
        animator.update(DT, 0)
        if animator.current is None and not animator.feed:
            return n
    raise AssertionError("the queue never emptied")


@pytest.mark.parametrize("idle_frames", [0, 1, 60, 3600])
def test_a_step_after_any_idle_time_plays_its_whole_length(idle_frames):
    feed: deque = deque()
    animator, staged = animator_for(feed)
    for _ in range(idle_frames):
        animator.update(DT, 0)
    feed.extend([ev.Passed(0), ev.Passed(0)])
    played = frames_playing(animator)
    length = 2 * DURATIONS[ev.Passed]
    assert staged == [ev.Passed(0), ev.Passed(0)]
    assert abs(played * DT - length) <= DT + 1e-9, (played, length)


def test_time_left_over_between_steps_of_one_cascade_carries_over():
    """Many short steps in one cascade take their summed length, not a frame each."""
    feed: deque = deque()
    animator, _staged = animator_for(feed)
    feed.extend([ev.Passed(0)] * 10)
    played = frames_playing(animator)
    assert abs(played * DT - 10 * DURATIONS[ev.Passed]) <= DT + 1e-9


def test_a_players_cross_after_a_long_think_animates_step_by_step(app):
    """Through the table: the player thinks a while, then clicks a square; the cascade
    is still playing frames later, for as long as its steps last."""
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    app.ctx.settings.animation_speed = 1.0
    rng = random.Random(3)
    for _turn in range(6):
        frames(app, 600)  # ten seconds' thought: far longer than any cascade
        assert not table.animator.busy
        take_turn(app, table, rng, None)
        steps = [table.animator.current, *table.animator.feed]
        assert steps[0] is not None, "the first step is playing, not over at once"
        length = sum(table.animator.duration(step, table.focus) for step in steps)
        busy = 1  # the click's frame
        while table.animator.current is not None or table.animator.feed:
            frames(app, 1)
            busy += 1
        assert busy * DT >= length - 2 * DT, (busy, length, steps)
        to_first_number(app, table)  # the next number (by Next, or a new round's draft)
    assert app.errors == []
