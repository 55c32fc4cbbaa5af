"""Hints that teach: each hint says why in one short line, the move's reason as the bots see it,
in both games and in every language, from the hinted seat's view alone.

The reasons (game/*/ai/reasons.py) are checked against the rules: a reason saying a cross
completes a line or a card is right about it, a Blanco "clears" really clears; and no reason
reads what the seat cannot know (the same on a game whose hidden cards are dealt anew). The
tables are then driven with H: the line saying why is drawn, in English, French and German.
"""

from __future__ import annotations

import functools
import random
from typing import Any

import pygame
import pytest

from game.blanco.ai import reasons as blanco_reasons
from game.blanco.ai.bots import hint as blanco_hint
from game.blanco.entry import BLANCO
from game.blanco.rules import Clear, Draw, Play, Swap
from game.core import i18n
from game.core.session import Seat
from game.luckybox.ai import hint as luckybox_hint, make_bot, reasons as lb_reasons
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules import GameState
from game.luckybox.rules.actions import Cross, Resolve
from game.luckybox.rules.cards import FULL, LIGHTNING
from game.luckybox.ui.reason_words import reason_words as lb_words
from tests.rules_helpers import act
from tests.test_keyboard_table import solo_table
from tests.ui_helpers import frames, press, texts_drawn


def _lucky_box_hints(seed: int, players: int = 2, turns: int = 60) -> list[tuple[Any, Any, Any]]:
    """(view, hint, state) for seat 0's first decisions of a game seat 0 plays by the hints
    (Hard's choices); the other seats, whose choices are not looked at, play as Easy does
    (a hint costs about 25 ms of CPU, an Easy choice next to nothing)."""
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed)
    others = [make_bot("easy", seed, seat) for seat in range(players)]
    out = []
    while not state.is_terminal() and len(out) < turns:
        seat = state.waiting_for()[0]
        view = state.view_for(seat)
        if seat == 0:
            action = luckybox_hint(view, seat)
            out.append((view, action, state.clone()))
        else:
            action = others[seat].choose(view, seat)
        assert act(state, action).ok
    return out


def test_a_lucky_box_reason_is_right_about_what_the_cross_completes() -> None:
    kinds = set()
    for seed in (3, 11):
        for view, action, state in _lucky_box_hints(seed):
            why = lb_reasons.reason(view, action)
            assert why is not None, action
            kinds.add(why.kind)
            if not isinstance(action, Cross | Resolve):
                continue
            card = action.card if isinstance(action, Cross) else action.target_card
            player = state.players[action.player]
            slot = player.cards.index(card)
            lines_before = _lines_done(player.masks[slot])
            assert act(state, action).ok
            after = state.players[action.player]
            mask = after.masks[slot] if card in after.cards else FULL
            new_lines = _lines_done(mask) - lines_before
            if why.kind == lb_reasons.CARD:
                assert mask == FULL, "a card said complete is complete"
            elif why.kind == lb_reasons.LINE:
                assert len(new_lines) == len(why.bonuses) >= 1, "the lines said completed are"
            else:
                assert not new_lines and mask != FULL, f"{why.kind}: it completes nothing"
    assert {lb_reasons.CARDS, lb_reasons.SPREAD} <= kinds, kinds
    assert kinds & {lb_reasons.LINE, lb_reasons.CARD, lb_reasons.NEAR}, kinds


def _lines_done(mask: int) -> set[int]:
    from game.luckybox.rules.cards import COL_MASKS, ROW_MASKS

    return {i for i, m in enumerate(ROW_MASKS + COL_MASKS) if mask & m == m}


def test_a_lines_reason_names_its_bonus_in_words() -> None:
    why = lb_reasons.Reason(lb_reasons.LINE, ((LIGHTNING, 1),))
    assert lb_words(why) == "completes a line: +1 Lightning"
    two = lb_reasons.Reason(lb_reasons.CARDS, ((LIGHTNING, 1), ("star", 0), (LIGHTNING, 1)))
    assert lb_words(two) == "the best bonuses: +2 Lightning and a star"
    i18n.set_language("fr")
    assert lb_words(why) == "complète une ligne\u00a0: +1 éclair"
    i18n.set_language("de")
    assert lb_words(why) == "vervollständigt eine Reihe: +1 Blitz"
    i18n.set_language("en")


def test_no_lucky_box_reason_reads_what_the_seat_cannot_know() -> None:
    """The reason of every legal action (a hint's among them) on the real game and on a variant
    whose hidden cards were dealt anew is the same: it rests on the seat's view only. The
    games are played on by Normal (a hint, Hard's choice, costs a hundred times what the
    reasons of every action do)."""
    rng = random.Random(5)
    checked = 0
    for seed in range(4):
        state, _ = LUCKYBOX.rules.new_game(["A", "B", "C"], seed)
        players = [make_bot("normal", seed, seat) for seat in range(3)]
        for _ in range(40):
            if state.is_terminal():
                break
            seat = state.waiting_for()[0]
            variant = LUCKYBOX.rules.hidden_variant(state, seat, rng)
            for action in state.legal_actions(seat):
                assert lb_reasons.reason(state, action) == lb_reasons.reason(variant, action)
                checked += 1
            assert act(state, players[seat].choose(state.view_for(seat), seat)).ok
    assert checked > 100


def test_no_blanco_reason_reads_what_the_seat_cannot_know() -> None:
    """The reason of a hint on the real game and on a variant whose hidden cards were dealt
    anew is the same: it rests on the seat's view only (the hints are those of the games
    below; a reason is asked of the whole state here, where the game asks it of the seat's
    view: a swap no hint makes, of two face-down cards, would read them)."""
    rng = random.Random(5)
    checked = 0
    for seed in BLANCO_SEEDS:
        for _view, action, state in _blanco_hints(seed):
            variant = BLANCO.rules.hidden_variant(state, action.player, rng)
            assert blanco_reasons.reason(state, action) == blanco_reasons.reason(variant, action)
            checked += 1
    assert checked > 100


#: The Blanco games whose hints are checked.
BLANCO_SEEDS = (1, 2, 3)


@functools.cache
def _blanco_hints(seed: int, steps: int = 120) -> tuple[tuple[Any, Any, Any], ...]:
    """(view, hint, state) at each of a 2-player game's first steps, both seats playing the
    hints; made once per worker, for the two checks above and below (the states are theirs
    to read: a check that changes one changes a clone)."""
    state, _ = BLANCO.rules.new_game(["A", "B"], seed)
    out = []
    for _ in range(steps):
        if state.is_terminal():
            break
        seat = state.waiting_for()[0]
        view = state.view_for(seat)
        action = blanco_hint(view, seat)
        out.append((view, action, state.clone()))
        assert state.apply(action).ok
    return tuple(out)


def test_a_blanco_reason_that_says_clears_is_a_clear() -> None:
    kinds = set()
    clears = 0
    for seed in BLANCO_SEEDS:
        for view, action, state in _blanco_hints(seed):
            why = blanco_reasons.reason(view, action)
            assert why is not None, action
            kinds.add(why.kind)
            if why.kind == blanco_reasons.CLEARS and isinstance(action, Play | Swap):
                before = state.players[action.player].cards_left
                after = state.clone()
                assert after.apply(action).ok
                assert after.players[action.player].cards_left < before, "it cleared"
                clears += 1
            if isinstance(action, Draw) and action.source == "discard":
                assert why.kind != blanco_reasons.NOTHING_FITS
            if isinstance(action, Clear):
                assert why.kind == blanco_reasons.ORDER
    assert clears >= 1
    assert {blanco_reasons.LEARN, blanco_reasons.CLEARS} <= kinds, kinds


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_lucky_box_h_shows_the_hint_and_why(app: Any, monkeypatch: Any, lang: str) -> None:
    i18n.set_language(lang)
    table = solo_table(app, seed=8)
    drawn = texts_drawn(monkeypatch)
    press(app, pygame.K_h, 2)
    frames(app, 2)
    why = table.moves.why
    intro = {"en": "Why: ", "fr": "Pourquoi\u00a0: ", "de": "Warum: "}[lang]
    assert why.startswith(intro) and len(why) > len(intro) + 5
    assert any(why.startswith(line[:12]) for line in drawn if line.startswith(intro)), drawn
    assert table.moves.hint is not None


def test_lucky_box_draft_hint_says_why_it_keeps_those_cards(app: Any, monkeypatch: Any) -> None:
    app.ctx.settings.animation_speed = 8.0
    app.ctx.nav.make("luckybox.start_game", seats=[Seat("Solo", "human")], seed=8)
    frames(app, 6, dt=0.5)
    draft = app.stack.top
    assert hasattr(draft, "hand")
    drawn = texts_drawn(monkeypatch)
    press(app, pygame.K_h, 2)
    frames(app, 2)
    assert draft.hinted and draft.why.startswith("Why: ")
    assert draft.why in drawn


@pytest.mark.parametrize("lang", ["en", "fr", "de"])
def test_blanco_h_shows_the_hint_and_why(app: Any, monkeypatch: Any, lang: str) -> None:
    from tests.test_keyboard_blanco import settle

    i18n.set_language(lang)
    app.ctx.settings.animation_speed = 8.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo"), Seat("Bot", "hard")], seed=7)
    intro = {"en": "Why: ", "fr": "Pourquoi\u00a0: ", "de": "Warum: "}[lang]
    drawn = texts_drawn(monkeypatch)
    for _ in range(3):
        settle(app, table)
        drawn.clear()
        press(app, pygame.K_h, 2)
        frames(app, 2)
        hint_line, why = table.message.split("\n")
        assert why.startswith(intro) and len(why) > len(intro) + 5, table.message
        # The prompt's lines, balanced: no place's last "1." left alone on a line of its own.
        words = set(" ".join(table.message.split("\n")).split())
        lines = [line for line in drawn if line and set(line.split()) <= words]
        assert lines and all(len(line) > 4 for line in lines), lines
        press(app, pygame.K_RETURN, 3)


def test_a_blanco_hints_place_never_wraps_its_last_number_alone(app: Any, monkeypatch: Any) -> None:
    """ "Hint: play the orange 10 at row 1, column 1." wrapped its "1." onto a line alone."""
    from tests.test_keyboard_blanco import settle

    app.ctx.settings.animation_speed = 8.0
    table = app.ctx.nav.make("blanco.start_game", seats=[Seat("Solo"), Seat("Bot", "hard")], seed=7)
    settle(app, table)
    drawn = texts_drawn(monkeypatch)
    table.show(
        table.moves.say(
            "Hint: play the orange 10 at row 1, column 1.\nWhy: the card there fits none"
        )
    )
    app.redraw()
    frames(app, 2)
    lines = [line for line in drawn if "column" in line or line.strip() in ("1.", "1")]
    assert lines and all(line.strip() != "1." for line in drawn), lines
    assert any(line.endswith("column 1.") for line in drawn), lines
