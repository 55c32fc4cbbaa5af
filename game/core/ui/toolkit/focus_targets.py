"""What keyboard focus can rest on: `Target`s, a scene's targets (its own `focus_targets()`,
else its widgets), the keys a scene keeps, and the spatial search the arrows use.

The ring that moves over them is `game.core.ui.toolkit.focus`.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import partial
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:
    from game.core.ui.toolkit.inputs import Choice, Slider, Toggle
    from game.core.ui.toolkit.widgets import Widget

#: Priorities a target may carry: a primary button (Next, Spend, Keep) the player almost
#: certainly wants once it appears; the best of what the rules allow now (a gold square); a
#: target the rules highlight (a blue square, a legal pile). When the highest priority present
#: changes, the focus moves to it.
HINTED = 4  # the next step of the move a hint (H) or a guided game suggests
PRIMARY = 3
PREFERRED = 2
HIGHLIGHTED = 1

ARROWS: dict[int, tuple[int, int]] = {
    pygame.K_LEFT: (-1, 0),
    pygame.K_RIGHT: (1, 0),
    pygame.K_UP: (0, -1),
    pygame.K_DOWN: (0, 1),
}


@dataclass(slots=True)
class Target:
    """One thing the focus can rest on.

    `key` names it across frames (targets are rebuilt every time: the focus follows the key).
    `adjust`, when given, takes Left/Right as -1/+1 (a slider's value) instead of moving.
    `number` is what a digit key jumps to. `label` is for tests and logs. `plays` marks a
    move in the game (a square, a pile, a card), which Enter makes only with the ring showing.
    """

    key: Hashable
    rect: pygame.FRect
    activate: Callable[[], None]
    priority: int = 0
    adjust: Callable[[int], None] | None = None
    number: int | None = None
    label: str = ""
    #: False for a text field: a key it would type stays with it.
    is_text: bool = False
    #: True when activating it plays in the game (crosses a square, draws, passes): while the
    #: ring is hidden the player cannot see it, so Enter and Space never do it then.
    plays: bool = False


# ------------------------------------------------------------------- targets from widgets


def widget_targets(widgets: Mapping[str, Widget], prefix: str = "") -> list[Target]:
    """Targets for a scene's visible widgets, in the order they were added (the Tab order);
    the button Enter answers (its default action) is where the focus starts.

    Buttons click (disabled ones refuse with their shake, as a click does); toggles flip;
    sliders take Left/Right; each option of a choice is a target of its own; a text field
    starts editing.
    """
    from game.core.ui.toolkit.inputs import Choice, Slider, TextInput, Toggle
    from game.core.ui.toolkit.widgets import Button

    out: list[Target] = []
    for name, w in list(widgets.items()):
        if not getattr(w, "visible", True):
            continue
        key = f"{prefix}{name}"
        rect = pygame.FRect(w.rect)
        if isinstance(w, Button):
            # The scene's Enter button (Start, Continue, Yes) is where the focus starts.
            default = w.enabled and bool({pygame.K_RETURN, pygame.K_KP_ENTER} & set(w.keys))
            out.append(Target(key, rect, w.click, HIGHLIGHTED if default else 0, label=name))
        elif isinstance(w, Toggle):
            out.append(Target(key, rect, partial(_flip, w), label=name))
        elif isinstance(w, Slider):
            out.append(Target(key, rect, lambda: None, adjust=partial(_nudge, w), label=name))
        elif isinstance(w, Choice):
            for i, (value, _caption) in enumerate(w.options):
                out.append(
                    Target(
                        f"{key}:{value}",
                        pygame.FRect(w.segment(i)),
                        partial(_choose, w, value),
                        label=f"{name}={value}",
                    )
                )
        elif isinstance(w, TextInput):
            out.append(Target(key, rect, w.focus, label=name, is_text=True))
    return out


def _flip(toggle: Toggle) -> None:
    if toggle.enabled:
        toggle.set(not toggle.value)
    else:
        toggle.feedback("refuse")


def _nudge(slider: Slider, direction: int) -> None:
    if not slider.enabled:
        return
    step = slider.step or (slider.hi - slider.lo) / 20
    slider.set(slider.value + direction * step)
    slider.feedback("click")


def _choose(choice: Choice, value: str) -> None:
    if choice.enabled:
        choice.set(value)
    else:
        choice.feedback("refuse")


def targets_of(scene: object) -> list[Target]:
    """What can take the focus in `scene` now (the thing a guided game points at, first)."""
    if scene is None:
        return []
    own = getattr(scene, "focus_targets", None)
    if callable(own):
        found = list(own())
    elif isinstance(widgets := getattr(scene, "widgets", None), dict):
        found = widget_targets(widgets)
    elif isinstance(buttons := getattr(scene, "buttons", None), dict):
        found = widget_targets(buttons)
    else:
        return []
    _follow_guide(scene, found)
    return found


def _follow_guide(scene: object, targets: list[Target]) -> None:
    """A guided game points at the thing to click: that target pulls the focus, so a keyboard
    player follows the guide with Enter as a mouse player follows the pointer."""
    stack = getattr(getattr(scene, "ctx", None), "stack", None)
    advice = getattr(getattr(stack, "overlay", None), "advice", None)
    point = getattr(advice, "target", None)
    if point is None:
        return
    hits = [t for t in targets if t.rect.collidepoint(point)]
    if hits:
        # The most wanted first (Spend drawn over the square below the chosen one), then the
        # smallest (a square, not its card).
        best = min(hits, key=lambda t: (-t.priority, t.rect.w * t.rect.h))
        best.priority = max(best.priority, HINTED)


def hint_shown(scene: object) -> bool:
    """Whether a hint (H) or the guide shows a step to take now."""
    return any(t.priority >= HINTED for t in targets_of(scene))


def claimed_keys(scene: object) -> set[int]:
    """Keys the scene keeps for itself: its visible buttons' shortcuts, and what it claims by
    `focus_claims` (a set, or a method returning one: a how-to turning pages with the arrows,
    a table whose Space skips or confirms)."""
    claims = getattr(scene, "focus_claims", ())
    found: set[int] = set(claims() if callable(claims) else claims)
    for group in (getattr(scene, "widgets", None), getattr(scene, "buttons", None)):
        if isinstance(group, dict):
            for w in group.values():
                if getattr(w, "visible", True):
                    found.update(getattr(w, "keys", ()))
    return found


# ------------------------------------------------------------------- spatial moves


def nearest(
    origin: pygame.FRect, candidates: Sequence[Target], direction: tuple[int, int]
) -> Target | None:
    """The target a press of an arrow reaches from `origin`: ahead in that direction, the
    closest along it, strongly preferring ones in the same row (or column)."""
    dx, dy = direction
    ox, oy = origin.center
    best: tuple[float, int, Target] | None = None
    for i, t in enumerate(candidates):
        cx, cy = t.rect.center
        along = (cx - ox) * dx + (cy - oy) * dy
        if along <= 1:
            continue
        across = abs((cy - oy) if dx else (cx - ox))
        if dx:  # overlapping rows count as the same row
            overlap = min(origin.bottom, t.rect.bottom) - max(origin.top, t.rect.top)
        else:
            overlap = min(origin.right, t.rect.right) - max(origin.left, t.rect.left)
        if overlap > 0:
            across = 0.0
        score = along + 3 * across
        if best is None or (score, i) < best[:2]:
            best = (score, i, t)
    return best[2] if best else None


def closest(origin: pygame.FRect, candidates: Iterable[Target]) -> Target | None:
    """The candidate whose centre is nearest `origin`'s (ties: the earlier one)."""
    ox, oy = origin.center
    pool = list(candidates)
    if not pool:
        return None
    return min(pool, key=lambda t: math.hypot(t.rect.centerx - ox, t.rect.centery - oy))
