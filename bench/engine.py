"""Engine benchmark: random legal solo games through the rules engine.

Lists the legal actions at every step (as the table and the bots do), picks one at random and
applies it; then the chance step (`advance()`: the next number, the round's end), which does
nothing until every seat is done. Prints each run's games per second, then the median beside
its target (at least 5,000 solo games a second on one core), and last `games_per_second: N`.

    python bench/engine.py [--games 1000] [--runs 7] [--players 1] [--quick]
    python bench/engine.py --baseline 0efb4a3 [--games 1000] [--runs 7]

The target is a multiple of a peer: a TypeScript engine of the same game on Node ran 514 random
solo games a second on the machine where this engine, as it stood at commit 0efb4a3 (the
commit that made this script end its games, before any work on the engine's speed), ran
2,443-2,573: 4.88 times the peer. 5,000 a second is 10 times the peer on that machine; this
machine kind's speed moves by a factor of two from day to day, so a figure in games a second
says as much about the day as about the engine. `--baseline REV` measures what does not move
with the day: this script plays the same games with the engine of commit REV (its `game/`
taken out of git into a temporary folder) and with this tree's, each in a process of its own,
warmed as a plain run's median run is (three runs of games first), both on one processor and
taking turns: bursts of a tenth of a run that alternate, the order swapped every burst. It
prints each run's ratio, the median ratio, and (for the default baseline) `peer_multiple: X`,
that ratio times 4.88, beside its target of 10. `--baseline HEAD` measures a change not yet
committed.
"""

from __future__ import annotations

import argparse
import io
import os
import random
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from math import floor
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
# Where `game/` is imported from: this tree, or (--engine-tree, for a baseline's run) another.
_tree = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--engine-tree=")), None)
sys.path.insert(0, _tree or str(ROOT))

from game.luckybox.rules import GameState  # noqa: E402

TARGET = 5000
# The peer measured against this engine as it stood at BASELINE: games a second of ours (the
# middle of 2,443-2,573) over the peer's 514, on the same machine.
BASELINE = "0efb4a3"
BASELINE_OVER_PEER = 2508 / 514
TARGET_PEER_MULTIPLE = 10.0


def play_random_game(seed: int, players: int, rng: random.Random | None = None) -> int:
    """One whole game; returns the number of actions applied. The picks come from `rng`, or
    from the seed when none is given."""
    # A pick by index: choice() costs more, and floor() less than int() (the same index)
    uniform = (rng or random.Random(seed)).random
    state, _ = GameState.new([f"P{i}" for i in range(players)], seed)
    legal_actions, apply = state.legal_actions, state.apply
    waiting_for, advance, is_terminal = state.waiting_for, state.advance, state.is_terminal
    while True:
        for player in waiting_for():  # each seat still to act acts once
            legal = legal_actions(player)
            if apply(legal[floor(uniform() * len(legal))]).refusal is not None:
                raise AssertionError(f"a listed action was refused: seed {seed}")
        # The chance step once every seat is done (without it the game never ends). It has no
        # events while a seat still has a bonus to resolve, or once the game is over: asking
        # it straight away saves asking waiting_for() again after most numbers.
        if not advance() and is_terminal():
            return len(state.actions)  # (the state lists every action applied: no count kept)


def run(games: int, players: int, first_seed: int) -> float:
    rng = random.Random(first_seed)  # one for the run's picks: seeding one a game costs more
    start = time.perf_counter()
    for seed in range(first_seed, first_seed + games):
        play_random_game(seed, players, rng)
    return games / (time.perf_counter() - start)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000, help="games per run")
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--quick", action="store_true", help="a few games, for the smoke test")
    parser.add_argument(
        "--baseline",
        metavar="REV",
        nargs="?",
        const=BASELINE,
        help=f"pair this engine with commit REV's, run by run (default {BASELINE})",
    )
    parser.add_argument("--engine-tree", help=argparse.SUPPRESS)  # a paired run's own tree
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # (and its mode)
    args = parser.parse_args(argv)
    if args.serve:
        return serve(args.games)
    if args.quick:
        args.games, args.runs = 20, 3
    if args.baseline:
        return paired(args.baseline, args.games, args.runs)
    run(5 if args.quick else 50, args.players, 10**6)  # warm-up: deck loading and caches
    rates = []
    for r in range(args.runs):
        rate = run(args.games, args.players, r * args.games)
        rates.append(rate)
        print(f"run {r + 1}: {rate:.0f} games/s")
    median = statistics.median(rates)
    verdict = (
        "not this run: the target is for solo games"
        if args.players != 1
        else "meets"
        if median >= TARGET
        else "MISSES"
    )
    print(
        f"median of {args.runs} runs, {args.players} player(s): {median:.0f} games/s "
        f"(target >= {TARGET} solo: {verdict})"
    )
    print(f"games_per_second: {median:.0f} (target >= {TARGET})")
    return 0


class Engine:
    """A process playing games with the engine imported from `tree`, warm (its tables filled),
    playing each burst it is asked for: bursts of the two engines alternate finely, so a
    machine speeding up or slowing down weighs on both alike."""

    def __init__(self, tree: Path, warmup: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, f"--engine-tree={tree}", "--serve", "--games", str(warmup)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )
        # Both engines on one processor: this machine's two run at different speeds from one
        # moment to the next, and a process mostly stays where it started, so unpinned, two
        # copies of one engine differed by 16% run after run; pinned, by 1-3%.
        if hasattr(os, "sched_setaffinity"):
            os.sched_setaffinity(self.process.pid, {min(os.sched_getaffinity(0))})

    def play(self, games: int, first_seed: int) -> float:
        """Seconds the process took for `games` solo games from `first_seed`."""
        assert self.process.stdin and self.process.stdout
        self.process.stdin.write(f"{games} {first_seed}\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().split()
        if not answer:
            raise SystemExit("engine.py: a paired engine's process ended early")
        # The request comes back with its answer: an answer to another request would mean the
        # two processes no longer take turns (they would be playing at the same time).
        if answer[:2] != [str(games), str(first_seed)]:
            raise SystemExit(f"engine.py: a paired engine answered {answer}, not the burst asked")
        return float(answer[2])

    def close(self) -> None:
        if self.process.stdin:
            self.process.stdin.close()
        self.process.wait()
        if self.process.stdout:
            self.process.stdout.close()


def serve(warmup: int) -> int:
    """A paired run's process: warm up (`warmup` games), then play each burst asked on stdin
    ("games seed"), answering with the request and the seconds it took."""
    run(warmup, 1, 10**6)  # the engine's tables filled, as in a long plain run
    for line in sys.stdin:
        games, first_seed = map(int, line.split())
        seconds = games / run(games, 1, first_seed) if games else 0.0
        print(games, first_seed, seconds, flush=True)
    return 0


def export(rev: str, into: Path) -> Path:
    """Commit `rev`'s `game/` folder (all its engine needs) written under `into`."""
    try:
        archive = subprocess.run(
            ["git", "-C", str(ROOT), "archive", "--format=tar", rev, "game"],
            capture_output=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError) as error:
        detail = getattr(error, "stderr", b"") or b""
        lines = detail.decode(errors="replace").strip().splitlines()
        reason = lines[-1] if lines else str(error)  # (git's own last line says what failed)
        raise SystemExit(f"engine.py: cannot take {rev}'s game/ out of git: {reason}") from None
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        if hasattr(tarfile, "data_filter"):  # (Python 3.11.4 on: members kept inside `into`)
            tar.extractall(into, filter="data")
        else:  # our own repository's archive
            tar.extractall(into)
    return into


def paired(rev: str, games: int, runs: int) -> int:
    """This engine against commit `rev`'s, run by run: the ratio of their games a second. Each
    run plays the same `games` games with both, in bursts of a tenth that alternate (the order
    swapped every burst: neither always goes first)."""
    with tempfile.TemporaryDirectory(prefix="engine-baseline-") as folder:
        base = export(rev, Path(folder))
        # Warmed as a plain run's median run is: after about three runs of games (the tables
        # this engine builds as it meets cards keep filling over the first few thousand).
        warmup = 3 * games
        engines = Engine(ROOT, warmup), Engine(base, warmup)
        try:
            for engine in engines:  # each answers once warm, one at a time
                engine.play(0, 0)
            ratios = []
            burst = max(1, games // 10)
            for r in range(runs):
                spent = [0.0, 0.0]
                for b, first in enumerate(range(r * games, (r + 1) * games, burst)):
                    count = min(burst, (r + 1) * games - first)
                    for i in (0, 1) if b % 2 else (1, 0):
                        spent[i] += engines[i].play(count, first)
                now, then = games / spent[0], games / spent[1]
                ratios.append(now / then)
                print(f"run {r + 1}: {now:.0f} games/s, {rev} {then:.0f}: x{now / then:.2f}")
        finally:
            for engine in engines:
                engine.close()
    ratio = statistics.median(ratios)
    print(f"median ratio of {runs} runs to {rev}'s engine: x{ratio:.2f}")
    print(f"speedup_over_{rev}: {ratio:.2f}")
    if rev == BASELINE:
        multiple = ratio * BASELINE_OVER_PEER
        verdict = "meets" if multiple >= TARGET_PEER_MULTIPLE else "MISSES"
        print(
            f"peer_multiple: {multiple:.1f} (target >= {TARGET_PEER_MULTIPLE:.0f}: {verdict}; "
            f"{rev}'s engine ran {BASELINE_OVER_PEER:.2f} times the peer)"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
