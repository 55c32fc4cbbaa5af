"""Blanco (KENDi, 2025): race to clear your own grid of cards.

`game.blanco.rules` is the pure rules engine (no pygame); `game.blanco.rules.game.BLANCO` is the
`Game` object the table, records and command line use.
"""
