"""Writing the player's files safely: every write atomic (a temporary file beside the target,
flushed and fsynced, then renamed over it), so a crash or power cut leaves the previous version
whole; a new file never over an existing one (`create_exclusive`). Pure Python; raises OSError,
which callers turn into one line.
"""

from __future__ import annotations

import contextlib
import errno
import json
import os
import stat
import tempfile
from pathlib import Path

from game.core.safe_json import move_exclusive


def write_atomic(path: Path, text: str) -> None:
    """Replace `path` with `text` all at once: the old file survives any failure part-way.
    A target that exists and is not a regular file (`/dev/stdout`, `/dev/full`) is written
    into as it is, never replaced. Raises OSError (the caller turns it into one line)."""
    path = Path(path)
    data = text.encode("utf-8")
    if _is_special(path):
        _write_into(path, data)
        return
    tmp: str | None = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        tmp = _temp_copy(path, data)
        os.replace(tmp, path)
        tmp = None
    finally:
        if tmp is not None:
            with contextlib.suppress(OSError):
                os.unlink(tmp)


def _is_special(path: Path) -> bool:
    try:
        return not stat.S_ISREG(os.stat(path).st_mode)
    except OSError:
        return False  # missing (or unreachable): the atomic write says why, if anything


def _write_into(path: Path, data: bytes) -> None:
    """Write into an existing non-regular file (a device, a pipe with a reader)."""
    fd = os.open(path, os.O_WRONLY | getattr(os, "O_NONBLOCK", 0))
    try:
        view = memoryview(data)
        while view:
            view = view[os.write(fd, view) :]
    finally:
        os.close(fd)


def _temp_copy(path: Path, data: bytes) -> str:
    """`data` in a new temporary file beside `path`, flushed to disk; returns its name."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as fh:
            fh.write(data)
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise
    return tmp


def write_json_atomic(path: Path, obj: object) -> None:
    write_atomic(path, json.dumps(obj, indent=1, ensure_ascii=False) + "\n")


def indented_json(obj: object) -> str:
    """`obj` as `write_json_atomic` writes it (one value a line, one space of indent a level,
    UTF-8 as it is), save that a float's exponent has no padding (1e-7, not 1e-07: the same
    number read back). By msgspec: once indented, the standard library's encoder is pure
    Python, and the autosave is written after every move (a Blanco game's record: 0.6 ms by
    the standard library, 0.04 by msgspec)."""
    import msgspec  # on the first save, not at start-up (28 ms)

    return msgspec.json.format(msgspec.json.encode(obj), indent=1).decode() + "\n"


def create_exclusive(path: Path, text: str) -> Path:
    """Write `text` to `path`, or to `STEM-1.json`, `STEM-2.json`... beside it if that name is
    taken, never over an existing file; returns the name used. The file appears whole: a
    temporary file, then moved to the first free name by `safe_json.move_exclusive` (a hard
    link, which fails rather than replace; without hard links an exclusive create), so two
    copies of the game filing at the same moment both keep theirs, and the kept file has the
    temporary file's mode either way. OSError if it cannot be written."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    tmp = _temp_copy(path, text.encode("utf-8"))
    try:
        for n in range(10_000):
            target = path if n == 0 else path.with_name(f"{path.stem}-{n}{path.suffix}")
            if move_exclusive(tmp, target):
                return target
        raise FileExistsError(errno.EEXIST, "no free name", str(path))
    finally:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
