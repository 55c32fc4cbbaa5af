"""Make the app's icons from sprites/icon.png: PNG (Linux), ICO (Windows), ICNS (macOS).

    python packaging/make_icons.py [--out DIR]      (default: packaging/icons)

pygame scales the 64 px pixel-art icon (whole multiples pixel for pixel, so it stays crisp;
smaller sizes smoothly). The .ico and .icns containers hold PNG images, which every Windows
since Vista and every macOS since 10.7 read, so they are written here in plain Python: no
Pillow needed.
"""

from __future__ import annotations

import argparse
import io
import os
import struct
import sys
from pathlib import Path

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")

import pygame  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SOURCE = ROOT / "sprites" / "icon.png"
OUT = Path(__file__).resolve().parent / "icons"
NAME = "super-mega-lucky-box"
ICO_SIZES = (16, 24, 32, 48, 64, 128, 256)
# ICNS element types holding PNG data, by pixel size (the @2x ones share sizes with others).
ICNS_TYPES = (
    (b"icp4", 16),
    (b"icp5", 32),
    (b"icp6", 64),
    (b"ic07", 128),
    (b"ic08", 256),
    (b"ic09", 512),
    (b"ic10", 1024),
    (b"ic11", 32),
    (b"ic12", 64),
    (b"ic13", 256),
    (b"ic14", 512),
)


def scaled(source: pygame.Surface, size: int) -> pygame.Surface:
    width = source.get_width()
    if size % width == 0:
        return pygame.transform.scale(source, (size, size))  # pixel art: blocks, no blur
    return pygame.transform.smoothscale(source, (size, size))


def png_bytes(surface: pygame.Surface) -> bytes:
    buffer = io.BytesIO()
    pygame.image.save(surface, buffer, "icon.png")
    return buffer.getvalue()


def ico(images: dict[int, bytes]) -> bytes:
    """An ICO file of PNG images (a 6-byte header, a 16-byte entry each, then the data)."""
    sizes = sorted(images)
    header = struct.pack("<HHH", 0, 1, len(sizes))
    offset = len(header) + 16 * len(sizes)
    entries, data = b"", b""
    for size in sizes:
        blob = images[size]
        side = 0 if size >= 256 else size  # 0 means 256
        entries += struct.pack("<BBBBHHII", side, side, 0, 0, 1, 32, len(blob), offset)
        offset += len(blob)
        data += blob
    return header + entries + data


def icns(images: dict[int, bytes]) -> bytes:
    """An ICNS file: b'icns', the total length, then (type, length, PNG data) elements."""
    body = b"".join(
        kind + struct.pack(">I", 8 + len(images[size])) + images[size] for kind, size in ICNS_TYPES
    )
    return b"icns" + struct.pack(">I", 8 + len(body)) + body


def make(out: Path = OUT) -> list[Path]:
    source = pygame.image.load(str(SOURCE))
    sizes = sorted(set(ICO_SIZES) | {size for _kind, size in ICNS_TYPES})
    images = {size: png_bytes(scaled(source, size)) for size in sizes}
    out.mkdir(parents=True, exist_ok=True)
    written = {
        out / f"{NAME}.png": images[256],
        out / f"{NAME}.ico": ico({size: images[size] for size in ICO_SIZES}),
        out / f"{NAME}.icns": icns(images),
    }
    for path, blob in written.items():
        path.write_bytes(blob)
    return list(written)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=OUT, help="folder for the icons")
    args = parser.parse_args(argv)
    for path in make(args.out):
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
