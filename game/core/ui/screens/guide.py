"""The guided first game's layer: one sentence, a pointer at the exact thing to click, and a
Skip guide button, drawn over whichever of the game's scenes is on top.

A game's guide (`game/<game>/ui/learn/guide.py`) subclasses `Guide` and says, from the engine's
state and the layout of the scene on top, what the player should do now (`advise`). Nothing is
scripted by clicks: each frame the advice is read again from the state, so whatever legal move
the player makes instead, the next advice follows from where the game now stands. The guide sits
on `ctx.stack.overlay`; it sees events first but only keeps Esc and clicks on its own button, so
the game plays exactly as it would without it. Skipping (the button, or Esc) removes the layer
and the game goes on.

It also remembers, per game, whether the guided game has been offered (`learn.json` in the
game's folder), for the "First time?" question on the title screen.
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import pygame

from game.core import safe_json
from game.core.i18n import lt, t
from game.core.ui.toolkit.focus_targets import targets_of
from game.core.ui.toolkit.paint import ORANGE, PAPER, draw_panel
from game.core.ui.toolkit.sketch import draw_frame_pointer, draw_pointer
from game.core.ui.toolkit.widgets import Button

if TYPE_CHECKING:
    from game.core.game import GameState
    from game.core.ui.context import Context
    from game.core.ui.toolkit.text import TextCache

LEARN_FILE = "learn.json"  # in a game's folder: {"offered": true} once the question was asked
LINE = 30  # px between the sentence's lines
#: Set to "1" to never ask the first-time question (kiosks, demos at a show, the test suite).
NO_FIRST_TIME = "SMLB_NO_FIRST_TIME"


@dataclass(frozen=True)
class Advice:
    """What to do now: one sentence, and where to click (None: nothing to click, e.g. wait)."""

    text: str
    target: tuple[float, float] | None = None
    radius: float = 34
    skippable: bool = True  # False once there is nothing left to skip (the game's end)
    #: Which moment this is, whatever the language ("cross", "cascade", "chain", ...): for the
    #: tour and the tests.
    kind: str = ""
    #: What just happened, when the sentence starts with it ("row", "column", "chain", ...).
    news: str = ""


class Guide:
    """The layer over the game's scenes. Subclasses give `advise()` and `panel()`."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.time = 0.0
        self.advice: Advice | None = None
        self.skipped = False
        self.done = False  # the game reached its end with the guide on
        # The player whose choices the guide suggests: the game's own Bot, which its guide sets.
        self.bot: Any = None
        self._suggested: tuple[tuple[object, ...], Any] | None = None
        #: The arrow's route as last drawn (start, end at rest), for the tour and the tests.
        self.arrow: tuple[tuple[float, float], tuple[float, float]] | None = None
        self.skip_button = Button(
            (0, 0, 170, 44), lt("guide.skip", "Skip guide"), self.skip, colour=ORANGE, text_size=26
        )

    def bot_suggestion(self, state: GameState, seat: int, position: tuple[object, ...]) -> Any:
        """The guide's bot's choice for `seat` (None when it is not that seat's move), worked
        out once per `position` (whatever tells one position of the game from the next)."""
        if self._suggested is None or self._suggested[0] != position:
            action = None
            if seat in state.waiting_for():
                action = self.bot.choose(state.view_for(seat), seat)
            self._suggested = (position, action)
        return self._suggested[1]

    # ---------------------------------------------------------------- what a game says

    def active(self) -> bool:
        """True while one of this game's scenes is on top (not a menu, a dialog, How to play)."""
        return False

    def advise(self) -> Advice | None:
        """What to do now, read from the state (None: nothing to say)."""
        return None

    def panel(self) -> pygame.FRect:
        """Where the sentence and the Skip button go on the scene on top."""
        return pygame.FRect(760, 20, 480, 200)

    # ---------------------------------------------------------------- the layer

    def attach(self) -> None:
        self.ctx.stack.overlay = self

    def detach(self) -> None:
        if self.ctx.stack.overlay is self:
            self.ctx.stack.overlay = None

    def skip(self) -> None:
        """The player wants no more help: the game goes on as a normal game."""
        self.skipped = True
        self.detach()
        self.ctx.message = t("guide.skipped", "Guide off: the game goes on.")

    def handle_event(self, event: pygame.event.Event) -> bool:
        if not self.active() or (self.advice is not None and not self.advice.skippable):
            return False
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE:
            self.skip()
            return True
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            self._place_button()
            used = self.skip_button.handle_event(event)
            return used and event.type != pygame.MOUSEMOTION
        return False

    def update(self, dt: float) -> None:
        self.time += dt
        self.skip_button.update(dt)
        self.advice = self.advise() if self.active() else None

    def marked(self, targets: list[tuple[pygame.FRect, int]] | None = None) -> pygame.FRect | None:
        """The thing the advice points at, as the scene on top lays it out (what a click there
        reaches: the most wanted, then the smallest), so the pointer frames it rather than
        covering its text; None when no focus target lies there."""
        point = self.advice.target if self.advice is not None else None
        if point is None:
            return None
        hits = [hit for hit in (targets or self._targets()) if hit[0].collidepoint(point)]
        if not hits:
            return None
        rect, _ = min(hits, key=lambda hit: (-hit[1], hit[0].w * hit[0].h))
        return pygame.FRect(rect)

    def _targets(self) -> list[tuple[pygame.FRect, int]]:
        """Every focus target of the scene on top: its rect and priority."""
        try:
            return [(pygame.FRect(t.rect), t.priority) for t in targets_of(self.ctx.stack.top)]
        except Exception:  # a scene half-way through a change: the plain ring will do
            return []

    def avoided(
        self, marked: pygame.FRect | None, targets: list[tuple[pygame.FRect, int]] | None = None
    ) -> list[pygame.FRect]:
        """What the arrow must not cross: the other things to click around the one it points
        at (a grid's neighbouring squares, buttons, cards)."""
        others = [
            rect
            for rect, _ in (targets or self._targets())
            if marked is None or not rect.colliderect(marked)
        ]
        return others

    def marks(self, marked: pygame.FRect) -> list[pygame.FRect]:
        """What the marked thing shows besides its label that the arrow's head must leave
        readable (a game's own: a square's cost)."""
        return []

    def pictures(self) -> list[pygame.FRect]:
        """Small pictures of the scene on top the arrow's shaft should not cross, after its
        words (a game's own: a card's bonus icons, read whole)."""
        return []

    def keep_clear(self) -> list[pygame.FRect]:
        """Text of the scene on top the arrow should not cross (a table's banner and message:
        a game's own), besides the guide's sentence."""
        return []

    def words(self) -> list[pygame.FRect]:
        """Where the guide writes now (its panel): a tooltip goes elsewhere."""
        return [self.panel()] if self.active() and self.advice is not None else []

    def texts(self) -> list[pygame.FRect]:
        return [self.panel(), *self.keep_clear()]

    def _compact(self, box: pygame.FRect) -> bool:
        """A low panel: the button goes beside the sentence instead of under it."""
        return box.height < 150

    def text_bottom(self, box: pygame.FRect, button: bool = True) -> float:
        """How far down the sentence may go: inside the panel's border, and above the Skip
        button and its "Esc: skip" when they sit under it."""
        if self._compact(box) or not button:
            return box.bottom - 12
        return box.bottom - 62

    def sentence(self) -> tuple[int, list[tuple[str, float, float]]]:
        """The advice's sentence as drawn now: its size, and each line with where it starts."""
        if self.advice is None:
            return 28, []
        box, text, button = self.panel(), self.ctx.text, self.advice.skippable
        compact = self._compact(box) or not button
        self._place_button()
        width = box.width - 36 - (self.skip_button.rect.width + 14 if button and compact else 0)
        y = box.y + 38
        size, lines = fit_lines(text, self.advice.text, width, self.text_bottom(box, button) - y)
        step = line_step(text, size)
        return size, [(line, box.x + 18, y + i * step) for i, line in enumerate(lines)]

    def text_rects(self) -> list[pygame.FRect]:
        """Where the sentence's lines are drawn now (the tests keep them inside the panel)."""
        size, lines = self.sentence()
        font = self.ctx.text.font(size)
        return [pygame.FRect((x, y), font.size(line)) for line, x, y in lines]

    def _place_button(self) -> None:
        box = self.panel()
        self.skip_button.rect.size = (170, 44)
        if self._compact(box):
            self.skip_button.rect.midright = (box.right - 14, box.centery + 8)
        else:
            self.skip_button.rect.bottomright = (box.right - 14, box.bottom - 12)

    def draw(self, surface: pygame.Surface) -> None:
        if not self.active() or self.advice is None:
            return
        advice = self.advice
        self.arrow = None
        if advice.target is not None:
            targets = self._targets()
            marked = self.marked(targets)
            avoid, texts = self.avoided(marked, targets), self.texts()
            pictures = self.pictures()
            if marked is not None:  # around it, clear of its label
                self.arrow = draw_frame_pointer(
                    surface,
                    marked,
                    self.time,
                    avoid=avoid,
                    text=texts,
                    marks=self.marks(marked),
                    pictures=pictures,
                )
            else:
                self.arrow = draw_pointer(
                    surface,
                    advice.target,
                    self.time,
                    radius=advice.radius,
                    avoid=avoid,
                    text=texts,
                    pictures=pictures,
                )
        box = self.panel()
        draw_panel(surface, box, colour=PAPER, radius=18, border=4, shadow=8)
        text = self.ctx.text
        ink = (38, 16, 66)
        text.blit_centered(
            surface, t("guide.title", "Guided game"), 24, (150, 80, 250), (box.x + 90, box.y + 20)
        )
        button = advice.skippable
        compact = self._compact(box) or not button
        size, lines = self.sentence()
        for line, x, y in lines:
            surface.blit(text.render(line, size, ink), (x, y))
        if not button:
            return
        hint = t("guide.esc", "Esc: skip")
        grey = (110, 90, 140)
        if compact:
            where = (self.skip_button.rect.centerx, self.skip_button.rect.y - 14)
            text.blit_centered(surface, hint, 20, grey, where)
        else:  # from the panel's left margin: a long translation stays inside the panel
            img = text.render(hint, 20, grey)
            surface.blit(img, img.get_rect(midleft=(box.x + 18, box.bottom - 34)))
        self.skip_button.draw(surface, text)


def line_step(text: TextCache, size: int) -> int:
    """The distance between two lines of the sentence at `size` (a Large text's lines are
    taller, and get the room they take)."""
    return max(round(size * LINE / 28), text.font(size).get_linesize())


def fit_lines(
    text: TextCache,
    words: str,
    width: float,
    height: float,
    sizes: tuple[int, ...] = (28, 26, 24, 22, 20, 18),
) -> tuple[int, list[str]]:
    """The largest size at which `words` wrapped to `width` fit `height`, their last line
    whole (longer languages and Large text get a smaller size, not a cut sentence), and its
    lines."""
    for size in sizes:
        lines = text.wrap(words, size, width)
        tall = (len(lines) - 1) * line_step(text, size) + text.font(size).get_height()
        if tall <= height:
            return size, lines
    return sizes[-1], text.wrap(words, sizes[-1], width)


# -------------------------------------------------------------------- the first-time question


def offered(ctx: Context, game: str) -> bool:
    """True once the guided game of `game` was offered (asked on the first New game)."""
    try:
        data = safe_json.read_json(ctx.game_dir(game) / LEARN_FILE)
    except (OSError, ValueError):
        return False
    return isinstance(data, dict) and bool(data.get("offered"))


def mark_offered(ctx: Context, game: str) -> None:
    from game.core.storage import write_json_atomic

    with contextlib.suppress(OSError):  # only a convenience: at worst it asks again
        write_json_atomic(ctx.game_dir(game) / LEARN_FILE, {"offered": True})


def offer_guided(ctx: Context, game: str, otherwise: Callable[[], None]) -> bool:
    """The first time a player starts `game`: ask whether to play a guided game (remembered).
    True when the question was put (its answers start the guided game or call `otherwise`)."""
    route = f"{game}.guided"
    if not ctx.nav.has(route) or offered(ctx, game) or os.environ.get(NO_FIRST_TIME) == "1":
        return False
    mark_offered(ctx, game)
    from game.core.ui.screens.dialog import ConfirmDialog

    # The game's name is not broken across lines ("Super Mega Lucky / Box?" in French).
    name = ctx.game_ui(game).title.replace(" ", "\u00a0")
    ctx.stack.push(
        ConfirmDialog(
            ctx,
            lt(
                "guide.offer",
                "First time playing {game}? Play a guided game: we show you each move.",
                game=name,
            ),
            lambda: ctx.nav.make(route),
            otherwise,
            yes_label=lt("guide.offer_yes", "Guided game"),
            no_label=lt("guide.offer_no", "No thanks"),
            default="yes",  # neither answer loses anything; a first-timer wants the guide
        )
    )
    return True
