"""No circle of imports in game/ (nor among the sound scripts), counting every import: inside
functions, and the type-only ones under `if TYPE_CHECKING:` too. A type-only circle runs
nowhere, but a reader (and a tool drawing the house) still has to hold both files at once to
understand either: a port that names its concrete parts, which import it back, is one. An AST
walk of the imports, resolved to the project's own modules as tests/test_imports.py does
(`from pkg import sub` is the submodule; a package import is its `__init__`)."""

from __future__ import annotations

import ast

from tests.source_facts import imported
from tests.test_imports import MODULES, ROOT, cycles, module_facts

SOUNDS = ROOT / "sounds"


def every_import(tree: ast.Module, package: str) -> set[str]:
    """The modules (and `from x import y` candidates x.y) a module's syntax tree imports,
    wherever the import stands: nothing is skipped."""
    return imported(ast.walk(tree), package)


def game_edges() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {}
    for name, facts in module_facts().items():
        edges[name] = {
            target for target in facts.every_import if target in MODULES and target != name
        }
    return edges


def sound_edges() -> dict[str, set[str]]:
    """The sound scripts import each other by bare name (they put their folder on the path)."""
    scripts = {path.stem: path for path in sorted(SOUNDS.glob("*.py"))}
    edges: dict[str, set[str]] = {}
    for name, path in scripts.items():
        imported = every_import(ast.parse(path.read_text("utf-8")), "")
        edges[name] = {target for target in imported if target in scripts and target != name}
    return edges


def said(groups: list[list[str]], edges: dict[str, set[str]]) -> str:
    """Each circle with its arrows, for the failure's message."""
    lines = []
    for group in groups:
        arrows = [f"{a} -> {b}" for a in group for b in sorted(edges[a] & set(group))]
        lines.append(f"{len(group)} files: " + ", ".join(arrows))
    return "\n".join(lines)


def test_the_walk_counts_type_only_and_function_imports() -> None:
    """The check below would pass vacuously if the walk skipped what test_imports skips."""
    tree = ast.parse(
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n    from .port import Port\n"
        "def f():\n    from ..other import thing\n"
    )
    found = every_import(tree, "game.x.ui")
    assert {"game.x.ui.port", "game.x.ui.port.Port", "game.x.other.thing"} <= found
    edges = {"a": {"b"}, "b": {"a"}, "c": set()}
    assert cycles(edges) == [["a", "b"]] and "a -> b" in said(cycles(edges), edges)
    # A type-only arrow of the project's own: the UI descriptor names the table's kit and
    # port under TYPE_CHECKING (their own files, so the table, which reads it, is not reached).
    assert "game.core.ui.game_ui.kit" in game_edges()["game.core.ui.game_ui.descriptor"]


def test_no_circle_of_imports_in_game() -> None:
    edges = game_edges()
    found = cycles(edges)
    assert found == [], "import circles (type-only imports count):\n" + said(found, edges)


def test_no_circle_of_imports_among_the_sound_scripts() -> None:
    edges = sound_edges()
    assert {"music", "pieces", "score"} <= set(edges)
    assert "score" in edges["pieces"]  # (the walk sees their bare-name imports)
    found = cycles(edges)
    assert found == [], "import circles:\n" + said(found, edges)
