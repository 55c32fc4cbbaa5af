"""The title's drifting decorations belong to the chosen game: Blanco's tab drifts Blanco cards."""

from __future__ import annotations

import json
from pathlib import Path

from game.core.ui.screens.title import TitleScene
from tests.ui_helpers import click_widget, frames


def test_blanco_title_drifts_blanco_cards_and_lucky_box_its_own(
    app, data_dir: Path, monkeypatch
) -> None:
    (data_dir / "last_game.json").write_text(json.dumps({"game": "blanco"}))
    made: list[str] = []
    make = app.ctx.nav.make

    def spy(name: str, **kw):
        made.append(name)
        return make(name, **kw)

    monkeypatch.setattr(app.ctx.nav, "make", spy)
    title = TitleScene(app.ctx)
    app.stack.push(title)
    frames(app, 3)
    assert title.game == "blanco"
    assert made.count("blanco.decoration") >= len(title.drift.particles) // 2
    made.clear()
    click_widget(app, title, "game_luckybox")
    frames(app, 3)
    assert title.game == "luckybox" and "blanco.decoration" not in made
