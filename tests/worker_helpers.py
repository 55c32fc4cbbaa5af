"""Stand-ins sent to the computer players' worker process. They travel by pickle, so they live
in a module the worker can import by the same name (`tests.worker_helpers`), not in a test
module (pytest imports those under a name of its own)."""

from __future__ import annotations


class ReportsTheCollector:
    """A stand-in bot (it travels to the worker by pickle): its "move" is the worker's garbage
    collector thresholds."""

    def choose(self, view: object, seat: int) -> tuple[int, ...]:
        import gc

        return gc.get_threshold()
