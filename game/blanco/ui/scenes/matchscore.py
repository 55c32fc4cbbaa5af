"""Between the games of a Blanco match: every game's cards left, the wins and totals so far,
then the next game (already dealt and saved, so Continue goes on with the match) or the
match's result."""

from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from game.blanco.entry import BLANCO
from game.core.i18n import lt, t
from game.core.saves import in_use, remove_table
from game.core.session import Seat, Session
from game.core.storage import save_game
from game.core.ui import soundtrack
from game.core.ui.scene import UIScene
from game.core.ui.toolkit.paint import CYAN, GREEN, INK, WHITE, YELLOW, draw_backdrop, draw_panel
from game.core.ui.toolkit.widgets import Button

from ..match import Match, clear_match, save_match
from ..sounds import BLANCO_SOUNDS

if TYPE_CHECKING:
    from game.core.ui.context import Context

PANEL = pygame.FRect(140, 130, 1000, 460)


class MatchScoreScene(UIScene):
    """Widgets: "next" (the next game, or a new match when it is over) and "title"."""

    fills_screen = True  # its backdrop, drawn first, covers every pixel: no clear
    #: A game of the match has ended: Blanco's end piece, once.
    music = soundtrack.Piece(BLANCO_SOUNDS.end_music, loop=False)

    def __init__(self, ctx: Context, session: Session, match: Match, demo: bool = False) -> None:
        super().__init__(ctx)
        self.session = session
        self.match = match
        # The match's table: its next game is saved where its games were (None: a game not
        # kept, such as a demo's).
        self.folder = getattr(session, "table_folder", None)
        if self.folder is not None and in_use(self.folder):  # another copy plays this table:
            self.folder = None  # the next game takes a table of its own, its match with it
        self.next_session: Session | None = None
        over = match.over()
        if over:
            if self.folder is not None:
                clear_match(self.folder)
                remove_table(self.folder, ("look.json",))
        else:  # deal the next game now: closing the app here loses nothing
            seats = [Seat(n, k) for n, k in zip(match.names, match.kinds, strict=True)]
            self.next_session = Session(seats, match.seed, game=BLANCO)
            self.next_session.table_folder = self.folder
            if self.folder is not None:
                save_match(self.folder, match)
                save_game(self.folder, self.next_session.save(len(self.next_session.feed)))
        label = (
            lt("blanco.match.new", "New match") if over else lt("blanco.match.next", "Next game")
        )
        self.add(
            "next",
            Button(
                (360, 620, 260, 70),
                label,
                self.go_on,
                key=pygame.K_RETURN,
                colour=GREEN,
                text_size=36,
            ),
        )
        self.add(
            "title",
            Button(
                (660, 620, 260, 70),
                lt("blanco.end.title", "Title"),
                self.to_title,
                key=pygame.K_ESCAPE,
                colour=CYAN,
                text_size=36,
            ),
        )

    def go_on(self) -> None:
        if self.next_session is None:
            self.ctx.nav.clear_to("title")
            self.ctx.nav.push("blanco.setup")
            return
        self.ctx.nav.make("blanco.start_game", session=self.next_session, match=self.match)

    def to_title(self) -> None:
        self.ctx.nav.clear_to("title")

    def headline(self) -> str:
        match = self.match
        names = [match.names[i] for i in match.leaders()]
        if match.over():
            if len(names) == 1:
                return t("blanco.match.wins", "{name} wins the match!", name=names[0])
            return t(
                "blanco.match.win_shared",
                "{names} win the match!",
                names=t("blanco.match.and", " and ").join(names),
            )
        return t("blanco.match.game_done", "Match: game {n} done", n=len(match.games))

    def draw(self, surface: pygame.Surface) -> None:
        draw_backdrop(surface, self.ctx.assets)
        text, match = self.ctx.text, self.match
        headline = self.headline()
        text.blit_centered(
            surface,
            headline,
            text.fit_size(headline, 60, 1220),
            YELLOW,
            (640, 60),
            outline=INK,
            px=4,
            shadow=5,
        )
        text.blit_centered(surface, match.describe(), 28, WHITE, (640, 108))
        draw_panel(surface, PANEL, colour=(30, 80, 76), radius=22, border=4, shadow=8)
        n = len(match.names)
        games = match.games[-6:]
        col_w = (PANEL.w - 260) / max(1, len(games) + 2)
        x0 = PANEL.x + 230
        y0 = PANEL.y + 40
        for j in range(len(games)):
            number = len(match.games) - len(games) + j + 1
            text.blit_centered(
                surface,
                t("blanco.match.game_n", "Game {n}", n=number),
                24,
                WHITE,
                (x0 + (j + 0.5) * col_w, y0),
            )
        text.blit_centered(
            surface,
            t("blanco.match.wins_col", "Wins"),
            24,
            YELLOW,
            (x0 + (len(games) + 0.5) * col_w, y0),
        )
        text.blit_centered(
            surface,
            t("blanco.match.total_col", "Total"),
            24,
            YELLOW,
            (x0 + (len(games) + 1.5) * col_w, y0),
        )
        row_h = min(70, (PANEL.h - 80) / max(1, n))
        wins, totals, leaders = match.wins(), match.totals(), match.leaders()
        for i, name in enumerate(match.names):
            y = y0 + 50 + i * row_h
            colour = YELLOW if i in leaders else WHITE
            text.blit_centered(surface, name, 30, colour, (PANEL.x + 120, y), outline=INK, px=2)
            for j, game in enumerate(games):
                mark = "*" if game["winner"] == i else ""
                text.blit_centered(
                    surface, f"{game['left'][i]}{mark}", 28, WHITE, (x0 + (j + 0.5) * col_w, y)
                )
            text.blit_centered(
                surface,
                str(wins[i]),
                30,
                colour,
                (x0 + (len(games) + 0.5) * col_w, y),
                outline=INK,
                px=2,
            )
            text.blit_centered(
                surface,
                str(totals[i]),
                30,
                colour,
                (x0 + (len(games) + 1.5) * col_w, y),
                outline=INK,
                px=2,
            )
        text.blit_centered(
            surface,
            t("blanco.match.legend", "Cards left per game (* won it)"),
            22,
            WHITE,
            (640, PANEL.bottom - 24),
        )
        self.draw_widgets(surface)
