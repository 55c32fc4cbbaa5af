"""Super Mega Lucky Box: start the game, or check game records headlessly."""

from __future__ import annotations

import argparse
import sys


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Super Mega Lucky Box")
    parser.add_argument("--check-record", nargs="+", metavar="PATH", help="replay records")
    args = parser.parse_args(argv)
    if args.check_record:
        from game.record import check_records_cli

        return check_records_cli(args.check_record)
    print("The table is coming soon.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
