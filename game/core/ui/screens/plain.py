"""Core's scenes for a game that gives none of its own: the screens filled from what every game's
rules and records say (game/core/ui/plain_routes.py puts them under the game's routes).

- `SetupScene`: the seats (the game's range, the first a person, the others computers) and the
  seed, each seat's badge;
- `start_game` / `continue_game`: the core table around the game's kit (`GameUI.table_kit`);
- `GameEndScene`: who won and every seat's total, read from the game's own record summary
  (`record_scores(summary(state))`), so a game's end says what its records say;
- `ReplayScene`: a kept game played again on the same table, driven by its record;
- `same_deal`: a kept game's seats and seed to play again, its totals to compare with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, TypeVar

import pygame

from game.core.game import GameRecords, GameState
from game.core.i18n import t
from game.core.records import game_of, replay
from game.core.session import Challenge, Seat, Session, make_challenge, seat_kinds
from game.core.ui.screens.gameend import Choice, GameEndScreen
from game.core.ui.screens.replay import ReplayScreen
from game.core.ui.screens.setup import SameDeal, SetupScreen
from game.core.ui.table import Table, resume_saved
from game.core.ui.toolkit.paint import INK, WHITE, YELLOW, draw_panel

if TYPE_CHECKING:
    from game.core.saves import SavedTable
    from game.core.storage import LoadedSave
    from game.core.table_session import TableSession
    from game.core.ui.context import Context
    from game.core.ui.table.scene import KitMaker, Move
    from game.core.ui.toolkit.animator import ShownBoard

#: A game's own state class, as its records read it.
S = TypeVar("S", bound=GameState)


def _kit(ctx: Context, game_id: str) -> KitMaker[GameState, Move, ShownBoard]:
    kit = ctx.game_ui(game_id).table_kit
    if kit is None:
        raise LookupError(f"{game_id} has no table kit: it gives its own table scenes")
    return kit


def scores(rules: GameRecords[S], state: S, seats: int) -> tuple[list[int], list[int]]:
    """Each seat's total and the winners, as the game's record summary says them."""
    read = rules.record_scores(rules.summary(state), seats)
    if read is None:
        return [0] * seats, []
    return list(read["totals"]), list(read["winners"])


class SetupScene(SetupScreen):
    """Seats in the game's range and the seed; the screen deals through `{id}.start_game`."""

    def __init__(
        self,
        ctx: Context,
        game_id: str,
        seats: int = 2,
        same_deal: SameDeal | None = None,
        seed: int | None = None,
    ) -> None:
        rules = ctx.game_ui(game_id).game.rules
        self.game_id, self.min_seats, self.max_seats = game_id, rules.min_players, rules.max_players
        super().__init__(ctx, seats, same_deal, seed)

    def computer_by_default(self, i: int) -> bool:
        return i > 0

    def draw_body(self, surface: pygame.Surface) -> None:
        for i in range(self.seats):
            self.draw_badge(surface, i, 34)


def start_game(
    ctx: Context,
    game_id: str,
    seats: Sequence[Seat],
    seed: int,
    demo: bool = False,
    on_game_over: Callable[[TableSession[GameState, Move]], None] | None = None,
    deal: object = None,
    challenge: Challenge | None = None,
    **_: object,
) -> Table[GameState, Move, ShownBoard]:
    """Deal the game to `seats` at `seed` (or a kept `deal`) and open its table."""
    game = ctx.game_ui(game_id).game
    session: Session[GameState, Move] = Session(list(seats), seed, None, deal, game=game)
    session.challenge = challenge
    scene: Table[GameState, Move, ShownBoard] = Table(
        ctx, session, _kit(ctx, game_id), demo=demo, on_game_over=on_game_over
    )
    ctx.stack.clear_to(scene)
    return scene


def continue_game(
    ctx: Context, game_id: str, saved: LoadedSave | SavedTable | None = None
) -> str | None:
    """The game's saved table, where it stood; or the line saying why there is none."""
    resumed = resume_saved(ctx, game_id, saved)
    if isinstance(resumed, str):
        return resumed
    session, where = resumed
    ctx.stack.clear_to(Table(ctx, session, _kit(ctx, game_id), resume=where))
    return None


def same_deal(ctx: Context, game_id: str, record: dict[str, object], label: str) -> SetupScene:
    """The set-up for a kept game's deal: its seats, its seed and deal, its totals to beat."""
    done = replay(record, ctx.game_ui(game_id).game)  # a bad record: RecordError, one line
    names = list(done.parsed.names)
    totals, _ = scores(done.game.rules, done.state, len(names))
    deal = SameDeal(
        names,
        seat_kinds(record, len(names)),
        done.parsed.seed,
        done.parsed.deal,
        make_challenge(names, totals, label),
        label,
        done.parsed.options,
    )
    return SetupScene(ctx, game_id, same_deal=deal)


class GameEndScene(GameEndScreen):
    """Who won, and every seat's total (as the game's record summary says them)."""

    def __init__(
        self,
        ctx: Context,
        session: Session[GameState, Move],
        demo: bool = False,
        again: Choice | None = None,
        back: Choice | None = None,
        on_exit: Callable[[], None] | None = None,
    ) -> None:
        self.game_id = session.game.id
        super().__init__(ctx, session, demo, again, back, on_exit)

    def headline(self, winners: list[int]) -> str:
        if not winners:
            return t("game_end.plain.over", "Game over")
        names = ", ".join(self.session.name_of(seat) for seat in winners)
        return t("game_end.plain.wins", "{name} wins!", name=names)

    def draw_results(self, surface: pygame.Surface) -> None:
        text, session = self.ctx.text, self.session
        totals, winners = scores(session.game.rules, session.state, len(session.seats))
        line = self.headline(winners)
        size = text.fit_size(line, 72, 1220)
        text.blit_centered(surface, line, size, YELLOW, (640, 90), outline=INK, px=5)
        rows = len(session.seats)
        panel = pygame.FRect(340, 170, 600, 60 + rows * 64)
        draw_panel(surface, panel, colour=(40, 60, 110), radius=22, border=4, shadow=8)
        for seat in range(rows):
            y, colour = panel.y + 62 + seat * 64, YELLOW if seat in winners else WHITE
            name = session.name_of(seat)
            size = text.fit_size(name, 34, 330)
            text.blit_centered(surface, name, size, colour, (panel.x + 200, y), outline=INK, px=2)
            at = (panel.x + 440, y)
            text.blit_centered(surface, str(totals[seat]), 34, colour, at, outline=INK, px=2)


class ReplayScene(ReplayScreen):
    """A kept game played again on its own table, driven by the record."""

    def __init__(
        self,
        ctx: Context,
        record: dict[str, object],
        title: str = "",
        on_back: Callable[[], None] | None = None,
    ) -> None:
        self.game_id = game_of(record, ctx.rules_games).id
        super().__init__(ctx, record, title, on_back)

    def make_table(self, session: Session[GameState, Move]) -> Table[GameState, Move, ShownBoard]:
        return Table(self.ctx, session, _kit(self.ctx, self.game_id), demo=True, driven=True)


__all__ = [
    "GameEndScene",
    "ReplayScene",
    "SetupScene",
    "continue_game",
    "same_deal",
    "scores",
    "start_game",
]
