"""The player the game calls "You" ("Toi", "Du": the daily deal's seat when no name is known,
and the guided game's) is spoken to, not of: Blanco's banners say "Your turn", "You win!" and
"your turn", never "You's turn", "You wins!", "à Toi de jouer" or "Du ist dran"; a named player
keeps "Ann's turn"."""

from __future__ import annotations

from typing import Any

import pytest

from game.blanco.rules.actions import Setup
from game.blanco.ui.table.styles import turn_words, win_words
from game.core import i18n
from game.core.i18n import t
from game.core.seat_names import is_you
from game.core.ui.table.daily import start_daily
from game.core.ui.toolkit.text import TextCache
from tests.test_blanco_ui import click_action
from tests.ui_helpers import frames

SPOKEN_TO = {
    "en": ("Your turn", "You win!"),
    "fr": ("À toi de jouer", "Tu gagnes\u00a0!"),
    "de": ("Du bist dran", "Du gewinnst!"),
}
SPOKEN_OF = {"en": "Ann's turn", "fr": "À Ann de jouer", "de": "Ann ist dran"}


@pytest.mark.parametrize("language", sorted(SPOKEN_TO))
def test_the_player_called_you_is_spoken_to(language: str) -> None:
    i18n.set_language(language)  # (English again after each test: conftest)
    you = t("daily.you", "You")
    assert is_you(you) and is_you(t("guide.you", "You"))
    assert (turn_words(you, 1), win_words(you, 1)) == SPOKEN_TO[language]
    assert turn_words("Ann", 1) == SPOKEN_OF[language]
    assert not is_you("Ann") and not is_you("Youssef")
    # At a table of more, a player who named themselves "You" is spoken of, as the others
    # are, on every screen (an online table shows their turn to the others too).
    assert turn_words(you, 3) != SPOKEN_TO[language][0] and you in turn_words(you, 3)
    assert you in win_words(you, 2)


def test_a_game_begun_in_one_language_speaks_to_its_player_in_another() -> None:
    i18n.set_language("de")
    you = t("daily.you", "You")  # "Du", kept in the game's seats
    i18n.set_language("fr")
    assert turn_words(you, 1) == "À toi de jouer"


def test_blancos_daily_deal_says_your_turn_to_its_player(app: Any, monkeypatch: Any) -> None:
    """A Blanco daily deal with no name known (its seat is "You"), played from the table: the
    turn's banner and the header speak to the player."""
    said: list[str] = []
    for method in ("render_outlined", "blit_centered"):
        real = getattr(TextCache, method)

        def recording(
            self: TextCache,
            *args: Any,
            real: Any = real,
            at: int = method == "blit_centered",
            **kw: Any,
        ) -> Any:
            said.append(args[at])  # the text (blit_centered takes the surface first)
            return real(self, *args, **kw)

        monkeypatch.setattr(TextCache, method, recording)
    table = start_daily(app.ctx, "blanco", "2026-11-27")
    assert table.session.seats[0].name == "You"
    frames(app, 120)  # the deal
    setup = table.state.legal_actions(0)[0]
    assert isinstance(setup, Setup)
    click_action(app, table, setup)  # two cards turned, as a person would: the first turn starts
    for _ in range(600):
        frames(app, 1)
        if "Your turn" in said:
            break
    spoken = [s for s in said if "turn" in s or "play" in s]
    assert any(s == "Your turn" for s in said), spoken[:10]
    assert any("your turn" in s for s in said), spoken[:10]
    assert not any("You's" in s or "You to play" in s or "You wins" in s for s in said)


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Same deal as 27 Nov: you took 31 turns."),
        ("fr", "Même donne que 27 Nov\u00a0: tu avais mis 31 tours."),
        ("de", "Gleiche Verteilung wie 27 Nov: Du brauchtest 31 Züge."),
    ],
)
def test_a_daily_played_again_speaks_to_its_player(app: Any, language: str, said: str) -> None:
    """The same deal as a kept daily game (its seat "You"): "you took 31 turns", where it read
    "Toi avait mis 31 tours"; a named player's game keeps its name."""
    from game.blanco.entry import BLANCO
    from game.core.session import Seat, Session

    session = Session([Seat("You")], 5, game=BLANCO)
    scene = app.ctx.nav.make("blanco.game_end", session=session)
    i18n.set_language(language)
    session.challenge = {"names": ["You"], "totals": [31], "source": "27 Nov"}
    assert scene.challenge_line() == said
    session.challenge = {"names": ["Ann"], "totals": [31], "source": "27 Nov"}
    assert "Ann" in scene.challenge_line()
