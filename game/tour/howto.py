"""The tour's learning moments: every How to play page of the game (opened from the title), the
first-time question, and the guided first game at its key steps (the game's own tour module
lists them as `GUIDED_MOMENTS`), then the guide skipped."""

from __future__ import annotations

from game.core.ui.screens.guide import Guide
from game.tour import Step, Tour, TourError


def _pages(tour: Tour) -> None:
    title = tour.title(tour.game, settle=0.2)
    tour.click_widget("howto", 2, title)
    howto = tour.top
    if not tour.top_is("HowToScene"):
        raise TourError(f"{tour.step_name}: How to play did not open")
    for i, page in enumerate(howto.pages):
        if i:
            tour.click_widget("next", 1, howto)
        tour.frames(30)  # the page has slid in and its example has moved a little
        tour.shot(f"{tour.game}-howto-{i + 1:02d}-{page.key}")


def _guided(tour: Tour) -> None:
    howto = tour.top
    if not tour.top_is("HowToScene"):
        howto = tour.nav("howto", game=tour.game)
    speed = tour.ctx.settings.animation_speed
    tour.ctx.settings.animation_speed = 8.0
    try:
        tour.click_widget("guided", 3, howto)
        guide = tour.app.stack.overlay
        if not isinstance(guide, Guide):
            raise TourError(f"{tour.step_name}: the guided game did not start")
        table = getattr(guide, "table", None)
        if table is not None:
            tour.no_autosave(table)
        _follow(tour, guide, list(getattr(tour.own, "GUIDED_MOMENTS", ())))
        guide.skip()
        tour.ctx.message = ""  # no "guide off" toast over the next pictures
        tour.frames(2)
    finally:
        tour.ctx.settings.animation_speed = speed


def _follow(tour: Tour, guide: Guide, moments: list[tuple[str, str]]) -> None:
    """Click where the guide points until every moment was pictured."""
    for _ in range(20000):
        if not moments:
            return
        tour.frames(1)
        advice = guide.advice
        if advice is None or advice.target is None:
            continue
        kind, name = moments[0]
        if kind in (advice.kind, advice.news):
            tour.frames(12)  # the pointer has come in
            tour.shot(f"{tour.game}-guided-{name}")
            moments.pop(0)
        tour.click(advice.target)
    raise TourError(f"{tour.step_name}: the guide never came to {moments[0][0]!r}")


def _offer(tour: Tour) -> None:
    from game.core.ui.screens.guide import offer_guided

    tour.title(tour.game, settle=1.0)
    # Asked once per data folder (and never where SMLB_NO_FIRST_TIME is set, as in the tests).
    if offer_guided(tour.ctx, tour.game, lambda: None):
        tour.frames(10)
        tour.shot(f"{tour.game}-guided-offer")
        tour.click_widget("no", 2)


def steps(game: str) -> list[Step]:
    return [
        Step("howto", _pages, after="play"),
        Step("guided", _guided, after="howto"),
        Step("guided-offer", _offer, after="guided"),
    ]
