"""Blanco's table kit: what only Blanco knows at the core table (`game.core.ui.table.Table`),
composed of its parts (this package), its moves and its event styles.

A click goes to the parts (buttons, piles, hand, grid); they hand it to `Moves`, which narrows
the engine's legal actions down to one (or refuses, with a reason) and returns its effects (the
line, a refusal, a flash) for the table to show; the table applies the step to the session,
which appends the events to its feed; the animator plays them onto the shown board (`Shown`)
step by step; the turn controller says whose turn it is; the autosave writes the change.

The kit hands each part what it reads: the core table's port (typed with Blanco's state,
action and shown board: `BlancoPort`, port.py), itself as the `BlancoLook` (who may see which
card, where things sit), and the sibling parts the part asks. Nothing passes the table's
members on: a part reads `port.seen`, `port.focus`, ... from the table itself, and a click's
action goes from `Moves` to `port.act`, typed as Blanco's `Action` down to the session.

Hidden information: `viewer` is the one seat whose private cards (hand, looked-at cards) this
screen may show: the only human at the table, or, with several humans, the human whose turn it
is on screen, once they have taken the screen at the pass screen. Nobody's otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from game.blanco.rules import events as ev
from game.blanco.rules.state import BlancoState, blanco_state
from game.blanco.ui.refusal_words import say_refusal
from game.core.i18n import t
from game.core.turns import HANDOFF, Turn
from game.core.ui.table import Effects, KitHooks, KitParts, TableKit
from game.core.ui.table.log_panel import LoggedBoard
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.animator import ShownBoard
from game.core.ui.toolkit.paint import GREEN, INK

from ..cardview import CardArt
from ..match import Match
from ..shown import Shown, TolerantShown
from . import geometry as geo
from .controls import Controls
from .help import BlancoHelp
from .keys import hint_place, table_targets
from .lines import Banner, Prompt
from .log import MoveLog
from .log_panel import LastMoves, log_panel
from .moves import REFUSE_FLASH, Moves
from .others import Forward, Others
from .parts import (
    FocusGrid,
    Hand,
    OpenLog,
    Piles,
    eye_icon,
    static_layer as paint_static,
)
from .port import BlancoLook, BlancoPort
from .spotlight import BLANCO_PACE, spotlit
from .styles import OFF_FOCUS, Staging

if TYPE_CHECKING:
    from game.core.ui.scene import Scene

HINT_PAD = 12  # px the hint's mark stands out around the place to click (its band is inside)


def blanco_kit(match: Match | None = None) -> Callable[[BlancoPort], BlancoKit]:
    """The kit maker for a table of a match's game (`match`: game.blanco.ui.match), or not."""
    return lambda port: BlancoKit(port, match)


class BlancoKit(KitHooks[Shown], TableKit[BlancoState, Shown]):
    """Blanco's side of one table (see the module's docstring)."""

    game_over_event = ev.Won
    off_focus = OFF_FOCUS  # (a demo's; at a table with a person, others' turns come forward)
    pace_speeds = BLANCO_PACE  # each step one card to follow (spotlight.py)

    moves: Moves
    controls: Controls
    grid: FocusGrid
    hand: Hand
    piles: Piles
    others: Others

    def __init__(self, port: BlancoPort, match: Match | None = None) -> None:
        self.port = port
        self.match = match  # the match this game belongs to (game.blanco.ui.match), if any
        self.art = CardArt(port.ctx.text)
        self.targets: set[Any] = set()
        self.hidden: set[Any] = set()
        self.private_drawn: set[int] = set()  # seats whose private faces the last frame drew
        self._eye, self._small_eye = eye_icon(22), eye_icon(14)
        self._shades: dict[tuple[int, int, float], pygame.Surface] = {}
        self._geo = geo.DESIGN
        # The move log notes each event as its step starts (a resumed game's, as shown).
        self.move_log = MoveLog(port.session.name_of)

    # ------------------------------------------------------------ what the core table asks

    def shown_board(self, state: BlancoState, source: BlancoState | None = None) -> Shown:
        return Shown.before_deal(state, source=source)

    def shown_view(self, state: BlancoState) -> Shown:
        """A seat's view mid-game (online): other seats' hidden cards named as they show."""
        return TolerantShown(state)

    def watch_board(self, board: Shown) -> ShownBoard:
        return LoggedBoard(board, self.move_log.note)

    def build(self) -> KitParts:
        port, look = self.port, self._look()
        self.moves = moves = Moves(port, look)
        if port.resumed:
            moves.restore_look()
        self.grid = FocusGrid(port, look, moves)
        self.hand = Hand(port, look, moves)
        self.piles = Piles(port, look, moves)
        self.others = Others(port, look)
        self.controls = Controls(port, look, moves)
        self.help = BlancoHelp(port, look, self.controls, self.hand)  # tooltips
        self.log_panel = log_panel(port, look, self.others, self.move_log)
        self.banner, self.prompt = Banner(port, look), Prompt(port, look)
        parts = [
            self.banner,
            self.piles,
            self.grid,
            self.hand,
            self.others,
            self.log_panel,
            Forward(port, self.others),  # (over the log panel it reaches)
            LastMoves(port, look, self.others, self.move_log),
            OpenLog(port, self.log_panel),
            self.prompt,
        ]
        self.staging = Staging(port, look, self.others)
        return KitParts(
            self.staging.styles(),
            parts,
            [self.piles, self.hand, self.grid, self.log_panel],
            self.moves,
            self.controls,
            self.help,
        )

    def _look(self) -> BlancoLook:
        """This kit as its parts read it (mypy checks it provides all of `BlancoLook`)."""
        return self

    def static_layer(self) -> pygame.Surface:
        return paint_static(self.geometry)

    def targets_of(self) -> list[Any]:
        return table_targets(self)  # piles, hand, grid, buttons (keys.py)

    def daily_badge_at(self) -> tuple[float, float]:
        """Under the solo panel (the right column), clear of the status line."""
        return (self.geometry.others.x + 182, self.geometry.others.y + 228)

    @property
    def geometry(self) -> geo.TableGeometry:
        """Where everything sits for the window's shape as last drawn (`port.view`): clicks
        go where the frame showed things."""
        view = self.port.view
        if self._geo.view != view:
            self._geo = geo.TableGeometry.fit(view)
        return self._geo

    # ------------------------------------------------------------ who sees what

    @property
    def viewer(self) -> int | None:
        port = self.port
        if port.driven:
            return port.focus
        humans = port.session.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        owner = port.turns.shown_human
        if not port.on_top() or owner is None:
            return None
        # A finished turn stays its player's until Next: the pass screen comes after it.
        if port.seen.acting == owner or port.turns.confirming == owner:
            return owner
        return None

    def may_act(self, seat: int) -> bool:
        return self.viewer == seat

    def needs_confirm(self, seat: int) -> bool:
        """A human's step ended their turn (or their set-up, with others to follow): the
        table waits for Next, and Undo stays possible until then."""
        state = blanco_state(self.port.state)
        if state.is_terminal():
            return False
        return state.turn_id != self.moves.turn_before or state.waiting_for() != [seat]

    def undo_refusal(self) -> str | None:
        """Why the focused seat cannot undo now, or None. The engine lets the step that ended
        a turn be taken back until the next step; at the table that lasts until Next."""
        port = self.port
        seat = port.focus
        if port.session.seats[seat].is_computer:
            return t("blanco.table.undo_not_yours", "Can't undo: not your move.")
        if (
            self.port.turns.confirming != seat
            and blanco_state(self.port.state).phase == "turn"
            and self.port.state.waiting_for() == [seat]
        ):
            return t("blanco.table.undo_nothing", "Can't undo: nothing to take back this turn.")
        reason = self.port.state.can_undo(seat)
        if reason is not None:
            return t(
                "blanco.table.undo_refused_line",
                "Can't undo. {reason}",
                reason=say_refusal(reason, self.port.state.names),
            )
        return None

    def turn_line(self) -> str:
        if self.port.status_line is not None:
            return self.port.status_line()
        if self.port.state.is_terminal():
            return t("blanco.table.over", "The game is over.")
        if self.port.animator.busy:
            return t("blanco.table.skip", "Click or press Space to skip the animation.")
        if self.port.turns.confirming is not None:
            if self.undo_refusal() is None:
                return t(
                    "blanco.table.done_undo",
                    "Turn done. Press Next (Enter) to go on, or Undo to take it back.",
                )
            return t("blanco.table.done", "Turn done. Press Next (Enter) to go on.")
        if self.port.human_turn():
            return self.moves.prompt()
        seat = self.port.session.next_seat()
        if seat is None:
            return ""
        return self.port.waiting_words(seat) or t(
            "blanco.table.playing", "{name} is playing...", name=self.port.session.name_of(seat)
        )

    def cell_face(self, seat: int, at: tuple[int, int]) -> tuple[int, bool]:
        """The card a cell shows on this screen: (card, face up)."""
        p = self.port.seen.players[seat]
        r, c = at
        if p.up[r][c]:
            return p.grid[r][c], True
        if p.known[r][c] and seat == self.viewer and self.memory_aid:
            return p.grid[r][c], True
        return 0, False

    def draw_cell(
        self, surface: pygame.Surface, seat: int, at: tuple[int, int], rect: pygame.FRect
    ) -> None:
        card, up = self.cell_face(seat, at)
        p = self.port.seen.players[seat]
        known = p.known[at[0]][at[1]] and not p.up[at[0]][at[1]]
        surface.blit(self.art.get(card, (int(rect.w), int(rect.h)), up), rect.topleft)
        if known and up:  # a looked-at card shown to its owner only: shaded, with the eye
            self.private_drawn.add(seat)
            surface.blit(self._shade(int(rect.w), int(rect.h)), rect.topleft)
        if known:
            eye = self._eye if rect.w >= 56 else self._small_eye
            surface.blit(eye, (rect.right - eye.get_width() - 2, rect.y + 2))

    def _shade(self, w: int, h: int) -> pygame.Surface:
        shade = self._shades.get((w, h, gfx.render_scale()))
        if shade is None:
            shade = self._shades[(w, h, gfx.render_scale())] = gfx.Surface((w, h), pygame.SRCALPHA)
            shade.fill((40, 40, 90, 60))
        return shade

    def cell_rects(self, seat: int, shape: tuple[int, int] | None = None) -> dict[Any, Any]:
        p = self.port.seen.players[seat]
        rows, cols = shape or (p.rows, p.cols)
        if seat == self.port.focus:
            return self.geometry.big_grid(rows, cols)
        panel = self.others.panels().get(seat)
        return geo.mini_grid(panel, rows, cols) if panel else {}

    def hand_slots(self, seat: int, count: int | None = None) -> list[pygame.FRect]:
        n = len(self.port.seen.players[seat].hand) if count is None else count
        if seat == self.port.focus:
            return self.geometry.hand_rects(n)
        panel = self.others.panels().get(seat)
        if panel is None:
            return []
        side = geo.panel_hand(panel)
        w, h = geo.mini_card(panel)
        return [pygame.FRect(side.x + 6 + i * 16, side.y + 4, w * 0.8, h * 0.8) for i in range(n)]

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.port.focus:
            return self.geometry.grid_area.center
        panel = self.others.panels().get(seat)
        return panel.center if panel else self.geometry.grid_area.center

    @property
    def memory_aid(self) -> bool:
        """A setting (Settings, on by default): read as the table draws, so a change in the
        Settings opened from the menu shows at once."""
        return bool(self.port.ctx.settings.memory_aid)

    def toggle_memory_aid(self) -> None:
        """The table's own switch for the same setting, kept in the settings file."""
        from game.core.ui.settings import save_settings

        self.port.ctx.settings.memory_aid = not self.port.ctx.settings.memory_aid
        warning = save_settings(self.port.ctx.settings, self.port.ctx.data_dir)
        if warning:
            self.port.ctx.message = warning

    # ------------------------------------------------------------ turns and choices

    def show(self, effects: Effects) -> None:
        """A refused click's target flashes red a moment (the line is the table's)."""
        if effects.flash is not None:
            self.moves.flash = (effects.flash, REFUSE_FLASH)

    def idle(self) -> None:
        """Between frames: one banner made ahead (its first render takes about a ms; made
        in the frame starting its step, the busiest, it made that frame late)."""
        self.staging.warm_next()

    def on_update(self, dt: float) -> None:
        """Another seat's turn brought forward plays its steps at full length (its panel is
        large: they are where the player looks); the deal's and a demo's stay brisk."""
        self.port.animator.off_focus = 1.0 if spotlit(self.port) is not None else OFF_FOCUS

    def on_turn(self, turn: Turn) -> None:
        if turn.kind == HANDOFF:
            self.port.show(self.moves.cancel())  # (a card already looked at stays chosen)

    def has_choice(self) -> bool:
        moves = self.moves
        return bool(moves.mode or moves.hand_card is not None or moves.cell)

    def drop_choice(self) -> None:
        self.port.show(self.moves.cancel())

    def end_scene(self) -> Scene | None:
        """The match's scores when the game is one of a match (else the game's end)."""
        if self.match is not None:
            port = self.port
            self.match.add_game(port.state)
            return port.ctx.nav.make("blanco.match_score", session=port.session, match=self.match)
        return None

    # ------------------------------------------------------------ drawing

    def before_draw(self, surface: pygame.Surface) -> None:
        """Who may see what this frame first (the parts read it)."""
        self.private_drawn = set()
        self.targets = self.moves.targets() if self.port.human_turn() else set()
        self.hidden = set()
        for effect in self.port.animator.effects:
            self.hidden |= getattr(effect, "hides", set())
            private = getattr(effect, "private", None)
            if private is not None:
                self.private_drawn.add(private)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """The hint's mark on the place its next step is made (the Hint button says the move
        in words; the mark shows where to click, as Lucky Box marks its hinted square)."""
        place = hint_place(self)
        if place is not None:
            ring = pygame.Rect(place).inflate(HINT_PAD, HINT_PAD)
            gfx.rect(surface, INK, ring.inflate(6, 6), 10, border_radius=14)
            gfx.rect(surface, GREEN, ring, 7, border_radius=12)


__all__ = ["BlancoKit", "blanco_kit"]
