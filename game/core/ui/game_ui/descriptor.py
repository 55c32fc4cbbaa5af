"""What the app's screens need of a game beyond its rules: its UI descriptor.

Each game package exposes one (`<package>.ui.descriptor.GAME_UI`, beside its composed
`<package>.entry.GAME`); the composition root (`game/catalog.py`) lists them and the app
keeps them as `ctx.games`. Core scenes read a game's title, seat range, levels and rating
words from `GameUI.game` (the `game.core.game.Game`: rules, records, bots and words), and
reach its scenes by route,
every one named `"{game.id}.{name}"`:

    setup, start_game, continue_game, replay, same_deal, game_end   scenes and starting
    howto_pages, guided                                             How to play
    logo, decoration (optional)                                     the title's look

Core registers its own scenes under the first seven (game/core/ui/plain_routes.py: the screens
filled from the game's rules, records and table kit; no pages, no guided game); the game's
`install`, run after, replaces those it gives. A game without a `logo` route gets the title's
default logo and drifting number cards.

The smallest descriptor is `GameUI(game=GAME, table_kit=MyKit)`: a game whose kit is a
`SeatsKit` (game/core/ui/table/seats_kit.py) plays locally, pass-and-play and online.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from game.core.entry import Game

if TYPE_CHECKING:  # (the kit's and the port's own files: not the table, which reads this)
    from game.core.ui.game_ui.kit import TableKit
    from game.core.ui.game_ui.port import TablePort

#: The routes every game registers (as "{id}.{name}"); `logo` and `decoration` are optional.
STANDARD_ROUTES = (
    "setup",
    "start_game",
    "continue_game",
    "replay",
    "same_deal",
    "game_end",
    "howto_pages",
    "guided",
)


@dataclass(frozen=True)
class GameSounds:
    """A game's own sounds: effects by file stem in ``sounds/``, music in ``sounds/music/``
    (see game.core.ui.soundtrack)."""

    #: The loop while its table is up.
    music: str = "calm_loop"
    #: Played once as its end screen opens (the music changes with the moment).
    end_music: str = "calm_loop"
    #: The flourish as its end screen opens.
    game_end: str = "victory"
    #: A deal's sound ("" for none).
    deal: str = ""
    #: Every effect of its own set (a demo of it plays these, the menus' shared "click" and
    #: "refuse", and no other game's).
    own: frozenset[str] = frozenset()


@dataclass(frozen=True)
class GameUI:
    """A game's UI descriptor: its game (no pygame), and how the app shows it."""

    game: Game
    #: Registers the game's own routes ("{id}.{name}") on `ctx.nav`: `install(ctx)`; None: it
    #: has only core's.
    install: Callable[[Any], None] | None = None
    #: The table's named regions (a Tiled map) the game's scenes read as `ctx.layout`.
    layout: Path | None = None
    #: How its regions follow a window of another shape than 16:9 (`Layout.anchor`: the side
    #: panels to the window's edges); a region not named stays centred with the design.
    layout_anchors: Mapping[str, Any] = field(default_factory=dict)
    #: The module giving the game's tour steps (`steps(game_id) -> list[Step]`, see game.tour).
    tour: str | None = None
    #: The one-game version's files at the data folder's top (autosave, records/) are this
    #: game's: they move into its folder the first time it is opened.
    legacy_top_files: bool = False
    #: Files in the game's folder that once held settings (the memory aid): read once into
    #: the settings file, then removed.
    legacy_settings_files: tuple[str, ...] = ()
    #: Files a table of this game keeps beside its autosave, in the table's own folder
    #: (`game.core.saves`); the one-save version kept them in the game's folder, and they
    #: move with its autosave.
    table_files: tuple[str, ...] = ()
    #: Its own sounds and music.
    sounds: GameSounds = field(default_factory=GameSounds)
    #: Its table's kit maker, `table_kit(port) -> TableKit` (game.core.ui.table): the core
    #: table, local or online, is built around it. None: the game has no kit yet (its table
    #: is its own scene, and it does not play online).
    table_kit: Callable[[TablePort[Any, Any, Any]], TableKit[Any, Any]] | None = None
    #: The game's id and title (its rules'), by which the app finds and names it.
    id: str = field(init=False)
    title: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "id", self.game.id)
        object.__setattr__(self, "title", self.game.title)

    def route(self, name: str) -> str:
        """This game's route of that name ("<id>.setup")."""
        return f"{self.game.id}.{name}"


def game_caption(scenes: Sequence[object], games: Sequence[GameUI]) -> str | None:
    """The title of the game the topmost game scene shows: its session's game (a table, a
    draft, an online table) or its `game_id` (a set-up, an end screen, a replay); None when no
    scene belongs to a game (the title screen, the online menus)."""
    for scene in reversed(scenes):
        title = getattr(getattr(getattr(scene, "session", None), "game", None), "title", None)
        if isinstance(title, str) and title:
            return title
        game_id = getattr(scene, "game_id", "")
        for game in games if isinstance(game_id, str) and game_id else ():
            if game.id == game_id:
                return game.game.title
    return None


__all__ = ["STANDARD_ROUTES", "GameSounds", "GameUI", "game_caption"]
