"""The Join screen's tables nearby: the tables announced on the local network (nearby.py's
Browser, in its own thread), each a button that joins it with one click, the list following
the announcements as tables come and go. Polling the browser costs a lock and a counter: a
still screen stays still (it is drawn again only when the list changed)."""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any, Protocol

import pygame

from game.core.i18n import t, tn
from game.core.ui.paint import INK, PAPER, PURPLE, draw_panel
from game.core.ui.widgets import Button, Widget
from game.online.nearby import Browser, Nearby

from .table import ONLINE_TABLES

MAX_SHOWN = 5  # tables listed (the browser keeps more; the first by host's name are shown)
PANEL = (800, 140, 440, 470)
ROW_HEIGHT, ROW_GAP = 60, 10


class Rows(Protocol):
    """What the list may touch of its scene: its named widgets."""

    widgets: dict[str, Widget]

    def add(self, name: str, widget: Any) -> Any: ...


def row_label(ctx: Any, table: Nearby) -> str:
    """A table's line: its game's title, its host's name and its free seats."""
    title = ctx.game_ui(table.game).game.title
    return tn(
        "online.nearby.row",
        table.free,
        "{game} · {host} · {free} free seat",
        "{game} · {host} · {free} free seats",
        game=title,
        host=table.host,
        free=table.free,
    )


class NearbyList:
    """Rows "nearby_0".. in the scene (buttons, so the keyboard reaches them too), one per
    table found, and the panel around them. `on_pick(table)` joins it."""

    def __init__(self, ctx: Any, scene: Rows, on_pick: Callable[[Nearby], None]) -> None:
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
        games = [g.id for g in self.ctx.games if g.id in ONLINE_TABLES]
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
            self.scene.add(
                f"nearby_{i}",
                Button(
                    (x + 20, y + 70 + i * (ROW_HEIGHT + ROW_GAP), w - 40, ROW_HEIGHT),
                    partial(row_label, self.ctx, table),
                    partial(self.on_pick, table),
                    colour=PURPLE,
                    text_size=24,
                ),
            )

    def redraw_key(self) -> object:
        return self.seen

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
        if self.shown:
            return
        if self.problem:
            line = t("online.nearby.unavailable", "This computer cannot look for tables nearby.")
        else:
            line = t(
                "online.nearby.none",
                "No table nearby yet. A friend's table on this network shows here.",
            )
        y = rect.y + 110
        for part in ctx.text.wrap(line, 26, rect.width - 60):
            surf = ctx.text.render(part, 26, INK)
            surface.blit(surf, surf.get_rect(midtop=(rect.centerx, y)))
            y += 34
