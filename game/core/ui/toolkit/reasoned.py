"""A greyed button that says why: clicked (or keyed) while disabled it shakes, as every button
does, and calls `why_not`, which puts the reason where the scene shows its lines (a table's
message). A greyed Pass or Undo must never answer a click with silence."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from game.core.ui.toolkit.widgets import Button


class ReasonedButton(Button):
    """A `Button` whose refusal (disabled, clicked) also calls `why_not()`."""

    def __init__(self, *args: Any, why_not: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.why_not = why_not

    def refuse(self) -> None:
        super().refuse()
        self.why_not()
