"""One declaration per action, event and view (issue 73): each game's rules declare them once, as
msgspec structs, and the wire and the records use those very types; no game converts anything.

The JSON stayed byte for byte what it was when every game had converters of its own
(tests/data/one_declaration.json holds digests taken from the tree before: commit d383266):
for a seeded game of each catalog game, every step's action as an `act` message carries it,
every seat's and a watcher's view and redacted events, the record written and
`--check-record`'s line for it.

    python tests/test_one_declaration.py     print the digests of this tree (as the file holds)
"""

from __future__ import annotations

import hashlib
import io
import json
import random
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:  # run as a script
    sys.path.insert(0, str(ROOT))

from game import catalog  # noqa: E402
from game.core.records import check_records_cli  # noqa: E402
from game.online import codec  # noqa: E402

GOLDEN = ROOT / "tests" / "data" / "one_declaration.json"
#: game id -> (players, seed, steps at most)
GAMES = {"luckybox": (2, 73, 90), "blanco": (2, 73, 90)}


def _digest(lines: list[str]) -> str:
    return hashlib.sha256("\n".join(lines).encode()).hexdigest()[:16]


def digests(game_id: str, folder: Path) -> dict[str, Any]:
    """Per step, a digest of everything sent (the action's JSON, then each seat's and a
    watcher's redacted events and view); the record's digest and its `--check-record` line."""
    game = catalog.game_by_id(game_id)
    wire = codec.wire_of(game)
    n, seed, most = GAMES[game_id]
    rng = random.Random(f"one declaration/{game_id}")
    state, events = game.rules.new_game([f"P{i}" for i in range(n)], seed)
    steps: list[str] = []
    action: Any = None
    for _ in range(most):
        lines = [] if action is None else [json.dumps(codec.action_to_json(wire, action))]
        for seat in (*range(n), -1):
            lines += [
                json.dumps(codec.event_json(wire, shown))
                for event in events
                if (shown := state.redact(event, seat)) is not None
            ]
            lines.append(codec.view_bytes(wire, state.view_for(seat)).decode())
        steps.append(_digest(lines))
        if state.is_terminal():
            break
        waiting = state.waiting_for()
        if not waiting:
            action, events = None, state.advance()
            continue
        action = rng.choice(state.legal_actions(rng.choice(waiting)))
        outcome = state.apply(action)
        assert outcome.ok, outcome.refusal
        events = list(outcome.events)
    record = json.dumps(game.rules.record_of(state, {"writer": "test"}), indent=1)
    path = folder / f"{game_id}.json"
    path.write_text(record, encoding="utf-8")
    out, err = io.StringIO(), io.StringIO()
    status = check_records_cli([str(path)], catalog.games(), out, err)
    return {
        "steps": steps,
        "record": _digest([record]),
        "check": [status, out.getvalue(), err.getvalue()],
    }


def test_the_json_of_views_events_actions_and_records_is_unchanged(tmp_path: Path) -> None:
    golden = json.loads(GOLDEN.read_text(encoding="utf-8"))
    for game_id in GAMES:
        now, before = digests(game_id, tmp_path), golden[game_id]
        assert len(now["steps"]) == len(before["steps"]), game_id
        pairs = zip(now["steps"], before["steps"], strict=True)
        changed = [i for i, (a, b) in enumerate(pairs) if a != b]
        assert not changed, f"{game_id}: what is sent changed at step {changed[0]}"
        assert now["record"] == before["record"], f"{game_id}: the record changed"
        assert now["check"] == before["check"], game_id


def test_the_wire_sends_the_rules_own_types() -> None:
    """What the engine lists and what its moves produce are members of the unions the wire
    declares (no struct of the wire's own to convert them to), and a view decoded is the
    game's own state class."""
    for game in catalog.games():
        wire = game.rules.wire
        state, dealt = game.rules.new_game(["A", "B"], 5)
        assert {type(e) for e in dealt} <= set(wire.event.__args__), game.id
        seat = state.waiting_for()[0]
        action = state.legal_actions(seat)[0]
        assert type(action) in wire.action.__args__, game.id
        outcome = state.apply(action)
        assert outcome.ok and {type(e) for e in outcome.events} <= set(wire.event.__args__)
        back = codec.view_from_json(wire, codec.view_json(wire, state.view_for(seat)))
        assert type(back) is type(state) and back.actions == [action], game.id
        assert codec.event_from_json(wire, codec.event_json(wire, dealt[0])) == dealt[0]


def test_no_game_has_a_wire_module_of_its_own() -> None:
    for package in [*catalog.GAME_PACKAGES, "tests.highcard"]:
        folder = ROOT.joinpath(*package.split("."))
        assert not list(folder.rglob("wire.py")), package


if __name__ == "__main__":
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        print(json.dumps({g: digests(g, Path(folder)) for g in GAMES}, indent=1))
