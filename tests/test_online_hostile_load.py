"""The load check of the hostile suite: an honest 3-seat table keeps its move round trip under
100 ms at the 95th percentile while one player floods the server at its limits, from other
addresses of 127.0.0.0/8 (connections: all one address may hold and more; tables of eleven
Hard computers: all one address may open and more; bad codes until cut off; watches at the rate
limit). The server is `main.py --serve` with its own limits (bench/abuse.py, whose figures go
to docs/measurements.md, measures the same at length)."""

from __future__ import annotations

import asyncio
from pathlib import Path

from tests.bench_helpers import bench_module

abuse = bench_module("abuse")


def test_an_honest_table_keeps_its_pace_while_one_address_floods_at_the_limits(
    tmp_path: Path,
) -> None:
    with abuse.served(tmp_path, "flood", []) as url:
        times, figures = asyncio.run(asyncio.wait_for(abuse.flooded_round_trips(url, 40), 150))
    assert figures["connections_refused"] == 20  # the flood reached the limits...
    assert figures["tables_refused"] == 2
    assert len(times) == 40  # ...and the honest table played on
    assert abuse.percentile(times, 0.95) < 0.100
