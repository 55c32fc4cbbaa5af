"""Turning engine events into what the player sees, one step at a time.

The engine applies an action at once; the table shows its consequences in order. `Seen` is the
board as the player has been shown it so far: each event, when its animation step starts, is
applied to it. When the feed is empty, `Seen` matches the engine (a test checks this).
`Effect`s are the short-lived drawings of a step (a cross popping in, a line glowing, a token
flying, a star filling, a card celebrating), driven by frame time.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass, field

import pygame

from game.luckybox.rules import events as ev
from game.luckybox.rules.state import ROUNDS, GameState

# Seconds each event's step lasts at animation speed 1 (0 = no pause).
DURATIONS: dict[type, float] = {
    ev.RoundStarted: 0.9,
    ev.NumberRevealed: 0.55,
    ev.TokensSpent: 0.35,
    ev.SquareCrossed: 0.3,
    ev.LineCompleted: 0.35,
    ev.IconCircled: 0.25,
    ev.TokenGained: 0.45,
    ev.StarGained: 0.45,
    ev.StarWasted: 0.6,
    ev.BonusPending: 0.25,
    ev.BonusLost: 0.8,
    ev.CardCompleted: 0.9,
    ev.Passed: 0.45,
    ev.CardsKept: 0.25,
    ev.CardsPicked: 0.25,
    ev.DeckReshuffled: 0.6,
    ev.GameOver: 0.6,
}
# Other players' steps play faster: they happen on their small boards.
OFF_FOCUS = 0.35

SOUNDS: dict[type, str] = {
    ev.NumberRevealed: "reveal",
    ev.SquareCrossed: "cross",
    ev.LineCompleted: "line",
    ev.TokensSpent: "token",
    ev.StarWasted: "refuse",
    ev.BonusLost: "refuse",
    ev.CardCompleted: "card_complete",
    ev.RoundScored: "round_end",
    ev.DeckReshuffled: "reveal",
}
BONUS_SOUNDS = {
    "number": "bonus_number",
    "question": "bonus_question",
    "lightning": "bonus_lightning",
    "star": "bonus_star",
    "moon": "bonus_moon",
}


def sound_for(event: tuple) -> str | None:
    kind = type(event)
    if kind is ev.IconCircled:
        return BONUS_SOUNDS.get(event.bonus[0])
    if kind is ev.GameOver:
        return "victory"
    return SOUNDS.get(kind)


def player_of(event: tuple) -> int | None:
    """The seat an event belongs to, if any."""
    player = getattr(event, "player", None)
    return player if isinstance(player, int) else None


# ---------------------------------------------------------------- what has been shown


@dataclass
class SeenPlayer:
    cards: list[int] = field(default_factory=list)
    masks: dict[int, int] = field(default_factory=dict)
    lightning: int = 4
    moons: int = 0
    stars: list[int] = field(default_factory=lambda: [0] * ROUNDS)
    card_points: list[int] = field(default_factory=lambda: [0] * ROUNDS)
    star_points: list[int] = field(default_factory=lambda: [0] * ROUNDS)
    pending: list[tuple] = field(default_factory=list)  # (card, line, index, bonus)


@dataclass
class Seen:
    """The table as shown: updated event by event while the engine has already moved on."""

    players: list[SeenPlayer]
    round: int = 1
    index: int = 0
    number: int = 0
    revealed: list[int] = field(default_factory=list)  # this round's numbers shown so far

    @classmethod
    def from_state(cls, state: GameState) -> Seen:
        players = []
        for p in state.players:
            players.append(SeenPlayer(
                cards=list(p.cards), masks=dict(zip(p.cards, p.masks, strict=True)),
                lightning=p.lightning, moons=p.moons, stars=list(p.stars),
                card_points=list(p.card_points), star_points=list(p.star_points),
                pending=[(x.card, x.line, x.index, x.bonus) for x in p.pending],
            ))
        seen = cls(players, state.round, state.index, state.number)
        if state.number:
            seen.revealed = state.numbers[state.round - 1][: state.index + 1]
        return seen

    def reset_to(self, state: GameState) -> None:
        """Show the engine's state as it is (after an undo, or a resumed game)."""
        fresh = Seen.from_state(state)
        self.players, self.round, self.index = fresh.players, fresh.round, fresh.index
        self.number, self.revealed = fresh.number, fresh.revealed

    def matches(self, state: GameState) -> bool:
        """Whether everything shown agrees with the engine (true once the feed is drained)."""
        other = Seen.from_state(state)
        return (self.players, self.number) == (other.players, other.number)

    def apply(self, event: tuple) -> None:
        kind = type(event)
        p = self.players[event.player] if player_of(event) is not None else None
        if kind is ev.SquareCrossed:
            p.masks[event.card] = p.masks.get(event.card, 0) | (1 << event.cell)
        elif kind is ev.TokensSpent:
            p.lightning -= event.count
        elif kind is ev.TokenGained:
            if event.token == "lightning":
                p.lightning = event.total
            else:
                p.moons = event.total
        elif kind is ev.StarGained:
            p.stars[event.round - 1] = event.slot + 1
        elif kind is ev.BonusPending:
            p.pending.append((event.card, event.line, event.index, event.bonus))
        elif kind in (ev.BonusUsed, ev.BonusLost):
            key = (event.card, event.line, event.index, event.bonus)
            if key in p.pending:
                p.pending.remove(key)
        elif kind is ev.CardsKept:
            for card in event.kept:
                p.cards.append(card)
                p.masks[card] = 0
        elif kind is ev.CardsPicked:
            p.cards.append(event.card)
            p.masks[event.card] = 0
        elif kind is ev.PlayerScored:
            r = event.round - 1
            for card in event.completed:
                p.cards.remove(card)
                del p.masks[card]
            p.card_points[r] = event.card_points
            p.star_points[r] = event.star_points
        elif kind is ev.RoundStarted:
            self.round = event.round
            self.revealed = []
        elif kind is ev.NumberRevealed:
            self.round, self.index, self.number = event.round, event.index, event.number
            self.revealed.append(event.number)
        elif kind is ev.RoundScored:
            self.number = 0


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
        img = pygame.transform.scale(self.image, (max(1, int(w * scale)), max(1, int(h * scale))))
        img.set_alpha(int(120 + 135 * t))
        surface.blit(img, img.get_rect(center=(round(self.center[0]), round(self.center[1]))))


class Glow(Effect):
    """A completed line glowing."""

    def __init__(self, rect: pygame.FRect, duration: float, colour=(255, 230, 80)):
        super().__init__(duration)
        self.rect = rect
        self.colour = colour

    def draw(self, surface: pygame.Surface) -> None:
        alpha = int(170 * math.sin(math.pi * self.t))
        glow = pygame.Surface((int(self.rect.w) + 16, int(self.rect.h) + 16), pygame.SRCALPHA)
        pygame.draw.rect(glow, (*self.colour, alpha), glow.get_rect(), border_radius=14)
        pygame.draw.rect(glow, (255, 255, 255, alpha), glow.get_rect(), 4, border_radius=14)
        surface.blit(glow, (self.rect.x - 8, self.rect.y - 8))


class Fly(Effect):
    """A sprite flying along an arc from one point to another."""

    def __init__(self, image: pygame.Surface, start, end, duration: float):
        super().__init__(duration)
        self.image, self.start, self.end = image, start, end

    def draw(self, surface: pygame.Surface) -> None:
        t = 1 - (1 - self.t) ** 2
        x = self.start[0] + (self.end[0] - self.start[0]) * t
        y = self.start[1] + (self.end[1] - self.start[1]) * t - math.sin(math.pi * t) * 60
        surface.blit(self.image, self.image.get_rect(center=(round(x), round(y))))


class FloatText(Effect):
    """Words rising and fading: "+2", "Bonus lost", "PASS"."""

    def __init__(self, image: pygame.Surface, center, duration: float, rise: float = 40):
        super().__init__(duration)
        self.image, self.center, self.rise = image, center, rise

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        img = self.image
        if t > 0.6:
            img = img.copy()
            img.set_alpha(int(255 * (1 - (t - 0.6) / 0.4)))
        pos = (round(self.center[0]), round(self.center[1] - self.rise * t))
        surface.blit(img, img.get_rect(center=pos))


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
        glow = pygame.Surface((int(self.rect.w) + 24, int(self.rect.h) + 24), pygame.SRCALPHA)
        pygame.draw.rect(glow, (255, 240, 120, int(200 * (1 - t))), glow.get_rect(), 8,
                         border_radius=18)
        surface.blit(glow, (self.rect.x - 12, self.rect.y - 12))
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

    def __init__(self, back: pygame.Surface, face: pygame.Surface, rect: pygame.FRect,
                 duration: float):
        super().__init__(duration)
        self.back, self.face, self.rect = back, face, rect

    def draw(self, surface: pygame.Surface) -> None:
        t = self.t
        img = self.back if t < 0.5 else self.face
        k = abs(math.cos(math.pi * t))
        w = max(1, int(self.rect.w * k))
        scaled = pygame.transform.scale(img, (w, int(self.rect.h)))
        surface.blit(scaled, scaled.get_rect(center=(round(self.rect.centerx),
                                                     round(self.rect.centery))))


# ---------------------------------------------------------------- the step queue


class Animator:
    """Plays the session's event feed one step at a time.

    `stage(event, focus_step)` is called when a step starts: the scene adds its effects there
    and returns nothing. `on_event` hooks let the scene react to particular events (the round's
    scoring, the game's end) once their step has played.
    """

    def __init__(self, feed, seen: Seen, stage: Callable[[tuple, float], None],
                 after: Callable[[tuple], bool]) -> None:
        self.feed = feed
        self.seen = seen
        self.stage = stage
        self.after = after  # called when a step ends; returns True to hold the queue
        self.current: tuple | None = None
        self.left = 0.0
        self.effects: list[Effect] = []
        self.held = False

    @property
    def busy(self) -> bool:
        return self.current is not None or bool(self.feed) or bool(self.effects)

    def duration(self, event: tuple, focus: int | None) -> float:
        base = DURATIONS.get(type(event), 0.0)
        player = player_of(event)
        if player is not None and focus is not None and player != focus:
            base *= OFF_FOCUS
        return base

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
            self.seen.apply(event)
            length = self.duration(event, focus)
            self.stage(event, length)
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
            self.seen.apply(event)
            self.current = event
        self.left = 0.0
