"""When the game dies: a readable `crash.log` in the data folder and one message saying where.

    except BaseException:
        return crash.report(sys.exc_info(), version=__version__)   # exit status 1

The log holds the time, the game's version, the platform, Python, how the game was started
(frozen app, installed package, source) and the traceback. The message is a message box when
a display exists (a double-clicked app has no terminal), else one line on stderr.

This module imports nothing of the game and no pygame up front: the crash may be in exactly
those imports. The data folder is found as game.core.storage finds it (`$SMLB_DATA_DIR`, else
the platform's user data folder), repeated here for the same reason; when it cannot be written
the log goes to the temporary folder.
"""

from __future__ import annotations

import os
import platform
import sys
import tempfile
import time
import traceback
from pathlib import Path
from types import TracebackType

APP_NAME = "super-mega-lucky-box"
TITLE = "Super Mega Lucky Box"
LOG_NAME = "crash.log"

ExcInfo = tuple[type[BaseException] | None, BaseException | None, TracebackType | None]


def data_dir() -> Path:
    """$SMLB_DATA_DIR, else the platform's user data folder (as game.core.storage.data_dir)."""
    override = os.environ.get("SMLB_DATA_DIR")
    if override:
        return Path(override)
    try:
        import platformdirs

        return Path(platformdirs.user_data_dir(APP_NAME, appauthor=False))
    except Exception:  # platformdirs missing or broken: the usual places by hand
        if sys.platform == "win32":
            base = os.environ.get("LOCALAPPDATA") or str(Path.home() / "AppData" / "Local")
            return Path(base) / APP_NAME
        if sys.platform == "darwin":
            return Path.home() / "Library" / "Application Support" / APP_NAME
        base = os.environ.get("XDG_DATA_HOME") or str(Path.home() / ".local" / "share")
        return Path(base) / APP_NAME


def how_started() -> str:
    if getattr(sys, "frozen", False):
        return f"frozen app ({sys.executable})"
    package = Path(__file__).resolve().parents[1]
    if (package.parent / "pyproject.toml").exists():
        return f"source checkout ({package.parent})"
    return f"installed package ({package})"


def log_text(exc_info: ExcInfo, version: str) -> str:
    lines = [
        f"{TITLE} crashed",
        f"time: {time.strftime('%Y-%m-%d %H:%M:%S %z')}",
        f"version: {version}",
        f"platform: {platform.platform()} ({platform.machine()})",
        f"python: {sys.version.split()[0]} ({platform.python_implementation()})",
        f"started as: {how_started()}",
        f"command: {' '.join(sys.argv)}",
        "",
        "".join(traceback.format_exception(*exc_info)).rstrip(),
        "",
    ]
    return "\n".join(lines)


def write_log(text: str, folder: Path | None = None) -> Path | None:
    """Write crash.log to the data folder (the temporary folder if that fails); its path."""
    for place in (folder or data_dir(), Path(tempfile.gettempdir()) / APP_NAME):
        path = place / LOG_NAME
        try:
            place.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
            return path
        except OSError:
            continue
    return None


def has_display() -> bool:
    """Whether a message box can be seen: not on SDL's headless drivers nor an X-less Linux."""
    if os.environ.get("SDL_VIDEODRIVER", "").lower() in ("dummy", "offscreen"):
        return False
    if sys.platform.startswith("linux") or "bsd" in sys.platform:
        return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))
    return True


def show(message: str, gui: bool = True) -> None:
    """One message: a message box when a display exists, else a line on stderr."""
    if gui and has_display():
        try:
            os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
            import pygame

            pygame.display.message_box(TITLE, message, message_type="error")
            return
        except Exception:  # pygame itself may be what failed: fall back to stderr
            pass
    stream = sys.stderr if sys.stderr is not None else sys.__stderr__
    if stream is not None:
        print(message, file=stream, flush=True)


def report(
    exc_info: ExcInfo, version: str = "?", gui: bool = True, folder: Path | None = None
) -> int:
    """Log the crash, say where the log is, and return the exit status (1)."""
    exc = exc_info[1]
    reason = f"{type(exc).__name__}: {exc}" if exc is not None else "unknown error"
    path = write_log(log_text(exc_info, version), folder)
    from game.core.i18n import t  # the player's language, when the game got that far

    where = (
        t("crash.details", "details are in {path}", path=path)
        if path
        else t("crash.no_log", "the crash log could not be written")
    )
    show(
        t(
            "crash.stopped",
            "{title} stopped with an error ({reason}); {where}",
            title=TITLE,
            reason=reason,
            where=where,
        ),
        gui,
    )
    return 1
