"""The scene stack: lifecycle hook order, input to the top only, drawing under overlays."""

from __future__ import annotations

import re

import pygame
from hypothesis import given, settings, strategies as st

from game.core.ui.scene import Scene
from game.core.ui.toolkit.stack import SceneStack


class Rec(Scene):
    """Records every hook call as "name.hook" into a shared log."""

    def __init__(self, name: str, log: list[str], opaque: bool = True) -> None:
        super().__init__(ctx=None)
        self.name = name
        self.log = log
        self.opaque = opaque

    def _rec(self, hook: str) -> None:
        self.log.append(f"{self.name}.{hook}")

    def enter(self) -> None:
        self._rec("enter")

    def exit(self) -> None:
        self._rec("exit")

    def pause(self) -> None:
        self._rec("pause")

    def resume(self) -> None:
        self._rec("resume")

    def handle_event(self, event: pygame.event.Event) -> None:
        self._rec("event")

    def update(self, dt: float) -> None:
        self._rec("update")

    def draw(self, surface: pygame.Surface) -> None:
        self._rec("draw")


def event() -> pygame.event.Event:
    return pygame.event.Event(pygame.USEREVENT)


def test_push_pop_replace_hook_order() -> None:
    log: list[str] = []
    stack = SceneStack()
    a, b, c = Rec("a", log), Rec("b", log), Rec("c", log)
    stack.push(a)
    assert log == ["a.enter"]
    stack.push(b)
    assert log[1:] == ["a.pause", "b.enter"]
    stack.pop()
    assert log[3:] == ["b.exit", "a.resume"]
    stack.replace(c)
    assert log[5:] == ["a.exit", "c.enter"]
    assert stack.top is c and len(stack) == 1


def test_replace_does_not_resume_the_scene_beneath() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Rec("a", log))
    stack.push(Rec("b", log))
    log.clear()
    stack.replace(Rec("c", log))
    assert log == ["b.exit", "c.enter"]
    assert [s.name for s in stack.scenes] == ["a", "c"]  # type: ignore[attr-defined]  # the test's own scenes


def test_clear_to_exits_top_first_then_enters() -> None:
    log: list[str] = []
    stack = SceneStack()
    for name in "abc":
        stack.push(Rec(name, log))
    log.clear()
    stack.clear_to(Rec("d", log))
    assert log == ["c.exit", "b.exit", "a.exit", "d.enter"]
    assert len(stack) == 1


def test_clear_and_pop_empty() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.pop()  # nothing to pop: no error
    stack.push(Rec("a", log))
    stack.push(Rec("b", log))
    stack.clear()
    assert log[-2:] == ["b.exit", "a.exit"]
    assert len(stack) == 0 and stack.top is None
    stack.handle_event(event())
    stack.update(0.1)
    stack.draw(pygame.Surface((4, 4)))


def test_only_top_gets_events_and_updates() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Rec("a", log))
    stack.push(Rec("b", log, opaque=False))
    log.clear()
    stack.handle_event(event())
    stack.update(0.016)
    assert log == ["b.event", "b.update"]


def test_draw_skips_scenes_under_an_opaque_scene() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Rec("a", log))
    stack.push(Rec("b", log))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["b.draw"]


def test_overlay_draws_over_the_scene_beneath() -> None:
    log: list[str] = []
    stack = SceneStack()
    stack.push(Rec("a", log))
    stack.push(Rec("b", log))
    stack.push(Rec("pause", log, opaque=False))
    stack.push(Rec("dialog", log, opaque=False))
    log.clear()
    stack.draw(pygame.Surface((4, 4)))
    assert log == ["b.draw", "pause.draw", "dialog.draw"]


def test_change_during_event_applies_at_once() -> None:
    log: list[str] = []
    stack = SceneStack()

    class Opener(Rec):
        def handle_event(self, event: pygame.event.Event) -> None:
            super().handle_event(event)
            stack.push(Rec("menu", log))

    stack.push(Opener("game", log))
    log.clear()
    stack.handle_event(event())
    assert log == ["game.event", "game.pause", "menu.enter"]
    stack.handle_event(event())  # the next event already goes to the new top
    assert log[-1] == "menu.event"


def test_scene_popping_itself_then_pushing() -> None:
    log: list[str] = []
    stack = SceneStack()

    class Dialog(Rec):
        def handle_event(self, event: pygame.event.Event) -> None:
            stack.pop()
            stack.push(Rec("next", log))

    stack.push(Rec("base", log))
    stack.push(Dialog("dialog", log))
    log.clear()
    stack.handle_event(event())
    assert log == ["dialog.exit", "base.resume", "base.pause", "next.enter"]


def test_change_inside_a_hook_is_queued_not_interleaved() -> None:
    log: list[str] = []
    stack = SceneStack()

    class Intro(Rec):
        def enter(self) -> None:
            stack.push(Rec("tutorial", log))  # requested mid-hook
            super().enter()

    stack.push(Rec("base", log))
    stack.push(Intro("intro", log))
    assert log == ["base.enter", "base.pause", "intro.enter", "intro.pause", "tutorial.enter"]
    assert stack.top.name == "tutorial"  # type: ignore[union-attr]  # a scene is on top here


OPS = st.lists(
    st.sampled_from(["push", "push_overlay", "pop", "replace", "clear_to", "clear"]), max_size=30
)
LIFECYCLE = re.compile(r"enter(,pause,resume)*(,pause)?(,exit)?")


@settings(deadline=None)  # timing on a busy CI machine is not what is tested
@given(OPS)
def test_every_scene_sees_a_well_formed_lifecycle(ops: list[str]) -> None:
    """Whatever the order of changes: enter (pause resume)* [pause] [exit], top is active."""
    log: list[str] = []
    stack = SceneStack()
    made: list[Rec] = []
    for i, op in enumerate(ops):
        scene = Rec(f"s{i}", log, opaque=op != "push_overlay")
        if op in ("push", "push_overlay"):
            stack.push(scene)
        elif op == "pop":
            stack.pop()
            continue
        elif op == "replace":
            stack.replace(scene)
        elif op == "clear_to":
            stack.clear_to(scene)
        else:
            stack.clear()
            continue
        made.append(scene)
    for scene in made:
        hooks = ",".join(e.split(".")[1] for e in log if e.split(".")[0] == scene.name)
        assert LIFECYCLE.fullmatch(hooks), (scene.name, hooks)
        alive = scene in stack.scenes
        assert alive != hooks.endswith("exit")
        if alive:
            is_top = scene is stack.top
            assert hooks.endswith("pause") != is_top


class Opener(Scene):
    """Counts left presses and releases; its first release pushes `then` (a button opening a
    screen, as buttons do: on release)."""

    def __init__(self, stack: SceneStack, then: Scene | None = None) -> None:
        super().__init__(ctx=None)
        self.stack, self.then, self.presses, self.releases = stack, then, 0, 0

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.MOUSEBUTTONDOWN:
            self.presses += 1
        elif event.type == pygame.MOUSEBUTTONUP:
            self.releases += 1
            if self.then is not None:
                self.stack.push(self.then)
                self.then = None


def _click(stack: SceneStack, pos: tuple[int, int]) -> None:
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    stack.handle_event(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))


def test_a_double_clicks_second_half_stays_off_the_screen_its_first_half_opened() -> None:
    stack = SceneStack()
    opened = Opener(stack)
    stack.push(Opener(stack, then=opened))
    _click(stack, (100, 100))
    assert stack.top is opened
    stack.update(0.1)
    _click(stack, (103, 98))  # 0.1 s later, 3 px away: the same double-click
    assert (opened.presses, opened.releases) == (0, 0)
    _click(stack, (103, 98))  # a third press is a click of its own
    assert (opened.presses, opened.releases) == (1, 1)


def test_quick_presses_on_an_unchanged_screen_or_far_apart_all_arrive() -> None:
    stack = SceneStack()
    same = Opener(stack)
    stack.push(same)
    _click(stack, (50, 50))
    _click(stack, (50, 50))  # a double-click on a screen it does not change: both count
    assert (same.presses, same.releases) == (2, 2)
    later = Opener(stack)
    stack.push(Opener(stack, then=later))
    stack.update(1.0)
    _click(stack, (10, 10))
    stack.update(0.5)  # longer than a double-click
    _click(stack, (10, 10))
    assert (later.presses, later.releases) == (1, 1)
    far = Opener(stack)
    stack.push(Opener(stack, then=far))
    stack.update(1.0)
    _click(stack, (10, 10))
    _click(stack, (30, 10))  # 20 px away: a new click
    assert (far.presses, far.releases) == (1, 1)
