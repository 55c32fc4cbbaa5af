"""Computer players think in another process, so their thinking never stalls the frame rate
(a thread would hold the interpreter lock while the table draws).

The worker is `python -m game.core.bot_worker` on a pair of pipes (in a frozen app, the app itself
with `--bot-worker`: `game.core.paths.worker_command`). A pool from multiprocessing was
avoided on purpose: its management thread took the interpreter lock at moments of its own
choosing (late frames), and its spawn start adds a resource-tracker process (memory).
A small reader thread here sleeps in a blocking read and wakes once per answer.

A closed table's worker, when it is healthy and owes no answer, is kept for the next table
(`_spare`, one at most): a new one's first answer took 140 ms (0.17 CPU-s to start Python and
import the bots), a kept one's 1 ms. Workers hold nothing between jobs but the bots' bounded
memories of positions (a job carries its bot and view), so the answers are the same. The kept
one ends at exit (`close_spare`), or at the end of its pipe if the game dies.

A move asked for during a frame is sent once the frame is shown (`send_pending`, from
`App.finish_frame`): the write wakes the worker, and Linux may start it on the writer's own
CPU, which then stalled the frame for 1-4 ms (the slowest frames of a Blanco demo were those
that asked a move). After the frame, that only shortens the wait for the next one.
"""

from __future__ import annotations

import atexit
import contextlib
import logging
import queue
import subprocess
import threading
import weakref
from typing import TYPE_CHECKING

from game.core.bot_worker import Job, Reply, answer, encode_message, read_message

if TYPE_CHECKING:
    from game.core.game import Bot
from game.core.paths import ROOT, worker_command

log = logging.getLogger(__name__)
_peaks: list[float] = []  # each finished worker's peak memory, MB (for the frame benchmark)
_runners: weakref.WeakSet[BotRunner] = weakref.WeakSet()  # those send_pending() sends for


class _Worker:
    """A worker process with its reader thread and the queue that thread fills."""

    def __init__(
        self,
        command: tuple[str, ...],
        process: subprocess.Popen[bytes],
        reader: threading.Thread,
        replies: queue.SimpleQueue[Reply | None],
    ) -> None:
        self.command, self.process, self.reader, self.replies = command, process, reader, replies

    def alive(self) -> bool:
        return self.process.poll() is None and self.reader.is_alive()

    def end(self) -> None:
        """Close its pipe (the worker reads end-of-file and stops), wait, tidy the reader."""
        process = self.process
        with contextlib.suppress(BrokenPipeError, OSError, ValueError):
            assert process.stdin is not None
            process.stdin.close()
        try:
            process.wait(timeout=0.5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        # The worker has gone, so its reader reaches the end of the pipe: its end is closed
        # once nothing reads it (else the file is left to the garbage collector, unclosed).
        self.reader.join(timeout=1.0)
        if process.stdout is not None and not self.reader.is_alive():
            process.stdout.close()


_spare: list[_Worker] = []  # a closed table's healthy worker, for the next table


def _take_spare(command: tuple[str, ...]) -> _Worker | None:
    """The kept worker if it was started by `command` and still serves (else it ends)."""
    while _spare:
        worker = _spare.pop()
        if worker.command == command and worker.alive() and worker.replies.empty():
            return worker
        worker.end()
    return None


def close_spare() -> None:
    """End the kept worker, if any (at exit; tests that count processes call it too)."""
    while _spare:
        _spare.pop().end()


atexit.register(close_spare)


def send_pending() -> None:
    """Send every runner's moves asked for since the last call (the app calls it after each
    frame is shown)."""
    for runner in list(_runners):
        runner.send()


def thinking() -> bool:
    """Whether a computer's move is being thought about in a worker (asked, not yet answered)."""
    return any(runner._waiting for runner in list(_runners))


class Move:
    """A move being thought about: `done()` without blocking, then `result()`."""

    def __init__(self, runner: BotRunner | None, ticket: int) -> None:
        self._runner = runner
        self.ticket = ticket
        self._value: tuple[object, Bot] | None = None  # (the game's action, the bot after)
        self._error: str | None = None
        self._finished = False

    def settle(self, value: tuple[object, Bot] | None, error: str | None) -> None:
        self._value, self._error, self._finished = value, error, True

    def done(self) -> bool:
        if not self._finished and self._runner is not None:
            self._runner.send()  # not sent yet when no app ends frames (tests, tools)
            self._runner.collect()
        return self._finished

    def result(self) -> tuple[object, Bot]:
        """(action, bot after thinking); raises if the bot or its process failed."""
        if not self._finished and self._runner is not None:
            self._runner.send()
            self._runner.collect(wait_for=self)
        if self._error is not None or self._value is None:
            raise RuntimeError(self._error or "the computer player stopped")
        return self._value


class BotRunner:
    """Runs `bot.choose` in a worker process; falls back to the caller's process if it must."""

    def __init__(self) -> None:
        self._worker: _Worker | None = None
        self._replies: queue.SimpleQueue[Reply | None] = queue.SimpleQueue()
        self._broken = False
        self._ticket = 0
        self._waiting: dict[int, Move] = {}
        #: Moves asked for but not yet written to the worker: (move, job, the job's bytes).
        self._outbox: list[tuple[Move, Job, bytes]] = []
        self._said_unsendable = False  # a bot that cannot be sent to the worker was reported
        _runners.add(self)

    @property
    def worker_pid(self) -> int | None:
        return self._worker.process.pid if self._worker is not None else None

    def submit(self, bot: Bot, state: object, seat: int) -> Move:
        self._ticket += 1
        job = (self._ticket, bot, state, seat)
        if not self._broken:
            try:
                data = encode_message(job)  # now: the state as it is when asked
            except Exception as err:  # this bot cannot travel (a defect): it thinks here
                if not self._said_unsendable:  # once, not at every move
                    log.warning("a computer player thinks in-process: %s", err)
                    self._said_unsendable = True
            else:
                try:
                    self._start()
                except Exception as err:  # no processes here (sandbox): inline from now on
                    log.warning("bots will think in-process: %s", err)
                    self._give_up()
                else:
                    move = Move(self, self._ticket)
                    self._waiting[self._ticket] = move
                    self._outbox.append((move, job, data))
                    return move
        move = Move(None, self._ticket)
        _ticket, value, error = answer(job)
        move.settle(value, error)
        return move

    def send(self) -> None:
        """Write the moves asked for since the last send to the worker. If it cannot take
        them (gone), they are thought about here and later moves too, as at `submit`."""
        outbox, self._outbox = self._outbox, []
        if not outbox:
            return
        try:
            process = self._worker.process if self._worker is not None else None
            if process is None or process.stdin is None:
                raise RuntimeError("the worker was closed")
            for _move, _job, data in outbox:
                process.stdin.write(data)
            process.stdin.flush()
        except Exception as err:
            log.warning("bots will think in-process: %s", err)
            for move, _job, _data in outbox:
                self._waiting.pop(move.ticket, None)
            self._give_up()
            for move, job, _data in outbox:
                _ticket, value, error = answer(job)
                move.settle(value, error)

    def _start(self) -> _Worker:
        if self._worker is not None:
            return self._worker
        command = tuple(worker_command())
        worker = _take_spare(command)
        if worker is None:
            process = subprocess.Popen(
                command,
                cwd=ROOT,
                creationflags=getattr(subprocess, "CREATE_NO_WINDOW", 0),  # no console on Windows
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
            )
            replies: queue.SimpleQueue[Reply | None] = queue.SimpleQueue()
            reader = threading.Thread(
                target=self._read, args=(process, replies), daemon=True, name="smlb-bot-replies"
            )
            reader.start()
            worker = _Worker(command, process, reader, replies)
        self._worker, self._replies = worker, worker.replies
        return worker

    @staticmethod
    def _read(process: subprocess.Popen[bytes], replies: queue.SimpleQueue[Reply | None]) -> None:
        """In the reader thread: queue each reply; a final None says the worker has gone."""
        assert process.stdout is not None
        try:
            while True:
                ok, reply = read_message(process.stdout)
                if not ok:
                    break
                replies.put(reply)
        except Exception as err:
            log.warning("the bots' process sent something unreadable: %s", err)
        replies.put(None)

    def collect(self, wait_for: Move | None = None) -> None:
        """Settle the moves whose answers have come (waiting for one move if asked)."""
        while True:
            block = wait_for is not None and not wait_for._finished
            try:
                reply = self._replies.get(block=block, timeout=5.0 if block else None)
            except queue.Empty:
                if block:  # a worker this slow is stuck: stop waiting for it
                    self._give_up()
                return
            if reply is None:
                self._give_up()
                return
            ticket, value, error = reply
            move = self._waiting.pop(ticket, None)
            if move is not None:
                move.settle(value, error)

    def _give_up(self) -> None:
        """The worker is gone or stuck: its moves fail (the table plays a legal move) and
        later moves are thought about in this process."""
        if not self._broken:
            log.warning("the computer players' process stopped; thinking in-process")
        self._broken = True
        for move in self._waiting.values():
            move.settle(None, "the computer players' process stopped")
        self._waiting.clear()
        self.close()

    def close(self) -> None:
        self._outbox.clear()  # the table is going: nobody waits for these
        worker, self._worker = self._worker, None
        if worker is None:
            return
        peak = _process_peak_mb(worker.process.pid)
        if peak is not None:
            _peaks.append(peak)
        # Kept for the next table only when no answer is on its way (its tickets would be
        # taken for the next table's) and it still serves; one at most.
        if not self._broken and not self._waiting and worker.alive() and worker.replies.empty():
            close_spare()
            _spare.append(worker)
        else:
            worker.end()


def _process_peak_mb(pid: int) -> float | None:
    """A live process's peak resident memory after it started (Linux's VmHWM), in MB."""
    try:
        with open(f"/proc/{pid}/status", encoding="ascii") as status:
            for line in status:
                if line.startswith("VmHWM:"):
                    return int(line.split()[1]) / 1024
    except (OSError, ValueError):
        pass
    return None


def worker_peak_mb() -> float | None:
    """The largest peak memory of the bot workers closed so far; None if unknown."""
    return max(_peaks) if _peaks else None
