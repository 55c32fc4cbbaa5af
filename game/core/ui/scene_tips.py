"""What the shared scenes' buttons say when the mouse rests on them (tooltips), asked when shown
so they speak the language of the moment. A scene applies its set with `apply_tips`."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from game.core.i18n import t

Tips = dict[str, Callable[[], str]]


def apply_tips(widgets: Mapping[str, object], tips: Tips) -> None:
    """Give each named widget its tooltip (a widget that has one already keeps it)."""
    for name, tip in tips.items():
        widget = widgets.get(name)
        if widget is not None and getattr(widget, "tooltip", None) is None:
            widget.tooltip = tip  # type: ignore[attr-defined]


def title_tips() -> Tips:
    return {
        "continue": lambda: t(
            "tip.title.continue", "Carry on with the saved game, exactly where you left it (Enter)."
        ),
        "new_game": lambda: t(
            "tip.title.new_game",
            "Choose the players, people or computers, and deal a new game (key N).",
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


def pause_tips() -> Tips:
    return {
        "resume": lambda: t("tip.pause.resume", "Back to the game (Esc)."),
        "howto": lambda: t("tip.pause.howto", "The rules of this game, page by page (key H)."),
        "settings": lambda: t(
            "tip.pause.settings", "Volume, music, animation speed, text size, language, fullscreen."
        ),
        "quit": lambda: t(
            "tip.pause.quit",
            "Back to the title screen. The game is saved: Continue brings it back.",
        ),
    }
