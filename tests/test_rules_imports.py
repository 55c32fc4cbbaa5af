"""A game's rules (`game/<id>/rules/`, and the test game's `tests/highcard/rules/`) are its
rules and records only: they import neither the game's bots (`ai`) nor any words
(`game.core.i18n`, the game's `words.py`), nor anything UI, network or composed above them
(msgspec they may: their actions, events and views are its structs, which the wire sends),
not even inside functions, and not through another module either (the walk follows every
project module they import, core's included). The descriptor is split by job
(game/core/game.py): bots and words reach a game through its entry, never through its rules."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
GAME_IDS = ("luckybox", "blanco")
RULES_PACKAGES = [f"game.{g}.rules" for g in GAME_IDS] + ["tests.highcard.rules"]


def forbidden_for(package: str) -> tuple[str, ...]:
    """What the rules package `package` ("game.blanco.rules") may never reach."""
    game = package.rpartition(".")[0]  # "game.blanco", "tests.highcard"
    own = tuple(f"{game}.{part}" for part in ("ai", "words", "entry", "wire", "ui", "tour"))
    return (
        *own,
        "game.core.i18n",
        "game.core.levels",
        "game.core.ui",
        "game.online",
        "game.catalog",
        "game.cli",
        "game.tour",
        "pygame",
        "websockets",
    )


def source_of(module: str, root: Path = ROOT) -> Path | None:
    """The file of a project module (None for the standard library and third parties)."""
    base = root.joinpath(*module.split("."))
    for path in (base.with_suffix(".py"), base / "__init__.py"):
        if path.is_file():
            return path
    return None


def _typing_only(tree: ast.AST) -> set[ast.AST]:
    """The imports under `if TYPE_CHECKING:` (never run)."""
    found: set[ast.AST] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            for child in node.body:
                found.update(ast.walk(child))
    return found


def imports_in(
    tree: ast.AST, module: str, is_package: bool, typing_too: bool = True
) -> Iterator[str]:
    """Every module an AST imports (inside functions too, and under `if TYPE_CHECKING:` when
    `typing_too`), with each `from x import y` also as the candidate `x.y`, relative imports
    resolved."""
    package = module if is_package else module.rpartition(".")[0]
    skipped = set() if typing_too else _typing_only(tree)
    for node in ast.walk(tree):
        if node in skipped:
            continue
        if isinstance(node, ast.Import):
            yield from (alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                parts = package.split(".")
                base = ".".join(parts[: len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            yield target
            yield from (f"{target}.{alias.name}" for alias in node.names)


def reaches(name: str, forbidden: tuple[str, ...]) -> bool:
    return any(name == bad or name.startswith(bad + ".") for bad in forbidden)


def violations(package: str, root: Path = ROOT) -> list[str]:
    """Each forbidden import reached from the rules package, with the chain that reaches it."""
    forbidden = forbidden_for(package)
    start = source_of(package, root)
    assert start is not None, package
    rules_dir = start.parent
    todo: list[tuple[str, Path, tuple[str, ...]]] = []
    for path in sorted(rules_dir.rglob("*.py")):
        parts = list(path.relative_to(root).with_suffix("").parts)
        if parts[-1] == "__init__":
            parts.pop()
        todo.append((".".join(parts), path, ()))
    seen: set[str] = set()
    found: list[str] = []
    while todo:
        module, path, chain = todo.pop()
        if module in seen:
            continue
        seen.add(module)
        tree = ast.parse(path.read_text("utf-8"), str(path))
        # The rules' own modules may not even name what they may not reach for their type
        # hints; the modules they reach are followed through what runs.
        own = module == package or module.startswith(package + ".")
        for target in imports_in(tree, module, path.name == "__init__.py", typing_too=own):
            if reaches(target, forbidden):
                found.append(" -> ".join((*chain, module, target)))
                continue
            nested = source_of(target, root)
            if nested is not None and target not in seen:
                todo.append((target, nested, (*chain, module)))
    return sorted(set(found))


@pytest.mark.parametrize("package", RULES_PACKAGES)
def test_rules_import_neither_bots_nor_words_nor_ui(package: str) -> None:
    found = violations(package)
    assert not found, f"{package} reaches what rules may not:\n" + "\n".join(found)


def test_the_walk_sees_an_import_inside_a_function(tmp_path: Path) -> None:
    """The check is real: a rules module with a function-local import of the game's bots, or
    of core's translations through `from game.core import i18n`, is caught, and so is one
    reached through another project module."""
    root = tmp_path
    rules = root / "fake" / "rules"
    rules.mkdir(parents=True)
    (root / "fake" / "__init__.py").write_text("", "utf-8")
    (rules / "__init__.py").write_text("", "utf-8")
    (rules / "game.py").write_text(
        "def hint(view, seat):\n    from ..ai import hint\n    return hint(view, seat)\n",
        "utf-8",
    )
    (rules / "words.py").write_text("def f():\n    from game.core import i18n\n", "utf-8")
    (rules / "indirect.py").write_text("from fake import helper\n", "utf-8")
    (rules / "hints.py").write_text(
        "from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from game.core.ui import app\n",
        "utf-8",
    )
    (root / "fake" / "helper.py").write_text("import pygame\n", "utf-8")
    found = violations("fake.rules", root)
    assert "fake.rules.game -> fake.ai" in found
    assert "fake.rules.words -> game.core.i18n" in found
    assert "fake.rules.indirect -> fake.helper -> pygame" in found
    assert "fake.rules.hints -> game.core.ui" in found


def test_each_game_is_composed_of_its_parts_by_job() -> None:
    """Every game the app holds, and the test game, is its rules and records, its bots and
    its words put together; the rules part knows nothing of bots or words, the types the game
    travels in are its rules' own, and the whole passes no call on: a caller names the part."""
    from game import catalog
    from game.core.entry import Game
    from game.core.game import GameBots, GameWords, PureGame
    from tests.highcard.entry import HIGHCARD

    jobs = ("make_bot", "hint", "bot_levels", "progress", "solo_rating", "rating_shown")
    for game in [*catalog.games(), HIGHCARD]:
        assert isinstance(game, Game), game
        assert isinstance(game.rules, PureGame), game.id
        assert isinstance(game.bots, GameBots), game.id
        assert isinstance(game.words, GameWords), game.id
        for job in jobs:
            assert not hasattr(game.rules, job), (game.id, job)
        for forwarded in (*jobs, "new_game", "record_of", "summary", "wire", "parse_record"):
            assert not hasattr(game, forwarded), (game.id, forwarded)
        assert game.id == game.rules.id and game.title == game.rules.title
