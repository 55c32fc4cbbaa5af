"""The wheel's build backend: setuptools, plus the top-level sprites/ and sounds/ shipped
inside the package as game/assets/sprites and game/assets/sounds (game/core/paths.py looks
there when they are not beside the package).

pyproject.toml names this module (`backend-path = ["packaging"]`) and its BuildPy as the
`build_py` command; everything else is setuptools' own `build_meta`.
"""

from __future__ import annotations

import shutil
from pathlib import Path

from setuptools.build_meta import *  # noqa: F403  (the PEP 517 hooks themselves)
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parents[1]
ASSETS = {"sprites": "game/assets/sprites", "sounds": "game/assets/sounds"}
SKIP_SUFFIXES = {".py", ".pyc", ".pyo"}


class BuildPy(build_py):
    """build_py, then copy every asset file (not the generator scripts) into the package."""

    def run(self) -> None:
        super().run()
        for source, target in ASSETS.items():
            for path in sorted((ROOT / source).rglob("*")):
                if (
                    not path.is_file()
                    or path.suffix in SKIP_SUFFIXES
                    or "__pycache__" in path.parts
                ):
                    continue
                dest = Path(self.build_lib) / target / path.relative_to(ROOT / source)
                dest.parent.mkdir(parents=True, exist_ok=True)
                shutil.copy2(path, dest)
