"""A frame of the core table (`Table`): its update, the path of an input, the drawing order and
when a still screen needs no drawing. Functions of the table, kept apart from its construction
and its port so each file has one job.

The path of an input: the kit's own first (`on_event`), the help (it watches the mouse for
tooltips), Esc (drop the choice, else the menu), a click or Space skipping an animation (the
click kept to be done after it, as Enter during a finished turn's: late_input.py), Space
confirming a finished turn, the controls, a click hurrying a computer, a right click dropping
the choice, then the parts in `clickable` order. The drawing order: the static layer, the
parts, the controls (not when driven), the kit's overlays, the daily badge, the effects, the
tooltips.

The functions read the table as a `FramedTable`: what a frame touches, named here so that this
file needs nothing of scene.py (which calls it).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

import pygame

from game.core.table_session import TableSession
from game.core.turns import TurnController
from game.core.ui.context import Context
from game.core.ui.game_ui.kit import Clickable, Drawn, Help, KitHooks, Live, TableKit, Ticking
from game.core.ui.scene import tips_moving
from game.core.ui.table.auto_next import AutoNext
from game.core.ui.table.host import TableHost
from game.core.ui.table.late_input import LateInput, follows
from game.core.ui.table.turn_view import TurnView
from game.core.ui.toolkit import gfx
from game.core.ui.toolkit.animator import Animator


class FramedTable(Protocol):
    """The table as its frame reads and moves it on (the core `Table`)."""

    ctx: Context
    host: TableHost
    kit: TableKit[Any, Any]
    hooks: KitHooks[Any]
    turn_view: TurnView
    turns: TurnController
    animator: Animator
    late: LateInput
    auto_next: AutoNext
    parts: Sequence[Drawn]
    clickable: Sequence[Clickable]
    moves: Ticking
    controls: Live
    help: Help
    focus: int
    time: float
    view: pygame.Rect
    message: str
    hand_over_first: bool
    static: pygame.Surface | None
    static_key: tuple[Any, ...]

    @property
    def session(self) -> TableSession[Any, Any]: ...
    @property
    def driven(self) -> bool: ...
    @property
    def confirming(self) -> int | None: ...
    def human_turn(self) -> bool: ...
    def computers_playing(self) -> bool: ...
    def ambient_live(self) -> bool: ...
    def save_now(self) -> None: ...
    def confirm_turn(self) -> None: ...
    def open_menu(self) -> None: ...
    def handle_event(self, event: pygame.event.Event) -> None: ...


def update_frame(table: FramedTable, dt: float) -> None:
    """One frame: the host's updates, the turn controller's word, the animation, the parts."""
    table.host.before_update(dt)
    table.hooks.on_update(dt)
    view = table.turn_view
    if table.hand_over_first:
        table.hand_over_first = False
        view.hand_over_on_resume()
    if table.turns.unsaved:
        table.save_now()
    table.time += dt
    adt = table.ctx.anim_dt(dt)
    if view.computers_playing():
        pace = getattr(table.ctx.settings, "pace", "normal")
        adt *= table.hooks.pace_speeds.get(pace, 1.0)
    view.skip_hurried()
    table.animator.update(adt, table.focus)
    table.controls.update(dt)
    table.moves.update(dt)
    table.help.update(dt)
    view.settle_until_turn()
    animator = table.animator
    if table.driven or animator.busy or animator.held:
        if animator.held:  # the round's scores came up: not what the input was for
            table.late.drop()
        return
    if table.auto_next.due(table.turns.confirming, dt):
        table.confirm_turn()
    turn = table.turns.step(adt, table.hooks.turn_pace())
    for notice in table.turns.take_notices():  # a computer player failed: say so
        table.message = notice
    view.follow(turn)
    if table.late:
        table.late.apply(table)


def frame_needs_redraw(table: FramedTable) -> bool:
    """Still only while a human is to move, nothing animates and the player has gone (a game's
    ambient motion, such as marching rings, rests with the rest); the host may have its own
    rule (online: still while the link is quiet)."""
    own = table.host.needs_redraw()
    if own is not None:
        return own
    seat = table.turns.acting
    human = table.turns.confirming is not None or (
        seat is not None and not table.session.seats[seat].is_computer
    )
    return (
        not human
        or table.driven
        or table.animator.busy
        or bool(table.animator.held)
        or table.ambient_live()
        or table.auto_next.counting  # the Next button's bar empties
        or tips_moving(getattr(table.help, "layer", None))  # a tooltip on its way, fading in
    )


def frame_focus_targets(table: FramedTable) -> list[Any]:
    """What the keyboard focus can rest on (the kit's `targets_of`): nothing when driven (a
    replay's own buttons take the keys); while an animation plays, Enter on any target skips
    it, as a click anywhere does."""
    if table.driven:
        return []
    targets = table.hooks.targets_of()
    if table.animator.busy:
        for target in targets:
            target.activate = lambda: table.late.skip_then_enter(table)
            target.plays = False  # it only skips now: safe on an unseen focus
    return targets


#: Enter's keys: while a finished turn animates, the table keeps them for after it.
ENTER_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER})


def frame_focus_claims(table: FramedTable) -> set[int]:
    """Keys the focus ring leaves to the table now: Space skips an animation, or says Next to
    a finished turn; Enter too while a finished turn still animates (a played card's flight),
    where the hidden ring would only have shown itself: it is Next once the animation ends
    (`enter_after`)."""
    if table.animator.busy and table.confirming is not None:
        return {pygame.K_SPACE, *ENTER_KEYS}
    if table.animator.busy or table.confirming is not None:
        return {pygame.K_SPACE}
    return set()


def enter_after(table: FramedTable, event: pygame.event.Event) -> bool:
    """Enter while the player's finished turn animates: shown at once, and the Enter kept
    for when it has ended (then Next), as if pressed after it. Only then: an Enter pressed
    to hurry a computer's turn must not become the player's move once their turn comes."""
    if event.type != pygame.KEYDOWN or event.key not in ENTER_KEYS:
        return False
    if not table.animator.busy or table.confirming is None:
        return False
    table.late.skip_then_enter(table)
    return True


def handle_input(table: FramedTable, event: pygame.event.Event) -> None:
    """An input, along the path the module's docstring gives."""
    hooks = table.hooks
    if hooks.on_event(event):
        return
    if table.help.handle_event(event):  # (it watches the mouse for tooltips)
        return
    if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
        if hooks.has_choice():
            hooks.cancel_choice()
        else:
            table.open_menu()
        return
    if table.late.keep_release(event):
        return  # the release of a click kept during the animation: applied with it
    if enter_after(table, event):
        return
    if table.animator.busy and table.late.keep_click(event, follows(table)):
        table.animator.skip(table.focus)
        return
    if table.animator.skip_on(event, table.focus):
        return
    if (
        table.confirming is not None
        and event.type == pygame.KEYDOWN
        and event.key == pygame.K_SPACE
    ):
        table.confirm_turn()
        return
    if table.controls.handle_event(event):
        return
    if (
        event.type == pygame.MOUSEBUTTONDOWN
        and getattr(event, "button", 1) == 1
        and not table.driven
        and table.computers_playing()
    ):
        table.turn_view.hurry_computer()
        return
    if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3:
        hooks.drop_choice()
        return
    for part in table.clickable:
        if part.handle_event(event):
            return


def draw_frame(table: FramedTable, surface: pygame.Surface) -> None:
    """The frame, in the order the module's docstring gives."""
    table.view = gfx.view(surface)
    table.ctx.layout.fit(table.view)  # anchored regions follow the window's shape
    table.hooks.before_draw(surface)
    key = (tuple(table.view), gfx.render_scale(), table.ctx.layout.variant)
    if table.static is None or key != table.static_key:
        table.static, table.static_key = table.kit.static_layer(), key
    surface.blit(table.static, table.view.topleft)
    for part in table.parts:
        part.draw(surface)
    if not table.driven:
        table.controls.draw(surface)
        table.auto_next.draw(surface, getattr(table.controls, "buttons", {}).get("next"))
    table.hooks.draw_overlays(surface)
    if table.session.daily is not None and not table.driven:
        from game.core.ui.table.daily import draw_badge

        draw_badge(surface, table.ctx, table.session, table.hooks.daily_badge_at())
    for effect in table.animator.effects:
        effect.draw(surface)
    table.help.draw(surface)  # a tooltip goes over everything
