"""Input made while a table animates is not lost (issue 66, item 3).

A click or Enter during an animation shows the animation at once, as it always did; then, as a
player who clicked a hand card during the draw's slide or pressed Enter for Next while the cross
was still being drawn expects, it is applied to the table as it stands after the animation. It
is dropped when the table is not then the player's to act on (a computer moves next, the round's
scores opened, another scene came up): it was meant for the table the player saw.

Space only skips (that is its meaning while something plays), and a click of the right button
keeps its own meaning (drop the choice), so neither is kept.
"""

from __future__ import annotations

from typing import Any, Protocol

import pygame


class Table(Protocol):
    """What the kept input needs of the table it is applied to."""

    ctx: Any
    focus: int
    animator: Any
    turns: Any

    @property
    def driven(self) -> bool: ...

    def human_turn(self) -> bool: ...

    def computers_playing(self) -> bool: ...

    def handle_event(self, event: pygame.event.Event) -> None: ...


def follows(table: Table) -> bool:
    """Whether input during the animation now playing may be meant for the table after it:
    the player's own step animating, not a computer's (a click there only shows it)."""
    return not table.driven and not table.computers_playing()


class LateInput:
    """The one input kept during an animation (the latest: a player clicking twice meant the
    second), and its button's release."""

    def __init__(self) -> None:
        self.events: list[pygame.event.Event] = []
        self.key: int | None = None  # Enter on the keyboard focus, for the focus ring
        self._pressed = False  # a kept press whose release has not come yet

    def __bool__(self) -> bool:
        return bool(self.events) or self.key is not None

    def keep_click(self, event: pygame.event.Event, follow: bool = True) -> bool:
        """A left press during an animation: True when it only skips the animation, kept to be
        applied after it when `follow` (the player's own step plays: a computer's is only
        shown at once)."""
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return False
        if not follow:
            self.drop()
            return True
        pos = event.pos
        motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(1, 0, 0))
        self.events = [motion, event]
        self.key = None
        self._pressed = True
        return True

    def keep_release(self, event: pygame.event.Event) -> bool:
        """The release of a kept press, before the press was applied: kept with it (True)."""
        if not self._pressed or event.type != pygame.MOUSEBUTTONUP:
            return False
        if getattr(event, "button", 1) != 1:
            return False
        self.events.append(event)
        self._pressed = False
        return True

    def keep_enter(self, key: int = pygame.K_RETURN) -> None:
        """Enter on the keyboard focus during an animation."""
        self.events, self._pressed = [], False
        self.key = key

    def skip_then_enter(self, table: Table) -> None:
        """Enter on the keyboard focus during an animation: it is shown at once, and the Enter
        goes to the focus once the table is ready (Enter to cross, Enter again for Next)."""
        mine = follows(table)
        table.animator.skip(table.focus)
        if mine:
            self.keep_enter()

    def drop(self) -> None:
        self.events, self.key, self._pressed = [], None, False

    def take(self) -> tuple[list[pygame.event.Event], int | None]:
        """What was kept (the mouse's events, in logical coordinates; the key), forgotten here.
        A press whose release is still to come is applied without it: the release then goes
        the usual way."""
        kept = (self.events, self.key)
        self.events, self.key, self._pressed = [], None, False
        return kept

    def apply(self, table: Table) -> None:
        """Apply what was kept, now that the animation has ended, if the table is still the
        player's to act on: their move, or their finished turn waiting for Next."""
        events, key = self.take()
        seat = table.turns.confirming
        waiting = seat is not None and seat == table.focus and not table.animator.busy
        if table.ctx.stack.top is not table or not (table.human_turn() or waiting):
            return
        if key is not None:  # through the focus ring, as the key would have gone
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=""))
            return
        for event in events:
            table.handle_event(event)
