"""The tour's closing screens, after its games were played (so they have something to show):
settings, statistics and replays."""

from __future__ import annotations

from game.tour import Step, Tour


def _settings(tour: Tour) -> None:
    tour.title(tour.game, settle=0.1)
    tour.nav("settings")
    tour.frames(10)
    tour.shot(f"{tour.game}-settings")


def _statistics(tour: Tour) -> None:
    tour.title(tour.game, settle=0.1)
    tour.nav("stats", game=tour.game)
    tour.frames(30)
    tour.shot(f"{tour.game}-statistics")


def _replays(tour: Tour) -> None:
    tour.title(tour.game, settle=0.1)
    tour.nav("replays", game=tour.game)
    tour.frames(30)
    tour.shot(f"{tour.game}-replays")


def steps(game: str) -> list[Step]:
    return [Step("closing", _settings), Step("statistics", _statistics), Step("replays", _replays)]
