"""What the shared scenes' buttons say when the mouse rests on them (tooltips), asked when shown
so they speak the language of the moment. A scene applies its set with `apply_tips`."""

from __future__ import annotations

from collections.abc import Callable, Mapping

import pygame

from game.core.i18n import t
from game.core.ui.toolkit.tooltip import Provider, Tip, text_of

Tips = dict[str, Callable[[], str]]


def apply_tips(widgets: Mapping[str, object], tips: Tips) -> None:
    """Give each named widget its tooltip (a widget that has one already keeps it)."""
    for name, tip in tips.items():
        widget = widgets.get(name)
        if widget is not None and getattr(widget, "tooltip", None) is None:
            widget.tooltip = tip  # type: ignore[attr-defined]  # any widget kind may carry one


def named_tips(widgets: Callable[[], Mapping[str, object]], tips: Tips) -> Provider:
    """A provider for widgets a scene makes and remakes (seats, list rows): a tip is found by
    the widget's name, or by a name ending in "*" that starts the widget's ("name_*")."""

    def tip_for(name: str) -> Callable[[], str] | None:
        if name in tips:
            return tips[name]
        return next(
            (tip for key, tip in tips.items() if key.endswith("*") and name.startswith(key[:-1])),
            None,
        )

    def provide(pos: tuple[float, float]) -> Tip | None:
        for name, widget in list(widgets().items()):
            rect = getattr(widget, "rect", None)
            if not getattr(widget, "visible", True) or rect is None:
                continue
            tip = tip_for(name)
            if tip is not None and rect.collidepoint(pos):
                return Tip(pygame.FRect(rect), text_of(tip))
        return None

    return provide


def setup_tips() -> Tips:
    """Both games' set-up screens."""
    return {
        "seat_minus": lambda: t("tip.setup.seat_minus", "One seat fewer."),
        "seat_plus": lambda: t("tip.setup.seat_plus", "One more seat."),
        "name_*": lambda: t("tip.setup.name", "This seat's name: click and type."),
        "computer_*": lambda: t(
            "tip.setup.computer", "A person at this screen, or a computer player."
        ),
        "level_*": lambda: t(
            "tip.setup.level", "How well this computer plays: Easy, Normal or Hard."
        ),
        "seed": lambda: t(
            "tip.setup.seed", "The deal's number: the same number deals the same game."
        ),
        "dice": lambda: t("tip.setup.dice", "A new random deal."),
        "match_mode": lambda: t(
            "tip.setup.match_mode",
            "A single game, a match to a number of wins, or the fewest "
            "cards left over a number of games.",
        ),
        "match_minus": lambda: t("tip.setup.match_minus", "Fewer games or wins."),
        "match_plus": lambda: t("tip.setup.match_plus", "More games or wins."),
        "back": lambda: t("tip.setup.back", "Back to the title (Esc)."),
        "start": lambda: t("tip.setup.start", "Deal and play (Enter)."),
    }


def replays_tips() -> Tips:
    return {
        "watch_*": lambda: t(
            "tip.replays.watch",
            "Watch this game again with every animation: Space pauses, the "
            "right arrow steps, + and − change the speed.",
        ),
        "deal_*": lambda: t(
            "tip.replays.deal",
            "Play this game's cards and numbers yourself, and compare the scores at the end.",
        ),
        "prev": lambda: t("tip.replays.prev", "The page before (left arrow)."),
        "next": lambda: t("tip.replays.next", "The next page (right arrow)."),
        "open": lambda: t(
            "tip.replays.open",
            "Open the record file whose path is typed on the left (or drop a file on the window).",
        ),
        "back": lambda: t("tip.replays.back", "Back to the title (Esc)."),
    }


def title_tips() -> Tips:
    return {
        "continue": lambda: t(
            "tip.title.continue",
            "Carry on with a game in progress, exactly where you left it; with several, "
            "choose which (Enter).",
        ),
        "new_game": lambda: t(
            "tip.title.new_game",
            "Choose the players, people or computers, and deal a new game (key N).",
        ),
        "daily": lambda: t(
            "tip.title.daily",
            "Today's deal, the same for everyone: play it alone; the first game of the day "
            "counts (key D).",
        ),
        "howto": lambda: t(
            "tip.title.howto", "Learn the game, page by page, with pictures (key H)."
        ),
        "replays": lambda: t(
            "tip.title.replays",
            "Watch finished games again, or play the same deal yourself (key R).",
        ),
        "stats": lambda: t(
            "tip.title.stats",
            "High scores, your solo scores over time and wins per player (key S).",
        ),
        "settings": lambda: t(
            "tip.title.settings", "Volume, music, animation speed, text size, language, fullscreen."
        ),
        "quit": lambda: t(
            "tip.title.quit", "Close the game (Esc). Nothing is lost: games are saved as you play."
        ),
    }


def pause_tips(kept: Callable[[], bool] = lambda: True) -> Tips:
    """`kept`: whether the game beneath is saved (the Quit tip says so only when it is)."""
    return {
        "resume": lambda: t("tip.pause.resume", "Back to the game (Esc)."),
        "howto": lambda: t("tip.pause.howto", "The rules of this game, page by page (key H)."),
        "settings": lambda: t(
            "tip.pause.settings", "Volume, music, animation speed, text size, language, fullscreen."
        ),
        "quit": lambda: (
            t(
                "tip.pause.quit",
                "Back to the title screen. The game is saved: Continue brings it back.",
            )
            if kept()
            else t(
                "tip.pause.quit_unsaved",
                "Back to the title screen. This game is not saved: Continue will not bring it "
                "back.",
            )
        ),
    }
