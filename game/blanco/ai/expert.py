"""Blanco's Expert: Hard, looking one turn further when it places or discards a card.

Hard judges a play or a discard by the grid it leaves. Two grids it rates alike (the same card
in different cells, often) can differ in what the next draw will make of them: one keeps lines
that many pile cards complete, the other does not. Among Hard's steps rated within `margin`
of its best, Expert adds to each the gain its own next turn can expect from a pile draw
(`turns.pile_value`, each card the pile may hold weighed by what the seat has seen go by), on
the grid left once the step's clears are done. Its evaluation reads each grid's plan as the
turns it really takes (`Params.calibrated`, model.CURVE: measured over Hard's solo games, the
last few plan units are whole turns, the rest about a third of one).
Everything comes from the seat's view and its memory of cards shown to it.

Its reward look, after a clear, goes to the unknown card whose knowing leaves the grid valued
best on average over the cards it may be (`look_by_worth`; Hard looks in the fullest lines).

Its strength (bench/blanco.py: target 0.35 of 4-seat games won against three Hard) and the
variants measured on paired seeds and not kept (wider margins, denial, a sampled
play-forward, other weights...) are in docs/bots.md.

Pure: no pygame.
"""

from __future__ import annotations

from game.blanco.rules.actions import Action, Discard, Look, Play
from game.blanco.rules.state import BlancoState

from .bots import HardBot, own_grid
from .model import ALL, COLS, NUMS, Evaluator, Grid, complete, put, remove
from .turns import fitting_sample, pile_value, step_value, with_reveal


def settled(ev: Evaluator, g: Grid, hand: list[int], stage: int) -> Grid:
    """The grid once every clear it sets off is done, in the order the evaluation prefers
    (as `Evaluator.settle` values it); () when it empties."""
    while g:
        lines = complete(g)
        if not lines:
            return g
        if len(lines) == 1:
            g = remove(g, lines[0])
            continue
        g = max(
            (remove(g, line) for line in lines),
            key=lambda rest: (
                ev.settle(rest, hand, stage, 1) if rest else ev.value(rest, hand, stage)
            ),
        )
    return g


class ExpertBot(HardBot):
    """Hard, with each of its best plays and discards judged one pile draw further, and its
    reward look weighed card by card."""

    level = "expert"
    # its grid's plan read as the turns it really takes (model.CURVE): the last few plan units
    # weigh about three times the others; a line cleared now worth 0.6 (Hard's 0.3): in a race
    # a sure line this turn beats the same plan cost spread over later turns (see the docstring)
    params = HardBot.params._replace(calibrated=True, clear=0.6)
    width = 6  # Hard's best steps looked at one turn further ...
    # ... when within this many turns of the best: the next turn's expected gain, a max over
    # noisy estimates, flatters grids with more to mend, so it only settles near-ties (counted
    # in full it made grids worse to mend them later: 34 turns on a solo deal Hard takes 22)
    margin = 0.05

    # The reward look at the unknown card whose knowing leaves the grid valued best on average
    # over the cards it may be (Hard's: the one in the fullest lines): see the docstring.
    weigh_looks = True

    def decide(self, view: BlancoState, player: int, legal: list[Action]) -> Action:
        if view.phase == "look" and self.weigh_looks:
            chosen = self.look_by_worth(view, player, legal)
            if chosen is not None:
                return chosen
        if view.phase != "play":
            return super().decide(view, player, legal)
        ev = self.evaluator(view, player)
        p = view.players[player]
        g = own_grid(view, player)
        hand = list(p.hand)
        feed = self.feeder(view, player)
        ranked = sorted(
            (
                (step_value(ev, g, hand, p.stage, a) - self.fed(feed, g, a), i)
                for i, a in enumerate(legal)
            ),
            key=lambda t: (-t[0], t[1]),
        )[: self.width]
        ranked = [t for t in ranked if t[0] >= ranked[0][0] - self.margin]
        if len(ranked) == 1:
            return legal[ranked[0][1]]
        gone = self.unavailable(view, player)
        pool = [c for c in ALL if c not in gone]
        best, best_value = legal[ranked[0][1]], -1e18
        for value, i in ranked:
            a = legal[i]
            value += self.next_gain(ev, g, hand, p.stage, a, pool)
            if value > best_value:
                best, best_value = a, value
        return best

    def look_by_worth(self, view: BlancoState, player: int, legal: list[Action]) -> Action | None:
        """Among plain looks at unknown cards, the one whose card, once known, leaves the grid
        valued best on average over the cards it may be (None: Hard's choice)."""
        looks = [a for a in legal if isinstance(a, Look)]
        if len(looks) != len(legal) or any(a.reveal for a in looks):
            return None
        ev = self.evaluator(view, player)
        p = view.players[player]
        g = own_grid(view, player)
        hand = list(p.hand)
        unknown = [a for a in looks if not g[a.at[0]][a.at[1]][0]]
        if len(unknown) < 2:
            return None
        gone = self.unavailable(view, player)
        pool = [c for c in ALL if c not in gone]
        nums = {NUMS[c] for row in g for c, _ in row if c} | {NUMS[c] for c in hand}
        cols = {COLS[c] for row in g for c, _ in row if c} | {COLS[c] for c in hand}
        # As a pile draw is weighed (hand cards count as known numbers and colours here).
        chosen, share, junk = fitting_sample(pool, nums, cols, self.sample)
        best, best_value = None, -1e18
        for a in unknown:
            total = weight = 0.0
            if junk:
                total += len(junk) * ev.value(put(g, a.at, (junk[0], False)), hand, p.stage)
                weight += len(junk)
            for c in chosen:
                total += share * ev.value(put(g, a.at, (c, False)), hand, p.stage)
                weight += share
            value = total / weight if weight else 0.0
            if value > best_value:
                best, best_value = a, value
        return best

    def next_gain(
        self, ev: Evaluator, g: Grid, hand: list[int], stage: int, a: Action, pool: list[int]
    ) -> float:
        """What a pile draw at the next turn is expected to add to the grid this step leaves
        (0 when the step empties the grid: a win, or a fresh grid unknown yet)."""
        if isinstance(a, Play):
            after = put(g, a.at, (a.card, True))
        elif isinstance(a, Discard):
            after = with_reveal(g, a.reveal) if a.reveal else g
        else:
            return 0.0
        rest = list(hand)
        rest.remove(a.card)
        after = settled(ev, after, rest, stage)
        if not after:
            return 0.0
        return pile_value(ev, after, rest, stage, pool, sample=self.sample) - ev.value(
            after, rest, stage
        )
