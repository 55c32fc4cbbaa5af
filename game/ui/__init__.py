"""The windowed game: scenes, widgets, art and sound around the rules engine."""
