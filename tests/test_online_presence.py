"""Who is at an online table, as each screen tells it: a friend who leaves (their seat held),
comes back, or is handed to a computer; a friend who left is waited for, not "playing"; seat
names a host's game gave by default, read in each player's language; a friend at another
screen named alone on Blanco's panels. A real server on 127.0.0.1 and real clients."""

from __future__ import annotations

from game.blanco.entry import BLANCO
from game.online.client import SeatClient
from tests.test_online_ui import (
    click_for_lobby,
    open_menu,
    our_moves,
    server,
    table_with_a_friend,
    until,
)
from tests.ui_helpers import click, frames, screenshot, texts_drawn

__all__ = ["server"]  # the fixture, shared with test_online_ui


def test_the_table_says_when_a_friend_leaves_and_comes_back(app, server, monkeypatch) -> None:
    """A friend who closes their game is not left a mystery: the table's line says they left
    and that their seat is held, their panel is marked away, then the line says they are back
    and the mark is gone (in the player's language)."""
    from game.core import i18n

    drawn = texts_drawn(monkeypatch)
    lobby, friend, table = table_with_a_friend(app, server)
    assert "left the table" not in table.message
    frames(app, 2)
    assert "Player 2" in drawn and "Player 2 (away)" not in drawn
    # The table knows the friend is seated and here (not the seat as the first view had it).
    assert not table.session.infos[1].free and table.session.infos[1].connected
    server.call(friend.close())
    until(app, lambda: "left the table" in table.message, what="the friend leaving")
    assert table.message == (
        "Player 2 left the table: their seat is held for them. (Esc: the seats)"
    )
    frames(app, 2)
    assert "Player 2 (away)" in drawn  # their panel's title
    screenshot(app, "online_blanco_friend_away")
    # Once our set-up is done it is their turn: they are waited for, not "playing".
    until(app, lambda: table.human_turn(), what="our set-up")
    while table.acting == table.session.seat:
        assert our_moves(app, table, 1) == 1
    until(app, lambda: not table.animator.busy, what="the animations")
    assert table.acting == 1
    assert table.kit.turn_line() == (
        "Waiting for Player 2, who left the table (their seat is held for them)."
    )
    i18n.set_language("de")
    back = SeatClient(server.url, BLANCO)
    back.table, back.seat, back.token = lobby.code, 1, friend.token
    server.call(back.resume())
    until(app, lambda: "zurück" in table.message, what="the friend back")
    assert table.message == "Spieler 2 ist zurück am Tisch."  # (the default name, in German)
    assert table.kit.turn_line() == "Spieler 2 spielt..."  # back, so playing again
    i18n.set_language("en")  # (the panel is drawn again: its title is in another language)
    drawn.clear()
    frames(app, 2)
    assert "Player 2" in drawn and "Player 2 (away)" not in drawn
    server.call(back.close())


def test_lucky_box_waits_for_a_friend_who_left(app, server, monkeypatch) -> None:
    """Lucky Box's turn line too: a friend who left is waited for, not "playing", and their
    board is marked away, saying they are choosing their cards until they have."""
    from game.core import i18n
    from game.luckybox.entry import LUCKYBOX
    from game.luckybox.ui.scenes.draft import DraftScene

    menu = open_menu(app, server.url)
    click(app, menu.widget("host").rect.center, 2)
    host = app.stack.top
    game = host.widget("game")
    click(app, game.segment([v for v, _ in game.options].index("luckybox")).center)
    lobby = click_for_lobby(app, host.widget("open").rect.center)  # seat 2: a friend
    until(app, lambda: lobby.code != "" and lobby.seats, what="the lobby")
    friend = SeatClient(server.url, LUCKYBOX)
    assert server.call(friend.join(lobby.code)) == 1
    until(app, lambda: isinstance(app.stack.top, DraftScene), what="our draft")
    draft = app.stack.top
    table = app.stack.scenes[0]
    server.call(friend.close())
    for card in draft.hand[: draft.need]:
        click(app, draft.card_center(card))
    click(app, draft.widget("confirm").rect.center, 2)
    until(app, lambda: app.stack.top is table, what="the table")
    until(app, lambda: "left the table" in table.message, what="the friend leaving")
    until(app, lambda: table.acting == 1, what="our draft kept: theirs to come")
    until(app, lambda: not table.animator.busy, what="the animations")
    assert table.kit.bonuses.turn_hint() == (
        "Waiting for Player 2, who left the table (their seat is held for them)."
    )
    drawn = texts_drawn(monkeypatch)
    i18n.set_language("fr")  # (the other board's picture is made again: its name changed)
    try:
        frames(app, 2)
        assert "Joueur 2 (absent)" in drawn  # their board's title
        assert "choisit ses cartes..." in drawn  # on it: no cards kept yet
        screenshot(app, "online_luckybox_friend_away_fr")
    finally:
        i18n.set_language("en")
    # They come back and keep their cards: their board shows them, and nothing else.
    back = SeatClient(server.url, LUCKYBOX)
    back.table, back.seat, back.token = lobby.code, 1, friend.token
    server.call(back.resume())
    server.call(back.act(LUCKYBOX.bots.make_bot("easy", 0, 1).choose(back.view(), 1)))
    until(app, lambda: len(table.state.players[1].cards) == 3, what="their cards at our table")
    drawn.clear()  # (from here: their keep shown, at any pace, until the table is still)
    until(app, lambda: not table.animator.busy, what="their keep's animation")
    frames(app, 2)
    assert "Player 2" in drawn and "choosing cards..." not in drawn
    server.call(back.close())


def test_a_friend_at_another_screen_is_named_alone_on_the_blanco_panels() -> None:
    """An online table's other people are "not ours" (`is_computer`, the table never plays
    them), but their panel names them alone: "Marie", not "Marie (mensch)". Computers keep
    their level."""
    from game.blanco.ui.table.parts import seat_title
    from game.core import i18n
    from game.core.session import Seat
    from game.online.ui.session import OnlineSeat

    i18n.set_language("de")
    friend = OnlineSeat("Marie", "human", mine=False)
    assert friend.is_computer  # (why the panel must not ask that)
    assert seat_title(friend) == "Marie"
    assert seat_title(OnlineSeat("Bo", "hard", mine=False)) == "Bo (schwer)"
    assert seat_title(Seat("Cy", "easy")) == "Cy (leicht)"
    assert seat_title(Seat("Dee")) == "Dee"


def test_default_seat_names_read_in_each_players_language() -> None:
    """A host's game names the seats it fills by default in its own language ("Computer 3",
    "Joueur 2", "Gastgeber"); each player reads those defaults in theirs. A name somebody
    chose is shown as it is, whatever it looks like."""
    from game.core import i18n
    from game.online import protocol as p
    from game.online.ui.session import seats_of, shown_name

    def seat(name: str, kind: str = "human") -> p.SeatInfo:
        return p.SeatInfo(name, kind, "hard" if kind == "computer" else None, False, True)

    i18n.set_language("fr")
    assert shown_name(seat("Computer 3", "computer"), 2) == "Ordinateur 3"
    assert shown_name(seat("Gastgeber"), 0) == "Hôte"
    assert shown_name(seat("Player 2"), 1) == "Joueur 2"
    assert shown_name(seat("Bob"), 1) == "Bob"
    assert shown_name(seat("Computer 2"), 1) == "Computer 2"  # a person who chose it
    assert shown_name(seat("Player 3"), 1) == "Player 3"  # not seat 2's default
    i18n.set_language("de")
    names = [s.name for s in seats_of([seat("Hôte"), seat("Ordinateur 2", "computer")], 0)]
    assert names == ["Gastgeber", "Computer 2"]
    i18n.set_language("en")
    assert shown_name(seat("Spieler 4"), 3) == "Player 4"
