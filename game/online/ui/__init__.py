"""Play online, the app's side: the "Play online" screen (host a table, join one by its code,
take back the seats this app holds), the lobby, and the game's own table fed by the server
(`table.py`). The network runs in a thread of its own (`net.py`); only the scenes use pygame.

A table is shared as its code (`KQ7-4XM`) or as a link holding the server too:
`ws://HOST:PORT/#KQ7-4XM` (`smlb://HOST:PORT/#KQ7-4XM` reads the same). Either can be pasted
into Join's code field.
"""
