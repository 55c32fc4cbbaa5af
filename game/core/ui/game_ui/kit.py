"""What a game gives the core table (`game.core.ui.table.Table`): its kit.

A game does not subclass the table. Its UI descriptor (`GameUI.table_kit`) hands core a maker,
`table_kit(port) -> TableKit`, called once as the table is built with the table's `TablePort`
(what the kit and its parts may read and call on the table, port.py); the kit hands each part
what it reads (the port's `TableView`, its `TableCalls`, the sibling parts it asks). The kit
answers the table's questions about the game: what every kit gives (`TableKit`: the event that
ends the game, the shown board, the parts and the event styles, the picture under everything),
and, when it subclasses `KitHooks`, the other questions its own way (each has a default there).
A simple game's kit need not write parts at all: `SeatsKit` (seats_kit.py) draws every seat's
place in a row from one hook, `draw_seat`, with the turn line and a button per kind of move.

A part's click may do several things at once on the table (say a line, mark a refusal, flash
what was refused): it hands them back as an `Effects` value (`port.show(effects)`), and the
table applies them, instead of writing into its siblings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Generic, Protocol, TypeVar

import pygame

from game.core.turns import Turn
from game.core.ui.settings import PACE_SPEEDS
from game.core.ui.toolkit.animator import EventStyle, ShownBoard

#: The game's state class and its shown board, as its kit takes and makes them.
StateT_contra = TypeVar("StateT_contra", contravariant=True)
BoardT = TypeVar("BoardT", bound=ShownBoard)
BoardT_co = TypeVar("BoardT_co", bound=ShownBoard, covariant=True)


@dataclass(frozen=True)
class Effects:
    """What one input did to the table beyond the session, for the table to show.

    - `message`: the table's line (None: the line stays as it is; "" clears it).
    - `refusal`: the line says why a click was refused: the refusal's sound, the line marked.
    - `until_turn`: the line is a "not now" one that gives way when the player's turn comes.
    - `flash`: what the refused click was on (a key the game's parts know), shown red a moment.
    - `selection`: the game's choice in progress changed (the kit's to show; None: unchanged).
    """

    message: str | None = None
    refusal: bool = False
    until_turn: bool = False
    flash: Any = None
    selection: Any = None


#: Nothing to show.
NO_EFFECTS = Effects()


class Drawn(Protocol):
    """A part the table draws (in `KitParts.parts` order)."""

    def draw(self, surface: pygame.Surface) -> None: ...


class Clickable(Protocol):
    """A part the table offers inputs to (in `KitParts.clickable` order): True, it used one."""

    def handle_event(self, event: pygame.event.Event) -> bool: ...


class Ticking(Protocol):
    """The game's moves: each frame's time (a refused click's flash fades)."""

    def update(self, dt: float) -> None: ...


class Live(Ticking, Drawn, Clickable, Protocol):
    """The game's controls: each frame's time, inputs and drawing."""


class Help(Ticking, Drawn, Protocol):
    """The game's help (its tooltips): it watches every input first (True: it used it), and
    drops its tip when an overlay comes over the table."""

    def handle_event(self, event: pygame.event.Event) -> bool | None: ...
    def reset(self) -> None: ...


class Nothing:
    """A table's moves, controls or help when the game has none: it does nothing."""

    buttons: dict[str, Any] = {}

    def update(self, dt: float) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def reset(self) -> None:
        pass


@dataclass
class KitParts:
    """What `TableKit.build()` returns: the event styles the animator plays, the parts drawn in
    order, the parts offered clicks in order, and the game's moves, controls and help (each with
    `update(dt)`, `handle_event(event) -> bool`, `draw(surface)`; the help also `reset()`)."""

    styles: Mapping[type, EventStyle]
    parts: Sequence[Drawn]
    clickable: Sequence[Clickable] = field(default_factory=list)
    moves: Ticking = field(default_factory=Nothing)
    controls: Live = field(default_factory=Nothing)
    help: Help = field(default_factory=Nothing)


class TableKit(Protocol[StateT_contra, BoardT_co]):
    """What the table needs of every game's kit (see the module's docstring): the event that
    ends the game, the board as shown, the parts, and the picture under everything. A kit may
    also subclass `KitHooks` to answer the table's other questions its own way."""

    @property
    def game_over_event(self) -> type:
        """The event that ends the game: after its step, the end scene opens."""
        ...

    def shown_board(self, state: StateT_contra, source: StateT_contra | None = None) -> BoardT_co:
        """The board as shown before the session's feed plays (`source`: the engine's state,
        read when an undo is shown): an object with `apply(event)`."""
        ...

    def shown_view(self, state: StateT_contra) -> BoardT_co:
        """The board shown from one seat's view mid-game (an online table's: other seats'
        hidden cards reach it as they show; `reset_to(state)` when a fresh view arrives)."""
        ...

    def build(self) -> KitParts:
        """Make the parts (they read the table through the port); return them and the styles."""
        ...

    def static_layer(self) -> pygame.Surface:
        """The picture under everything, drawn once, covering `port.view`."""
        ...


class KitHooks(Generic[BoardT]):
    """The table's other questions to a game, each answered here as most games would: a kit
    that subclasses `KitHooks` overrides the ones its game answers otherwise (the table asks
    them of such a kit, and of these defaults for any other)."""

    #: Seats not in focus play their steps this much faster (the animator's `off_focus`).
    off_focus: float = 1.0
    #: How fast computers' turns are shown at each pace setting.
    pace_speeds: Mapping[str, float] = PACE_SPEEDS

    def watch_board(self, board: BoardT) -> ShownBoard:
        """What the animator applies events to (a board that also notes each step, say)."""
        return board

    def targets_of(self) -> list[Any]:
        """What the keyboard focus can rest on when the player may act (`focus.py`)."""
        return []

    def needs_confirm(self, seat: int) -> bool:
        """Whether a human's step just taken waits for Next (Undo stays possible till then)."""
        return False

    def may_act(self, seat: int) -> bool:
        """Besides being the focused human with nothing animating: may this seat act now?"""
        return True

    def turn_pace(self) -> float:
        """How long computers pause before their moves now (1: the usual beat)."""
        return 1.0

    def on_turn(self, turn: Turn) -> None:
        """The turn controller's word, after the table turned to it (a game's own scene)."""
        return None

    def after_step(self, event: Any) -> bool:
        """A game's own scene after a step (True: the animator waits for `release`)."""
        return False

    def has_choice(self) -> bool:
        """Whether the player has something chosen that Esc would drop."""
        return False

    def drop_choice(self) -> None:
        """Forget what the player had chosen (a right click, the screen turning)."""
        return None

    def cancel_choice(self) -> None:
        """Esc with something chosen."""
        self.drop_choice()

    def show(self, effects: Effects) -> None:
        """The game's part of an input's effects (a flash, a selection); the line is the
        table's."""
        return None

    def on_event(self, event: pygame.event.Event) -> bool:
        """An input before the table's own path (True: the kit used it)."""
        return False

    def on_update(self, dt: float) -> None:
        """Each frame, before the table's update."""
        return None

    def before_draw(self, surface: pygame.Surface) -> None:
        """Each frame, before the table draws (what the parts read this frame)."""
        return None

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Drawn over the parts and controls, under the effects and the tooltips."""
        return None

    def daily_badge_at(self) -> tuple[float, float]:
        """Where the daily deal's line sits (its centre), clear of the game's parts."""
        return (640, 14)

    def end_scene(self) -> Any:
        """The game's own scene after the last step (None: its route `{id}.game_end`)."""
        return None

    def idle(self) -> None:
        """Between frames: work made ahead (a banner rendered before its step)."""
        return None

    def resume(self) -> None:
        """The table is on top again (an overlay closed)."""
        return None


def hooks_of(kit: TableKit[Any, BoardT]) -> KitHooks[BoardT]:
    """The kit's own hooks when it has them (it subclasses `KitHooks`), else the defaults."""
    return kit if isinstance(kit, KitHooks) else KitHooks()


__all__ = [
    "NO_EFFECTS",
    "Clickable",
    "Drawn",
    "Effects",
    "Help",
    "KitHooks",
    "KitParts",
    "Live",
    "Nothing",
    "TableKit",
    "Ticking",
    "hooks_of",
]
