"""The layer order of the package, held by its imports (docs/protocol.md, "Layers").

core → games → bots → (room, people) → clubs → events → web → (tui, arena, envs) → cli: a module may
import only modules of its own tier or of the tiers before it; room (the tables) and people (accounts,
ratings, friends, chat, moderation, limits) share a tier, since the tables read names and ratings and
people's rows live in the room's store; tui, arena and envs are siblings and may
not import each other. Every `import` in a module counts, also one inside a function or
under `TYPE_CHECKING`: a lazy import is still a dependency. A lazy `module:attr` string (a
game's declared plug-ins, the registry) is not an import. The modules of the package may
not import each other in a cycle either.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parent.parent / "cardhall"

TIERS: dict[str, int] = {"core": 0, "games": 1, "bots": 2, "room": 3, "people": 3, "clubs": 4, "events": 5, "web": 6,
                         "tui": 7, "arena": 7, "envs": 7, "cli": 8}
"""The tier of each top-level part of the package (`cardhall/__init__.py` is the public
API: it registers the games, so it sits with them; `cardhall/__main__.py` is the command's)."""

PARTNERS = {"room", "people"}
"""The one pair of parts of a tier that may import each other (the tables and the people; a cycle
between their modules is still refused). Other parts of one tier are siblings that never do."""


def module_name(path: Path) -> str:
    parts = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def part_of(module: str) -> str:
    """The top-level part (`core`, `games`, …) of a module of the package; `cardhall` itself is `games`."""
    parts = module.split(".")
    part = parts[1] if len(parts) > 1 else "games"
    return "cli" if part == "__main__" else part


def imports(path: Path) -> Iterator[tuple[str, int]]:
    """The modules of the package that `path` imports (absolute names), with their line."""
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    own = module_name(path)
    package = own if path.name == "__init__.py" else own.rpartition(".")[0]
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.split(".")[0] == "cardhall":
                    yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")
                base = base[: len(base) - (node.level - 1)]
                target = ".".join(base + ([node.module] if node.module else []))
            else:
                target = node.module or ""
            if target.split(".")[0] != "cardhall":
                continue
            if node.module is None or (not node.level and target == "cardhall"):
                # `from cardhall import bench` / `from . import hidden`: each name may be a module
                for alias in node.names:
                    candidate = f"{target}.{alias.name}"
                    yield (candidate if _is_module(candidate) else target), node.lineno
            else:
                yield target, node.lineno


def _is_module(name: str) -> bool:
    path = PACKAGE.parent.joinpath(*name.split("."))
    return path.with_suffix(".py").is_file() or (path / "__init__.py").is_file()


def violation(module: str, target: str) -> str | None:
    """Why `module` may not import `target`, or None when it may."""
    own, other = part_of(module), part_of(target)
    if other not in TIERS:
        return f"{target} belongs to no tier (add cardhall/{other} to TIERS in tests/test_layers.py and docs/protocol.md)"
    if own not in TIERS:
        return f"{module} belongs to no tier (add cardhall/{own} to TIERS in tests/test_layers.py and docs/protocol.md)"
    if TIERS[other] > TIERS[own]:
        return f"{module} ({own}) imports {target} ({other}), a later layer"
    if TIERS[other] == TIERS[own] and own != other and {own, other} != PARTNERS:
        return f"{module} ({own}) imports {target} ({other}); {own} and {other} are siblings and may not import each other"
    return None


MODULES = sorted(PACKAGE.rglob("*.py"))


def test_the_package_has_modules_in_every_existing_tier() -> None:
    """The walk finds the package (a test that walks nothing would pass on anything)."""
    found = {part_of(module_name(p)) for p in MODULES}
    assert {"core", "games", "bots", "tui", "arena", "cli"} <= found


def test_every_module_imports_only_its_own_tier_or_earlier_ones() -> None:
    problems = []
    for path in MODULES:
        module = module_name(path)
        for target, line in imports(path):
            why = violation(module, target)
            if why:
                problems.append(f"{path.relative_to(PACKAGE.parent)}:{line}: {why}")
    assert not problems, "layer order broken (see TIERS):\n" + "\n".join(problems)


def _graph() -> dict[str, set[str]]:
    known = {module_name(p) for p in MODULES}
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        module = module_name(path)
        targets = set()
        for target, _ in imports(path):
            # `import a.b.c` runs a, a.b and a.b.c; only the named module counts as the edge
            while target not in known and "." in target:
                target = target.rpartition(".")[0]
            if target != module and target in known and target != "cardhall":
                targets.add(target)
        graph[module] = targets
    return graph


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of `graph` as a list of nodes (first repeated at the end), or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return [*path[path.index(nxt):], nxt]
            if nxt not in state and (cycle := visit(nxt)):
                return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (cycle := visit(node)):
            return cycle
    return None


def test_no_modules_of_the_package_import_each_other_in_a_cycle() -> None:
    """A package's `__init__` re-exporting its modules is not counted (the modules never import it back
    by name); every other import, lazy ones included, is."""
    cycle = find_cycle(_graph())
    assert cycle is None, "import cycle: " + " → ".join(cycle or [])


@pytest.mark.parametrize(("module", "target", "fails"), [
    ("cardhall.core.game", "cardhall.games.hearts.game", True),
    ("cardhall.games.hearts.bot", "cardhall.bots.pimc", True),
    ("cardhall.bots.ismcts", "cardhall.core.bot", False),
    ("cardhall.tui.play", "cardhall.arena.match", True),
    ("cardhall.envs.aec", "cardhall.room.table", False),
    ("cardhall.room.table", "cardhall.web.app", True),
    ("cardhall.room.table", "cardhall.events.duplicate", True),
    ("cardhall.room.table", "cardhall.people.ratings", False),
    ("cardhall.people.accounts", "cardhall.room.store", False),
    ("cardhall.people.social", "cardhall.web.people", True),
    ("cardhall.people.social", "cardhall.clubs.clubs", True),
    ("cardhall.events.duplicate", "cardhall.room.registry", False),
    ("cardhall.events.duplicate", "cardhall.web.app", True),
    ("cardhall.web.events", "cardhall.events.listing", False),
    ("cardhall.cli", "cardhall.web.app", False),
    ("cardhall.core.cards", "cardhall", True),
    ("cardhall.games.jass.game", "cardhall.games.jass.tricks", False),
    ("cardhall.gadgets.x", "cardhall.core.game", True),
])
def test_the_rule_itself(module: str, target: str, fails: bool) -> None:
    """The checker's judgement on known cases, so a broken checker cannot pass the package."""
    assert (violation(module, target) is not None) == fails


def test_a_cycle_is_found() -> None:
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


# --- the web names no game -------------------------------------------------------------------
WEB = PACKAGE / "web"
WEB_FILES = sorted(p for p in WEB.rglob("*") if p.suffix in (".py", ".js", ".html", ".css"))
NAMES_A_GAME_BY_DESIGN = {"bench.py", "notices_bench.py", "arena_bench.py"}
"""`cardhall bench room` and the notices' benchmark measure a room of Hearts tables (docs/room.md,
docs/deploy.md): their workload is a game."""
SUIT_WORDS = re.compile(r'pgettext\("suit", "hearts"\)|--hearts')
""""hearts" is also a suit: the card faces' words and colours name it."""


def game_words() -> set[str]:
    """Every game's name and alias (the words a module would branch on to treat a game apart)."""
    import cardhall  # noqa: F401 - registers the games
    from cardhall.core.registry import aliases, game_names

    return {word for name in game_names() for word in (name, *aliases(name))}


def games_named(text: str, words: set[str]) -> list[str]:
    """The games `text` names as a value: a quoted name or alias, a path into a game's package."""
    text = SUIT_WORDS.sub("", text)
    found = [w for w in sorted(words) if re.search(rf"""["'`]{re.escape(w)}["'`]""", text)]
    found += re.findall(r"cardhall[./]games[./]\w+|/games/[a-z0-9-]+/", text)
    return found


def test_the_web_names_no_game() -> None:
    """cardhall/web (Python, scripts, templates, styles) treats every game alike: it reads what a
    game declares (its TextUI, its presenter) and never branches on a game's name or imports a
    game's module; a game's pictures live in its own package (cardhall/games/<game>/web)."""
    words = game_words()
    problems = []
    for path in WEB_FILES:
        if path.name in NAMES_A_GAME_BY_DESIGN:
            continue
        for target, line in (imports(path) if path.suffix == ".py" else []):
            if target.startswith("cardhall.games"):
                problems.append(f"{path.relative_to(PACKAGE.parent)}:{line}: imports {target}")
        named = games_named(path.read_text(encoding="utf-8"), words)
        if named:
            problems.append(f"{path.relative_to(PACKAGE.parent)}: names {', '.join(named)}")
    assert WEB_FILES and not problems, "cardhall/web names a game:\n" + "\n".join(problems)


def test_the_game_name_check_itself() -> None:
    words = {"hearts", "five-towers", "3-2-5"}
    assert games_named('if (summary.game === "five-towers") {}', words) == ["five-towers"]
    assert games_named("const TRICK = ['hearts', 'jass'];", words) == ["hearts"]
    assert games_named('import { x } from "/games/hearts/web/presenter.js";', words) == ["/games/hearts/"]
    assert games_named("from cardhall.games.five_towers.notation import TOWER_NAMES", words) == \
        ["cardhall.games.five_towers"]
    assert games_named('pgettext("suit", "hearts"); color: var(--hearts);', words) == []
    assert games_named('"/games/{game}/web/" + name', words) == []
