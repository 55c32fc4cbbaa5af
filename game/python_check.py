"""One line, not a traceback, for a Python older than the game needs.

main.py and `python -m game` call `require()` before they import anything else of the game, whose
code an older Python cannot read. So this file must itself parse and run on any Python (2.7 on):
no annotations (type comments instead), no f-strings, nothing newer than `sys`.
"""

import sys

NEEDED = (3, 11)  # also pyproject.toml's requires-python, which pip enforces for `pip install .`


def message(version):  # type: (tuple[int, ...]) -> str
    """The line an older Python gets, naming the version needed and the one running."""
    needed = ".".join(str(n) for n in NEEDED)
    running = "Python " + ".".join(str(n) for n in version[:2])
    return "Super Mega Lucky Box needs Python " + needed + " or newer; this is " + running + "."


def require(version=None):  # type: (tuple[int, ...] | None) -> None
    """Exit with status 1 and `message` on stderr when `version` (this Python's) is too old."""
    if version is None:
        version = tuple(sys.version_info[:2])
    if tuple(version[:2]) < NEEDED:
        sys.exit(message(version))
