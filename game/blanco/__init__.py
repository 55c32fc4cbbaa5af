"""Blanco (KENDi, 2025): race to clear your own grid of cards.

`game.blanco.rules` is the pure rules engine (no pygame, no bots, no words);
`game.blanco.entry.BLANCO` is the whole game (rules, bots, words, wire) the table, records and
command line use.
"""
