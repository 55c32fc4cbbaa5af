"""Play online: an authoritative server that keeps every table's rules state, and the protocol
client (docs/PROTOCOL.md). No pygame here; rules and bots never import this package.

    protocol.py   the messages (msgspec structs: strict decoding, size caps)
    codec.py      views, events and actions as JSON, through the wire each game states
    store.py      the tables and their actions on disk (SQLite; SQL lives only there)
    tables.py     one table: its game, seats, versions, computers; the hub of every table
    server.py     the WebSocket server: connections, rate limits, what a message does
    command.py    `python main.py --serve`: opens the store, listens, stops on SIGTERM
    limits.py     what one address may take of the server (each limit a `--serve` option)
    client.py     a seat's client (reconnects on its own) and the headless `--demo --online`
"""
