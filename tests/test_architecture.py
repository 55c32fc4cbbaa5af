"""docs/architecture.md's layer picture matches the imports: every import of every module of
`game/` (and of main.py), inside functions too, goes to a layer its line allows; every module
belongs to a layer; no game imports the other. The picture is read from the document itself,
so changing the dependencies means changing the picture."""

from __future__ import annotations

import ast
import functools
import re

import pytest

from tests.source_facts import walk_imports
from tests.test_imports import GAME_IDS, MODULES, ROOT, imported_names

DOC = ROOT / "docs" / "architecture.md"


@functools.cache
def picture() -> dict[str, tuple[list[str], set[str]]]:
    """Layer name -> (its paths, the layers it may import), from the ```layers block (read once
    per worker: every import checked asks it; the callers only read it)."""
    text = DOC.read_text(encoding="utf-8")
    block = re.search(r"```layers\n(.*?)```", text, re.S)
    assert block, "docs/architecture.md has its layer picture"
    layers: dict[str, tuple[list[str], set[str]]] = {}
    for line in block[1].splitlines():
        left, _, right = line.partition("→")
        name, *paths = left.split()
        allowed = {item.strip() for item in right.split(",") if item.strip()}
        layers[name] = (paths, allowed)
    # `core/ui*`: that layer and every layer under it (`core/ui/table`...).
    for _paths, allowed in layers.values():
        for item in [item for item in allowed if item.endswith("*")]:
            allowed.discard(item)
            allowed.update(name for name in layers if name.startswith(item[:-1]))
    return layers


@functools.cache
def expanded() -> list[tuple[str, str, str | None]]:
    """(path, layer, game) for every path of the picture, <game> spelt out for each game;
    the most specific path first."""
    rows = []
    for name, (paths, _) in picture().items():
        for path in paths:
            if "<game>" in path:
                rows += [(path.replace("<game>", g), name, g) for g in GAME_IDS]
            else:
                rows.append((path, name, None))
    return sorted(rows, key=lambda row: -len(row[0]))


def layer_of(relative: str) -> tuple[str, str | None]:
    for path, name, game in expanded():
        if relative == path or (path.endswith("/") and relative.startswith(path)):
            return name, game
    raise AssertionError(f"{relative} is in no layer of docs/architecture.md's picture")


def relative(module: str) -> str:
    return MODULES[module].relative_to(ROOT).as_posix()


def may_import(layer: str, game: str | None, target: str, target_game: str | None) -> bool:
    """Layer names keep their `<game>`; `game` and `target_game` say which game each is."""
    if game is not None and target_game is not None and target_game != game:
        return False  # one game never imports the other
    return target in picture()[layer][1]


def main_py_imports() -> set[str]:
    tree = ast.parse((ROOT / "main.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in walk_imports(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif node.module:
            found.add(node.module)
            found.update(f"{node.module}.{alias.name}" for alias in node.names)
    return {name for name in found if name in MODULES}


def edges() -> list[tuple[str, str]]:
    found = [("main.py", target) for target in main_py_imports()]
    for name in MODULES:
        found += [(name, t) for t in imported_names(name) if t in MODULES and t != name]
    return found


def test_the_picture_names_each_layer_once_and_only_known_layers():
    layers = picture()
    assert {
        "core",
        "core/ui",
        "core/ui/toolkit",
        "core/ui/table",
        "core/ui/screens",
        "<game>/rules",
        "<game>/ai",
        "<game>/ui",
        "online",
        "cli",
    } <= set(layers)
    for name, (paths, allowed) in layers.items():
        assert paths, name
        assert allowed <= set(layers), (name, allowed - set(layers))
    # The pure bottom: core and python_check import no other layer.
    assert layers["core"][1] == set() and layers["python_check"][1] == set()


def test_every_module_is_in_a_layer():
    for name in MODULES:
        layer_of(relative(name))


def test_every_import_is_one_the_picture_allows():
    wrong = []
    for source, target in edges():
        src = layer_of(source if source == "main.py" else relative(source))
        dst = layer_of(relative(target))
        if src != dst and not may_import(src[0], src[1], *dst):
            wrong.append(f"{source} ({src[0]}) imports {target} ({dst[0]})")
    assert not wrong, "imports docs/architecture.md's picture does not allow:\n" + "\n".join(wrong)


@pytest.mark.parametrize(
    ("source", "target", "allowed"),
    [
        ("game/core/records.py", "game/luckybox/rules/state.py", False),
        ("game/luckybox/rules/state.py", "game/blanco/rules/state.py", False),
        ("game/luckybox/ai/bots.py", "game/core/ui/app.py", False),
        ("game/online/server.py", "game/core/ui/app.py", False),
        ("game/luckybox/ui/shown.py", "game/luckybox/rules/state.py", True),
        ("game/online/ui/table.py", "game/blanco/ui/shown.py", False),  # handed its games
        ("game/online/tables.py", "game/catalog.py", False),
        ("game/online/ui/table.py", "game/core/ui/table/scene.py", True),
        # core/ui's rooms: each imports only those below it.
        ("game/core/ui/toolkit/widgets.py", "game/core/ui/scene.py", False),
        ("game/core/ui/toolkit/gfx.py", "game/core/ui/game_ui/kit.py", False),
        ("game/core/ui/game_ui/port.py", "game/core/ui/context.py", False),
        ("game/core/ui/game_ui/kit.py", "game/core/ui/settings.py", True),
        ("game/core/ui/context.py", "game/core/ui/table/scene.py", False),
        ("game/core/ui/table/frame.py", "game/core/ui/screens/title.py", False),
        ("game/core/ui/screens/title.py", "game/core/ui/table/saved.py", True),
        ("game/core/ui/screens/title.py", "game/core/ui/app.py", False),
        ("game/core/ui/app.py", "game/core/ui/screens/title.py", True),
    ],
)
def test_the_check_refuses_what_the_picture_forbids(source, target, allowed):
    assert may_import(*layer_of(source), *layer_of(target)) is allowed
