"""The older table shell, kept while a game's table is still its own subclass (Lucky Box, until
its kit lands): a new game does NOT subclass it, but hands core a kit (`game.core.ui.table`:
the core `Table` holds the game's `TableKit`, here or online). What it holds, as the core table
does:

- the session, the seats and the focus (the seat the screen is turned to);
- the turn controller (`game.core.turns`): computers think in the worker, a finished turn waits
  for Next, a hand-off screen comes between two people at one screen (the table's side of it
  is the mixin `TableTurns`, table_turns.py);
- the shown board (`shown_board`, moved on by the animator as each event's step starts) and the
  generic animator playing the game's event styles;
- the autosave (`GameKeeper`: every change, a frame later; never in a demo or a replay);
- the path of an input: Esc (drop the choice, else the menu), a click or Space skipping an
  animation, Space confirming a finished turn, the controls, a right click dropping the choice,
  then the parts in `clickable` order;
- the drawing order: the static layer, the parts, the controls (not when driven), the effects,
  the tooltips; and the end: the game-over event opens the game's end scene.

`driven=True`: something else (a replay, `ReplayShell`) says what happens next; the table only
shows it (nothing saved, no turns taken).

A game still on this shell subclasses `TableShell` in its `ui/scenes/table.py` and gives

- `shown_board(state, source=None)`: the board as shown before the session's feed plays (an
  object with `apply(event)`; the engine's own state, cloned, often does);
- `build()`: make the parts and return the event styles (`{EventType: EventStyle}`); set
  `self.parts` (drawn in order) and `self.clickable` (offered clicks in order), and, where the
  game has them, `self.moves` (with `drop()`-like behaviour through `drop_choice`),
  `self.controls` and `self.help` (each with `update(dt)`, `handle_event(event) -> bool`,
  `draw(surface)`; the help also `reset()`: tooltips); a game without them keeps the shell's
  `Nothing`;
- `game_over_event` (the event type that ends the game) (its end scene is the route
  `{game id}.game_end`);
- `static_layer()`: the picture under everything (drawn once);
- `targets_of`: the keyboard's focus targets when the player may act (`focus.py`).

Optional: `needs_confirm(seat)`, `may_act(seat)`, `turn_pace()`, `on_turn(turn)`,
`after_step(event)`, `has_choice()` / `drop_choice()` / `cancel_choice()`, `draw_overlays`.
Undo: `undo()` takes back the focused seat's step, or gives the line saying why not (the
game's refusal words, `game.core.ui.refusals`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

import pygame

from game.core.botrunner import BotRunner
from game.core.i18n import language, t
from game.core.keeper import GameKeeper
from game.core.levels import level_in_words
from game.core.seat_names import says_computer
from game.core.session import Session
from game.core.turns import TurnController
from game.core.ui import gfx, soundtrack
from game.core.ui.animator import Animator
from game.core.ui.last_game import remember_game
from game.core.ui.layout import LOGICAL_SIZE
from game.core.ui.scene import DECORATIVE_FPS, Scene, tips_moving
from game.core.ui.settings import PACE_SPEEDS
from game.core.ui.shells.auto_next import AutoNext
from game.core.ui.shells.late_input import LateInput, follows
from game.core.ui.shells.table_turns import TableTurns


class Resumed(NamedTuple):
    """A saved game's table: the state as dealt, how many feed events were shown, and the seat
    that was looking at its finished turn (Session.resume gives these)."""

    start: Any
    shown: int
    confirming: int | None


def table_files(ctx: Any, game_id: str) -> tuple[str, ...]:
    """The files a table of that game keeps beside its autosave (`GameUI.table_files`)."""
    try:
        return tuple(ctx.game_ui(game_id).table_files)
    except (KeyError, AttributeError):  # a game the app does not list (a test's own)
        return ()


def resume_saved(ctx: Any, game_id: str, saved: Any = None) -> tuple[Session, Resumed] | str:
    """A saved game's session and where its table stood; or, in one line, why there is none
    (a bad save is kept aside by the loader). `saved`: the title's already replayed save (a
    `storage.LoadedSave`, or a `saves.SavedTable` of the list); without it, the game's table
    played most recently."""
    if saved is None:
        from game.core.saves import list_saved

        tables, problems = list_saved(
            ctx.game_dir(game_id), ctx.rules_games, table_files(ctx, game_id)
        )
        if not tables:
            return (problems[0] if problems else None) or t(
                "table.no_save", "There is no saved game to continue."
            )
        saved = tables[0]
    saved = getattr(saved, "loaded", saved)
    session, start, shown, confirming = saved.resumed
    if session.table_folder is not None:
        from game.core.saves import taken

        taken(session.table_folder)  # this session plays on: the list replays the file anew
    return session, Resumed(start, shown, confirming)


class Nothing:
    """A table's moves, controls or help when the game has none: it does nothing."""

    def update(self, dt: float) -> None:
        pass

    def handle_event(self, event: pygame.event.Event) -> bool:
        return False

    def draw(self, surface: pygame.Surface) -> None:
        pass

    def reset(self) -> None:
        pass


class TableShell(TableTurns, Scene):
    """A game's table for one session (see the module's docstring for what a game gives)."""

    fills_screen = True  # the static layer covers the whole screen
    # Its highlights pulse (about a second a beat) while a human is to move: 30 frames a
    # second show them as smoothly as 60, at half the drawing, while nothing else moves.
    ambient_fps: float | None = DECORATIVE_FPS
    # Every part marks where it draws that motion (`Scene.mark_ambient`): such frames are
    # drawn there only.
    marks_ambient = True
    #: After a step, the keyboard focus waits for the next thing to do (focus.py).
    focus_waits = True
    #: The event that ends the game: after its step, the end scene opens.
    game_over_event: type = type(None)
    #: Seats not in focus play their steps this much faster (the animator's `off_focus`).
    off_focus = 1.0
    #: How fast computers' turns are shown at each pace setting (a game whose steps are each
    #: one card to follow may give its own, slower, speeds).
    pace_speeds: Mapping[str, float] = PACE_SPEEDS
    #: Where the daily deal's line sits (its centre), clear of the game's parts.
    daily_badge_at: tuple[float, float] = (640, 14)
    #: `targets_of(table)`: what the keyboard focus can rest on (`game.core.ui.focus`).
    targets_of: Callable[[Any], list[Any]] = staticmethod(lambda table: [])

    moves: Any
    controls: Any
    help: Any
    parts: list[Any]
    clickable: list[Any]

    def __init__(
        self,
        ctx: Any,
        session: Session,
        demo: bool = False,
        on_game_over: Any = None,
        resume: Resumed | None = None,
        driven: bool = False,
    ) -> None:
        super().__init__(ctx)
        self.session = session
        self.state = session.state
        self.demo = demo
        self.driven = driven
        self.on_game_over = on_game_over
        self.end_scene: Callable[[], Scene] = self.scores_scene  # a driver may give its own
        self.status_line: Callable[[], str] | None = None  # a driver's own line, if any
        self.exit_when_done = False
        self.runner = BotRunner()
        self.turns = TurnController(
            session,
            self.runner.submit,
            self.needs_confirm,
            pass_screen=lambda: ctx.settings.pass_screen,
        )
        humans = session.humans
        self.focus = humans[0] if humans else 0
        if resume is None:
            self.seen = self.shown_board(self.state)
        else:  # show what was shown when the game stopped; the rest of the feed plays on
            self.seen = self.shown_board(resume.start, self.state)
            for _ in range(resume.shown):
                self.seen.apply(session.feed.popleft())
            if resume.confirming is not None and not session.seats[resume.confirming].is_computer:
                self.turns.confirming = resume.confirming  # still waiting for that Next
        # People sharing the screen: after a resume nobody's table shows before its owner has
        # taken the screen (whoever sat there when the game stopped may not be there now).
        self._hand_over_first = resume is not None and not driven and len(session.humans) > 1
        # Every change is saved (a frame later, once the table has settled); demo games and
        # replays are not.
        self.keeper = GameKeeper(
            session,
            ctx.game_dir(session.game.id),
            not demo and not driven,
            tell=lambda line: setattr(ctx, "message", line),
            companions=table_files(ctx, session.game.id),
        )
        self.turns.unsaved = self.keeper.saving
        self.message = ""
        self._message_language = language()  # the last message's (see relabel)
        self._until_turn: str | None = None  # a "not now" line shown (see say_until_turn)
        self.time = 0.0
        self.moves = self.controls = self.help = Nothing()  # unless the game gives its own
        styles = self.build()
        self.animator = Animator(
            session.feed, self.seen, styles, self._after, play=ctx.play, off_focus=self.off_focus
        )
        self._static: pygame.Surface | None = None
        self._static_key: tuple[Any, ...] = ()
        #: All the window shows, in the table's 1280x720 coordinates (`gfx.view`): the static
        #: layer covers it, so a wide or tall window shows the table's surface to its edges.
        self.view = pygame.Rect((0, 0), LOGICAL_SIZE)
        self._hurried: int | None = None  # a computer whose turn a click asked to show at once
        #: A click or Enter made during an animation, applied once it has ended (late_input).
        self.late = LateInput()
        #: A finished turn going on by itself (the Confirm turn setting); never in a guided
        #: game (`as_lesson`): its guide asks for Next.
        self.auto_next = AutoNext(ctx.settings, on=not demo and not driven)

    def enter(self) -> None:
        super().enter()
        if not self.demo and not self.driven:  # the title opens on this game's tab next
            remember_game(self.ctx.data_dir, self.session.game.id)

    # ------------------------------------------------------------ what a game gives

    def shown_board(self, state: Any, source: Any = None) -> Any:
        """The board as shown before the session's feed plays (`source`: the engine's state,
        read when an undo is shown)."""
        raise NotImplementedError

    def build(self) -> Mapping[type, Any]:
        """Make the parts (see the module's docstring); return the event styles."""
        raise NotImplementedError

    def static_layer(self) -> pygame.Surface:
        """The picture under everything, drawn once: covering `self.view` (make it with
        `gfx.layer(self.view, LOGICAL_SIZE)`: it is blitted at the view's top-left)."""
        raise NotImplementedError

    def needs_confirm(self, seat: int) -> bool:
        """Whether a human's step just taken waits for Next (Undo stays possible till then)."""
        return False

    def turn_pace(self) -> float:
        """How long computers pause before their moves now (1: the usual beat)."""
        return 1.0

    def after_step(self, event: Any) -> bool:
        """A game's own scene after a step (True: the animator waits for `release`)."""
        return False

    def has_choice(self) -> bool:
        """Whether the player has something chosen that Esc would drop."""
        return False

    def cancel_choice(self) -> None:
        """Esc with something chosen."""
        self.drop_choice()

    def draw_overlays(self, surface: pygame.Surface) -> None:
        """Drawn over the parts and controls, under the effects and the tooltips."""

    @property
    def music(self) -> soundtrack.Piece:
        """The game's own loop while its table is up."""
        return soundtrack.Piece(soundtrack.game_sounds(self.ctx, self.session.game.id).music)

    def scores_scene(self) -> Scene:
        """What follows the last step: the game's end scene."""
        return self.ctx.nav.make(
            f"{self.session.game.id}.game_end",
            session=self.session,
            demo=self.demo and self.exit_when_done,
        )

    # ------------------------------------------------------------ what tests and parts read

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

    def name(self, seat: int) -> str:
        return self.session.name_of(seat)

    def as_lesson(self) -> None:
        """A guided game: not a game to keep (a real game's autosave stays as it was, and the
        statistics and replays only hold real games), and a finished turn waits for Next
        whatever the Confirm turn setting says: the guide says when to press it."""
        self.keeper.saving = False
        self.turns.unsaved = False
        self.auto_next.on = False

    def panel_name(self, seat: int) -> str:
        """A seat's name where its board or panel is titled, marked while its player is away
        from the table (online), as other sites mark a player offline."""
        name = self.session.name_of(seat)
        if self.session.is_away(seat):
            return t("table.away_mark", "{name} (away)", name=name)
        if self.session.is_free(seat):
            return t("table.free_mark", "{name} (free seat)", name=name)
        return name

    def banner_name(self, seat: int) -> str:
        """A seat's name where the banner titles the board in view: a person's name alone, a
        computer's with its level, which a default name needs alone ("Computer 2 (hard)", "Bo
        (computer, hard)"). An online table's other people are people here, not computers."""
        info, name = self.session.seats[seat], self.session.name_of(seat)
        if info.kind == "human":
            return name
        level = level_in_words(info.kind)
        if says_computer(name, seat):
            return f"{name} ({level})"
        return t("table.computer_name", "{name} (computer, {level})", name=name, level=level)

    def waiting_words(self, seat: int) -> str | None:
        """What the turn line says while `seat`'s player is away from the table (an online
        table's friend who left, or a seat nobody took yet), in place of "... is playing";
        None at a local table."""
        return None

    # ------------------------------------------------------------ lifecycle and saving

    def exit(self) -> None:
        self.runner.close()
        self.save_now()  # where the cascade stands, to the step

    def pause(self) -> None:
        self.help.reset()  # no tip left over the table under an overlay
        self.save_now()

    def suspend(self) -> None:
        self.save_now()

    def unshown(self) -> int:
        """Events the player has not yet fully seen (the step playing or holding counts)."""
        return int(self.animator.unshown)

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

    def needs_redraw(self) -> bool:
        """Still only while a human is to move, nothing animates and the player has gone
        (a game's ambient motion, such as marching rings, rests with the rest)."""
        seat = self.turns.acting
        human = self.turns.confirming is not None or (
            seat is not None and not self.session.seats[seat].is_computer
        )
        return (
            not human
            or self.driven
            or self.animator.busy
            or bool(self.animator.held)
            or self.ambient_live()
            or self.auto_next.counting  # the Next button's bar empties
            or tips_moving(getattr(self.help, "layer", None))  # a tooltip on its way, fading in
        )

    def flashing(self) -> bool:
        """A refused click's target shows red for a moment (a still mark, no motion)."""
        return bool(getattr(self.moves, "flashing", False))

    def redraw_key(self) -> object:
        """The flash's end is drawn whole: it may outlast the frames drawn after the click,
        and the frame it ends in moves nothing else."""
        return self.flashing()

    def update(self, dt: float) -> None:
        if self._hand_over_first:
            self._hand_over_first = False
            self.hand_over_on_resume()
        if self.turns.unsaved:
            self.save_now()
        self.time += dt
        adt = self.ctx.anim_dt(dt)
        if self.computers_playing():
            adt *= self.pace_speeds.get(getattr(self.ctx.settings, "pace", "normal"), 1.0)
        self._skip_hurried()
        self.animator.update(adt, self.focus)
        self.controls.update(dt)
        self.moves.update(dt)
        self.help.update(dt)
        if self._until_turn is not None and self.human_turn():
            if self.message == self._until_turn:  # still up: it would now say the opposite
                self.clear_message()
            self._until_turn = None
        if self.driven or self.animator.busy or self.animator.held:
            if self.animator.held:  # the round's scores came up: not what the input was for
                self.late.drop()
            return
        if self.auto_next.due(self.turns.confirming, dt):
            self.confirm_turn()
        turn = self.turns.step(adt, self.turn_pace())
        for notice in self.turns.take_notices():  # a computer player failed: say so
            self.message = notice
        self.on_turn(turn)
        if self.late:
            self.late.apply(self)

    def open_menu(self) -> None:
        self.ctx.nav.push("pause")

    def focus_targets(self) -> list[Any]:
        """What the keyboard focus can rest on (the game's `targets_of`): nothing when driven
        (a replay's own buttons take the keys); while an animation plays, Enter on any target
        skips it, as a click anywhere does."""
        if self.driven:
            return []
        targets = self.targets_of(self)
        if self.animator.busy:
            for target in targets:
                target.activate = lambda: self.late.skip_then_enter(self)
                target.plays = False  # it only skips now: safe on an unseen focus
        return targets

    def focus_claims(self) -> set[int]:
        """Keys the focus ring leaves to the table now: Space skips an animation, or says Next
        to a finished turn."""
        if self.animator.busy or self.confirming is not None:
            return {pygame.K_SPACE}
        return set()

    # ------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if self.help.handle_event(event):  # (it watches the mouse for tooltips)
            return
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.has_choice():
                self.cancel_choice()
            else:
                self.open_menu()
            return
        if self.late.keep_release(event):
            return  # the release of a click kept during the animation: applied with it
        if self.animator.busy and self.late.keep_click(event, follows(self)):
            self.animator.skip(self.focus)
            return
        if self.animator.skip_on(event, self.focus):
            return
        if (
            self.confirming is not None
            and event.type == pygame.KEYDOWN
            and event.key == pygame.K_SPACE
        ):
            self.confirm_turn()
            return
        if self.controls.handle_event(event):
            return
        if (
            event.type == pygame.MOUSEBUTTONDOWN
            and getattr(event, "button", 1) == 1
            and not self.driven
            and self.computers_playing()
        ):
            self.hurry_computer()
            return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3:
            self.drop_choice()
            return
        for part in self.clickable:
            if part.handle_event(event):
                return

    # ------------------------------------------------------------ after a step

    def _after(self, event: Any) -> bool:
        """After a step: the game's own scenes, and the end once the game is over."""
        if type(event) is self.game_over_event:
            self.keeper.file_finished()
            if self.on_game_over is not None:
                self.on_game_over(self.session)
            self.ctx.stack.replace(self.end_scene())
            return True
        return self.after_step(event)

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        self.view = gfx.view(surface)
        self.ctx.layout.fit(self.view)  # anchored regions follow the window's shape
        key = (tuple(self.view), gfx.render_scale(), self.ctx.layout.variant)
        if self._static is None or key != self._static_key:
            self._static, self._static_key = self.static_layer(), key
        surface.blit(self._static, self.view.topleft)
        for part in self.parts:
            part.draw(surface)
        if not self.driven:
            self.controls.draw(surface)
            self.auto_next.draw(surface, getattr(self.controls, "buttons", {}).get("next"))
        self.draw_overlays(surface)
        if self.session.daily is not None and not self.driven:
            from game.core.ui.daily import draw_badge

            draw_badge(surface, self.ctx, self.session, self.daily_badge_at)
        for effect in self.animator.effects:
            effect.draw(surface)
        self.help.draw(surface)  # a tooltip goes over everything
