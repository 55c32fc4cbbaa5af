"""High card's screens: the core shells (game/core/ui/shells) filled with High card's few parts."""
