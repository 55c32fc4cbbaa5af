"""Blanco's table in parts: each part owns one region (the focused grid, the hand, the piles,
the other players' grids, the banner, the buttons, the prompt); `scenes/table.py` composes them."""
