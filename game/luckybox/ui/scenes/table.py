"""The Lucky Box table: a short composition of parts (see `game.luckybox.ui.table`), the turn
controller (`game.core.turns`) and the generic animator playing Lucky Box's event styles.

The path of a click: `handle_event` offers it to the parts in turn (buttons, bonus queue, focus
board); the focus board finds the square and hands it to `Moves`, which picks the legal action
it means (or refuses it, with a reason) and gives it to the session; the session applies it to
the engine and appends the events to its feed; the animator plays the feed step by step onto the
shown board (`Seen`), staging each step through the event styles; the turn controller then says
whose turn it is, and the autosave writes the change a frame later.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

import pygame

from game.core.botrunner import BotRunner
from game.core.i18n import language, t
from game.core.keeper import GameKeeper
from game.core.session import Session
from game.core.storage import load_save
from game.core.turns import COMPUTER, HANDOFF, HUMAN, TurnController
from game.core.ui.animator import Animator
from game.core.ui.scene import Scene
from game.luckybox.rules import events as ev
from game.luckybox.rules.state import DRAFT, PLAY, SETUP, Deal, Options
from game.luckybox.ui.cardview import CardView
from game.luckybox.ui.shown import Seen
from game.luckybox.ui.table.boards import FocusBoard, OtherBoards
from game.luckybox.ui.table.controls import Bonuses, Controls
from game.luckybox.ui.table.help import TableHelp
from game.luckybox.ui.table.keys import table_claims, table_targets
from game.luckybox.ui.table.moves import Moves, describe
from game.luckybox.ui.table.parts import Banner, Message, NumberDeck, Piles, ScoreCard, static_layer
from game.luckybox.ui.table.styles import OFF_FOCUS, Staging

__all__ = ["Resumed", "TableScene", "continue_game", "describe", "start_game"]


class Resumed(NamedTuple):
    """A saved game's table: the state as dealt, how many feed events were shown, and the seat
    that was looking at its finished turn (Session.resume gives these)."""

    start: Any
    shown: int
    confirming: int | None


class TableScene(Scene):
    """The game table for one session, from the starting draft to the last number. `driven`:
    something else (a replay) says what happens next; the table only shows it."""

    fills_screen = True  # the static layer covers the whole screen

    def __init__(self, ctx: Any, session: Session, demo: bool = False,
                 on_game_over: Any = None, resume: Resumed | None = None,
                 driven: bool = False) -> None:
        super().__init__(ctx)
        self.session = session
        self.state = session.state
        self.demo = demo
        self.driven = driven
        self.on_game_over = on_game_over
        self.end_scene: Callable[[], Scene] = self._scores
        self.status_line: Callable[[], str] | None = None  # a driver's own line, if any
        self.cards = CardView(ctx.assets, ctx.text)
        self.runner = BotRunner()
        self.turns = TurnController(session, self.runner.submit, self._needs_confirm,
                                    pass_screen=lambda: ctx.settings.pass_screen)
        humans = session.humans
        self.focus = humans[0] if humans else 0
        if resume is None:
            self.seen = Seen.from_state(self.state)
        else:  # show what was shown when the game stopped; the rest of the feed plays on
            self.seen = Seen.from_state(resume.start, source=self.state)
            for _ in range(resume.shown):
                self.seen.apply(session.feed.popleft())
            if resume.confirming is not None and not session.seats[resume.confirming].is_computer:
                self.turns.confirming = resume.confirming
        # Every change is saved (a frame later, once the table has settled); demo games and
        # replays are not.
        self.keeper = GameKeeper(session, ctx.game_dir(session.game.id), not demo and not driven,
                                 tell=lambda line: setattr(ctx, "message", line))
        self.turns.unsaved = self.keeper.saving
        self.message = ""
        self._message_language = language()  # the last message's (see relabel)
        self.time = 0.0
        self.exit_when_done = False
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
        self.parts = [self.deck, Banner(self), self.bonuses, self.board, self.others, self.piles,
                      self.scorecard]
        staging = Staging(self)
        self.animator = Animator(session.feed, self.seen, staging.styles(), self._after,
                                 play=ctx.play, off_focus=OFF_FOCUS)
        self._static: pygame.Surface | None = None

    # ------------------------------------------------------------ what tests and parts read

    @property
    def confirming(self) -> int | None:
        return self.turns.confirming

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

    @property
    def saving(self) -> bool:
        return self.keeper.saving

    @property
    def finished(self) -> bool:
        return self.keeper.finished

    @property
    def acting(self) -> int | None:
        return self.session.next_seat()

    def human_turn(self) -> bool:
        """True when the focused human may act on the table now."""
        seat = self.acting
        return (
            not self.driven and seat is not None and seat == self.focus
            and not self.session.seats[seat].is_computer
            and self.state.phase == PLAY and not self.animator.busy
        )

    def _needs_confirm(self, seat: int) -> bool:
        # A finished turn waits for Next (undo stays possible); so does the last draft pick.
        return (self.state.phase == PLAY and self.state.players[seat].done
                or self.session.chance_due())

    # ------------------------------------------------------------ lifecycle

    def exit(self) -> None:
        self.runner.close()
        self.save_now()  # where the cascade stands, to the step

    def pause(self) -> None:
        self.help.reset()  # no tip left over the table under an overlay
        self.save_now()

    def suspend(self) -> None:
        self.save_now()

    def resume(self) -> None:
        self.board.forget_marks()

    # ------------------------------------------------------------ saving

    def unshown(self) -> int:
        """Events the player has not yet fully seen (the step playing or holding counts)."""
        return self.animator.unshown

    def save_now(self) -> None:
        """Write the autosave now (never raises; a failure is said once, then play goes on)."""
        self.turns.unsaved = False
        self.keeper.save(self.unshown(), self.confirming)

    # ------------------------------------------------------------ update

    def relabel(self) -> None:
        """A new language: the last message was written in the old one, so it gives way to
        the prompt, which is written as it is drawn. (A new window size keeps it.)"""
        if language() != self._message_language:
            self._message_language = language()
            self.message = ""

    def update(self, dt: float) -> None:
        if self.turns.unsaved:
            self.save_now()
        self.time += dt
        self.animator.update(self.ctx.anim_dt(dt), self.focus)
        self.controls.update(dt)
        self.moves.update(dt)
        self.help.update(dt)
        if self.driven or self.animator.busy or self.animator.held:
            return
        adt = self.ctx.anim_dt(dt)
        turn = self.turns.step(adt, 1.0 if self.state.phase == PLAY else 0.5)
        for notice in self.turns.take_notices():  # a computer player failed: say so
            self.message = notice
        if turn.kind == COMPUTER and not self.session.humans:
            self.focus = turn.seat  # demo: follow whoever plays
        elif turn.kind == HANDOFF:
            self.focus = turn.seat
            self.ctx.nav.push("handoff", name=self.session.seats[turn.seat].name)
        elif turn.kind == HUMAN:
            if self.focus != turn.seat:
                self.focus = turn.seat
                self.moves.clear()
            if self.state.phase in (SETUP, DRAFT):
                self.ctx.nav.push("luckybox.draft", session=self.session, seat=turn.seat,
                                  cards=self.cards)

    def confirm_turn(self) -> None:
        if self.turns.confirm():
            self.message = ""

    def open_menu(self) -> None:
        self.ctx.nav.push("pause")

    def focus_targets(self) -> list:
        """What the keyboard focus can rest on: bonuses, squares, buttons (table/keys.py)."""
        return table_targets(self)

    def focus_claims(self) -> set[int]:
        """Keys the focus ring leaves to the table now (Space skips, or confirms)."""
        return table_claims(self)

    # ------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.help.handle_event(event):  # (it watches the mouse for tooltips)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.moves.selected_square is not None:
                self.moves.clear()
                self.message = ""
            else:
                self.open_menu()
            return
        if self.animator.skip_on(event, self.focus):
            return
        if (self.confirming is not None and event.type == pygame.KEYDOWN
                and event.key == pygame.K_SPACE):
            self.confirm_turn()
            return
        if self.controls.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3:
            self.moves.clear()
            return
        for part in (self.others, self.bonuses, self.board):
            if part.handle_event(event):
                return

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
        return tuple(self.cards.cell_rect(rect, cell).center)

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

    def _after(self, event: Any) -> bool:
        """After a step: the round's scoring and the game's end open their own scenes."""
        kind = type(event)
        if kind is ev.RoundScored:
            self.ctx.nav.push("luckybox.round_end", session=self.session, round_no=event.round,
                              on_close=self.animator.release, demo=self.demo,
                              origin=self.seat_anchor)  # the scored cards fly from there
            return True
        if kind is ev.GameOver:
            self.keeper.file_finished()
            if self.on_game_over is not None:
                self.on_game_over(self.session)
            self.ctx.stack.replace(self.end_scene())
            return True
        return False

    def _scores(self) -> Scene:
        """What follows the last step: the scores."""
        return self.ctx.nav.make("luckybox.game_end", session=self.session,
                                 demo=self.demo and self.exit_when_done)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        if self._static is None:
            self._static = static_layer(self.ctx)
        surface.blit(self._static, (0, 0))
        for part in self.parts:
            part.draw(surface)
        if not self.driven:
            self.controls.draw(surface)
        self.help.draw_button(surface)
        self.notice.draw(surface)
        for effect in self.animator.effects:
            effect.draw(surface)
        self.help.draw(surface)  # a tooltip goes over everything


def start_game(ctx: Any, seats: list, seed: int, demo: bool = False,
               on_game_over: Any = None, deal: Deal | None = None,
               options: Options | None = None,
               challenge: dict[str, Any] | None = None) -> TableScene:
    """Deal a new game for these seats and put its table on the stack (alone). `deal` and
    `challenge` replay another game's cards and compare the scores at the end."""
    session = Session(list(seats), seed, options, deal)
    session.challenge = challenge
    scene = TableScene(ctx, session, demo=demo, on_game_over=on_game_over)
    ctx.stack.clear_to(scene)
    return scene


def continue_game(ctx: Any, saved: Any = None) -> str | None:
    """Put the saved game back on the table, exactly as it stood; or say in one line why not
    (a bad save is kept aside by the loader). `saved`: the title's already replayed save."""
    if saved is None:
        saved, warning = load_save(ctx.game_dir("luckybox"))
        if saved is None:
            return warning or t("table.no_save", "There is no saved game to continue.")
    session, start, shown, confirming = saved.resumed
    ctx.stack.clear_to(TableScene(ctx, session, resume=Resumed(start, shown, confirming)))
    return None



