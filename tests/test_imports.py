"""The seam between core and the games, read from the source (an AST walk, not a grep): no
import cycles among the project's modules (imports inside functions count; those under
`if TYPE_CHECKING:` do not), core imports no game and names no game id, and every game's
rules and bots stay pure (no pygame, no UI, no network)."""

from __future__ import annotations

import ast
import functools
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "game"
GAME_IDS = ("luckybox", "blanco")
#: What core must never import: the games, the composition root and what hangs off it.
NOT_FOR_CORE = (
    "game.luckybox",
    "game.blanco",
    "game.catalog",
    "game.cli",
    "game.tour",
    "game.online",
)


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _is_type_checking(test: ast.expr) -> bool:
    return (isinstance(test, ast.Name) and test.id == "TYPE_CHECKING") or (
        isinstance(test, ast.Attribute) and test.attr == "TYPE_CHECKING"
    )


def _walk_imports(node: ast.AST) -> Iterator[ast.Import | ast.ImportFrom]:
    """Every import statement, inside functions too, skipping `if TYPE_CHECKING:` bodies."""
    for child in ast.iter_child_nodes(node):
        if isinstance(child, ast.If) and _is_type_checking(child.test):
            for other in child.orelse:
                yield from (
                    _walk_imports(other)
                    if not isinstance(other, ast.Import | ast.ImportFrom)
                    else iter([other])
                )
            continue
        if isinstance(child, ast.Import | ast.ImportFrom):
            yield child
        yield from _walk_imports(child)


@functools.cache
def parsed(path: Path) -> ast.Module:
    """A module's syntax tree, parsed once for every check (the checks only read it)."""
    return ast.parse(path.read_text("utf-8"), str(path))


@functools.cache
def imported_names(name: str) -> frozenset[str]:
    """The modules (and `from x import y` candidates x.y) that module `name` imports."""
    path = MODULES[name]
    tree = parsed(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found: set[str] = set()
    for node in _walk_imports(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
            continue
        if node.level:
            base = package.split(".")
            base = base[: len(base) - node.level + 1]
            target = ".".join([*base, node.module] if node.module else base)
        else:
            target = node.module or ""
        found.add(target)
        found.update(f"{target}.{alias.name}" for alias in node.names)
    return frozenset(found)


def project_edges() -> dict[str, set[str]]:
    """Each module's imports of other project modules (a package import counts as its
    `__init__`; `from pkg import sub` counts as the submodule)."""
    edges: dict[str, set[str]] = {}
    for name in MODULES:
        targets = set()
        for imported in imported_names(name):
            if imported in MODULES and imported != name:
                targets.add(imported)
        edges[name] = targets
    return edges


def cycles(edges: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected groups of more than one module (Tarjan), each sorted."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    groups: list[list[str]] = []
    counter = 0

    def visit(start: str) -> None:
        nonlocal counter
        work = [(start, iter(sorted(edges[start])))]
        index[start] = low[start] = counter
        counter += 1
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is not None:
                if child not in index:
                    index[child] = low[child] = counter
                    counter += 1
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                elif child in on_stack:
                    low[node] = min(low[node], index[child])
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[node])
            if low[node] == index[node]:
                group = []
                while True:
                    member = stack.pop()
                    on_stack.discard(member)
                    group.append(member)
                    if member == node:
                        break
                if len(group) > 1:
                    groups.append(sorted(group))

    for name in sorted(edges):
        if name not in index:
            visit(name)
    return groups


def test_the_walk_sees_imports_inside_functions_and_skips_type_checking_ones() -> None:
    """The checks below would pass vacuously if the walk missed function-local imports."""
    tree = ast.parse(
        "import a\nif TYPE_CHECKING:\n    import b\ndef f():\n    import c\n    from d import e\n"
    )
    assert [getattr(n, "module", None) or n.names[0].name for n in _walk_imports(tree)] == [
        "a",
        "c",
        "d",
    ]
    assert cycles({"x": {"y"}, "y": {"x"}, "z": {"x"}}) == [["x", "y"]]
    assert "game.core.records" in project_edges()["game.core.storage"]


def test_no_import_cycles() -> None:
    found = cycles(project_edges())
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(g) for g in found)


CORE = sorted(name for name in MODULES if name == "game.core" or name.startswith("game.core."))


@pytest.mark.parametrize("name", CORE)
def test_core_imports_no_game(name: str) -> None:
    bad = sorted(
        imported
        for imported in imported_names(name)
        if any(imported == f or imported.startswith(f + ".") for f in NOT_FOR_CORE)
    )
    assert bad == [], f"{name} imports {bad}"


def _id_literals(path: Path) -> list[str]:
    pattern = re.compile(r"\b(" + "|".join(GAME_IDS) + r")\b")
    return [
        f"line {node.lineno}: {node.value!r}"
        for node in ast.walk(parsed(path))
        if isinstance(node, ast.Constant)
        and isinstance(node.value, str)
        and pattern.search(node.value)
    ]


@pytest.mark.parametrize("name", CORE)
def test_core_names_no_game_id(name: str) -> None:
    """Not in code, not in a docstring: a game's id reaches core from its descriptor."""
    found = _id_literals(MODULES[name])
    assert found == [], f"{name} names a game: {found}"


GAME_PACKAGES = sorted({p.parent.parent.name for p in PACKAGE.glob("*/rules/__init__.py")})
PURE = sorted(
    name
    for name in MODULES
    for game in GAME_PACKAGES
    if name.startswith((f"game.{game}.rules", f"game.{game}.ai"))
)


def test_the_purity_check_sees_every_game() -> None:
    assert set(GAME_IDS) <= set(GAME_PACKAGES)
    assert "game.luckybox.rules.state" in PURE and "game.blanco.ai" in PURE


@pytest.mark.parametrize("name", PURE)
def test_rules_and_bots_stay_pure(name: str) -> None:
    ui = tuple(f"game.{game}.ui" for game in GAME_PACKAGES)
    bad = sorted(
        imported
        for imported in imported_names(name)
        if imported.split(".")[0] == "pygame"
        or imported == "game.online"
        or imported.startswith(("game.online.", *ui))
    )
    assert bad == [], f"{name} imports {bad}"
