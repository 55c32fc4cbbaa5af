"""The round table: the revealed number, the boards, the clicks that cross squares, and the
cascades animated one engine event at a time.

The scene never decides a rule: it asks the engine for the legal actions (to highlight squares
and enable buttons), builds the action a click means, and hands it to the session. Input is
taken only when the animations have caught up with the engine, so what the player clicks is
what they see.
"""

from __future__ import annotations

from typing import Any, NamedTuple

import pygame

from game.core.session import VERSION, Session
from game.core.storage import delete_save, finished_extra, keep_record, load_save, save_game
from game.core.ui.botrunner import BotRunner, Move
from game.core.ui.layout import grid_in
from game.core.ui.scene import Scene
from game.core.ui.widgets import INK, WHITE, YELLOW, Button, draw_panel
from game.luckybox.rules import Cross, Pass, Resolve
from game.luckybox.rules import events as ev
from game.luckybox.rules.cards import CELLS_OF_MASK, COL_MASKS, ROW_MASKS
from game.luckybox.rules.state import DRAFT, OVER, PLAY, SETUP, Deal, Options, shift
from game.luckybox.ui.cardview import EXACT, LIGHTNING, SELECTED, TARGET, CardView
from game.luckybox.ui.cascade import (
    Animator,
    Burst,
    Flip,
    FloatText,
    Fly,
    Glow,
    PopIn,
    Seen,
    player_of,
    sound_for,
)

BOT_PAUSE = 0.35  # seconds (at speed 1) between a computer's moves, so people can follow them
REFUSE_FLASH = 0.5
PANEL = (48, 26, 92)
HIGHLIGHT = (255, 214, 64)
PANEL_MARGIN = 6  # room around a cached panel for its drop shadow


class Resumed(NamedTuple):
    """A saved game's table: the state as dealt, how many feed events were shown, and the seat
    that was looking at its finished turn (Session.resume gives these)."""

    start: Any
    shown: int
    confirming: int | None


class TableScene(Scene):
    """The game table for one session, from the starting draft to the last number."""

    fills_screen = True  # the static layer covers the whole screen
    keeps_games = True  # autosave and keep the record (not for replays)

    def __init__(self, ctx: Any, session: Session, demo: bool = False,
                 on_game_over: Any = None, resume: Resumed | None = None) -> None:
        super().__init__(ctx)
        self.session = session
        self.state = session.state
        self.confirming: int | None = None  # a human who has finished, until they press Next
        self.demo = demo
        self.on_game_over = on_game_over
        self.cards = CardView(ctx.assets, ctx.text)
        if resume is None:
            self.seen = Seen.from_state(self.state)
        else:  # show what was shown when the game stopped; the rest of the feed plays on
            self.seen = Seen.from_state(resume.start)
            for _ in range(resume.shown):
                self.seen.apply(session.feed.popleft())
            if resume.confirming is not None and not session.seats[resume.confirming].is_computer:
                self.confirming = resume.confirming
        # Every change is saved (a frame later, once the table has settled); demo games are not.
        self.saving = not demo and self.keeps_games
        self.finished = False  # the game's end was shown and its record kept
        self._unsaved = self.saving
        self.save_warning: str | None = None
        if self.saving:
            session.on_change = self._mark_unsaved
        self.animator = Animator(session.feed, self.seen, self._stage, self._after)
        humans = session.humans
        self.focus = humans[0] if humans else 0
        self.shown_human: int | None = None if len(humans) > 1 else (humans[0] if humans else None)
        self.selected_bonus: tuple[int, str, int] | None = None
        self.selected_square: Cross | None = None
        self.message = ""
        self.refused: tuple[int, int, float] | None = None  # (card, cell, time left)
        self.bot_wait = 0.0
        self.bot_future: Move | None = None
        self.runner = BotRunner()
        self.hint: Any = None
        self.last_icon: dict[int, tuple[float, float]] = {}
        self._marks_key: tuple | None = None
        self._marks: dict[int, tuple[dict[int, str], dict[int, int]]] = {}
        layout = ctx.layout
        self.buttons: dict[str, Button] = {
            "pass": Button(layout.region("button_pass"), "Pass", self.do_pass, key=pygame.K_p,
                           text_size=28),
            "undo": Button(layout.region("button_undo"), "Undo", self.do_undo, key=pygame.K_u,
                           colour=(90, 120, 230), text_size=28),
            "hint": Button(layout.region("button_hint"), "Hint", self.do_hint, key=pygame.K_h,
                           colour=(60, 170, 120), text_size=28),
            "menu": Button(layout.region("button_menu"), "Menu", self.open_menu,
                           colour=(120, 90, 170), text_size=28),
        }
        spend = layout.region("button_lightning_minus").union(
            layout.region("button_lightning_plus"))
        self.buttons["spend"] = Button(spend, "Spend", self.confirm_spend, key=pygame.K_RETURN,
                                       colour=(40, 120, 230), text_size=24)
        queue = layout.region("pending_queue")
        self.buttons["next"] = Button(
            pygame.FRect(queue.centerx - 120, queue.bottom - 70, 240, 58), "Next  >",
            self.confirm_turn, key=pygame.K_RETURN, colour=(60, 190, 90), text_size=34)
        for button in self.buttons.values():
            button.on_feedback = ctx.play
        self.time = 0.0
        self.exit_when_done = False

    # ------------------------------------------------------------ lifecycle

    def exit(self) -> None:
        self.runner.close()
        self.save_now()  # where the cascade stands, to the step

    def pause(self) -> None:
        self.save_now()

    def suspend(self) -> None:
        self.save_now()

    def resume(self) -> None:
        self._marks_key = None

    # ------------------------------------------------------------ saving

    def _mark_unsaved(self) -> None:
        self._unsaved = True

    def unshown(self) -> int:
        """Events the player has not yet fully seen (the step playing or holding counts)."""
        animator = self.animator
        return len(self.session.feed) + (
            1 if animator.current is not None or animator.held else 0)

    def save_now(self) -> None:
        """Write the autosave now (never raises; a failure is said once, then play goes on)."""
        self._unsaved = False
        if not self.saving or self.finished:
            return
        folder = self.ctx.game_dir(self.session.game.id)
        warning = save_game(folder, self.session.save(self.unshown(), self.confirming))
        if warning and warning != self.save_warning:
            self.ctx.message = warning
        self.save_warning = warning

    def _file_finished_game(self) -> None:
        """The game is over: keep its record for Replays and Statistics; drop the autosave."""
        if not self.saving or self.finished:
            return
        self.finished = True
        session = self.session
        record = session.record(finished_extra(session.state, [s.kind for s in session.seats],
                                               VERSION))
        _path, warning = keep_record(self.ctx.game_dir(self.session.game.id), record)
        if warning:
            self.ctx.message = warning  # the autosave stays: the game is not lost
        else:
            delete_save(self.ctx.game_dir(self.session.game.id))

    # ------------------------------------------------------------ whose turn

    @property
    def acting(self) -> int | None:
        return self.session.next_seat()

    def human_turn(self) -> bool:
        """True when the focused human may act on the table now."""
        seat = self.acting
        return (
            seat is not None and seat == self.focus and not self.session.seats[seat].is_computer
            and self.state.phase == PLAY and not self.animator.busy
        )

    # ------------------------------------------------------------ update

    def update(self, dt: float) -> None:
        if self._unsaved:
            self.save_now()
        self.time += dt
        adt = self.ctx.anim_dt(dt)
        self.animator.update(adt, self.focus)
        for button in self.buttons.values():
            button.update(dt)
        if self.refused:
            card, cell, left = self.refused
            self.refused = (card, cell, left - dt) if left > dt else None
        if self.animator.busy or self.animator.held:
            return
        if self.state.phase == OVER or self.confirming is not None:
            return
        if self.session.chance_due():  # everyone is done and confirmed: reveal the next number
            self.session.advance()
            return
        seat = self.acting
        if seat is None:
            return
        if self.session.seats[seat].is_computer:
            self._computer_turn(seat, adt)
            return
        self._human_turn(seat)

    def _computer_turn(self, seat: int, adt: float) -> None:
        if not self.session.humans:
            self.focus = seat  # demo: follow whoever plays
        if self.bot_future is None:
            self.bot_future = self.runner.submit(self.session.bots[seat], self.state.clone(), seat)
            self.bot_wait = BOT_PAUSE if self.state.phase == PLAY else BOT_PAUSE / 2
            return
        self.bot_wait -= adt
        if self.bot_wait > 0 or not self.bot_future.done():
            return
        future, self.bot_future = self.bot_future, None
        try:
            action, self.session.bots[seat] = future.result()
        except Exception:  # a broken bot must not freeze the table: play any legal move
            action = self.state.legal_actions(seat)[0]
        outcome = self.session.apply(action)
        if not outcome.ok:  # a bot bug must not freeze the table: fall back to any legal move
            self.session.apply(self.state.legal_actions(seat)[0])

    def _human_turn(self, seat: int) -> None:
        if self.shown_human != seat and self.ctx.settings.pass_screen:
            self.shown_human = seat
            self.focus = seat
            self.ctx.nav.push("handoff", name=self.session.seats[seat].name)
            return
        self.shown_human = seat
        if self.focus != seat:
            self.focus = seat
            self._clear_selection()
        if self.state.phase in (SETUP, DRAFT):
            self.ctx.nav.push("luckybox.draft", session=self.session, seat=seat, cards=self.cards)

    # ------------------------------------------------------------ actions

    def apply(self, action: Any) -> bool:
        outcome = self.session.apply(action)
        if not outcome.ok:
            self.refuse(outcome.refusal or "not allowed")
            return False
        self._clear_selection()
        self.message = ""
        self.hint = None
        seat = action[0]
        if self.state.phase == PLAY and self.state.players[seat].done or self.session.chance_due():
            self.confirming = seat  # let them look, and undo, before the game moves on
        return True

    def confirm_turn(self) -> None:
        if self.confirming is None:
            return
        self.confirming = None
        self.message = ""

    def refuse(self, reason: str, square: tuple[int, int] | None = None) -> None:
        self.message = reason
        self.ctx.play("refuse")
        if square:
            self.refused = (square[0], square[1], REFUSE_FLASH)

    def _clear_selection(self) -> None:
        self.selected_square = None
        self.selected_bonus = None
        self._marks_key = None

    def do_pass(self) -> None:
        if not self.human_turn():
            return
        if Pass(self.focus) in self.state.legal_actions(self.focus):
            self.apply(Pass(self.focus))
        else:
            self.refuse(self._pass_reason())

    def _pass_reason(self) -> str:
        if self.state.players[self.focus].pending:
            return "Resolve your bonus first: click a highlighted square."
        return f"You have an open {self.state.number}: you must cross a square."

    def do_undo(self) -> None:
        if self.animator.busy:
            self.animator.skip(self.focus)
        seat = self.focus
        reason = self.state.can_undo(seat)
        if reason is not None or self.session.seats[seat].is_computer:
            self.refuse(f"Can't undo: {reason or 'not your move'}.")
            return
        self.session.undo(seat)
        self.confirming = None
        self.animator.skip(self.focus)
        self.seen.reset_to(self.state)
        self._clear_selection()
        self.message = "Undone."

    def do_hint(self) -> None:
        if not self.human_turn():
            return
        try:
            from game.luckybox.ai import hint
        except ImportError:
            self.refuse("No hints available.")
            return
        self.hint = hint(self.state.clone(), self.focus)
        self.message = f"Hint: {describe(self.hint, self.state)}"
        self._marks_key = None

    def open_menu(self) -> None:
        self.ctx.nav.push("pause")

    def confirm_spend(self) -> None:
        if self.selected_square is None:
            self.refuse("Choose a square marked with a Lightning cost first.")
            return
        self.apply(self.selected_square)

    def click_square(self, card: int, cell: int) -> None:
        """What a click on one of the focused player's squares means, by the rules."""
        seat = self.focus
        state = self.state
        player = state.players[seat]
        legal = state.legal_actions(seat)
        if player.pending:
            fits = [a for a in legal if a.target_card == card and a.cell == cell]
            chosen = next(
                (a for a in fits if (a.card, a.line, a.index) == self._bonus_choice()), None
            ) or (fits[0] if fits else None)
            if chosen is not None:
                self.apply(chosen)
                return
            self.refuse(self._square_reason(card, cell), (card, cell))
            return
        exact = Cross(seat, card, cell, 0)
        if exact in legal:
            self.apply(exact)
            return
        options = sorted(
            (a for a in legal if isinstance(a, Cross) and a.card == card and a.cell == cell),
            key=lambda a: (abs(a.lightning), a.lightning < 0),
        )
        if not options:
            self.refuse(self._square_reason(card, cell), (card, cell))
            return
        current = self.selected_square
        same = current is not None and (current.card, current.cell) == (card, cell)
        if same and len(options) > 1:
            # A second click on the same square switches direction (up or down the clock).
            options = [o for o in options if o != current] + [current]
        self.selected_square = options[0]
        self._marks_key = None
        spend = abs(options[0].lightning)
        target = shift(state.number, options[0].lightning)
        word = "token" if spend == 1 else "tokens"
        self.message = (f"Spend {spend} Lightning {word} to turn {state.number} into {target}? "
                        "Press Spend to confirm.")
        self.buttons["spend"].label = f"Spend {spend}"

    def _bonus_choice(self) -> tuple[int, str, int]:
        pending = self.state.players[self.focus].pending
        keys = [(p.card, p.line, p.index) for p in pending]
        if self.selected_bonus in keys:
            return self.selected_bonus
        return keys[0]

    def _square_reason(self, card: int, cell: int) -> str:
        """A friendly reason why this square can't be crossed now."""
        state = self.state
        player = state.players[self.focus]
        mask = player.mask_of(card) or 0
        if mask >> cell & 1:
            return "That square is already crossed."
        shown = state.face(card).grid[cell]
        if player.pending:
            card_, line, index = self._bonus_choice()
            bonus = next(p.bonus for p in player.pending if (p.card, p.line, p.index) == (
                card_, line, index))
            return f"Your bonus needs an open {bonus[1]}, not a {shown}."
        up, down = (shown - state.number) % 9, (state.number - shown) % 9
        need = min(up, down)
        return (f"That square shows {shown}; the number is {state.number}. It would take {need} "
                f"Lightning and you have {player.lightning}.")

    # ------------------------------------------------------------ input

    def handle_event(self, event: pygame.event.Event) -> None:
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            if self.selected_square is not None:
                self._clear_selection()
                self.message = ""
            else:
                self.open_menu()
            return
        skip = (event.type == pygame.KEYDOWN and event.key == pygame.K_SPACE) or (
            event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 1)
        if self.animator.busy and skip:
            self.animator.skip(self.focus)
            return
        if (self.confirming is not None and event.type == pygame.KEYDOWN
                and event.key == pygame.K_SPACE):
            self.confirm_turn()
            return
        for name, button in self.buttons.items():
            if not self._button_shown(name):
                continue
            if button.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 1) == 3:
            self._clear_selection()
            return
        if event.type != pygame.MOUSEBUTTONDOWN or getattr(event, "button", 1) != 1:
            return
        pos = getattr(event, "pos", None)
        if pos is None:
            return
        pending_hit = self._pending_at(pos)
        if pending_hit is not None:
            self.selected_bonus = pending_hit
            self._marks_key = None
            return
        hit = self.square_at(pos)
        if hit is None:
            return
        if not self.human_turn():
            self.refuse("Wait for your turn." if self.state.phase == PLAY else "")
            return
        self.click_square(*hit)

    # ------------------------------------------------------------ geometry

    def board_rects(self, seat: int) -> list[pygame.FRect]:
        """Where the focused player's cards lie (large) in seen order."""
        cards = self.seen.players[seat].cards
        area = self.ctx.layout.region("current_board")
        return grid_in(area, len(cards), self.cards.aspect, gap=14) if cards else []

    def other_seats(self) -> list[int]:
        return [i for i in range(len(self.session.seats)) if i != self.focus]

    def other_panels(self) -> dict[int, pygame.FRect]:
        seats = self.other_seats()
        if not seats:
            return {}
        area = self.ctx.layout.region("other_boards")
        boxes = grid_in(area, len(seats), 2.3 if len(seats) <= 4 else 1.9, gap=8)
        return dict(zip(seats, boxes, strict=True))

    def compact_rects(self, seat: int, panel: pygame.FRect) -> list[pygame.FRect]:
        cards = self.seen.players[seat].cards
        if not cards:
            return []
        inner = pygame.FRect(panel.x + 4, panel.y + 24, panel.w - 8, panel.h - 28)
        return grid_in(inner, len(cards), self.cards.aspect, gap=3)

    def card_rect(self, seat: int, card: int) -> pygame.FRect | None:
        cards = self.seen.players[seat].cards
        if card not in cards:
            return None
        if seat == self.focus:
            rects = self.board_rects(seat)
        else:
            panel = self.other_panels().get(seat)
            rects = self.compact_rects(seat, panel) if panel else []
        index = cards.index(card)
        return rects[index] if index < len(rects) else None

    def square_at(self, pos: tuple[float, float]) -> tuple[int, int] | None:
        seat = self.focus
        for card, rect in zip(self.seen.players[seat].cards, self.board_rects(seat), strict=True):
            if rect.collidepoint(pos):
                cell = self.cards.cell_at(rect, pos)
                if cell is not None:
                    return card, cell
        return None

    def square_center(self, card: int, cell: int) -> tuple[float, float]:
        """The centre of one of the focused player's squares (tests click here)."""
        rect = self.card_rect(self.focus, card)
        assert rect is not None, f"card {card} is not on the focused board"
        return tuple(self.cards.cell_rect(rect, cell).center)

    def pending_rects(self) -> list[tuple[tuple[int, str, int], pygame.FRect]]:
        area = self.ctx.layout.region("pending_queue")
        pending = self.seen.players[self.focus].pending
        out = []
        for i, (card, line, index, _bonus) in enumerate(pending):
            out.append(((card, line, index),
                        pygame.FRect(area.x + 150 + i * 70, area.y + 30, 60, 60)))
        return out

    def _pending_at(self, pos) -> tuple[int, str, int] | None:
        for key, rect in self.pending_rects():
            if rect.collidepoint(pos):
                return key
        return None

    # ------------------------------------------------------------ animation staging

    def _stage(self, event: tuple, duration: float) -> None:
        """Start the drawings and sound of one event's step."""
        sound = sound_for(event)
        if sound and duration > 0:
            self.ctx.play(sound)
        kind = type(event)
        assets = self.ctx.assets
        seat = player_of(event)
        layout = self.ctx.layout
        if kind is ev.NumberRevealed:
            rect = layout.region("revealed_card")
            self.effects_add(Flip(assets.get("number_card_back", rect.size),
                                  self._number_face(event.number, rect), rect, duration))
        elif kind is ev.RoundStarted:
            label = self.ctx.text.render_outlined(f"ROUND {event.round}", 96, YELLOW, INK, 5,
                                                  shadow=4)
            self.effects_add(FloatText(label, (640, 400), duration, rise=30))
        elif kind is ev.DeckReshuffled:
            self._float("Discard pile reshuffled!", (640, 360), duration, 40)
        elif kind is ev.SquareCrossed:
            rect = self.card_rect(seat, event.card)
            if rect:
                cell = self.cards.cell_rect(rect, event.cell)
                img = assets.get("cross", (round(cell.w), round(cell.h)))
                self.effects_add(PopIn(img, cell.center, duration))
        elif kind is ev.LineCompleted:
            rect = self.card_rect(seat, event.card)
            if rect:
                mask = (ROW_MASKS if event.line == "row" else COL_MASKS)[event.index]
                cells = [self.cards.cell_rect(rect, c) for c in CELLS_OF_MASK[mask]]
                self.effects_add(Glow(cells[0].unionall(cells[1:]), duration))
        elif kind is ev.IconCircled:
            rect = self.card_rect(seat, event.card)
            if rect:
                center = self.cards.icon_center(rect, event.line, event.index)
                self.last_icon[seat] = center
                side = round(self.cards.icon_radius(rect) * 2.5)
                self.effects_add(PopIn(assets.get("circle", (side, side)), center, duration))
        elif kind is ev.TokenGained:
            start = self.last_icon.get(seat, (640, 360))
            end = self._pile_center(seat, event.token)
            sprite = "token_lightning" if event.token == "lightning" else "token_moon"
            self.effects_add(Fly(assets.get(sprite, (40, 40)), start, end, duration))
            self._float(f"+{event.count}", end, duration, 26)
        elif kind is ev.TokensSpent:
            start = self._pile_center(seat, "lightning")
            end = layout.region("revealed_card").center
            self.effects_add(Fly(assets.get("token_lightning", (40, 40)), start, end, duration))
            if seat == self.focus:
                self._float(f"{event.from_number} → {event.to_number}", end, duration, 40)
        elif kind is ev.StarGained:
            start = self.last_icon.get(seat, (640, 360))
            end = self._star_slot(seat, event.round - 1, event.slot)
            self.effects_add(Fly(assets.get("star_slot_filled", (34, 34)), start, end, duration))
        elif kind is ev.StarWasted:
            self._float("4th star this round: no effect", self.last_icon.get(seat, (640, 360)),
                        duration, 24)
        elif kind is ev.BonusPending:
            label = "?" if event.bonus[0] == "question" else str(event.bonus[1])
            self._float(f"Bonus {label}!", self.last_icon.get(seat, (640, 360)), duration, 28)
        elif kind is ev.BonusLost:
            label = "?" if event.bonus[0] == "question" else str(event.bonus[1])
            where = self.last_icon.get(seat, (640, 360))
            self._float(f"Bonus {label} lost: {event.reason}", where, duration, 24,
                        colour=(255, 150, 150))
        elif kind is ev.CardCompleted:
            rect = self.card_rect(seat, event.card)
            if rect:
                self.effects_add(Burst(assets.get("icon_star", (30, 30)), rect, duration,
                                       seed=event.card))
                if seat == self.focus:
                    self._float("CARD COMPLETE!", rect.center, duration, 44)
        elif kind is ev.Passed:
            where = self._seat_anchor(seat)
            self._float("PASS", where, duration, 40 if seat == self.focus else 24)
        self._marks_key = None

    def _after(self, event: tuple) -> bool:
        """After a step: the round's scoring and the game's end open their own scenes."""
        kind = type(event)
        if kind is ev.RoundScored:
            self.ctx.nav.push("luckybox.round_end", session=self.session, round_no=event.round,
                              on_close=self.animator.release, demo=self.demo)
            return True
        if kind is ev.GameOver:
            self._file_finished_game()
            if self.on_game_over is not None:
                self.on_game_over(self.session)
            self.ctx.stack.replace(self.end_scene())
            return True
        return False

    def end_scene(self) -> Scene:
        """What follows the last step: the scores."""
        return self.ctx.nav.make("luckybox.game_end", session=self.session,
                                 demo=self.demo and self.exit_when_done)

    def effects_add(self, effect) -> None:
        self.animator.effects.append(effect)

    def _float(self, text: str, where, duration: float, size: int, colour=WHITE) -> None:
        if duration <= 0:
            return
        label = self.ctx.text.render_outlined(text, size, colour, INK, 3)
        self.effects_add(FloatText(label, where, max(duration, 0.5)))

    def _pile_center(self, seat: int, token: str) -> tuple[float, float]:
        if seat == self.focus:
            region = "lightning_pile" if token == "lightning" else "moon_pile"
            return self.ctx.layout.region(region).center
        return self._seat_anchor(seat)

    def _seat_anchor(self, seat: int) -> tuple[float, float]:
        if seat == self.focus:
            return self.ctx.layout.region("current_board").center
        panel = self.other_panels().get(seat)
        return panel.center if panel else (640, 360)

    def _star_slot(self, seat: int, round_index: int, slot: int) -> tuple[float, float]:
        if seat != self.focus:
            return self._seat_anchor(seat)
        area = self.ctx.layout.region("scorecard")
        return (area.x + 70 + slot * 34, area.y + 44 + round_index * 30)

    def _number_face(self, number: int, rect: pygame.FRect) -> pygame.Surface:
        face = self.ctx.assets.get("number_card_front", rect.size).copy()
        self.ctx.text.blit_centered(face, str(number), int(rect.h * 0.55), (52, 40, 90),
                                    (rect.w / 2, rect.h / 2 + 4))
        return face

    # ------------------------------------------------------------ marks

    def marks(self) -> dict[int, tuple[dict[int, str], dict[int, int]]]:
        """Per card: the square highlights and Lightning costs for the focused player now."""
        state = self.state
        key = (len(state.actions), self.focus, self.selected_square, self.selected_bonus,
               state.phase, state.round, state.index, self.human_turn(), self.hint)
        if key == self._marks_key:
            return self._marks
        self._marks_key = key
        marks: dict[int, tuple[dict[int, str], dict[int, int]]] = {}
        if self.human_turn():
            legal = state.legal_actions(self.focus)
            if state.players[self.focus].pending:
                choice = self._bonus_choice()
                for a in legal:
                    if (a.card, a.line, a.index) == choice:
                        marks.setdefault(a.target_card, ({}, {}))[0][a.cell] = TARGET
            else:
                for a in legal:
                    if not isinstance(a, Cross):
                        continue
                    squares, costs = marks.setdefault(a.card, ({}, {}))
                    if a.lightning == 0:
                        squares[a.cell] = EXACT
                        costs.pop(a.cell, None)
                    elif squares.get(a.cell) != EXACT:
                        squares[a.cell] = LIGHTNING
                        costs[a.cell] = min(costs.get(a.cell, 99), abs(a.lightning))
            if self.selected_square is not None:
                s = self.selected_square
                marks.setdefault(s.card, ({}, {}))[0][s.cell] = SELECTED
        self._marks = marks
        return marks

    # ------------------------------------------------------------ drawing

    def draw(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        surface.blit(self._static_layer(), (0, 0))
        self._draw_numbers(surface)
        self._draw_banner(surface)
        self._draw_pending(surface)
        self._draw_focus_board(surface)
        self._draw_others(surface)
        self._draw_piles(surface)
        self._draw_scorecard(surface)
        self._refresh_buttons()
        for name, button in self.buttons.items():
            if self._button_shown(name):
                button.draw(surface, ctx.text)
        self._draw_message(surface)
        for effect in self.animator.effects:
            effect.draw(surface)

    def _refresh_buttons(self) -> None:
        self.buttons["pass"].enabled = self.human_turn() and Pass(self.focus) in (
            self.state.legal_actions(self.focus))
        self.buttons["undo"].enabled = (not self.session.seats[self.focus].is_computer
                                        and self.state.can_undo(self.focus) is None)
        self.buttons["hint"].enabled = self.human_turn()

    def _static_layer(self) -> pygame.Surface:
        """The background and the fixed panels' frames, drawn once: most of each frame."""
        cached = self.__dict__.get("_static")
        if cached is not None:
            return cached
        layer = self.ctx.assets.get("table", (1280, 720)).copy()
        layout = self.ctx.layout
        for region in ("player_banner", "pending_queue"):
            draw_panel(layer, layout.region(region), colour=PANEL, radius=14, border=3, shadow=4)
        for region in ("lightning_pile", "moon_pile"):
            draw_panel(layer, layout.region(region), colour=PANEL, radius=12, border=2, shadow=3)
        draw_panel(layer, layout.region("scorecard"), colour=(250, 244, 230), radius=12,
                   border=3, shadow=4)
        self._static = layer
        return layer

    def _draw_numbers(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        deck = ctx.layout.region("number_deck")
        left = 9 - len(self.seen.revealed)
        back = ctx.assets.get("number_card_back", (deck.w - 8, deck.h - 8))
        for i in range(min(left, 4)):
            surface.blit(back, (deck.x + 4 + i * 2, deck.y + 4 - i * 2))
        if left:
            ctx.text.blit_centered(surface, f"{left} left", 22, WHITE, (deck.centerx,
                                   deck.bottom + 12), outline=INK, px=2)
        card = ctx.layout.region("revealed_card")
        flipping = any(isinstance(e, Flip) for e in self.animator.effects)
        if self.seen.number and not flipping:
            surface.blit(self._number_face_cached(self.seen.number, card), card.topleft)
        # The numbers revealed so far this round, as chips.
        for i, n in enumerate(self.seen.revealed[:-1] if self.seen.number else self.seen.revealed):
            x = deck.x + 2 + (i % 8) * 32
            y = card.bottom + 10
            pygame.draw.circle(surface, (250, 244, 230), (x + 14, y + 14), 14)
            pygame.draw.circle(surface, INK, (x + 14, y + 14), 14, 2)
            ctx.text.blit_centered(surface, str(n), 22, INK, (x + 14, y + 15))

    def _number_face_cached(self, number: int, rect: pygame.FRect) -> pygame.Surface:
        cache = self.__dict__.setdefault("_faces", {})
        if number not in cache:
            cache[number] = self._number_face(number, rect)
        return cache[number]

    def _draw_banner(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        area = ctx.layout.region("player_banner")
        name = self.session.seats[self.focus].name
        kind = self.session.seats[self.focus].kind
        tag = "" if kind == "human" else f"  (computer, {kind})"
        ctx.text.blit_centered(surface, f"{name}{tag}", 32, YELLOW,
                               (area.centerx, area.y + 22), outline=INK, px=2)
        seen = self.seen
        status = f"Round {seen.round} of 4"
        if seen.number:
            status += f"  ·  number {len(seen.revealed)} of 9"
        if self.state.phase == OVER:
            status = "Game over"
        ctx.text.blit_centered(surface, status, 24, WHITE, (area.centerx, area.y + 48))

    def _draw_pending(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        area = ctx.layout.region("pending_queue")
        pending = self.seen.players[self.focus].pending
        if not pending:
            hint = self._turn_hint()
            for i, line in enumerate(ctx.text.wrap(hint, 24, area.w - 24)[:4]):
                ctx.text.blit_centered(surface, line, 24, WHITE,
                                       (area.centerx, area.y + 24 + i * 26))
            return
        ctx.text.blit_centered(surface, "Bonuses:", 26, YELLOW, (area.x + 70, area.y + 60),
                               outline=INK, px=2)
        choice = self._bonus_choice() if self.state.players[self.focus].pending else None
        for (key, rect), (_c, _l, _i, bonus) in zip(self.pending_rects(), pending, strict=True):
            if key == choice:
                pygame.draw.rect(surface, HIGHLIGHT, rect.inflate(10, 10), 4, border_radius=12)
            from game.luckybox.ui.cardview import icon_sprite

            surface.blit(ctx.assets.get(icon_sprite(bonus), rect.size), rect.topleft)
            if bonus[0] == "number":
                ctx.text.blit_centered(surface, str(bonus[1]), 34, INK, rect.center)
        ctx.text.blit_centered(surface, "Pick a bonus, then a highlighted square", 20, WHITE,
                               (area.centerx, area.bottom - 16))

    def _turn_hint(self) -> str:
        if self.state.phase == OVER:
            return "The game is over."
        if self.animator.busy:
            return "Click or press Space to skip the animation."
        if self.confirming is not None:
            return "Done! Undo if you changed your mind, or press Next."
        seat = self.acting
        if seat is None:
            return ""
        if seat != self.focus or self.session.seats[seat].is_computer:
            return f"{self.session.seats[seat].name} is playing..."
        if self.state.phase != PLAY:
            return "Choose your cards."
        n = self.state.number
        if self.state.has_exact(seat):
            return f"Cross a square showing {n} (gold), or spend Lightning (blue, cost shown)."
        return f"No open {n}: spend Lightning on a blue square, or Pass."

    def _draw_focus_board(self, surface: pygame.Surface) -> None:
        seat = self.focus
        marks = self.marks()
        player = self.seen.players[seat]
        for card, rect in zip(player.cards, self.board_rects(seat), strict=True):
            squares, costs = marks.get(card, ({}, {}))
            if self.hint is not None and getattr(self.hint, "card", None) == card:
                squares = dict(squares)
            img = self.cards.render(card, self.state.face(card), player.masks.get(card, 0),
                                    round(rect.w), squares, costs)
            surface.blit(img, rect.topleft)
            hinted = self._hint_square()
            if hinted and hinted[0] == card:
                cell = self.cards.cell_rect(rect, hinted[1])
                pulse = 3 + int(3 * abs(((self.time * 2) % 2) - 1))
                pygame.draw.rect(surface, (60, 230, 140), cell.inflate(8, 8), pulse,
                                 border_radius=10)
            if self.refused and self.refused[0] == card:
                cell = self.cards.cell_rect(rect, self.refused[1])
                pygame.draw.rect(surface, (240, 40, 60), cell.inflate(6, 6), 5, border_radius=8)

    def _hint_square(self) -> tuple[int, int] | None:
        h = self.hint
        if isinstance(h, Cross):
            return h.card, h.cell
        if isinstance(h, Resolve):
            return h.target_card, h.cell
        return None

    def _draw_others(self, surface: pygame.Surface) -> None:
        acting = self.acting
        for seat, panel in self.other_panels().items():
            image = self._other_panel(seat, panel, seat == acting)
            surface.blit(image, (round(panel.x) - PANEL_MARGIN, round(panel.y) - PANEL_MARGIN))

    def _other_panel(self, seat: int, panel: pygame.FRect, acting: bool) -> pygame.Surface:
        """One other player's compact board, frame and all, redrawn only when it changes (a
        dozen of these are most of what a 12-player table draws)."""
        p = self.seen.players[seat]
        star_count = p.stars[self.seen.round - 1]
        key = (tuple(panel), acting, p.lightning, p.moons, star_count,
               tuple((card, p.masks.get(card, 0)) for card in p.cards))
        cache = self.__dict__.setdefault("_panels", {})
        hit = cache.get(seat)
        if hit is not None and hit[0] == key:
            return hit[1]
        ctx = self.ctx
        m = PANEL_MARGIN
        image = pygame.Surface((round(panel.w) + 2 * m, round(panel.h) + 2 * m), pygame.SRCALPHA)
        local = pygame.FRect(m, m, round(panel.w), round(panel.h))
        draw_panel(image, local, colour=PANEL, radius=10, border=2, shadow=3)
        if acting:
            pygame.draw.rect(image, HIGHLIGHT, local, 3, border_radius=10)
        name = self.session.seats[seat].name
        size = ctx.text.fit_size(name, 20, local.w * 0.36)
        ctx.text.blit_centered(image, name, size, WHITE, (local.x + local.w * 0.2, local.y + 12))
        # Tokens and this round's stars as small icons with counts.
        x = local.x + local.w * 0.39
        step = (local.w * 0.61 - 4) / 3
        for sprite, count in (("token_lightning", p.lightning), ("token_moon", p.moons),
                              ("star_slot_filled", star_count)):
            image.blit(ctx.assets.get(sprite, (14, 14)), (round(x), round(local.y + 5)))
            image.blit(ctx.text.render(str(count), 19, YELLOW), (round(x + 15), round(local.y + 5)))
            x += step
        for card, rect in zip(p.cards, self.compact_rects(seat, local), strict=True):
            img = self.cards.render(card, self.state.face(card), p.masks.get(card, 0),
                                    max(8, round(rect.w)))
            image.blit(img, rect.topleft)
        cache[seat] = (key, image)
        return image

    def _draw_piles(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        p = self.seen.players[self.focus]
        for region, sprite, count, label in (
            ("lightning_pile", "token_lightning", p.lightning, "Lightning"),
            ("moon_pile", "token_moon", p.moons, "Moons"),
        ):
            area = ctx.layout.region(region)
            token = ctx.assets.get(sprite, (44, 44))
            shown = min(count, 5)
            for i in range(shown):
                surface.blit(token, (area.x + 10 + i * 6, area.y + 30 - i * 4))
            ctx.text.blit_centered(surface, str(count), 40, YELLOW,
                                   (area.right - 28, area.y + 48), outline=INK, px=2)
            ctx.text.blit_centered(surface, label, 20, WHITE, (area.centerx, area.bottom - 12))

    def _draw_scorecard(self, surface: pygame.Surface) -> None:
        ctx = self.ctx
        area = ctx.layout.region("scorecard")
        p = self.seen.players[self.focus]
        ctx.text.blit_centered(surface, "SCORECARD", 22, INK, (area.centerx, area.y + 14))
        empty = ctx.assets.get("star_slot_empty", (26, 26))
        full = ctx.assets.get("star_slot_filled", (26, 26))
        for r in range(4):
            y = area.y + 44 + r * 30
            current = r == self.seen.round - 1
            colour = (200, 40, 110) if current else INK
            ctx.text.blit_centered(surface, f"R{r + 1}", 22, colour, (area.x + 24, y))
            for slot in range(3):
                img = full if p.stars[r] > slot else empty
                surface.blit(img, img.get_rect(center=(area.x + 70 + slot * 34, y)))
            done = r < self.seen.round - 1 or self.state.phase == OVER
            text = f"{p.card_points[r]}+{p.star_points[r]}" if done else "-"
            ctx.text.blit_centered(surface, text, 22, colour, (area.x + 200, y))
        total = sum(p.card_points) + sum(p.star_points)
        ctx.text.blit_centered(surface, f"So far: {total}", 22, INK,
                               (area.centerx, area.bottom - 14))

    def _button_shown(self, name: str) -> bool:
        if name == "spend":
            return self.selected_square is not None
        if name == "next":
            return self.confirming is not None and not self.animator.busy
        return True

    def _draw_message(self, surface: pygame.Surface) -> None:
        if not self.message:
            return
        ctx = self.ctx
        area = ctx.layout.region("message")
        size = ctx.text.fit_size(self.message, 26, area.w - 24)
        draw_panel(surface, area, colour=(90, 30, 70), radius=12, border=2, shadow=3)
        ctx.text.blit_centered(surface, self.message, size, WHITE, area.center)


def describe(action: Any, state) -> str:
    """Words for an action (hints, logs)."""
    if isinstance(action, Cross):
        shown = state.face(action.card).grid[action.cell]
        if action.lightning:
            return (f"spend {abs(action.lightning)} Lightning and cross the {shown} on card "
                    f"{action.card}")
        return f"cross the {shown} on card {action.card}"
    if isinstance(action, Resolve):
        shown = state.face(action.target_card).grid[action.cell]
        return f"use the bonus on the {shown} of card {action.target_card}"
    if isinstance(action, Pass):
        return "pass"
    return str(action)


def start_game(ctx: Any, seats: list, seed: int, demo: bool = False,
               on_game_over: Any = None, deal: Deal | None = None,
               options: Options | None = None,
               challenge: dict[str, Any] | None = None) -> TableScene:
    """Deal a new game for these seats and put its table on the stack (alone). `deal` and
    `challenge` replay another game's cards and compare the scores at the end."""
    session = Session(list(seats), seed, options, deal)
    session.challenge = challenge
    scene = TableScene(ctx, session, demo=demo, on_game_over=on_game_over)
    ctx.stack.clear_to(scene)
    return scene


def continue_game(ctx: Any, saved: Any = None) -> str | None:
    """Put the saved game back on the table, exactly as it stood; or say in one line why not
    (a bad save is kept aside by the loader). `saved`: the title's already replayed save."""
    if saved is None:
        saved, warning = load_save(ctx.game_dir("luckybox"))
        if saved is None:
            return warning or "There is no saved game to continue."
    session, start, shown, confirming = saved.resumed
    ctx.stack.clear_to(TableScene(ctx, session, resume=Resumed(start, shown, confirming)))
    return None
