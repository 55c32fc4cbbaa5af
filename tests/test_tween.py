"""Tweens and easing: exact ends, callbacks once, delays, ping-pong, groups."""

from __future__ import annotations

import pytest

from game.core.ui.toolkit import tween as tw
from game.core.ui.toolkit.tween import Tween, TweenGroup

EASES = [
    tw.linear,
    tw.ease_in_cubic,
    tw.ease_out_cubic,
    tw.ease_in_out_sine,
    tw.ease_out_back,
    tw.ease_out_bounce,
]


@pytest.mark.parametrize("ease", EASES, ids=lambda f: f.__name__)
def test_easings_start_at_0_and_end_at_1(ease) -> None:
    assert ease(0.0) == pytest.approx(0.0, abs=1e-9)
    assert ease(1.0) == pytest.approx(1.0, abs=1e-9)


def test_ease_out_back_overshoots_and_bounce_stays_in_range() -> None:
    samples = [i / 100 for i in range(101)]
    assert max(tw.ease_out_back(t) for t in samples) > 1.0
    assert all(0.0 <= tw.ease_out_bounce(t) <= 1.0 + 1e-9 for t in samples)


def test_linear_tween_midpoint_and_exact_end() -> None:
    done: list[int] = []
    t = Tween(1.0, 10.0, 20.0, tw.linear, on_done=lambda: done.append(1))
    t.update(0.5)
    assert t.value == pytest.approx(15.0)
    assert not t.done
    t.update(0.7)  # overshooting time lands exactly on the end
    assert t.value == 20.0 and t.done
    t.update(1.0)
    assert done == [1]  # on_done fires once


def test_delay_holds_the_start_value() -> None:
    t = Tween(1.0, 0.0, 100.0, tw.linear, delay=0.5)
    t.update(0.4)
    assert t.value == 0.0
    t.update(0.6)  # 0.5 s into the tween
    assert t.value == pytest.approx(50.0)


def test_tuple_values_interpolate_per_component() -> None:
    t = Tween(2.0, (0.0, 100.0), (10.0, 0.0), tw.linear)
    t.update(1.0)
    assert t.value == pytest.approx((5.0, 50.0))


def test_zero_duration_finishes_on_first_update() -> None:
    t = Tween(0.0, 1.0, 2.0)
    assert t.update(0.0) and t.value == 2.0


def test_repeat_ping_pongs_and_never_finishes() -> None:
    called: list[int] = []
    t = Tween(1.0, 0.0, 1.0, tw.linear, on_done=lambda: called.append(1), repeat=True)
    t.update(1.0)
    assert t.value == pytest.approx(0.0, abs=1e-9) or t.value == pytest.approx(1.0)
    t.update(0.5)  # 1.5 s: halfway back down
    assert t.value == pytest.approx(0.5)
    t.update(0.25)
    assert t.value == pytest.approx(0.25)
    t.update(100.0)
    assert not t.done and called == []


def test_finish_jumps_to_end() -> None:
    done: list[int] = []
    t = Tween(5.0, 0.0, 1.0, on_done=lambda: done.append(1))
    t.finish()
    assert t.done and t.value == 1.0 and done == [1]


def test_group_drops_finished_and_allows_follow_ups() -> None:
    group = TweenGroup()
    order: list[str] = []

    def chain() -> None:
        order.append("first")
        group.add(Tween(0.5, 0.0, 1.0, on_done=lambda: order.append("second")))

    group.add(Tween(0.2, 0.0, 1.0, on_done=chain))
    long = group.add(Tween(2.0, 0.0, 1.0))
    group.update(0.3)
    assert order == ["first"] and len(group) == 2 and group.busy
    group.update(0.6)
    assert order == ["first", "second"] and group.tweens == [long]
    group.finish_all()
    assert len(group) == 0 and not group.busy


def test_negative_dt_is_ignored() -> None:
    t = Tween(1.0, 0.0, 1.0, tw.linear)
    t.update(0.5)
    t.update(-10.0)
    assert t.value == pytest.approx(0.5)
