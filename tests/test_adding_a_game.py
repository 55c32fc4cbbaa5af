"""docs/architecture.md's "Adding a game", followed: every file and name its steps give for High
card is there in tests/highcard, and a game written here from those steps alone (Dice duel: each
seat rolls a die in turn, the highest wins; no bots, no words, no scenes of its own) is one
package and one catalog line, and plays a whole local game through the app, by clicks, to its
end and its kept record, and a whole table through a real server on 127.0.0.1."""

from __future__ import annotations

import io
import json
import re
import sys
import textwrap
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game import catalog, cli
from game.blanco.entry import BLANCO
from game.core.records import check_records_cli
from game.core.session import Seat
from game.core.storage import RECORDS
from game.luckybox.entry import LUCKYBOX
from tests.test_online_helpers import run, running_server
from tests.ui_helpers import click, wait

ROOT = Path(__file__).resolve().parent.parent

#: The steps' files, as a new game writes them (step 1: rules; 2: entry; 5: kit; 6: descriptor).
DUEL = {
    "__init__.py": '"""Dice duel: each seat rolls once, the highest roll wins."""\n',
    "rules/__init__.py": "from .game import RULES\n",
    "rules/game.py": """
        from __future__ import annotations

        import copy
        import random
        from collections.abc import Sequence
        from dataclasses import dataclass
        from typing import Annotated, Any

        import msgspec

        from game.core.game import Outcome, Refusal
        from game.core.records import PlainRecords
        from game.core.wire import Tagged, view_fields

        Seat = Annotated[int, msgspec.Meta(ge=0, lt=2)]


        class Roll(Tagged, frozen=True):
            player: Seat


        class Rolled(Tagged, frozen=True):
            player: Seat
            pips: Annotated[int, msgspec.Meta(ge=1, le=6)]


        class Over(Tagged, frozen=True):
            rolls: Annotated[list[int], msgspec.Meta(max_length=2)]


        class View(msgspec.Struct):
            names: Annotated[tuple[str, ...], msgspec.Meta(min_length=1, max_length=2)]
            rolls: Annotated[list[int], msgspec.Meta(max_length=2)]
            actions: Annotated[list[Roll], msgspec.Meta(max_length=2)]


        @dataclass
        class DuelState:
            names: tuple[str, ...]
            seed: int
            rolls: list[int]
            actions: list[Roll]

            def waiting_for(self) -> list[int]:
                done = len(self.actions)
                return [done] if done < len(self.names) else []

            def legal_actions(self, player: int) -> list[Any]:
                return [Roll(player)] if player in self.waiting_for() else []

            def apply(self, action: Any) -> Outcome:
                if action not in self.legal_actions(getattr(action, "player", -1)):
                    return Outcome([], Refusal("not_now", "that roll is not yours now"))
                pips = random.Random(self.seed * 31 + len(self.actions)).randint(1, 6)
                self.actions.append(action)
                self.rolls[action.player] = pips
                events: list[Any] = [Rolled(action.player, pips)]
                return Outcome(events + ([Over(list(self.rolls))] if self.is_terminal() else []))

            def can_undo(self, player: int) -> Refusal | None:
                return Refusal("rolled", "a roll cannot be taken back")

            def undo(self, player: int) -> Outcome:
                return Outcome([], self.can_undo(player))

            def advance(self) -> list[Any]:
                return []

            def is_terminal(self) -> bool:
                return not self.waiting_for()

            def returns(self) -> list[float]:
                return [float(pips) for pips in self.rolls]

            def view_for(self, seat: int) -> DuelState:
                return DuelState(self.names, 0, list(self.rolls), list(self.actions))

            def redact(self, event: Any, seat: int) -> Any:
                return event

            def clone(self) -> DuelState:
                return copy.deepcopy(self)


        class DuelRules(PlainRecords[DuelState]):
            id, title, min_players, max_players = "duel", "Dice duel", 1, 2
            view, event, action = View, Rolled | Over, Roll

            def new_game(
                self, names: Sequence[str], seed: int, options: Any = None, deal: Any = None
            ) -> tuple[DuelState, list[Any]]:
                if not 1 <= len(names) <= 2:
                    raise ValueError("dice duel takes 1-2 players")
                return DuelState(tuple(names), seed, [0] * len(names), []), []

            def state_from_view(self, view: View) -> DuelState:
                return DuelState(**view_fields(view), seed=0)

            def hidden_variant(self, state: DuelState, seat: int, rng: Any) -> DuelState:
                seed = rng.randrange(1 << 30)  # the rolls to come: unknown to every seat
                return DuelState(state.names, seed, list(state.rolls), list(state.actions))


        RULES = DuelRules()
    """,
    "entry.py": """
        from game.core.entry import Game

        from .rules import RULES

        GAME = Game(RULES)
    """,
    "ui/__init__.py": "",
    "ui/kit.py": """
        from typing import Any

        from game.core.ui.toolkit.paint import INK, PAPER
        from game.core.ui.table.seats_kit import SeatsKit

        from ..rules.game import Over, Rolled


        class Dice:
            def __init__(self, state: Any) -> None:
                self.rolls = list(state.rolls)

            def apply(self, event: Any) -> None:
                if isinstance(event, Rolled):
                    self.rolls[event.player] = event.pips


        class DuelKit(SeatsKit):
            game_over_event = Over
            seat_size = (140, 140)

            def shown_board(self, state: Any, source: Any = None) -> Dice:
                return Dice(state)

            def shown_view(self, state: Any) -> Dice:
                return Dice(state)

            def draw_seat(self, surface, seat, rect, face_up) -> None:
                surface.fill(PAPER, rect)
                pips = self.port.seen.rolls[seat]
                self.port.ctx.text.blit_centered(surface, str(pips or "?"), 80, INK, rect.center)
    """,
    "ui/descriptor.py": """
        from game.core.ui.game_ui.descriptor import GameUI

        from ..entry import GAME
        from .kit import DuelKit

        GAME_UI = GameUI(game=GAME, table_kit=DuelKit)
    """,
}


def adding_a_game() -> str:
    text = (ROOT / "docs" / "architecture.md").read_text("utf-8")
    return text[text.index("## Adding a game") :].split("\n## ")[0]


def test_every_file_and_name_the_steps_give_for_high_card_is_there() -> None:
    steps = adding_a_game()
    files = sorted(set(re.findall(r"`(tests/highcard/[\w/]+\.py)`", steps)))
    assert len(files) >= 5, files  # rules, entry, computers, kit, descriptor
    for name in files:
        assert (ROOT / name).is_file(), name
    highcard = "\n".join((ROOT / name).read_text("utf-8") for name in files)
    for symbol in ("RULES", "GAME", "BOTS", "GAME_UI", "HighCardKit", "HighCardRules", "View"):
        assert re.search(rf"\b{symbol}\b", steps) and re.search(rf"\b{symbol}\b", highcard), symbol
    assert "GAME_PACKAGES" in steps  # the one catalog line
    for step in ("**The rules**", "**The entry**", "**Its table**", "**Its descriptor**"):
        assert step in steps, step
    # this test's game is made of the same files as the steps name
    assert {"rules/game.py", "entry.py", "ui/kit.py", "ui/descriptor.py"} <= set(DUEL)


@pytest.fixture
def duel(tmp_path: Path) -> Iterator[Any]:
    """Dice duel written as the steps say, in a package of its own, in the catalog a while."""
    for name, source in DUEL.items():
        path = tmp_path / "duelpkg" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(source).lstrip(), "utf-8")
    sys.path.insert(0, str(tmp_path))
    catalog.register("duelpkg")
    try:
        yield catalog.game_by_id("duel")
    finally:
        catalog.unregister("duelpkg")
        sys.path.remove(str(tmp_path))
        for module in [m for m in sys.modules if m == "duelpkg" or m.startswith("duelpkg.")]:
            del sys.modules[module]


def test_a_game_from_the_steps_plays_at_the_table_to_its_end_and_record(
    duel: Any, data_dir: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert duel.bots.bot_levels == ("easy",) and duel.rules.record_format == "duel-record"
    app = catalog.new_app()
    try:
        ctx = app.ctx
        setup = ctx.nav.make("duel.setup")  # core's set-up, in the game's seat range
        assert (setup.min_seats, setup.max_seats) == (1, 2)
        table = ctx.nav.make("duel.start_game", seats=[Seat("Ann"), Seat("Bot", "easy")], seed=9)
        for _ in range(200):
            if table.human_turn():
                break
            wait(app)
        roll = table.controls.buttons["roll"]  # a button for its one kind of action
        click(app, roll.rect.center, 2)
        assert table.state.actions[0].player == 0
        for _ in range(1200):
            if ctx.stack.top is not table:
                break
            table.turns.wait_for_computer()
            wait(app)
        end = ctx.stack.top
        assert type(end).__name__ == "GameEndScene" and end.session.state.is_terminal()
        kept = sorted((ctx.game_dir("duel") / RECORDS).glob("*.json"))
        assert len(kept) == 1
        record = json.loads(kept[0].read_text("utf-8"))
        assert record["format"] == "duel-record" and record["seed"] == 9
        assert record["actions"] == [{"kind": "roll", "player": 0}, {"kind": "roll", "player": 1}]
        capsys.readouterr()
        assert cli.main(["--check-record", str(kept[0])]) == 0
        summary = json.loads(capsys.readouterr().out)
        rolls = end.session.state.rolls
        assert [p["total"] for p in summary["players"]] == rolls
        assert summary["winners"] == [s for s in (0, 1) if rolls[s] == max(rolls)]
    finally:
        pygame.quit()


def test_a_game_from_the_steps_plays_a_table_through_a_server(duel: Any, tmp_path: Path) -> None:
    from game.online.client import play_table

    served = [LUCKYBOX, BLANCO, duel]

    async def scenario() -> dict[str, Any]:
        async with running_server(tmp_path / "t.db", served=served) as (url, _server):
            clients, record = await play_table(url, duel, 2, "easy", 4)
            assert all(client.over for client in clients)
            return record

    record = run(scenario())
    assert record["format"] == "duel-record" and len(record["actions"]) == 2
    path = tmp_path / "duel.json"
    path.write_text(json.dumps(record), "utf-8")
    out, err = io.StringIO(), io.StringIO()
    assert check_records_cli([str(path)], served, out, err) == 0, err.getvalue()
    assert json.loads(out.getvalue())["finished"] is True
