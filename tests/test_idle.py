"""A still screen costs nothing: once it has settled, the app draws and shows no frame until
something changes (tests drive the real App headless and count the frames it draws)."""

from __future__ import annotations

import time
import types
from typing import Any

import pygame
import pytest

from game.core.session import Seat, Session
from game.core.ui import app as app_module
from tests.ui_helpers import click, frames

SECOND = 60  # frames of 1/60 s


def drawn_in(app: Any, n: int) -> int:
    """Frames drawn over the next `n` frames: whole (drawn, then flipped), or in part where
    only ambient motion moved (`App.frames_partial`: drawn there, then those pixels shown)."""
    flips = updates = 0
    real_flip, real_update = pygame.display.flip, pygame.display.update

    def counting_flip() -> None:
        nonlocal flips
        flips += 1
        real_flip()

    def counting_update(rects: Any = None) -> None:
        nonlocal updates
        updates += 1
        real_update(rects)

    before, partial = app.frames_drawn, app.frames_partial
    pygame.display.flip, pygame.display.update = counting_flip, counting_update
    try:
        frames(app, n)
    finally:
        pygame.display.flip, pygame.display.update = real_flip, real_update
    in_part = app.frames_partial - partial
    assert app.frames_drawn - before - in_part == flips  # each whole frame flipped once
    assert updates <= in_part  # each drawn in part shown once (or not at all: no motion)
    return app.frames_drawn - before


def settle(app: Any, seconds: float = 3.0) -> None:
    """Ambient motion rests after `ambient_seconds` without input: shortened here."""
    app.stack.ambient_seconds = 1.0
    frames(app, round(seconds * SECOND))


def title(app: Any) -> Any:
    scene = app.ctx.nav.make("title")
    app.stack.clear_to(scene)
    return scene


def played_session(seats: int, seed: int = 5) -> Session:
    from game.luckybox.entry import LUCKYBOX
    from tests.test_scoring_scenes import play

    session = Session([Seat(f"Player {i + 1}") for i in range(seats)], seed, game=LUCKYBOX)
    play(session)
    return session


def still_screens() -> dict[str, Any]:
    def settings(app: Any) -> Any:
        title(app)
        return app.ctx.nav.push("settings")

    def pause(app: Any) -> Any:
        title(app)
        scene = app.ctx.nav.make("pause") if app.ctx.nav.has("pause") else None
        if scene is None:
            pytest.skip("no pause route")
        app.stack.push(scene)
        return scene

    def game_end(app: Any) -> Any:
        scene = app.ctx.nav.make("luckybox.game_end", session=played_session(2))
        app.stack.clear_to(scene)
        return scene

    def table(app: Any) -> Any:  # a solo Lucky Box table waiting for the human
        from tests.support import to_first_number

        app.ctx.nav.make("luckybox.start_game", seats=[Seat("You")], seed=3)
        scene = app.stack.scenes[0]
        to_first_number(app, scene)
        assert app.stack.top is scene and scene.human_turn()
        return scene

    def table_of_eight(app: Any) -> Any:  # its move log full, the last crosses ringed
        from tests.bench_helpers import bench_module

        scene = bench_module("idle").show_table_of_eight(app)
        assert app.stack.top is scene and scene.human_turn()
        assert len(scene.kit.move_log.lines(0, hides=True)) >= 8
        pygame.event.post(  # (reached without input: shown anew, as a new screen is)
            pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
        )
        return scene

    def blanco_table(app: Any) -> Any:
        app.ctx.nav.make("blanco.start_game", seats=[Seat("You")], seed=3)
        scene = app.stack.scenes[0]
        for _ in range(600):  # past the deal's animation, to the human's first move
            if app.stack.top is scene and not scene.animator.busy and scene.turns.acting == 0:
                break
            frames(app, 1)
        assert app.stack.top is scene and scene.turns.acting == 0
        return scene

    def over_title(route: str, **kwargs: Any) -> Any:
        def make(app: Any) -> Any:
            title(app)
            return app.ctx.nav.push(route, **kwargs)

        return make

    def draft(app: Any) -> Any:  # Lucky Box's draft waiting for the human, a hint shown
        from tests.test_table_edges import open_draft

        scene = open_draft(app)
        click(app, scene.widgets["hint"].rect.center)  # (as a player asks)
        assert scene.hinted
        return scene

    unreachable = "ws://127.0.0.1:9"  # (the lobby says it cannot connect, then rests)

    def lobby(app: Any) -> Any:
        """The lobby once its line has failed: the failure comes from the network's thread in
        real time, while the frames here run on made-up time (3 s of them pass in a fraction
        of a second): the news arriving in the still second was a redraw it rightly made."""
        import time

        scene = over_title("online.lobby", url=unreachable, code="KQ7-4XM")(app)
        end = time.monotonic() + 10
        while not scene.problem and time.monotonic() < end:
            frames(app, 1)
            time.sleep(0.01)
        assert scene.problem, "the unreachable server is said"
        return scene

    return {
        "title": title,
        "settings": settings,
        "pause": pause,
        "game_end": game_end,
        "table": table,
        "table_of_eight": table_of_eight,
        "blanco_table": blanco_table,
        "luckybox_setup": over_title("luckybox.setup"),
        "blanco_setup": over_title("blanco.setup"),
        "howto": over_title("howto", game="blanco"),
        "replays": over_title("replays", game="luckybox"),
        "stats": over_title("stats", game="luckybox"),
        "stats_daily": over_title("stats_daily", game="blanco"),
        "handoff": over_title("handoff", name="Ann"),
        "draft": draft,
        "online_menu": over_title("online"),
        "online_host": over_title("online.host", url=unreachable),
        "online_join": over_title("online.join", url=unreachable),
        "online_lobby": lobby,
    }


@pytest.mark.parametrize("screen", sorted(still_screens()))
def test_a_settled_screen_draws_nothing_and_input_draws_again(app: Any, screen: str) -> None:
    scene = still_screens()[screen](app)
    assert drawn_in(app, 5) == 5  # a new screen is drawn at once
    settle(app)
    assert app.stack.top is scene
    assert drawn_in(app, SECOND) == 0  # a still second: not one frame
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=(5, 5), rel=(1, 1), buttons=(0, 0, 0))
    )
    assert drawn_in(app, 1) == 1  # input is drawn in the very frame it comes
    assert drawn_in(app, 3 * SECOND) < 2 * SECOND  # and the screen settles again


def test_a_paused_replay_draws_nothing_and_a_playing_one_moves(app: Any) -> None:
    session = played_session(1)
    replay = app.ctx.nav.make("luckybox.replay", record=session.record())
    app.stack.clear_to(replay)
    settle(app)
    assert drawn_in(app, SECOND) > SECOND // 2  # it plays: steps shown one after another
    replay.toggle_pause()
    frames(app, SECOND)  # the step under way is shown to its end
    assert drawn_in(app, SECOND) == 0
    replay.step()
    assert drawn_in(app, SECOND) > 0  # one more step shown, then still again
    frames(app, 2 * SECOND)
    assert drawn_in(app, SECOND) == 0


def test_the_title_moves_until_the_player_has_gone(app: Any) -> None:
    scene = title(app)
    app.stack.ambient_seconds = 2.0
    assert drawn_in(app, SECOND) == SECOND  # cards drift, the logo pulses: every frame drawn
    ys = [p.y for p in scene.drift.particles]
    frames(app, 2 * SECOND)
    assert drawn_in(app, SECOND) == 0
    rested = [p.y for p in scene.drift.particles]
    assert rested != ys
    frames(app, SECOND)
    assert [p.y for p in scene.drift.particles] == rested  # they rest where they were last drawn
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode="", scancode=0)
    )
    assert drawn_in(app, SECOND) == SECOND  # and move again at 60 fps on input
    assert [p.y for p in scene.drift.particles] != rested


def test_a_tooltip_after_its_delay_and_a_caret_still_show(app: Any) -> None:
    scene = title(app)
    settle(app)
    button = scene.widget("settings").rect
    pygame.event.post(
        pygame.event.Event(pygame.MOUSEMOTION, pos=button.center, rel=(1, 1), buttons=(0, 0, 0))
    )
    frames(app, SECOND)  # the mouse rests: the tip shows after its delay (no input then)
    assert scene.tooltips.tip is not None
    # Shown, then faded in: at most the frame in which the fade ends (its last step) ...
    assert drawn_in(app, 2 * SECOND) <= 1
    assert drawn_in(app, 2 * SECOND) == 0  # ... then still


def test_the_focus_ring_is_drawn_as_it_moves_then_rests(app: Any) -> None:
    title(app)
    settle(app)
    pygame.event.post(
        pygame.event.Event(pygame.KEYDOWN, key=pygame.K_TAB, mod=0, unicode="\t", scancode=0)
    )
    assert drawn_in(app, SECOND) == SECOND  # the ring appears and breathes
    assert app.ring.visible
    frames(app, 2 * SECOND)
    assert drawn_in(app, SECOND) == 0  # the player has gone: it rests too


def test_a_scene_that_does_not_say_is_drawn_every_frame(app: Any) -> None:
    from game.core.ui.scene import Scene

    app.stack.clear_to(Scene(app.ctx))
    settle(app)
    assert drawn_in(app, SECOND) == SECOND


def test_a_still_app_sleeps_until_an_event_or_its_wait(app: Any) -> None:
    title(app)
    settle(app)
    app.drew_last = False
    waited: list[int] = []
    real_wait = app_module.wait_for_event

    def wait(timeout: int) -> Any:
        waited.append(timeout)
        return real_wait(timeout)

    app_module.wait_for_event = wait
    try:
        assert app.tick()
    finally:
        app_module.wait_for_event = real_wait
    assert waited == [app_module.IDLE_WAIT_MS]
    assert not app.drew_last


def paced_as_a_player(app: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[list[int], list[int]]:
    """The app's loop paced as for a player (its waits, not the test hook's), each wait for an
    event (its timeout, ms) and each 60 fps tick (its frame rate) written down, neither taking
    real time: (waited, ticked)."""
    waited: list[int] = []
    ticked: list[int] = []
    real_wait = app_module.wait_for_event

    def wait(timeout: int) -> Any:
        waited.append(timeout)
        return real_wait(timeout)

    class Clock:
        def tick(self, framerate: int = 0) -> int:
            ticked.append(framerate)
            return 1000 // app_module.FPS

    monkeypatch.setattr(app_module, "wait_for_event", wait)
    monkeypatch.setattr(app, "clock", Clock())
    app.waits_for_frames = True
    return waited, ticked


def test_a_table_whose_highlights_only_pulse_is_drawn_at_its_ambient_rate(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While nothing but a table's pulsing highlights moves, each frame is drawn and followed by
    a wait of 1/ambient_fps that input cuts short, not by a 60 fps tick; input a moment ago,
    or an animation, brings back 60 fps."""
    from game.blanco.ai import hint

    table = still_screens()["blanco_table"](app)
    app.stack.ambient_seconds = 1e9  # the highlights pulse on
    frames(app, SECOND)  # past the frames drawn after the last input
    assert table.kit.targets, "the piles are highlighted: they pulse"
    waited, ticked = paced_as_a_player(app, monkeypatch)
    before, partial = app.frames_drawn, app.frames_partial
    for _ in range(3):
        assert app.tick()
    assert app.frames_drawn - before == 3  # every frame drawn: the pulse moves ...
    assert app.frames_partial - partial == 3  # ... where it moves (tests/test_ambient_regions)
    assert waited == [round(1000 / table.ambient_fps)] * 3 and 30 <= waited[0] <= 40
    assert app_module.FPS not in ticked
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode=""))
    waited.clear()
    assert app.tick() and app.tick()
    assert ticked[-1] == app_module.FPS and len(waited) == 1  # the input ended the wait
    frames(app, SECOND)
    ticked.clear()
    assert table.moves.apply(hint(table.state.view_for(0), 0))  # a step: cards turn or fly
    assert app.tick() and app.tick() and table.animator.busy
    assert ticked[-1] == app_module.FPS  # (the wait before was owed by the frame before)


@pytest.mark.parametrize("screen", ["title", "howto", "handoff"])
def test_decorative_motion_alone_is_drawn_at_the_decorative_rate(
    app: Any, monkeypatch: pytest.MonkeyPatch, screen: str
) -> None:
    """The title's drifting cards, How to play's moving art and the hand-off's bobbing name,
    with no input a moment ago, are drawn at DECORATIVE_FPS (each frame followed by a wait of
    1/30 s that input cuts short), not at 60 fps: half the drawing; input brings 60 back."""
    from game.core.ui.scene import DECORATIVE_FPS

    still_screens()[screen](app)
    app.stack.ambient_seconds = 1e9  # the motion lives on
    frames(app, SECOND)  # past the frames drawn after the last input
    waited, ticked = paced_as_a_player(app, monkeypatch)
    before = app.frames_drawn
    for _ in range(3):
        assert app.tick()
    assert app.frames_drawn - before == 3  # it moves: every frame drawn ...
    assert waited == [round(1000 / DECORATIVE_FPS)] * 3  # ... 30 of them a second
    assert app_module.FPS not in ticked
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode=""))
    waited.clear()
    assert app.tick() and app.tick()
    assert ticked[-1] == app_module.FPS and len(waited) == 1  # the input ended the wait


def test_the_still_wait_looks_at_the_queue_every_few_milliseconds_not_every_one(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """pygame's own event.wait(timeout) looks every millisecond (2.5% of a core on a still
    screen); the app's wait looks every IDLE_POLL_MS, and returns a queued event at once."""
    looks: list[float] = []
    real_poll = pygame.event.poll

    def poll() -> Any:
        looks.append(time.perf_counter())
        return real_poll()

    monkeypatch.setattr(pygame.event, "poll", poll)
    pygame.event.clear()
    started = time.perf_counter()
    assert app_module.wait_for_event(app_module.IDLE_WAIT_MS).type == pygame.NOEVENT
    assert time.perf_counter() - started >= app_module.IDLE_WAIT_MS / 1000
    # A look every 5 ms at most (sleeps last at least what they ask); pygame's: every 1 ms.
    assert 2 <= len(looks) <= app_module.IDLE_WAIT_MS // 5 + 2
    looks.clear()
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a"))
    assert app_module.wait_for_event(app_module.IDLE_WAIT_MS).type == pygame.KEYDOWN
    assert len(looks) == 1


class _NoSleep:
    """A clock that fails the test if the loop waits on it."""

    def tick(self, framerate: int = 0) -> int:
        raise AssertionError(f"the loop waited for a frame (tick({framerate}))")


def test_the_no_frame_wait_hook_never_sleeps_and_counts_fixed_frames(
    app: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The test hook (SMLB_NO_FRAME_WAIT=1, for the demos the tests run): no wait on the clock;
    a drawn frame stands for 1/FPS and a still one for IDLE_WAIT_MS, whatever time passed."""
    title(app)
    given: list[float | None] = []
    real_step = app.step

    def step(dt: float | None = None) -> bool:
        given.append(dt)
        return bool(real_step(dt))

    waited: list[int] = []
    real_wait = pygame.event.wait

    def wait(timeout: int = 0) -> Any:
        waited.append(timeout)
        return real_wait(timeout)

    monkeypatch.setattr(app, "step", step)
    monkeypatch.setattr(app, "clock", _NoSleep())
    monkeypatch.setattr(pygame.event, "wait", wait)
    # no computer thinking (the worker is shared by the process: an earlier test's table may
    # have left one at work, and then the hook rightly waits for a frame)
    monkeypatch.setattr(app_module, "_computer_thinking", lambda: False)
    app.waits_for_frames = False
    app.drew_last = True
    assert app.tick()
    app.drew_last = False
    assert app.tick()
    assert given == [1 / app_module.FPS, app_module.IDLE_WAIT_MS / 1000]
    assert waited == [1]  # a still app only lets a thinking worker have the CPU a moment
    ticks: list[int] = []
    monkeypatch.setattr(app, "clock", types.SimpleNamespace(tick=lambda fps=0: ticks.append(fps)))
    monkeypatch.setattr(app_module, "_computer_thinking", lambda: True)
    app.drew_last = True
    assert app.tick()
    assert ticks == [app_module.FPS]  # while a computer thinks, a drawn frame waits its turn


#: SMLB_NO_FRAME_WAIT's values and whether the loop then waits for its frames.
NO_FRAME_WAIT_VALUES = {"1": False, "0": True, "": True}

#: Imports the app's module under the environment's value, then imports it anew (a reload runs
#: its code again) under each value given: one process reads them all (its start, pygame's
#: import, is most of its time).
READ_AT_IMPORT = """
import importlib, os, sys
from game.core.ui import app
print(app.FRAME_WAITS)
for value in sys.argv[1:]:
    os.environ["SMLB_NO_FRAME_WAIT"] = value
    print(importlib.reload(app).FRAME_WAITS)
"""


def test_the_no_frame_wait_hook_is_read_from_the_environment() -> None:
    import os
    import subprocess
    import sys
    from pathlib import Path

    first, *others = NO_FRAME_WAIT_VALUES
    env = {**os.environ, "SMLB_NO_FRAME_WAIT": first}
    done = subprocess.run(
        [sys.executable, "-c", READ_AT_IMPORT, *others],
        cwd=Path(__file__).resolve().parents[1],
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
        check=True,
    )
    read = done.stdout.split()[-len(NO_FRAME_WAIT_VALUES) :]
    assert read == [str(waits) for waits in NO_FRAME_WAIT_VALUES.values()], read


# Screens whose ambient motion keeps a phase of its own (a name's pulse, a hint's marching
# dashes, highlighted piles) rest wherever it was last drawn, and a fresh draw shows another.
PHASED = {"handoff", "draft", "blanco_table"}


@pytest.mark.every_frame_drawn  # which frames the app draws is the point
@pytest.mark.parametrize("screen", sorted(set(still_screens()) - PHASED))
def test_a_settled_screen_shows_its_whole_last_moment(app: Any, screen: str) -> None:
    """What a screen rests on is what it would draw now: the frame that ended each animation
    was drawn (a game end once rested on its bars' last count, "65" for 66)."""
    scene = still_screens()[screen](app)
    settle(app)
    assert app.stack.top is scene
    assert drawn_in(app, SECOND) == 0
    resting = pygame.image.tobytes(app.screen, "RGB")
    app.draw()
    assert pygame.image.tobytes(app.screen, "RGB") == resting
