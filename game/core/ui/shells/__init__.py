"""The shells every game's scenes are built in: one per kind of scene (the table, its set-up,
the game's end, a replay). A shell holds what every game does the same way (seats, saving,
turns, the animator, the replay's controls, the end's buttons); a game fills it with its parts.

Each module's docstring is the guide for a new game's author: what to give, what comes free.
`plain.py` fills each shell from what every game's rules and records say, and `routes.py` puts
those scenes under every game's routes: a game writes only the scenes it wants its own way.
"""
