"""Write the JSON schemas of every game's views and events, generated from the types its rules
declare (`GameRules.wire`: the rules' own structs), into docs/schema/: `<id>-view.json` and
`<id>-events.json` (one event); and `protocol-server.json`, every message a server sends
(game/online/protocol.py: a `state`'s view and events there are the game's, in the files above).
Each carries its caps: what breaks one is refused whole by the client.

    python tools/wire_schema.py          write them
    python tools/wire_schema.py check    exit 1 (naming the files) when a checked-in schema
                                         differs from what the types generate

tests/test_wire.py runs the check: the files cannot drift from the code.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import msgspec  # noqa: E402

from game.catalog import games  # noqa: E402
from game.core.entry import Game  # noqa: E402
from game.online import protocol  # noqa: E402

SCHEMA_DIR = ROOT / "docs" / "schema"


def schema_text(kind: Any, title: str) -> str:
    """The JSON schema msgspec generates for `kind`, titled, as the file's text."""
    schema: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": title,
        **msgspec.json.schema(kind),
    }
    return json.dumps(schema, indent=2, ensure_ascii=False) + "\n"


def schemas(game: Game[Any]) -> dict[str, str]:
    """File name -> text of the game's two schemas."""
    return {
        f"{game.id}-view.json": schema_text(game.rules.wire.view, f"{game.title}: a seat's view"),
        f"{game.id}-events.json": schema_text(game.rules.wire.event, f"{game.title}: one event"),
    }


def every_schema() -> dict[str, str]:
    out = {
        "protocol-server.json": schema_text(
            protocol.ServerMessage, "The online protocol: one message a server sends"
        )
    }
    for game in games():
        out.update(schemas(game))
    return out


def main(argv: list[str]) -> int:
    wanted = every_schema()
    if argv[:1] == ["check"]:
        stale = [
            name
            for name, text in wanted.items()
            if not (SCHEMA_DIR / name).is_file()
            or (SCHEMA_DIR / name).read_text(encoding="utf-8") != text
        ]
        for name in stale:
            print(f"docs/schema/{name} differs from its types: run python tools/wire_schema.py")
        return 1 if stale else 0
    SCHEMA_DIR.mkdir(parents=True, exist_ok=True)
    for name, text in wanted.items():
        (SCHEMA_DIR / name).write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
