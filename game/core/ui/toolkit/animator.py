"""Showing a game's events one step at a time, for any game.

The engine applies an action at once; the table shows its consequences in order. Each game gives
a table of event styles (`EventStyle`: how long the step lasts, its sound, what to stage); the
`Animator` plays its feed through them, applying each event to the game's shown board when its
step starts. `Effect`s are the short-lived drawings of a step (a sprite popping in, a glow, a fly,
rising words, a burst, a card flipping), driven by frame time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Mapping
from typing import Any, NamedTuple, Protocol

import pygame

from game.core.ui.toolkit import gfx, motion


class EventStyle(NamedTuple):
    """How one kind of event is shown: seconds at speed 1, a sound, and what to draw."""

    duration: float = 0.0
    sound: str | Callable[[Any], str | None] | None = None
    stage: Callable[[Any, float], None] | None = None  # (event, seconds): add the effects


class ShownBoard(Protocol):
    """What the player has been shown so far; each event is applied as its step starts."""

    def apply(self, event: Any) -> None: ...


def player_of(event: object) -> int | None:
    """The seat an event belongs to, if any."""
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


# ---------------------------------------------------------------- effects


class Effect:
    """A drawing that lasts `duration` seconds of animation time."""

    def __init__(self, duration: float) -> None:
        self.duration = max(duration, 1e-6)
        self.age = 0.0

    @property
    def t(self) -> float:
        return min(1.0, self.age / self.duration)

    @property
    def done(self) -> bool:
        return self.age >= self.duration

    def update(self, dt: float) -> None:
        self.age += dt

    def draw(self, surface: pygame.Surface) -> None:  # pragma: no cover - overridden
        pass


class PopIn(Effect):
    """A sprite (a cross, a circle) scaling into place with a little overshoot."""

    def __init__(self, image: pygame.Surface, center: tuple[float, float], duration: float):
        super().__init__(duration)
        self.image = image
        self.center = center

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        scale = 1.0 + 0.8 * (1 - t) ** 2 if t < 1 else 1.0
        w, h = self.image.get_size()
        # A plain scale: it is on screen for a fraction of a second, smoothing costs frames.
        img = gfx.scale(self.image, (max(1, int(w * scale)), max(1, int(h * scale))))
        img.set_alpha(int(120 + 135 * t))
        surface.blit(img, img.get_rect(center=(round(self.center[0]), round(self.center[1]))))


class Glow(Effect):
    """A completed line glowing."""

    def __init__(self, rect: pygame.FRect, duration: float, colour=(255, 230, 80)):
        super().__init__(duration)
        self.rect = rect
        self.colour = colour

    def draw(self, surface: pygame.Surface) -> None:
        peak = 90 if motion.reduced() else 170  # reduced motion: a soft glow, not a flash
        alpha = int(peak * math.sin(math.pi * self.t))
        glow = gfx.Surface((int(self.rect.w) + 16, int(self.rect.h) + 16), pygame.SRCALPHA)
        gfx.rect(glow, (*self.colour, alpha), glow.get_rect(), border_radius=14)
        gfx.rect(glow, (255, 255, 255, alpha), glow.get_rect(), 4, border_radius=14)
        surface.blit(glow, (self.rect.x - 8, self.rect.y - 8))


class Fly(Effect):
    """A sprite flying along an arc from one point to another."""

    def __init__(self, image: pygame.Surface, start, end, duration: float):
        super().__init__(duration)
        self.image, self.start, self.end = image, start, end

    def draw(self, surface: pygame.Surface) -> None:
        t = 1 - (1 - self.t) ** 2
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        hop = 0 if motion.reduced() else 60  # reduced motion: a straight, calm path
        y = self.start[1] + (self.end[1] - self.start[1]) * t - math.sin(math.pi * t) * hop
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))


class FloatText(Effect):
    """Words rising and fading: "+2", "Bonus lost", "PASS"."""

    def __init__(self, image: pygame.Surface, center, duration: float, rise: float = 40):
        super().__init__(duration)
        self.image, self.center, self.rise = image, center, rise
        self.drawn: pygame.Rect | None = None  # where it was last drawn

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        img = self.image
        if t > 0.6:
            img = img.copy()
            img.set_alpha(int(255 * (1 - (t - 0.6) / 0.4)))
        pos = (round(self.center[0]), round(self.center[1] - self.rise * t))
        # Whole in the window: words over a thing at its edge are moved in, never cut off.
        self.drawn = img.get_rect(center=pos).clamp(gfx.view(surface).inflate(-8, -8))
        surface.blit(img, self.drawn)


class Burst(Effect):
    """A completed card celebrating: a ring of stars bursting out of it."""

    def __init__(self, star: pygame.Surface, rect: pygame.FRect, duration: float, seed: int = 0):
        super().__init__(duration)
        self.star, self.rect = star, rect
        rng = random.Random(seed)
        self.rays = [(rng.uniform(0, math.tau), rng.uniform(0.6, 1.2)) for _ in range(14)]

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        cx, cy = self.rect.center
        reach = max(self.rect.w, self.rect.h) * 0.75
        glow = gfx.Surface((int(self.rect.w) + 24, int(self.rect.h) + 24), pygame.SRCALPHA)
        gfx.rect(glow, (255, 240, 120, int(200 * (1 - t))), glow.get_rect(), 8, border_radius=18)
        surface.blit(glow, (self.rect.x - 12, self.rect.y - 12))
        if motion.reduced():  # the rim says it; no stars spraying out
            return
        img = self.star
        if t > 0.5:  # one faded copy per frame, shared by every ray
            img = img.copy()
            img.set_alpha(int(255 * (1 - t) * 2))
        for angle, speed in self.rays:
            d = reach * speed * (1 - (1 - t) ** 3)
            x, y = cx + math.cos(angle) * d, cy + math.sin(angle) * d
            surface.blit(img, img.get_rect(center=(round(x), round(y))))


class Flip(Effect):
    """The Number card turning over: its back narrows, then its face widens."""

    def __init__(
        self, back: pygame.Surface, face: pygame.Surface, rect: pygame.FRect, duration: float
    ):
        super().__init__(duration)
        self.back, self.face, self.rect = back, face, rect

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        img = self.back if t < 0.5 else self.face
        k = abs(math.cos(math.pi * t))
        w = max(1, int(self.rect.w * k))
        scaled = gfx.scale(img, (w, int(self.rect.h)))
        surface.blit(
            scaled, scaled.get_rect(center=(round(self.rect.centerx), round(self.rect.centery)))
        )


# ---------------------------------------------------------------- the step queue


class Animator:
    """Plays a feed of events one step at a time, through a game's event styles.

    When a step starts, its event is applied to the shown board, its sound plays and its style
    stages its effects. `after(event)` is called when a step ends; it returns True to hold the
    queue (a scoring scene is open) until `release()`. Steps of seats other than the focused one
    play faster (`off_focus`): they happen on small boards.
    """

    def __init__(
        self,
        feed,
        shown: ShownBoard,
        styles: Mapping[type, EventStyle],
        after: Callable[[Any], bool],
        play: Callable[[str], None] | None = None,
        off_focus: float = 0.35,
    ) -> None:
        self.feed = feed
        self.shown = shown
        self.styles = styles
        self.after = after
        self.play = play
        self.off_focus = off_focus
        self.current: object = None  # the event whose step plays now
        self.left = 0.0
        self.effects: list[Effect] = []
        self.held = False

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.feed) or bool(self.effects)

    @property
    def unshown(self) -> int:
        """Events not yet fully seen (the step playing or holding counts): what an autosave
        records, so Continue plays them again."""
        return len(self.feed) + (1 if self.current is not None or self.held else 0)

    def skip_on(self, event: pygame.event.Event, focus: int | None) -> bool:
        """Space or a left click while anything plays shows it all at once; True if it did."""
        skip = (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE) or (
            event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1
        )
        if skip and self.busy:
            self.skip(focus)
            return True
        return False

    def duration(self, event: object, focus: int | None) -> float:
        style = self.styles.get(type(event))
        base = style.duration if style else 0.0
        player = player_of(event)
        if player is not None and focus is not None and player != focus:
            base *= self.off_focus
        return base

    def _start(self, event: object, length: float) -> None:
        style = self.styles.get(type(event))
        if style is None:
            return
        sound = style.sound(event) if callable(style.sound) else style.sound
        if sound and length > 0 and self.play is not None:
            self.play(sound)
        if style.stage is not None:
            style.stage(event, length)

    def update(self, dt: float, focus: int | None) -> None:
        for effect in self.effects:
            effect.update(dt)
        self.effects = [e for e in self.effects if not e.done]
        if self.held:
            return
        self.left -= dt
        while not self.held:
            if self.current is not None:
                if self.left > 0:
                    return
                finished, self.current = self.current, None
                if self.after(finished):
                    self.held = True
                    return
            if not self.feed:
                # Idle: the next step (after a wait of any length) plays from its start;
                # only time left over between steps of one cascade carries over.
                self.left = 0.0
                return
            event = self.feed.popleft()
            self.shown.apply(event)
            length = self.duration(event, focus)
            self._start(event, length)
            self.current = event
            self.left += length

    def release(self) -> None:
        """Go on after a hold (e.g. the round-end scene was closed)."""
        self.held = False
        self.left = 0.0

    def skip(self, focus: int | None) -> None:
        """Show everything at once, up to the next step that holds the queue."""
        self.effects.clear()
        while not self.held and (self.current is not None or self.feed):
            if self.current is not None:
                finished, self.current = self.current, None
                if self.after(finished):
                    self.held = True
                    break
                continue
            event = self.feed.popleft()
            self.shown.apply(event)
            self.current = event
        self.left = 0.0
