"""The Join screen's tables nearby: the tables announced on the local network (nearby.py's
Browser, in its own thread), each a button that joins it with one click, the list following
the announcements as tables come and go. Polling the browser costs a lock and a counter: a
still screen stays still (it is drawn again only when the list changed)."""

from __future__ import annotations

import math
from collections.abc import Callable
from functools import partial
from typing import TYPE_CHECKING, Any, Protocol

import pygame

from game.core.i18n import t, tn
from game.core.ui.toolkit import motion
from game.core.ui.toolkit.paint import (
    INK,
    PAPER,
    PURPLE,
    WHITE,
    darken,
    draw_glossy,
    draw_panel,
    lighten,
)
from game.core.ui.toolkit.text import TextCache
from game.core.ui.toolkit.widgets import SHAKE_TIME, Button, Widget
from game.online.nearby import Browser, Nearby

if TYPE_CHECKING:
    from game.core.ui.context import Context

MAX_SHOWN = 5  # tables listed (the browser keeps more; the first by host's name are shown)
PANEL = (800, 140, 440, 470)
ROW_HEIGHT, ROW_GAP = 70, 8


class Rows(Protocol):
    """What the list may touch of its scene: its named widgets."""

    widgets: dict[str, Widget]

    def add(self, name: str, widget: Any) -> Any: ...


def row_detail(table: Nearby) -> str:
    """What a table's row says under its game's title: its host and its free seats."""
    return tn(
        "online.nearby.seats",
        table.free,
        "{host} · {free} free seat",
        "{host} · {free} free seats",
        host=table.host,
        free=table.free,
    )


class TableButton(Button):
    """A table nearby as a button (a click, Enter on its focus, joins it): the game's title
    above, the host's name and free seats below, each as large as fits; its label (what the
    focus and the tests read) is both on one line."""

    def __init__(
        self, rect: Any, ctx: Context, table: Nearby, on_click: Callable[[], None]
    ) -> None:
        self.title = ctx.game_ui(table.game).game.title
        self.table = table
        super().__init__(rect, self.line, on_click, colour=PURPLE)

    def line(self) -> str:
        return f"{self.title} · {row_detail(self.table)}"

    def draw(self, surface: pygame.Surface, text: TextCache) -> None:
        dx = 0
        if self.shake > 0 and not motion.reduced():
            dx = round(math.sin(self.shake * 60) * 7 * self.shake / SHAKE_TIME)
        rect = self.rect.move(dx, 0)
        colour = self.colour
        if self.pressed:
            colour = darken(colour, 0.08)
        elif self.hovered:
            colour = lighten(colour, 0.18)
        face = draw_glossy(surface, rect, colour, radius=14, depth=2 if self.pressed else 6)
        width = face.width - 24
        for line, size, y in ((self.title, 26, 0.3), (row_detail(self.table), 22, 0.72)):
            fitted = text.fit_size(line, size, width)
            image = text.render_outlined(text.shorten(line, fitted, width), fitted, WHITE, INK, 2)
            surface.blit(image, image.get_rect(center=(face.centerx, face.y + face.height * y)))


class NearbyList:
    """Rows "nearby_0".. in the scene (buttons, so the keyboard reaches them too), one per
    table found, and the panel around them. `on_pick(table)` joins it."""

    def __init__(self, ctx: Context, scene: Rows, on_pick: Callable[[Nearby], None]) -> None:
        self.ctx = ctx
        self.scene = scene
        self.on_pick = on_pick
        self.browser: Browser | None = None
        self.shown: list[Nearby] = []
        self.seen = -1  # the browser's version the rows show
        self.problem = ""

    def start(self) -> None:
        """Look for tables (a new browser: the old one, if any, is let go)."""
        self.stop()
        games = [g.id for g in self.ctx.games]  # (every game the app holds plays online)
        self.browser = Browser(games).start()
        self.seen = -1

    def stop(self) -> None:
        if self.browser is not None:
            self.browser.close()
            self.browser = None

    def update(self) -> None:
        """Follow the browser: rows made again when what it found changed."""
        browser = self.browser
        if browser is None or browser.version == self.seen:
            return
        self.seen = browser.version
        self.problem = browser.problem
        self.shown = browser.tables()[:MAX_SHOWN]
        for name in [n for n in self.scene.widgets if n.startswith("nearby_")]:
            del self.scene.widgets[name]
        x, y, w, _ = PANEL
        for i, table in enumerate(self.shown):
            rect = (x + 20, y + 66 + i * (ROW_HEIGHT + ROW_GAP), w - 40, ROW_HEIGHT)
            self.scene.add(
                f"nearby_{i}", TableButton(rect, self.ctx, table, partial(self.on_pick, table))
            )

    def redraw_key(self) -> object:
        return self.seen

    def line(self) -> str:
        """What the panel says when it lists no table: none found yet, or (the network could
        not be joined) that none can be looked for."""
        if self.shown:
            return ""
        if self.problem:
            return t("online.nearby.unavailable", "This computer cannot look for tables nearby.")
        return t(
            "online.nearby.none",
            "No table nearby yet. A friend's table on this network shows here.",  # (one line)
        )

    def draw(self, surface: pygame.Surface) -> None:
        """The panel, its heading, and a line when no table is found (the rows are the
        scene's widgets, drawn with the others)."""
        ctx = self.ctx
        rect = pygame.FRect(PANEL)
        draw_panel(surface, rect, PAPER)
        ctx.text.blit_centered(
            surface,
            t("online.nearby.heading", "Tables nearby"),
            30,
            INK,
            (rect.centerx, rect.y + 36),
        )
        line = self.line()
        if not line:
            return
        y = rect.y + 110
        for part in ctx.text.wrap(line, 26, rect.width - 60):
            surf = ctx.text.render(part, 26, INK)
            surface.blit(surf, surf.get_rect(midtop=(rect.centerx, y)))
            y += 34
