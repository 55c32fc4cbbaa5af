"""`--demo --daily YYYY-MM-DD`: the day's deal played by a demo seat, its record dated; and the
refusals, each one line (exit 2), of a bad date, a seed, or more than one seat."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from game import cli
from game.core.daily import daily_seed

DAY = "2026-11-22"


@pytest.mark.parametrize(
    ("argv", "said"),
    [
        (["--demo", "--daily", "2026-02-30"], "--daily must be a real date"),
        (["--demo", "--daily", "tomorrow"], "--daily must be a real date"),
        (["--demo", "--daily", DAY, "--seed", "3"], "leave out --seed"),
        (["--demo", "--daily", DAY, "--players", "2"], "--players must be 1"),
        (["--demo", "--daily", DAY, "--game", "blanco", "--players", "3"], "--players must be 1"),
        (["--daily", DAY], "--daily needs --demo"),
    ],
)
def test_daily_usage_errors_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], said: str
) -> None:
    with pytest.raises(SystemExit) as stopped:
        cli.parse_args(argv)
    assert stopped.value.code == 2
    err = capsys.readouterr().err
    assert said in err and len(err.splitlines()) == 1, err  # one line, no usage block


def test_daily_is_a_solo_demo() -> None:
    args = cli.parse_args(["--demo", "--daily", DAY, "--players", "1"])
    assert (args.daily, args.players, args.seed) == (DAY, 1, None)
    assert cli.parse_args(["--demo", "--daily", DAY]).players == 1


def test_the_daily_demo_plays_the_days_deal_and_dates_its_record(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The test hook (SMLB_NO_FRAME_WAIT, read at import): no sleep between frames, same game.
    monkeypatch.setattr("game.core.ui.app.FRAME_WAITS", False)
    path = tmp_path / "daily.json"
    argv = ["--demo", "--daily", DAY, "--game", "blanco", "--speed", "64", "--lang", "fr"]
    status = cli.main([*argv, "--exit-when-done", "--save-record", str(path)])
    assert status == 0
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["daily"] == DAY
    assert record["seed"] == daily_seed("blanco", DAY)
    assert len(record["players"]) == 1
    assert "Ordinateur 1" in json.dumps(record["players"], ensure_ascii=False)  # in French
    assert cli.main(["--check-record", str(path)]) == 0
    assert '"finished": true' in capsys.readouterr().out
