"""What naming things costs the frames that draw them: a text shortened to its place
(`TextCache._shorten`, each time a name or a label meets a new width), a text wrapped to its box
and a move log's rows (`TextCache.wrap`, `LogPanel.rows`: a table frame wraps each new log
line), and Blanco's card words (`game.blanco.ui.words`: the move log and the tooltips name cards
on every line).

Targets (issue 72):
    shorten_200k_ms        a 200,000-character name shortened to 120 px: median <= 5 ms (it
                           took 42.7 s when the head was cut a character at a time)
    shorten_name_ms        a 40-character name shortened to 120 px: median <= 5 ms
    wrap_ms                a new 60-word paragraph wrapped to 300 px at 18 px: median <= 1.5 ms
                           (each trial line was measured whole: ~3.6 ms)
    log_rows_ms            a 300-line move log's rows after one more line (a turn played,
                           the new line wrapped): median <= 1 ms
    log_frame_still_ms     the log panel's frame when nothing it shows changed: median <= 0.3 ms
    log_frame_line_ms      the log panel's frame after one more line (its rows move up one):
                           median <= 1.5 ms
    colour_word_us         one colour's word in the player's language: <= 5 µs
    card_name_us           one card's name: <= 5 µs
    log_line_names_us      the 120 cards' names a log line is checked against: <= 600 µs
                           (5 µs a name)

Each figure is the median of `--repeat` runs; each shortening run uses a text it has not
measured before (the measures the font remembers of whole texts do not help it), after a few
untimed runs (what it remembers of letter pairs, for the app's life, made). The card words
are timed in French (a language with a catalog), after one call has said them.

    python bench/text.py [--repeat 15] [--calls 20000] [--warm-up 10]
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import string
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

from game.blanco.rules.cards import ALL_CARDS  # noqa: E402
from game.blanco.ui.words import card_name, colour_word  # noqa: E402
from game.core import i18n  # noqa: E402
from game.core.ui.table.log_panel import LogPanel, Source  # noqa: E402
from game.core.ui.toolkit.text import TextCache  # noqa: E402

TARGET_SHORTEN_MS = 5.0
TARGET_WRAP_MS = 1.5
TARGET_LOG_ROWS_MS = 1.0
TARGET_LOG_STILL_MS = 0.3
TARGET_LOG_LINE_MS = 1.5
LOG_PLACE = (40, 520, 940, 186)  # the log below Lucky Box's cards at 1024x768
WRAP_WORDS, WRAP_SIZE, WRAP_WIDTH = 60, 18, 300
LOG_LINES = 300
TARGET_WORD_US = 5.0
TARGET_LINE_US = 120 * TARGET_WORD_US
SIZE, WIDTH = 20, 120


def shorten_ms(
    text: TextCache, make: Callable[[random.Random], str], repeat: int, warm_up: int
) -> float:
    """The median milliseconds of shortening `repeat` texts made by `make`, each new, after
    `warm_up` untimed (the font's measures of letter pairs, kept for the app's life, made)."""
    rng = random.Random(7)
    for _ in range(warm_up):
        text._shorten(make(rng), SIZE, WIDTH)
    times = []
    for _ in range(repeat):
        words = make(rng)
        start = time.perf_counter()
        text._shorten(words, SIZE, WIDTH)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def sentence(rng: random.Random, words: int) -> str:
    """`words` made-up words of 2 to 9 letters (a new text: nothing the caches remember)."""
    return " ".join(
        "".join(rng.choices(string.ascii_lowercase, k=rng.randint(2, 9))) for _ in range(words)
    )


def wrap_ms(text: TextCache, repeat: int, warm_up: int) -> float:
    """The median milliseconds of wrapping `repeat` new paragraphs, after `warm_up` untimed."""
    rng = random.Random(11)
    for _ in range(warm_up):
        text.wrap(sentence(rng, WRAP_WORDS), WRAP_SIZE, WRAP_WIDTH)
    times = []
    for _ in range(repeat):
        words = sentence(rng, WRAP_WORDS)
        start = time.perf_counter()
        text.wrap(words, WRAP_SIZE, WRAP_WIDTH)
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def log_rows_ms(text: TextCache, repeat: int) -> float:
    """The median milliseconds of a `LOG_LINES`-line log's rows after one more line (a turn
    played), as a table frame asks them."""
    rng = random.Random(13)
    lines = [(sentence(rng, 12), i % 4 == 0) for i in range(LOG_LINES)]
    place = pygame.FRect(0, 0, WRAP_WIDTH, 400)
    source = Source(lambda: (len(lines), list(lines)), lambda open_: place, lambda: ("", "", ""))
    panel = LogPanel(type("Port", (), {"ctx": type("Ctx", (), {"text": text})})(), source)
    panel.rows(WRAP_WIDTH)
    times = []
    for _ in range(repeat):
        lines.append((sentence(rng, 12), False))
        start = time.perf_counter()
        rows = panel.rows(WRAP_WIDTH)
        times.append((time.perf_counter() - start) * 1000)
        assert rows[-1][0].strip() in lines[-1][0]  # (the new line's rows are there)
    return statistics.median(times)


def log_frame_ms(text: TextCache, repeat: int) -> tuple[float, float]:
    """The median milliseconds of the log panel's frame on a table-sized screen: drawn again
    with nothing changed (a still frame), and drawn after one more line (a turn played)."""
    rng = random.Random(17)
    lines = [(sentence(rng, 9), i % 4 == 0) for i in range(LOG_LINES)]
    place = pygame.FRect(LOG_PLACE)
    source = Source(lambda: (len(lines), lines), lambda open_: place, lambda: ("Log", "Back", ""))
    panel = LogPanel(type("Port", (), {"ctx": type("Ctx", (), {"text": text})})(), source)
    screen = pygame.Surface((1024, 768))
    screen.fill((20, 90, 60))
    for _ in range(3):  # (the rows before the timed ones, rendered once)
        lines.append((sentence(rng, 9), False))
        panel.draw(screen)
    still, grown = [], []
    for _ in range(repeat):
        start = time.perf_counter()
        panel.draw(screen)
        still.append((time.perf_counter() - start) * 1000)
        lines = [*lines, (sentence(rng, 9), False)]  # (a game's log hands a new list)
        start = time.perf_counter()
        panel.draw(screen)
        grown.append((time.perf_counter() - start) * 1000)
    return statistics.median(still), statistics.median(grown)


def per_call_us(call: Callable[[int], object], arguments: list[int], calls: int) -> float:
    """Microseconds a call of `call` over `arguments` in turn, `calls` calls."""
    start = time.perf_counter()
    for i in range(calls):
        call(arguments[i % len(arguments)])
    return (time.perf_counter() - start) * 1e6 / calls


def median_us(
    call: Callable[[int], object], arguments: list[int], calls: int, repeat: int
) -> float:
    return statistics.median(per_call_us(call, arguments, calls) for _ in range(repeat))


def line(name: str, value: float, target: float, unit: str) -> str:
    verdict = "meets" if value <= target else "MISSES"
    return f"{name}: {value:.3f} (target <= {target:g} {unit}: {verdict})"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--calls", type=int, default=20_000)
    parser.add_argument("--warm-up", type=int, default=10, help="untimed shortenings first")
    args = parser.parse_args(argv)
    pygame.font.init()
    text = TextCache()

    def huge(rng: random.Random) -> str:
        return "".join(rng.choices(string.ascii_letters + " ", k=200_000))

    def name(rng: random.Random) -> str:
        return "".join(rng.choices(string.ascii_letters + " ", k=40))

    for figure, make in (("shorten_200k_ms", huge), ("shorten_name_ms", name)):
        ms = shorten_ms(text, make, args.repeat, args.warm_up)
        print(line(figure, ms, TARGET_SHORTEN_MS, "ms"))
    print(line("wrap_ms", wrap_ms(text, args.repeat, args.warm_up), TARGET_WRAP_MS, "ms"))
    print(line("log_rows_ms", log_rows_ms(text, args.repeat), TARGET_LOG_ROWS_MS, "ms"))
    still_ms, line_ms = log_frame_ms(text, args.repeat)
    print(line("log_frame_still_ms", still_ms, TARGET_LOG_STILL_MS, "ms"))
    print(line("log_frame_line_ms", line_ms, TARGET_LOG_LINE_MS, "ms"))

    i18n.set_language("fr")
    card_name(1)  # said once for the language: what every later call reads
    cards, colours = list(ALL_CARDS), list(range(10))
    calls, repeat = args.calls, args.repeat
    colour_us = median_us(colour_word, colours, calls, repeat)
    print(line("colour_word_us", colour_us, TARGET_WORD_US, "µs"))
    print(line("card_name_us", median_us(card_name, cards, calls, repeat), TARGET_WORD_US, "µs"))
    log_line_us = median_us(lambda _: [card_name(c) for c in cards], [0], calls // 120, repeat)
    print(line("log_line_names_us", log_line_us, TARGET_LINE_US, "µs"))
    i18n.set_language("en")
    return 0


if __name__ == "__main__":
    sys.exit(main())
