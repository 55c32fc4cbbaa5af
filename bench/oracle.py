"""A benchmark-only Lucky Box player that knows the whole deal: the bound Expert is measured
against (bench/bots.py's `oracle_mean`). It never appears in the game.

Before its first choice it reads the full GameState (every number of every round, and the
Lucky Box pile, so the cards each draft will offer) and searches the whole game for the best
line through that deal: a beam search over every choice (the 10 ways to keep 3 of 5 cards,
each cross with any Lightning, the order and squares of every bonus, each draft's pick), its
positions merged when they agree on everything that matters (cards, crossed squares, tokens,
stars, banked points), ranked between numbers by the static evaluation and at the game's end
by the exact score. Then it plays that line.

A beam search finds a good line, not always the best, so the best score a deal allows is at
least what the oracle scores; no strategy that plays from its seat's view can expect more than
that best score, so `oracle_mean` estimates the bound from below (wider beams score a little
more: docs/bots.md gives the figures). Solo games only (the benchmark's).

`RoundOracleBot` (bench/bots.py's `round_oracle_mean`) is a second, nearer bound, estimated
from below the same way: told only the numbers of the round being played, it shows what search
within a round can gain for a player that judges the rounds to come as Expert does.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from game.luckybox.ai.evaluate import Evaluator
from game.luckybox.ai.expert import ExpertBot
from game.luckybox.ai.model import FULL_POOL, Position, position_of, revealed
from game.luckybox.rules import Action, Cross, GameState, Keep, Pass, Pick, Resolve
from game.luckybox.rules.cards import (
    CELLS_OF_MASK,
    FULL,
    LIGHTNING,
    LINES,
    LINES_DONE,
    MOON,
    NUMBER,
    POPCOUNT,
    STAR,
    Bonus,
    CardFace,
)
from game.luckybox.rules.state import (
    CARD_POINTS,
    NUMBERS_PER_ROUND,
    PLAY,
    ROUNDS,
    SOLO_MOON_POINTS,
    STAR_POINTS,
    shift,
)

# A bonus waiting to be placed: (slot of its card, "row" | "col", index, bonus).
Waiting = tuple[int, str, int, Bonus]
# What positions are merged by within a round: cards, masks, Lightning, moons, stars, banked.
Key = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int]


class Node:
    """A position in the search and the actions that led to it from its parent."""

    __slots__ = ("cards", "masks", "lightning", "moons", "stars", "banked", "parent", "acts")

    def __init__(
        self,
        cards: tuple[int, ...],
        masks: tuple[int, ...],
        lightning: int,
        moons: int,
        stars: int,
        banked: int,
        parent: Node | None,
        acts: tuple[Action, ...],
    ) -> None:
        self.cards = cards
        self.masks = masks
        self.lightning = lightning
        self.moons = moons
        self.stars = stars  # circled this round (3 at most count)
        self.banked = banked  # points scored in earlier rounds
        self.parent = parent
        self.acts = acts

    def key(self) -> Key:
        return (self.cards, self.masks, self.lightning, self.moons, self.stars, self.banked)


class Turns:
    """Every distinct outcome of one number for one position: each cross (with any Lightning)
    or the pass, then every order and square of the bonuses it wins."""

    def __init__(self, faces: tuple[CardFace, ...], player: int) -> None:
        self.faces = faces
        self.player = player

    def outcomes(self, node: Node, number: int) -> list[Node]:
        faces, cards, masks = self.faces, node.cards, node.masks
        self.found: dict[Key, Node] = {}
        self.seen: set[tuple[object, ...]] = set()
        self.node = node
        if not any(faces[c].number_mask[number] & ~m for c, m in zip(cards, masks, strict=True)):
            self.found[node.key()] = Node(*node.key(), node, (Pass(self.player),))
        for target, spend in _reachable(number, min(node.lightning, 4)):
            for slot, card in enumerate(cards):
                for cell in CELLS_OF_MASK[faces[card].number_mask[target] & ~masks[slot] & FULL]:
                    state = [list(masks), node.lightning - abs(spend), node.moons, node.stars]
                    waiting = self._cross(state, slot, cell, [])
                    self._settle(state, waiting, (Cross(self.player, card, cell, spend),))
        return list(self.found.values())

    def _cross(
        self, state: list[Any], slot: int, cell: int, waiting: list[Waiting]
    ) -> list[Waiting]:
        """Cross a square in `state` ([masks, lightning, moons, stars]); returns `waiting` with
        the number and question-mark bonuses won added."""
        masks = state[0]
        mask = masks[slot] = masks[slot] | 1 << cell
        face = self.faces[self.node.cards[slot]]
        for done in LINES_DONE[cell][mask]:
            line, index = LINES[done]
            bonus = face.row_bonus[index] if line == "row" else face.col_bonus[index]
            kind = bonus[0]
            if kind == STAR:
                state[3] = min(3, state[3] + 1)
            elif kind == LIGHTNING:
                state[1] += bonus[1]
            elif kind == MOON:
                state[2] += 1
            elif kind != "blank":
                waiting = waiting + [(slot, line, index, bonus)]
        return waiting

    def _targets(self, masks: list[int], bonus: Bonus) -> list[tuple[int, int]]:
        out: list[tuple[int, int]] = []
        for slot, card in enumerate(self.node.cards):
            open_cells = FULL ^ masks[slot]
            if bonus[0] == NUMBER:
                open_cells &= self.faces[card].number_mask[bonus[1]]
            out.extend((slot, cell) for cell in CELLS_OF_MASK[open_cells])
        return out

    def _settle(self, state: list[Any], waiting: list[Waiting], acts: tuple[Action, ...]) -> None:
        masks = state[0]
        waiting = [w for w in waiting if self._targets(masks, w[3])]
        seen = (tuple(masks), state[1], state[2], state[3], tuple(sorted(waiting)))
        if seen in self.seen:
            return
        self.seen.add(seen)
        if not waiting:
            node = self.node
            lightning, moons, stars = state[1], state[2], state[3]
            child = Node(node.cards, tuple(masks), lightning, moons, stars, node.banked, node, acts)
            self.found.setdefault(child.key(), child)
            return
        cards = self.node.cards
        for i, (slot, line, index, bonus) in enumerate(waiting):
            rest = waiting[:i] + waiting[i + 1 :]
            for target, cell in self._targets(masks, bonus):
                trial = [list(masks), *state[1:]]
                more = self._cross(trial, target, cell, rest)
                act = Resolve(self.player, cards[slot], line, index, cards[target], cell)
                self._settle(trial, more, (*acts, act))


def _reachable(number: int, tokens: int) -> list[tuple[int, int]]:
    out = [(number, 0)]
    for spend in range(1, tokens + 1):
        out.append((shift(number, spend), spend))
        out.append((shift(number, -spend), -spend))
    return out


class OracleSearch:
    """The beam search over one solo deal."""

    def __init__(self, state: GameState, width: int, player: int = 0) -> None:
        assert len(state.players) == 1, "the oracle plays solo deals"
        self.state, self.width, self.player = state, width, player
        self.faces = state.faces
        self.value = Evaluator()
        self.turns = Turns(state.faces, player)

    def rank(
        self, nodes: list[Node], round_no: int, left: int, pool: tuple[int, ...]
    ) -> list[Node]:
        """The `width` best nodes by static evaluation (duplicates merged)."""
        unique = {n.key(): n for n in nodes}
        if len(unique) <= self.width:
            return list(unique.values())
        ranked = sorted(
            unique.values(), key=lambda n: self.judged(n, round_no, left, pool), reverse=True
        )
        # Each set of cards in play (the keeps and picks so far) keeps a share of the beam:
        # the evaluation's taste in cards must not crowd out the others' lines.
        groups = len({n.cards for n in ranked})
        quota = max(1, self.width // (2 * groups))
        taken: dict[tuple[int, ...], int] = {}
        kept: list[Node] = []
        rest: list[Node] = []
        for n in ranked:
            count = taken.get(n.cards, 0)
            if count < quota:
                taken[n.cards] = count + 1
                kept.append(n)
            else:
                rest.append(n)
        return (kept + rest)[: self.width]

    def judged(self, n: Node, round_no: int, left: int, pool: tuple[int, ...]) -> float:
        """The static evaluation of a node with `left` numbers of round `round_no` to come."""
        faces = self.faces
        pos = Position(
            list(n.cards),
            [faces[c] for c in n.cards],
            list(n.masks),
            n.lightning,
            n.moons,
            n.stars,
            round_no,
            left,
            pool,
            n.banked,
        )
        return self.value(pos)

    def plan(self) -> list[Action]:
        """The best line found through the whole deal, as the player's actions in order."""
        state, player = self.state, self.player
        hand = tuple(state.players[player].hand)
        pile = state.draw_pile[::-1]  # top card first: the drafts' hands, 3 cards each
        p = state.players[player]
        beam = [
            Node(kept, (0, 0, 0), p.lightning, p.moons, 0, 0, None, (Keep(player, kept),))
            for kept in combinations(hand, 3)
        ]
        beam = self.rank(beam, 1, NUMBERS_PER_ROUND, FULL_POOL)
        for r in range(ROUNDS):
            beam = [self.scored(node, r) for node in self.through_round(beam, r + 1)]
            if r + 1 < ROUNDS:
                offer = pile[3 * r : 3 * r + 3]
                picks = [
                    Node(
                        (*n.cards, card),
                        (*n.masks, 0),
                        n.lightning,
                        n.moons,
                        0,
                        n.banked,
                        n,
                        (Pick(player, card),),
                    )
                    for n in beam
                    for card in offer
                ]
                beam = self.rank(picks, r + 2, NUMBERS_PER_ROUND, FULL_POOL)
        best = max(beam, key=final_score)
        self.score = final_score(best)
        return line_to(best)

    def through_round(self, beam: list[Node], r: int) -> list[Node]:
        """The beam once round r's (from 1) numbers are played, as `rank` keeps it after each
        number."""
        pool: tuple[int, ...] = FULL_POOL
        for i, number in enumerate(self.state.numbers[r - 1]):
            pool = revealed(pool, number)
            children = [c for node in beam for c in self.turns.outcomes(node, number)]
            beam = self.rank(children, r, NUMBERS_PER_ROUND - 1 - i, pool)
        return beam

    def best_of_round(self, start: Node, r: int) -> Node:
        """The best position found at the end of round r (from 1) from `start`, by the static
        evaluation after the round's last number."""
        pool: tuple[int, ...] = FULL_POOL
        for number in self.state.numbers[r - 1]:
            pool = revealed(pool, number)
        beam = self.through_round([start], r)
        return max(beam, key=lambda n: self.judged(n, r, 0, pool))

    def scored(self, node: Node, r: int) -> Node:
        """The node once round r (0-based) is scored: completed cards banked and put away."""
        keep = [(c, m) for c, m in zip(node.cards, node.masks, strict=True) if m != FULL]
        done = len(node.cards) - len(keep)
        banked = node.banked + CARD_POINTS[r] * done + STAR_POINTS[node.stars]
        out = Node(
            tuple(c for c, _ in keep),
            tuple(m for _, m in keep),
            node.lightning,
            node.moons,
            0,
            banked,
            node.parent,
            node.acts,
        )
        return out


def line_to(node: Node) -> list[Action]:
    """The actions from the search's start to `node`, in order."""
    line: list[Action] = []
    step: Node | None = node
    while step is not None:
        line[:0] = step.acts
        step = step.parent
    return line


def final_score(node: Node) -> int:
    """The Mega Total of a node after the last round is scored."""
    moons = SOLO_MOON_POINTS[min(node.moons, len(SOLO_MOON_POINTS) - 1)]
    return node.banked + sum(POPCOUNT[m] for m in node.masks) // 2 + moons


class OracleBot:
    """Plays the line OracleSearch finds, reading the full state (never a seat's view)."""

    width = 300  # positions kept between two numbers

    def __init__(self, seed: int, seat: int, width: int | None = None) -> None:
        self.seat = seat
        self.width = width or self.width
        self.line: list[Action] = []
        self.expected: int | None = None

    def choose(self, state: GameState, player: int) -> Action:
        if not state.actions:  # the set-up keep: search the whole deal
            search = OracleSearch(state, self.width, player)
            self.line = search.plan()
            self.expected = search.score
        return self.line.pop(0)


class RoundOracleBot:
    """A bound for search within a round (bench/bots.py's `round_oracle_mean`): Expert's keeps
    and picks, from its seat's view, but each round's crosses from the search above told that
    round's numbers and nothing beyond, judged after its last number by the static evaluation,
    as Expert judges the rounds to come. What knowing a round's numbers in advance is worth to
    a player that weighs the later rounds as Expert does, estimated from below (a wider beam
    finds more): a bound for any search within a round from a seat's view that judges the
    rounds to come so."""

    width = 300  # positions kept between two numbers

    def __init__(self, seed: int, seat: int, width: int | None = None) -> None:
        self.expert = ExpertBot(seed, seat)
        self.width = width or self.width
        self.line: list[Action] = []
        self.round = 0  # the round whose line is being played
        self.planned: Node | None = None  # where that line ends

    def choose(self, state: GameState, player: int) -> Action:
        if state.phase != PLAY:  # keeps and picks: Expert's, from the seat's view
            return self.expert.choose(state.view_for(player), player)
        if state.round != self.round:
            assert state.index == 0 and not self.line, "a round's line starts at its first number"
            pos = position_of(state, player)
            start = Node(
                tuple(pos.cards),
                tuple(pos.masks),
                pos.lightning,
                pos.moons,
                pos.stars,
                pos.banked,
                None,
                (),
            )
            search = OracleSearch(state, self.width, player)
            self.planned = search.best_of_round(start, state.round)
            self.line, self.round = line_to(self.planned), state.round
        return self.line.pop(0)
