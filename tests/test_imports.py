"""The seam between core and the games, read from the source (an AST walk, not a grep): no
import cycles among the project's modules (imports inside functions count; those under
`if TYPE_CHECKING:` do not), core imports no game and names no game id, and every game's
rules and bots stay pure (no pygame, no UI, no network)."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

from tests.source_facts import GAME_IDS, ROOT, Facts, every_module_facts, facts_of, walk_imports

PACKAGE = ROOT / "game"
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


@functools.cache
def module_facts() -> dict[str, Facts]:
    """Every module's imports and game-id literals (tests/source_facts.py), read once per worker
    (and parsed only where the source changed since the last run)."""
    return every_module_facts(MODULES)


def imported_names(name: str) -> frozenset[str]:
    """The modules (and `from x import y` candidates x.y) that module `name` imports (those
    under `if TYPE_CHECKING:` apart)."""
    return module_facts()[name].imports


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
    assert [getattr(n, "module", None) or n.names[0].name for n in walk_imports(tree)] == [
        "a",
        "c",
        "d",
    ]
    facts = facts_of(tree, "game.x")
    assert facts.imports == {"a", "c", "d", "d.e"} and "b" in facts.every_import
    named = facts_of(ast.parse('x = 1\nname = "the luckybox table"\n'), "game.x")
    assert named.id_literals == ("line 2: 'the luckybox table'",)
    assert cycles({"x": {"y"}, "y": {"x"}, "z": {"x"}}) == [["x", "y"]]
    assert "game.core.records" in project_edges()["game.core.storage"]


def test_no_import_cycles() -> None:
    found = cycles(project_edges())
    assert found == [], "import cycles: " + "; ".join(" <-> ".join(g) for g in found)


CORE = sorted(name for name in MODULES if name == "game.core" or name.startswith("game.core."))


# Each check below runs over its modules in one test and names every module that breaks it.


def test_core_imports_no_game() -> None:
    assert "game.core.ui.app" in CORE and "game.core.records" in CORE
    bad = {
        name: found
        for name in CORE
        if (
            found := sorted(
                imported
                for imported in imported_names(name)
                if any(imported == f or imported.startswith(f + ".") for f in NOT_FOR_CORE)
            )
        )
    }
    assert bad == {}, "\n".join(f"{name} imports {found}" for name, found in bad.items())


def test_core_names_no_game_id() -> None:
    """Not in code, not in a docstring: a game's id reaches core from its descriptor."""
    named = {name: list(found) for name in CORE if (found := module_facts()[name].id_literals)}
    assert named == {}, "\n".join(f"{name} names a game: {found}" for name, found in named.items())


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


def test_rules_and_bots_stay_pure() -> None:
    ui = tuple(f"game.{game}.ui" for game in GAME_PACKAGES)
    bad = {
        name: found
        for name in PURE
        if (
            found := sorted(
                imported
                for imported in imported_names(name)
                if imported.split(".")[0] == "pygame"
                or imported == "game.online"
                or imported.startswith(("game.online.", *ui))
            )
        )
    }
    assert bad == {}, "\n".join(f"{name} imports {found}" for name, found in bad.items())
