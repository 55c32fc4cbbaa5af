"""The composition root: the catalog lists game packages by name, each exposing its composed
game (`<package>.entry.GAME`) and its UI descriptor (`<package>.ui.descriptor.GAME_UI`);
what the command line, records and the app know of the games comes from there."""

from __future__ import annotations

import sys
import types
from collections.abc import Iterator
from dataclasses import replace

import pytest

from game import catalog, cli
from game.blanco.entry import BLANCO
from game.core.game import RecordError
from game.core.records import game_of
from game.core.ui.game_ui.descriptor import STANDARD_ROUTES, GameUI
from game.core.ui.toolkit.nav import Navigator
from game.luckybox.entry import LUCKYBOX

CORE_ROUTES = {"title", "settings", "pause", "confirm", "handoff", "replays", "stats", "howto"}


def test_the_default_game_comes_first_and_each_package_gives_both_descriptors() -> None:
    games, uis = catalog.games(), catalog.game_uis()
    assert [g.id for g in games] == ["luckybox", "blanco"]
    assert [ui.game for ui in uis] == games
    assert all(isinstance(ui, GameUI) for ui in uis)
    assert catalog.game_by_id("blanco") is BLANCO


@pytest.mark.parametrize("ui", catalog.game_uis(), ids=lambda ui: ui.id)
def test_every_game_route_is_named_by_its_game(ui: GameUI) -> None:
    ctx = types.SimpleNamespace(nav=Navigator())
    ui.install(ctx)
    routes = set(ctx.nav._routes)
    assert {f"{ui.id}.{name}" for name in STANDARD_ROUTES} <= routes
    assert all(route.startswith(f"{ui.id}.") for route in routes), sorted(routes)
    assert not routes & CORE_ROUTES


def test_an_unknown_record_format_gets_the_first_listed_games_refusal() -> None:
    """Core finds a record's game among the games it is handed, no list of its own."""
    unknown = {"format": "nobody/record@1", "players": [], "seed": 1}
    assert game_of(unknown, [LUCKYBOX, BLANCO]) is LUCKYBOX
    assert game_of(unknown, [BLANCO, LUCKYBOX]) is BLANCO
    assert game_of({"format": BLANCO.rules.record_format}, [LUCKYBOX, BLANCO]) is BLANCO
    with pytest.raises(RecordError):
        game_of([], [LUCKYBOX])


@pytest.fixture
def third_game() -> Iterator[str]:
    """A made-up game package ("Trio": 2 to 3 seats) registered for one test."""
    game = types.SimpleNamespace(
        id="trio",
        title="Trio",
        rules=types.SimpleNamespace(
            id="trio", title="Trio", record_format="trio/record@1", min_players=2, max_players=3
        ),
        bots=types.SimpleNamespace(bot_levels=("easy",)),
    )
    modules = {
        "trio_pkg": types.ModuleType("trio_pkg"),
        "trio_pkg.entry": types.ModuleType("trio_pkg.entry"),
        "trio_pkg.ui": types.ModuleType("trio_pkg.ui"),
        "trio_pkg.ui.descriptor": types.ModuleType("trio_pkg.ui.descriptor"),
    }
    modules["trio_pkg.entry"].GAME = game  # type: ignore[attr-defined]  # a made-up package
    ui = replace(catalog.game_uis()[1], game=game)  # Blanco's scenes stand in for its own
    modules["trio_pkg.ui.descriptor"].GAME_UI = ui  # type: ignore[attr-defined]  # a made-up package
    sys.modules.update(modules)
    catalog.register("trio_pkg")
    catalog.register("trio_pkg")  # once only
    try:
        yield "trio"
    finally:
        catalog.unregister("trio_pkg")
        for name in modules:
            sys.modules.pop(name, None)


def test_a_registered_game_reaches_the_catalog_and_the_command_line(third_game, capsys) -> None:
    assert [g.id for g in catalog.games()] == ["luckybox", "blanco", third_game]
    assert catalog.game_uis()[-1].id == third_game
    assert cli.parse_args(["--demo", "--game", third_game, "--players", "3"]).game == third_game
    with pytest.raises(SystemExit):
        cli.parse_args(["--demo", "--game", third_game, "--players", "4"])
    assert "--players must be from 2 to 3 for Trio" in capsys.readouterr().err
    catalog.unregister("trio_pkg")
    with pytest.raises(SystemExit):
        cli.parse_args(["--demo", "--game", third_game])
    assert "invalid choice: 'trio'" in capsys.readouterr().err


def test_the_default_games_seat_limits_keep_their_one_game_message(capsys) -> None:
    with pytest.raises(SystemExit):
        cli.parse_args(["--demo", "--players", "13"])
    assert "--players must be from 1 to 12 (" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        cli.parse_args(["--demo", "--game", "blanco", "--players", "6"])
    assert "--players must be from 1 to 5 for Blanco (" in capsys.readouterr().err
