"""The title's drifting decorations: cards and tokens rising behind the menu, in the lanes the
buttons leave free (a game may bring its own cards). Each lane's decorations rise at that
lane's one speed and start below the view one behind another, so none ever crosses a button,
passes another or overlaps it, and none appears or vanishes where it can be seen."""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import pygame

from game.core.ui.context import Context
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.paint import BLUE, INK, PAPER, PINK, PLAYER_COLOURS, YELLOW

COUNT = 14  # decorations on the title
PARTICLE_MARGIN = 30  # px kept clear at the view's sides
# The largest decoration's half width (52 / 2) and its shadow (3), plus 3.
PARTICLE_REACH = 32
# Decorations in one lane rise at the lane's one speed, their centres at least this far apart
# (the tallest card, 52 x 1.4 px, and a gap), so none ever passes or overlaps another.
LANE_GAP = 84
OUT_OF_SIGHT = 80  # px beyond the view's top or bottom edge: a decoration there is not seen


@dataclass
class Particle:
    """A card or token drifting up behind the menu."""

    kind: str  # "card" or a sprite name
    x: float
    y: float
    speed: float  # px per second upward
    sway: float  # px of side-to-side wobble
    phase: float
    size: float
    number: int = 0
    colour: tuple[int, int, int] = PINK
    lane: float = 0.0  # the left edge of its lane (see Drift.lanes): who shares its speed

    def pos(self, t: float) -> tuple[float, float]:
        return self.x + math.sin(t * 0.9 + self.phase) * self.sway, self.y


class Drift:
    """The decorations, kept in the lanes beside `buttons()` (the rects of the buttons shown)
    within `view`: what the window shows, in logical pixels (wider or taller than 1280 x 720
    in a window of another shape), known once drawn; until then the design's own screen."""

    def __init__(self, buttons: Callable[[], Iterable[pygame.FRect]], seed: int) -> None:
        self.buttons = buttons
        self.view = pygame.Rect(0, 0, 1280, 720)
        self.rng = random.Random(seed)  # fixed, so screenshots are repeatable
        self.particles: list[Particle] = []
        self.spread()

    def lanes(self) -> list[tuple[float, float]]:
        """Where a decoration's centre may be: the view's width less every shown button's
        column, widened by the largest decoration's half width (its sway is kept inside)."""
        blocked = sorted(
            (rect.left - PARTICLE_REACH, rect.right + PARTICLE_REACH) for rect in self.buttons()
        )
        x, end = float(self.view.left + PARTICLE_MARGIN), float(self.view.right - PARTICLE_MARGIN)
        lanes = []
        for left, right in blocked:
            if left > x:
                lanes.append((x, left))
            x = max(x, right)
        if x < end:
            lanes.append((x, end))
        return [lane for lane in lanes if lane[1] - lane[0] >= 8]

    def spread(self) -> None:
        """Decorations all over the view, in its lanes (the title's first frame, a new window)."""
        self.particles = []
        for _ in range(COUNT):
            self.particles.append(self._particle(spread=True))

    def seen_in(self, view: pygame.Rect) -> None:
        """The view the decorations were drawn in: another shape gives other margins."""
        if view != self.view:
            self.view = pygame.Rect(view)
            self.spread()

    def relane(self) -> None:
        """A button shown or hidden changes the lanes: a decoration no longer inside one starts
        again below the view in another, so none ever crosses a button."""
        lanes = self.lanes()
        for p in self.particles:
            if not any(a == p.lane and p.x - p.sway >= a and p.x + p.sway <= b for a, b in lanes):
                self._start_again(p)

    def rise(self, dt: float) -> None:
        """`dt` seconds of rising; one gone above the view starts again below it."""
        top = self.view.top - OUT_OF_SIGHT
        for p in self.particles:
            p.y -= p.speed * dt
            if p.y < top:
                self._start_again(p)

    def _start_again(self, p: Particle) -> None:
        """`p` becomes a new decoration below the view (the same object, for its watchers)."""
        p.lane = -1.0  # (it has left its lane: not a mate of its own fresh start)
        p.__dict__.update(self._particle(spread=False).__dict__)

    def _lane_x(self) -> tuple[float, float, float]:
        """A centre in one of the lanes, how far it may sway and stay in that lane, and the
        lane's left edge."""
        lanes = self.lanes()
        if not lanes:  # buttons everywhere: decorations keep to the far left edge
            edge = float(self.view.left + PARTICLE_MARGIN)
            return edge, 0.0, edge
        total = sum(b - a for a, b in lanes)
        pick = self.rng.uniform(0, total)
        for a, b in lanes:
            if pick <= b - a:
                return a + pick, min(pick, b - a - pick), a
            pick -= b - a
        a, b = lanes[-1]
        return b, 0.0, a

    def _particle(self, spread: bool) -> Particle:
        """A new decoration in a lane: spread over the view, or below it after the last of
        its lane, so it never catches up with one."""
        rng = self.rng
        kind = rng.choice(["card", "card", "token_lightning", "token_moon"])
        x, room, lane = self._lane_x()
        mates = [p.y for p in self.particles if p.lane == lane]
        view = self.view
        below = view.bottom + OUT_OF_SIGHT
        y = rng.uniform(below, below + 100)
        if spread:  # a free place in sight, if a few tries find one
            for _ in range(12):
                tried = rng.uniform(view.top, view.bottom)
                if all(abs(tried - other) >= LANE_GAP for other in mates):
                    y = tried
                    break
        if y >= below and mates:  # below the view: behind the last of its lane
            y = max(y, max(mates) + LANE_GAP)
        return Particle(
            kind=kind,
            x=x,
            y=y,
            speed=18 + (lane * 7.3) % 24,  # 18-42 px a second, the same for the whole lane
            sway=min(rng.uniform(6, 24), room),
            phase=rng.uniform(0, 6.28),
            size=rng.uniform(30, 52) if kind == "card" else rng.uniform(30, 44),
            number=rng.randint(1, 9),
            colour=rng.choice(PLAYER_COLOURS[:6]),
            lane=lane,
        )

    def draw(
        self, surface: pygame.Surface, ctx: Context, game: str, time: float, cache: dict
    ) -> None:
        """Each decoration at `time`: the game's own card (its `decoration` route, pictures
        kept in `cache`), else a numbered card or a token."""
        text = ctx.text
        assets = ctx.assets
        route = f"{game}.decoration"
        own = route if ctx.nav.has(route) else None
        for p in self.particles:
            x, y = p.pos(time)
            if own is not None:
                key = (own, p.number * 13 + round(p.phase * 10), round(p.size), gfx.render_scale())
                img = cache.get(key)
                if img is None:
                    img = cache[key] = ctx.nav.make(own, seed=key[1], width=key[2])
                surface.blit(img, img.get_rect(center=(round(x), round(y))))
            elif p.kind == "card":
                w, h = p.size, p.size * 1.4
                r = pygame.Rect(0, 0, w, h)
                r.center = (round(x), round(y))
                gfx.rect(surface, (20, 8, 44), r.move(3, 5), border_radius=7)
                gfx.rect(surface, INK, r, border_radius=7)
                gfx.rect(surface, PAPER, r.inflate(-6, -6), border_radius=5)
                text.blit_centered(
                    surface,
                    str(p.number),
                    round(p.size * 0.9),
                    p.colour,
                    r.center,
                    outline=INK,
                    px=2,
                )
            elif assets.has(p.kind):
                s = round(p.size)
                surface.blit(assets.get(p.kind, (s, s)), (x - s / 2, y - s / 2))
            else:
                colour = YELLOW if p.kind == "token_lightning" else BLUE
                gfx.circle(surface, INK, (x, y), p.size / 2)
                gfx.circle(surface, colour, (x, y), p.size / 2 - 3)
