"""The system clipboard: a line the player means to paste elsewhere (a daily result, an online
table's link), and what they paste into a text field (a link a friend sent)."""

from __future__ import annotations

import pygame


def copy_to_clipboard(text: str) -> bool:
    """Put `text` on the system clipboard; False where there is none (or it refused)."""
    try:
        pygame.scrap.put_text(text)
        return bool(pygame.scrap.get_text() == text)
    except (pygame.error, AttributeError, NotImplementedError):  # no clipboard, no scrap
        return False


def clipboard_text() -> str:
    """The text on the system clipboard ("" where there is none, or no text on it)."""
    try:
        text = pygame.scrap.get_text()
    except (pygame.error, AttributeError, NotImplementedError):
        return ""
    return text if isinstance(text, str) else ""
