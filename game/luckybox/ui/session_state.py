"""A Lucky Box scene's session, read as Lucky Box: core's `Session` holds any game's state (the
`game.core.game.GameState` protocol), the scenes read the Lucky Box engine's own fields."""

from __future__ import annotations

from game.core.table_session import TableSession
from game.luckybox.rules.state import GameState


def state_of(session: TableSession) -> GameState:
    """The session's Lucky Box state (TypeError if the session plays another game)."""
    state = session.state
    if not isinstance(state, GameState):
        raise TypeError(f"a Lucky Box scene was given a {type(state).__name__}")
    return state
