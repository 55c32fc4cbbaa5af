"""Which music plays: the piece of the top-most scene that names one.

A scene names its music with a `music` attribute (a `Piece`, or None to leave the music to the
scenes beneath): the title the menus' loop, a game's table that game's loop, its end screen
its end piece, once. Menus, pauses and dialogs name none, so the music under them goes on. The
app calls `follow` after every change of the stack (`SceneStack.on_change`); the audio changes
piece only when the named one differs, so a still screen costs nothing here.

A game's sounds (its own effects, its loop, its end piece and end flourish) are in its UI
descriptor (`GameUI.sounds`, a `GameSounds`); `play_game_end` and `play_deal` play a game's
end flourish and deal sound for a scene or effect that shows those moments.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from game.core.ui.game_ui.descriptor import GameSounds


@dataclass(frozen=True)
class Piece:
    """A piece of music: ``sounds/music/<name>.wav``, looping or played once."""

    name: str
    loop: bool = True


class Player(Protocol):
    """What plays a game's sounds: the app's Context."""

    def play(self, sound: str) -> None: ...


#: The title's and menus' loop.
MENUS = Piece("calm_loop")


def piece_of(scenes: Iterable[object]) -> Piece | None:
    """The music of the top-most scene (of `scenes`, bottom first) that names one."""
    for scene in reversed(tuple(scenes)):
        piece = getattr(scene, "music", None)
        if isinstance(piece, Piece):
            return piece
    return None


def follow(scenes: Iterable[object], audio: object) -> None:
    """Tell `audio` the piece the scenes ask for (nothing when none names one, or when the
    audio cannot change piece: the silent stand-in)."""
    piece = piece_of(scenes)
    set_track = getattr(audio, "set_track", None)
    if piece is not None and set_track is not None:
        set_track(piece.name, piece.loop)


def game_sounds(ctx: object, game_id: str) -> GameSounds:
    """The `GameSounds` of the game with that id (the defaults for a game the app lacks)."""
    from game.core.ui.game_ui.descriptor import GameSounds

    for game in getattr(ctx, "games", ()):
        if game.id == game_id:
            return game.sounds
    return GameSounds()


def play_game_end(ctx: Player, game_id: str) -> None:
    """The game's end flourish (its end screen plays it as it opens)."""
    ctx.play(game_sounds(ctx, game_id).game_end)


def play_deal(ctx: Player, game_id: str) -> None:
    """The game's sound of a deal (Blanco's plays with its Dealt step; a dealing animation of
    its own may play it here instead). Nothing for a game without one."""
    deal = game_sounds(ctx, game_id).deal
    if deal:
        ctx.play(deal)
