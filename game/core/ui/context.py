"""What scenes need, passed explicitly (no global session object).

The app builds one `Context` and hands it to every scene it creates; a scene builds the next
scene with the same ctx. Tests build a Context around fakes to drive scenes in isolation.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Protocol

from game.core.entry import Game
from game.core.session import Challenge
from game.core.ui.game_ui.descriptor import GameUI
from game.core.ui.settings import Settings
from game.core.ui.toolkit.assets import Assets
from game.core.ui.toolkit.attention import Attention, WindowSignals
from game.core.ui.toolkit.layout import Layout
from game.core.ui.toolkit.nav import Navigator
from game.core.ui.toolkit.stack import SceneStack
from game.core.ui.toolkit.text import TextCache


class AudioLike(Protocol):
    """What scenes may call on ctx.audio (game.core.ui.toolkit.audio.Audio, or NullAudio when
    absent)."""

    def play(self, name: str) -> None: ...

    def update(self) -> None:
        """Once a frame (the app's loop): what the music waits for is looked at."""


class NullAudio:
    """Silent stand-in when sound can't be used (no mixer, no files, module missing)."""

    available = False

    def __init__(self, volume: float = 0.8) -> None:
        self.volume = volume

    def play(self, name: str) -> None:
        pass

    def update(self) -> None:
        pass

    def set_volume(self, volume: float) -> None:
        self.volume = volume


@dataclass
class GameConfig:
    """A new game as chosen on the setup screen."""

    # (name, is_computer) or (name, is_computer, level), in seat order
    seats: list[tuple]
    seed: int
    # "Play the same deal": another game's cards (a rules Deal and Options) and its result
    deal: Any = None
    options: Any = None
    challenge: Challenge | None = None

    @property
    def names(self) -> list[str]:
        return [seat[0] for seat in self.seats]

    @property
    def computers(self) -> list[bool]:
        return [seat[1] for seat in self.seats]


def _ignore_fullscreen(on: bool) -> None:
    """Default for ctx.set_fullscreen when there is no window (tests)."""


@dataclass
class Context:
    """Everything a scene may use. Fields are shared, so a change (e.g. settings) is seen by all."""

    settings: Settings
    audio: AudioLike
    stack: SceneStack
    assets: Assets
    text: TextCache
    layout: Layout
    data_dir: Path
    #: Switch the window in or out of fullscreen; the app sets it.
    set_fullscreen: Callable[[bool], None] = field(default=_ignore_fullscreen)
    #: A one-line notice; the app shows it as a toast for a few seconds, then clears it.
    message: str = ""
    #: Scenes by name (`ctx.nav.push("settings")`): scenes never import each other.
    nav: Navigator = field(default_factory=Navigator)
    #: The games the app holds, each game's UI descriptor (the composition root's list; the
    #: first is the default). Core scenes read everything about a game from here.
    games: list[GameUI] = field(default_factory=list)
    #: Asks for the player's attention while the window is behind others (attention.py).
    attention: Attention = field(init=False)
    #: Asked before the app quits (quitting.py): each returns a question (what quitting now
    #: does to someone) or None. A part of the app adds its own (online: friends at a table
    #: this app serves); core knows none of them.
    quit_guards: list[Callable[[], str | None]] = field(default_factory=list)
    #: Called once as the app closes, after every scene's exit: what a part of the app started
    #: for the app's whole life stops there (online: the server this app hosts).
    closers: list[Callable[[], None]] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.nav.ctx = self
        self.attention = Attention(WindowSignals(self.play))

    def game_ui(self, game_id: str) -> GameUI:
        """The UI descriptor of the game with that id (KeyError if the app holds none)."""
        for game in self.games:
            if game.id == game_id:
                return game
        raise KeyError(game_id)

    @property
    def rules_games(self) -> list[Game]:
        """Every game's pure descriptor: the games a record may belong to."""
        return [game.game for game in self.games]

    def game_dir(self, game_id: str) -> Path:
        """A game's own folder in the data folder (its autosave and kept records)."""
        from game.core.storage import game_folder

        legacy = any(g.id == game_id and g.legacy_top_files for g in self.games)
        return game_folder(self.data_dir, game_id, legacy_top=legacy)

    def play(self, sound: str) -> None:
        """Play a sound effect, never failing the game over a sound."""
        with contextlib.suppress(Exception):  # a broken sound must not break a click
            self.audio.play(sound)

    def anim_dt(self, dt: float) -> float:
        """Frame time scaled by the animation speed setting (feed this to tweens); reduced
        motion shortens every animation too."""
        from game.core.ui.toolkit import motion

        speed = self.settings.animation_speed
        return dt * (speed * motion.REDUCED_SPEED_UP if motion.reduced() else speed)
