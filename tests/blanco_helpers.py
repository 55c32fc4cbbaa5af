"""Helpers for the Blanco rules tests: naming cards, fixed decks, placing a grid directly,
and playing random games."""

from __future__ import annotations

import random
from collections.abc import Sequence

from game.blanco.rules.actions import Discard, Draw, Play, Setup
from game.blanco.rules.cards import ALL_CARDS, card_id, colour, number
from game.blanco.rules.state import TURN, BlancoState, Deal

# colour indices
RED, ORANGE, YELLOW, LGREEN, DGREEN, LBLUE, DBLUE, PURPLE, PINK, BROWN = range(10)


def c(colour: int, number: int) -> int:
    """The card id of a colour index and number."""
    return card_id(colour, number)


def make_deck(
    grids: Sequence[Sequence[int]],
    discard: int | None = None,
    hands: Sequence[Sequence[int]] = (),
    pile: Sequence[int] = (),
) -> tuple[int, ...]:
    """A whole deck (top first) dealing these 9-card grids (row by row), this first discard,
    these hands and then `pile` on top of the rest (the rest in id order)."""
    head: list[int] = [x for g in grids for x in g]
    used = set(head) | set(pile) | {x for h in hands for x in h}
    if discard is not None:
        used.add(discard)
    spare = [x for x in ALL_CARDS if x not in used]
    rest = iter(spare)
    if len(head) != 9 * len(grids):
        raise ValueError("each grid is 9 cards")
    head.append(discard if discard is not None else next(rest))
    for i in range(len(grids)):
        hand = list(hands[i]) if i < len(hands) else []
        while len(hand) < 2:
            hand.append(next(rest))
        head.extend(hand)
    head.extend(pile)
    head.extend(rest)
    assert sorted(head) == list(ALL_CARDS)
    return tuple(head)


def new_game(
    names: Sequence[str] = ("Ann", "Bo"),
    seed: int = 1,
    deck: Sequence[int] | None = None,
    reshuffles: Sequence[Sequence[int]] = (),
) -> BlancoState:
    deal = Deal(tuple(deck) if deck is not None else None, tuple(tuple(r) for r in reshuffles))
    state, _ = BlancoState.new(names, seed, deal)
    return state


def setup_all(
    state: BlancoState, reveal: tuple[int, int] = (2, 2), look: tuple[int, int] = (2, 1)
) -> None:
    """Every seat reveals `reveal` and looks at `look` (set-up)."""
    for seat in range(len(state.players)):
        assert state.apply(Setup(seat, reveal, look)).ok


def ready(names: Sequence[str] = ("Ann", "Bo"), seed: int = 1) -> BlancoState:
    """A dealt game past set-up, seat 0 to choose its turn."""
    state = new_game(names, seed)
    setup_all(state)
    assert state.phase == TURN
    return state


def place(
    state: BlancoState,
    player: int,
    rows: Sequence[Sequence[int]],
    up: Sequence[Sequence[bool]] | None = None,
    stage: int | None = None,
    known: Sequence[Sequence[bool]] | None = None,
) -> None:
    """Give `player` exactly this grid (all 120 cards stay accounted for): its old grid cards go
    under the draw pile; the new ones are taken from wherever they are (pile, discard under its
    top, box). `up` defaults to all face up."""
    p = state.players[player]
    wanted = {x for r in rows for x in r}
    state.pile[:0] = [x for r in p.grid for x in r]
    p.grid = []
    for x in wanted:
        _free(state, x, wanted)
        state.pile.remove(x)
    p.grid = [list(r) for r in rows]
    p.up = [list(r) for r in up] if up is not None else [[True] * len(r) for r in rows]
    p.known = [list(r) for r in known] if known else [[False] * len(r) for r in rows]
    if stage is not None:
        p.stage = stage


def _free(state: BlancoState, x: int, wanted: set[int]) -> None:
    """Move card x onto the draw pile, putting a spare pile card where it was."""
    if x in state.pile:
        return
    spare = next(y for y in state.pile if y not in wanted)
    state.pile.remove(spare)
    state.pile.insert(0, x)
    for where in [state.discard, state.box] + [q.hand for q in state.players]:
        if x in where:
            where[where.index(x)] = spare
            return
    for q in state.players:
        for row in q.grid:
            if x in row:
                row[row.index(x)] = spare
                return
    raise ValueError(f"card {x} is nowhere")


def set_hand(state: BlancoState, player: int, cards: Sequence[int]) -> None:
    """Give `player` this hand; the old hand goes under the draw pile."""
    p = state.players[player]
    state.pile[:0] = p.hand
    p.hand = []
    for x in cards:
        _free(state, x, set(cards))
        state.pile.remove(x)
    p.hand = list(cards)


def all_cards(state: BlancoState) -> list[int]:
    """Every card in pile, discard, box, grids and hands (sorted)."""
    cards = state.pile + state.discard + state.box
    for p in state.players:
        cards += [x for r in p.grid for x in r] + p.hand
    return sorted(cards)


def pick(state: BlancoState, rng: random.Random, player: int) -> object:
    """A random legal step, biased towards draws and plays so games move along: plays onto
    cells that make a line likelier (a face-up card of its number in its row, or of its colour
    in its column) are favoured. Those are looked up in each cell's sets, made once a step,
    not worked out again for each of the dozens of plays listed (a third of the property
    tests' time)."""
    actions = state.legal_actions(player)
    draws = [a for a in actions if isinstance(a, Draw)]
    if draws and rng.random() < 0.85:
        return rng.choice(draws)
    plays = [a for a in actions if isinstance(a, (Play, Discard))]
    if plays:
        seen: dict[tuple[int, int], tuple[set[int], set[int]]] = {}
        good = [a for a in plays if isinstance(a, Play) and _helps(state, a, seen)]
        if good and rng.random() < 0.8:
            return rng.choice(good)
    return rng.choice(actions)


# A card's number and colour by id (0 included, as the functions give them).
_NUMBER = tuple(number(card) for card in range(len(ALL_CARDS) + 1))
_COLOUR = tuple(colour(card) for card in range(len(ALL_CARDS) + 1))


def _helps(
    state: BlancoState, a: Play, seen: dict[tuple[int, int], tuple[set[int], set[int]]]
) -> bool:
    known = seen.get(a.at)
    if known is None:
        p = state.players[a.player]
        r, col = a.at
        grid, up = p.grid, p.up
        numbers = {_NUMBER[grid[r][j]] for j in range(len(grid[r])) if j != col and up[r][j]}
        colours = {_COLOUR[grid[i][col]] for i in range(len(grid)) if i != r and up[i][col]}
        known = seen[a.at] = (numbers, colours)
    return _NUMBER[a.card] in known[0] or _COLOUR[a.card] in known[1]


def play_random(state: BlancoState, rng: random.Random, max_steps: int = 2000) -> list:
    """Play random steps until the game ends or max_steps; returns the events."""
    events: list = []
    for _ in range(max_steps):
        if state.is_terminal():
            break
        player = state.waiting_for()[0]
        out = state.apply(pick(state, rng, player))
        assert out.ok, out.refusal
        events += out.events
    return events
