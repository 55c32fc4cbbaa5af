"""Learning Blanco in the game: How to play pages and the guided first game."""
