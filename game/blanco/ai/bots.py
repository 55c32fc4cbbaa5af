"""Blanco's computer players: Easy, Normal and Hard, and the hint (Hard's choice).

Every bot decides from the view it is shown (`state.view_for(seat)`), never from hidden cards;
any randomness comes from `self.rng` (`random.Random(f"{seed}/blanco-bot/{seat}")`), which the
app saves and restores; bots are plain picklable objects.

- Easy: plays a card where it shares a number with its row or a colour with its column, else
  discards and reveals at random; takes the discard only when it fits; never swaps.
- Normal, a fair mid-level opponent: every step by the static evaluation of its own grid
  (model.py: the turns a greedy plan of clears still needs, the cheapest line first, never
  every order), judged by the cards in sight only (no memory of what went by); it takes the
  discard when that beats a pile draw's rough worth (not weighed card by card), swaps only
  when a swap saves about three turns (a clear, the win), picks the clear order by the grid
  each clear leaves (no chain look) and never minds what its discard gives the next player.
- Hard: the same evaluation with a deeper plan (small grids planned in every order, so it sees
  chain reactions and avoids ending on a lone long line), clear order by the chains each clear
  sets off, a taken discard kept for later when that is worth more, swaps that help, the draw
  pile weighed card by card against what it has seen go by (a memory of every card shown to it
  since the last reshuffle: none of those can be in the pile), the whole turn looked through;
  it minds what its discard gives the next player (a line costs it a turn, the next player's
  win is never handed over while another step is left).

Pure: no pygame.
"""

from __future__ import annotations

import random
from collections.abc import Callable

from game.blanco.rules.actions import (
    DISCARD,
    PILE,
    Action,
    Clear,
    Discard,
    Draw,
    Look,
    Play,
    Setup,
    Swap,
)
from game.blanco.rules.cards import colour, number
from game.blanco.rules.grid import PlayerState
from game.blanco.rules.state import BlancoState

from .model import ALL, Evaluator, Grid, Params, grid_of, remove
from .turns import after_draw, feed_gain, pile_value, step_value, with_reveal

LEVELS = ("easy", "normal", "hard", "expert")
SWAP_MARGIN = 0.15  # a swap must beat the best draw by this much
MAX_SWAPS = 2  # swaps in a row before a bot must draw (every game makes progress)
RECENT = 12  # turn-start positions remembered: one seen again means a loop, so draw anew
Position = tuple[Grid, tuple[int, ...], int | None]  # grid, hand, top discard


def own_grid(view: BlancoState, seat: int) -> Grid:
    p = view.players[seat]
    return grid_of(p.grid, p.up)


def visible_cards(view: BlancoState, seat: int) -> set[int]:
    """Every card id this view shows: face-up grid cards, the seat's hand and looked-at cards,
    the top of the discard pile."""
    out = {c for p in view.players for row in p.grid for c in row if c}
    out.update(c for c in view.players[seat].hand if c)
    if view.discard and view.discard[-1]:
        out.add(view.discard[-1])
    return out


class BaseBot:
    """Shared machinery: the rng, the swap guard and the steps every level takes alike."""

    level = "base"

    def __init__(self, seed: int, seat: int) -> None:
        self.seed = seed
        self.seat = seat
        self.rng = random.Random(f"{seed}/blanco-bot/{seat}")
        self.swaps = 0  # swaps in a row (Normal, Hard)
        self.recent: list[Position] = []  # positions at the start of its last turns (Normal, Hard)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(seed={self.seed}, seat={self.seat})"

    def choose(self, view: BlancoState, player: int) -> Action:
        legal = view.legal_actions(player)
        if not legal:
            raise ValueError(f"player {player} has nothing to do now")
        self.observe(view, player)
        if len(legal) == 1:
            return legal[0]
        action = self.decide(view, player, legal)
        if isinstance(action, Swap):
            self.swaps += 1
        elif isinstance(action, Draw):
            self.swaps = 0
        return action

    def decide(self, view: BlancoState, player: int, legal: list[Action]) -> Action:
        raise NotImplementedError

    def observe(self, view: BlancoState, player: int) -> None:
        """Remember what the view shows (Hard); the others remember nothing."""

    def looping(self, view: BlancoState, player: int) -> bool:
        """At the start of a turn: True when this very position (grid, hand, top discard) came
        up at one of the last turns; the bot then draws from the pile, breaking the circle."""
        p = view.players[player]
        key = (own_grid(view, player), tuple(sorted(p.hand)), view.top_discard)
        if key in self.recent:
            return True
        self.recent = self.recent[-(RECENT - 1) :] + [key]
        return False


class EasyBot(BaseBot):
    """Simple rules, a little chance; always draws (so every turn moves the game on)."""

    level = "easy"

    def decide(self, view: BlancoState, player: int, legal: list[Action]) -> Action:
        phase = view.phase
        p = view.players[player]
        if phase in ("setup", "look", "clear"):
            plain = [a for a in legal if getattr(a, "reveal", None) is not True]
            return self.rng.choice(plain or legal)
        if phase == "turn":
            top = view.top_discard
            if top and self.fits(p, top) and not self.looping(view, player):
                return Draw(player, DISCARD)
            return Draw(player, PILE)
        plays = []
        for card in dict.fromkeys(p.hand):
            for r, c in p.cells():
                score = self.fit_score(p, card, r, c)
                if score > 0:
                    plays.append((score, Play(player, card, (r, c))))
        if plays:
            top = max(s for s, _ in plays)
            return self.rng.choice([a for s, a in plays if s == top])
        discards = [a for a in legal if isinstance(a, Discard)]
        return self.rng.choice(discards)

    def fits(self, p: PlayerState, card: int) -> bool:
        return any(self.fit_score(p, card, r, c) > 0 for r, c in p.cells())

    @staticmethod
    def fit_score(p: PlayerState, card: int, r: int, c: int) -> int:
        """How many face-up cards of the row share the card's number, plus those of the column
        sharing its colour; 0 when the cell already fits as well (nothing gained)."""

        def score(x: int) -> int:
            row = sum(
                1
                for j in range(p.cols)
                if j != c and p.up[r][j] and number(p.grid[r][j]) == number(x)
            )
            col = sum(
                1
                for i in range(p.rows)
                if i != r and p.up[i][c] and colour(p.grid[i][c]) == colour(x)
            )
            return row + col

        gain = score(card)
        here = p.grid[r][c]
        if p.up[r][c] and here and score(here) >= gain:
            return 0
        return gain


class NormalBot(BaseBot):
    """Mid-level and greedy: every step by the static evaluation of the seat's own grid, from
    the cards in sight; no memory, no feed check, no chain planning, rare swaps."""

    level = "normal"
    # no all-orders planning: a mid-level player sees the next clear, not the chain after it
    params = Params(full=0)
    pile_bonus = 0.3  # a pile draw's rough worth over playing the hand alone
    swap_margin = 3.0  # a swap must save about three turns (a clear, the win): swaps are rare
    # True: the discard taken only when that very card is then played; a Normal that way lost
    # too often to Easy (0.42 of 4-player games on 200 paired seeds, against 0.525 without)
    direct_discard = False
    clear_order = False  # clears in the order that looks best now, no chain look

    def evaluator(self, view: BlancoState, seat: int) -> Evaluator:
        return Evaluator(visible_cards(view, seat), self.params)

    def decide(self, view: BlancoState, player: int, legal: list[Action]) -> Action:
        ev = self.evaluator(view, player)
        p = view.players[player]
        g = own_grid(view, player)
        hand = list(p.hand)
        phase = view.phase
        if phase == "setup":
            return self.setup(legal)
        if phase == "clear":
            clears = [a for a in legal if isinstance(a, Clear)]  # all of them, in this phase
            if not self.clear_order:
                return max(
                    clears,
                    key=lambda a: ev.value(
                        remove(g, (0 if a.line == "row" else 1, a.line_no)), hand, p.stage
                    ),
                )
            return max(
                clears,
                key=lambda a: ev.settle(
                    remove(g, (0 if a.line == "row" else 1, a.line_no)),
                    hand,
                    p.stage,
                    view.cleared + 1,
                    not view.looked,
                ),
            )
        if phase == "look":
            return self.look(ev, g, hand, p.stage, legal)
        feed = self.feeder(view, player)
        if phase == "play":
            return max(
                legal, key=lambda a: step_value(ev, g, hand, p.stage, a) - self.fed(feed, g, a)
            )
        # the turn: draw from the pile, from the discard pile, or swap
        top = view.top_discard
        best_draw = Draw(player, PILE)
        if self.looping(view, player):
            return best_draw
        v_draw = self.pile(ev, g, hand, p.stage, view, player)
        if top and any(isinstance(a, Draw) and a.source == DISCARD for a in legal):
            options = after_draw(ev, g, hand + [top], p.stage, feed)
            v_top, step = options[0]
            direct = not self.direct_discard or (step[0] == "play" and step[1] == top)
            if direct and v_top > v_draw:
                best_draw, v_draw = Draw(player, DISCARD), v_top
        if self.swaps < MAX_SWAPS:
            swaps = [a for a in legal if isinstance(a, Swap)]
            if swaps:
                vs = [(step_value(ev, g, hand, p.stage, a), i) for i, a in enumerate(swaps)]
                v, i = max(vs, key=lambda t: (t[0], -t[1]))
                if v > v_draw + self.swap_margin:
                    return swaps[i]
        return best_draw

    def feeder(self, view: BlancoState, player: int) -> Callable[[int], float] | None:
        """The cost of leaving a card on the discard pile for the next player (Hard)."""
        return None

    @staticmethod
    def fed(feed: Callable[[int], float] | None, g: Grid, a: Action) -> float:
        if feed is None:
            return 0.0
        if isinstance(a, Play):
            return feed(g[a.at[0]][a.at[1]][0])
        if isinstance(a, Discard):
            return feed(a.card)
        return 0.0

    def pile(
        self, ev: Evaluator, g: Grid, hand: list[int], stage: int, view: BlancoState, player: int
    ) -> float:
        return after_draw(ev, g, hand + [0], stage)[0][0] + self.pile_bonus

    @staticmethod
    def setup(legal: list[Action]) -> Action:
        """Reveal one card and look at another of the same column (columns clear easier)."""
        for a in legal:
            if isinstance(a, Setup) and a.reveal[1] == a.look[1]:
                return a
        return legal[0]

    def look(
        self, ev: Evaluator, g: Grid, hand: list[int], stage: int, legal: list[Action]
    ) -> Action:
        """Reveal a looked-at card that helps (after a chain), else look at an unknown card
        in the lines that are closest to complete."""
        info = ev.params.look

        def worth(a: Look) -> float:
            card, _ = g[a.at[0]][a.at[1]]
            if a.reveal:
                v = ev.settle(with_reveal(g, a.at), hand, stage, 0, False)
                return v + (info if not card else 0.0)
            v = ev.value(g, hand, stage)
            if card:
                return v - 0.01
            r, c = a.at
            near = sum(1 for x, _ in g[r] if x) + sum(1 for row in g if row[c][0])
            return v + info + 0.001 * near

        return max([a for a in legal if isinstance(a, Look)], key=worth)  # all, in this phase


class HardBot(NormalBot):
    """Looks through the whole turn, remembers every card it has been shown."""

    level = "hard"
    # the weights chosen by self-play (bench/blanco_tune.py, paired seeds against 3 Normal)
    params = Params(lookahead=True, full=6, reveal=0.6, k_draw=0.3)
    swap_margin = SWAP_MARGIN
    clear_order = True
    sample = 16  # fitting pile cards weighed one by one (the rest stand in between)
    feed_cost = 1.0  # turns: a discard that completes a line of the next player's grid
    feed_ahead = 1.0  # the feed cost's factor when the next player is level or ahead
    feed_slack = 2  # cards: "level" for the race

    def __init__(self, seed: int, seat: int) -> None:
        super().__init__(seed, seat)
        self.seen: set[int] = set()
        self.reshuffles = 0

    def observe(self, view: BlancoState, player: int) -> None:
        if len(view.reshuffles) != self.reshuffles:
            self.reshuffles = len(view.reshuffles)
            self.seen = set()
        self.seen |= visible_cards(view, player)

    def feeder(self, view: BlancoState, player: int) -> Callable[[int], float] | None:
        if len(view.players) < 2:
            return None
        n = (player + 1) % len(view.players)
        nxt, stage = own_grid(view, n), view.players[n].stage
        # race awareness: a line handed to a seat that is level with or ahead of this one
        # costs more than one handed to a seat far behind
        ahead = view.players[n].cards_left <= view.players[player].cards_left + self.feed_slack
        cost = self.feed_cost * (self.feed_ahead if ahead else 1.0)
        return lambda card: cost * feed_gain(nxt, card, stage)

    def unavailable(self, view: BlancoState, seat: int) -> set[int]:
        return self.seen | visible_cards(view, seat)

    def evaluator(self, view: BlancoState, seat: int) -> Evaluator:
        return Evaluator(self.unavailable(view, seat), self.params)

    def pile(
        self, ev: Evaluator, g: Grid, hand: list[int], stage: int, view: BlancoState, player: int
    ) -> float:
        gone = self.unavailable(view, player)
        pool = [c for c in ALL if c not in gone]
        return pile_value(ev, g, hand, stage, pool, sample=self.sample)


def hint(view: BlancoState, seat: int) -> Action:
    """Hard's choice for the seat's next step, from its view (it has no memory of earlier
    turns, so it judges the pile by what the view shows). ValueError if nothing to do."""
    if seat not in view.waiting_for():
        raise ValueError(f"player {seat} has nothing to do now")
    return HardBot(0, seat).choose(view, seat)
