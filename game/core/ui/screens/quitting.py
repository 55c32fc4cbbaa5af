"""Quitting the app (the window closed, the title's Quit): at once, or, when a part of the app
says quitting would leave someone stranded (`ctx.quit_guards`: online, friends at a table this
app serves), after a question saying what happens to them. Core knows no part's reasons."""

from __future__ import annotations

from collections.abc import Callable

from game.core.i18n import lt
from game.core.ui.context import Context
from game.core.ui.screens.dialog import ConfirmDialog


class QuitQuestion(ConfirmDialog):
    """The question before quitting (Yes quits; No, Esc or Enter stays): it says what
    happens to others, in a few more words than most questions, in smaller letters."""

    text_size = 30


def quit_question(ctx: Context) -> str | None:
    """The first guard's question, None when none has one (a failing guard asks nothing)."""
    for guard in list(ctx.quit_guards):
        try:
            question = guard()
        except Exception:  # a part's failure must never keep the player from quitting
            question = None
        if question:
            return question
    return None


def ask_to_quit(ctx: Context, quit_now: Callable[[], None]) -> None:
    """Quit (`quit_now`) or, when a guard has a question, ask it first (once: a second
    request while it is asked is the same question)."""
    if isinstance(ctx.stack.top, QuitQuestion):
        return
    question = quit_question(ctx)
    if question is None:
        quit_now()
        return
    ctx.stack.push(
        QuitQuestion(
            ctx,
            question,
            quit_now,
            yes_label=lt("quit.yes", "Quit"),
            no_label=lt("quit.no", "Stay"),
            danger=True,
        )
    )
