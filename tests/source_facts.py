"""What the import checks (tests/test_imports.py, test_import_circles.py, test_architecture.py)
read from a module's source: its imports (those under `if TYPE_CHECKING:` apart) and the game
ids its string constants name. Read from one AST walk per module, and kept beside the
compiled modules (tests/__pycache__/source-facts.json) under the file's content hash.

Why kept: parsing game/'s 300 modules took about 2 CPU-seconds, once in every worker that ran
one of the three checks (up to three a run). A module is parsed again when its bytes change,
and every module when this file, or the Python running it, does (both are in the key), so a
fact read back is the one a fresh parse would give.
"""

from __future__ import annotations

import ast
import hashlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = ("luckybox", "blanco")
STORE = Path(__file__).resolve().parent / "__pycache__" / "source-facts.json"


@dataclass(frozen=True)
class Facts:
    """One module's imports: `imports` skips those under `if TYPE_CHECKING:`, `every_import`
    counts them (and every other, wherever it stands); `id_literals` are its string constants
    naming a game id ("line N: 'text'")."""

    imports: frozenset[str]
    every_import: frozenset[str]
    id_literals: tuple[str, ...]


def is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def walk_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, inside functions too, skipping `if TYPE_CHECKING:` bodies."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and is_type_checking(child.test):
            for other in child.orelse:
                yield from (
                    walk_imports(other)
                    if not isinstance(other, ast.Import | ast.ImportFrom)
                    else iter([other])
                )
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        yield from walk_imports(child)


def imported(nodes: Iterator[ast.AST], package: str) -> set[str]:
    """The modules (and `from x import y` candidates x.y) the import statements among `nodes`
    name, relative ones resolved from `package`."""
    found: set[str] = set()
    for node in nodes:
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - node.level + 1]
                target = ".".join([*base, node.module] if node.module else base)
            else:
                target = node.module or ""
            found.add(target)
            found.update(f"{target}.{alias.name}" for alias in node.names)
    return found


GAME_ID = re.compile(r"\b(" + "|".join(GAME_IDS) + r")\b")


def facts_of(tree: ast.Module, package: str) -> Facts:
    nodes = list(ast.walk(tree))
    literals = tuple(
        f"line {node.lineno}: {node.value!r}"
        for node in nodes
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and GAME_ID.search(node.value)
    )
    return Facts(
        imports=frozenset(imported(walk_imports(tree), package)),
        every_import=frozenset(imported(iter(nodes), package)),
        id_literals=literals,
    )


def _key() -> str:
    """What every stored fact depends on besides its module's bytes: this reader, this Python."""
    reader = Path(__file__).read_bytes()
    return hashlib.sha256(reader + sys.version.encode()).hexdigest()


def _package(name: str, path: Path) -> str:
    return name if path.name == "__init__.py" else name.rpartition(".")[0]


def _load() -> dict[str, object]:
    try:
        stored = json.loads(STORE.read_text("utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(stored, dict) or stored.get("key") != _key():
        return {}
    modules = stored.get("modules")
    return modules if isinstance(modules, dict) else {}


def _save(modules: dict[str, object]) -> None:
    """Written whole and renamed into place: workers writing at once leave one whole file."""
    try:
        STORE.parent.mkdir(exist_ok=True)
        fd, temporary = tempfile.mkstemp(dir=STORE.parent, prefix="source-facts-")
        with os.fdopen(fd, "w", encoding="utf-8") as out:
            json.dump({"key": _key(), "modules": modules}, out)
        os.chmod(temporary, 0o644)  # (as the compiled modules beside it: mkstemp's is 0600)
        os.replace(temporary, STORE)
    except OSError:
        pass  # (a read-only checkout: parsed again next time)


def every_module_facts(modules: Mapping[str, Path]) -> dict[str, Facts]:
    """Facts of every module (name -> path), parsed only where the stored ones are of other
    bytes (or of another reader)."""
    stored = _load()
    kept: dict[str, object] = {}
    facts: dict[str, Facts] = {}
    for name, path in modules.items():
        source = path.read_bytes()
        digest = hashlib.sha256(source).hexdigest()
        entry = stored.get(name)
        if isinstance(entry, dict) and entry.get("sha256") == digest:
            found = Facts(
                frozenset(entry["imports"]),
                frozenset(entry["every_import"]),
                tuple(entry["id_literals"]),
            )
        else:
            tree = ast.parse(source.decode("utf-8"), str(path))
            found = facts_of(tree, _package(name, path))
        facts[name] = found
        kept[name] = {
            "sha256": digest,
            "imports": sorted(found.imports),
            "every_import": sorted(found.every_import),
            "id_literals": list(found.id_literals),
        }
    if kept != stored:
        _save(kept)
    return facts
