"""`python main.py --check-record PATH ...`: replay records headlessly (no pygame imported)."""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import TextIO

from game.core.storage import read_json, why
from game.luckybox.rules.actions import RecordError
from game.luckybox.rules.cards import DeckError
from game.luckybox.rules.record import state_from_record, summary


def _one_line(text: str) -> str:
    return " ".join(str(text).split())


def check_record_file(path: str | Path) -> dict:
    """The summary of one record file; RecordError with a one-line reason if it is bad."""
    try:
        record = read_json(Path(path))
    except FileNotFoundError as err:
        raise RecordError(f"cannot read file: {why(err)}") from None
    return summary(state_from_record(record))


def check_records_cli(
    paths: list[str], out: TextIO | None = None, err: TextIO | None = None
) -> int:
    """Print one JSON line per good record, one reason per bad one; 2 if any was bad, else 0."""
    out = out or sys.stdout
    err = err or sys.stderr
    status = 0
    for path in paths:
        try:
            result = check_record_file(path)
        except (RecordError, DeckError) as reason:
            prefix = f"{path}: " if len(paths) > 1 else ""
            print(_one_line(f"{prefix}{reason}"), file=err)
            status = 2
            continue
        except Exception as crash:  # never a traceback: the contract promises one line
            prefix = f"{path}: " if len(paths) > 1 else ""
            print(_one_line(f"{prefix}internal error: {crash.__class__.__name__}"), file=err)
            status = 2
            continue
        print(json.dumps(result, ensure_ascii=False), file=out)
    out.flush()
    return status
