"""Refusals reach players in their language, naming seats by their players' names.

The rules refuse with codes (`Refusal`); each game's UI has a line for every code its rules can
emit (found in the rules' source, and met in random games with wrong moves), and no line shows
a seat's number ("player 0") in any language.
"""

from __future__ import annotations

import ast
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from msgspec.structs import astuple

from game.blanco.entry import BLANCO
from game.blanco.rules import legal as blanco_legal
from game.blanco.ui import refusal_words as blanco_words
from game.core import i18n
from game.core.entry import Game
from game.core.game import SEAT_ARGS, Refusal
from game.core.ui.table.refusals import generic_refusal, refusal_words
from game.luckybox.entry import LUCKYBOX
from game.luckybox.ui import refusal_words as luckybox_words

ROOT = Path(__file__).resolve().parent.parent
TEMPLATES = {"luckybox": luckybox_words.refusal_templates, "blanco": blanco_words.refusal_templates}
NAMES = ("Ann", "Bob", "Cy", "Dee")
# "player 0", "joueur 2", "Spieler 1": a seat's number where its player's name belongs
SEAT_NUMBER = re.compile(r"\b(player|joueur|joueuse|Spieler\w*|seat|place)\s*\d", re.I)


def codes_in_source(game_id: str) -> set[str]:
    """Every code a `Refusal(...)` in the game's rules can carry."""
    codes: set[str] = set()
    for path in sorted((ROOT / "game" / game_id / "rules").glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", "") == "Refusal"):
                continue
            code = node.args[0]
            if isinstance(code, ast.Constant):
                codes.add(code.value)
            else:  # Blanco's f"must_{phase}": one code per phase that asks for a step
                assert ast.unparse(code) == "f'must_{phase}'", (path, ast.unparse(code))
                codes |= {f"must_{phase}" for phase in blanco_legal._NEEDS}
    return codes


@pytest.mark.parametrize("game_id", sorted(TEMPLATES))
def test_every_code_the_rules_can_emit_has_a_line_and_every_line_a_code(game_id: str) -> None:
    codes = codes_in_source(game_id)
    assert len(codes) > 20
    assert set(TEMPLATES[game_id]()) == codes


GARBAGE: list[Any] = [None, "x", -1, 99, (0, 0), (9, 9), 1.5, True, (0,)]


def _wrong(action: Any, rng: random.Random, seats: int) -> Any:
    fields = list(astuple(action))
    i = rng.randrange(len(fields))
    roll = rng.random()
    if roll < 0.3:
        fields[i] = rng.choice(GARBAGE)
    elif roll < 0.6 and type(fields[i]) is int:
        fields[i] += rng.choice([-1, 1, 2, 5])
    elif roll < 0.9:
        fields[0] = rng.randrange(seats)
    else:
        return rng.choice(GARBAGE)
    return type(action)(*fields)


def refusals_met(game: Game, games: int) -> Iterator[Refusal]:
    """The refusals random games meet: wrong moves at every step, undo for every seat."""
    for seed in range(games):
        rng = random.Random(seed)
        seats = rng.randint(1, 4)
        state, _ = game.rules.new_game(NAMES[:seats], seed)
        for _ in range(300):
            if state.is_terminal():
                break
            if not state.waiting_for():
                state.advance()
                continue
            seat = rng.choice(state.waiting_for())
            legal = state.legal_actions(seat)
            for _ in range(4):
                refusal = state.clone().apply(_wrong(rng.choice(legal), rng, seats)).refusal
                if refusal is not None:
                    yield refusal
            for other in range(seats):
                refusal = state.can_undo(other)
                if refusal is not None:
                    yield refusal
            last = rng.choice(legal)
            state.apply(last)
        if state.is_terminal():  # any move now: the game is over
            refusal = state.apply(last).refusal
            assert refusal is not None
            yield refusal


@pytest.mark.parametrize("game", [LUCKYBOX, BLANCO], ids=lambda g: g.id)
def test_refusals_met_in_play_are_said_with_names_in_every_language(game: Game) -> None:
    met = {}
    for refusal in refusals_met(game, 12):
        assert isinstance(refusal, Refusal), refusal
        met.setdefault(refusal.code, refusal)
    assert len(met) >= 12, sorted(met)
    templates = set(TEMPLATES[game.id]())
    assert set(met) <= templates
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            generic = generic_refusal()
            for code, refusal in met.items():
                words = refusal_words(game.id, refusal, NAMES)
                assert words != generic or code in ("unknown_player",), (lang, code)
                assert not SEAT_NUMBER.search(words), (lang, code, words)
                assert "{" not in words, (lang, code, words)
                for name, value in refusal.args.items():
                    if name in SEAT_ARGS and "{" + name + "}" in TEMPLATES[game.id]()[code]:
                        assert NAMES[value] in words, (lang, code, words)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("game_id", sorted(TEMPLATES))
def test_no_line_shows_a_seat_number_in_any_language(game_id: str) -> None:
    """Every line, filled with each seat, in every language (not only the codes met above)."""
    try:
        for lang in i18n.LANGUAGES:
            i18n.set_language(lang)
            for code, template in TEMPLATES[game_id]().items():
                args = {name: 1 for name in SEAT_ARGS} | {
                    name: 7 for name in re.findall(r"{(\w+)}", template) if name not in SEAT_ARGS
                }
                words = refusal_words(game_id, Refusal(code, "english", **args), NAMES)
                assert not SEAT_NUMBER.search(words) and "{" not in words, (lang, code, words)
    finally:
        i18n.set_language("en")


def test_seats_are_named_and_unknown_codes_get_the_generic_line() -> None:
    turn = Refusal(
        "not_your_turn",
        "it is not player {player}'s turn (waiting for player {waiting})",
        player=0,
        waiting=2,
    )
    assert str(turn) == "it is not player 0's turn (waiting for player 2)"  # records keep it
    assert refusal_words("blanco", turn, NAMES) == "It is Cy's turn."
    assert refusal_words("blanco", Refusal("no_such_code", "x"), NAMES) == generic_refusal()
    assert refusal_words("blanco", "a plain line", NAMES) == generic_refusal()
    assert refusal_words("no_such_game", turn, NAMES) == generic_refusal()
    try:
        i18n.set_language("de")
        assert refusal_words("blanco", turn, NAMES) == "Cy ist am Zug."
    finally:
        i18n.set_language("en")


def test_blanco_check_refuses_garbage_and_lets_programming_errors_surface(monkeypatch) -> None:
    from game.blanco.rules.actions import Draw, Setup, Swap

    class NotAStep(Setup):
        pass

    state, _ = BLANCO.rules.new_game(["A", "B"], 3)
    for junk in (
        None,
        5,
        "x",
        (0,),
        NotAStep(0, (0, 0), (0, 1)),
        Setup(0, [0, 0], (0, 1)),
        Setup("0", (0, 0), (0, 1)),
        Draw(0, ["pile"]),
        Swap(0, (0, 0), (0, 1), "x"),
    ):
        assert isinstance(state.check(junk), Refusal), junk

    def broken(value: Any) -> bool:
        raise ZeroDivisionError("a bug in the rules")

    monkeypatch.setattr(blanco_legal, "_is_pos", broken)
    with pytest.raises(ZeroDivisionError):  # no longer reported as "not a Blanco action"
        state.check(Setup(0, (0, 0), (0, 1)))
