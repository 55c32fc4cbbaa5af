"""The Blanco table: a short composition of parts (`game.blanco.ui.table`), the turn controller
(`game.core.turns`) and the generic animator playing Blanco's event styles.

A click goes to the parts (buttons, piles, hand, grid); they hand it to `Moves`, which narrows
the engine's legal actions down to one (or refuses, with a reason); the session applies it and
appends the events to its feed; the animator plays them onto the shown board (`Shown`) step by
step; the turn controller says whose turn it is; the autosave writes the change a frame later.

Hidden information: `viewer` is the one seat whose private cards (hand, looked-at cards) this
screen may show: the only human at the table, or, with several humans, the human whose turn it
is on screen, once they have taken the screen at the pass screen. Nobody's otherwise.
"""

from __future__ import annotations

import contextlib
import json
from typing import Any, NamedTuple

import pygame

from game.blanco.rules import events as ev
from game.blanco.rules.game import BLANCO
from game.core.botrunner import BotRunner
from game.core.i18n import language, t
from game.core.keeper import GameKeeper
from game.core.session import Session
from game.core.storage import load_save
from game.core.turns import COMPUTER, HANDOFF, HUMAN, TurnController, undo_reason
from game.core.ui import gfx
from game.core.ui.animator import Animator
from game.core.ui.scene import Scene

from ..cardview import CardArt
from ..match import load_match
from ..shown import Shown
from ..table import geometry as geo
from ..table.controls import Controls
from ..table.help import BlancoHelp
from ..table.keys import table_claims, table_targets
from ..table.moves import Moves
from ..table.parts import Banner, FocusGrid, Hand, Others, Piles, Prompt, eye_icon, static_layer
from ..table.styles import OFF_FOCUS, Staging

LOOK = "look.json"  # a reward look seen but not yet decided (reveal it or not), kept aside


class Resumed(NamedTuple):
    """A saved game's table: the state as dealt, how many feed events were shown, and the seat
    that was confirming (Session.resume gives these)."""

    start: Any
    shown: int
    confirming: int | None


class TableScene(Scene):
    """The Blanco table for one session, from the deal to the win."""

    fills_screen = True

    def __init__(self, ctx: Any, session: Session, demo: bool = False,
                 on_game_over: Any = None, resume: Resumed | None = None,
                 match: Any = None, driven: bool = False) -> None:
        super().__init__(ctx)
        self.session = session
        self.match = match  # the match this game belongs to (game.blanco.ui.match), if any
        self.state = session.state
        self.demo = demo
        # Something else (a replay) says what happens next; the table only shows it, nothing
        # is saved, and each seat's cards are shown as it plays (over every shoulder in turn).
        self.driven = driven
        self.end_scene: Any = None  # a driver's scene for the end (else the game end)
        self.status_line: Any = None  # a driver's line for the prompt (else what to do)
        self.on_game_over = on_game_over
        self.exit_when_done = False
        self.art = CardArt(ctx.text)
        self.runner = BotRunner()
        self.turns = TurnController(session, self.runner.submit, self._needs_confirm,
                                    pass_screen=lambda: ctx.settings.pass_screen)
        self.turn_before = self.state.turn_id  # set by Moves before each step (the Next gate)
        humans = session.humans
        self.focus = humans[0] if humans else 0
        if resume is None:
            self.seen = Shown.before_deal(self.state)
        else:
            self.seen = Shown.before_deal(resume.start, source=self.state)
            for _ in range(resume.shown):
                self.seen.apply(session.feed.popleft())
            if resume.confirming is not None and not session.seats[resume.confirming].is_computer:
                self.turns.confirming = resume.confirming  # still waiting for that Next
        self.keeper = GameKeeper(session, ctx.game_dir(session.game.id), not demo and not driven,
                                 tell=lambda line: setattr(ctx, "message", line))
        self.turns.unsaved = self.keeper.saving
        self.message = ""
        self._message_language = language()  # the last message's (see relabel)
        self.refusal = False
        self.time = 0.0
        self.targets: set = set()
        self.hidden: set = set()
        self.private_drawn: set[int] = set()  # seats whose private faces the last frame drew
        self._eye, self._small_eye = eye_icon(22), eye_icon(14)
        self._shades: dict[tuple[int, int, float], pygame.Surface] = {}
        self.moves = Moves(self)
        if resume is not None:
            self._restore_look()
        self.grid = FocusGrid(self)
        self.hand = Hand(self)
        self.piles = Piles(self)
        self.others = Others(self)
        self.controls = Controls(self)
        self.help = BlancoHelp(self)  # tooltips
        self.parts = [Banner(self), self.piles, self.grid, self.hand, self.others, Prompt(self)]
        self.staging = Staging(self)
        self.animator = Animator(session.feed, self.seen, self.staging.styles(), self._after,
                                 play=ctx.play, off_focus=OFF_FOCUS)
        self._static: pygame.Surface | None = None

    # ------------------------------------------------------------ who sees what

    @property
    def acting(self) -> int | None:
        return self.session.next_seat()

    @property
    def viewer(self) -> int | None:
        if self.driven:
            return self.focus
        humans = self.session.humans
        if not humans:
            return None
        if len(humans) == 1:
            return humans[0]
        owner = self.turns.shown_human
        if self.ctx.stack.top is not self or owner is None:
            return None
        # A finished turn stays its player's until Next: the pass screen comes after it.
        if self.seen.acting == owner or self.turns.confirming == owner:
            return owner
        return None

    def human_turn(self) -> bool:
        seat = self.acting
        return (not self.driven and seat is not None and seat == self.focus
                and not self.animator.busy
                and not self.session.seats[seat].is_computer and self.viewer == seat)

    def _needs_confirm(self, seat: int) -> bool:
        """A human's step ended their turn (or their set-up, with others to follow): the
        table waits for Next, and Undo stays possible until then."""
        state = self.state
        if state.is_terminal():
            return False
        return state.turn_id != self.turn_before or state.waiting_for() != [seat]

    def confirm_turn(self) -> None:
        """Next: the finished turn stands and the game goes on (a pass screen first, if any)."""
        if self.turns.confirm():
            self.message = ""
            self.refusal = False

    def undo_refusal(self) -> str | None:
        """Why the focused seat cannot undo now, or None. The engine lets the step that ended
        a turn be taken back until the next step; at the table that lasts until Next."""
        seat = self.focus
        if self.session.seats[seat].is_computer:
            return t("blanco.table.undo_not_yours", "Can't undo: not your move.")
        if (self.turns.confirming != seat and self.state.phase == "turn"
                and self.state.waiting_for() == [seat]):
            return t("blanco.table.undo_nothing", "Can't undo: nothing to take back this turn.")
        reason = self.state.can_undo(seat)
        if reason is not None:
            return t("blanco.table.undo_refused", "Can't undo: {reason}.",
                     reason=undo_reason(reason))
        return None

    def name(self, seat: int) -> str:
        return self.session.seats[seat].name

    def turn_line(self) -> str:
        if self.status_line is not None:
            return self.status_line()
        if self.state.is_terminal():
            return t("blanco.table.over", "The game is over.")
        if self.animator.busy:
            return t("blanco.table.skip", "Click or press Space to skip the animation.")
        if self.turns.confirming is not None:
            if self.undo_refusal() is None:
                return t("blanco.table.done_undo",
                         "Turn done. Press Next (Enter) to go on, or Undo to take it back.")
            return t("blanco.table.done", "Turn done. Press Next (Enter) to go on.")
        if self.human_turn():
            return self.moves.prompt()
        seat = self.acting
        if seat is None:
            return ""
        return t("blanco.table.playing", "{name} is playing...", name=self.name(seat))

    def cell_face(self, seat: int, at: tuple[int, int]) -> tuple[int, bool]:
        """The card a cell shows on this screen: (card, face up)."""
        p = self.seen.players[seat]
        r, c = at
        if p.up[r][c]:
            return p.grid[r][c], True
        if p.known[r][c] and seat == self.viewer and self.memory_aid:
            return p.grid[r][c], True
        return 0, False

    def draw_cell(self, surface: pygame.Surface, seat: int, at: tuple[int, int],
                  rect: pygame.FRect) -> None:
        card, up = self.cell_face(seat, at)
        p = self.seen.players[seat]
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
            shade = self._shades[(w, h, gfx.render_scale())] = gfx.Surface((w, h),
                                                                           pygame.SRCALPHA)
            shade.fill((40, 40, 90, 60))
        return shade

    def cell_rects(self, seat: int, shape: tuple[int, int] | None = None) -> dict:
        p = self.seen.players[seat]
        rows, cols = shape or (p.rows, p.cols)
        if seat == self.focus:
            return geo.big_grid(rows, cols)
        panel = self.others.panels().get(seat)
        return geo.mini_grid(panel, rows, cols) if panel else {}

    def hand_slots(self, seat: int, count: int | None = None) -> list[pygame.FRect]:
        n = len(self.seen.players[seat].hand) if count is None else count
        if seat == self.focus:
            return geo.hand_rects(n)
        panel = self.others.panels().get(seat)
        if panel is None:
            return []
        side = geo.panel_hand(panel)
        w, h = geo.mini_card(panel)
        return [pygame.FRect(side.x + 6 + i * 16, side.y + 4, w * 0.8, h * 0.8) for i in range(n)]

    def seat_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.focus:
            return geo.GRID_AREA.center
        panel = self.others.panels().get(seat)
        return panel.center if panel else geo.GRID_AREA.center

    def remember_look(self, at: tuple[int, int]) -> None:
        """The player has seen the card of a chain reaction's look: keep which one, so a
        Continue asks about the same card (the engine takes the look and its reveal as one)."""
        if not self.saving:
            return
        from game.core.storage import write_json_atomic

        with contextlib.suppress(OSError):
            write_json_atomic(self.ctx.game_dir("blanco") / LOOK, {
                "seed": self.session.seed, "step": len(self.state.actions), "at": list(at)})

    def forget_look(self) -> None:
        with contextlib.suppress(OSError):
            (self.ctx.game_dir("blanco") / LOOK).unlink(missing_ok=True)

    def _restore_look(self) -> None:
        try:
            data = json.loads((self.ctx.game_dir("blanco") / LOOK).read_text("utf-8"))
            at = (int(data["at"][0]), int(data["at"][1]))
            fits = data["seed"] == self.session.seed and data["step"] == len(self.state.actions)
        except (OSError, ValueError, KeyError, TypeError, IndexError):
            return
        seat = self.acting
        from game.blanco.rules import Look as LookStep

        if fits and seat is not None and LookStep(seat, at, True) in self.state.legal_actions(
                seat):
            self.moves.mode, self.moves.cell = "look_reveal", at

    @property
    def memory_aid(self) -> bool:
        """A setting (Settings, on by default): read as the table draws, so a change in the
        Settings opened from the menu shows at once."""
        return self.ctx.settings.memory_aid

    def toggle_memory_aid(self) -> None:
        """The table's own switch for the same setting, kept in the settings file."""
        from game.core.ui.settings import save_settings

        self.ctx.settings.memory_aid = not self.ctx.settings.memory_aid
        warning = save_settings(self.ctx.settings, self.ctx.data_dir)
        if warning:
            self.ctx.message = warning

    # ------------------------------------------------------------ lifecycle and saving

    def exit(self) -> None:
        self.runner.close()
        self.save_now()

    def pause(self) -> None:
        self.help.reset()
        self.save_now()

    def suspend(self) -> None:
        self.save_now()

    def unshown(self) -> int:
        return self.animator.unshown

    @property
    def saving(self) -> bool:
        return self.keeper.saving

    @property
    def finished(self) -> bool:
        return self.keeper.finished

    def save_now(self) -> None:
        """Write the autosave now (never raises; a failure is said once)."""
        self.turns.unsaved = False
        self.keeper.save(self.unshown(), self.turns.confirming)

    # ------------------------------------------------------------ update

    def relabel(self) -> None:
        """A new language: the last message was written in the old one, so it gives way to
        the prompt, which is written as it is drawn. (A new window size keeps it.)"""
        if language() != self._message_language:
            self._message_language = language()
            self.message = ""

    def idle(self) -> None:
        """Between frames: one banner made ahead (its first render takes about a ms; made
        in the frame starting its step, the busiest, it made that frame late)."""
        self.staging.warm_next()

    def update(self, dt: float) -> None:
        if self.turns.unsaved:
            self.save_now()
        self.time += dt
        adt = self.ctx.anim_dt(dt)
        self.animator.update(adt, self.focus)
        self.controls.update(dt)
        self.moves.update(dt)
        self.help.update(dt)
        if self.driven or self.animator.busy or self.animator.held:
            return
        turn = self.turns.step(adt)
        for notice in self.turns.take_notices():  # a computer player failed: say so
            self.message = notice
        humans = self.session.humans
        if turn.kind == COMPUTER and not humans:
            self.focus = turn.seat
        elif turn.kind == HANDOFF:
            self.focus = turn.seat
            self.moves.cancel()  # (a card already looked at stays chosen)
            self.ctx.nav.push("handoff", name=self.name(turn.seat))
        elif turn.kind == HUMAN and self.focus != turn.seat:
            self.focus = turn.seat
            self.moves.cancel()

    def open_menu(self) -> None:
        self.ctx.nav.push("pause")

    def focus_targets(self) -> list:
        """What the keyboard focus can rest on: piles, hand, grid, buttons (table/keys.py)."""
        return table_targets(self)

    def focus_claims(self) -> set[int]:
        """Keys the focus ring leaves to the table now (Space skips, or confirms)."""
        return table_claims(self)

    # ------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        self.help.handle_event(event)  # watches the mouse for tooltips
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.moves.mode or self.moves.hand_card is not None or self.moves.cell:
                self.moves.cancel()
            else:
                self.open_menu()
            return
        if self.animator.skip_on(event, self.focus):
            return
        if (self.turns.confirming is not None and event.type == pygame.KEYDOWN
                and event.key == pygame.K_SPACE):
            self.confirm_turn()
            return
        if self.controls.handle_event(event):
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3:
            self.moves.cancel()
            return
        for part in (self.piles, self.hand, self.grid):
            if part.handle_event(event):
                return

    # ------------------------------------------------------------ after a step

    def _after(self, event: Any) -> bool:
        if type(event) is ev.Won:
            self.keeper.file_finished()
            if self.on_game_over is not None:
                self.on_game_over(self.session)
            if self.end_scene is not None:
                self.ctx.stack.replace(self.end_scene())
                return True
            if self.match is not None:
                self.match.add_game(self.state)
                self.ctx.stack.replace(self.ctx.nav.make(
                    "blanco.match_score", session=self.session, match=self.match))
                return True
            self.ctx.stack.replace(self.ctx.nav.make(
                "blanco.game_end", session=self.session,
                demo=self.demo and self.exit_when_done))
            return True
        return False

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        if self._static is None:
            self._static = static_layer()
        surface.blit(self._static, (0, 0))
        self.private_drawn = set()
        self.targets = self.moves.targets() if self.human_turn() else set()
        self.hidden = set()
        for effect in self.animator.effects:
            self.hidden |= getattr(effect, "hides", set())
            private = getattr(effect, "private", None)
            if private is not None:
                self.private_drawn.add(private)
        for part in self.parts:
            part.draw(surface)
        if not self.driven:
            self.controls.draw(surface)
        for effect in self.animator.effects:
            effect.draw(surface)
        self.help.draw(surface)  # a tooltip goes over everything


def start_game(ctx: Any, seats: list | None = None, seed: int = 0, demo: bool = False,
               on_game_over: Any = None, session: Session | None = None, match: Any = None,
               deal: Any = None, challenge: dict[str, Any] | None = None,
               **_: Any) -> TableScene:
    """Deal a new Blanco game for these seats (or play a session already dealt) and put its
    table on the stack (alone); `match`: the match it belongs to. `deal` and `challenge`:
    a kept game's cards to play again, and its result to compare at the end."""
    if session is None:
        session = Session(list(seats or []), seed, game=BLANCO, deal=deal)
        session.challenge = challenge
    scene = TableScene(ctx, session, demo=demo, on_game_over=on_game_over, match=match)
    ctx.stack.clear_to(scene)
    return scene


def continue_game(ctx: Any, saved: Any = None) -> str | None:
    """Put the saved Blanco game back on the table exactly as it stood; or say why not."""
    if saved is None:
        saved, warning = load_save(ctx.game_dir("blanco"))
        if saved is None:
            return warning or t("table.no_save", "There is no saved game to continue.")
    session, start, shown, confirming = saved.resumed
    match = load_match(ctx.game_dir("blanco"))
    ctx.stack.clear_to(TableScene(ctx, session, resume=Resumed(start, shown, confirming),
                                  match=match if match is not None and match.fits(session)
                                  else None))
    return None
