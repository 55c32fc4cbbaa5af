"""High card's UI: its table's kit (`kit.py`) and its descriptor (`descriptor.py`)."""
