"""The app's version: records keep it (`game_version`), the command line prints it, and the
package's metadata reads it from here (pyproject.toml). Core may import it; game.cli
re-exports it."""

__version__ = "0.1.0"
