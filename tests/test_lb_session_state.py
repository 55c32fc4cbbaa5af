"""Lucky Box's scenes read their session's state as Lucky Box's (`state_of`): the engine's own
state comes back; another game's session is refused at once, not misread field by field."""

from __future__ import annotations

import pytest

from game.blanco.entry import BLANCO
from game.core.session import Seat, Session
from game.luckybox.entry import LUCKYBOX
from game.luckybox.ui.session_state import state_of


def test_a_lucky_box_session_gives_its_own_state():
    session = Session([Seat("Ann"), Seat("Bo")], 7, game=LUCKYBOX)
    assert state_of(session) is session.state
    assert len(state_of(session).players) == 2


def test_another_games_session_is_refused():
    session = Session([Seat("Ann"), Seat("Bo")], 7, game=BLANCO)
    with pytest.raises(TypeError, match="Lucky Box"):
        state_of(session)
