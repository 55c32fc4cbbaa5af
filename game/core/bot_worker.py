"""The computer players' process: `python -m game.core.bot_worker` answers moves on stdin/stdout.

Each message is a 4-byte big-endian length and a pickle. A job is (ticket, bot, state, seat);
the reply is (ticket, (action, bot), None) or (ticket, None, reason). None stops the worker.
Only the parent game writes to this pipe, so unpickling is safe. Never imports pygame: the
process stays small.
"""

from __future__ import annotations

import contextlib
import gc
import os
import pickle
import signal
import sys
import traceback
from typing import IO, Any

from game.core.game import Bot

HEADER = 4


def encode_message(message: object) -> bytes:
    """A message as it goes down the pipe: its length, then its pickle."""
    data = pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL)
    return len(data).to_bytes(HEADER, "big") + data


def write_message(stream: IO[bytes], message: object) -> None:
    stream.write(encode_message(message))
    stream.flush()


def read_message(stream: IO[bytes]) -> tuple[bool, Any]:
    """(True, message), or (False, None) when the stream has ended."""
    header = stream.read(HEADER)
    if len(header) < HEADER:
        return False, None
    size = int.from_bytes(header, "big")
    data = stream.read(size)
    if len(data) < size:
        return False, None
    return True, pickle.loads(data)


#: A job: (ticket, the bot, the seat's view, the seat); bots and views are the game's own.
Job = tuple[int, Bot, object, int]
#: A reply: (ticket, (the action chosen, the bot as it stands after) or None, the error or None).
Reply = tuple[int, tuple[object, Bot] | None, str | None]


def answer(job: Job) -> Reply:
    ticket, bot, state, seat = job
    try:
        return ticket, (bot.choose(state, seat), bot), None
    except Exception as err:  # the table falls back to a legal move
        # The whole traceback: the table logs it with the seat it failed for.
        return ticket, None, f"{type(err).__name__}: {err}\n{traceback.format_exc()}"


def yield_to_the_table() -> None:
    """Think as a batch job (Linux): a job's arrival then never preempts the table's frame.

    Writing a job wakes this process; as a normal process the scheduler let it take the CPU
    from the table at once on a busy machine, so the write stalled that frame by 1-7 ms (the
    table's slowest frames). A batch job gets the same share of the CPU, only later: it
    thinks as fast, and the table keeps its frame. Elsewhere (no such policy) nothing changes."""
    with contextlib.suppress(AttributeError, OSError):
        os.sched_setscheduler(0, os.SCHED_BATCH, os.sched_param(0))


#: The collector's thresholds while thinking (Python's own: 700, 10, 10).
THINKING_GC_THRESHOLDS = (500_000, 10, 20)


def collect_garbage_rarely() -> None:
    """The cyclic garbage collector less often: a bot's search makes and drops hundreds of
    thousands of small containers, nearly none in a cycle (reference counts free them), and
    at Python's thresholds a collection every 700 of them took 7-9% of the thinking time of
    Blanco's and Lucky Box's strongest bots (still 5% of Lucky Box Expert's at 50,000, none
    over 40 of its decisions at 500,000, with the same peak memory: what a collection would
    find is freed already). Cycles are still collected, later. The benchmarks think so too
    (bench/)."""
    gc.set_threshold(*THINKING_GC_THRESHOLDS)


def serve(inp: IO[bytes], out: IO[bytes]) -> None:
    """Answer jobs until the game closes the pipe. Ctrl-C in the terminal reaches this process
    too; the game ends it by closing the pipe, so the worker ignores SIGINT (no traceback)
    while it serves, and gives the old handler back when done: a process that served in its
    own thread (the tests do) would otherwise ignore Ctrl-C from then on, and so would every
    program it starts, since an ignored signal stays ignored across exec (a game started so
    played on through an early Ctrl-C)."""
    try:
        before = signal.signal(signal.SIGINT, signal.SIG_IGN)
    except (ValueError, OSError):  # not the main thread: nothing to ignore
        before = None
    try:
        while True:
            ok, job = read_message(inp)
            if not ok or job is None:
                return
            try:
                write_message(out, answer(job))
            except (BrokenPipeError, OSError):
                return
    finally:
        if before is not None:
            signal.signal(signal.SIGINT, before)


def serve_as_the_process(inp: IO[bytes], out: IO[bytes]) -> None:
    """The worker process's whole life, however it was started (`-m game.core.bot_worker`, or
    the frozen app's `--bot-worker`): think as a batch job, collect garbage rarely, serve.
    (`serve` alone also runs inside tests' own processes, which must keep their settings.)"""
    yield_to_the_table()
    collect_garbage_rarely()
    serve(inp, out)


if __name__ == "__main__":
    serve_as_the_process(sys.stdin.buffer, sys.stdout.buffer)
