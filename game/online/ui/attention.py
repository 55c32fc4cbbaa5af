"""What the online scenes tell the app's `Attention` (game/core/ui/toolkit/attention.py) each frame:
the table, whether the game waits for this screen's seat; the lobby, which friends are there.
While the window is behind others, a turn coming or a friend coming asks once for the player."""

from __future__ import annotations

from typing import Any

from game.online import protocol as p


def table_updates(table: Any) -> None:
    """An online table's frame: the game waits for our seat (a watcher's never does)."""
    session = table.session
    ours = session.seat >= 0 and session.next_seat() == session.seat
    table.ctx.attention.turn(("turn", session.table, session.seat), ours)


def friends_here(seats: list[p.SeatInfo], mine: int | None) -> set[int]:
    """The seats a person (not a computer, not us) sits at now."""
    return {
        i
        for i, seat in enumerate(seats)
        if i != mine and seat.kind != "computer" and not seat.free and seat.connected
    }


def lobby_updates(lobby: Any) -> None:
    """A lobby's frame, once our seat is taken and the server has said who sits where: a
    friend came."""
    if lobby.ready and lobby.seats and lobby.code:
        mine = lobby.link.client.seat
        lobby.ctx.attention.joined(("lobby", lobby.code), friends_here(lobby.seats, mine))
