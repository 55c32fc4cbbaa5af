"""Lucky Box's table kit: what the core table (`game.core.ui.table.Table`) holds to play Lucky
Box, here or online. The game's UI descriptor hands its maker to core (`GameUI.table_kit`), and
the table makes it with itself as the kit's `TablePort`.

The kit makes Lucky Box's parts (table/*.py) and hands each of them itself as their
`LuckyBoxPort` (port.py): what a part may read of the table comes from the core port, read at
each use (the session, the state, the shown board, the focus, the turns), or from the kit's own
parts and geometry (the boards, the buttons, where a seat's card lies). A click's effects come
back from `Moves` as the core `Effects`: the table shows the line and the refusal's sound
(`TablePort.show`), and hands the game's part back to the kit (`show`): the board's marks
worked out anew for the choice in progress, Spend's cost, the refused square's flash.

The path of a click: the table offers it to the kit first (`on_event`: Lightning on request,
the square under the mouse), then to the parts in turn (buttons, bonus queue, focus board); the
focus board finds the square and hands it to `Moves`, which picks the legal action it means (or
refuses it, with a reason) and gives it to the table (`act`), which gives it to the session;
the session applies it to the engine and appends the events to its feed; the animator plays the
feed step by step onto the shown board (`Shown`), staging each step through the event styles;
the turn controller then says whose turn it is, and the autosave writes the change a frame
later.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pygame

from game.core.turns import HUMAN, Turn
from game.core.ui.table import Effects, KitHooks, KitParts, TableKit
from game.core.ui.table.log_panel import LoggedBoard
from game.core.ui.toolkit.animator import ShownBoard
from game.core.ui.toolkit.widgets import Button
from game.luckybox.rules import events as ev
from game.luckybox.rules.state import DRAFT, PLAY, SETUP, GameState

from ..cardview import CardView
from ..session_state import state_of
from ..shown import Shown
from .arrange import Arranger
from .boards import FocusBoard, OtherBoards
from .controls import Bonuses, Controls
from .help import TableHelp
from .keys import table_targets
from .log import MoveLog
from .log_parts import LastMoves, move_log_panel
from .moves import Choice, Moves
from .parts import Banner, Message, NumberDeck, Piles, ScoreCard, static_layer
from .port import Cover, LuckyBoxPort, LuckyLook
from .styles import OFF_FOCUS, Staging


class LuckyBoxKit(KitHooks[Shown], TableKit[GameState, Shown]):
    """Lucky Box's side of the core table (see the module's docstring); to its parts, the
    `LuckyLook` (port.py) beside the table's own port."""

    game_over_event = ev.GameOver
    off_focus = OFF_FOCUS

    def __init__(self, port: LuckyBoxPort) -> None:
        self.port = port
        self.cards = CardView(port.ctx.assets, port.ctx.text)
        # The move log notes each event as its step starts (`watch_board`).
        self.move_log = MoveLog(
            port.session.name_of, lambda event, seat: port.state.redact(event, seat)
        )

    # ------------------------------------------------------------ what the core table asks

    def shown_board(self, state: GameState, source: GameState | None = None) -> Shown:
        return Shown.from_state(state, source=source)

    def shown_view(self, state: GameState) -> Shown:
        return Shown.from_state(state, source=state)

    def watch_board(self, board: Shown) -> ShownBoard:
        """The shown board, noting each event in the move log as its step starts (a resumed
        game's steps already shown too, as the table plays them onto the board)."""
        log = self.move_log
        return LoggedBoard(board, lambda event: log.note(event, board.players))

    def build(self) -> KitParts:
        port, look, cards = self.port, self._look(), self.cards
        self.moves = moves = Moves(port)
        self.deck = NumberDeck(port)
        self.board = FocusBoard(port, look, moves)
        self.others = OtherBoards(port, look)
        self.arrange = Arranger(port, cards, self.others)  # a big hand tightens the top band
        self.piles = Piles(port)
        self.scorecard = ScoreCard(port)
        self.log_panel = move_log_panel(port, cards, self.others, self.move_log)
        self.controls = Controls(port, look, moves, hidden=self._over_the_board)
        self.bonuses = Bonuses(port, look, moves, self.controls)
        self.notice = Message(port, self.controls.spend_hidden)
        # Tooltips, and the Scoring button.
        self.help = TableHelp(
            port, cards, (self.board, self.bonuses, self.controls, self.scorecard)
        )
        parts = [
            self.deck,
            Banner(port),
            self.bonuses,
            self.board,
            self.others,
            self.piles,
            self.scorecard,
            LastMoves(port, self.others, self.move_log),
            self.log_panel,
        ]
        clickable = [self.log_panel, self.others, self.bonuses, self.board]
        staging = Staging(port, look, (self.board, self.others, self.deck))
        return KitParts(
            staging.styles(),
            parts,
            clickable,
            moves=moves,
            controls=self.controls,
            help=self.help,
        )

    def _look(self) -> LuckyLook:
        """This kit as its parts read it (mypy checks it provides all of `LuckyLook`)."""
        return self

    def static_layer(self) -> pygame.Surface:
        return static_layer(self.port.ctx, self.port.view)

    def _over_the_board(self, rect: pygame.FRect) -> Cover | None:
        """What, drawn over the focused board, hides any of `rect`: the open move log first
        (it is drawn over everything of the board's, a kept zoom included)."""
        if self.log_panel.covers(rect):
            return "log"
        return "zoom" if self.others.covers(rect) else None

    def targets_of(self) -> list[Any]:
        return table_targets(self)  # bonuses, squares, buttons (keys.py)

    def daily_badge_at(self) -> tuple[float, float]:
        return (990.0, 40.0)  # right of the number card, over the solo side panel

    def may_act(self, seat: int) -> bool:
        return state_of(self.port.session).phase == PLAY

    def needs_confirm(self, seat: int) -> bool:
        # A finished turn waits for Next (undo stays possible); so does the last draft pick.
        state = state_of(self.port.session)
        return state.phase == PLAY and state.players[seat].done or self.port.session.chance_due()

    def turn_pace(self) -> float:
        return 1.0 if state_of(self.port.session).phase == PLAY else 0.5

    def on_turn(self, turn: Turn) -> None:
        port = self.port
        if turn.kind == HUMAN and state_of(port.session).phase in (SETUP, DRAFT):
            self.port.ctx.nav.push(
                "luckybox.draft",
                session=port.session,
                seat=turn.seat,
                cards=self.cards,
                on_menu=port.open_menu,  # Esc there opens the table's menu (online: its seats)
            )

    def after_step(self, event: Any) -> bool:
        """After a round's last step its scoring opens (the game's end is the table's)."""
        if type(event) is ev.RoundScored:
            self.port.ctx.nav.push(
                "luckybox.round_end",
                session=self.port.session,
                round_no=event.round,
                on_close=self.port.animator.release,
                demo=self.port.demo,
                origin=self.seat_anchor,
            )  # the scored cards fly from there
            return True
        return False

    def has_choice(self) -> bool:
        return self.moves.selected_square is not None

    def drop_choice(self) -> None:
        self.port.show(self.moves.clear())

    def cancel_choice(self) -> None:
        self.port.show(replace(self.moves.clear(), message=""))

    def show(self, effects: Effects) -> None:
        """The game's part of a click's effects (the table shows the line and the sound): the
        board's marks worked out anew for the choice in progress (Spend says a Lightning
        square's cost), and a refused square's flash."""
        choice = effects.selection
        if isinstance(choice, Choice):
            self.board.forget_marks()
            if choice.square is not None:
                self.controls.ask_spend(abs(choice.square.lightning))
        if effects.flash is not None:
            self.moves.flash(effects.flash)

    def resume(self) -> None:
        self.board.forget_marks()

    def idle(self) -> None:
        """Nothing is made ahead between frames (the parts keep what they drew)."""
        return None

    def on_event(self, event: pygame.event.Event) -> bool:
        """Lightning on request (see `FocusBoard.shown_marks`): the square under the mouse
        shows what it costs; L or a click on the Lightning pile shows every one."""
        self.arrange()
        board = self.board
        if event.type == pygame.MOUSEMOTION and hasattr(event, "pos"):
            board.hover = board.square_at(event.pos)
        elif not self.port.driven and (
            (event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_l)
            or (
                event.type == pygame.MOUSEBUTTONDOWN
                and getattr(event, "button", 1) == 1
                and self.port.ctx.layout.region("lightning_pile").collidepoint(event.pos)
            )
        ):
            board.toggle_lightning()
            return True
        return False

    def on_update(self, dt: float) -> None:
        self.arrange()

    def before_draw(self, surface: pygame.Surface) -> None:
        self.arrange()

    def draw_overlays(self, surface: pygame.Surface) -> None:
        self.help.draw_button(surface)
        self.notice.draw(surface)

    # ------------------------------------------------------------ what parts, guides and tests read

    @property
    def buttons(self) -> dict[str, Button]:
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

    # ------------------------------------------------------------ geometry the parts share

    def card_rect(self, seat: int, card: int) -> pygame.FRect | None:
        cards = self.port.seen.players[seat].cards
        if card not in cards:
            return None
        if seat == self.port.focus:
            rects = self.board.rects(seat)
        else:
            panel = self.others.panels().get(seat)
            rects = self.others.card_rects(seat, panel) if panel else []
        index = cards.index(card)
        return rects[index] if index < len(rects) else None

    def square_center(self, card: int, cell: int) -> tuple[float, float]:
        """The centre of one of the focused player's squares (tests click here)."""
        rect = self.card_rect(self.port.focus, card)
        assert rect is not None, f"card {card} is not on the focused board"
        center: tuple[float, float] = self.cards.cell_rect(rect, cell).center
        return center

    def pending_rects(self) -> list[tuple[tuple[int, str, int], pygame.FRect]]:
        return self.bonuses.rects()

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.port.focus:
            center: tuple[float, float] = self.board.rect.center
            return center
        panel = self.others.panels().get(seat)
        return panel.center if panel else (640, 360)

    def pile_center(self, seat: int, token: str) -> tuple[float, float]:
        return self.piles.center(token) if seat == self.port.focus else self.seat_anchor(seat)

    def star_slot(self, seat: int, round_index: int, slot: int) -> tuple[float, float]:
        if seat != self.port.focus:
            return self.seat_anchor(seat)
        return self.scorecard.star_slot(round_index, slot)


def is_lucky_box_table(scene: Any) -> bool:
    """Whether `scene` is a core table holding Lucky Box's kit."""
    return isinstance(getattr(scene, "kit", None), LuckyBoxKit)


def kit_of(table: Any) -> LuckyBoxKit:
    """The Lucky Box kit a core table holds (its boards, buttons and geometry)."""
    kit = table.kit
    if not isinstance(kit, LuckyBoxKit):
        raise TypeError(f"not a Lucky Box table: its kit is a {type(kit).__name__}")
    return kit
