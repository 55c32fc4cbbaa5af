"""The app's screens: the ones any game uses (title, settings, pause menu, confirm dialog,
hand-off, replays, statistics, How to play, the games in progress, the guided game's layer)
and the ones every game's scenes are built in, each holding what every game does the same
way and filled by the game with its parts: set-up (setup.py), the game's end (gameend.py)
and a replay (replay.py), each docstring the guide for a new game's author: what to give,
what comes free. plain.py fills each from what every game's rules and records say, and
game/core/ui/plain_routes.py puts those scenes under every game's routes: a game writes
only the scenes it wants its own way. Screens reach one another through `ctx.nav`, never
by importing each other."""
