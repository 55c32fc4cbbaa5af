"""Shared test setup: headless SDL, Hypothesis profiles, a private data folder per test, frames
drawn only when something could see them and never presented, and an `app` fixture.

Hypothesis: the `ci` profile (derandomized: the same examples on every run, with the failing
example's blob printed; no deadline) is loaded when CI is set (CI runs with CI=true) or
HYPOTHESIS_PROFILE=ci; else `dev` (random examples, no deadline). Tests that set their own
max_examples keep them: a test's @settings inherits whatever it does not set from the profile.
"""

from __future__ import annotations

import gc
import os
import random
import sys
import tempfile

# Before anything imports pygame: no window, no sound device, no banner.
os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# The tests read English texts: the system's language must not change them (the i18n tests
# switch language themselves).
os.environ["SMLB_LANG"] = "en"
# The tests start as returning players: New game opens the setup at once. The first-time
# "play a guided game?" question is tested on its own (tests/test_guided.py).
os.environ["SMLB_NO_FIRST_TIME"] = "1"
# Tables nearby (mDNS, game/online/nearby.py): every Join screen and server of the tests looks
# and announces on the loopback interface alone, never on another network.
os.environ["SMLB_MDNS_INTERFACES"] = "127.0.0.1"
# ...under a service type of this process's own (each worker's, inherited by the apps and
# servers it starts): another worker's tables, another run's on this machine, or a player's app
# never show on a test's Join screen, nor a test's on theirs.
os.environ["SMLB_MDNS_SERVICE"] = f"_smlbt{os.getpid() % 100_000_000}._tcp.local."
# The tests' temporary folders (every test's data folder, where each move of every game the
# tests play is autosaved: a new file renamed over the last) on the RAM disk where the system
# has one: on a disk each rename waited for the data to be written first. PYTEST_DEBUG_TEMPROOT
# is pytest's own setting for that root; one already set (or --basetemp) is left as it is.
if (
    "PYTEST_DEBUG_TEMPROOT" not in os.environ
    and os.path.isdir("/dev/shm")
    and os.access("/dev/shm", os.W_OK | os.X_OK)
):
    os.environ["PYTEST_DEBUG_TEMPROOT"] = "/dev/shm"
# Compiled modules are kept (__pycache__ is git-ignored) even where the shell says not to
# (PYTHONDONTWRITEBYTECODE): otherwise each worker compiles every game module and rewrites the
# asserts of every test module again on every run (about 7 CPU-seconds a worker), and so does
# every game the tests start in a subprocess.
sys.dont_write_bytecode = False
os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
# The sampled sweeps' seed (tests/sweep.py), one per run: drawn here in the controller, before
# the workers start, so that they inherit it and collect the same cases; kept when set.
os.environ.setdefault("SMLB_SWEEP_SEED", str(random.SystemRandom().randrange(1, 1_000_000)))
# The cyclic garbage collector less often: a worker keeps about a million long-lived objects
# (the rules' ready-made actions and events for every seat of every deal its tests played), and
# the bots' searches make and drop hundreds of thousands of containers, nearly none in a cycle.
# At Python's thresholds collections took about 5 CPU-seconds a worker; at 50,000 young objects
# a collection still came every few decisions of a strong bot and took 30 ms (3.8-9.2 s over the
# heaviest seven test files, 0.8 s at 500,000, for 180 MB more at the largest worker's peak).
# Garbage is still collected, later. The same thresholds as the computers' worker process.
from game.core.bot_worker import collect_garbage_rarely  # noqa: E402

collect_garbage_rarely()

from collections.abc import Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any  # noqa: E402

import pytest  # noqa: E402
from hypothesis import settings  # noqa: E402

#: This folder (the test modules), and the clone it is in.
TESTS = Path(__file__).resolve().parent
ROOT = TESTS.parent

settings.register_profile("ci", derandomize=True, deadline=None, print_blob=True)
settings.register_profile("dev", deadline=None)


def hypothesis_profile(environ: dict[str, str] | os._Environ = os.environ) -> str:
    """The profile to load for this environment: "ci" under CI, else "dev" (or whatever
    HYPOTHESIS_PROFILE names)."""
    named = environ.get("HYPOTHESIS_PROFILE", "")
    if named == "ci" or environ.get("CI", "").lower() not in ("", "0", "false", "no"):
        return "ci"
    return named or "dev"


# Before the test modules are imported: their @settings(...) take what they leave unset from it.
settings.load_profile(hypothesis_profile())


@pytest.fixture(autouse=True)
def _frames_not_presented(monkeypatch: pytest.MonkeyPatch) -> None:
    """A frame drawn is drawn onto the logical screen (what the tests look at and screenshot),
    but not presented: on the dummy video driver pygame.display.flip() only copies the frame
    to a window nobody sees, and took about a third of each UI test's time.
    It still fails as the real one does when there is no display. SMLB_TEST_REAL_FLIP=1 keeps
    the real flip (the subprocess tests, e.g. the demo and the power cut, always use it)."""
    if os.environ.get("SMLB_TEST_REAL_FLIP") == "1":
        return
    import pygame

    def flip() -> None:
        if pygame.display.get_surface() is None:
            raise pygame.error("video system not initialized")

    monkeypatch.setattr(pygame.display, "flip", flip)


@pytest.fixture(autouse=True, scope="session")
def _screenshots_saved_quickly() -> Iterator[None]:
    """Screenshots are saved as PNGs compressed at zlib's quickest level, or not compressed in
    the temporary folder nobody looks at (ui_helpers.save_png_quickly)."""
    import pygame

    from tests.ui_helpers import SCREENSHOTS, SCREENSHOTS_KEPT, save_png_quickly

    unread = None if SCREENSHOTS_KEPT else SCREENSHOTS
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pygame.image, "save", save_png_quickly(pygame.image.save, unread))
        yield


@pytest.fixture(autouse=True)
def _unread_screenshots_deleted() -> Iterator[None]:
    """A test's uncompressed screenshots are deleted at its end (see save_png_quickly)."""
    from tests.ui_helpers import forget_unread_screenshots

    yield
    forget_unread_screenshots()


@pytest.fixture(autouse=True, scope="session")
def _sounds_stopped_before_pygame_quits() -> Iterator[None]:
    """Tests that close a window as a crash would (pygame.quit() without App.close) stop its
    sounds first, as App.close does: pygame.quit() with a sound ending at that moment could
    wait for ever on the audio lock (a worker once hung so)."""
    import pygame

    from game.core.ui.app import stop_sounds

    quit_pygame = pygame.quit

    def quit_quietly() -> None:
        stop_sounds()
        quit_pygame()

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(pygame, "quit", quit_quietly)
        yield


@pytest.fixture(autouse=True, scope="session")
def _files_not_flushed_to_the_disk() -> Iterator[None]:
    """os.fsync of a regular file returns at once in the tests' own process: what it adds,
    a file surviving a power cut, no test in this process can see, and each call waited
    about 9 ms for the disk (every autosave of every game the tests play). The writes are
    still atomic (a temporary file, then a rename) and still checked; a test simulating a
    failing disk patches fsync itself; subprocesses (demos, a killed game) flush for real."""
    import stat

    fsync = os.fsync

    def flushed_later(fd: Any) -> None:
        number = fd if isinstance(fd, int) else fd.fileno()  # (os.fsync takes either)
        if not stat.S_ISREG(os.fstat(number).st_mode):  # (a bad descriptor raises as before)
            fsync(fd)

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(os, "fsync", flushed_later)
        yield


@pytest.fixture(autouse=True, scope="session")
def _sprites_decoded_once() -> Iterator[None]:
    """Each App reads its sprites again (Assets._read: a PNG decoded, then converted for the
    display) and scales them again to the sizes its scenes draw them at, a few hundred Apps a
    run, where the game itself does both once a process: here each sprite file is decoded once
    per worker, and every App of the worker shares the scaled copies made for the same folder
    and display format. The same surfaces under the same keys: the game copies a sprite before
    it changes one (a card's face, a faded token), so no App sees another's drawing. A file
    changed since (another size or time) is read again; failures are not kept."""
    import pygame

    from game.core.ui.toolkit.assets import Assets

    read, init = Assets._read, Assets.__init__
    kept: dict[tuple[Any, ...], object] = {}
    scaled: dict[tuple[Any, ...], dict[Any, Any]] = {}

    def shown() -> tuple[Any, ...] | None:
        display = pygame.display.get_surface() if pygame.display.get_init() else None
        return None if display is None else (display.get_bitsize(), display.get_masks())

    def decoded_once(self: Assets, name: str, path: Path) -> object:
        try:
            stat = Path(path).stat()
        except OSError:
            return read(self, name, path)
        key = (str(path), stat.st_mtime_ns, stat.st_size, shown())
        surface = kept.get(key)
        if surface is None:
            surface = read(self, name, path)
            if surface is None:
                return None
            kept[key] = surface
        return surface

    def scaled_once(self: Assets, sprites_dir: Path) -> None:
        init(self, sprites_dir)
        self._scaled = scaled.setdefault((str(self.sprites_dir.resolve()), shown()), {})

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Assets, "_read", decoded_once)
        patch.setattr(Assets, "__init__", scaled_once)
        yield


@pytest.fixture(autouse=True, scope="session")
def _sounds_decoded_once() -> Iterator[None]:
    """Each App loads every sound again (Audio._load: a WAV read, decoded and converted to the
    mixer's format), about 30 ms an App, a few hundred Apps a run: here each file is decoded
    once per worker and mixer format, and every later App gets a Sound made from those samples
    (the same sound, its own object and volume). A file changed since is read again; a file
    that fails to load is not kept (it fails again, as the game's own load does)."""
    import pygame

    from game.core.ui.toolkit.audio import Audio

    load = Audio._load
    kept: dict[tuple[Any, ...], bytes] = {}

    def decoded_once(self: Audio, path: Path) -> Any:
        try:
            stat = Path(path).stat()
        except OSError:
            return load(self, path)
        key = (str(path), stat.st_mtime_ns, stat.st_size, pygame.mixer.get_init())
        samples = kept.get(key)
        if samples is None or not self._available:
            sound = load(self, path)
            if isinstance(sound, pygame.mixer.Sound) and key[-1] is not None:
                kept[key] = sound.get_raw()
            return sound
        sound = pygame.mixer.Sound(buffer=samples)
        sound.set_volume(self._volume)
        return sound

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(Audio, "_load", decoded_once)
        yield


#: Texts rendered and measured by every App of this worker, per text size (see below).
_TEXTS_OF_THE_WORKER: dict[float, tuple[Any, dict[Any, Any]]] = {}


@pytest.fixture(autouse=True)
def _texts_rendered_once(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    """Each App renders and measures its texts again (TextCache: the labels, names and
    numbers of every scene), a few hundred Apps a run, where the game itself has one cache
    for the whole process: here every App of a worker shares one cache per text size, as
    one process's Apps would. The same surfaces and measures under the same keys, the same
    bound on their number. A test marked `texts_rendered_afresh` (it watches what the cache
    makes) starts from an empty cache of its own."""
    if request.node.get_closest_marker("texts_rendered_afresh") is not None:
        return
    from collections import OrderedDict

    from game.core.ui.toolkit.text import TextCache

    init = TextCache.__init__

    def share(cache: TextCache) -> None:
        kept = _TEXTS_OF_THE_WORKER.setdefault(cache.scale, (OrderedDict(), {}))
        cache._surfaces, cache._measures = kept

    def shared_init(self: TextCache, max_surfaces: int = 1024) -> None:
        init(self, max_surfaces)
        share(self)

    def shared_set_scale(self: TextCache, scale: float) -> None:
        if scale != self.scale:  # (the fonts are the App's own: pygame.quit ends them)
            self.scale = scale
            self._fonts.clear()
            share(self)

    monkeypatch.setattr(TextCache, "__init__", shared_init)
    monkeypatch.setattr(TextCache, "set_scale", shared_set_scale)


@pytest.fixture(autouse=True)
def _frames_drawn_when_seen(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frame is drawn when something could see it (tests/ui_helpers.draw_frames_when_seen),
    unless the test is marked `every_frame_drawn` (it watches what each frame draws)."""
    if request.node.get_closest_marker("every_frame_drawn") is not None:
        return
    from tests.ui_helpers import draw_frames_when_seen

    draw_frames_when_seen(monkeypatch)


@pytest.fixture(autouse=True)
def _english_after_each_test() -> Iterator[None]:
    """A test that switches language (or forces one as --lang does) leaves English behind."""
    yield
    from game.core import i18n

    i18n.force_language(None)
    if i18n.language() != "en":
        i18n.set_language("en")


@pytest.fixture(autouse=True)
def _signals_left_as_found() -> Iterator[None]:
    """A test leaves Ctrl-C and SIGTERM handled as it found them. The workers start games in
    processes of their own, and an ignored signal stays ignored in every program started
    after: one test that left SIGINT ignored made a later test's game miss its Ctrl-C and play
    on until killed."""
    import signal

    before = {sig: signal.getsignal(sig) for sig in (signal.SIGINT, signal.SIGTERM)}
    yield
    after = {sig: signal.getsignal(sig) for sig in before}
    assert after == before, f"signal handlers changed by this test: {before} -> {after}"


@pytest.fixture(autouse=True)
def _log_repeats_forgotten_after_each_test() -> Iterator[None]:
    """The server's once-a-second log filter is the process's (one server a process): a test
    that logged a line leaves it remembered for a second, and a test after it on the same
    worker then saw its own flood's one line left out. Each test starts with it forgotten."""
    yield
    limits = sys.modules.get("game.online.limits")  # (only where a test brought online in)
    if limits is not None:
        limits.ONCE_PER_SECOND.last.clear()


@pytest.fixture(autouse=True)
def _render_scale_back_to_one() -> Iterator[None]:
    """A test that drew at a large window's resolution leaves the next one drawing at 1x."""
    yield
    from game.core.ui.toolkit import gfx

    gfx.set_render_scale(1.0)


@pytest.fixture(scope="session")
def _data_dirs(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The folder the tests' data folders are made in (one per worker)."""
    return tmp_path_factory.mktemp("data")


@pytest.fixture(autouse=True)
def data_dir(_data_dirs: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every test gets its own SMLB_DATA_DIR, so no test reads or writes the real settings.
    Made with mkdtemp in a folder of their own: `tmp_path_factory.mktemp` lists its whole
    folder to number each new one, a cost that grew with every test run before."""
    folder = Path(tempfile.mkdtemp(prefix="data", dir=_data_dirs))
    monkeypatch.setenv("SMLB_DATA_DIR", str(folder))
    return folder


@pytest.fixture
def app(data_dir: Path, request: pytest.FixtureRequest) -> Iterator:
    """A real App on the dummy video driver, closed as the app closes itself (every scene's exit
    hook: a table's line to a server and its computers' worker are stopped, not left running
    into the tests after it), then pygame.quit().

    A blank seed on the set-up screen deals at random; here the random seeds come from the
    test's own name, so a test plays the same deals every run and a failure seen once is seen
    again (a rare deal once failed a test about one run in 400)."""
    import pygame

    from game.catalog import new_app
    from game.core.ui.screens.setup import SetupScreen

    deals = random.Random(request.node.nodeid)
    application = new_app()
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(SetupScreen, "random_seed", lambda _self: deals.randrange(1, 1_000_000))
            yield application
        application.close()
    finally:
        pygame.quit()


@pytest.fixture
def sweep_rng(request: pytest.FixtureRequest) -> random.Random:
    """Random input drawn anew on each run from the run's seed (tests/sweep.py): the test is
    marked `sampled`, so a failure prints the seed that draws the same input again."""
    from tests import sweep

    request.node.add_marker(pytest.mark.sampled)
    return sweep.rng_for(request.node.nodeid)


@pytest.fixture
def make_app(data_dir: Path) -> Iterator[Any]:
    """Open an App at a window size (`make_app((w, h))`), as many as a test wants; each is
    closed after as the `app` fixture closes its one (its scenes' exit hooks stop the computer
    players' worker and its reply thread, which pygame.quit() alone left running)."""
    import pygame

    from game.catalog import new_app

    opened: list[Any] = []

    def opener(size: tuple[int, int]) -> Any:
        opened.append(new_app(window=size))
        return opened[-1]

    yield opener
    for application in opened:
        application.close()
    pygame.quit()


@pytest.fixture
def friends() -> Iterator[Any]:
    """An asyncio loop in a thread of its own (tests/test_online_helpers.py `LoopThread`), for
    the friends' protocol clients beside a test's app; ended and closed after the test."""
    from tests.test_online_helpers import LoopThread

    loop = LoopThread()
    yield loop
    loop.close()


#: Where the controller keeps each test's last duration (pytest's cache, .pytest_cache/).
DURATIONS_KEY = "smlb/durations"

#: Files whose tests are handed to the workers one by one; every other file's tests go to one
#: worker together, as one unit. Files listed here are long (their waits on servers and
#: databases, whole-app walks) and their tests share nothing costly; a file whose tests share
#: what one of them computes (test_bots' games of the Expert bot, played once a process and
#: looked up by the next tests) is left whole: spread over four workers it was computed four
#: times (test_bots: 29 -> 53 CPU-seconds).
SPREAD_FILES = frozenset(
    {
        "test_bench_smoke.py",
        "test_guide_arrow.py",
        "test_online_fair.py",
        "test_online_ops.py",
        "test_online_pg_processes.py",
        "test_online_tls_ui.py",
        "test_online_ui.py",
        "test_online_ui_shots.py",
        "test_saving.py",
        "test_table_ui.py",
        "test_text_fits.py",
        "test_tour_languages.py",
        "test_ui_scenes.py",
    }
)


#: Files handed to one worker together, as one unit: the tables nearby's tests browse the
#: loopback's mDNS, where every table announced is seen, theirs and those of every hosting app
#: the other tests start (on two workers at once, a Join screen listed the other test's tables
#: and never showed exactly its own).
_NEARBY = "tables announced nearby"
SHARED_UNITS = {
    "test_nearby.py": _NEARBY,
    "test_nearby_ui.py": _NEARBY,
    "test_online_hosting.py": _NEARBY,
    "test_online_hosting_shots.py": _NEARBY,
    "test_online_playtest.py": _NEARBY,
}


def _unit(nodeid: str) -> str:
    """The unit a worker is handed a test in: the test alone (SPREAD_FILES), its file, or the
    files it must not run beside (SHARED_UNITS)."""
    file = nodeid.split("::", 1)[0]
    name = file.rsplit("/", 1)[-1]
    if name in SPREAD_FILES:
        return nodeid
    return SHARED_UNITS.get(name, file)


def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """Under --dist load (pyproject.toml), the workers are handed units (see _unit) in the
    order collected (--no-loadscope-reorder): pytest-xdist's scheduler by scope, scoped so
    (tests/crash_guard.py: the unfinished units of a worker that died are handed out again)."""
    if config.getvalue("dist") != "load":
        return None  # (another --dist asked for on the command line: xdist's own)
    from tests.crash_guard import UnitScheduling

    return UnitScheduling(config, log, _unit)


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """The longest units (see _unit) are collected first: those with a test marked `slow`,
    then by the time the last run measured (pytest's cache; none in a fresh clone: then the
    marks alone). The workers take the units in this order, so the long ones start first and
    the short ones fill in around them, rather than a long one starting last and running alone
    at the end. Every worker reads the same cache, so all collect the same order (xdist
    requires it); ties, and the tests within a unit, keep their order."""
    cache = getattr(config, "cache", None)  # (None with -p no:cacheprovider)
    known = cache.get(DURATIONS_KEY, {}) if cache is not None else {}
    if not isinstance(known, dict):
        known = {}
    seconds: dict[str, float] = {}
    slow: set[str] = set()
    for item in items:
        unit = _unit(item.nodeid)
        last = known.get(item.nodeid, 0.0)
        seconds[unit] = seconds.get(unit, 0.0) + (last if isinstance(last, float) else 0.0)
        if item.get_closest_marker("slow") is not None:
            slow.add(unit)
    items.sort(key=lambda item: (_unit(item.nodeid) not in slow, -seconds[_unit(item.nodeid)]))


_DURATIONS_MEASURED: dict[str, float] = {}

#: A stuck or crashed test ends or runs once more without holding the run (its docstring);
#: the tests of kept pixels share their fixture.
pytest_plugins = ["tests.crash_guard", "tests.kept_pixels"]


def pytest_runtest_logreport(report: pytest.TestReport) -> None:
    """Each test's whole time (set-up, call, teardown), as the controller hears of it."""
    nodeid = report.nodeid
    _DURATIONS_MEASURED[nodeid] = _DURATIONS_MEASURED.get(nodeid, 0.0) + float(report.duration)


def pytest_sessionfinish(session: pytest.Session) -> None:
    """The durations of this run kept for the next one's order (the controller's alone; a
    test this run did not run keeps its last; only tests of a second or more are kept)."""
    config = session.config
    cache = getattr(config, "cache", None)
    if cache is None or hasattr(config, "workerinput") or not _DURATIONS_MEASURED:
        return
    known = cache.get(DURATIONS_KEY, {})
    kept = dict(known) if isinstance(known, dict) else {}
    for nodeid, seconds in _DURATIONS_MEASURED.items():
        if seconds >= 1.0:
            kept[nodeid] = round(seconds, 1)
        else:
            kept.pop(nodeid, None)
    cache.set(DURATIONS_KEY, kept)


def _game_compiled_once() -> None:
    """The game's modules compiled once, by both cores, before the workers start: from a
    fresh clone each worker (and each game a test starts in a subprocess) otherwise compiled
    every module it imported that no one had written yet, four times over at the start. A
    module already compiled and unchanged is only looked at."""
    import compileall

    compileall.compile_dir(ROOT / "game", quiet=2, workers=2)


def asks_for_the_whole_folder(invocation_dir: Path, args: list[str]) -> bool:
    """Whether a run's arguments (relative to where pytest was started; a test's id allowed)
    name this whole folder: only such a run has every test module rewritten up front, a run of
    a few files rewrites just those as it collects them."""
    return TESTS in {Path(invocation_dir, arg.split("::")[0]).resolve() for arg in args}


def _tests_rewritten_once(config: pytest.Config, folder: Path | None = None) -> None:
    """Every test module's asserts rewritten once, before the workers start, and kept where
    pytest keeps them (__pycache__, its own tag): from a fresh clone each of the four workers
    otherwise rewrote every test module as it collected (about 14 CPU-seconds a worker on a
    slow host), all at once. pytest's own rewriter does it, so the code is what a worker would
    have made; it is not public API, so any failure leaves the rewriting to the workers, as
    before. A module already rewritten and unchanged is only looked at."""
    try:
        from _pytest.assertion import rewrite

        state = config.stash[rewrite.assertstate_key]
        folder = folder or TESTS
        for source in sorted(folder.glob("test_*.py")):
            pyc = rewrite.get_cache_dir(source) / (source.name[:-3] + rewrite.PYC_TAIL)
            if rewrite._read_pyc(source, pyc) is not None:
                continue
            if not rewrite.try_makedirs(pyc.parent):
                return
            stat, code = rewrite._rewrite_test(source, config)
            rewrite._write_pyc(state, code, stat, pyc)
    except Exception:  # (a pytest whose internals moved: the workers rewrite, as before)
        return


def pytest_unconfigure(config: pytest.Config) -> None:
    """Collect a worker's garbage once, then freeze what is left (gc.freeze) before pytest's
    unraisable-exception check collects five times over at its cleanup: those five walked the
    worker's million long-lived objects (the rules' shared tables, the bots' remembered games)
    each time, 1.5-3.5 s of every worker's end, which the last one to finish adds to the run.
    The one collection here finds every garbage cycle left (a finalizer that raises is still
    reported); anything its finalizers make is young, not frozen, and collected by the five."""
    gc.collect()
    gc.freeze()


def pytest_terminal_summary(terminalreporter: Any, config: pytest.Config) -> None:
    """The run's last line but one says how its sweeps were drawn (printed even with -q)."""
    from tests import sweep

    if sweep.every_combination():
        terminalreporter.write_line(f"sweeps: every combination ({sweep.ALL_VARIABLE}=all)")
    else:
        terminalreporter.write_line(
            f"sweeps sampled with {sweep.SEED_VARIABLE}={sweep.run_seed()} (set it to draw the "
            f"same cases again; {sweep.ALL_VARIABLE}=all for every combination)"
        )


@pytest.hookimpl(hookwrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """A failed sampled test (tests/sweep.py) says what it drew and how to draw it again."""
    outcome = yield
    report = outcome.get_result()
    if report.failed and item.get_closest_marker("sampled") is not None:
        from tests import sweep

        report.sections.append(("sampled sweep", sweep.describe(item)))


def pytest_configure(config: pytest.Config) -> None:
    if not hasattr(config, "workerinput"):  # the controller, before any worker starts
        _game_compiled_once()
        whole = asks_for_the_whole_folder(config.invocation_params.dir, config.args)
        if whole and not sys.dont_write_bytecode and config.getoption("assertmode") == "rewrite":
            _tests_rewritten_once(config)
    config.addinivalue_line(
        "markers",
        "sampled: a sampled sweep or random input drawn from the run's seed (tests/sweep.py); "
        "a failure prints the seed",
    )
    config.addinivalue_line(
        "markers",
        "app_errors_expected: the test means an App to catch exceptions in a frame "
        "(app.errors is then not checked)",
    )
    config.addinivalue_line(
        "markers",
        "every_frame_drawn: the test watches what each frame draws; every frame App.step() "
        "means to draw is drawn at once (see _frames_drawn_when_seen)",
    )
    config.addinivalue_line(
        "markers",
        "texts_rendered_afresh: the test watches what an App's text cache renders; its Apps "
        "start from an empty one (see _texts_rendered_once)",
    )


@pytest.fixture(autouse=True)
def _apps_end_without_errors(
    request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> Iterator[None]:
    """An exception a frame caught (App.step keeps it in `app.errors` and plays on) fails the
    test that caused it, unless the test is marked `app_errors_expected`."""
    import weakref

    from game.core.ui.app import App

    apps: weakref.WeakSet[App] = weakref.WeakSet()
    init = App.__init__

    def tracked_init(self: App, *args: object, **kwargs: object) -> None:
        apps.add(self)
        init(self, *args, **kwargs)

    monkeypatch.setattr(App, "__init__", tracked_init)
    yield
    if request.node.get_closest_marker("app_errors_expected") is not None:
        return
    errors = [error for app in list(apps) for error in getattr(app, "errors", [])]
    assert not errors, "exceptions in a frame:\n" + "\n".join(errors)


def _pictures_in(folder: Path) -> dict[str, int]:
    return {
        str(path.relative_to(folder)): path.stat().st_mtime_ns
        for path in folder.rglob("*")
        if path.is_file()
    }


@pytest.fixture(autouse=True, scope="session")
def _nothing_written_into_the_clone() -> Iterator[None]:
    """The tests' pictures go to a temporary folder (tests/ui_helpers.py) unless SMLB_SCREENSHOTS
    names one: a run that wrote into the clone's screenshots/ anyway fails here, at its end."""
    from tests.ui_helpers import SCREENSHOTS

    folder = ROOT / "screenshots"
    before = _pictures_in(folder)
    yield
    if folder.resolve() == SCREENSHOTS:
        return  # asked for: SMLB_SCREENSHOTS=screenshots
    changed = sorted(set(_pictures_in(folder).items()) - set(before.items()))
    assert not changed, f"tests wrote into {folder}: {[name for name, _ in changed[:5]]}"
