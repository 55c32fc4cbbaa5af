"""Where a table's seats are listed (the lobby, the table's seats menu): one column of rows up
to four seats, as the screens were drawn for them; beyond, two columns of shorter rows, so a
Lucky Box table of twelve fits above the screen's buttons."""

from __future__ import annotations

import math

import pygame

ONE_COLUMN = 4  # seats listed in one column; more take two


def seat_rows(
    count: int, one: pygame.FRect, two: pygame.FRect, row_h: float, top_pad: float = 42
) -> list[pygame.FRect]:
    """Each seat's row, seat 0 first: in `one` (one column, `row_h` apart, from `top_pad`
    below its top) up to ONE_COLUMN seats; else in `two`'s two columns, the first half on the
    left, rows as tall as fit (`row_h` at most)."""
    if count <= ONE_COLUMN:
        return [
            pygame.FRect(one.x, one.y + top_pad - row_h / 2 + i * row_h, one.w, row_h)
            for i in range(count)
        ]
    per_column = math.ceil(count / 2)
    step = min(row_h, (two.h - top_pad + row_h / 2 - 8) / per_column)
    width = two.w / 2
    return [
        pygame.FRect(
            two.x + (i // per_column) * width,
            two.y + top_pad - step / 2 + (i % per_column) * step,
            width,
            step,
        )
        for i in range(count)
    ]


def panel_of(rows: list[pygame.FRect], pad_bottom: float = 0) -> pygame.FRect:
    """The paper panel behind the rows: their union, with the room above the first row."""
    union = rows[0].unionall(rows[1:]) if rows else pygame.FRect(0, 0, 0, 0)
    return pygame.FRect(union.x, union.y - 20, union.w, union.h + 40 + pad_bottom)
