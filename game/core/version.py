"""The app's name and version: records keep the version (`game_version`), the command line
prints both (`--version`), and the package's metadata reads the version from here
(pyproject.toml). Core may import it; game.cli re-exports it."""

APP_NAME = "Super Mega Lucky Box"  # the app, whichever of its games is played
__version__ = "0.1.0"
