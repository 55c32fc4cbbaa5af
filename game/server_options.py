"""The online server's command-line settings (`--serve`): which options there are, what
values each takes (one line, argparse's, for any other), and the server's limits they set.
game/cli.py lists them under SERVER_HEADING in its parser and refuses them without --serve."""

from __future__ import annotations

import argparse
import math
from typing import TYPE_CHECKING, Any

from game.core.safe_json import printable

if TYPE_CHECKING:
    from game.online.limits import Limits

#: Options that only mean something for --serve: refused without it.
SERVE_ONLY = (
    ("--host", "host"),
    ("--port", "port"),
    ("--db", "db"),
    ("--rate-limit", "rate_limit"),
    ("--cert", "cert"),
    ("--key", "key"),
    ("--chosen-seeds", "chosen_seeds"),
    ("--announce", "announce"),
)
HOST, PORT = "127.0.0.1", 8765  # --serve's defaults
#: The heading of the server's settings: listed by `--serve --help`, left out of `--help`
#: (two dozen settings a player never needs, among the options to play).
SERVER_HEADING = "Server (with --serve)"
RATE_LIMITS = (1, 100_000)  # --rate-limit's range (the protocol's `rate` holds the same)


def add_server_options(group: argparse._ActionsContainer) -> None:
    """--serve's options, each limit of the server's among them, into the server's group."""
    group.add_argument("--host", default=None, help=f"serve: the address to listen on ({HOST})")
    group.add_argument(
        "--port", type=port_number, default=None, help=f"serve: the port (0: any free; {PORT})"
    )
    group.add_argument("--db", metavar="URL", help="serve: the database (default: data folder)")
    group.add_argument(
        "--rate-limit",
        metavar="N",
        type=rate_limit,
        help=f"serve: messages a second one connection may send, bursts of twice that "
        f"({RATE_LIMITS[0]}-{RATE_LIMITS[1]}; 30)",
    )
    group.add_argument(
        "--cert", metavar="FILE", help="serve: wss:// with this TLS certificate (PEM; with --key)"
    )
    group.add_argument("--key", metavar="FILE", help="serve: the certificate's private key (PEM)")
    group.add_argument(
        "--chosen-seeds",
        action="store_true",
        default=None,
        help="serve: a private server: a client may choose any table's seed (everyone there "
        "trusts the host; without it only a host alone with computers may)",
    )
    group.add_argument(
        "--announce",
        action="store_true",
        default=None,
        help="serve: announce the tables with a free seat on the local network (mDNS), so "
        "the Join screen of friends nearby lists them",
    )
    add_limit_options(group)


def server_options_given(args: argparse.Namespace) -> list[str]:
    """The server's options set on this command line (refused without --serve)."""
    given = [flag for flag, dest in SERVE_ONLY if getattr(args, dest) is not None]
    given += [flag for flag, dest in limit_options() if getattr(args, dest) not in (None, False)]
    return given


def whole_number(text: str, low: int, high: int) -> int:
    """`text` as a whole number from `low` to `high`, else argparse's one-line refusal."""
    try:
        number = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{printable(text[:30])!r} is not a whole number"
        ) from None
    if not low <= number <= high:
        raise argparse.ArgumentTypeError(
            f"{printable(text[:30])!r} is out of range (from {low} to {high})"
        )
    return number


def rate_limit(text: str) -> int:
    """--rate-limit: a whole number of messages a second, within RATE_LIMITS."""
    return whole_number(text, *RATE_LIMITS)


def limit_options() -> list[tuple[str, str]]:
    """The server's limits' options (game/online/limits.py), as (flag, dest)."""
    import dataclasses

    from game.online.limits import Limits

    return [(f.metadata["option"], f"limit_{f.name}") for f in dataclasses.fields(Limits)]


def add_limit_options(parser: argparse._ActionsContainer) -> None:
    """One `--serve` option per limit of the server (docs/PROTOCOL.md, "Limits"), each
    saying its default."""
    import dataclasses

    from game.online.limits import Limits

    defaults = Limits()
    for f in dataclasses.fields(Limits):
        option, what, unit = f.metadata["option"], f.metadata["help"], f.metadata["unit"]
        if f.type in (bool, "bool"):
            parser.add_argument(
                option, dest=f"limit_{f.name}", action="store_true", help=f"serve: {what}"
            )
            continue
        if f.metadata["many"]:  # (given again for each value: --trusted-proxy)
            parser.add_argument(
                option,
                dest=f"limit_{f.name}",
                action="append",
                metavar="ADDR",
                type=limit_network,
                help=f"serve: {what}",
            )
            continue
        default = getattr(defaults, f.name) if f.name != "thinking" else "the CPUs"
        shown = f"{default:g}" if isinstance(default, float) else str(default)
        parser.add_argument(
            option,
            dest=f"limit_{f.name}",
            metavar="N",
            type=limit_number if f.type in (int, "int") else limit_amount,
            help=f"serve: {what} ({shown}{' ' + unit if unit else ''})",
        )


def server_limits(args: argparse.Namespace) -> Limits:
    """The server's limits (limits.Limits) as --serve's options set them."""
    import dataclasses

    from game.online.limits import Limits

    given: dict[str, Any] = {
        f.name: getattr(args, f"limit_{f.name}")
        for f in dataclasses.fields(Limits)
        if getattr(args, f"limit_{f.name}") not in (None, False)
    }
    many: dict[str, Any] = {k: tuple(v) for k, v in given.items() if isinstance(v, list)}
    return Limits(**{**given, **many})


def limit_number(text: str) -> int:
    """A limit that counts: a whole number from 1 (up to a million)."""
    return whole_number(text, 1, 1_000_000)


def limit_network(text: str) -> str:
    """A trusted proxy: an address or a range of addresses (limits.proxy_network)."""
    from game.online.limits import proxy_network

    try:
        return proxy_network(text)
    except ValueError as err:
        raise argparse.ArgumentTypeError(printable(str(err))) from None


def limit_amount(text: str) -> float:
    """A limit in seconds or days: a finite number above 0."""
    try:
        amount = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{printable(text[:30])!r} is not a number") from None
    if not (math.isfinite(amount) and 0 < amount <= 1e9):
        raise argparse.ArgumentTypeError(f"{printable(text[:30])!r} is not a number above 0")
    return amount


def port_number(text: str) -> int:
    """--port: 0 (any free port) to 65535."""
    return whole_number(text, 0, 65535)
