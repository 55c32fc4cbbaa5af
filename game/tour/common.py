"""The tour's opening: the title screen, on the tab of the game toured."""

from __future__ import annotations

from game.tour import Step, Tour


def _title(tour: Tour) -> None:
    tour.title(tour.game)
    tour.shot(f"{tour.game}-title")


def steps(game: str) -> list[Step]:
    return [Step("title", _title)]
