"""Player settings, kept as JSON in the data folder.

Loading never fails: a missing file gives defaults; a corrupt or foreign file gives defaults plus a
one-line warning for the player, and is renamed aside (`settings.json.bad-<timestamp>`) so it is
never overwritten. Saving is atomic (temp file, fsync, os.replace) and reports a failure as a
warning string instead of raising.
"""

from __future__ import annotations

import contextlib
import json
import math
from collections.abc import Iterable
from dataclasses import asdict, dataclass, fields
from pathlib import Path

from game.core import safe_json
from game.core.i18n import t
from game.core.records import why
from game.core.storage import (
    data_dir as data_dir,  # re-exported: where settings live
    set_aside,
    write_atomic,
)

FILE_NAME = "settings.json"
#: 2: music on by default at a gentle level, each game with its own (see `_migrate`).
FORMAT_VERSION = 2
#: Music's level when nobody has chosen one: well under the effects (about 10 dB below a card
#: or a cross at their default), a background to a game and not a show of its own.
GENTLE_MUSIC = 0.35

VOLUME_RANGE = (0.0, 1.0)
TEXT_SIZES = ("normal", "large")
#: The allowed values of each text setting; anything else in the file is ignored.
#: "" follows the system's language; the others are game.core.i18n.LANGUAGES.
LANGUAGE_CHOICES = ("", "en", "fr", "de")
#: How fast computers' turns are shown: their steps' animations and the beat before each move
#: play this many times faster than a person's (a game may have its own: Blanco's). A newcomer
#: starts at "normal", a turn at the pace it was designed to be followed at; a saved choice
#: (brisk was the default before) is kept.
PACE_SPEEDS: dict[str, float] = {"brisk": 2.5, "normal": 1.0, "slow": 0.6}
PACES = tuple(PACE_SPEEDS)
#: What a person's finished turn waits for before the game goes on (seconds; None: Next). A
#: solo player who never takes a turn back saves a click a number; "timed" leaves the time to
#: press Undo, and Next still goes on at once.
CONFIRM_DELAYS: dict[str, float | None] = {"always": None, "timed": 2.0, "never": 0.0}
CHOICES: dict[str, tuple[str, ...]] = {
    "text_size": TEXT_SIZES,
    "language": LANGUAGE_CHOICES,
    "pace": PACES,
    "confirm": tuple(CONFIRM_DELAYS),
}
SPEED_RANGE = (0.25, 4.0)
PORT_RANGE = (0, 65535)  # the port this app's own server listens on (0: a free one)


@dataclass
class Settings:
    volume: float = 0.8  # 0..1, the effects' (a card, a cross, a jingle)
    animation_speed: float = 1.0  # multiplier on animation time, 0.25..4
    fullscreen: bool = False
    pass_screen: bool = True  # hide the table between players in pass-and-play
    # Each game's own loop (the menus have theirs), on from the start: a game sounds finished
    # with it, and it sits well under the effects; one click in Settings turns it off.
    music: bool = True
    music_volume: float = GENTLE_MUSIC  # 0..1, apart from the effects' volume
    reduced_motion: bool = False  # calmer, shorter animations; no shaking or flashing
    text_size: str = "normal"  # one of TEXT_SIZES
    language: str = ""  # "en", "fr", "de"; "" = the system's language
    memory_aid: bool = True  # Blanco: cards you have looked at show their faces to you only
    pace: str = "normal"  # one of PACES: how fast computers' turns are shown
    confirm: str = "always"  # one of CONFIRM_DELAYS: a finished turn waits for Next, or not
    # The port friends reach this computer's server at (Host on this computer), as the player
    # chose it: 0 is "Any free", and stays so.
    host_port: int = 0
    # Under "Any free": the port last served on, used again first, so the link friends keep and
    # the tables' seats still lead here after a restart (Settings shows it beside the choice).
    host_port_kept: int = 0

    def clamp(self) -> Settings:
        """Bring numbers into their ranges (in place); returns self."""
        self.volume = min(max(self.volume, VOLUME_RANGE[0]), VOLUME_RANGE[1])
        self.music_volume = min(max(self.music_volume, VOLUME_RANGE[0]), VOLUME_RANGE[1])
        self.animation_speed = min(max(self.animation_speed, SPEED_RANGE[0]), SPEED_RANGE[1])
        return self


def _is_number(v: object) -> bool:
    # bool is an int subclass; `true` is not a volume. NaN/inf would poison clamping.
    return isinstance(v, int | float) and not isinstance(v, bool) and math.isfinite(v)


def load_settings(folder: Path, legacy: Iterable[Path] = ()) -> tuple[Settings, str | None]:
    """Read settings from `folder`; returns (settings, warning or None). Never raises.
    `legacy`: files a game kept its memory aid in before Settings held it (the game's UI
    descriptor names them); each is read once: it moves into the settings file, and the old
    file goes."""
    settings, warning = _load_settings(folder)
    for old in legacy:
        _move_legacy_memory_aid(settings, folder, Path(old))
    return settings, warning


def _move_legacy_memory_aid(settings: Settings, folder: Path, old: Path) -> None:
    if old.is_file():
        try:
            value = safe_json.read_object(old).get("memory_aid")
        except (OSError, ValueError):
            value = None  # unreadable: the default stands (the old file goes all the same)
        if isinstance(value, bool):
            settings.memory_aid = value
        if save_settings(settings, folder) is None:
            with contextlib.suppress(OSError):
                old.unlink()


def _load_settings(folder: Path) -> tuple[Settings, str | None]:
    path = Path(folder) / FILE_NAME
    try:
        data = safe_json.read_object(path)
    except FileNotFoundError:
        return Settings(), None
    except (OSError, ValueError):  # set aside: never overwritten unread
        aside = set_aside(path)
        return Settings(), t(
            "settings.damaged", "Settings file was damaged ({aside}); using defaults.", aside=aside
        )

    settings = Settings()
    bad: list[str] = []
    for f in fields(Settings):
        if f.name not in data:
            continue
        value = data[f.name]
        if f.type in ("float", float):
            if _is_number(value):
                setattr(settings, f.name, float(value))
            else:
                bad.append(f.name)
        elif f.type in ("bool", bool):
            if isinstance(value, bool):
                setattr(settings, f.name, value)
            else:
                bad.append(f.name)
        elif f.type in ("int", int):
            ok = isinstance(value, int) and not isinstance(value, bool)
            if ok and PORT_RANGE[0] <= value <= PORT_RANGE[1]:
                setattr(settings, f.name, value)
            else:
                bad.append(f.name)
        elif f.type in ("str", str):
            if isinstance(value, str) and value in CHOICES.get(f.name, (value,)):
                setattr(settings, f.name, value)
            else:
                bad.append(f.name)
    _migrate(settings, data)
    settings.clamp()
    if bad:
        return settings, t(
            "settings.ignored", "Ignored bad settings: {names}.", names=", ".join(bad)
        )
    return settings, None


#: Version 1's music: off, at half volume (one calm loop). Every save wrote every field, so a
#: version-1 file holding these values had them from the default, almost always unchosen.
_V1_MUSIC_DEFAULTS = (False, 0.5)


def _migrate(settings: Settings, data: dict) -> None:
    """A file from before version 2 (the music was one calm loop, off by default at 0.5): its
    music left at those defaults takes this version's (on, gentle); a level chosen, or music
    turned on, stays as chosen. The effects' volume (`volume`) is kept as it was."""
    version = data.get("version", 1)
    if not _is_number(version) or version >= 2:
        return
    if data.get("music", False) is _V1_MUSIC_DEFAULTS[0]:
        settings.music = True
    if data.get("music_volume", _V1_MUSIC_DEFAULTS[1]) == _V1_MUSIC_DEFAULTS[1]:
        settings.music_volume = GENTLE_MUSIC


def save_settings(settings: Settings, folder: Path) -> str | None:
    """Write settings atomically into `folder`; returns a warning string on failure, else None."""
    folder = Path(folder)
    payload = {"version": FORMAT_VERSION, **asdict(settings)}
    text = json.dumps(payload, indent=2, sort_keys=True) + "\n"
    try:
        write_atomic(folder / FILE_NAME, text)
    except OSError as e:
        return t("settings.not_saved", "Settings not saved: {why}.", why=why(e))
    return None
