"""Issue 66, item 5: a confirm dialog's colours say what each answer costs. The answer that keeps
everything ("Keep it", "No thanks", "No") is never red; the one that throws a game away is red,
never green. Each dialog is opened as a player opens it, and the colours are read from the
picture drawn."""

from __future__ import annotations

import random
from typing import Any

import pygame

from game.core.session import Seat
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.guide import NO_FIRST_TIME
from game.core.ui.toolkit.paint import GREEN, RED
from game.luckybox.ui.scenes.table import start_game
from tests.support import take_turn, title, to_first_number
from tests.test_play_honest import ask_quit
from tests.ui_helpers import click_widget, frames


def slab(app: Any, dialog: ConfirmDialog, name: str) -> tuple[int, int, int]:
    """The colour most of the button's slab shows: the middle of its lower band, beside its
    label (the label's ink and the gloss on top left out)."""
    frames(app, 30)  # the buttons have come in
    rect = dialog.widget(name).rect
    screen = app.screen
    counts: dict[tuple[int, int, int], int] = {}
    for x in range(round(rect.x + 10), round(rect.x + 30)):
        for y in range(round(rect.bottom - 16), round(rect.bottom - 10)):
            colour = tuple(screen.get_at((x, y)))[:3]
            counts[colour] = counts.get(colour, 0) + 1  # type: ignore[index]
    return max(counts, key=lambda c: counts[c])  # type: ignore[return-value]


def near(colour: tuple[int, int, int], base: tuple[int, int, int]) -> bool:
    return sum(abs(a - b) for a, b in zip(colour, base, strict=True)) < 90


def reddish(colour: tuple[int, int, int]) -> bool:
    r, g, b = colour
    return r > 1.6 * g and r > 1.6 * b


def test_deleting_a_game_in_progress_is_red_keeping_it_calm(app: Any) -> None:
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    take_turn(app, table, random.Random(1), None)
    frames(app, 3)
    start_game(app.ctx, [Seat("Bo")], 13)
    frames(app, 3)
    top = title(app)
    click_widget(app, top, "continue", 2)  # two games in progress: the list
    listing = app.stack.top
    click_widget(app, listing, "delete_0", 3)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    discard, keep = slab(app, dialog, "yes"), slab(app, dialog, "no")
    assert near(discard, RED) and reddish(discard), discard
    assert not reddish(keep) and not near(keep, GREEN), keep
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0))
    frames(app, 2)
    assert app.stack.top is listing and len(listing.tables) == 2, "Esc keeps it"


def test_quitting_a_saved_game_is_not_red_and_an_unsaved_one_is(app: Any) -> None:
    table = start_game(app.ctx, [Seat("Ann")], 12)
    to_first_number(app, table)
    dialog, _ = ask_quit(app)
    quit_saved, stay = slab(app, dialog, "yes"), slab(app, dialog, "no")
    assert not reddish(quit_saved) and not reddish(stay), (quit_saved, stay)
    app.ctx.nav.make("luckybox.guided")  # never saved: quitting loses it
    frames(app, 10)
    dialog, _ = ask_quit(app)
    lose, stay = slab(app, dialog, "yes"), slab(app, dialog, "no")
    assert reddish(lose) and not reddish(stay), (lose, stay)


def test_the_guided_game_offer_has_no_red_answer(app: Any, monkeypatch: Any) -> None:
    monkeypatch.delenv(NO_FIRST_TIME)
    click_widget(app, title(app), "new_game", 2)
    dialog = app.stack.top
    assert isinstance(dialog, ConfirmDialog)
    yes, no_thanks = slab(app, dialog, "yes"), slab(app, dialog, "no")
    assert near(yes, GREEN), yes
    assert not reddish(no_thanks) and not reddish(yes), no_thanks
