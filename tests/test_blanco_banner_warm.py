"""Blanco's banners are rendered ahead, one between each two frames (App.finish_frame calls the
scene's idle): the frame that starts a step (already the busiest) then finds its banner made,
no frame pays for it, and entering the table stays quick."""

from __future__ import annotations

from typing import Any

import pytest

from game.core import i18n
from game.core.i18n import t
from game.core.session import Seat
from game.core.ui.toolkit.text import TextCache


def run_frames(app: Any, n: int) -> None:
    """Frames as App.run runs them: each frame, then the work between frames."""
    for _ in range(n):
        app.step(1 / 60)
        app.finish_frame()


def demo_table(app: Any, players: int = 5) -> Any:
    seats = [Seat(f"Bot {i + 1}", "normal") for i in range(players)]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=100, demo=True)
    table.runner._broken = True  # think inline: the same frames every run
    app.ctx.settings.animation_speed = 8.0
    return table


@pytest.mark.every_frame_drawn  # banners made inside a drawn frame
@pytest.mark.texts_rendered_afresh  # which banners are made, and when
def test_banners_are_made_one_between_each_two_frames(app: Any, monkeypatch: Any) -> None:
    made: list[tuple[str, int, str]] = []  # (inside a "frame" or "between" frames, which, text)
    phase = ["frame", 0]
    outlined = TextCache.render_outlined

    def spy(self: TextCache, text: str, size: int, *args: Any, **kwargs: Any) -> Any:
        before = len(self._surfaces)
        surf = outlined(self, text, size, *args, **kwargs)
        if len(self._surfaces) > before and size >= 32:  # a new big outlined text
            made.append((phase[0], phase[1], text))
        return surf

    monkeypatch.setattr(TextCache, "render_outlined", spy)
    table = demo_table(app)
    wins = [t("blanco.fx.wins", "{name} wins!", name=f"Bot {i + 1}") for i in range(5)]
    second = [
        t("blanco.fx.second_grid", "{name}: second grid!", name=f"Bot {i + 1}") for i in range(5)
    ]
    for i in range(120):
        phase[:] = ["frame", i]
        app.step(1 / 60)
        phase[:] = ["between", i]
        app.finish_frame()
    assert app.stack.top is table
    texts = [text for _phase, _i, text in made]
    assert set(wins) <= set(texts) and set(second) <= set(texts)
    assert t("blanco.fx.chain", "CHAIN REACTION x{n}!", n=1) in texts
    ahead = [(where, i) for where, i, text in made if text in wins + second]
    assert all(where == "between" for where, _i in ahead), "a banner made inside a frame"
    assert len(ahead) == len(set(ahead)), "more than one banner made between two frames"
    # Its step's frame finds it made: the win banner renders nothing new.
    count = len(app.ctx.text._surfaces)
    table.kit.staging.banner_label(wins[2], 80)
    assert len(app.ctx.text._surfaces) == count


def test_banners_follow_a_change_of_language(app: Any) -> None:
    table = demo_table(app, players=2)
    run_frames(app, 60)
    staging = table.kit.staging
    assert staging._warm is not None and not staging._warm[1]  # all made
    first = staging._warm[0]
    other = next(code for code in i18n.LANGUAGES if code != first)
    i18n.set_language(other)
    try:
        assert staging.warm_next()  # a new list in the new language
        assert staging._warm[0] == other
    finally:
        i18n.set_language(first)
