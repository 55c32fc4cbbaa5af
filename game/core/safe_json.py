"""The one way the game reads a JSON file it did not just write: settings, players, the last
game, autosaves, Blanco's match, records. Pure (no pygame, no game).

Whatever is on disk may be damaged, foreign or hostile, so a read:

- opens only regular files: `open(O_NONBLOCK)` then `fstat` on the open descriptor, so a named
  pipe never blocks and a device (`/dev/zero`) is refused before a byte is read;
- reads at most `cap + 1` bytes (records 4 MB, other files 1 MB): a bigger file is refused
  without being read into memory;
- decodes strict UTF-8 (a byte-order mark is allowed, as editors write one);
- parses strict JSON: a duplicate key is refused (which of two values was meant is a guess),
  `NaN`/`Infinity` are refused, floats must be finite (`1e999` is refused, not infinity),
  integers are bounded (|n| <= 2**63; a record's, |n| <= 2**128: an online table's seed has 128
  random bits), nesting is capped (`MAX_DEPTH`), and a string holding a
  lone surrogate (`"\\udc80"`, valid JSON but no text) is refused, keys included.

Any failure is `BadFile` (a RecordError) with a one-line English reason (records' reasons are a
contract in English); a missing file is `FileNotFoundError`, not a bad file. Callers set a bad
file aside with `move_aside` (renamed byte for byte, never over another file) and go on.

Field types are checked with `check_fields`, a small validator over dataclass fields and their
annotations. The standard library is enough here: the files are small and flat, the schemas are
the dataclasses the game already has, and a validation library would be one more dependency in
every frozen build for ~40 lines of code.
"""

from __future__ import annotations

import contextlib
import dataclasses
import errno
import json
import math
import os
import shutil
import stat
import time
import types
import typing
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeAlias, TypeVar

from game.core.game import RecordError

if TYPE_CHECKING:  # the type checker's name for "an instance of some dataclass"
    from _typeshed import DataclassInstance

KB = 1024
RECORD_CAP = 4 * KB * KB  # a real record is ~100 KB
FILE_CAP = 1 * KB * KB  # settings, players, the last game, autosaves, the match
MAX_DEPTH = 32  # the deepest real file (a record's actions) is 4 levels deep
INT_BOUND = 2**63
RECORD_INT_BOUND = 2**128  # a record's integers: an online table's seed has 128 random bits
_READ_CHUNK = 64 * KB

#: A JSON value as `json.loads` gives it.
JSON: TypeAlias = "None | bool | int | float | str | list[JSON] | dict[str, JSON]"


class BadFile(RecordError):
    """A file that is not what it should be; the message is one line, in English. A
    RecordError (a ValueError), so every record reader's handler takes it."""


# ---------------------------------------------------------------- bytes


def read_capped(path: Path | str, cap: int = FILE_CAP) -> bytes:
    """The bytes of a regular file of at most `cap` bytes. FileNotFoundError if missing;
    BadFile (one line) if it is not a regular file, too big, or cannot be read."""
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as err:
        raise BadFile(f"cannot read file: {_why(err)}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise BadFile("not a regular file")
        if info.st_size > cap:
            raise BadFile(f"file is too large (over {cap // KB} KB)")
        chunks: list[bytes] = []
        size = 0
        while size <= cap:  # the size can grow after fstat: read at most cap + 1 bytes
            chunk = os.read(fd, min(_READ_CHUNK, cap + 1 - size))
            if not chunk:
                break
            chunks.append(chunk)
            size += len(chunk)
        if size > cap:
            raise BadFile(f"file is too large (over {cap // KB} KB)")
        return b"".join(chunks)
    except OSError as err:
        raise BadFile(f"cannot read file: {_why(err)}") from None
    finally:
        os.close(fd)


def _why(err: OSError) -> str:
    return err.strerror or str(err) or type(err).__name__


def decode(raw: bytes) -> str:
    """Strict UTF-8 text (a leading byte-order mark is dropped); BadFile otherwise."""
    try:
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise BadFile("not valid JSON: the file is not UTF-8 text") from None


# ---------------------------------------------------------------- JSON


def _no_duplicates(pairs: list[tuple[str, JSON]]) -> dict[str, JSON]:
    obj: dict[str, JSON] = {}
    for key, value in pairs:
        if key in obj:
            raise BadFile(f"not valid JSON: the key {printable(key)!r} appears twice")
        obj[key] = value
    return obj


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise BadFile(f"not valid JSON: the number {text[:20]} is too large")
    return value


def _bounded_int(bound: int) -> Callable[[str], int]:
    """The JSON integer parser that refuses |n| > bound (and any longer text unread)."""
    digits = len(str(bound)) + 1  # (a sign)

    def parse(text: str) -> int:
        if len(text) > digits:
            raise BadFile(f"not valid JSON: the number {text[:20]}... is too large")
        value = int(text)
        if abs(value) > bound:
            raise BadFile(f"not valid JSON: the number {text} is too large")
        return value

    return parse


_PARSE_INT = {INT_BOUND: _bounded_int(INT_BOUND), RECORD_INT_BOUND: _bounded_int(RECORD_INT_BOUND)}


def _no_constant(name: str) -> NoReturn:
    raise BadFile(f"not valid JSON: {name} is not a number")


def _check_tree(value: JSON, max_depth: int) -> None:
    """Depth and text of a parsed value, without recursion (a deep value cannot overflow)."""
    stack: list[tuple[JSON, int]] = [(value, 1)]
    while stack:
        node, depth = stack.pop()
        if isinstance(node, str):
            _check_text(node)
            continue
        if not isinstance(node, dict | list):
            continue
        if depth > max_depth:
            raise BadFile(f"not valid JSON: nested more than {max_depth} levels deep")
        if isinstance(node, dict):
            for key, item in node.items():
                _check_text(key)
                stack.append((item, depth + 1))
        else:
            stack.extend((item, depth + 1) for item in node)


def _check_text(text: str) -> None:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise BadFile("not valid JSON: a string holds a lone surrogate (not text)") from None


def loads(text: str, max_depth: int = MAX_DEPTH, int_bound: int = INT_BOUND) -> JSON:
    """Strict JSON text as Python values; BadFile (one line) for anything ambiguous or odd.
    `int_bound`: the largest |integer| taken (records: RECORD_INT_BOUND)."""
    parse_int = _PARSE_INT.get(int_bound) or _bounded_int(int_bound)
    try:
        value: JSON = json.loads(
            text,
            object_pairs_hook=_no_duplicates,
            parse_float=_finite_float,
            parse_int=parse_int,
            parse_constant=_no_constant,
        )
    except BadFile:
        raise
    except json.JSONDecodeError as err:
        raise BadFile(f"not valid JSON: {err.msg}") from None
    except RecursionError:
        raise BadFile(f"not valid JSON: nested more than {max_depth} levels deep") from None
    except (ValueError, OverflowError, MemoryError) as err:
        raise BadFile(f"not valid JSON: {type(err).__name__}") from None
    _check_tree(value, max_depth)
    return value


def read_json(
    path: Path | str, cap: int = FILE_CAP, max_depth: int = MAX_DEPTH, int_bound: int = INT_BOUND
) -> Any:
    """A JSON file read safely (see the module's docstring). FileNotFoundError when missing;
    BadFile (one line) for everything else that is wrong. A `JSON` value, typed Any for its
    readers, which check its shape as they read it (a wrong one raises the TypeError, KeyError
    or ValueError they catch)."""
    return loads(decode(read_capped(path, cap)), max_depth, int_bound)


def read_object(path: Path | str, cap: int = FILE_CAP) -> dict[str, Any]:
    """A JSON file that must hold an object (its values typed as `read_json`'s)."""
    value = read_json(path, cap)
    if not isinstance(value, dict):
        raise BadFile("not a JSON object")
    return value


# ---------------------------------------------------------------- schemas

T = TypeVar("T", bound="DataclassInstance")


def _fits(value: JSON, kind: object) -> bool:
    """Whether a parsed JSON value fits a (simple) annotation."""
    if kind is Any or kind is object:
        return True
    origin = typing.get_origin(kind)
    if origin in (typing.Union, types.UnionType):
        return any(_fits(value, k) for k in typing.get_args(kind))
    if kind is type(None):
        return value is None
    if kind is bool:
        return isinstance(value, bool)
    if kind is int:
        return type(value) is int
    if kind is float:
        return (
            isinstance(value, int | float) and type(value) in (int, float) and math.isfinite(value)
        )
    if kind is str:
        return isinstance(value, str)
    if origin is list or kind is list:
        args = typing.get_args(kind)
        return isinstance(value, list) and all(_fits(v, args[0]) for v in value if args)
    if origin is dict or kind is dict:
        args = typing.get_args(kind)
        return isinstance(value, dict) and (
            not args or all(_fits(k, args[0]) and _fits(v, args[1]) for k, v in value.items())
        )
    return False


def check_fields(cls: type[T], data: JSON) -> T:
    """`cls(**data)` once every field of the dataclass `cls` is checked against its annotation:
    required fields present, no unknown keys, every value of its type. BadFile otherwise."""
    if not isinstance(data, dict):
        raise BadFile("not a JSON object")
    hints = typing.get_type_hints(cls)
    names = {f.name for f in dataclasses.fields(cls)}
    unknown = sorted(set(data) - names)
    if unknown:
        raise BadFile(f"unknown field {printable(unknown[0])!r}")
    for f in dataclasses.fields(cls):
        required = f.default is dataclasses.MISSING and f.default_factory is dataclasses.MISSING
        if f.name not in data:
            if required:
                raise BadFile(f"missing field {f.name!r}")
            continue
        if not _fits(data[f.name], hints[f.name]):
            raise BadFile(f"field {f.name!r} has the wrong type")
    return cls(**data)


# ---------------------------------------------------------------- setting aside


def move_aside(path: Path | str) -> Path | None:
    """Rename a bad file to `NAME.bad-STAMP` (its bytes untouched), never over another file;
    None if it could not be moved (or is gone: another copy of the game moved it)."""
    path = Path(path)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    for n in range(1000):
        target = path.with_name(f"{path.name}.bad-{stamp}" + (f"-{n}" if n else ""))
        try:
            if move_exclusive(path, target):
                return target
        except FileNotFoundError:
            return None
        except OSError:  # kept aside all the same if the copy is there; the original stays too
            return target if os.path.lexists(target) else None
    return None


def move_exclusive(source: Path | str, target: Path | str) -> bool:
    """Move `source` to `target` only while `target` is free; False (nothing moved) if taken.
    Never a rename onto a name checked free (two copies of the game could both find it free):
    a hard link, which fails rather than replace, then the unlink. Where there are no hard
    links, the same exclusive create by hand: the file's bytes into `open(O_EXCL)` (a symlink
    or a named pipe made anew, which fails just as a link does), then the unlink. A crash
    between the two steps leaves both names, never neither. OSError if it cannot be moved
    (FileNotFoundError when `source` is gone)."""
    try:
        os.link(source, target, follow_symlinks=False)
    except FileExistsError:
        return False
    except FileNotFoundError:
        raise
    except (OSError, NotImplementedError):  # no hard links here (FAT, some shares)
        if not _create_copy(Path(source), Path(target)):
            return False
    with contextlib.suppress(FileNotFoundError):  # gone: another copy moved it too, ours stands
        os.unlink(source)
    return True


def _create_copy(source: Path, target: Path) -> bool:
    """`target` created exclusively as a copy of `source` (not following a symlink); False
    if `target` exists. OSError for what cannot be copied (a device) or a failed write, and
    then no part-written `target` is left."""
    info = os.lstat(source)
    try:
        if stat.S_ISLNK(info.st_mode):
            os.symlink(os.readlink(source), target)
        elif stat.S_ISFIFO(info.st_mode):
            os.mkfifo(target, stat.S_IMODE(info.st_mode))
        elif stat.S_ISREG(info.st_mode):
            _copy_bytes_exclusive(source, target, stat.S_IMODE(info.st_mode))
        else:
            raise OSError(errno.EPERM, "cannot move a device without hard links", str(source))
    except FileExistsError:
        return False
    return True


def _copy_bytes_exclusive(source: Path, target: Path, mode: int) -> None:
    flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_BINARY", 0)
    fd = os.open(target, flags, mode)  # FileExistsError: taken, nothing written
    try:
        with os.fdopen(fd, "wb") as out, open(source, "rb") as src:
            shutil.copyfileobj(src, out)
            out.flush()
            os.fsync(out.fileno())
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(target)  # ours, half written: never leave a short copy as the kept one
        raise


def printable(text: str) -> str:
    """`text` with anything that cannot be written as UTF-8 (lone surrogates) escaped."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


__all__ = [
    "BadFile",
    "FILE_CAP",
    "MAX_DEPTH",
    "RECORD_CAP",
    "check_fields",
    "decode",
    "loads",
    "move_aside",
    "move_exclusive",
    "printable",
    "read_capped",
    "read_json",
    "read_object",
]
