"""What a game hands the app's UI, and what it is handed back: its descriptor (`GameUI`,
descriptor.py: its routes, its table's kit maker, its layout, sounds and tour), its table's kit
(`TableKit`, kit.py: the shown board, the parts, the event styles, the hooks) and the port the
table gives the kit and its parts (`TablePort`, port.py: what they read and may call). The
table implements the port; nothing here names the table, a screen or a game."""
