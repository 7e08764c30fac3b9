"""The shape of the web layer (issue 39): every route of the app comes from a route module that
takes the one dependency object (`cardhall.web.routes.deps.Deps`), `create_app` only assembles
them (and stays short), no two routes answer the same method and path, and docs/web.md's map
("Where a route lives") names every route module."""

from __future__ import annotations

import ast
import asyncio
import collections
import importlib
import inspect
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.applications import Starlette
from starlette.routing import BaseRoute, Mount, Route, WebSocketRoute

from cardhall.room.registry import Room
from cardhall.web import app as app_module
from cardhall.web.app import create_app

ROOT = Path(__file__).resolve().parents[2]
ROUTES = ROOT / "cardhall" / "web" / "routes"
SHARED = {"deps", "answers", "__init__"}
"""The modules of cardhall/web/routes that are not a resource: the deps object and how routes answer."""
RESOURCE_MODULES = {f"cardhall.web.{name}" for name in (
    "events", "event_pages", "clubs", "club_pages", "health", "operator", "turns", "listening", "away")}
"""Route modules beside cardhall/web/routes (older, each one resource); they take the deps object too."""
NEEDS_NOTHING = {"cardhall.web.pages", "cardhall.web.pwa", "cardhall.web.presenters"}
"""Route modules that need nothing of the room (the static pages, the PWA files, the games' pictures)."""


def route_modules() -> list[str]:
    return sorted(f"cardhall.web.routes.{p.stem}" for p in ROUTES.glob("*.py") if p.stem not in SHARED)


@pytest.fixture(scope="module")
def app(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Starlette]:
    folder = tmp_path_factory.mktemp("routes")
    loop = asyncio.new_event_loop()
    room = loop.run_until_complete(Room.open(f"sqlite:///{folder / 'room.sqlite3'}"))
    try:
        yield create_app(room, "routes-secret")
    finally:
        loop.run_until_complete(room.close())
        loop.close()


def owner(route: BaseRoute) -> str:
    """The module a route's handler is written in (the static files: the pages', which mount them)."""
    if isinstance(route, Route | WebSocketRoute):
        return str(route.endpoint.__module__)
    assert isinstance(route, Mount) and route.path == "/static", route
    return "cardhall.web.pages"


def test_every_route_comes_from_a_route_module(app: Starlette) -> None:
    allowed = set(route_modules()) | RESOURCE_MODULES | NEEDS_NOTHING
    strays = [f"{getattr(r, 'path', r)} ({owner(r)})" for r in app.routes if owner(r) not in allowed]
    assert not strays, "routes written outside the route modules:\n" + "\n".join(strays)
    unused = (set(route_modules()) | RESOURCE_MODULES) - {owner(r) for r in app.routes}
    assert not unused, f"route modules the app does not assemble: {sorted(unused)}"


def test_every_route_module_takes_the_deps_object() -> None:
    for name in [*route_modules(), *sorted(RESOURCE_MODULES)]:
        routes = importlib.import_module(name).routes
        assert list(inspect.signature(routes).parameters) == ["deps"], f"{name}.routes takes {inspect.signature(routes)}"
    for name in NEEDS_NOTHING:
        assert not inspect.signature(importlib.import_module(name).routes).parameters, name


def test_no_two_routes_answer_the_same_method_and_path(app: Starlette) -> None:
    seen: collections.Counter[tuple[str, str]] = collections.Counter()
    for route in app.routes:
        if isinstance(route, Route):
            seen.update((method, route.path) for method in route.methods or ())
        elif isinstance(route, WebSocketRoute):
            seen[("WEBSOCKET", route.path)] += 1
        else:
            seen[("MOUNT", getattr(route, "path", ""))] += 1
    twice = sorted(key for key, count in seen.items() if count > 1)
    assert not twice, f"answered by two routes: {twice}"
    assert len(seen) > 100  # the whole room is here (a sanity check of the walk itself)


def test_the_table_command_route_goes_last_among_the_apps_own(app: Starlette) -> None:
    """`POST /api/tables/{id}/{op}` catches any command name, so every other route goes first
    (`install` appends only the pages after it: none of them is a POST under /api/tables)."""
    paths = [getattr(r, "path", "") for r in app.routes]
    command = paths.index("/api/tables/{table_id}/{op}")
    assert not [p for p in paths[command + 1:] if p.startswith("/api/tables/")]


def test_create_app_only_assembles() -> None:
    """`create_app` is short and defines no handler of its own (no nested function)."""
    tree = ast.parse(inspect.getsource(app_module))
    made = next(n for n in tree.body if isinstance(n, ast.FunctionDef) and n.name == "create_app")
    length = (made.end_lineno or made.lineno) - made.lineno + 1
    assert length <= 60, f"create_app is {length} lines"
    nested = [n.name for n in ast.walk(made) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef) and n is not made]
    assert not nested, f"create_app defines {nested}: a handler belongs in a route module"


def test_the_docs_map_names_every_route_module() -> None:
    text = (ROOT / "docs" / "web.md").read_text(encoding="utf-8")
    section = text.split("## Where a route lives", 1)[1].split("\n## ", 1)[0]
    missing = [name for name in [*route_modules(), *sorted(RESOURCE_MODULES)]
               if name.replace("cardhall.", "").replace(".", "/") + ".py" not in section]
    assert not missing, f"docs/web.md, \"Where a route lives\", does not name {missing}"
