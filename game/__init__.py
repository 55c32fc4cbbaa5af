"""Super Mega Lucky Box: a digital edition of the flip-and-write card game."""
