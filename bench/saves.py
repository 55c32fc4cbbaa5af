"""The games-in-progress list: what reading them costs the title (`saves.list_saved`, each save
replayed to check it and to say how far it has come), with the cap's worth of saves of each
game, all late in their game (the slowest to replay).

First show (the app's first title, or a save changed since): every save replayed. Coming back
to the title after a game: only that game's save is replayed, the rest are kept while their
files stay the same.

Targets: coming back to the title with `CAP` games in progress <= 5 ms (a frame's budget is
16.7 ms); the first show is reported (it happens once a start, under the title's entrance).

    python bench/saves.py [--repeat 5]
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from game import catalog  # noqa: E402
from game.core import saves, storage  # noqa: E402
from game.core.entry import Game  # noqa: E402
from game.core.session import Seat, Session  # noqa: E402

TARGET_BACK_MS = 5.0
STEPS = {"luckybox": 150, "blanco": 400}  # late in a game, still in progress


def fill(folder: Path, game: Game[Any], rng: random.Random) -> int:
    """CAP saves of `game` at three-seat tables, each played STEPS steps (or ended early)."""
    made = 0
    for i in range(saves.CAP * 2):
        if made == saves.CAP:
            break
        session: Session[Any, Any] = Session(
            [Seat("A"), Seat("B", "easy"), Seat("C", "easy")], 10 + i, game=game
        )
        for _ in range(STEPS[session.game.id]):
            if session.state.is_terminal():
                break
            seat = session.next_seat()
            if seat is None:
                session.advance()
            else:
                session.apply(rng.choice(session.state.legal_actions(seat)))
        if session.state.is_terminal():
            continue
        storage.save_game(saves.new_table(folder), session.save())
        made += 1
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    games = catalog.games()
    for game in games:
        with tempfile.TemporaryDirectory() as tmp:
            folder = Path(tmp)
            count = fill(folder, game, random.Random(1))
            first, back = [], []
            for _ in range(args.repeat):
                saves.forget_replays()
                start = time.perf_counter()
                saves.list_saved(folder, games)
                first.append((time.perf_counter() - start) * 1000)
                start = time.perf_counter()
                saves.list_saved(folder, games)
                back.append((time.perf_counter() - start) * 1000)
            back_ms = statistics.median(back)
            verdict = "ok" if back_ms <= TARGET_BACK_MS else "OVER"
            print(
                f"{game.id}: {count} games in progress; first show "
                f"{statistics.median(first):.0f} ms (reported); coming back "
                f"{back_ms:.2f} ms (target <= {TARGET_BACK_MS:g} ms) {verdict}"
            )


if __name__ == "__main__":
    main()
