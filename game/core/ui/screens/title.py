"""The title screen: the game choice (a tab per game in `ctx.games`, the last one played
remembered), bouncing logo, drifting cards and tokens, Continue / New game / Settings / Quit.
A game with a `logo` route (and `decoration`) shows its own; else the default game shows the
app's logo sprite and any other game its title, over the default drifting cards."""

from __future__ import annotations

from functools import partial
from typing import Any, Protocol

import pygame

from game.core.i18n import lt, t, tn
from game.core.ui import soundtrack
from game.core.ui.context import Context
from game.core.ui.last_game import load_last_game, remember_game
from game.core.ui.scene import UIScene, parts_moving
from game.core.ui.screens.quitting import ask_to_quit
from game.core.ui.screens.title_drift import Drift
from game.core.ui.screens.title_notice import NoticeButton
from game.core.ui.toolkit import gfx, motion
from game.core.ui.toolkit.paint import (
    BLUE,
    CYAN,
    GREEN,
    GREY,
    INK,
    ORANGE,
    PINK,
    PURPLE,
    WHITE,
    YELLOW,
    draw_backdrop,
)
from game.core.ui.toolkit.tween import (
    Tween,
    TweenGroup,
    ease_in_out_sine,
    ease_out_back,
    ease_out_bounce,
)
from game.core.ui.toolkit.widgets import Button

LOGO_CENTER = (640, 176)
LOGO_WIDTH = 840
BUTTON_W, BUTTON_H = 340, 66
BUTTON_TOP = 330
BUTTON_GAP = 22
DAILY_W, DAILY_GAP = 220, 22  # the Daily deal button, right of New game
SMALL_W, SMALL_H = 210, 56  # wide enough for "Comment jouer" in Large text at full size
SMALL_GAP = 14
TAB_W, TAB_H, TAB_Y = 300, 44, 10


class TitleNotice(Protocol):
    """What the route `title.notice` gives, when a route module registers one (online play's
    "Your turn at 2 online tables"): made when the title shows, closed when it is covered or
    left. It finds out in the background; `text()` is asked every frame and must not block."""

    def text(self) -> str | None: ...  # the line in the current language; None: no line

    def open(self) -> None: ...  # the line was clicked

    def close(self) -> None: ...


class TitleScene(UIScene):
    """Enter starts a new game, Esc quits (the stack empties and the app stops)."""

    music = soundtrack.MENUS  # the menus' loop, under every menu opened over it

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear

    def __init__(self, ctx: Context, seed: int = 7) -> None:
        super().__init__(ctx)
        self.game = load_last_game(
            ctx.data_dir,
            [game.id for game in ctx.games],
            tell=lambda line: setattr(ctx, "message", line),
        )
        tabs_width = len(ctx.games) * (TAB_W + 16) - 16
        for i, game in enumerate(ctx.games):
            game_id = game.id
            rect = (640 - tabs_width / 2 + i * (TAB_W + 16), TAB_Y, TAB_W, TAB_H)
            self.add(
                f"game_{game_id}",
                Button(
                    rect,
                    game.title,
                    partial(self.choose_game, game_id),
                    colour=PURPLE,
                    text_size=26,
                ),
            )
        x = 640 - BUTTON_W / 2
        enter = (pygame.K_RETURN, pygame.K_KP_ENTER)
        big = (x, BUTTON_TOP, BUTTON_W, BUTTON_H)
        self.add(
            "continue",
            Button(
                big,
                lt("title.continue", "Continue"),
                self.continue_game,
                key=enter,
                colour=GREEN,
                text_size=42,
            ),
        )
        self.add(
            "new_game",
            Button(
                big,
                lt("title.new_game", "New game"),
                self.new_game,
                key=pygame.K_n,
                colour=YELLOW,
                text_size=42,
            ),
        )
        self.add(  # today's deal of the chosen game, beside New game
            "daily",
            Button(
                (x + BUTTON_W + DAILY_GAP, BUTTON_TOP, DAILY_W, BUTTON_H),
                lt("title.daily", "Daily deal"),
                self.daily_deal,
                key=pygame.K_d,
                colour=PINK,
                text_size=32,
            ),
        )
        self.add(  # shown when the app has online play (the composition root's route)
            "online",
            Button(
                big,
                lt("title.online", "Play online"),
                lambda: self.ctx.nav.push("online", game=self.game),  # hosts it first
                key=pygame.K_o,
                colour=CYAN,
                text_size=36,
            ),
        )
        self.notice: TitleNotice | None = None  # the `title.notice` route's, while shown
        self.notice_text: str | None = None  # what the notice button says (None: hidden)
        self.notice_updated = False  # it changed since the last frame drawn
        self.add(  # beside Play online, as wide as the window leaves (placed when drawn)
            "notice",
            NoticeButton(
                big,
                lambda: self.notice_text or "",
                self.open_notice,
                colour=YELLOW,
                text_size=26,
            ),
        )
        self.widgets["notice"].visible = False
        row = [
            ("howto", lt("title.howto", "How to play"), self.open_howto, PURPLE, pygame.K_h),
            ("replays", lt("title.replays", "Replays"), self.open_replays, PINK, pygame.K_r),
            ("stats", lt("title.stats", "Statistics"), self.open_stats, BLUE, pygame.K_s),
            ("settings", lt("title.settings", "Settings"), self.open_settings, CYAN, None),
            ("quit", lt("title.quit", "Quit"), self.quit, ORANGE, pygame.K_ESCAPE),
        ]
        width = len(row) * SMALL_W + (len(row) - 1) * SMALL_GAP
        for i, (name, label, action, colour, key) in enumerate(row):
            rect = (640 - width / 2 + i * (SMALL_W + SMALL_GAP), 0, SMALL_W, SMALL_H)
            self.add(name, Button(rect, label, action, key=key, colour=colour, text_size=32))
        from game.core.ui.screens.scene_tips import apply_tips, title_tips

        apply_tips(self.widgets, title_tips())  # what each button does, on hover
        self.saves: list[Any] = []  # the games in progress (saves.SavedTable), newest first
        self.saved: str | None = None  # a line about the newest, when there is one
        self.saved_more: str | None = None  # "and 2 more games in progress"
        self.saved_shown = ""  # the line under Continue: `saved`, and `saved_more` after it
        self.saved_game: Any = None  # the newest (saves.SavedTable), replayed once
        self._stale = False  # the list of games in progress was opened: read them again
        self.view = pygame.Rect(0, 0, 1280, 720)  # what the window showed last (logical)
        self.drift = Drift(lambda: [w.rect for w in self.widgets.values() if w.visible], seed)
        self._layout(has_save=False)
        self.tweens = TweenGroup()
        self.logo_y = Tween(0.0, LOGO_CENTER[1], LOGO_CENTER[1])
        self.logo_scale = Tween(0.0, 1.0, 1.0)
        self.button_slide = Tween(0.0, 0.0, 0.0)
        self._logo_cache: dict[Any, pygame.Surface] = {}

    # ---------------------------------------------------------------- actions

    def choose_game(self, game_id: str) -> None:
        """Show the other game's logo and buttons; remembered for next time."""
        if game_id == self.game:
            return
        self.game = game_id
        remember_game(self.ctx.data_dir, game_id)
        self._check_save()

    def _route(self, name: str) -> str:
        return f"{self.game}.{name}"

    def new_game(self) -> None:
        """A new table of the chosen game; every game in progress stays as it is. With `CAP`
        of them, the list opens instead and says why (finish or delete one first)."""
        if self._full():
            return
        from game.core.ui.screens.guide import offer_guided

        # The first New game of each game asks "First time? Play a guided game" (remembered).
        if not offer_guided(self.ctx, self.game, self.to_setup):
            self.to_setup()

    def to_setup(self) -> None:
        self.ctx.nav.push(self._route("setup"))

    def _full(self) -> bool:
        """At the cap of games in progress: the list instead, saying why (True)."""
        from game.core.saves import CAP

        if len(self.saves) >= CAP:
            self.open_saves(full=True)
        return len(self.saves) >= CAP

    def daily_deal(self) -> None:
        """Today's deal of the chosen game, solo, at a table of its own: every other game in
        progress stays. A saved game of today's deal goes on instead (a second deal would be
        practice, and the counted game would wait unplayed)."""
        from game.core import daily

        today = [s for s in self.saves if s.session.daily == daily.today()]
        if today:
            self.resume_table(today[0])
            return
        if self._full():
            return
        self.start_daily()

    def start_daily(self) -> None:
        from game.core.ui.table.daily import start_daily

        start_daily(self.ctx, self.game)

    def continue_game(self) -> None:
        """One game in progress: it goes on. Several: the list, to choose one."""
        if len(self.saves) > 1:
            self.open_saves()
            return
        if not self.saves:  # (Enter only offers Continue when there is one)
            self.ctx.message = t("table.no_save", "There is no saved game to continue.")
            return
        self.resume_table(self.saves[0])

    def resume_table(self, saved: Any) -> None:
        """Put that table (a `saves.SavedTable`) back on the table, exactly as it stood."""
        warning = self.ctx.nav.make(self._route("continue_game"), saved=saved)
        self.saves = []  # it is on the table now; a later Continue reads the files again
        self.saved_game = None
        if warning:
            self.ctx.message = warning
            self._check_save()

    def open_saves(self, full: bool = False) -> None:
        """The games in progress of the chosen game (`full`: opened by New game or Daily deal
        at the cap, which it says)."""
        self._stale = True  # games may be deleted there: read them again on coming back
        self.ctx.nav.push("saves", game=self.game, full=full)

    def open_howto(self) -> None:
        """How to play the game chosen on the tabs."""
        self.ctx.nav.push("howto", game=self.game)

    def open_replays(self) -> None:
        self.ctx.nav.push("replays", game=self.game)  # the chosen game's records

    def open_stats(self) -> None:
        self.ctx.nav.push("stats", game=self.game)

    def _check_save(self) -> None:
        """Look for the chosen game's games in progress (a bad save is set aside and said in
        one line; the others are listed all the same). Each is replayed once, here; Continue
        plays on from that replay."""
        from game.core.saves import list_saved
        from game.core.ui.table.saved import table_files

        saves, problems = list_saved(
            self.ctx.game_dir(self.game), self.ctx.rules_games, table_files(self.ctx, self.game)
        )
        if problems:
            self.ctx.message = problems[0] if len(problems) == 1 else "  ".join(problems)
        self.saves = saves
        self.saved_game = saves[0] if saves else None
        self.relabel()
        self._layout(has_save=bool(saves))

    def relabel(self) -> None:
        """A new language: the line about the games in progress is said again in it."""
        from game.core.ui.table.daily import saved_line

        self.saved = saved_line(self.saves[0].session) if self.saves else None
        self.saved_shown, self.saved_more, more = self.saved or "", None, len(self.saves) - 1
        if more > 0:  # the newest, and how many more Continue lists
            self.saved_more = tn(
                "title.saved_more",
                more,
                "and {count} more game in progress: Continue lists them",
                "and {count} more games in progress: Continue lists them",
            )
            self.saved_shown = t(
                "title.saved_and_more", "{game}  ({more})", game=self.saved, more=self.saved_more
            )

    def _layout(self, has_save: bool) -> None:
        """Continue on top when a game is saved; then New game; then the small buttons."""
        step = BUTTON_H + BUTTON_GAP
        self.widgets["continue"].visible = has_save
        self.widgets["new_game"].rect.y = BUTTON_TOP + (step + 18 if has_save else 0)
        new_game = self.widgets["new_game"]
        assert isinstance(new_game, Button)
        new_game.keys = (
            (pygame.K_n,) if has_save else (pygame.K_n, pygame.K_RETURN, pygame.K_KP_ENTER)
        )
        for game in self.ctx.games:
            game_id = game.id
            tab = self.widgets[f"game_{game_id}"]
            assert isinstance(tab, Button)
            tab.colour = PURPLE if game_id == self.game else GREY
        self.widgets["daily"].rect.y = new_game.rect.y
        online = self.widgets["online"]
        online.visible = self.ctx.nav.has("online")
        online.rect.y = new_game.rect.bottom + BUTTON_GAP
        # With Continue above, a closer row keeps clear of the keys' line at the bottom.
        row_gap = 30 if has_save else 44
        row_y = (online.rect.bottom if online.visible else new_game.rect.bottom) + row_gap
        for name in ("howto", "replays", "stats", "settings", "quit"):
            self.widgets[name].rect.y = row_y
        self._place_notice(self.view)

    def _place_notice(self, view: pygame.Rect) -> None:
        """The notice beside Play online, to the window's right edge (`view`: what it shows)."""
        notice = self.widgets["notice"]
        assert isinstance(notice, NoticeButton)
        notice.place(self.widgets["online"].rect, view)
        if notice.visible:
            self.drift.relane()  # (the drifting cards keep clear of its new room)

    def open_settings(self) -> None:
        self.ctx.nav.push("settings")

    def open_notice(self) -> None:
        if self.notice is not None:
            self.notice.open()

    def _show_notice(self, on: bool) -> None:
        """Start (the title shows) or stop (covered, left) the `title.notice` route's notice."""
        if self.notice is not None:
            self.notice.close()
            self.notice = None
        if on and self.ctx.nav.has("title.notice"):
            self.notice = self.ctx.nav.make("title.notice")

    def _update_notice(self) -> None:
        text = self.notice.text() if self.notice is not None else None
        if text != self.notice_text:
            self.notice_text = text
            self.notice_updated = True
        notice = self.widgets["notice"]
        shown = text is not None and self.widgets["online"].visible
        if shown != notice.visible:
            notice.visible = shown
            self.drift.relane()

    def quit(self) -> None:
        """Quit the app (asked first when someone would be left: quitting.py)."""
        ask_to_quit(self.ctx, self.ctx.stack.clear)

    # ---------------------------------------------------------------- lifecycle

    def enter(self) -> None:
        self._check_save()
        self._show_notice(True)
        self.tweens.clear()
        # Drop the logo in with a bounce, then let it breathe.
        self.logo_y = self.tweens.add(
            Tween(0.9, -120.0, float(LOGO_CENTER[1]), ease_out_bounce, self._start_pulse)
        )
        self.logo_scale = Tween(0.0, 1.0, 1.0)
        self.button_slide = self.tweens.add(Tween(0.6, 420.0, 0.0, ease_out_back, delay=0.25))

    def _start_pulse(self) -> None:
        if motion.reduced():  # the logo stays still
            return
        self.logo_scale = self.tweens.add(Tween(1.1, 1.0, 1.045, ease_in_out_sine, repeat=True))

    def pause(self) -> None:
        super().pause()
        self._show_notice(False)

    def resume(self) -> None:
        super().resume()
        last = load_last_game(self.ctx.data_dir, [game.id for game in self.ctx.games])
        if self._stale or last != self.game:  # games deleted, or one played since: its tab
            self._stale = False
            self.game = last
            self._check_save()
        self._show_notice(True)

    def exit(self) -> None:
        super().exit()
        self._show_notice(False)

    def needs_redraw(self) -> bool:
        return self.ambient_live() or parts_moving(self) or self.notice_updated

    def update(self, dt: float) -> None:
        super().update(dt)
        self._update_notice()
        if not self.ambient_live():  # no one is looking: the decorations rest where they are
            self.time -= dt
            if self.tweens.busy:
                self.tweens.update(self.ctx.anim_dt(dt))
            return
        self.tweens.update(self.ctx.anim_dt(dt))
        self.drift.rise(dt * (0.25 if motion.reduced() else 1.0))  # reduced motion: calmer

    # ---------------------------------------------------------------- drawing

    def draw(self, surface: pygame.Surface) -> None:
        view = gfx.view(surface)
        if view != self.view:  # (a new window shape: the notice's room changes with it)
            self.view = view
            self._place_notice(view)
        self.drift.seen_in(view)
        draw_backdrop(surface, self.ctx.assets)
        self.drift.draw(surface, self.ctx, self.game, self.time, self._logo_cache)
        self._draw_logo(surface)
        slide = self.button_slide.number
        tab = self.widgets[f"game_{self.game}"].rect
        gfx.rect(surface, YELLOW, tab.inflate(10, 10), 4, border_radius=16)
        for w in self.widgets.values():
            w.rect.y += slide  # slide in from below without moving the hit rects for long
        self.draw_widgets(surface)
        self.notice_updated = False
        for w in self.widgets.values():
            w.rect.y -= slide
        line_y = self.widgets["continue"].rect.bottom + slide + 16  # (it slides in with them)
        if (
            self.saved
            and self.widgets["continue"].visible
            and line_y - 16 < gfx.view(surface).bottom
        ):
            line = self.saved_shown
            size = self.ctx.text.fit_size(line, 22, 1180)
            self.ctx.text.blit_centered(
                surface, line, size, WHITE, (640, line_y), outline=INK, px=2
            )
        keys = (
            t("title.keys_saved", "Enter: continue   |   N: new game   |   Esc: quit")
            if self.saved
            else t("title.keys", "Enter: new game   |   Esc: quit")
        )
        self.ctx.text.blit_centered(surface, keys, 24, (206, 190, 240), (640, 694))

    def _draw_logo(self, surface: pygame.Surface) -> None:
        y = self.logo_y.number
        scale = self.logo_scale.number
        if self.ctx.nav.has(f"{self.game}.logo"):
            key = (self.game, round(scale * 100), gfx.render_scale())
            img = self._logo_cache.get(key)
            if img is None:
                img = self.ctx.nav.make(f"{self.game}.logo", width=round(720 * key[1] / 100))
                self._logo_cache[key] = img
            surface.blit(img, img.get_rect(center=(LOGO_CENTER[0], round(y) + 10)))
            return
        # The app's own logo (its sprite) is the default game's: the app bears that game's name.
        if self.game == self.ctx.games[0].id and self.ctx.assets.has("logo"):
            # Cache per 0.5 % of scale: the pulse revisits the same few sizes every cycle.
            art_key = (round(scale * 200), gfx.render_scale())
            img = self._logo_cache.get(art_key)
            if img is None:
                base = self.ctx.assets.get("logo")
                w = LOGO_WIDTH * art_key[0] / 200
                h = w * base.get_height() / base.get_width()
                img = self.ctx.assets.get("logo", (w, h))
                self._logo_cache[art_key] = img
            surface.blit(img, img.get_rect(center=(LOGO_CENTER[0], round(y))))
            return
        # A game with no logo of its own: its title, large.
        text = self.ctx.text
        name = self.ctx.game_ui(self.game).title
        size = text.fit_size(name, round(96 * scale), LOGO_WIDTH)
        text.blit_centered(surface, name, size, YELLOW, (640, y), outline=INK, px=6, shadow=7)
