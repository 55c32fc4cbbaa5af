"""The core table: one game at the table, from the deal to the last step, for any game. It is
a scene that HOLDS its pieces, each with one job:

- the session (a `TableSession`: local, or a seat at a server's table), read anew at every use;
- the game's kit (`TableKit`, kit.py: the shown board, the parts, the event styles, hooks),
  made by the game's maker with this table as its `TablePort` (port.py), the one object its
  parts read and call (nothing passes their calls on);
- the host (`TableHost`, host.py: what surrounds the table, here or online);
- the turn controller and the table's side of it (`TurnView`, turn_view.py);
- the generic animator playing the kit's event styles onto the shown board;
- the keeper (the autosave: every change, a frame later; only when the session's policy and
  the host keep the game, never in a demo or a replay), late input and auto-next.

The path of an input and the drawing order are in frame.py. `driven=True`: something else (a
replay) says what happens next; the table only shows it (nothing saved, no turns taken).

Generic in the game's state, action and shown board (`Table[BlancoState, Action, Shown]`): the
session, the kit and the port carry the same three, so mypy proves the action a part hands
`act` is the one the session's `apply` takes.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any, Generic, Protocol, TypeVar

import pygame

from game.core.botrunner import BotRunner
from game.core.game import Outcome, StateT
from game.core.i18n import language, t
from game.core.keeper import GameKeeper
from game.core.levels import level_in_words
from game.core.seat_names import says_computer
from game.core.table_session import TableSession
from game.core.ui import soundtrack
from game.core.ui.game_ui.kit import BoardT, Effects, KitHooks, TableKit, hooks_of
from game.core.ui.game_ui.port import TablePort
from game.core.ui.last_game import remember_game
from game.core.ui.scene import DECORATIVE_FPS, Scene
from game.core.ui.table.auto_next import AutoNext
from game.core.ui.table.frame import (
    draw_frame,
    frame_focus_claims,
    frame_focus_targets,
    frame_needs_redraw,
    handle_input,
    update_frame,
)
from game.core.ui.table.host import LocalHost, TableHost
from game.core.ui.table.late_input import LateInput
from game.core.ui.table.part import Part
from game.core.ui.table.saved import Resumed, table_files
from game.core.ui.table.turn_view import TurnView
from game.core.ui.toolkit.animator import Animator
from game.core.ui.toolkit.layout import LOGICAL_SIZE


class Move(Protocol):
    """An action as the table reads it: the seat that takes it (every game's actions say)."""

    @property
    def player(self) -> int: ...


#: The game's action type.
ActionT = TypeVar("ActionT", bound=Move)

#: A game's kit maker, as its UI descriptor hands it (`GameUI.table_kit`).
KitMaker = Callable[[TablePort[StateT, ActionT, BoardT]], TableKit[StateT, BoardT]]


class Table(Scene, Generic[StateT, ActionT, BoardT]):
    """A game's table for one session (see the module's docstring)."""

    fills_screen = True  # the static layer covers the whole screen
    # Its highlights pulse (about a second a beat) while a human is to move: 30 frames a
    # second show them as smoothly as 60, at half the drawing, while nothing else moves.
    ambient_fps: float | None = DECORATIVE_FPS
    # Every part marks where it draws that motion (`Scene.mark_ambient`): such frames are
    # drawn there only.
    marks_ambient = True
    #: After a step, the keyboard focus waits for the next thing to do (focus.py).
    focus_waits = True

    def __init__(
        self,
        ctx: Any,
        session: TableSession[StateT, ActionT],
        kit: KitMaker[StateT, ActionT, BoardT],
        demo: bool = False,
        on_game_over: Any = None,
        resume: Resumed | None = None,
        driven: bool = False,
        host: TableHost | None = None,
    ) -> None:
        super().__init__(ctx)
        self._session = session
        self._demo = demo
        self._driven = driven
        self._resumed = resume is not None
        self.on_game_over = on_game_over
        self.end_scene: Callable[[], Scene] = self.scores_scene  # a driver may give its own
        self.status_line: Callable[[], str] | None = None  # a driver's own line, if any
        self.exit_when_done = False
        self.message = ""
        self.refusal = False  # the line says why a click was refused
        self.message_aside = ""  # a phrase a player said (online), beside what to do
        self._message_language = language()  # the last message's (see relabel)
        self.time = 0.0
        #: All the window shows, in the table's 1280x720 coordinates (`gfx.view`): the static
        #: layer covers it, so a wide or tall window shows the table's surface to its edges.
        self.view = pygame.Rect((0, 0), LOGICAL_SIZE)
        self.runner = BotRunner()
        self.host: TableHost = host if host is not None else LocalHost()
        self.host.attach(self)
        self.turn_view = TurnView(self)
        self.turns = self.host.make_turns(self)
        humans = session.humans
        self.focus = humans[0] if humans else 0
        port: TablePort[StateT, ActionT, BoardT] = self
        self.kit: TableKit[StateT, BoardT] = kit(port)
        self.hooks: KitHooks[BoardT] = hooks_of(self.kit)  # its own, or the defaults
        self._seen: BoardT
        if self.host.from_view:  # a seat's view mid-game (online)
            self._seen = self.kit.shown_view(self.state)
        elif resume is None:
            self._seen = self.kit.shown_board(self.state)
        else:
            self._seen = self.kit.shown_board(resume.start, self.state)
        # What the animator applies events to (the kit may note each step, as a move log).
        watched = self.hooks.watch_board(self._seen)
        if resume is not None:  # show what was shown when the game stopped; the rest plays on
            for _ in range(resume.shown):
                watched.apply(session.feed.popleft())
            if resume.confirming is not None and not session.seats[resume.confirming].is_computer:
                self.turns.confirming = resume.confirming  # still waiting for that Next
        # People sharing the screen: after a resume nobody's table shows before its owner has
        # taken the screen (whoever sat there when the game stopped may not be there now).
        self.hand_over_first = resume is not None and not driven and len(session.humans) > 1
        # Every change is saved (a frame later, once the table has settled); demo games,
        # replays and games a server keeps are not.
        keeps = not demo and not driven and self.host.keeps_game and session.policy.autosave
        self.keeper = GameKeeper(
            session,
            ctx.game_dir(session.game.id),
            keeps,
            tell=lambda line: setattr(ctx, "message", line),
            companions=table_files(ctx, session.game.id),
        )
        self.turns.unsaved = self.keeper.saving
        built = self.kit.build()
        self.parts, self.clickable = built.parts, built.clickable
        self.moves, self.controls, self.help = built.moves, built.controls, built.help
        self.animator = Animator(
            session.feed,
            watched,
            built.styles,
            self._after,
            play=ctx.play,
            off_focus=self.hooks.off_focus,
        )
        self.static: pygame.Surface | None = None
        self.static_key: tuple[Any, ...] = ()
        #: A click or Enter made during an animation, applied once it has ended (late_input).
        self.late = LateInput()
        #: A finished turn going on by itself (the Confirm turn setting); never in a guided
        #: game (`as_lesson`): its guide asks for Next.
        self.auto_next = AutoNext(ctx.settings, on=not demo and not driven and keeps)
        self.host.start()

    # ------------------------------------------------------------ what the port reads

    @property
    def session(self) -> TableSession[StateT, ActionT]:
        return self._session

    @property
    def state(self) -> StateT:
        return self._session.state

    @property
    def seen(self) -> BoardT:
        return self._seen

    @property
    def driven(self) -> bool:
        return self._driven

    @property
    def demo(self) -> bool:
        return self._demo

    @property
    def resumed(self) -> bool:
        return self._resumed

    @property
    def acting(self) -> int | None:
        return self._session.next_seat()

    @property
    def confirming(self) -> int | None:
        return self.turns.confirming

    @property
    def saving(self) -> bool:
        return self.keeper.saving

    @property
    def finished(self) -> bool:
        return self.keeper.finished

    @property
    def kept(self) -> bool:
        """Whether Continue on the title would bring this game back: it is saved as it goes
        (not a guided game, demo, replay or online table) and its last save was written."""
        return self.keeper.saving and self.keeper.warning is None and not self.keeper.finished

    def human_turn(self) -> bool:
        return self.turn_view.human_turn()

    def may_act(self, seat: int) -> bool:
        """Besides being the focused human with nothing animating: may this seat act now?
        The host (online: no move on its way) and the kit (whose screen it is) both say."""
        return self.host.may_act(seat) and self.hooks.may_act(seat)

    def computers_playing(self) -> bool:
        return self.turn_view.computers_playing()

    def on_top(self) -> bool:
        return self.ctx.stack.top is self

    def table_folder(self) -> Path | None:
        folder = self.keeper.table()
        return None if folder is None else Path(folder)

    def needs_confirm(self, seat: int) -> bool:
        """Whether a human's step waits for Next: the kit says, where the session's turns
        may wait at all (an online table's may not: nothing to take back there)."""
        return self._session.policy.confirms_turns and self.hooks.needs_confirm(seat)

    # ------------------------------------------------------------ names

    def name(self, seat: int) -> str:
        return self._session.name_of(seat)

    def panel_name(self, seat: int) -> str:
        """A seat's name where its board or panel is titled, marked while its player is away
        from the table (online), as other sites mark a player offline."""
        name = self._session.name_of(seat)
        if self._session.is_away(seat):
            return t("table.away_mark", "{name} (away)", name=name)
        if self._session.is_free(seat):
            return t("table.free_mark", "{name} (free seat)", name=name)
        return name

    def banner_name(self, seat: int) -> str:
        """A seat's name where the banner titles the board in view: a person's name alone, a
        computer's with its level, which a default name needs alone ("Computer 2 (hard)", "Bo
        (computer, hard)"); the host may add to it (a watcher's "Watching: ...")."""
        info, name = self._session.seats[seat], self._session.name_of(seat)
        if info.kind == "human":
            said = name
        elif says_computer(name, seat):
            said = f"{name} ({level_in_words(info.kind)})"
        else:
            level = level_in_words(info.kind)
            said = t("table.computer_name", "{name} (computer, {level})", name=name, level=level)
        return self.host.banner_name(seat, said)

    def waiting_words(self, seat: int) -> str | None:
        """What the turn line says while `seat`'s player is away from the table (an online
        table's friend who left, or a seat nobody took yet), in place of "... is playing";
        None at a local table."""
        return self.host.waiting_words(seat)

    def table_waits(self) -> str | None:
        """What the whole table waits for, in a few words for its banner (an online table
        whose host's app closed), in place of whose turn it is; None while it plays on."""
        return self.host.table_waits()

    # ------------------------------------------------------------ what the port does

    def act(self, action: ActionT) -> Outcome:
        """The focused human's step to the session; taken, the turn controller hears of it
        (the line clears). Refused, the outcome says why: the kit words it."""
        outcome = self._session.apply(action)
        if outcome.ok:
            self.clear_message()
            self.turns.human_acted(action.player)
        return outcome

    def show(self, effects: Effects) -> None:
        """An input's effects: the line (a refusal's sound with it), then the game's part."""
        if effects.message is not None:
            self.message = effects.message
            self.refusal = effects.refusal
            self.message_aside = ""
            if effects.until_turn:
                self.turn_view.say_until_turn(effects.message)
        if effects.refusal:
            self.ctx.play("refuse")
        self.hooks.show(effects)

    def undo(self) -> str | None:
        return self.turn_view.undo()

    def confirm_turn(self) -> None:
        self.turn_view.confirm_turn()

    def say_until_turn(self, line: str) -> None:
        self.turn_view.say_until_turn(line)

    def clear_message(self) -> None:
        """The message line empty (and no longer a refusal's)."""
        self.message = ""
        self.refusal = False

    def open_menu(self) -> None:
        if not self.host.open_menu():
            self.ctx.nav.push("pause")

    def as_lesson(self) -> None:
        """A guided game: not a game to keep (a real game's autosave stays as it was, and the
        statistics and replays only hold real games), and a finished turn waits for Next
        whatever the Confirm turn setting says: the guide says when to press it."""
        self.keeper.saving = False
        self.turns.unsaved = False
        self.auto_next.on = False

    # ------------------------------------------------------------ the end

    @property
    def music(self) -> soundtrack.Piece:
        """The game's own loop while its table is up."""
        return soundtrack.Piece(soundtrack.game_sounds(self.ctx, self._session.game.id).music)

    def scores_scene(self) -> Scene:
        """What follows the last step: the host's end (online: with a rematch), the kit's own
        (a match's scores), or the game's end scene."""
        scene = self.host.end_scene()
        if scene is None:
            scene = self.hooks.end_scene()
        if scene is None:
            scene = self.ctx.nav.make(
                f"{self._session.game.id}.game_end",
                session=self._session,
                demo=self._demo and self.exit_when_done,
            )
        return scene

    def _after(self, event: Any) -> bool:
        """After a step: the game's own scenes, and the end once the game is over."""
        if type(event) is self.kit.game_over_event:
            self.keeper.file_finished()
            if self.on_game_over is not None:
                self.on_game_over(self._session)
            self.ctx.stack.replace(self.end_scene())
            return True
        return self.hooks.after_step(event)

    # ------------------------------------------------------------ lifecycle and saving

    def enter(self) -> None:
        super().enter()
        if not self._demo and not self._driven:  # the title opens on this game's tab next
            remember_game(self.ctx.data_dir, self._session.game.id)

    def exit(self) -> None:
        self.runner.close()
        self.save_now()  # where the cascade stands, to the step
        self.host.exit()

    def pause(self) -> None:
        self.help.reset()  # no tip left over the table under an overlay
        self.save_now()

    def suspend(self) -> None:
        self.save_now()

    def resume(self) -> None:
        self.hooks.resume()

    def idle(self) -> None:
        self.hooks.idle()

    def unshown(self) -> int:
        """Events the player has not yet fully seen (the step playing or holding counts)."""
        return int(self.animator.unshown)

    def save_now(self) -> None:
        """Write the autosave now (never raises; a failure is said once, then play goes on)."""
        self.turns.unsaved = False
        self.keeper.save(self.unshown(), self.confirming)

    def relabel(self) -> None:
        """A new language: the last message was written in the old one, so it gives way to
        the prompt, which is written as it is drawn. (A new window size keeps it.)"""
        if language() != self._message_language:
            self._message_language = language()
            self.message = ""

    # ------------------------------------------------------------ a frame (frame.py)

    def needs_redraw(self) -> bool:
        return frame_needs_redraw(self)

    def draw_anew(self) -> None:
        """The next frame draws every part afresh, nothing kept from before blitted back (the
        same picture: for a reader of what a frame draws, a test recording its texts)."""
        for part in (*self.parts, self.controls):
            if isinstance(part, Part):
                part.forget_kept()

    def flashing(self) -> bool:
        """A refused click's target shows red for a moment (a still mark, no motion)."""
        return bool(getattr(self.moves, "flashing", False))

    def redraw_key(self) -> object:
        key = self.host.redraw_key()
        return self.flashing() if key is None else key

    def update(self, dt: float) -> None:
        update_frame(self, dt)

    def focus_targets(self) -> list[Any]:
        return frame_focus_targets(self)

    def focus_claims(self) -> set[int]:
        return frame_focus_claims(self)

    def handle_event(self, event: pygame.event.Event) -> None:
        handle_input(self, event)

    def draw(self, surface: pygame.Surface) -> None:
        draw_frame(self, surface)


__all__ = ["KitMaker", "Table"]
