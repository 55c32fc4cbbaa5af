"""Scenes reach one another by name through `ctx.nav`, not by importing each other.

Core's scenes (`game/core/ui/routes.py`) and each game (its UI descriptor's `install`, routes
named "{game_id}.{name}") register a factory per route; a factory takes the
context and keyword arguments and returns a scene (or does what the route means, e.g. start a
game, and returns None). Factories import their scene lazily, which keeps start-up quick and the
scene modules free of import cycles.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Concatenate, ParamSpec, Protocol, TypeVar

if TYPE_CHECKING:
    from game.core.ui.toolkit.stack import SceneStack

Factory = Callable[..., Any]

CtxT = TypeVar("CtxT")
Params = ParamSpec("Params")
Made = TypeVar("Made")


def lazy(
    load: Callable[[], Callable[Concatenate[CtxT, Params], Made]],
) -> Callable[Concatenate[CtxT, Params], Made]:
    """A route's factory that imports what it makes when the route is first taken: `load`
    imports and gives the scene class (or function), which the factory calls with the context
    and the route's arguments. The factory takes exactly what the scene takes, so the checker
    follows a route's arguments into its scene."""

    def factory(ctx: CtxT, /, *args: Params.args, **kwargs: Params.kwargs) -> Made:
        return load()(ctx, *args, **kwargs)

    return factory


class Owner(Protocol):
    """What the navigator reads of the Context that owns it: the stack it shows scenes on
    (factories are handed the whole context)."""

    @property
    def stack(self) -> SceneStack: ...


class UnknownRoute(KeyError):
    """A scene asked for a route nobody registered (a wiring bug, named in the message)."""


class Navigator:
    """Route name -> factory(ctx, **kwargs)."""

    def __init__(self) -> None:
        self._routes: dict[str, Factory] = {}
        self.ctx: Owner | None = None  # set by the Context that owns it

    def register(self, route: str, factory: Factory) -> None:
        self._routes[route] = factory

    def has(self, route: str) -> bool:
        return route in self._routes

    def make(self, route: str, /, **kwargs: object) -> Any:
        """Build what the route gives (usually a scene) without showing it."""
        try:
            factory = self._routes[route]
        except KeyError:
            raise UnknownRoute(f"no scene registered as {route!r}") from None
        return factory(self.ctx, **kwargs)

    def push(self, route: str, /, **kwargs: object) -> Any:
        """Show the route's scene on top of the current one."""
        scene = self.make(route, **kwargs)
        self._stack().push(scene)
        return scene

    def replace(self, route: str, /, **kwargs: object) -> Any:
        scene = self.make(route, **kwargs)
        self._stack().replace(scene)
        return scene

    def clear_to(self, route: str, /, **kwargs: object) -> Any:
        """Make the route's scene the only one (back to the title, say)."""
        scene = self.make(route, **kwargs)
        self._stack().clear_to(scene)
        return scene

    def _stack(self) -> SceneStack:
        assert self.ctx is not None, "a navigator shows scenes once its Context owns it"
        return self.ctx.stack
