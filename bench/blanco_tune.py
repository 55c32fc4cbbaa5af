"""Self-play tuning of Blanco's Hard bot: variants of its weights compared on the same seeds.

    python bench/blanco_tune.py [--mode solo|vs] [--games N] [--jobs 2] VARIANT [VARIANT ...]

A VARIANT is `name` or `name:key=value,key=value`, where each key is a `Params` field
(`k_draw`, `reveal`, ...) or a bot attribute (`sample`, `feed_cost`, Expert's `margin`, ...);
`base` (or any other name) is Hard as it is, `easy`, `normal`, `hard` and `expert` the levels
(`normal:swap_margin=0.15` a changed Normal, `expert:margin=0.1` a changed Expert).
`--against VARIANT` sets the three other seats of a vs game (default `normal`). Every variant
plays the same seeds (paired, so the differences are far less noisy than the figures): solo,
the mean turns to finish (lower is better); vs, the share of 4-player games won against the
three other seats, the seat rotated with the seed (higher is better). Seeded and
deterministic: the same command prints the same figures.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import argparse  # noqa: E402
import math  # noqa: E402
from multiprocessing import Pool  # noqa: E402
from typing import Any  # noqa: E402

from game.blanco.ai import LEVELS, make_bot  # noqa: E402
from game.blanco.ai.bots import NormalBot  # noqa: E402
from game.blanco.ai.model import Params  # noqa: E402
from game.blanco.rules import BlancoState  # noqa: E402

CAP = 600


def parse(spec: str) -> tuple[str, dict[str, Any]]:
    name, _, rest = spec.partition(":")
    out: dict[str, Any] = {}
    for item in filter(None, rest.split(",")):
        key, _, raw = item.partition("=")
        value: Any
        if raw in ("True", "False"):
            value = raw == "True"
        else:
            try:
                value = int(raw)
            except ValueError:
                value = float(raw)
        out[key] = value
    return spec, out


def build(spec: str, overrides: dict[str, Any], seed: int, seat: int) -> Any:
    level = spec.partition(":")[0]
    bot = make_bot(level if level in LEVELS else "hard", seed, seat)
    fields = {k: v for k, v in overrides.items() if k in Params._fields}
    if fields:
        if not isinstance(bot, NormalBot):  # Easy has no evaluator, so no Params to change
            raise SystemExit(f"{level} has no Params to set")
        bot.params = bot.params._replace(**fields)
    for k, v in overrides.items():
        if k not in Params._fields:
            if not hasattr(bot, k):
                raise SystemExit(f"unknown setting {k!r}")
            setattr(bot, k, v)
    return bot


def game(
    args: tuple[str, dict[str, Any], int, int, tuple[str, dict[str, Any]]],
) -> tuple[str, int, float]:
    """(variant, seed, result): solo turns, or 1.0 when the variant's seat won a 4-player game
    against three seats of the `--against` variant (Normal unless told)."""
    spec, overrides, seed, players, (other, other_ov) = args
    seat = seed % players
    state, _ = BlancoState.new([f"P{i}" for i in range(players)], seed)
    bots = [
        build(spec, overrides, seed, i) if i == seat else build(other, other_ov, seed, i)
        for i in range(players)
    ]
    while not state.is_terminal():
        who = state.waiting_for()[0]
        if state.players[who].turns >= CAP:
            break
        out = state.apply(bots[who].choose(state.view_for(who), who))
        if not out.ok:
            raise RuntimeError(out.refusal)
    if players == 1:
        return spec, seed, float(state.players[0].turns)
    return spec, seed, float(state.winner == seat)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    ap.add_argument("variants", nargs="*", default=["base"])
    ap.add_argument("--mode", choices=("solo", "vs"), default="solo")
    ap.add_argument("--games", type=int, default=60)
    ap.add_argument("--first-seed", type=int, default=1000)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--against", default="normal", help="the three other seats' variant (vs)")
    args = ap.parse_args(argv)
    players = 1 if args.mode == "solo" else 4
    variants = [parse(v) for v in args.variants]
    seeds = range(args.first_seed, args.first_seed + args.games)
    against = parse(args.against)
    tasks = [(spec, ov, s, players, against) for s in seeds for spec, ov in variants]
    with Pool(max(1, args.jobs)) as pool:
        res = pool.map(game, tasks, chunksize=1)
    by: dict[str, dict[int, float]] = {}
    for spec, seed, value in res:
        by.setdefault(spec, {})[seed] = value
    first = variants[0][0]
    for spec, _ in variants:
        vals = [by[spec][s] for s in seeds]
        mean = sum(vals) / len(vals)
        diffs = [by[spec][s] - by[first][s] for s in seeds]
        d = sum(diffs) / len(diffs)
        var = sum((x - d) ** 2 for x in diffs) / max(1, len(diffs) - 1)
        se = math.sqrt(var / len(diffs))
        print(
            f"{spec}: {mean:.3f}  (vs {first}: {d:+.3f} +- {se:.3f}; no target: "
            f"{'lower' if players == 1 else 'higher'} is better)",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    from game.core.pipes import run_for_a_reader  # `| head` ends it quietly

    sys.exit(run_for_a_reader(main))
