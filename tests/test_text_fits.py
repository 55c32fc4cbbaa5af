"""Every text, in every language, at the size it is shown, fits where it is drawn.

The scenes are drawn for real (title of both games, settings, pause, both set-ups, replays,
statistics, hand-off, a dialog, How to play's pages, Lucky Box's draft and table, Blanco's
table) in English, French and German, while the shared text cache watches every text drawn:

* a text fitted to a width (buttons, toggles, choices, settings rows, titles) must really fit
  it, at a size still readable (a label never shrinks below MIN_SIZE px);
* a wrapped text has no line wider than its box;
* a centred text lies inside the screen;
* in French and German, no English text is drawn (a literal left outside `t`).
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import json
import os
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pygame
import pytest

from game.core import i18n
from game.core.session import Seat
from game.core.ui.screens.dialog import ConfirmDialog
from game.core.ui.screens.handoff import HandoffScene
from game.core.ui.toolkit.layout import LOGICAL_SIZE
from game.core.ui.toolkit.text import TextCache
from tests.sweep import sampled
from tests.ui_helpers import frames, press, screenshot, seen

MIN_SIZE = 14  # px: below this a label is no longer comfortable to read
SLACK = 2  # px of rounding in widths measured against layout floats
LONG_NAME = "Maximilian"  # a name as long as players type


class Watch:
    """What the text cache was asked to draw, and what did not fit."""

    def __init__(self) -> None:
        self.problems: list[str] = []
        self.scene = ""
        self.checked = 0

    def bad(self, what: str) -> None:
        line = f"[{i18n.language()}] {self.scene}: {what}"
        if line not in self.problems:
            self.problems.append(line)

    def english(self, text: str) -> None:
        """A text drawn in English while another language is in use: a literal left over."""
        if i18n.language() != "en" and text in english_only():
            self.bad(f"{text!r} is drawn in English")


def english_only() -> frozenset[str]:
    """The English of every message whose translation (in the language now in use) differs."""
    lang = i18n.language()
    if lang not in _ENGLISH:
        found = set()
        for key, (english, plural) in _messages().items():
            if plural:
                continue
            if i18n.t(key, english) != english and len(english) > 3 and "{" not in english:
                found.add(english)
        _ENGLISH[lang] = frozenset(found)
    return _ENGLISH[lang]


_ENGLISH: dict[str, frozenset[str]] = {}
#: Where the messages extracted from the code are kept between runs (git-ignored).
_KEPT = Path(__file__).resolve().parent.parent / ".pytest_cache" / "smlb" / "messages.json"


@functools.cache
def _messages() -> dict[str, tuple[str, bool]]:
    """Every message in the code: key -> (its English, plural?). The same in every language:
    read once per run, and kept between runs for as long as no file of the code changes
    (extracting them parses every module: about a CPU-second a worker)."""
    tool = _tool()
    sources = sorted(tool.SOURCE_DIR.rglob("*.py")) + [Path(tool.__file__)]
    stamp = hashlib.sha256(
        repr([(str(p), p.stat().st_mtime_ns, p.stat().st_size) for p in sources]).encode()
    ).hexdigest()
    with contextlib.suppress(OSError, ValueError, KeyError, TypeError):
        kept = json.loads(_KEPT.read_text(encoding="utf-8"))
        if kept["stamp"] == stamp:
            return {
                key: (english, bool(plural)) for key, (english, plural) in kept["messages"].items()
            }
    messages = {key: (m.english, bool(m.plural)) for key, m in tool.extract().items()}
    with contextlib.suppress(OSError):
        _KEPT.parent.mkdir(parents=True, exist_ok=True)
        temporary = _KEPT.with_name(f"messages.{os.getpid()}.tmp")
        temporary.write_text(json.dumps({"stamp": stamp, "messages": messages}), encoding="utf-8")
        temporary.replace(_KEPT)  # whole, even with two workers writing it at once
    return messages


def _tool() -> Any:
    import importlib.util
    import sys
    from pathlib import Path

    path = Path(__file__).resolve().parent.parent / "tools" / "i18n.py"
    spec = importlib.util.spec_from_file_location("i18n_tool", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["i18n_tool"] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture
def watch(monkeypatch: pytest.MonkeyPatch) -> Iterator[Watch]:
    seen = Watch()
    fit_size, wrap, blit = TextCache.fit_size, TextCache.wrap, TextCache.blit_centered
    render, outlined = TextCache.render, TextCache.render_outlined

    def checked_render(self: TextCache, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        seen.english(text)
        return render(self, text, *args, **kwargs)

    def checked_outlined(self: TextCache, text: str, *args: Any, **kwargs: Any) -> pygame.Surface:
        seen.english(text)
        return outlined(self, text, *args, **kwargs)

    def checked_fit(
        self: TextCache, text: str, size: int, max_width: float, min_size: int = 12
    ) -> int:
        got = fit_size(self, text, size, max_width, min_size)
        seen.checked += 1
        width = self.font(got).size(text)[0]
        if width > max_width + SLACK:
            seen.bad(f"{text!r} is {width}px at {got}px, wider than its {max_width:.0f}px")
        elif got < min(size, MIN_SIZE):
            seen.bad(f"{text!r} shrinks to {got}px to fit {max_width:.0f}px")
        return got

    def checked_wrap(self: TextCache, text: str, size: int, max_width: float) -> list[str]:
        lines = wrap(self, text, size, max_width)
        seen.checked += 1
        for line in lines:
            width = self.font(size).size(line)[0]
            if width > max_width + SLACK:
                seen.bad(f"wrapped line {line!r} is {width}px, wider than {max_width:.0f}px")
        return lines

    def checked_blit(
        self: TextCache, surface: pygame.Surface, text: str, *args: Any, **kwargs: Any
    ) -> pygame.Rect:
        rect = blit(self, surface, text, *args, **kwargs)
        seen.checked += 1
        words = any(ch.isalpha() for ch in text)  # not the digits drifting over the title
        if (
            words
            and surface.get_size() == LOGICAL_SIZE
            and not surface.get_rect().inflate(2 * SLACK, 2 * SLACK).contains(rect)
        ):
            seen.bad(f"{text!r} drawn at {tuple(rect)}, off the screen")
        return rect

    monkeypatch.setattr(TextCache, "fit_size", checked_fit)
    monkeypatch.setattr(TextCache, "render", checked_render)
    monkeypatch.setattr(TextCache, "render_outlined", checked_outlined)
    monkeypatch.setattr(TextCache, "wrap", checked_wrap)
    monkeypatch.setattr(TextCache, "blit_centered", checked_blit)
    monkeypatch.setenv("SMLB_NO_FIRST_TIME", "1")
    yield seen
    i18n.set_language("en")


def show(app: Any, watch: Watch, name: str, scene: Any, n: int = 3, shot: bool = False) -> Any:
    """Put `scene` alone on the stack and draw it a few frames (animations settle)."""
    watch.scene = name
    app.stack.clear_to(scene)
    frames(app, n, dt=0.5)
    if shot:
        screenshot(app, f"i18n_{i18n.language()}_{name}")
    return scene


def walk(app: Any, watch: Watch, shots: bool) -> None:
    """Every scene a player reads, drawn in the language now in use."""
    nav = app.ctx.nav
    title = show(app, watch, "title", nav.make("title"), n=20, shot=shots)
    watch.scene = "title_blanco"
    title.choose_game("blanco")
    frames(app, 3, dt=0.5)
    title.choose_game("luckybox")
    show(app, watch, "settings", nav.make("settings"), shot=shots)
    show(app, watch, "pause", nav.make("pause"))
    show(app, watch, "setup", nav.make("luckybox.setup"), shot=shots)
    show(app, watch, "blanco_setup", nav.make("blanco.setup"), shot=shots)
    show(app, watch, "replays", nav.make("replays"))
    show(app, watch, "stats", nav.make("stats"))
    show(app, watch, "handoff", HandoffScene(app.ctx, LONG_NAME))
    show(
        app,
        watch,
        "dialog",
        ConfirmDialog(
            app.ctx,
            lambda: i18n.t(
                "saves.confirm_delete", "Delete this game in progress? It cannot be undone."
            ),
            lambda: None,
        ),
    )
    for game in ("luckybox", "blanco"):
        howto = show(app, watch, f"howto_{game}", nav.make("howto", game=game))
        for _ in range(len(howto.pages) - 1):
            press(app, pygame.K_RIGHT, steps=3)
    # Lucky Box: the draft, then the table (a human and a computer with long names).
    watch.scene = "luckybox_table"
    nav.make(
        "luckybox.start_game",
        seats=[Seat(LONG_NAME, "human"), Seat("Bot Alexander", "hard")],
        seed=5,
    )
    frames(app, 6, dt=0.5)
    if shots:
        screenshot(app, f"i18n_{i18n.language()}_draft")
    for _ in range(3):  # keep three cards: Enter does nothing until they are chosen
        draft = app.stack.top
        if not hasattr(draft, "hand"):
            break
        draft.toggle(draft.hand[len(draft.selected)])
        frames(app, 1)
    press(app, pygame.K_RETURN, steps=40)
    if shots:
        screenshot(app, f"i18n_{i18n.language()}_table")
    # The move made by H then Enter: the line saying Undo is still open, and Next.
    watch.scene = "luckybox_table_done"
    turn_done_by_hint(app, shots, "table_done")
    # Blanco's table, a game of a match (the match's line under the piles, its words in the
    # other player's panel).
    from game.blanco.ui.match import TOTAL, Match

    watch.scene = "blanco_table"
    seats = [Seat(LONG_NAME, "human"), Seat("Bot Alexander", "hard")]
    match = Match(TOTAL, 10, [s.name for s in seats], [s.kind for s in seats], 5)
    match.games.append({"seed": 4, "winner": 1, "left": [17, 0]})
    nav.make("blanco.start_game", seats=seats, seed=5, match=match)
    frames(app, 40, dt=0.5)
    if shots:
        screenshot(app, f"i18n_{i18n.language()}_blanco_table")
    # Its set-up made by H then Enter: the line saying the turn is done, and Next.
    watch.scene = "blanco_table_done"
    turn_done_by_hint(app, shots, "blanco_table_done")
    # The title again, now with a game to continue: Continue and its line push the buttons
    # down towards the keys' line at the bottom.
    title = show(app, watch, "title_saved", nav.make("title"), n=20)
    assert title.widgets["continue"].visible, "the walk's Blanco game was saved"


def turn_done_by_hint(app: Any, shots: bool, name: str) -> None:
    """The human's move made by H then Enter (each Enter its next step), until the table waits
    for Next, its animation over; then the screenshot `name`, the focus ring on Next."""
    table = app.stack.top
    for _ in range(6):
        if table.confirming is not None:
            break
        press(app, pygame.K_h, steps=2)
        press(app, pygame.K_RETURN, steps=20)
    assert table.confirming is not None, "the move is made: the table waits for Next"
    for _ in range(600):  # the move's animation over (a Blanco look), Next shows
        if not table.animator.busy:
            break
        frames(app, 1)
    if shots:
        seen(app)  # the first frame drawn sets the focus ring gliding to Next: let it arrive
        frames(app, 12)
        screenshot(app, f"i18n_{i18n.language()}_{name}")


def finished(names: list[str], seed: int, game: Any = None) -> Any:
    """A session played to its end by random legal moves (the engine alone: quick)."""
    from game.core.session import Session
    from game.luckybox.entry import LUCKYBOX

    session = Session([Seat(n) for n in names], seed, game=game or LUCKYBOX)
    rng = random.Random(seed)
    for _ in range(20000):
        if session.state.is_terminal():
            break
        seat = session.next_seat()
        if seat is None:
            session.advance()
        else:
            session.apply(rng.choice(session.state.legal_actions(seat)))
    assert session.state.is_terminal()
    return session


def walk_ends(app: Any, watch: Watch, shots: bool) -> None:
    """The scoring reference and both games' ends (solo with its rating scale, and several)."""
    from game.blanco.entry import BLANCO
    from game.core.storage import finished_extra, keep_record

    nav = app.ctx.nav
    show(app, watch, "scoring", nav.make("luckybox.scoring", players=4))
    solo = finished([LONG_NAME], 3)
    show(app, watch, "game_end_solo", nav.make("luckybox.game_end", session=solo), n=8, shot=shots)
    several = finished([LONG_NAME, "Bot Alexander", "Anne-Sophie"], 4)
    show(app, watch, "game_end", nav.make("luckybox.game_end", session=several), n=8)
    blanco = finished([LONG_NAME, "Bot Alexander"], 4, BLANCO)
    show(
        app, watch, "blanco_game_end", nav.make("blanco.game_end", session=blanco), n=4, shot=shots
    )
    # Kept, they fill Replays and Statistics: dates, ratings, names, scores in each language
    # (and a daily deal's practice game: the longest line under a row's date).
    from game.core import daily

    practice = finished([LONG_NAME], daily.daily_seed("luckybox", daily.today()))
    practice.daily, practice.daily_practice = daily.today(), True
    kept = (solo, "luckybox"), (several, "luckybox"), (blanco, "blanco"), (practice, "luckybox")
    for session, game in kept:
        kinds = [s.kind for s in session.seats]
        record = session.record(finished_extra(session.state, kinds, "test", game=session.game))
        keep_record(app.ctx.game_dir(game), record)
    for game in ("luckybox", "blanco"):
        show(app, watch, f"replays_{game}", nav.make("replays", game=game), shot=shots)
        # n=10: the chart's line sweeps in over 0.9 s (frames last 0.1 s at most): shot whole
        show(app, watch, f"stats_{game}", nav.make("stats", game=game), n=10, shot=shots)
    walk_daily(app, watch, solo, blanco)


def walk_daily(app: Any, watch: Watch, solo: Any, several: Any) -> None:
    """The daily deal's own texts: the ends of a counted game and of a practice one (the line
    to share, the note that practice does not count) and its statistics page (streaks, the
    calendar's month and days), with a few days played."""
    from game.blanco.entry import BLANCO
    from game.core import daily, daily_history

    nav = app.ctx.nav
    today = daily.today()
    day = daily.parse_day(today)
    assert day is not None
    solo.daily = today
    show(app, watch, "daily_end", nav.make("luckybox.game_end", session=solo), n=8)
    solo.daily_practice = True
    show(app, watch, "daily_practice_end", nav.make("luckybox.game_end", session=solo), n=8)
    solo.daily, solo.daily_practice = None, False
    blanco_solo = finished([LONG_NAME], 6, BLANCO)
    blanco_solo.daily = today
    show(app, watch, "blanco_daily_end", nav.make("blanco.game_end", session=blanco_solo), n=4)
    for game, scores in (("luckybox", (61, 74, 58)), ("blanco", (31, 27, 35))):
        folder = app.ctx.game_dir(game)
        for back, score in enumerate(scores, 1):
            played = day.fromordinal(day.toordinal() - back).isoformat()
            assert daily_history.keep_result(folder, played, score, "") is None
        assert daily_history.claim(folder, today) == (True, None)  # dealt, not finished
        page = nav.make("stats_daily", game=game)
        show(app, watch, f"daily_stats_{game}", page, n=6)
        assert len(page.played_cells) >= 4, page.played_cells  # the days were drawn


#: Frames a guided game's end stands still (its scores counted up, nothing of it moving)
#: before the walk moves on: the guide says nothing new after it, and the frames left only
#: drew the same texts again (the guide's pointer still pulses over it, so the app keeps
#: drawing: until this was judged by the end scene alone, each walk ran to frames_each).
STILL_END_FRAMES = 10
#: Seconds a frame of the guided games lasts while the walk waits (3 frames of 60 fps): every
#: effect is still drawn in its first frame, and the walk checks the same texts at the same
#: sizes and widths as with frames of 1/60 s (compared text by text in every language and
#: size; at 0.1 s one was missed), in two thirds of the time.
WAIT_DT = 0.05


def walk_guides(
    app: Any, watch: Watch, games: tuple[str, ...] = ("luckybox", "blanco"), frames_each: int = 900
) -> None:
    """The guided games, followed where their pointer points: every sentence they say is drawn."""
    from tests.ui_helpers import click

    app.ctx.settings.animation_speed = 8.0
    for game in games:
        watch.scene = f"guided_{game}"
        app.ctx.nav.make(f"{game}.guided")
        still_end = 0  # frames the game's end has stood still (scores counted up, words said)
        for _ in range(frames_each):
            guide = app.stack.overlay
            advice = getattr(guide, "advice", None)
            at_the_end = type(app.stack.top).__name__ == "GameEndScene"
            still_end = still_end + 1 if at_the_end and not app.stack.top.needs_redraw() else 0
            if guide is None or still_end > STILL_END_FRAMES:
                break
            if advice is not None and advice.target is not None:
                click(app, advice.target)
            else:
                frames(app, 1, dt=WAIT_DT)
    app.ctx.settings.animation_speed = 1.0


def at_text_size(app: Any, lang: str, size: str) -> None:
    """The language in use, and the Text size setting (large: everything 15% larger)."""
    if size == "large":
        app.ctx.settings.text_size = size
        app.ctx.text.set_scale(1.15)
    i18n.set_language(lang)


# Every language each run, each at a text size drawn anew each run (tests/sweep.py; both sizes
# of each language under SMLB_SWEEP=all). The scenes and the guided games are two tests, so two
# workers share a language's walk; each language follows one guided game, both games are
# followed each run, which one in which language drawn anew (every pairing under SMLB_SWEEP=all).
#: The two halves of the walk through the scenes: the menus, set-ups and tables, and the ends
#: of games with what they fill (Replays, Statistics, the daily deal's pages).
WALKS = {"scenes": walk, "ends": walk_ends}


@pytest.mark.every_frame_drawn  # every text drawn is checked, those of a moment too
@sampled(lang=["en", "fr", "de"], part=list(WALKS), size=["normal", "large"])
def test_every_text_fits_its_place_in_every_language(
    app: Any, watch: Watch, lang: str, part: str, size: str
) -> None:
    """Each language walks one half of the scenes each run, both halves walked each run (which
    in which language drawn anew; every pairing under SMLB_SWEEP=all)."""
    at_text_size(app, lang, size)
    WALKS[part](app, watch, shots=lang != "en")
    assert watch.checked > 500  # the texts were really drawn and measured
    assert not app.errors, app.errors[0]
    assert watch.problems == [], "\n".join(watch.problems)


@pytest.mark.every_frame_drawn
@sampled(lang=["en", "fr", "de"], game=["luckybox", "blanco"], size=["normal", "large"])
def test_every_sentence_of_the_guided_games_fits_in_every_language(
    app: Any, watch: Watch, lang: str, game: str, size: str
) -> None:
    at_text_size(app, lang, size)
    walk_guides(app, watch, (game,))
    assert watch.checked > 500  # the guides' texts were really drawn and measured
    assert not app.errors, app.errors[0]
    assert watch.problems == [], "\n".join(watch.problems)


@pytest.mark.every_frame_drawn
def test_names_fit_the_panels_of_a_full_lucky_box_table(app: Any, watch: Watch) -> None:
    """Twelve seats, at Large text: the other players' panels are at their narrowest, too
    narrow for the default names ("Computer 10") beside the counts. The names get a line of
    their own, readable, the counts a column beside the cards; a name of 16 wide letters (the
    longest the set-up takes) is shortened with its number kept."""
    app.ctx.settings.text_size = "large"
    app.ctx.text.set_scale(1.15)
    names = ["Wolfgang Amadeus", "WWWWWWWWWWWWW 12", *(f"Computer {n}" for n in range(3, 13))]
    watch.scene = "luckybox_table_12"
    app.ctx.nav.make("luckybox.start_game", seats=[Seat(n, "easy") for n in names], seed=5)
    frames(app, 12, dt=0.5)
    assert not app.errors, app.errors[0]
    assert watch.problems == [], "\n".join(watch.problems)
    others = app.stack.top.kit.others
    widths = {round(panel.w) for panel in others.panels().values()}
    assert len(others.panels()) == 11 and all(others.names_apart(w) for w in widths)
    assert others.ctx.text.shorten("WWWWWWWWWWWWW 12", 14, min(widths) - 12).endswith("\u202612")


def test_a_button_label_too_long_shrinks_to_fit_and_the_check_catches_overflow(
    app: Any, watch: Watch
) -> None:
    from game.core.ui.toolkit.widgets import Button

    text = app.ctx.text
    long = Button((0, 0, 140, 50), "Ausgesprochen lange Beschriftung", lambda: None)
    surface = pygame.Surface(LOGICAL_SIZE)
    watch.scene = "button"
    long.draw(surface, text)
    # It shrank (below its 34 px) to fit, and said it became too small to read.
    assert any("shrinks to" in p or "wider than" in p for p in watch.problems)
    watch.problems.clear()
    short = Button((0, 0, 300, 60), "Weiter", lambda: None)
    short.draw(surface, text)
    assert watch.problems == []
    # A text pushed off the screen is caught too.
    text.blit_centered(surface, "Hallo", 30, (255, 255, 255), (1290, 20))
    assert any("off the screen" in p for p in watch.problems)
    # In French, an English literal left in the code is caught as it is drawn.
    i18n.set_language("fr")
    text.render("Statistics", 30, (255, 255, 255))
    assert any("'Statistics' is drawn in English" in p for p in watch.problems)
