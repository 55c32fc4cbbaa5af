"""A table whose only motion is ambient (pulsing highlights, a hint's marching dashes, the focus
ring breathing) is drawn where that motion is, and only those pixels are shown: in a large
window, showing the whole picture cost ten times drawing it (bench/idle.py --live). Each such
frame must look exactly as a whole frame drawn at the same moment would."""

from __future__ import annotations

from typing import Any

import pygame
import pytest

from tests.sweep import sampled
from tests.test_idle import still_screens
from tests.ui_helpers import click, frames, press

SECOND = 60  # frames
pytestmark = pytest.mark.every_frame_drawn  # what each frame draws is the point


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """What each frame showed of the window: ("flip",) or ("update", [rects])."""
    calls: list[Any] = []
    flip, update = pygame.display.flip, pygame.display.update

    def flipped() -> None:
        calls.append(("flip",))
        flip()

    def updated(rects: Any = None) -> None:
        calls.append(("update", [pygame.Rect(r) for r in rects] if rects else None))
        update(rects)

    monkeypatch.setattr(pygame.display, "flip", flipped)
    monkeypatch.setattr(pygame.display, "update", updated)
    return calls


def apply_move(table: Any, action: Any) -> bool:
    """The move as a click makes it: where `Moves` returns its effects (Lucky Box), the table
    shows them; True when the step was taken (not refused)."""
    done = table.moves.apply(action)
    if isinstance(done, bool):
        return done
    table.show(done)
    return not done.refusal


def ambient_table(app: Any, game: str) -> Any:
    """A table waiting for the human, its ambient motion on: Blanco's highlighted piles pulse,
    Lucky Box shows a hint's marching ring; the keyboard's focus ring breathes on both."""
    table = still_screens()["table" if game == "luckybox" else "blanco_table"](app)
    if game == "luckybox":
        click(app, table.kit.buttons["hint"].rect.center)
        assert table.moves.hint is not None, "a hint is shown"
    press(app, pygame.K_TAB)
    assert app.ring.visible
    app.stack.ambient_seconds = 1e9  # the motion lives on
    frames(app, SECOND)  # past the frames drawn whole after input
    assert game == "luckybox" or table.kit.targets, "the piles are highlighted"
    return table


def picture(app: Any) -> bytes:
    return pygame.image.tobytes(app.canvas.display, "RGB")


@sampled(game=["luckybox", "blanco"], size=[(1280, 720), (1600, 900)])
def test_a_frame_moving_only_ambiently_is_drawn_and_shown_where_it_moves(
    make_app: Any, shown: list[Any], game: str, size: tuple[int, int]
) -> None:
    """Each game's table once a run, at a window size drawn for the run (both sizes every run;
    tests/sweep.py; SMLB_SWEEP=all: each game at each size)."""
    app = make_app(size)
    ambient_table(app, game)
    window = app.canvas.display.get_rect()
    assert window.size == size
    if size != (1280, 720):
        assert app.canvas.scale > 1  # drawn at the window's resolution: logical != pixels
    pictures = []
    for _ in range(8):
        shown.clear()
        before = app.frames_partial
        assert app.step(1 / 30)
        assert app.frames_partial == before + 1, "drawn where the motion is"
        assert [call[0] for call in shown] == ["update"], shown
        rects = shown[0][1]
        assert rects and sum(r.w * r.h for r in rects) < window.w * window.h / 3
        assert not any(a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1 :])
        assert all(window.contains(r) for r in rects)
        partial = picture(app)
        app.draw()  # the whole frame, at the same moment
        assert picture(app) == partial, "a frame drawn in part looks as the whole one"
        pictures.append(partial)
    assert len(set(pictures)) >= 4, "the motion is drawn: the frames differ"


def file_solo_games(app: Any, seeds: range) -> None:
    """Finished solo Lucky Box games in the records, as the table files them: the statistics
    chart then has points, its best one pulsing."""
    from game.core.storage import finished_extra, keep_record
    from tests.test_text_fits import finished

    for seed in seeds:
        session = finished(["Ann"], seed)
        record = session.record(finished_extra(session.state, ["human"], "test", game=session.game))
        record["finished_at"] = f"2026-11-{seed:02d}T10:00:00"
        assert keep_record(app.ctx.game_dir("luckybox"), record)[1] is None


@pytest.mark.parametrize("page", ["howto", "stats", "handoff"])
def test_a_page_whose_own_motion_stays_in_one_place_is_drawn_only_there(
    make_app: Any, shown: list[Any], page: str
) -> None:
    """How to play's moving art (in its panel), the statistics' pulsing best point and the
    hand-off's bobbing name: once only that moves, each frame is drawn and shown there, and
    looks exactly as the whole frame drawn at the same moment."""
    app = make_app((1600, 900))
    if page == "stats":
        file_solo_games(app, range(1, 4))
    scene = still_screens()[page](app)
    if page == "howto":  # to the fourth page, "clearing": its lines glow
        for _ in range(3):  # (Next turns the page at once, even while the last slides in)
            click(app, scene.widgets["next"].rect.center)
            frames(app, 2)
        assert scene.index == 3
    app.stack.ambient_seconds = 1e9  # the motion lives on
    frames(app, 2 * SECOND)  # past the frames drawn whole after input, and the chart's sweep
    assert page != "stats" or scene.best_point is not None
    window = app.canvas.display.get_rect()
    pictures = []
    for _ in range(8):
        shown.clear()
        before = app.frames_partial
        assert app.step(0.1)  # (a tenth of a second apart: the slow bob moves a pixel)
        assert app.frames_partial == before + 1, "drawn where the motion is"
        assert [call[0] for call in shown] == ["update"], shown
        rects = shown[0][1]
        assert rects and sum(r.w * r.h for r in rects) < window.w * window.h / 2
        partial = picture(app)
        app.draw()  # the whole frame, at the same moment
        assert picture(app) == partial, "a frame drawn in part looks as the whole one"
        pictures.append(partial)
    assert len(set(pictures)) >= 4, "the motion is drawn: the frames differ"


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_input_an_animation_or_an_overlay_brings_whole_frames_back(
    make_app: Any, shown: list[Any], game: str
) -> None:
    app = make_app((1280, 720))
    table = ambient_table(app, game)
    assert app.step(1 / 30) and shown[-1][0] == "update"
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_LSHIFT, mod=0, unicode=""))
    shown.clear()
    before = app.frames_partial
    assert app.step(1 / 60) and app.step(1 / 60)
    assert app.frames_partial == before and shown == [("flip",)] * 2  # input: whole frames
    frames(app, SECOND)
    press(app, pygame.K_ESCAPE)  # the menu over the table
    assert app.stack.top is not table
    frames(app, SECOND)
    shown.clear()
    assert app.step(1 / 30)
    assert ("flip",) in shown or not app.drew_last  # not drawn in part under another scene


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_a_refused_clicks_flash_ends_in_a_whole_frame(
    make_app: Any, shown: list[Any], game: str
) -> None:
    """The red flash outlasts the frames drawn after the click, and its end moves nothing
    else: unless the frame it ends in is drawn whole, its red ring stays on screen."""
    app = make_app((1280, 720))
    table = ambient_table(app, game)
    if game == "luckybox":
        from game.luckybox.rules.actions import Cross

        state, seat = table.state, table.focus
        state.players[seat].lightning = 0  # so no square is reached the long way round
        crossable = {(a.card, a.cell) for a in state.legal_actions(seat) if isinstance(a, Cross)}
        wrong = next(
            (card, cell)
            for card in state.players[seat].cards
            for cell in range(9)
            if (card, cell) not in crossable
        )
        click(app, table.kit.square_center(*wrong))  # a square the number cannot cross
    else:
        assert table.state.phase == "setup"
        click(app, table.kit.geometry.draw_pile.center)  # the pile, while cards are to be chosen
    assert table.moves.flashing, "the click was refused: it flashes"
    # Slow frames (a busy machine): the moments after input pass in two of them, while the
    # flash, which moves on at most MAX_DT a frame, lasts five.
    for _ in range(12):
        assert app.step(0.25)
    assert not table.moves.flashing and app.frames_partial, "then frames drawn in part"
    after = picture(app)
    app.draw()
    assert picture(app) == after, "no red ring is left behind"


@pytest.mark.parametrize("game", ["luckybox", "blanco"])
def test_what_appears_as_an_animation_ends_is_drawn_whole(make_app: Any, game: str) -> None:
    """A step played with no input (as a computer's is): its animation's last frame ends the
    motion and lights the next targets up in the same update; every frame through it shows
    what a whole frame would."""
    from game.blanco.ai import hint as blanco_hint
    from game.luckybox.ai import hint as luckybox_hint

    app = make_app((1280, 720))
    table = ambient_table(app, game)
    hint = luckybox_hint if game == "luckybox" else blanco_hint
    for steps in range(1, 4):  # a few steps, each animated to its end
        assert apply_move(table, hint(table.state.view_for(0), 0))
        calm = 0  # frames since the motion ended
        for _ in range(3 * SECOND):
            partial = app.frames_partial
            assert app.step(1 / 60)
            calm = 0 if table.needs_redraw() and table.animator.busy else calm + 1
            # A frame drawn in part is compared with the whole frame drawn at the same moment;
            # one drawn whole already is that frame (App.step drew it with App.draw itself).
            if app.drew_last and app.frames_partial > partial:
                shown_now = picture(app)
                app.draw()
                assert picture(app) == shown_now, f"step {steps}: the frame shown is whole"
            if calm > 8:
                break
        if not table.human_turn():
            break
    assert app.frames_partial > 0, "and frames moving only ambiently were drawn in part"


def test_a_table_beneath_a_menu_keeps_only_its_last_frames_marks(make_app: Any) -> None:
    """The table beneath the pause menu is drawn again whenever the picture kept under the
    menu is (a window of another shape or scale): what it marks is forgotten with each frame,
    not kept for as long as the menu stays open."""
    app = make_app((1280, 720))
    table = ambient_table(app, "blanco")
    press(app, pygame.K_ESCAPE)
    assert app.stack.top is not table and table.kit.targets
    for _ in range(6):
        app.stack._under_key = None  # as a new window size does: the table is drawn again
        app.redraw()
        assert app.step(1 / 60) and app.drew_last
    assert 0 < len(table.ambient_regions) <= len(table.kit.targets) + 1
