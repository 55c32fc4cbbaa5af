"""Sound effects and music playback that never gets in the way.

``Audio`` loads every ``*.wav`` of a folder (see ``sounds/generate.py``) and plays them by
name; a name's other takes (``<name>.2.wav``, ``<name>.3.wav``) play in turn with it, so a
sound heard forty times a game never repeats one copy. The music (``music/<track>.wav`` of
that folder) streams, one piece at a time (`set_track`: the menus' loop, a game's loop, a
game's end piece played once). Without a working audio device, or with missing/corrupt files,
it degrades silently: the affected sounds become ``NullSound`` and nothing raises.
"""

from __future__ import annotations

import contextlib
import math
import pathlib
from typing import Protocol

import pygame

from game.core.ui.toolkit.native_noise import alsa_lines_to_the_log

#: The piece played until a scene asks for another (the menus' loop).
DEFAULT_TRACK = "calm_loop"
#: Milliseconds a piece fades out over as another takes its place (or the music stops).
FADE_OUT_MS = 700


class _Playable(Protocol):
    def play(self) -> object: ...

    def set_volume(self, value: float) -> None: ...


class NullSound:
    """A sound that does nothing (stands in for anything that failed to load)."""

    def play(self) -> None:
        """Do nothing."""

    def set_volume(self, value: float) -> None:
        """Do nothing."""


def _clamp(volume: float) -> float:
    try:
        v = float(volume)
    except (TypeError, ValueError):
        return 0.0
    if math.isnan(v):
        return 0.0
    return max(0.0, min(1.0, v))


class Audio:
    """Named sound effects, e.g. ``Audio(Path("sounds")).play("cross")``."""

    def __init__(self, sound_dir: pathlib.Path, volume: float = 0.8) -> None:
        """Start the mixer if needed and load all WAVs of ``sound_dir``; never raises."""
        self._dir = pathlib.Path(sound_dir)
        self._volume = _clamp(volume)
        self._sounds: dict[str, _Playable] = {}
        #: A name's takes, played in turn: its own file first, then "<name>.2", "<name>.3".
        self._takes: dict[str, list[_Playable]] = {}
        self._turns: dict[str, int] = {}
        self._music_volume = 0.0
        self._music_playing = False
        #: The fade-in of the piece waiting for the one fading out to fall silent (None:
        #: no piece waits); `update` starts it.
        self._waiting: int | None = None
        #: The piece the music plays when on: (file stem in music/, loops) (see `set_track`).
        self._track: tuple[str, bool] = (DEFAULT_TRACK, True)
        self._available = self._start_mixer()
        self._load_all()

    @staticmethod
    def _start_mixer() -> bool:
        try:
            if pygame.mixer.get_init() is None:
                with alsa_lines_to_the_log():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
            return pygame.mixer.get_init() is not None
        except Exception:  # no device, no SDL_mixer, anything: play silently
            return False

    def _load_all(self) -> None:
        try:
            paths = sorted(self._dir.glob("*.wav"))
        except OSError:
            paths = []
        for path in paths:
            self._sounds[path.stem] = self._load(path)
        for stem, sound in self._sounds.items():
            base, _, take = stem.rpartition(".")
            if base in self._sounds and take.isdigit():
                self._takes.setdefault(base, [self._sounds[base]]).append(sound)

    def _load(self, path: pathlib.Path) -> _Playable:
        if not self._available:
            return NullSound()
        try:
            sound = pygame.mixer.Sound(str(path))
            sound.set_volume(self._volume)
        except Exception:  # missing, unreadable or corrupt file
            return NullSound()
        return sound

    def play(self, name: str) -> None:
        """Play the sound ``name`` (file name without ``.wav``), or the next of its takes;
        unknown names do nothing."""
        sound = self._sounds.get(name)
        if sound is None or self._volume <= 0.0:
            return
        takes = self._takes.get(name)
        if takes:
            turn = self._turns.get(name, 0)
            self._turns[name] = turn + 1
            sound = takes[turn % len(takes)]
        with contextlib.suppress(Exception):
            sound.play()

    def set_volume(self, volume: float) -> None:
        """Set the effects volume, clamped to 0..1."""
        self._volume = _clamp(volume)
        for sound in self._sounds.values():
            with contextlib.suppress(Exception):
                sound.set_volume(self._volume)

    def set_music(self, on: bool, volume: float) -> None:
        """Play the current piece (`set_track`; the menus' loop at first) at `volume`, or stop
        it. Streams, so a piece costs no memory; never raises."""
        self._music_volume = _clamp(volume)
        if not self._available:
            return
        music = pygame.mixer.music
        try:
            if on and self._music_volume > 0.0:
                if not self._music_playing:
                    self._start(fade_in_ms=1500)
                    self._music_playing = True
                music.set_volume(self._music_volume)
            elif self._music_playing:
                music.fadeout(FADE_OUT_MS)
                self._music_playing = False
                self._waiting = None
        except Exception:  # missing file or no streaming support: stay silent
            self._music_playing = False

    def set_track(self, name: str, loop: bool = True) -> None:
        """Make `name` (``music/<name>.wav``) the piece the music plays, looping or once (a
        game's end). With the music on, the piece playing fades out and the new one follows
        it; off, it is only remembered. The same piece again changes nothing; never raises."""
        if (name, loop) == self._track:
            return
        self._track = (name, loop)
        if self._available and self._music_playing:
            try:
                self._start(fade_in_ms=0)
            except Exception:  # missing file or no streaming support: stay silent
                self._music_playing = False

    def _start(self, fade_in_ms: int) -> None:
        """Start the current piece. While another still sounds (playing or fading out), it
        fades out and the new one waits for it: `update` starts it once the music is silent.
        (Loading now would make SDL_mixer wait for the fade to end, holding the frame; and
        pygame's own `music.queue` races its audio thread, which takes the queued piece as
        the fade ends: a piece replaced meanwhile was freed twice, crashing the app.)"""
        music = pygame.mixer.music
        if music.get_busy():
            music.fadeout(FADE_OUT_MS)
            self._waiting = fade_in_ms
            return
        self._waiting = None
        name, loop = self._track
        music.load(str(self._dir / "music" / f"{name}.wav"))
        music.play(loops=-1 if loop else 0, fade_ms=fade_in_ms)

    def update(self) -> None:
        """Once a frame: the piece waiting for a fade-out starts as soon as the music has
        fallen silent (nothing to do, and no call to the mixer, while no piece waits)."""
        if self._waiting is None:
            return
        try:
            if not pygame.mixer.music.get_busy():
                self._start(self._waiting)
        except Exception:  # missing file or no streaming support: stay silent
            self._waiting = None
            self._music_playing = False

    @property
    def track(self) -> tuple[str, bool]:
        """The piece the music plays (or would, were it on): (name, loops)."""
        return self._track

    @property
    def changing(self) -> bool:
        """True while the next piece waits for the one fading out (`update` starts it)."""
        return self._waiting is not None

    @property
    def music_playing(self) -> bool:
        """True while the background loop is playing."""
        return self._music_playing

    @property
    def volume(self) -> float:
        """Current effects volume in 0..1."""
        return self._volume

    @property
    def available(self) -> bool:
        """True when the mixer works (sounds are really played)."""
        return self._available

    @property
    def names(self) -> list[str]:
        """Names of the sounds found in the folder, sorted."""
        return sorted(self._sounds)
