"""Blanco's help moments in the tour: the draw pile's and Swap's tooltips."""

from __future__ import annotations

import pygame

from game.tour import Step, Tour

HOLD = 40  # frames the mouse stays still on a thing: past the tooltip's half second


def _blanco_tips(tour: Tour) -> None:
    from game.core.session import Seat

    table = tour.ctx.nav.make("blanco.start_game", seats=[Seat("Alex")], seed=tour.seed)
    tour.no_autosave(table)
    tour.until(
        lambda: not table.animator.busy, 600, "the deal", each=lambda: tour.press(pygame.K_SPACE)
    )
    tour.hover(table.kit.geometry.draw_pile.center, HOLD)
    tour.shot("blanco-tooltip-pile")
    tour.hover(table.controls.buttons["swap"].rect.center, HOLD)
    tour.shot("blanco-tooltip-swap")
    tour.hover((640, 700), 2)


def steps() -> list[Step]:
    return [Step("tooltips", _blanco_tips, after="play")]
