"""Lucky Box's table in parts: each part owns one region of the Tiled layout (its rect, its
events, its drawing), after Arcade's sections. `scenes/table.py` composes them."""
