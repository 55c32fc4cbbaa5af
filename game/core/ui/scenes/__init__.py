"""Scenes any game uses: title, settings, pause menu, confirm dialog, hand-off, replays and
statistics. They reach one another through `ctx.nav`, never by importing each other."""
