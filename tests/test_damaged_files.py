"""Nothing the game reads can break it: every reader (settings, players, the last game, the
autosave, Blanco's match, records, `--check-record`) fed damaged bytes, deep and wide JSON,
wrong types, huge numbers, lone surrogates, duplicate keys, a named pipe and a device. Each
answer must be clean: no exception, the defaults, one line for the player, and the file set
aside byte for byte (never rewritten). `test_the_tally_of_damaged_inputs` prints how many
inputs were tried and how many were answered cleanly: all of them must be."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from io import StringIO
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from game.blanco.ui.match import FILE as MATCH_FILE, load_match
from game.catalog import games
from game.core import names, safe_json, storage
from game.core.records import check_records_cli
from game.core.ui.settings import Settings, load_settings
from game.luckybox.rules.actions import RecordError

REPO = Path(__file__).resolve().parent.parent
FUZZ = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
ON_UNIX = os.name == "posix"

GAME_IDS = [game.id for game in games()]


def _good_record() -> bytes:
    from tests.test_fuzz_loaders import real_record

    return json.dumps(real_record()).encode()


def damaged_inputs() -> list[tuple[str, bytes]]:
    """Whole files that no reader may accept, each with what is wrong with it."""
    deep = 100_000
    return [
        ("empty", b""),
        ("not UTF-8", b'{"game": "\xff\xfe"}'),
        ("truncated", b'{"game": "lucky'),
        ("a list, not an object", b"[1, 2, 3]"),
        ("a bare number", b"12"),
        ("deep arrays", b"[" * deep + b"]" * deep),
        ("deep objects", b'{"a":' * 5000 + b"1" + b"}" * 5000),
        ("deep, under the recursion limit", b'{"a":' * 200 + b"1" + b"}" * 200),
        ("a float too large", b'{"volume": 1e999}'),
        ("a huge integer", b'{"seed": ' + b"9" * 5000 + b"}"),
        ("an integer past 2**63", b'{"seed": 18446744073709551616}'),
        ("NaN", b'{"volume": NaN}'),
        ("Infinity", b'{"volume": -Infinity}'),
        ("a lone surrogate", b'{"game": "\\udc80"}'),
        ("a lone surrogate key", b'{"\\ud800": 1}'),
        ("a duplicate key", b'{"game": "blanco", "game": "luckybox"}'),
        ("NUL bytes", b"\x00" * 64),
        ("too big", b'{"x": "' + b"a" * (safe_json.RECORD_CAP + 10) + b'"}'),
    ]


def _kept_aside(folder: Path, name: str, content: bytes) -> bool:
    """The bad file is gone from its name and its bytes are kept beside it."""
    kept = list(folder.glob(f"{name}.bad-*"))
    return not (folder / name).exists() and len(kept) == 1 and kept[0].read_bytes() == content


def _one_line(text: object) -> bool:
    return isinstance(text, str) and bool(text) and "\n" not in text and "Traceback" not in text


# Each reader: (file name, read the folder -> (looks like defaults, the line the player saw)).
Reader = Callable[[Path], tuple[bool, object]]


def _settings(folder: Path) -> tuple[bool, object]:
    loaded, warning = load_settings(folder)
    return loaded == Settings(), warning


def _players(folder: Path) -> tuple[bool, object]:
    heard: list[str] = []
    seats = names.last_seats(folder, "luckybox", tell=heard.append)
    return seats == [], heard[0] if len(heard) == 1 else None


def _last_game(folder: Path) -> tuple[bool, object]:
    from game.core.ui.screens.title import load_last_game

    heard: list[str] = []
    game = load_last_game(folder, GAME_IDS, tell=heard.append)
    return game == "luckybox", heard[0] if len(heard) == 1 else None


def _autosave(folder: Path) -> tuple[bool, object]:
    saved, warning = storage.load_save(folder, games())
    return saved is None, warning


def _match(folder: Path) -> tuple[bool, object]:
    heard: list[str] = []
    match = load_match(folder, tell=heard.append)
    return match is None, heard[0] if len(heard) == 1 else None


READERS: dict[str, tuple[str, Reader]] = {
    "settings": ("settings.json", _settings),
    "players": (names.FILE_NAME, _players),
    "last game": ("last_game.json", _last_game),
    "autosave": (storage.AUTOSAVE, _autosave),
    "match": (MATCH_FILE, _match),
}


def _answer_damaged(reader: tuple[str, Reader], tmp_path: Path) -> tuple[int, list[str]]:
    """Feed every damaged input to one reader: (how many tried, what was not clean)."""
    name, read = reader
    failures = []
    inputs = damaged_inputs()
    for i, (what, content) in enumerate(inputs):
        folder = tmp_path / str(i)
        folder.mkdir()
        (folder / name).write_bytes(content)
        try:
            defaults, line = read(folder)
        except BaseException as err:  # noqa: BLE001 - the point is that nothing escapes
            failures.append(f"{name} {what}: raised {type(err).__name__}")
            continue
        if not (defaults and _one_line(line) and _kept_aside(folder, name, content)):
            failures.append(f"{name} {what}: defaults={defaults} line={line!r}")
    return len(inputs), failures


def _answer_special(reader: tuple[str, Reader], kind: str, folder: Path) -> None:
    """A named pipe with no writer, or a link to /dev/zero, in place of the reader's file."""
    name, read = reader
    path = folder / name
    if kind == "fifo":
        os.mkfifo(path)  # no writer: a plain open() would wait for ever
    else:
        path.symlink_to("/dev/zero")  # a plain read() would fill the memory
    defaults, line = read(folder)
    assert defaults and _one_line(line), line
    assert not path.exists() and not path.is_symlink(), "set aside"
    assert len(list(folder.glob(f"{name}.bad-*"))) == 1
    assert Path("/dev/zero").is_char_device()  # the link moved, not what it points to


@pytest.mark.parametrize("reader", sorted(READERS))
def test_every_reader_answers_every_damaged_file_cleanly(reader: str, tmp_path: Path) -> None:
    tried, failures = _answer_damaged(READERS[reader], tmp_path)
    assert failures == [] and tried == len(damaged_inputs())


@pytest.mark.skipif(not ON_UNIX, reason="named pipes and /dev are Unix's")
@pytest.mark.parametrize("reader", sorted(READERS))
@pytest.mark.parametrize("kind", ["fifo", "/dev/zero"])
def test_a_pipe_or_a_device_in_place_of_a_file_never_hangs(
    reader: str, kind: str, tmp_path: Path
) -> None:
    _answer_special(READERS[reader], kind, tmp_path)


@pytest.mark.parametrize(
    "content", [b'{"game": 5}', b'{"game": ["blanco"]}', b'{"game": null}', b'{"game": {"a": 1}}']
)
def test_a_last_game_of_the_wrong_type_is_set_aside_not_overwritten(
    content: bytes, tmp_path: Path
) -> None:
    (tmp_path / "last_game.json").write_bytes(content)
    defaults, line = _last_game(tmp_path)
    assert defaults and _one_line(line) and _kept_aside(tmp_path, "last_game.json", content)


@pytest.mark.parametrize(
    "fields",
    [
        {
            "mode": "wins",
            "target": "3",
            "names": ["A", "B"],
            "kinds": ["human", "human"],
            "seed": 1,
        },
        {"mode": "wins", "target": 3, "names": "AB", "kinds": ["human", "human"], "seed": 1},
        {"mode": "wins", "target": 3, "names": ["A", "B"], "kinds": ["human"], "seed": 1},
        {
            "mode": "wins",
            "target": 3,
            "names": ["A", "B"],
            "kinds": ["human", "human"],
            "seed": 1,
            "games": [{"seed": 1, "winner": 0, "left": "0"}],
        },
        {
            "mode": "wins",
            "target": 3,
            "names": ["A", "B"],
            "kinds": ["human", "human"],
            "seed": 1,
            "extra": True,
        },
        {"mode": "wins", "target": 3, "names": ["A", "B"], "kinds": ["human", "human"]},
    ],
)
def test_a_match_with_a_wrong_field_is_no_match_and_is_said(fields: dict, tmp_path: Path) -> None:
    content = json.dumps(fields).encode()
    (tmp_path / MATCH_FILE).write_bytes(content)
    defaults, line = _match(tmp_path)
    assert defaults and _one_line(line) and _kept_aside(tmp_path, MATCH_FILE, content)


def test_a_good_match_still_loads(tmp_path: Path) -> None:
    from game.blanco.ui.match import Match, save_match

    match = Match(
        "wins", 3, ["A", "B"], ["human", "easy"], 7, [{"seed": 6, "winner": 1, "left": [4, 0]}]
    )
    save_match(tmp_path, match)
    heard: list[str] = []
    assert load_match(tmp_path, tell=heard.append) == match and heard == []


# --------------------------------------------------------------------------- records


def test_a_records_folder_of_damaged_files_lists_the_good_ones_and_sets_the_rest_aside(
    tmp_path: Path,
) -> None:
    records = tmp_path / storage.RECORDS
    records.mkdir()
    good = _good_record()
    (records / "good.json").write_bytes(good)
    inputs = damaged_inputs()
    for i, (_what, content) in enumerate(inputs):
        (records / f"bad{i:02}.json").write_bytes(content)
    if ON_UNIX:
        os.mkfifo(records / "pipe.json")
        (records / "zero.json").symlink_to("/dev/zero")
    infos, problems = storage.list_records(tmp_path, games())
    bad = len(inputs) + (2 if ON_UNIX else 0)
    assert [info.path.name for info in infos] == ["good.json"]
    assert len(problems) == bad and all(_one_line(p) for p in problems)
    for i, (_what, content) in enumerate(inputs):
        assert _kept_aside(records, f"bad{i:02}.json", content)
    assert (records / "good.json").read_bytes() == good
    assert storage.list_records(tmp_path, games())[1] == [], "a bad record is reported once"


def test_check_record_answers_every_damaged_file_in_one_line_and_checks_the_rest(
    tmp_path: Path,
) -> None:
    good = tmp_path / "good.json"
    good.write_bytes(_good_record())
    paths = [str(good)]
    for i, (_what, content) in enumerate(damaged_inputs()):
        path = tmp_path / f"bad{i:02}.json"
        path.write_bytes(content)
        paths.append(str(path))
    if ON_UNIX:
        os.mkfifo(tmp_path / "pipe.json")
        paths += [str(tmp_path / "pipe.json"), "/dev/zero"]
    paths.append(str(good))  # still checked after all the bad ones
    result = subprocess.run(
        [sys.executable, "main.py", "--check-record", *paths],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 2 and "Traceback" not in result.stderr
    lines = result.stderr.splitlines()
    assert [line.split(": ", 1)[0] for line in lines] == paths[1:-1]
    # The good record's line checked alone, as the command runs it (game/cli.py), in this
    # process: the command itself is the run above.
    alone, errors = StringIO(), StringIO()
    assert check_records_cli([str(good)], games(), alone, errors) == 0 and not errors.getvalue()
    assert alone.getvalue() and result.stdout == alone.getvalue() * 2, (
        "a valid record's line is unchanged"
    )
    for path in paths[1:-1]:  # the command line only reads: nothing moved
        assert Path(path).exists()


def test_check_record_prints_any_name_and_path(tmp_path: Path, capsys) -> None:
    from io import StringIO

    odd = tmp_path / "caf\udce9.json"  # a file name that is not UTF-8 (surrogate-escaped)
    odd.write_bytes(b'{"players": ["\\udc80"]}')
    out, err = StringIO(), StringIO()
    assert check_records_cli([str(odd), str(odd)], games(), out, err) == 2
    line = err.getvalue().splitlines()[0]
    line.encode("utf-8")  # printable on any UTF-8 terminal
    assert "\\udce9" in line and "surrogate" in line and out.getvalue() == ""


# --------------------------------------------------------------------------- the parser


@FUZZ
@given(st.binary(max_size=600))
def test_random_bytes_are_a_value_or_one_line(content: bytes) -> None:
    try:
        value = safe_json.loads(safe_json.decode(content))
    except RecordError as err:
        assert _one_line(str(err))
    else:
        json.dumps(value, ensure_ascii=False).encode("utf-8")  # plain text, finite numbers


@FUZZ
@given(st.integers(1, 3000), st.sampled_from(["[", '{"a":', '[{"b":']))
def test_any_depth_is_refused_or_accepted_without_recursion(depth: int, opener: str) -> None:
    closer = {"[": "]", '{"a":': "}", '[{"b":': "}]"}[opener]
    text = opener * depth + "0" + closer * depth
    levels = depth * (2 if opener == '[{"b":' else 1)
    if levels <= safe_json.MAX_DEPTH:
        assert safe_json.loads(text) is not None
    else:
        with pytest.raises(safe_json.BadFile, match="nested"):
            safe_json.loads(text)


@FUZZ
@given(st.lists(st.integers(), min_size=1, max_size=2000))
def test_wide_json_is_read_and_integers_are_bounded(numbers: list[int]) -> None:
    text = json.dumps({"wide": numbers})
    if all(abs(n) <= 2**63 for n in numbers):
        assert safe_json.loads(text) == {"wide": numbers}
    else:
        with pytest.raises(safe_json.BadFile, match="too large"):
            safe_json.loads(text)


def test_a_file_growing_past_its_cap_while_read_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "big.json"
    path.write_bytes(b" " * (safe_json.FILE_CAP + 1))
    with pytest.raises(safe_json.BadFile, match="too large"):
        safe_json.read_json(path)
    path.write_bytes(b" " * (safe_json.FILE_CAP - 2) + b"{}")
    assert safe_json.read_json(path) == {}


def test_the_tally_of_damaged_inputs(tmp_path: Path, capsys) -> None:
    """Every reader, every damaged input (and a pipe and a device): how many were tried and
    how many were answered cleanly; all of them must be."""
    tried = clean = 0
    failures: list[str] = []
    for reader in sorted(READERS):
        folder = tmp_path / reader.replace(" ", "_")
        folder.mkdir()
        done, bad = _answer_damaged(READERS[reader], folder)
        tried, clean, failures = tried + done, clean + done - len(bad), failures + bad
        if ON_UNIX:
            for kind in ("fifo", "/dev/zero"):
                special = folder / kind.strip("/").replace("/", "_")
                special.mkdir()
                tried += 1
                try:
                    _answer_special(READERS[reader], kind, special)
                    clean += 1
                except AssertionError as err:
                    failures.append(f"{reader} {kind}: {err}")
    with capsys.disabled():
        print(f"\ndamaged inputs: {tried} tried, {clean} answered cleanly")
    assert failures == [] and clean == tried >= 5 * (len(damaged_inputs()) + 2 * ON_UNIX)
