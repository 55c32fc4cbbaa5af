"""Online is one more consumer of the game seam (issue 63): no module of game/online imports a
game package, the catalog or the tests, not even inside a function. The server and the app's
online screens are handed their games (as core is); the online table is the core table around
the game's kit. Walked by AST, so an import anywhere in a module counts."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
ONLINE = ROOT / "game" / "online"
FORBIDDEN = ("game.luckybox", "game.blanco", "game.catalog", "tests")


def module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def package_of(path: Path) -> list[str]:
    """The package a module of the tree is in (what its relative imports start from)."""
    name = module_name(path).split(".")
    return name if path.name == "__init__.py" else name[:-1]


def imported(path: Path, package: list[str]) -> list[tuple[int, str]]:
    """Every module `path` imports, wherever the import stands (relative ones resolved from
    `package`)."""
    found: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            found += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            found.append((node.lineno, module))
            found += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return found


def forbidden(name: str) -> bool:
    return any(name == root or name.startswith(root + ".") for root in FORBIDDEN)


def test_the_walk_sees_function_local_and_relative_imports(tmp_path: Path) -> None:
    """The check itself: an import inside a function, and a relative one reaching a game, are
    both seen (a walk that missed them would pass whatever online imported)."""
    sample = tmp_path / "probe.py"  # as if it were game/online/ui/probe.py
    sample.write_text(
        "def f():\n    from game.blanco.rules import Draw\n\nfrom ...luckybox import ui\n",
        "utf-8",
    )
    names = [name for _, name in imported(sample, ["game", "online", "ui"])]
    assert "game.blanco.rules" in names and "game.luckybox" in names
    assert all(forbidden(n) for n in ("game.blanco.rules", "game.luckybox", "tests.highcard"))
    assert not forbidden("game.core.ui.table") and not forbidden("game.online.testing")


def test_online_imports_no_game_the_catalog_or_the_tests() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line} imports {name}"
        for path in sorted(ONLINE.rglob("*.py"))
        for line, name in imported(path, package_of(path))
        if forbidden(name)
    ]
    assert problems == [], "\n".join(problems)
