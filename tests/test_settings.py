"""Settings: round trip, damaged files kept aside, clamping, saving that never raises."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game.core import (
    safe_files,  # how settings files are written
    storage as settings_mod,  # where bad ones are set aside
)
from game.core.ui.settings import Settings, data_dir, load_settings, save_settings


def test_missing_file_gives_defaults_without_warning(data_dir: Path) -> None:
    s, warning = load_settings(data_dir)
    assert s == Settings() and warning is None
    assert (s.volume, s.animation_speed, s.fullscreen, s.pass_screen) == (0.8, 1.0, False, True)


def test_round_trip(data_dir: Path) -> None:
    original = Settings(volume=0.35, animation_speed=2.5, fullscreen=True, pass_screen=False)
    assert save_settings(original, data_dir) is None
    loaded, warning = load_settings(data_dir)
    assert loaded == original and warning is None
    on_disk = json.loads((data_dir / "settings.json").read_text())
    assert on_disk["version"] == 2  # (1 before each game had its own music, on by default)
    assert [p.name for p in data_dir.iterdir()] == ["settings.json"]  # no temp files left


def test_save_creates_missing_folder(tmp_path: Path) -> None:
    folder = tmp_path / "a" / "b"
    assert save_settings(Settings(volume=0.1), folder) is None
    assert load_settings(folder)[0].volume == 0.1


@pytest.mark.parametrize(
    "content", [b"{not json", b"", b"\xff\xfe\x00garbage", b"[1, 2, 3]", b'"hello"', b"null"]
)
def test_damaged_or_foreign_file_is_kept_aside(data_dir: Path, content: bytes) -> None:
    path = data_dir / "settings.json"
    path.write_bytes(content)
    s, warning = load_settings(data_dir)
    assert s == Settings()
    assert warning and "\n" not in warning
    assert not path.exists()
    aside = list(data_dir.glob("settings.json.bad-*"))
    assert len(aside) == 1 and aside[0].read_bytes() == content
    assert aside[0].name in warning
    # Saving afterwards writes a fresh file and leaves the bad one untouched.
    assert save_settings(Settings(volume=0.5), data_dir) is None
    assert aside[0].read_bytes() == content
    assert load_settings(data_dir) == (Settings(volume=0.5), None)


def test_two_bad_files_in_the_same_second_both_survive(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(settings_mod.time, "strftime", lambda fmt: "20260101-120000")
    for content in (b"{one", b"{two"):
        (data_dir / "settings.json").write_bytes(content)
        load_settings(data_dir)
    kept = sorted(p.read_bytes() for p in data_dir.glob("settings.json.bad-*"))
    assert kept == [b"{one", b"{two"]


def test_out_of_range_values_are_clamped(data_dir: Path) -> None:
    (data_dir / "settings.json").write_text(json.dumps({"volume": 7, "animation_speed": 0.01}))
    s, warning = load_settings(data_dir)
    assert (s.volume, s.animation_speed, warning) == (1.0, 0.25, None)
    (data_dir / "settings.json").write_text(json.dumps({"volume": -1, "animation_speed": 99}))
    s, _ = load_settings(data_dir)
    assert (s.volume, s.animation_speed) == (0.0, 4.0)


def test_unknown_fields_ignored_and_bad_types_fall_back(data_dir: Path) -> None:
    (data_dir / "settings.json").write_text(
        '{"volume": "loud", "fullscreen": 1, "pass_screen": false, "colour": "red",'
        ' "animation_speed": "fast"}'
    )
    s, warning = load_settings(data_dir)
    assert s == Settings(pass_screen=False)
    assert warning is not None
    for name in ("volume", "fullscreen", "animation_speed"):
        assert name in warning
    assert (data_dir / "settings.json").exists()  # readable JSON is not moved aside


def test_unwritable_folder_returns_a_warning(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    warning = save_settings(Settings(), blocker / "data")
    assert warning and warning.startswith("Settings not saved")


def test_failed_replace_leaves_no_temp_file(
    data_dir: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(src: str, dst: str) -> None:
        raise PermissionError(13, "Permission denied")

    save_settings(Settings(volume=0.2), data_dir)
    monkeypatch.setattr(safe_files.os, "replace", refuse)
    warning = save_settings(Settings(volume=0.9), data_dir)
    assert warning == "Settings not saved: Permission denied."
    assert [p.name for p in data_dir.iterdir()] == ["settings.json"]
    monkeypatch.undo()
    assert load_settings(data_dir)[0].volume == 0.2  # the old file is intact


def test_read_only_folder(data_dir: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # A read-only folder refuses new files. Tests run as root (which ignores permission bits),
    # so the refusal is simulated where the operating system would make it: creating the file.
    def read_only(*args: object, **kwargs: object) -> None:
        raise PermissionError(13, "Permission denied")

    monkeypatch.setattr(safe_files.tempfile, "mkstemp", read_only)
    warning = save_settings(Settings(), data_dir)
    assert warning == "Settings not saved: Permission denied."
    assert list(data_dir.iterdir()) == []


def test_data_dir_honours_the_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SMLB_DATA_DIR", str(tmp_path / "x"))
    assert data_dir() == tmp_path / "x"
    monkeypatch.delenv("SMLB_DATA_DIR")
    assert "super-mega-lucky-box" in str(data_dir())
