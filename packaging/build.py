"""Build the double-clickable app with PyInstaller (pip install -r requirements-dev.txt first).

    python packaging/build.py [--dist DIR] [--work DIR]

Writes DIST/super-mega-lucky-box/ (default dist/ at the top of the checkout) holding the
executable `super-mega-lucky-box` (`.exe` on Windows); on macOS also
DIST/Super Mega Lucky Box.app. Prints the bundle's path and size. Icons are made from
sprites/icon.png first when missing (packaging/make_icons.py).
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
NAME = "super-mega-lucky-box"
SPEC = HERE / f"{NAME}.spec"


def executable(dist: Path) -> Path:
    return dist / NAME / (NAME + (".exe" if sys.platform == "win32" else ""))


def bundle_path(dist: Path) -> Path:
    """What a player gets: the .app on macOS, else the folder."""
    if sys.platform == "darwin":
        return dist / "Super Mega Lucky Box.app"
    return dist / NAME


def size_bytes(path: Path) -> int:
    total = 0
    for dirpath, _dirnames, filenames in os.walk(path):
        for name in filenames:
            file = Path(dirpath) / name
            if not file.is_symlink():
                total += file.stat().st_size
    return total


def ensure_icons() -> None:
    icons = HERE / "icons"
    wanted = [icons / f"{NAME}{suffix}" for suffix in (".png", ".ico", ".icns")]
    if not all(path.exists() for path in wanted):
        subprocess.run([sys.executable, str(HERE / "make_icons.py")], check=True)


def build(dist: Path, work: Path, quiet: bool = False) -> Path:
    ensure_icons()
    command = [
        sys.executable,
        "-m",
        "PyInstaller",
        "--noconfirm",
        "--clean",
        "--distpath",
        str(dist),
        "--workpath",
        str(work),
        "--log-level",
        "WARN" if quiet else "INFO",
        str(SPEC),
    ]
    subprocess.run(command, cwd=ROOT, check=True)
    exe = executable(dist)
    if not exe.exists():
        raise SystemExit(f"build finished but {exe} is missing")
    return exe


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build the app with PyInstaller.")
    parser.add_argument("--dist", type=Path, default=ROOT / "dist", help="output folder")
    parser.add_argument("--work", type=Path, default=ROOT / "build", help="PyInstaller's temp")
    parser.add_argument("--quiet", action="store_true", help="only PyInstaller's warnings")
    args = parser.parse_args(argv)
    dist, work = args.dist.resolve(), args.work.resolve()
    began = time.perf_counter()
    exe = build(dist, work, args.quiet)
    bundle = bundle_path(dist)
    mb = size_bytes(bundle) / 1e6
    print(f"bundle: {bundle}")
    print(f"executable: {exe}")
    print(f"size: {mb:.1f} MB ({time.perf_counter() - began:.0f} s to build)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
