"""The tour (`--tour DIR`): the language reaches the screen; the same seed
gives the same pictures; steps can be added by other modules and a broken one is named; the
command line takes --tour, --game, --lang and --window together."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import pygame
import pytest

from game import cli
from game.catalog import game_uis
from game.tour import Step, run_tour, steps_for
from tests.support import load_rgb


def test_the_pictures_differ_between_languages(tmp_path: Path) -> None:
    """The title in French is not the English one (the language reaches the screen)."""
    import game.tour as tour_module

    shots = {}
    for lang in ("en", "fr"):
        folder = tmp_path / lang
        original = tour_module.MODULES
        tour_module.MODULES = ("game.tour.common",)  # the title only: quick
        try:
            written = run_tour(folder, game_uis(), game="luckybox", lang=lang)
        finally:
            tour_module.MODULES = original
        shots[lang] = pygame.image.tobytes(load_rgb(written[0]), "RGB")
    assert shots["en"] != shots["fr"]


def test_the_same_seed_gives_the_same_pictures(tmp_path: Path, monkeypatch) -> None:
    import game.tour as tour_module

    monkeypatch.setattr(tour_module, "MODULES", ("game.tour.common", "game.tour.closing"))
    first = run_tour(tmp_path / "a", game_uis(), game="blanco")
    second = run_tour(tmp_path / "b", game_uis(), game="blanco")
    assert [p.name for p in first] == [p.name for p in second]
    for a, b in zip(first, second, strict=True):
        assert pygame.image.tobytes(load_rgb(a), "RGB") == pygame.image.tobytes(
            load_rgb(b), "RGB"
        ), a.name


def test_steps_come_in_module_order_and_after_the_step_they_name(monkeypatch) -> None:
    import game.tour as tour_module

    def noop(_tour) -> None:
        pass

    extra = types.ModuleType("game.tour.test_extra")
    extra.steps = lambda game: [
        Step("after-setup", noop, after="setup"),  # type: ignore[attr-defined]  # a step the real tour never has
        Step("free", noop),
    ]
    monkeypatch.setitem(sys.modules, "game.tour.test_extra", extra)
    monkeypatch.setattr(
        tour_module,
        "MODULES",
        (*tour_module.MODULES, "game.tour.test_extra", "game.tour.not_written_yet"),
    )
    for game in game_uis():
        names = [s.name for s in steps_for(game)]
        assert names[0] == "title"
        assert names.index("after-setup") == names.index("setup") + 1
        assert names.index("free") > names.index("play")
        assert "not_written_yet" not in names  # a module not written yet is skipped


def test_a_broken_step_is_named_and_the_other_pictures_are_still_taken(
    tmp_path: Path, monkeypatch
) -> None:
    import game.tour as tour_module
    from game.tour import TourError

    def broken(tour) -> None:
        tour.title(settle=0.1)
        tour.until(lambda: False, limit=3, what="a moment that never comes")

    extra = types.ModuleType("game.tour.test_broken")
    extra.steps = lambda game: [Step("broken", broken)]  # type: ignore[attr-defined]  # a module made up for the test
    monkeypatch.setitem(sys.modules, "game.tour.test_broken", extra)
    monkeypatch.setattr(tour_module, "MODULES", ("game.tour.test_broken", "game.tour.common"))
    with pytest.raises(TourError, match="luckybox/broken: never reached a moment"):
        run_tour(tmp_path, game_uis(), game="luckybox")
    assert (tmp_path / "luckybox-title.png").exists()  # the step after it still ran
    manifest = json.loads((tmp_path / "tour.json").read_text(encoding="utf-8"))
    assert manifest["shots"] == ["luckybox-title.png"] and len(manifest["failed"]) == 1


def test_the_command_line_takes_the_tour_with_its_options() -> None:
    args = cli.parse_args(
        ["--tour", "out", "--game", "blanco", "--lang", "de", "--window", "960x540"]
    )
    assert (args.tour, args.game, args.lang, args.window) == ("out", "blanco", "de", (960, 540))
    both = cli.parse_args(["--tour", "out"])
    assert both.game is None  # no --game: the tour shows both games


def test_stopping_the_tour_with_ctrl_c_says_so_without_a_traceback(
    tmp_path: Path, monkeypatch, capsys
) -> None:
    import game.tour as tour_module

    def interrupted(*_args, **_kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(tour_module, "run_tour", interrupted)
    assert cli.main(["--tour", str(tmp_path)]) == 130
    err = capsys.readouterr().err
    assert "tour: stopped" in err and str(tmp_path) in err
    assert "Traceback" not in err


def test_the_tour_waits_for_a_computer_thinking_before_the_next_frame(
    tmp_path: Path, monkeypatch
) -> None:
    """The tour runs frames without the 60 fps wait: it waits for a computer's move instead
    of spending its frame budget while the worker process thinks."""
    import game.tour as tour_module

    asked: list[str] = []

    class Thinking:
        def done(self) -> bool:
            asked.append("done")
            return False

        def result(self):
            asked.append("result")
            return None, None

    from game.core.turns import TurnController

    turns = types.SimpleNamespace(thinking=Thinking())
    turns.wait_for_computer = lambda: TurnController.wait_for_computer(turns)

    class Scene:
        pass

    Scene.turns = turns

    class App:
        stack = types.SimpleNamespace(top=Scene())

        def step(self, dt: float) -> bool:
            return True

        def finish_frame(self) -> None:
            asked.append("finish")

    tour = tour_module.Tour.__new__(tour_module.Tour)
    tour.app, tour.step_name = App(), "test"
    monkeypatch.setattr(tour_module.Tour, "top", property(lambda self: self.app.stack.top))
    tour.frames(2)
    assert asked == ["finish", "done", "result"] * 2
