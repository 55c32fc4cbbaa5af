"""Sound designed per game (issue 67): each game's own effects and music, made by the project's
generator, mixed when its demo plays (SDL's disk audio driver), the music following the scenes,
and the settings' music on by default at a gentle level (old files migrated)."""

from __future__ import annotations

import array
import hashlib
import json
import math
import operator
import os
import subprocess
import sys
import time
import wave
from pathlib import Path

import pygame
import pytest

from game.blanco.ui import sounds as blanco_sounds
from game.catalog import game_uis as games
from game.core.ui.settings import GENTLE_MUSIC, Settings, load_settings
from game.core.ui.soundtrack import MENUS, Piece, follow, piece_of
from game.core.ui.toolkit.audio import Audio
from game.luckybox.ui import sounds as luckybox_sounds
from tests.sound_helpers import SOUND_DIR, read_mulaw, sounds_module

ROOT = Path(__file__).resolve().parents[1]
MUSIC_DIR = SOUND_DIR / "music"
#: The menus' sounds, the same in both games.
SHARED = {"click", "refuse"}
#: Lucky Box's marker and tokens: never heard at a Blanco table.
PEN_AND_TOKENS = {"cross", "token"}


def effect(name: str) -> tuple[int, array.array]:
    with wave.open(str(SOUND_DIR / f"{name}.wav"), "rb") as w:
        rate = w.getframerate()
        frames = array.array("h", w.readframes(w.getnframes()))
    if sys.byteorder == "big":
        frames.byteswap()
    return rate, frames


def dbfs(value: float) -> float:
    return 20 * math.log10(max(value, 1e-9) / 32767)


# --------------------------------------------------------------------------- the sets


def test_each_game_has_its_own_set_and_its_events_play_only_that() -> None:
    by_id = {g.id: g.sounds for g in games()}
    blanco, luckybox = by_id["blanco"], by_id["luckybox"]
    assert not blanco.own & luckybox.own
    assert {"blanco_flip", "blanco_place", "blanco_shuffle", "blanco_deal"} <= blanco.own
    assert "blanco_sweep" in blanco.own and luckybox.own >= PEN_AND_TOKENS
    shipped = {p.stem for p in SOUND_DIR.glob("*.wav")}
    for sounds in (blanco, luckybox):
        assert sounds.own <= shipped
        assert sounds.game_end in sounds.own
        for piece in (sounds.music, sounds.end_music):
            assert (MUSIC_DIR / f"{piece}.wav").is_file()
    assert set(blanco_sounds.EVENT_SOUNDS.values()) <= blanco.own
    assert blanco.deal in blanco.own
    lb_events = {*luckybox_sounds.EVENT_SOUNDS.values(), *luckybox_sounds.BONUS_SOUNDS.values()}
    assert lb_events <= luckybox.own | SHARED
    # two different loops, and each game's end is a piece of its own
    assert len({blanco.music, luckybox.music, MENUS.name}) == 3
    assert len({blanco.end_music, luckybox.end_music, blanco.music, luckybox.music}) == 4


def test_blanco_table_styles_play_blanco_sounds() -> None:
    from game.blanco.rules import events as ev
    from game.blanco.ui.table.styles import SOUNDS

    assert SOUNDS[ev.Played] == "blanco_place" and SOUNDS[ev.Drawn] == "blanco_draw"
    assert SOUNDS[ev.Reshuffled] == "blanco_shuffle" and SOUNDS[ev.Dealt] == "blanco_deal"
    assert SOUNDS[ev.LineCleared] == "blanco_sweep" and SOUNDS[ev.Revealed] == "blanco_flip"
    assert not set(SOUNDS.values()) & PEN_AND_TOKENS


# --------------------------------------------------------------------------- the files


TAKES = [f"{n}.{k}" for n in ("blanco_flip", "blanco_draw", "blanco_place") for k in (2, 3)]


@pytest.mark.parametrize("name", sorted(blanco_sounds.BLANCO_SOUNDS.own) + TAKES)
def test_blanco_effects_are_normalised_click_free_and_sensibly_loud(name: str) -> None:
    rate, frames = effect(name)
    assert rate == 44100
    peak = max(abs(v) for v in frames)
    assert -3.1 < dbfs(peak) < -2.9  # normalised to -3 dBFS: never clips
    rms = math.sqrt(sum(v * v for v in frames) / len(frames))
    assert -30 < dbfs(rms) < -12  # heard, never a blast
    assert abs(frames[0]) < 200 and abs(frames[-1]) < 200  # faded ends
    # no click inside: no jump between samples bigger than the sound's own steepest slopes
    # allow (a cut-off decay jumps from its level to 0 at once)
    tail = frames[-200:]
    assert max(abs(a - b) for a, b in zip(tail, tail[1:], strict=False)) < 2000


def test_the_sounds_heard_most_play_their_takes_in_turn() -> None:
    audio = Audio(SOUND_DIR)
    if not audio.available:
        pytest.skip("no mixer here")
    started: list[object] = []

    class Heard:
        """A take that says when it is played."""

        def __init__(self, sound: object) -> None:
            self.sound = sound

        def play(self) -> None:
            started.append(self.sound)

        def set_volume(self, value: float) -> None:
            pass

    takes = audio._takes["blanco_draw"]
    assert takes[0] is audio._sounds["blanco_draw"] and len(takes) == 3
    audio._takes["blanco_draw"] = [Heard(sound) for sound in takes]
    for _ in range(6):
        audio.play("blanco_draw")
    assert len({id(s) for s in started}) == 3  # three different takes
    assert started[:3] == started[3:] == takes  # in turn, each once before any again
    assert {"blanco_draw.2", "blanco_draw.3"} <= set(audio.names)
    rate, first = effect("blanco_draw")
    _, second = effect("blanco_draw.2")
    assert first != second  # another take, not a copy


def test_card_sounds_are_noise_and_the_rewards_are_tuned() -> None:
    """A card's sound is filtered noise (many sign changes, as paper), a reward a tone."""

    def crossings_per_second(name: str) -> float:
        rate, frames = effect(name)
        signs = sum(1 for a, b in zip(frames, frames[1:], strict=False) if (a < 0) != (b < 0))
        return signs * rate / len(frames)

    for card in ("blanco_flip", "blanco_draw", "blanco_place", "blanco_shuffle"):
        assert crossings_per_second(card) > 2500, card
    for tuned in ("blanco_line", "blanco_grid", "blanco_win"):
        assert crossings_per_second(tuned) < 2500, tuned


@pytest.mark.parametrize(
    "name", ["calm_loop", "luckybox_loop", "blanco_loop", "luckybox_end", "blanco_end"]
)
def test_music_is_small_loops_seamlessly_and_never_clips(name: str) -> None:
    rate, samples = read_mulaw(MUSIC_DIR / f"{name}.wav")
    assert rate == 22050
    seconds = len(samples) / rate
    peak = max(map(abs, samples))
    assert 8000 < peak < 32000  # audible, with room: -6 dBFS
    steepest = max(map(abs, map(operator.sub, samples, samples[1:])))  # (a sample's step)
    if name.endswith("_loop"):
        assert 15 <= seconds <= 30
        assert abs(samples[-1] - samples[0]) <= steepest  # the seam is like any other step
        assert abs(samples[-1] - samples[0]) < 2000
    else:  # an end piece rings out and ends in silence
        assert 4 <= seconds <= 8
        assert abs(samples[0]) < 100 and max(abs(v) for v in samples[-200:]) < 100
    assert (MUSIC_DIR / f"{name}.wav").stat().st_size < 24_000 * seconds  # 8 bits a sample


def test_the_shipped_sounds_stay_small() -> None:
    effects = sum(p.stat().st_size for p in SOUND_DIR.glob("*.wav"))
    music = sum(p.stat().st_size for p in MUSIC_DIR.glob("*.wav"))
    assert effects < 1.6 * 1024 * 1024 and music < 1.8 * 1024 * 1024


def test_the_manifest_holds_every_shipped_sound_checksum() -> None:
    lines = (SOUND_DIR / "MANIFEST.sha256").read_text().splitlines()
    listed = dict(reversed(line.split("  ", 1)) for line in lines)
    shipped = sorted(
        p.relative_to(SOUND_DIR).as_posix()
        for p in [*SOUND_DIR.glob("*.wav"), *MUSIC_DIR.glob("*.wav")]
    )
    assert sorted(listed) == shipped
    for path in shipped:
        assert hashlib.sha256((SOUND_DIR / path).read_bytes()).hexdigest() == listed[path], path


def test_regenerating_gives_the_same_bytes(tmp_path: Path) -> None:
    """The generator is reproducible: a card sound and a riffle, rendered again, are the shipped
    files byte for byte. (Every effect is rendered again, to within one step, by test_assets;
    the music takes seconds a piece to render: its checksums are in the manifest, which
    generate.py writes with it.)"""
    generate = sounds_module("generate")
    synth = sounds_module("synth")
    for name in ("blanco_flip", "blanco_flip.2", "blanco_shuffle"):
        synth.write_wav(tmp_path / f"{name}.wav", synth.finish(generate.SOUNDS[name]()))
        assert (tmp_path / f"{name}.wav").read_bytes() == (SOUND_DIR / f"{name}.wav").read_bytes()


def test_mulaw_round_trips_within_its_step() -> None:
    synth = sounds_module("synth")
    for sample in (0, 1, -1, 100, -100, 1000, -5000, 12345, -32000, 32767):
        back = synth.mulaw_sample(synth.mulaw_byte(sample))
        assert abs(back - sample) <= max(4, abs(sample) // 16), sample


# --------------------------------------------------------------------------- playing music


def test_audio_changes_piece_smoothly_and_remembers_it_while_off() -> None:
    audio = Audio(SOUND_DIR)
    if not audio.available:
        pytest.skip("no mixer here")
    try:
        audio.set_music(True, 0.3)
        assert audio.music_playing and audio.track == ("calm_loop", True)
        assert pygame.mixer.music.get_busy()
        audio.set_track("blanco_loop")  # the loop playing fades, Blanco's waits for it
        assert audio.track == ("blanco_loop", True) and audio.changing
        # The app's frames (update) start Blanco's loop once the fade is over.
        deadline = time.monotonic() + 10
        while audio.changing and time.monotonic() < deadline:
            audio.update()
            time.sleep(0.01)
        assert not audio.changing and pygame.mixer.music.get_busy(), "no piece after the fade"
        audio.set_music(False, 0.3)
        assert not audio.music_playing
        audio.set_track("luckybox_end", loop=False)  # off: only remembered
        assert audio.track == ("luckybox_end", False) and not audio.music_playing
        audio.set_track("luckybox_end", loop=False)  # the same again: nothing changes
        assert audio.track == ("luckybox_end", False)
    finally:
        pygame.mixer.music.stop()


CHANGING_FAST = """
import os, sys, time
sys.path.insert(0, {root!r})
from pathlib import Path
import pygame
pygame.init()
from game.core.ui.toolkit import audio as audio_module
audio_module.FADE_OUT_MS = 2  # (a fade ends every few milliseconds: the race comes often)
audio = audio_module.Audio(Path({sounds!r}))
if not audio.available:
    print("SKIP no mixer here")
    sys.exit(0)
audio.set_music(True, 0.3)
pieces = ["blanco_end", "luckybox_end", "calm_loop", "blanco_loop"]
changes = started = 0
end = time.monotonic() + {seconds}
while time.monotonic() < end:
    audio.set_track(pieces[changes % 4], loop=False)
    changes += 1
    audio.update()  # (as the app's frame does)
    started += not audio.changing
print("SURVIVED", changes, started, flush=True)
"""


def test_changing_piece_as_fast_as_scenes_change_never_crashes_the_mixer(tmp_path) -> None:
    """Scenes changed faster than a fade (a quick clicker; the tests' own apps): each change
    fades the piece out while the next waits. pygame's own `music.queue` raced its audio
    thread there (a piece freed twice: the app crashed within seconds of this loop, and
    once in the middle of an online game). In a process of its own: a crash is a failure
    here, not a lost test worker."""
    script = tmp_path / "changing_fast.py"
    script.write_text(CHANGING_FAST.format(root=str(ROOT), sounds=str(SOUND_DIR), seconds=4))
    env = {**os.environ, "SDL_AUDIODRIVER": "dummy", "SDL_VIDEODRIVER": "dummy"}
    done = subprocess.run(
        [sys.executable, str(script)], env=env, capture_output=True, text=True, timeout=120
    )
    if "SKIP" in done.stdout:
        pytest.skip("no mixer here")
    assert done.returncode == 0, f"the mixer crashed ({done.returncode}): {done.stderr[-800:]}"
    _, changes, started = done.stdout.split()[-3:]
    assert int(started) >= 20 and int(changes) > int(started), done.stdout  # pieces did start


def test_a_missing_piece_after_a_fade_leaves_the_music_silent_and_raises_nothing(
    tmp_path, monkeypatch
) -> None:
    """The piece waiting for a fade is missing (a damaged install): when the fade is over,
    `update` stops waiting and the music stays silent; nothing raises into the frame."""
    from game.core.ui.toolkit import audio as audio_module

    (tmp_path / "music").mkdir()
    loop = (SOUND_DIR / "music" / "calm_loop.wav").read_bytes()
    (tmp_path / "music" / "calm_loop.wav").write_bytes(loop)
    monkeypatch.setattr(audio_module, "FADE_OUT_MS", 5)
    audio = Audio(tmp_path)
    if not audio.available:
        pytest.skip("no mixer here")
    try:
        audio.set_music(True, 0.3)
        assert audio.music_playing and pygame.mixer.music.get_busy()
        audio.set_track("blanco_loop")  # (not in this folder)
        assert audio.changing
        deadline = time.monotonic() + 10
        while audio.changing and time.monotonic() < deadline:
            audio.update()
            time.sleep(0.01)
        assert not audio.changing and not audio.music_playing
        assert not pygame.mixer.music.get_busy()
    finally:
        pygame.mixer.music.stop()


def test_the_top_most_scene_naming_a_piece_chooses_the_music() -> None:
    class Named:
        def __init__(self, music: Piece | None) -> None:
            self.music = music

    class Recorder:
        def __init__(self) -> None:
            self.asked: list[tuple[str, bool]] = []

        def set_track(self, name: str, loop: bool = True) -> None:
            self.asked.append((name, loop))

    end = Piece("blanco_end", loop=False)
    assert piece_of([Named(MENUS), Named(None)]) == MENUS  # a menu over the title: its loop
    assert piece_of([Named(MENUS), Named(end), Named(None)]) == end
    assert piece_of([Named(None)]) is None
    audio = Recorder()
    follow([Named(MENUS), Named(end)], audio)
    follow([Named(None)], audio)  # nothing named: the music goes on as it is
    follow([Named(None)], object())  # the silent stand-in cannot change piece: no error
    assert audio.asked == [("blanco_end", False)]


def _tracks(app) -> list[tuple[str, bool]]:
    """Every piece the app's audio is asked for, from now on."""
    asked: list[tuple[str, bool]] = []
    audio = app.ctx.audio
    original = audio.set_track

    def recording(name: str, loop: bool = True) -> None:
        asked.append((name, loop))
        original(name, loop)

    audio.set_track = recording
    return asked


def test_the_music_follows_the_scenes_title_table_menus_end(app) -> None:
    from game.core.session import Seat
    from tests.ui_helpers import frames

    asked = _tracks(app)
    app.ctx.nav.clear_to("title")
    frames(app, 2)
    assert asked[-1] == ("calm_loop", True)
    for game_id in ("luckybox", "blanco"):
        sounds = app.ctx.game_ui(game_id).sounds
        app.ctx.nav.make(f"{game_id}.start_game", seats=[Seat("You")], seed=3)
        frames(app, 2)
        assert asked[-1] == (sounds.music, True)
        app.ctx.nav.push("settings")  # a menu over the table: the game's loop goes on
        assert asked[-1] == (sounds.music, True)
        app.stack.pop()
        table = app.stack.scenes[0]
        app.stack.push(table.scores_scene())  # the game's end: its end piece, once
        assert asked[-1] == (sounds.end_music, False)
        app.ctx.nav.clear_to("title")
        assert asked[-1] == ("calm_loop", True)


def test_a_games_deal_and_end_flourish_play_by_its_id(app) -> None:
    """The calls a dealing animation or a celebration of the game's end make (soundtrack)."""
    from game.core.ui.soundtrack import play_deal, play_game_end

    played: list[str] = []
    app.ctx.audio.play = played.append
    play_deal(app.ctx, "blanco")
    play_game_end(app.ctx, "blanco")
    play_deal(app.ctx, "luckybox")  # Lucky Box deals no cards: no sound
    play_game_end(app.ctx, "luckybox")
    play_game_end(app.ctx, "no_such_game")  # a game the app lacks: the default flourish
    assert played == ["blanco_deal", "blanco_win", "victory", "victory"]


def test_a_replay_plays_its_games_loop(app) -> None:
    from game.core.session import Seat
    from tests.ui_helpers import frames

    asked = _tracks(app)
    app.ctx.nav.make("blanco.start_game", seats=[Seat("Ann"), Seat("Bob")], seed=3)
    record = app.stack.scenes[0].session.record()
    app.ctx.nav.clear_to("title")
    app.stack.push(app.ctx.nav.make("blanco.replay", record=record))
    frames(app, 2)
    assert asked[-1] == ("blanco_loop", True)


def test_the_end_screen_plays_its_games_flourish(app) -> None:
    from game.core.session import Seat

    played: list[str] = []
    app.ctx.audio.play = played.append
    app.ctx.nav.make("blanco.start_game", seats=[Seat("You")], seed=3)
    app.stack.push(app.stack.scenes[0].scores_scene())
    assert played[-1] == "blanco_win"
    app.ctx.nav.make("luckybox.start_game", seats=[Seat("You")], seed=3)
    app.stack.push(app.stack.scenes[0].scores_scene())
    assert played[-1] == "victory"


# --------------------------------------------------------------------------- settings


def test_music_is_on_by_default_at_a_gentle_level(data_dir: Path) -> None:
    settings, warning = load_settings(data_dir)
    assert warning is None and settings.music is True
    assert settings.music_volume == GENTLE_MUSIC < settings.volume


@pytest.mark.parametrize(
    ("old", "music", "music_volume", "volume"),
    [
        # version 1 wrote every field: music off at 0.5 were its defaults, unchosen
        ({"version": 1, "music": False, "music_volume": 0.5, "volume": 0.3}, True, 0.35, 0.3),
        # a level chosen stays chosen (and so does music turned on)
        ({"version": 1, "music": True, "music_volume": 0.7, "volume": 0.9}, True, 0.7, 0.9),
        ({"version": 1, "music": False, "music_volume": 0.2}, True, 0.2, 0.8),
        # the oldest files: no version, only the effects' volume
        ({"volume": 0.6}, True, 0.35, 0.6),
        ({"volume": 0.6, "music": False}, True, 0.35, 0.6),
        # this version's choice stands
        ({"version": 2, "music": False, "music_volume": 0.5, "volume": 0.4}, False, 0.5, 0.4),
    ],
)
def test_old_settings_files_load_and_migrate(
    data_dir: Path, old: dict, music: bool, music_volume: float, volume: float
) -> None:
    (data_dir / "settings.json").write_text(json.dumps(old))
    settings, warning = load_settings(data_dir)
    assert warning is None
    assert (settings.music, settings.music_volume, settings.volume) == pytest.approx(
        (music, music_volume, volume)
    )
    assert Settings().music is True


def test_settings_rows_say_effects_and_music_in_every_language(app) -> None:
    from game.core import i18n
    from game.core.ui.screens.settings import SettingsScene

    scene = SettingsScene(app.ctx)
    rows = {row.name: row for row in scene.rows}
    seen = set()
    try:
        for lang in ("en", "fr", "de"):
            i18n.set_language(lang)
            labels = (rows["volume"].label(), rows["music_volume"].label())
            assert labels[0] != labels[1] and all(labels)
            seen.add(labels)
    finally:
        i18n.set_language("en")
    assert len(seen) == 3  # translated, not English three times
    assert rows["volume"].label() == "Effects volume"


# --------------------------------------------------------------------------- a demo, mixed

DEMO_SCRIPT = """
import json, sys
import pygame
from game.core.ui.toolkit import audio as audio_module

played, tracks = [], []
play, set_track = audio_module.Audio.play, audio_module.Audio.set_track


def playing(self, name):
    sound = self._sounds.get(name)
    play(self, name)
    if isinstance(sound, pygame.mixer.Sound) and self.volume > 0:  # loaded from its file
        played.append(name)


def tracking(self, name, loop=True):
    tracks.append([name, loop, self.music_playing])
    set_track(self, name, loop)


audio_module.Audio.play, audio_module.Audio.set_track = playing, tracking
from game.cli import main

status = main(["--demo", "--game", sys.argv[1], "--players", "1", "--seed", "3",
               "--speed", "64", "--exit-when-done"])
with open(sys.argv[2], "w") as out:
    json.dump({"status": status, "played": played, "tracks": tracks}, out)
"""


@pytest.mark.slow
def test_each_games_demo_mixes_its_own_sounds_through_the_disk_driver(tmp_path: Path) -> None:
    """Both demos at once, each in its own process with SDL's disk audio driver (the mix is
    written to a file as a sound card would play it): the sounds each played are its own set's,
    loaded from their files, and what was mixed is loud enough that effects are in it (the
    music alone peaks at -6 dBFS times its gentle volume)."""
    script = tmp_path / "demo.py"
    script.write_text(DEMO_SCRIPT)
    runs = {}
    for game_id in ("blanco", "luckybox"):
        data = tmp_path / f"data-{game_id}"
        data.mkdir()
        env = {
            **os.environ,
            "SDL_VIDEODRIVER": "dummy",
            "SDL_AUDIODRIVER": "disk",
            "SDL_DISKAUDIOFILE": str(tmp_path / f"{game_id}.raw"),
            "SMLB_DATA_DIR": str(data),
            "SMLB_NO_FRAME_WAIT": "1",
            "SMLB_LANG": "en",
            "PYTHONPATH": str(ROOT),
        }
        out = tmp_path / f"{game_id}.json"
        runs[game_id] = (
            subprocess.Popen(
                [sys.executable, str(script), game_id, str(out)],
                env=env,
                cwd=ROOT,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.PIPE,
            ),
            out,
        )
    results = {}
    for game_id, (process, out) in runs.items():
        _, err = process.communicate(timeout=240)
        assert process.returncode == 0, err.decode(errors="replace")[-2000:]
        results[game_id] = json.loads(out.read_text())
        assert results[game_id]["status"] == 0
    own = {g.id: g.sounds for g in games()}
    for game_id, result in results.items():
        played = set(result["played"])
        sounds = own[game_id]
        assert played <= sounds.own | SHARED, played - sounds.own
        assert sounds.game_end in played  # its end screen's flourish
        # the music starts on its table's loop (not the menus' first), then its end piece once
        assert result["tracks"][0] == [sounds.music, True, False]
        assert result["tracks"][-1] == [sounds.end_music, False, True]
        mixed = array.array("h", (tmp_path / f"{game_id}.raw").read_bytes())
        if sys.byteorder == "big":
            mixed.byteswap()
        assert len(mixed) > 44100 * 2  # over a second of sound, stereo
        assert max(abs(v) for v in mixed) > 0.3 * 32767  # effects in the mix, not music alone
        loud = sum(1 for k in range(0, len(mixed), 4410) if max(mixed[k : k + 4410]) > 1000)
        assert loud > len(mixed) // 4410 // 2  # sound most of the time, not a blip or two
    blanco = set(results["blanco"]["played"])
    assert {"blanco_deal", "blanco_draw", "blanco_place", "blanco_flip", "blanco_sweep"} <= blanco
    assert not blanco & PEN_AND_TOKENS  # no more borrowed pen or token sounds
    luckybox = set(results["luckybox"]["played"])
    assert results["luckybox"]["played"].count("victory") == 1  # once, as the end screen opens
    assert luckybox >= PEN_AND_TOKENS and not luckybox & own["blanco"].own
