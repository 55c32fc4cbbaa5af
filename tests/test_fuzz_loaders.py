"""Fuzzing every loader with hypothesis: saves, settings and records built from random bytes,
random JSON and small corruptions of real files. Never a traceback: always either a clear
one-line reason or a valid game; bad files are set aside, never overwritten."""

from __future__ import annotations

import functools
import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game import catalog
from game.core import storage
from game.core.records import check_record_file, play_actions
from game.core.session import Seat, Session
from game.core.ui.settings import SPEED_RANGE, VOLUME_RANGE, Settings, load_settings
from game.luckybox.ai import make_bot
from game.luckybox.entry import LUCKYBOX
from game.luckybox.rules import GameState
from game.luckybox.rules.actions import RecordError
from game.luckybox.ui.scenes.setup import same_deal_from

FUZZ = settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
# Random JSON (hypothesis's recursive strategy) cost 25 ms an example to draw, a hundred times
# its check, and needs fewer examples: a save or a record of random shape is refused by the
# first check of its shape, and a settings file's few fields are each checked on their own (60
# files give each some 40 values). New examples on each run (outside CI's derandomized
# profile); the corruptions of real files, which reach every check of a loader, keep FUZZ's.
FUZZ_SHAPES = settings(FUZZ, max_examples=60)

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(10**12), 10**12)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5)
    ),
    max_leaves=20,
)


@functools.cache
def real_save(seed: int = 11, moves: int = 60) -> dict:
    """A genuine autosave from a part-played 2-player game (one seat a computer)."""
    session = Session([Seat("Ann"), Seat("Bot", "easy")], seed, game=LUCKYBOX)
    rng = random.Random(seed)
    bot = make_bot("normal", seed, 0)
    for _ in range(moves):
        if session.state.is_terminal():
            break
        if session.chance_due():
            session.advance()
            continue
        seat = session.next_seat()
        action = (
            bot.choose(session.state, seat)
            if rng.random() < 0.7
            else rng.choice(session.state.legal_actions(seat))
        )
        session.apply(action)
    return json.loads(json.dumps(session.save(unshown=3, confirming=0)))


@functools.cache
def real_record(seed: int = 5) -> dict:
    session = Session([Seat("Zed")], seed, game=LUCKYBOX)
    bot = make_bot("normal", seed, 0)
    while not session.state.is_terminal():
        if session.chance_due():
            session.advance()
            continue
        session.apply(bot.choose(session.state, 0))
    return json.loads(
        json.dumps(
            session.record(
                storage.finished_extra(session.state, ["human"], "test", game=session.game)
            )
        )
    )


_JSON_TEXTS: dict[int, tuple[dict, str]] = {}


def _as_json(original: dict) -> str:
    """The original's JSON text, made once (the originals are the module's, never changed)."""
    kept = _JSON_TEXTS.get(id(original))
    if kept is None or kept[0] is not original:
        kept = _JSON_TEXTS[id(original)] = (original, json.dumps(original))
    return kept[1]


@st.composite
def corrupted(draw, original: dict) -> dict:
    """The original with a few spots replaced by random JSON, deleted, or actions dropped."""
    obj = json.loads(_as_json(original))  # a deep copy (plain JSON: as deepcopy, 10x sooner)
    for _ in range(draw(st.integers(1, 3))):
        path = []
        node = obj
        while isinstance(node, dict | list) and node and draw(st.booleans()):
            key = draw(
                st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node)))
            )
            path.append((node, key))
            node = node[key]
        if not path:
            key = draw(st.sampled_from(sorted(obj)))
            path.append((obj, key))
        parent, key = path[-1]
        how = draw(st.sampled_from(["replace", "delete", "truncate_list"]))
        if how == "delete" and isinstance(parent, dict):
            del parent[key]
        elif how == "truncate_list" and isinstance(parent[key], list):
            parent[key] = parent[key][: draw(st.integers(0, len(parent[key])))]
        else:
            parent[key] = draw(json_values)
    return obj


def _one_line(text: str | None) -> bool:
    return bool(text) and "\n" not in text and "Traceback" not in text


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """Where the examples' own temporary folders go: pytest's temporary root, on the RAM disk
    where there is one (tests/conftest.py). Made and removed on the system's temporary disk,
    each of the thousands of examples' folders cost more than most of their checks (creating
    and removing it waited on the disk)."""
    return tmp_path_factory.mktemp("fuzz")


# --------------------------------------------------------------------------- the autosave


def _check_save_file(scratch: Path, content: bytes) -> None:
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        folder = Path(tmp)
        (folder / storage.AUTOSAVE).write_bytes(content)
        save, warning = storage.load_save(folder, catalog.games())
        if save is None:
            assert _one_line(warning) and warning.startswith("The saved game could not be read")
            kept = list(folder.glob("autosave.json.bad-*"))
            assert len(kept) == 1 and kept[0].read_bytes() == content
            assert not (folder / storage.AUTOSAVE).exists()
        else:
            assert warning is None
            session, start, shown, confirming = save.resumed  # a valid game
            assert 0 <= shown <= len(session.feed)
            assert confirming is None or 0 <= confirming < len(session.seats)
            assert (folder / storage.AUTOSAVE).read_bytes() == content


@FUZZ
@given(st.binary(max_size=400))
def test_random_bytes_as_a_save(scratch, content):
    _check_save_file(scratch, content)


@FUZZ_SHAPES
@given(json_values)
def test_random_json_as_a_save(scratch, value):
    _check_save_file(scratch, json.dumps(value).encode())


@FUZZ
@given(st.deferred(lambda: corrupted(real_save())))
def test_corrupted_real_saves(scratch, obj):
    _check_save_file(scratch, json.dumps(obj).encode())


@FUZZ
@given(st.deferred(lambda: st.integers(0, len(json.dumps(real_save())) - 1)))
def test_truncated_real_saves(scratch, cut):
    _check_save_file(scratch, json.dumps(real_save()).encode()[:cut])


def test_the_real_save_itself_loads(scratch):
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        (Path(tmp) / storage.AUTOSAVE).write_text(json.dumps(real_save()))
        save, warning = storage.load_save(Path(tmp), catalog.games())
        assert warning is None and save.record == real_save()


# --------------------------------------------------------------------------- settings


def _check_settings_file(scratch: Path, content: bytes) -> None:
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        folder = Path(tmp)
        (folder / "settings.json").write_bytes(content)
        loaded, warning = load_settings(folder)
        assert isinstance(loaded, Settings)
        assert VOLUME_RANGE[0] <= loaded.volume <= VOLUME_RANGE[1]
        assert SPEED_RANGE[0] <= loaded.animation_speed <= SPEED_RANGE[1]
        assert isinstance(loaded.fullscreen, bool) and isinstance(loaded.pass_screen, bool)
        assert warning is None or _one_line(warning)
        files = list(folder.iterdir())
        assert any(f.read_bytes() == content for f in files), "the file is never overwritten"


@FUZZ
@given(st.binary(max_size=300))
def test_random_bytes_as_settings(scratch, content):
    _check_settings_file(scratch, content)


@FUZZ_SHAPES
@given(
    st.dictionaries(
        st.sampled_from(
            ["volume", "animation_speed", "fullscreen", "pass_screen", "version", "other"]
        ),
        json_values,
    )
)
def test_random_fields_in_settings(scratch, fields):
    _check_settings_file(scratch, json.dumps(fields).encode())


# --------------------------------------------------------------------------- records


def _check_record_file(scratch: Path, content: bytes) -> None:
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        path = Path(tmp) / "record.json"
        path.write_bytes(content)
        try:
            info = storage.read_record_info(path, catalog.games(), replay=True)
        except RecordError as err:
            assert _one_line(str(err))
            try:
                check_record_file(path, catalog.games())
            except RecordError as again:
                assert _one_line(str(again))
            else:
                raise AssertionError("the command line accepted what the game refused")
        else:
            assert len(info.totals) == len(info.names) >= 1
            check_record_file(path, catalog.games())  # the command line agrees it is valid
            session, actions = Session.from_record(info.record, catalog.game_by_id(info.game))
            play_actions(session.state, actions, apply=session.apply, advance=session.advance)
            assert session.state.actions == actions
            if info.finished:
                deal = same_deal_from(info.record, "fuzz")
                assert len(deal.names) == len(info.names)
        infos, problems = storage.list_records(Path(tmp).parent / Path(tmp).name, catalog.games())
        assert infos == [] and problems == []  # records/ is a sub-folder; none there
        assert path.read_bytes() == content


@FUZZ
@given(st.deferred(lambda: corrupted(real_record())))
def test_corrupted_real_records(scratch, obj):
    _check_record_file(scratch, json.dumps(obj).encode())


@FUZZ_SHAPES
@given(st.binary(max_size=300) | json_values.map(lambda v: json.dumps(v).encode()))
def test_random_records(scratch, content):
    _check_record_file(scratch, content)


@FUZZ
@given(
    st.lists(
        st.binary(max_size=200)
        | st.deferred(lambda: st.sampled_from([json.dumps(real_record()).encode()])),
        max_size=4,
    )
)
def test_a_records_folder_of_anything_lists_without_raising(scratch, contents):
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        folder = Path(tmp) / storage.RECORDS
        folder.mkdir()
        for i, content in enumerate(contents):
            (folder / f"{i}.json").write_bytes(content)
        infos, problems = storage.list_records(Path(tmp), catalog.games())
        assert len(infos) + len(problems) == len(contents)
        assert all(_one_line(p) for p in problems)


def test_a_real_finished_record_round_trips(scratch):
    with tempfile.TemporaryDirectory(dir=scratch) as tmp:
        path, warning = storage.keep_record(Path(tmp), real_record())
        assert warning is None
        info = storage.read_record_info(path, catalog.games())
        state, _ = GameState.new(["Zed"], real_record()["seed"])
        assert info.finished and info.names == ["Zed"] and info.rating
        assert info.totals == [real_record()["result"]["players"][0]["total"]]
        assert state.deck_order == tuple(real_record()["deal"]["lucky_deck"])
