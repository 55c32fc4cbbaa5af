"""The game-end screen: the scene after a game's last step. It has two buttons, "again" (the same
seats, the next seed; where the keyboard's focus starts: the game's main action, so an Enter
never leaves the game by accident) and "title" (Esc), plays the game's end flourish and end
piece (`GameUI.sounds`) when it opens, and in a demo that should exit, closes the app after a
few seconds.

The moment lands before a key can leave it: for `LAND` seconds no key acts (an Enter that
continued the last round's summary, pressed twice, must not throw the results away), and
afterwards Enter is no shortcut of any button: the first Enter shows the keyboard's ring (on
"again"), the next acts on it; where the ring already shows (a player on the keys), one Enter
plays again. Space never acts here (it skips and confirms elsewhere: pressed out of habit, it
does nothing). A replay gives the two buttons its own labels and actions ("Watch again",
"Back").

For a new game's author: subclass `GameEndScreen` in your `ui/scenes/gameend.py`, give your
game's id (`game_id`: Play again deals through its route `{game_id}.start_game`, made with
`seats` and `seed`) and draw your results in `draw_results` (the backdrop is drawn before it,
the buttons after)::

    class GameEndScene(GameEndScreen):
        game_id = "highcard"

        def draw_results(self, surface):
            self.ctx.text.blit_centered(surface, self.headline(), 72, YELLOW, (640, 90))

Optional: `again_label` / `title_label` (the buttons' own words), `play_again` (a game that deals
something else again, such as the same deal). A caller may give the page a line over the
buttons that is told later (`add_note`: an online game's verdict on its deal); a game that has
its own `redraw_key` includes the screen's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pygame

from game.core.i18n import lt, t
from game.core.session import Session
from game.core.ui import soundtrack
from game.core.ui.scene import UIScene, parts_moving
from game.core.ui.toolkit.focus_targets import HIGHLIGHTED, widget_targets
from game.core.ui.toolkit.paint import CYAN, GREEN, YELLOW, draw_backdrop
from game.core.ui.toolkit.widgets import Button

SHARE_Y = 610  # the daily deal's line to share: between the results and the buttons
SHARED_BUTTONS_Y = 634  # the buttons' top under a line to share (620 without)
SHARE_ROOM = 8  # px at least between the line to share and what is above and below it
#: The lowest the results (their panels' shadows included) reach: over a line to share, room
#: for it (its ink is about 26 px high, more at Large text), else down to the buttons.
RESULTS_BOTTOM, SHARED_RESULTS_BOTTOM = 608, SHARE_Y - 18 - SHARE_ROOM
AUTO_EXIT = 4.0  # seconds (at speed 1) before a demo that should exit does
#: Seconds (at animation speed 1) the results stay before a key may leave them: as long as
#: Lucky Box's bars take to grow, and a beat more to read the winner.
LAND = 1.8
#: The keys that act on a page (the focus ring's Enter and Space, Esc on "title").
LEAVING_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE, pygame.K_ESCAPE})
#: Where the keyboard's focus starts: the page's main action (Play again, a replay's Watch
#: again), which stays in the game; leaving takes Esc, or the ring moved to "title".
FIRST_FOCUS = "again"
#: A button's label and what it does.
Choice = tuple[str | Callable[[], str], Callable[[], None]]
#: A line over the buttons as it stands now: (words, loud), or None while there is none.
Note = Callable[[], tuple[str, bool] | None]


class GameEndScreen(UIScene):
    """A finished session's results. Widgets: "again" and "title"; `again` and `back` replace
    them (label, action), as a replay does. `demo`: close the app once it has been seen."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    #: The game's id: Play again deals `seats` at `seed` through `{game_id}.start_game`.
    game_id = ""
    #: The two buttons' words (a game may give its own: `staticmethod(lt(key, english))`).
    again_label = staticmethod(lt("game_end.again", "Play again"))
    title_label = staticmethod(lt("game_end.title", "Title"))

    def __init__(
        self,
        ctx: Any,
        session: Session,
        demo: bool = False,
        again: Choice | None = None,
        back: Choice | None = None,
        on_exit: Callable[[], None] | None = None,
    ) -> None:
        """`on_exit`: called as the page leaves for good (what its caller keeps running for it:
        an online table's watch for a rematch)."""
        super().__init__(ctx)
        self.session = session
        self.demo = demo
        self.on_exit = on_exit
        again_label, again_do = again or (self.again_label, self.play_again)
        back_label, back_do = back or (self.title_label, self.to_title)
        self.add(
            "again",
            Button(
                (360, 620, 260, 70),
                again_label,
                again_do,
                colour=GREEN,
                text_size=36,
            ),
        )
        self.add(
            "title",
            Button(
                (660, 620, 260, 70),
                back_label,
                back_do,
                key=pygame.K_ESCAPE,
                colour=CYAN,
                text_size=36,
            ),
        )
        self.share: tuple[str, str] | None = None  # a daily deal's line to share, and squares
        self.share_rect: pygame.Rect | None = None  # where its ink was last drawn
        self.note: Note | None = None  # a line told later (`add_note`)
        self.copy_said = ""  # what Copy said in the message line (its button shows it)
        self.copied = False
        if session.daily is not None and again is None and session.state.is_terminal():
            self._add_share(session.daily)

    def _add_share(self, day: str) -> None:
        """A daily deal's end: its line to share with a Copy button, left of the two others."""
        from game.core import daily

        session = self.session
        self.share = daily.share_parts(session.game, session.state, day, session.daily_practice)
        self.add(
            "copy",
            Button(
                (0, 620, 260, 70),
                self._copy_label,
                self.copy_share,
                key=pygame.K_c,
                colour=YELLOW,
                text_size=36,
            ),
        )
        for i, name in enumerate(("copy", "again", "title")):  # three in a row, centred
            self.widgets[name].rect.x = 640 - (3 * 260 + 2 * 40) / 2 + i * 300
            self.widgets[name].rect.y = SHARED_BUTTONS_Y  # the line to share goes above

    def add_note(self, note: Note) -> None:
        """A line over the buttons whose words come later (an online game's verdict on its
        deal, once the server gave the record): its room is kept from the start, as a line to
        share's, so nothing moves when it comes."""
        self.note = note
        for name in ("again", "title"):
            self.widgets[name].rect.y = SHARED_BUTTONS_Y

    def results_bottom(self) -> float:
        """How low the game's results may reach, their panels' shadows included: a line to
        share (or a note) needs its room between them and the buttons (and a practice game's
        note, its own above the line to share)."""
        if self.share is None and self.note is None:
            return RESULTS_BOTTOM
        from game.core.ui.table.daily import PRACTICE_ROOM

        practice = self.share is not None and self.session.daily_practice
        return SHARED_RESULTS_BOTTOM - (PRACTICE_ROOM if practice else 0)

    def redraw_key(self) -> object:
        """The note as it stands (told from another thread: drawn when it changes)."""
        return self.note() if self.note is not None else None

    def share_clear(self) -> list[pygame.FRect]:
        """The line to share as last drawn (squares and practice note too): no tooltip covers
        it. Empty for any other game."""
        return [pygame.FRect(self.share_rect).inflate(8, 8)] if self.share_rect else []

    def keep_clear(self) -> list[pygame.FRect]:
        return self.share_clear()

    def _copy_label(self) -> str:
        """ "Copy"; "Copied!" (or "No clipboard") while the message line says what Copy did."""
        if self.copy_said and self.ctx.message == self.copy_said:
            if self.copied:
                return t("game_end.copied", "Copied!")
            return t("game_end.no_clipboard", "No clipboard")
        return t("game_end.copy", "Copy")

    def says(self, message: str) -> bool:
        """Whether this screen shows `message` itself (what Copy did, on its button), so the
        message line at the foot does not cover the line to share with it."""
        return bool(message) and message == self.copy_said

    # ------------------------------------------------------------ what a game gives

    def draw_results(self, surface: pygame.Surface) -> None:
        """The game's results, over the backdrop and under the buttons."""
        raise NotImplementedError

    def play_again(self) -> None:
        """Again: the same seats at the next seed; a daily deal's again is that day's deal as
        practice."""
        session = self.session
        if session.daily is not None:
            from game.core.ui.table.daily import start_daily

            start_daily(self.ctx, self.game_id, session.daily)
            return
        self.ctx.nav.make(self.start_route, seats=session.seats, seed=session.seed + 1)

    @property
    def start_route(self) -> str:
        return f"{self.game_id}.start_game"

    # ------------------------------------------------------------ shared

    @property
    def solo(self) -> bool:
        return len(self.session.seats) == 1

    @property
    def music(self) -> soundtrack.Piece:
        """The game's end piece, once: the music changes as the game ends."""
        return soundtrack.Piece(soundtrack.game_sounds(self.ctx, self.game_id).end_music, False)

    def enter(self) -> None:
        soundtrack.play_game_end(self.ctx, self.game_id)

    def exit(self) -> None:
        super().exit()
        if self.on_exit is not None:
            self.on_exit()

    def needs_redraw(self) -> bool:
        return parts_moving(self)  # a still page: only its widgets move by themselves

    @property
    def landed(self) -> bool:
        """Whether the results have been up long enough for a key to leave them."""
        return self.time >= LAND / max(0.25, self.ctx.settings.animation_speed)

    def focus_targets(self) -> list[Any]:
        """The buttons; the focus starts on "again" (`FIRST_FOCUS`), and Enter is no button's
        shortcut, so the first Enter only shows where the focus is. Before the moment has
        landed they act on nothing (Tab may move the ring; Enter and Space wait)."""
        targets = widget_targets(self.widgets)
        for target in targets:
            if target.key == FIRST_FOCUS:
                target.priority = HIGHLIGHTED
            if not self.landed:
                target.activate = _waits
        return targets

    def focus_claims(self) -> set[int]:
        """Before the moment has landed its keys are the page's own, which does nothing with
        them (the ring neither acts nor shows on them); afterwards Space still is."""
        return {pygame.K_SPACE} if self.landed else set(LEAVING_KEYS)

    def handle_event(self, event: pygame.event.Event) -> None:
        """A key pressed before the moment has landed does nothing (a mouse click on a button
        is meant: it acts)."""
        if (
            event.type == pygame.KEYDOWN
            and getattr(event, "key", None) in LEAVING_KEYS
            and not self.landed
        ):
            return
        super().handle_event(event)

    def to_title(self) -> None:
        self.ctx.nav.clear_to("title")

    def update(self, dt: float) -> None:
        super().update(dt)
        self.tooltips.keep = self.share_clear()  # a tip never hides the line to share
        if self.demo and self.time > AUTO_EXIT / max(0.25, self.ctx.settings.animation_speed):
            self.ctx.stack.clear()

    def copy_share(self) -> None:
        """The line to share, squares and all, onto the clipboard (or said where there is none)."""
        from game.core.ui.table.daily import copy_share

        if self.share is not None:
            line, squares = self.share
            self.copied = copy_share(self.ctx, f"{line} {squares}" if squares else line)
            self.copy_said = self.ctx.message

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        self.draw_results(surface)
        if self.share is not None:
            self.draw_share(surface)
        elif self.note is not None:
            self.draw_note(surface)
        self.draw_widgets(surface)

    def draw_note(self, surface: pygame.Surface) -> None:
        """The note over the buttons, where a line to share goes: a loud one in red."""
        from game.core.ui.toolkit.paint import INK, RED, WHITE

        told = self.note() if self.note is not None else None
        if told is None:
            return
        words, loud = told
        size = self.ctx.text.fit_size(words, 26, 1220)
        colour = RED if loud else WHITE
        self.ctx.text.blit_centered(surface, words, size, colour, (640, SHARE_Y), outline=INK, px=2)

    def draw_share(self, surface: pygame.Surface) -> None:
        """The daily deal's line over the buttons: practice said first, then the line and its
        squares, drawn as squares (the fonts have no emoji)."""
        from game.core.ui.table.daily import draw_share

        assert self.share is not None
        self.share_rect = draw_share(
            surface, self.ctx, self.share, self.session.daily_practice, SHARE_Y
        )


def _waits() -> None:
    """A button's focus target before the results' moment has landed: nothing yet."""
