"""Blanco rules and bots, one branch at a time: every refusal with its code, record and wire
parsing errors, reshuffles that cannot happen, undo refusals, what other seats see of an event,
and the Game object's corner cases. (test_blanco_rules.py and test_blanco_record.py test the
rules as a player meets them; these reach the branches those do not.)"""

from __future__ import annotations

import pytest
from blanco_helpers import DGREEN, LBLUE, RED, c, new_game, place, ready

from game.blanco.entry import BLANCO
from game.blanco.rules import events as ev
from game.blanco.rules.actions import Clear, Discard, Draw, DrawThen, Look, Play, Setup, Swap
from game.blanco.rules.cards import describe
from game.blanco.rules.deal import Deal, reshuffle_mismatch
from game.blanco.rules.phases import CLEAR, LOOK, OVER, PLAY, fmt
from game.blanco.rules.record import (
    action_from_act,
    action_from_record,
    action_to_record,
    parse_record,
    record_actions,
)
from game.blanco.rules.state import BlancoState
from game.blanco.rules.views import redact
from game.core.game import RecordError

UP, DN = True, False


def code(state: BlancoState, action: object) -> str | None:
    reason = state.check(action)
    return None if reason is None else reason.code


# -- refusals, one code each ---------------------------------------------------------------------


def test_set_up_refusals_name_their_code() -> None:
    state = new_game()
    assert code(state, Setup(1, (0, 0), (0, 1))) == "not_your_turn"
    assert code(state, Draw(0, "pile")) == "must_setup"
    assert code(state, Setup(0, (0, 0), (0, 0))) == "look_elsewhere"
    assert code(state, Setup(0, (0, 0), (3, 0))) == "not_in_grid"
    assert code(state, Setup(0, [0, 0], (0, 1))) == "not_a_position"
    state.players[0].up[0][0] = True  # as if shown already: set-up reveals a face-down card
    refusal = state.check(Setup(0, (1, 1), (0, 0)))
    assert refusal is not None and refusal.code == "setup_face_up" and refusal.args["at"] == "[0,0]"


def test_turn_refusals_name_their_code() -> None:
    state = ready()
    assert code(state, Play(0, state.players[0].hand[0], (0, 0))) == "must_turn"
    assert code(state, Draw(0, "box")) == "bad_source"
    assert code(state, Swap(0, (0, 0), (1, 1), None)) == "not_adjacent"
    assert code(state, Swap(0, (0, 0), (0, 1), None)) == "choose_reveal"
    assert code(state, Swap(0, (0, 0), (0, 1), (2, 2))) == "choose_reveal"
    assert code(state, Swap(0, (0, 0), (0, 1), (0, 1))) is None
    # set-up revealed (2, 2): a swap with it turns the other card up, no choice to make
    assert code(state, Swap(0, (2, 2), (2, 1), (2, 1))) == "no_reveal_choice"
    assert code(state, Swap(0, (2, 2), (2, 1), None)) is None
    state.discard = []
    assert code(state, Draw(0, "discard")) == "discard_empty"
    assert Draw(0, "discard") not in state.legal_actions(0)


def test_play_and_discard_refusals_name_their_code() -> None:
    state = ready()
    assert state.apply(Draw(0, "pile")).ok
    hand = state.players[0].hand
    assert code(state, Play(0, 0, (0, 0))) == "not_a_card"
    assert code(state, Play(0, True, (0, 0))) == "not_a_card"
    stranger = next(x for x in range(1, 121) if x not in hand)
    assert code(state, Play(0, stranger, (0, 0))) == "not_in_hand"
    assert code(state, Discard(0, hand[0], None)) == "must_reveal"
    assert code(state, Discard(0, hand[0], (5, 5))) == "reveal_not_in_grid"
    assert code(state, Discard(0, hand[0], [0, 0])) == "reveal_not_in_grid"
    assert code(state, Discard(0, hand[0], (2, 2))) == "reveal_face_up"
    assert code(state, Discard(0, hand[0], (0, 0))) is None


def test_clear_and_look_refusals_name_their_code() -> None:
    state = ready()
    g = [[c(RED, 5), c(LBLUE, 5)], [c(RED, 7), c(DGREEN, 9)]]
    place(state, 0, g, up=[[DN, UP], [UP, UP]], stage=2)
    state.apply(Draw(0, "pile"))
    state.apply(Discard(0, state.players[0].hand[0], (0, 0)))
    assert state.phase == CLEAR
    assert code(state, Clear(0, "diagonal", 0)) == "bad_line"
    assert code(state, Clear(0, "row", "0")) == "bad_line"
    refusal = state.check(Clear(0, "col", 1))
    assert refusal is not None and refusal.code == "line_incomplete"
    assert refusal.args["line"] == "column"
    assert code(state, Look(0, (0, 0), False)) == "must_clear"

    state = ready()
    g = [[c(RED, 5), c(LBLUE, 5)], [c(RED, 7), c(DGREEN, 9)], [c(RED, 8), c(RED, 2)]]
    place(state, 0, g, up=[[DN, UP], [UP, UP], [DN, DN]], stage=2)
    state.apply(Draw(0, "pile"))
    state.apply(Discard(0, state.players[0].hand[0], (0, 0)))  # row 0 (two 5s) clears alone
    assert state.phase == LOOK and state.cleared == 1
    assert code(state, Look(0, (0, 0), False)) == "look_face_up"
    assert code(state, Look(0, (1, 0), 1)) == "reveal_not_bool"
    assert code(state, Look(0, (1, 0), True)) == "reveal_needs_chain"
    assert code(state, Look(0, (1, 0), False)) is None


def test_a_finished_game_refuses_every_step_and_every_undo() -> None:
    state = ready()
    place(state, 0, [[c(RED, 4)], [c(RED, 9)]], up=[[UP], [DN]], stage=2)
    state.apply(Draw(0, "pile"))
    state.apply(Discard(0, state.players[0].hand[0], (1, 0)))
    assert state.phase == OVER
    assert code(state, Draw(1, "pile")) == "game_over"
    assert state.can_undo(0).code == "game_over"
    assert state.legal_actions(0) == [] and state.waiting_for() == []


# -- undo ----------------------------------------------------------------------------------------


def test_undo_refusals_name_their_code() -> None:
    state = ready()
    assert state.can_undo(1).code == "undo_not_your_turn"
    assert state.can_undo(0).code == "nothing_this_turn"
    assert state.apply(Draw(0, "pile")).ok  # showed a card nobody knew
    assert state.can_undo(0).code == "card_seen"
    refused = state.undo(0)
    assert not refused.ok and refused.events == [] and state.phase == PLAY


def test_a_draw_from_the_discard_pile_is_taken_back_exactly() -> None:
    state = ready()
    before = state.key()
    top = state.top_discard
    assert state.apply(Draw(0, "discard")).ok and top in state.players[0].hand
    assert state.can_undo(0) is None
    undone = state.undo(0)
    assert undone.ok and undone.events == [ev.Undone(0, Draw(0, "discard"))]
    assert state.key() == before


# -- reshuffles and dealing ----------------------------------------------------------------------


def test_a_draw_with_nothing_to_reshuffle_is_refused_and_changes_nothing() -> None:
    state = ready()
    state.box.extend(state.pile)  # keep all 120 cards somewhere: the box is not reshuffled ...
    state.pile = []
    state.fixed_reshuffles = ((),)  # ... when the deal lists the reshuffle as empty
    before = state.key()
    refusal = state.check(Draw(0, "pile"))
    assert refusal is None  # legal as far as anyone can see ...
    outcome = state.apply(Draw(0, "pile"))  # ... but the listed pile does not fit
    assert not outcome.ok and outcome.refusal.code == "bad_reshuffle"
    assert state.key() == before

    empty = ready()
    empty.pile, empty.box = [], []
    empty.discard = empty.discard[-1:]
    outcome = empty.apply(Draw(0, "pile"))
    assert not outcome.ok and outcome.refusal.code == "nothing_to_reshuffle"
    assert empty.phase == "turn" and empty.players[0].hand == ready().players[0].hand


@pytest.mark.parametrize(
    ("listed", "cards", "words"),
    [
        ([1, "2"], [1, 2], "'2' is not a card id"),
        ([1, 1], [1, 2], "card 1 is listed twice"),
        ([1, 3], [1, 2], "card 3 is not in the discard pile"),
        ([1], [1, 2], "card 2 is missing"),
        ([2, 1], [1, 2], None),
    ],
)
def test_a_listed_reshuffle_is_checked_card_by_card(listed, cards, words) -> None:
    problem = reshuffle_mismatch(listed, cards)
    assert problem == words if words is None else words in problem


@pytest.mark.parametrize(
    ("names", "seed", "deal", "words"),
    [
        ((), 1, None, "1 to 5 players"),
        (("A", 2), 1, None, "must be a string"),
        (("A",), 1.5, None, "seed must be an integer"),
        (("A",), 1, Deal(deck=(1, 2, 3)), "permutation of the cards 1-120"),
        (("A",), 1, Deal(reshuffles=(("x",),)), "a reshuffle must list card ids"),
    ],
)
def test_bad_deals_are_refused_with_a_reason(names, seed, deal, words) -> None:
    with pytest.raises(ValueError, match=words):
        BlancoState.new(names, seed, deal)
    if deal is not None:
        with pytest.raises(ValueError):
            BLANCO.rules.new_game(names, seed, deal=deal)


def test_the_game_object_refuses_a_deal_of_another_game() -> None:
    with pytest.raises(ValueError, match="blanco Deal"):
        BLANCO.rules.new_game(["A"], 1, deal=(1, 2, 3))


# -- records and the wire ------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("obj", "words"),
    [
        ([], "must be a JSON object"),
        ({"player": "0", "draw": "pile"}, 'needs "player"'),
        ({"player": 0}, "needs one of"),
        ({"player": 0, "play": 5, "at": [0, 0]}, 'needs its "draw"'),
        ({"player": 0, "draw": "pile", "swap": [[0, 0], [0, 1]]}, '"swap" does not belong'),
        ({"player": 0, "setup": {"reveal": [0, 0], "look": [0, 1]}, "at": [0, 0]}, '"at" does'),
        ({"player": 0, "setup": [[0, 0], [0, 1]]}, '"setup" must be an object'),
        ({"player": 0, "setup": {"reveal": [0], "look": [0, 1]}}, "setup.reveal must be"),
        ({"player": 0, "draw": "box"}, '"draw" must be "pile" or "discard"'),
        ({"player": 0, "draw": "pile", "play": 5}, 'a play needs "at"'),
        ({"player": 0, "draw": "pile", "play": "5", "at": [0, 0]}, "play must be a card id"),
        ({"player": 0, "draw": "pile", "play": 5, "at": [0, 0], "reveal": [1, 1]}, '"reveal"'),
        ({"player": 0, "draw": "pile", "reveal": [1, 1]}, '"reveal" does not belong'),
        ({"player": 0, "swap": [[0, 0]]}, '"swap" must be two positions'),
        ({"player": 0, "swap": [[0, 0], [0, True]]}, "swap must be a [row, column] pair"),
        ({"player": 0, "clear": 1}, '"clear" must be'),
        ({"player": 0, "clear": {"row": 1, "col": 0}}, '"clear" must be'),
        ({"player": 0, "clear": {"row": 1.0}}, '"clear" must be'),
        ({"player": 0, "clear": {"row": 1}, "reveal": True}, '"reveal" does not belong'),
        ({"player": 0, "look": [0, 0], "reveal": "yes"}, '"reveal" on a look must be'),
    ],
)
def test_malformed_record_actions_are_refused_with_one_line(obj, words) -> None:
    with pytest.raises(RecordError) as err:
        action_from_record(obj)
    assert words in str(err.value) and "\n" not in str(err.value)


def test_record_actions_read_back_as_the_steps_they_were() -> None:
    steps = [
        Draw(0, "pile"),
        Discard(0, 7, None),
        Draw(1, "discard"),
        Discard(1, 9, (1, 1)),
        Swap(0, (0, 0), (0, 1), (0, 1)),
        Clear(1, "col", 2),
        Look(1, (0, 0), True),
        Draw(0, "pile"),  # the last step of a record that stops mid-turn
    ]
    records = record_actions(steps)
    assert records[0] == {"player": 0, "draw": "pile", "discard": 7}
    assert records[-1] == {"player": 0, "draw": "pile"}
    assert [action_from_record(r) for r in records] == [
        DrawThen(steps[0], steps[1]),
        DrawThen(steps[2], steps[3]),
        *steps[4:],
    ]
    with pytest.raises(TypeError, match="not a Blanco action"):
        record_actions([ev.Drawn(0, "pile", 5)])  # an event is not a step


@pytest.mark.parametrize(
    ("patch", "words"),
    [
        ({"players": ["A", 1]}, "every player name must be a string"),
        ({"seed": "1"}, "seed must be an integer"),
        ({"deal": []}, "deal must be an object"),
        ({"deal": {"deck": "abc"}}, "deal.deck must list card ids"),
        ({"deal": {"deck": list(range(0, 120))}}, "0 is not a card id"),
        ({"deal": {"deck": [1, *range(1, 120)]}}, "card 1 is there twice"),
        ({"deal": {"deck": list(range(1, 120))}}, "card 120 is missing"),
        ({"deal": {"reshuffles": {}}}, "deal.reshuffles must be a list"),
        ({"deal": {"reshuffles": [[1, "2"]]}}, "deal.reshuffles[0] must be a list of card ids"),
        ({"actions": {}}, "actions must be a list"),
    ],
)
def test_malformed_record_headers_are_refused_with_one_line(patch, words) -> None:
    record = {"format": "blanco/record@1", "players": ["A", "B"], "seed": 1, **patch}
    with pytest.raises(RecordError) as err:
        parse_record(record)
    assert words in str(err.value)


def test_a_record_that_deals_wrongly_names_the_problem() -> None:
    record = {"format": "blanco/record@1", "players": ["A"], "seed": 1}
    assert BLANCO.rules.state_from_record(record).phase == "setup"
    record["actions"] = [{"player": 0, "setup": {"reveal": [0, 0], "look": [0, 0]}}]
    with pytest.raises(RecordError, match="action 0: player 0 must look at a different card"):
        BLANCO.rules.state_from_record(record)
    record["actions"] = [{"player": 0}]
    with pytest.raises(RecordError, match="action 0: an action needs one of"):
        BLANCO.rules.state_from_record(record)


def test_lone_plays_and_discards_travel_on_the_wire_and_bad_ones_are_refused() -> None:
    for step in (Play(0, 7, (1, 2)), Discard(1, 9, None), Discard(1, 9, (0, 0)), Draw(0, "pile")):
        assert action_from_act(action_to_record(step)) == step
    for obj, words in (
        ({"player": None, "play": 7, "at": [0, 0]}, 'needs "player"'),
        ({"player": 0, "play": 7, "at": [0, 0], "reveal": [0, 0]}, '"reveal" does not belong'),
        ({"player": 0, "discard": "7"}, "discard must be a card id"),
        ({"player": 0, "play": 7}, 'a play needs "at"'),
        ({"player": 0, "play": 7, "at": [0, 0, 0]}, "at must be a [row, column] pair"),
    ):
        with pytest.raises(RecordError, match=words.replace("[", r"\[")):
            action_from_act(obj)


# -- what the other seats see, and small helpers ------------------------------------------------


def test_other_seats_see_hidden_cards_as_zero_and_public_ones_as_they_are() -> None:
    mine = ev.HandDealt(0, (5, 6))
    assert redact(mine, 0) == mine
    assert redact(mine, 1) == ev.HandDealt(0, (0, 0))
    assert redact(ev.Drawn(0, "pile", 5), 1) == ev.Drawn(0, "pile", 0)
    assert redact(ev.Drawn(0, "discard", 5), 1) == ev.Drawn(0, "discard", 5)
    assert redact(ev.Looked(0, (0, 0), 5), 1) == ev.Looked(0, (0, 0), 0)
    assert redact(ev.Revealed(0, (0, 0), 5), 1) == ev.Revealed(0, (0, 0), 5)
    dealt = ev.Dealt(0, ((1, 2), (3, 4)))
    assert redact(dealt, 0) == ev.Dealt(0, ((0, 0), (0, 0)))  # face down even for its owner
    assert redact(ev.DiscardStarted(9), 1) == ev.DiscardStarted(9)  # no player: public


def test_small_helpers_say_what_they_are_given() -> None:
    assert describe(0) == "a hidden card" and describe(True) == "a hidden card"
    assert describe(c(RED, 5)) == "red 5"
    assert fmt((1, 2)) == "[1,2]" and fmt(None) == "None" and fmt([1, 2]) == "[1, 2]"
    # steps of different kinds never compare equal, even with the same fields
    assert Play(0, 7, (0, 0)) != Discard(0, 7, (0, 0))
    assert Play(0, 7, (0, 0)) == Play(0, 7, (0, 0))
    assert hash(Play(0, 7, (0, 0))) != hash(Discard(0, 7, (0, 0)))
    assert len({Play(0, 7, (0, 0)), Discard(0, 7, (0, 0))}) == 2


# -- the Game object -----------------------------------------------------------------------------


def test_record_scores_read_a_result_and_refuse_a_malformed_one() -> None:
    good = {
        "finished": True,
        "winner": 1,
        "players": [{"cards_left": 5, "turns": 9}, {"cards_left": 0, "turns": 9}],
    }
    assert BLANCO.rules.record_scores(good, 2) == {
        "totals": [5, 0],
        "turns": [9, 9],
        "winners": [1],
        "finished": True,
    }
    assert BLANCO.rules.record_scores({**good, "winner": None}, 2)["winners"] == []
    for bad in (
        None,
        {**good, "finished": "yes"},
        {**good, "players": good["players"][:1]},
        {**good, "players": [{"cards_left": 5}, {"cards_left": 0, "turns": 9}]},
        {**good, "winner": 2},
        {**good, "winner": True},
    ):
        assert BLANCO.rules.record_scores(bad, 2) is None


def test_progress_bots_and_hint_of_the_game_object() -> None:
    state = ready()
    assert (
        BLANCO.words.progress(state) == "turn 1, everyone has 21 cards left"
    )  # 9 + the 12 to come
    assert BLANCO.words.progress(ready(("Ann",))) == "turn 1, 21 cards left to clear"  # solo
    ahead = ready(("Ann", "Bo", "Cy"))
    ahead.players[1].set_grid([[c(RED, 5), c(RED, 6)], [c(RED, 7), c(RED, 8)]])
    assert BLANCO.words.progress(ahead) == "turn 1, Bo ahead with 16 cards left"  # 4 + 12 to come
    with pytest.raises(ValueError, match="unknown bot level"):
        BLANCO.bots.make_bot("grandmaster", 1, 0)
    bot = BLANCO.bots.make_bot("easy", 1, 0)
    assert repr(bot) == "EasyBot(seed=1, seat=0)"
    assert bot.choose(state.view_for(0), 0) in state.legal_actions(0)
    with pytest.raises(ValueError, match="nothing to do"):
        BLANCO.bots.hint(state.view_for(1), 1)
    with pytest.raises(ValueError, match="nothing to do"):
        bot.choose(state.view_for(1), 1)
    assert BLANCO.words.solo_rating(12) == "" and BLANCO.words.rating_shown("x") == "x"


def test_the_titles_continue_line_says_how_the_race_stands(app) -> None:
    """A Blanco game left at its first turn: the title's Continue line says the players are
    level (it said "turn 1, 21 cards left at best", as if one were ahead)."""
    import pygame

    from game.core.session import Seat
    from game.core.ui.screens.title import TitleScene
    from tests.ui_helpers import click_widget, frames, press

    seats = [Seat("Ann"), Seat("Bot", "hard")]
    app.ctx.nav.make("blanco.start_game", seats=seats, seed=7)
    frames(app, 5, dt=0.5)
    press(app, pygame.K_ESCAPE, 2)  # the pause menu
    click_widget(app, app.stack.top, "quit", 2)
    click_widget(app, app.stack.top, "yes", 2)
    title = app.stack.top
    assert isinstance(title, TitleScene)
    frames(app, 3)
    # (Issue 74: "level at 21 cards left" read oddly; the line says what it means.)
    assert title.saved is not None and "everyone has 21 cards left" in title.saved, title.saved
    assert "at best" not in title.saved
