"""Asking for the player's attention while the window is not in front.

An online table may wait for this player (their turn came) or a friend may come to the lobby
while the player looks at another window. `Attention` then asks once: the window flashes in the
taskbar (SDL's window flash, where the platform has one; a no-op elsewhere, never an error) and
a short sound plays through the effects (so the effects' volume applies, and volume 0 is silent).

It knows whether the window is in front from the window's own events (`see`, fed every event by
the app), not by asking SDL each frame: SDL's keyboard focus answers nothing useful on some
platforms (the dummy driver of tests always says "focused"), while the events are what every
platform sends. The window is taken to be in front at first: it opens in front.

What may happen is handed in as a `Signals` (flash the window, play a sound), so a test wraps
the real ones and counts the calls. Scenes say only what they see (`turn`, `joined`); the
"once" is kept here, per topic, so a scene drawn sixty times a second asks once.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable, Hashable, Iterable
from typing import Protocol

import pygame

#: The sound played with the flash: a short two-note chime, heard over a game's own sounds.
SOUND = "token"
#: The events saying the window went behind another (or to the taskbar), and came back.
AWAY = (pygame.WINDOWFOCUSLOST, pygame.WINDOWMINIMIZED)
BACK = (pygame.WINDOWFOCUSGAINED,)


class Signals(Protocol):
    """What `Attention` may do to be noticed."""

    def flash(self) -> None: ...

    def play(self, sound: str) -> None: ...


class WindowSignals:
    """The real ones: the app's window flashes until the player comes back to it; the sound
    goes through `play` (the context's: the effects' volume, never raising)."""

    def __init__(self, play: Callable[[str], None]) -> None:
        self._play = play

    def flash(self) -> None:
        from game.core.ui.toolkit.window import the_window

        # No window yet, or a platform (the dummy driver, some Wayland compositors) without a
        # flash: SDL says "not supported". Nothing to do then.
        with contextlib.suppress(pygame.error):
            the_window().flash(pygame.FLASH_UNTIL_FOCUSED)

    def play(self, sound: str) -> None:
        self._play(sound)


class Attention:
    """The window's focus, and what has already been asked for (per topic)."""

    def __init__(self, signals: Signals) -> None:
        self.signals = signals
        self.focused = True
        self._ours: dict[Hashable, bool] = {}  # a turn topic -> whether it was ours last seen
        self._present: dict[Hashable, set[Hashable]] = {}  # a join topic -> everyone seen

    def see(self, event: pygame.event.Event) -> None:
        """Follow the window's focus from its events (every event may be handed in)."""
        if event.type in AWAY:
            self.focused = False
        elif event.type in BACK:
            self.focused = True

    def ask(self) -> bool:
        """Flash and play once, if the window is not in front; whether it asked."""
        if self.focused:
            return False
        self.signals.flash()
        self.signals.play(SOUND)
        return True

    def turn(self, topic: Hashable, ours: bool) -> bool:
        """Called every frame with whether the game waits for this player at `topic` (a
        table's seat): asks when it starts waiting (a turn coming; a table first seen waiting
        counts), never again until it has stopped and started again. Whether it asked."""
        came = ours and not self._ours.get(topic, False)
        self._ours[topic] = ours
        return came and self.ask()

    def joined(self, topic: Hashable, present: Iterable[Hashable]) -> bool:
        """Called every frame with who is there at `topic` (a lobby's friends): asks when
        someone comes who was not seen there before (once per friend: one who leaves and comes
        back is not news). The first call only notes who is there. Whether it asked."""
        now = set(present)
        seen = self._present.get(topic)
        self._present[topic] = now if seen is None else seen | now
        return seen is not None and not now <= seen and self.ask()
