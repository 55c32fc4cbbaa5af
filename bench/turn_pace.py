"""A computer's Blanco turn at the default pace: how long the table shows it, against the time
its animations need (the sum of its steps' designed lengths at speed 1, the replay's pace).

Plays a Blanco table headless (a person, played by the normal bot, and two normal computers)
on the table's own clock (frames of 1/60 s; the computers' thinking costs no table time here),
with the settings a new player has. For each computer turn: the seconds from its turn's first
step to the next turn's, its animations' sum, and the steps it took. `--before` shows the table
as it was before issue 67 (the pace's "brisk" at 2.5x, other seats' steps at half length).

Targets (issue 67, "turns you can follow"): the median computer turn is shown for at least
the time its animations need (ratio >= 1), each of its steps at least 0.4 s on average, and
not so long that waiting drags (median <= 4 s).

    python bench/turn_pace.py [--turns 30] [--seed 7] [--before]
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

DT = 1 / 60
TARGET_RATIO = 1.0
TARGET_STEP_S = 0.4
TARGET_TURN_S = 4.0


def play(turns: int, seed: int, before: bool) -> list[tuple[float, float, int]]:
    """(seconds shown, animations' sum, steps) for each of `turns` computer turns."""
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SMLB_DATA_DIR", tempfile.mkdtemp(prefix="turn_pace"))
    from game.blanco.entry import BLANCO
    from game.blanco.rules import events as ev
    from game.blanco.ui.table.styles import DURATIONS, OFF_FOCUS
    from game.catalog import new_app
    from game.core.session import Seat
    from game.core.ui.settings import PACE_SPEEDS

    app = new_app()
    seats = [Seat("Ann"), Seat("Carol", "normal"), Seat("Dan", "normal")]
    table = app.ctx.nav.make("blanco.start_game", seats=seats, seed=seed)
    if before:
        table.pace_speeds = PACE_SPEEDS
        table.animator.off_focus = OFF_FOCUS
    bot = BLANCO.bots.make_bot("normal", seed, 0)
    clock = 0.0
    started: list[tuple[float, Any]] = []  # (clock, event) as each step starts
    last = None
    for _ in range(60 * 60 * 30):
        if table.human_turn() and not table.animator.busy:
            table.moves.apply(bot.choose(table.state.view_for(0), 0))
        elif table.turns.confirming is not None and not table.animator.busy:
            table.confirm_turn()
        if table.turns.thinking is not None:
            table.turns.wait_for_computer()
        app.step(DT)
        clock += DT
        current = table.animator.current
        if current is not None and current is not last:
            started.append((clock, current))
        last = current
        done = sum(1 for _, e in started if isinstance(e, ev.TurnStarted) and e.player != 0)
        if done > turns or table.state.is_terminal():
            break
    app.close()
    out: list[tuple[float, float, int]] = []
    marks = [i for i, (_, e) in enumerate(started) if isinstance(e, ev.TurnStarted)]
    for a, b in zip(marks, marks[1:], strict=False):
        seat = started[a][1].player
        if seat == 0:
            continue
        events = [e for _, e in started[a:b]]
        shown = started[b][0] - started[a][0]
        needed = sum(DURATIONS.get(type(e), 0.0) for e in events)
        steps = sum(isinstance(e, (ev.Drawn, ev.Played, ev.Discarded, ev.Swapped)) for e in events)
        out.append((shown, needed, max(1, steps)))
    return out[:turns]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--turns", type=int, default=30)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--before", action="store_true", help="the pace before issue 67")
    args = parser.parse_args(argv)
    turns = play(args.turns, args.seed, args.before)
    if not turns:
        print("no computer turn was played")
        return 1
    shown = statistics.median(s for s, _, _ in turns)
    needed = statistics.median(n for _, n, _ in turns)
    ratio = statistics.median(s / n for s, n, _ in turns if n)
    per_step = statistics.median(s / k for s, _, k in turns)
    label = "before issue 67" if args.before else "now"
    print(f"Blanco computer turns at the default pace ({label}), {len(turns)} turns, medians:")
    print(f"  shown per turn       {shown:5.2f} s  (target <= {TARGET_TURN_S:g} s)")
    print(f"  animations' sum      {needed:5.2f} s  (their designed lengths at speed 1)")
    ok = "meets" if ratio >= TARGET_RATIO else "MISSES"
    print(f"  shown / animations   {ratio:5.2f}    (target >= {TARGET_RATIO:g}: {ok})")
    ok = "meets" if per_step >= TARGET_STEP_S else "MISSES"
    print(f"  shown per step       {per_step:5.2f} s  (target >= {TARGET_STEP_S:g} s: {ok})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
