"""Starting the windowed game: normal play, and the demo mode for watching and measuring."""

from __future__ import annotations

import contextlib
import os
import signal
import sys
import time
from collections.abc import Iterator, Sequence
from pathlib import Path
from types import FrameType
from typing import Any

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from game.core import interrupts  # noqa: E402
from game.core.seat_names import default_name  # noqa: E402
from game.core.session import Seat  # noqa: E402
from game.core.storage import write_json_atomic  # noqa: E402
from game.core.ui.app import FPS, App  # noqa: E402
from game.core.ui.context import GameConfig  # noqa: E402
from game.core.ui.game_ui.descriptor import GameUI  # noqa: E402

DEFAULT_BOT = "normal"


def seats_from(config: GameConfig) -> list[Seat]:
    """The setup screen's choices as seats (computers play at the chosen or default level)."""
    seats = []
    for entry in config.seats:
        name, computer = entry[0], entry[1]
        level = entry[2] if len(entry) > 2 else DEFAULT_BOT
        seats.append(Seat(name, level if computer else "human"))
    return seats


@contextlib.contextmanager
def stop_on_signals(app: App) -> Iterator[None]:
    """Ctrl-C (SIGINT) and SIGTERM end the game as closing the window does: the loop stops,
    every scene's exit hook saves, and the process exits 0 without a traceback."""

    def stop(_signum: int, _frame: FrameType | None) -> None:
        app.running = False

    old = {}
    for name in ("SIGINT", "SIGTERM"):
        number = getattr(signal, name, None)
        if number is not None:
            with contextlib.suppress(ValueError, OSError):  # not the main thread
                old[number] = signal.signal(number, stop)
    if interrupts.take():  # a Ctrl-C while starting whose exception went astray
        app.running = False
    try:
        yield
    finally:
        for number, handler in old.items():
            signal.signal(number, handler)


def play(games: Sequence[GameUI], window: tuple[int, int] | None = None) -> int:
    """Open the title screen on an app holding `games` (the catalog's)."""
    app = App(window=window, games=games)
    try:
        with stop_on_signals(app):
            app.run(app.ctx.nav.make("title"))
    finally:
        app.close()
    return 0


def peak_rss_mb() -> float:
    """The game's peak memory: its own process plus the computer players' worker.

    The worker's figure is its own peak after it started (from /proc); the children's rusage
    would also count the game's pages the worker briefly shared before it ran Python."""
    try:
        import resource  # POSIX only; the figure is for benchmarks, not play
    except ImportError:
        return 0.0
    from game.core.botrunner import worker_peak_mb  # (not at start-up: the title has no bots)

    own = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    worker = worker_peak_mb()
    if worker is None:
        worker = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss / 1024
    return own + worker


def demo(
    games: Sequence[GameUI],
    players: int = 4,
    seed: int = 1,
    speed: float = 1.0,
    bot: str = DEFAULT_BOT,
    exit_when_done: bool = False,
    save_record: str | None = None,
    frame_stats: str | None = None,
    started: float | None = None,
    max_frames: int | None = None,
    game: str | None = None,
    window: tuple[int, int] | None = None,
    daily: str | None = None,
) -> int:
    """Play a whole game with computer seats and every animation, on an app holding `games`
    (`game`: which one's id, the first when None; `window`: the window's size; `daily`: the
    date whose daily deal `seed` is, written into the record)."""
    started = started if started is not None else time.perf_counter()
    app = App(window=window, games=games)
    ctx = app.ctx
    ctx.settings.animation_speed = speed  # for this run only: settings are not saved here
    # Named as a set-up names its computers ("Computer 1", "Ordinateur 1"), in the language
    # the demo speaks.
    seats = [Seat(default_name(i, computer=True), bot) for i in range(players)]

    failed: list[str] = []  # one line per file that could not be written (a full disk)

    def write_or_say(path: str, obj: object) -> None:
        try:
            write_json_atomic(Path(path), obj)
        except OSError as err:
            failed.append(f"cannot write {path}: {err.strerror or err}")
            print(failed[-1], file=sys.stderr)

    result: list[str] = []  # the demo's last line, once the game is over

    def game_over(session) -> None:
        result.append(result_line(session))
        if save_record:
            write_or_say(save_record, session.record())

    route = f"{game or games[0].id}.start_game"
    scene = ctx.nav.make(route, seats=seats, seed=seed, demo=True, on_game_over=game_over)
    scene.exit_when_done = exit_when_done
    scene.session.daily = daily
    errors = app.errors
    frames: list[float] = []
    startup_ms = None
    try:
        with stop_on_signals(app):
            last = time.perf_counter()
            while app.running:
                now = time.perf_counter()
                # (the test hook SMLB_NO_FRAME_WAIT: every frame stands for 1/FPS, no sleep)
                dt = min(now - last, 0.1) if app.waits_for_frames else 1 / FPS
                last = now
                t0 = time.perf_counter()
                alive = app.step(dt)
                frames.append((time.perf_counter() - t0) * 1000)
                if startup_ms is None:
                    startup_ms = (time.perf_counter() - started) * 1000
                if not alive or (max_frames and len(frames) >= max_frames):
                    break
                app.finish_frame()  # as App.run: after the frame, before the wait
                app.wait_for_frame()
    finally:
        app.close()
    if frame_stats:
        import statistics  # (not at start-up: only a demo's frame figures need it)

        ordered = sorted(frames)
        stats = {
            "frames": len(frames),
            "frame_ms_p50": round(statistics.median(ordered), 3) if ordered else 0,
            "frame_ms_p99": round(ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))], 3)
            if ordered
            else 0,
            "startup_ms": round(startup_ms or 0, 1),
            "peak_rss_mb": round(peak_rss_mb(), 1),
        }
        write_or_say(frame_stats, stats)
    for tb in errors:
        print(tb, file=sys.stderr)
    title = next((g.game.title for g in games if g.game.id == (game or games[0].id)), "")
    print(result[-1] if result else f"{title}, seed {seed}: stopped before the end")
    return 1 if errors or failed else 0


def result_line(session: Any) -> str:
    """The demo's last line: the game, its seed and each seat's score (cards left and turns
    where the game counts them), then the winner: "Blanco, seed 7: Computer 1 0 cards left in
    12 turns, ...; winner Computer 1". Read through the game's own `record_scores`, so it says
    what Replays and Statistics say."""
    game = session.game
    names = [seat.name for seat in session.seats]
    scores = game.rules.record_scores(game.rules.summary(session.state), len(names)) or {}
    totals, turns = scores.get("totals", []), scores.get("turns", [])
    parts = []
    for i, name in enumerate(names):
        if i < len(turns):
            parts.append(f"{name} {totals[i]} cards left in {turns[i]} turns")
        elif i < len(totals):
            parts.append(f"{name} {totals[i]}")
    winners = [names[i] for i in scores.get("winners", []) if 0 <= i < len(names)]
    line = f"{game.title}, seed {session.seed}: {', '.join(parts)}"
    if len(names) > 1 and winners:
        line += f"; winner {' and '.join(winners)}"
    return line
