"""The Lucky Box table: a short composition of parts (see `game.luckybox.ui.table`), the turn
controller (`game.core.turns`) and the generic animator playing Lucky Box's event styles.

Every part is handed the table as a `LuckyBoxPort` (table/port.py): what it may read and call.

The path of a click: `handle_event` offers it to the parts in turn (buttons, bonus queue, focus
board); the focus board finds the square and hands it to `Moves`, which picks the legal action
it means (or refuses it, with a reason) and gives it to the session; the session applies it to
the engine and appends the events to its feed; what the click changed at the table (the
message line, a refusal's flash, the step the turn controller hears of) comes back from `Moves`
as an `Effects`, which the table applies (`take`); the animator plays the feed step by step onto the
shown board (`Shown`), staging each step through the event styles; the turn controller then says
whose turn it is, and the autosave writes the change a frame later.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

from game.core.session import Session
from game.core.turns import HUMAN, Turn
from game.core.ui import gfx
from game.core.ui.log_panel import LoggedBoard
from game.core.ui.shells.table import Resumed, TableShell, resume_saved
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules import events as ev
from game.luckybox.rules.state import DRAFT, PLAY, SETUP, Deal, Options
from game.luckybox.ui.cardview import CardView
from game.luckybox.ui.session_state import state_of
from game.luckybox.ui.shown import Shown
from game.luckybox.ui.table.arrange import Arranger
from game.luckybox.ui.table.boards import FocusBoard, OtherBoards
from game.luckybox.ui.table.controls import Bonuses, Controls
from game.luckybox.ui.table.help import TableHelp
from game.luckybox.ui.table.keys import table_targets
from game.luckybox.ui.table.log import MoveLog
from game.luckybox.ui.table.log_parts import LastMoves, move_log_panel
from game.luckybox.ui.table.moves import Moves, describe
from game.luckybox.ui.table.parts import Banner, Message, NumberDeck, Piles, ScoreCard, static_layer
from game.luckybox.ui.table.port import Effects
from game.luckybox.ui.table.styles import OFF_FOCUS, Staging

__all__ = ["Resumed", "TableScene", "continue_game", "describe", "start_game"]


class TableScene(TableShell):
    """The game table for one session, from the starting draft to the last number (the core
    table shell, `game.core.ui.shells.table`, filled with Lucky Box's parts). `driven`:
    something else (a replay) says what happens next; the table only shows it."""

    game_over_event = ev.GameOver
    off_focus = OFF_FOCUS
    daily_badge_at = (990.0, 40.0)  # right of the number card, over the solo side panel
    targets_of = staticmethod(table_targets)  # bonuses, squares, buttons (table/keys.py)

    def __init__(
        self,
        ctx: Any,
        session: Session,
        demo: bool = False,
        on_game_over: Any = None,
        resume: Resumed | None = None,
        driven: bool = False,
    ) -> None:
        self.cards = CardView(ctx.assets, ctx.text)
        # The move log notes each event as its step starts (a resumed game's, as shown).
        self.move_log = MoveLog(session.name_of, lambda event, seat: self.state.redact(event, seat))
        for event in list(session.feed)[: resume.shown if resume is not None else 0]:
            self.move_log.note(event)
        super().__init__(ctx, session, demo, on_game_over, resume, driven)
        seen, log = self.seen, self.move_log
        self.animator.shown = LoggedBoard(seen, lambda event: log.note(event, seen.players))
        self.arrange = Arranger(self)  # a big hand tightens the top band (table/arrange.py)

    def shown_board(self, state: Any, source: Any = None) -> Shown:
        return Shown.from_state(state, source=source)

    def build(self) -> Mapping[type, Any]:
        self.moves = Moves(self)
        self.deck = NumberDeck(self)
        self.board = FocusBoard(self)
        self.others = OtherBoards(self)
        self.piles = Piles(self)
        self.scorecard = ScoreCard(self)
        self.bonuses = Bonuses(self)
        self.controls = Controls(self)
        self.notice = Message(self)
        self.help = TableHelp(self)  # tooltips, and the Scoring button
        self.log_panel = move_log_panel(self, self.move_log)
        self.parts = [
            self.deck,
            Banner(self),
            self.bonuses,
            self.board,
            self.others,
            self.piles,
            self.scorecard,
            LastMoves(self, self.move_log),
            self.log_panel,
        ]
        self.clickable = [self.log_panel, self.others, self.bonuses, self.board]
        return Staging(self).styles()

    def static_layer(self) -> pygame.Surface:
        return static_layer(self.ctx, self.view)

    # ------------------------------------------------------------ what tests and parts read

    @property
    def buttons(self) -> dict:
        return self.controls.buttons

    @property
    def selected_square(self) -> Any:
        return self.moves.selected_square

    @property
    def hint(self) -> Any:
        return self.moves.hint

    @property
    def refused(self) -> Any:
        return self.moves.refused

    def may_act(self, seat: int) -> bool:
        return state_of(self.session).phase == PLAY

    def needs_confirm(self, seat: int) -> bool:
        # A finished turn waits for Next (undo stays possible); so does the last draft pick.
        state = state_of(self.session)
        return state.phase == PLAY and state.players[seat].done or self.session.chance_due()

    # ------------------------------------------------------------ turns and choices

    def resume(self) -> None:
        self.board.forget_marks()

    def turn_pace(self) -> float:
        return 1.0 if state_of(self.session).phase == PLAY else 0.5

    def on_turn(self, turn: Turn) -> None:
        super().on_turn(turn)
        if turn.kind == HUMAN and state_of(self.session).phase in (SETUP, DRAFT):
            self.ctx.nav.push(
                "luckybox.draft",
                session=self.session,
                seat=turn.seat,
                cards=self.cards,
                on_menu=self.open_menu,  # Esc there opens the table's menu (online: its seats)
            )

    def has_choice(self) -> bool:
        return self.moves.selected_square is not None

    def drop_choice(self) -> None:
        self.take(self.moves.clear())

    def cancel_choice(self) -> None:
        self.take(self.moves.clear())
        self.message = ""

    def take(self, effects: Effects) -> bool:
        """Apply what a click changed (`Moves` returns it): the marks worked out anew, the
        message line (a "not now" line until the turn comes), the refusal's sound and flash,
        Spend's cost, and the step the turn controller hears of. True when a step was taken."""
        if effects.restage:
            self.board.forget_marks()
        if effects.message is not None:
            if effects.until_turn:
                self.say_until_turn(effects.message)
            else:
                self.message = effects.message
        if effects.sound is not None:
            self.ctx.play(effects.sound)
        if effects.flash is not None:
            self.moves.flash(effects.flash)
        if effects.spend is not None:
            self.controls.ask_spend(effects.spend)
        if effects.acted is None:
            return False
        self.turns.human_acted(effects.acted)
        return True

    # ------------------------------------------------------------ geometry the parts share

    def card_rect(self, seat: int, card: int) -> pygame.FRect | None:
        cards = self.seen.players[seat].cards
        if card not in cards:
            return None
        if seat == self.focus:
            rects = self.board.rects(seat)
        else:
            panel = self.others.panels().get(seat)
            rects = self.others.card_rects(seat, panel) if panel else []
        index = cards.index(card)
        return rects[index] if index < len(rects) else None

    def square_center(self, card: int, cell: int) -> tuple[float, float]:
        """The centre of one of the focused player's squares (tests click here)."""
        rect = self.card_rect(self.focus, card)
        assert rect is not None, f"card {card} is not on the focused board"
        return self.cards.cell_rect(rect, cell).center

    def pending_rects(self) -> list[tuple[tuple[int, str, int], pygame.FRect]]:
        return self.bonuses.rects()

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.focus:
            return self.board.rect.center
        panel = self.others.panels().get(seat)
        return panel.center if panel else (640, 360)

    def pile_center(self, seat: int, token: str) -> tuple[float, float]:
        return self.piles.center(token) if seat == self.focus else self.seat_anchor(seat)

    def star_slot(self, seat: int, round_index: int, slot: int) -> tuple[float, float]:
        if seat != self.focus:
            return self.seat_anchor(seat)
        return self.scorecard.star_slot(round_index, slot)

    # ------------------------------------------------------------ after a step

    def after_step(self, event: Any) -> bool:
        """After a round's last step its scoring opens (the game's end is the shell's)."""
        if type(event) is ev.RoundScored:
            self.ctx.nav.push(
                "luckybox.round_end",
                session=self.session,
                round_no=event.round,
                on_close=self.animator.release,
                demo=self.demo,
                origin=self.seat_anchor,
            )  # the scored cards fly from there
            return True
        return False

    def handle_event(self, event: pygame.event.Event) -> None:
        """Lightning on request (see `FocusBoard.shown_marks`): the square under the mouse
        shows what it costs; L or a click on the Lightning pile shows every one."""
        self.arrange()
        board = self.board
        if event.type == pygame.MOUSEMOTION and hasattr(event, "pos"):
            board.hover = board.square_at(event.pos)
        elif not self.driven and (
            (event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_l)
            or (
                event.type == pygame.MOUSEBUTTONDOWN
                and getattr(event, "button", 1) == 1
                and self.ctx.layout.region("lightning_pile").collidepoint(event.pos)
            )
        ):
            board.toggle_lightning()
            return
        super().handle_event(event)

    def update(self, dt: float) -> None:
        self.arrange()
        super().update(dt)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.ctx.layout.fit(gfx.view(surface))
        self.arrange()
        super().draw(surface)

    def draw_overlays(self, surface: pygame.Surface) -> None:
        self.help.draw_button(surface)
        self.notice.draw(surface)


def start_game(
    ctx: Any,
    seats: list,
    seed: int,
    demo: bool = False,
    on_game_over: Any = None,
    deal: Deal | None = None,
    options: Options | None = None,
    challenge: dict[str, Any] | None = None,
) -> TableScene:
    """Deal a new game for these seats and put its table on the stack (alone). `deal` and
    `challenge` replay another game's cards and compare the scores at the end."""
    session = Session(list(seats), seed, options, deal, game=LUCKYBOX)
    session.challenge = challenge
    scene = TableScene(ctx, session, demo=demo, on_game_over=on_game_over)
    ctx.stack.clear_to(scene)
    return scene


def continue_game(ctx: Any, saved: Any = None) -> str | None:
    """Put the saved game back on the table, exactly as it stood; or say in one line why not
    (a bad save is kept aside by the loader). `saved`: the title's already replayed save."""
    resumed = resume_saved(ctx, "luckybox", saved)
    if isinstance(resumed, str):
        return resumed
    session, where = resumed
    ctx.stack.clear_to(TableScene(ctx, session, resume=where))
    return None
