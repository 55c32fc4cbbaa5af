"""Lucky Box's steps of the tour (`--tour DIR`; the machinery is game.tour): its set-up and a
seeded game (play.py), its tooltips and scoring moments (tooltips.py), and the guided game's
moments the How to play step pictures. Its UI descriptor names this module."""

from __future__ import annotations

from game.luckybox.tour import play, tooltips
from game.tour import Step

#: The guided game's moments to picture: (the guide's kind of advice or news, the shot's name).
GUIDED_MOMENTS = (
    ("draft_start", "draft"),
    ("cross", "cross"),
    ("lightning", "lightning"),
    ("bonus", "bonus"),
    ("cascade", "cascade"),
)


def steps() -> list[Step]:
    return [*play.steps(), *tooltips.steps()]
