"""The table page's modules tested on their own in Chromium: each `test_*` export of the files in
tests/web/js runs in a blank page that imports the package's static files (no server: the
browser's requests are answered from the package's folders). And the browser's picker walks a
5 Towers build as the terminal's prompt does: the same questions, answers and path."""

from __future__ import annotations

import itertools
import mimetypes
import random
import re
from pathlib import Path
from typing import Any

import msgspec
import pytest

import cardhall
from cardhall.core.text import STEPWISE_OVER, text_ui
from cardhall.room.table import Seat, Table
from cardhall.tui.prompt import Prompt
from cardhall.web.presenters import folder
from cardhall.web.words import Cache, Speaker

HERE = Path(__file__).parent
STATIC = Path(cardhall.__file__).parent / "web" / "static"
ORIGIN = "http://cardhall.test"
UNITS = sorted((HERE / "js").glob("*.test.js"))


def serve(route: Any) -> None:
    """Answer the page's requests from the package: /static/, /games/<game>/web/, /tests/."""
    path = route.request.url.removeprefix(ORIGIN).split("?")[0]
    if path.startswith("/static/"):
        file = STATIC / path.removeprefix("/static/")
    elif m := re.match(r"^/games/([a-z0-9-]+)/web/([\w.-]+)$", path):
        base = folder(m[1])
        file = base / m[2] if base is not None else Path("/nonexistent")
    elif path.startswith("/tests/"):
        file = HERE / "js" / path.removeprefix("/tests/")
    else:
        route.fulfill(status=200, content_type="text/html", body="<!doctype html><html lang='en'><title>units</title></html>")
        return
    if not file.is_file():
        route.fulfill(status=404, body="not found")
        return
    kind = "text/javascript" if file.suffix == ".js" else mimetypes.guess_type(file.name)[0] or "text/plain"
    route.fulfill(status=200, content_type=kind, body=file.read_bytes())


@pytest.fixture(scope="module")
def page(browser: Any) -> Any:
    context = browser.new_context()
    context.route(f"{ORIGIN}/**", serve)
    page = context.new_page()
    page.goto(ORIGIN + "/")
    yield page
    context.close()


def exports(file: Path) -> list[str]:
    return re.findall(r"^export (?:async )?function (test_\w+)", file.read_text(), re.M)


CASES = [(f.name, name) for f in UNITS for name in exports(f)]


@pytest.mark.parametrize(("file", "name"), CASES, ids=[f"{f}::{n}" for f, n in CASES])
def test_js_unit(page: Any, file: str, name: str) -> None:
    failure = page.evaluate("""async ([file, name]) => {
        const module = await import(`/tests/${file}`);
        try { await module[name](); return null; } catch (err) { return String(err && err.stack || err); }
    }""", [file, name])
    assert failure is None, failure


def test_every_unit_file_has_tests() -> None:
    assert UNITS and all(exports(f) for f in UNITS)


def five_towers_build(seed: int) -> Table:
    """A 2-player 5 Towers table whose seat to move has a build of more than one list of choices."""
    game = cardhall.load("five-towers", players=2)
    rng = random.Random(seed)
    table = Table("t", game, seed, [Seat.person("p0", "Ann"), Seat.person("p1", "Bo")], host="p0")
    table.start("p0", 0.0)
    for _ in range(400):
        legal = table.state.legal_actions()
        if len(legal) > STEPWISE_OVER and isinstance(legal[0], tuple):
            return table
        table.act(f"p{table.state.to_move()}", game.format_action(rng.choice(legal)), None, 0.0)
    raise AssertionError("no build with many choices came up")


@pytest.mark.parametrize("seed", [3, 8])
def test_the_browser_picker_walks_a_build_as_the_terminal_does(page: Any, seed: int) -> None:
    table = five_towers_build(seed)
    game, seat = table.game, table.state.to_move()
    message = table.state_message(seat)
    steps = msgspec.to_builtins(Speaker("t", game, "en", Cache()).take(message)[-1])["words"]["steps"]
    view, legal = table.state.view(seat), table.state.legal_actions()
    prompt = Prompt(text_ui(game), seat, lambda line: None)
    rng = random.Random(seed)
    path: list[str] = []
    by_user: list[bool] = []
    while True:
        question, different, left = prompt.answers(legal, view)
        step = page.evaluate("""async (args) => {
            const { pickerStep } = await import('/static/table/picker.js');
            return pickerStep(args);
        }""", {"legal": message.legal, "steps": steps, "path": path, "byUser": by_user})
        assert step["path"] == prompt.path
        if not question:
            assert [o["notations"] for o in step["options"]] == [[game.format_action(a)] for a in left]
            break
        assert step["question"] == question
        assert [o["answer"] for o in step["options"]] == different
        answer = rng.choice(different)
        prompt.path.append(answer)
        path, by_user = [*step["path"], answer], [*step["byUser"], True]


def five_towers_demolition(seed: int) -> Table:
    """A 2-player 5 Towers table whose seat to move may build with a demolition."""
    game = cardhall.load("five-towers", players=2)
    rng = random.Random(seed)
    table = Table("t", game, seed, [Seat.person("p0", "Ann"), Seat.person("p1", "Bo")], host="p0")
    table.start("p0", 0.0)
    for _ in range(400):
        legal = table.state.legal_actions()
        if isinstance(legal[0], tuple) and any(a[0] >= 0 for a in legal) and len(legal[0][1]) > 1:
            return table
        bids = [a for a in legal if isinstance(a, int) and a >= 0]  # bid high: builds come sooner
        action = max(bids) if bids and rng.random() < 0.7 else rng.choice(legal)
        table.act(f"p{table.state.to_move()}", game.format_action(action), None, 0.0)
    raise AssertionError("no build with a demolition came up")


@pytest.mark.parametrize("seed", [1, 4, 9])
def test_every_5_towers_build_is_made_by_its_clicks(page: Any, seed: int) -> None:
    """The board's build by mouse (cardhall/games/five_towers/web/presenter.js): for every legal
    build, a click on the demolished top (if any), then each card taken and put on its tower in
    the build's order, is accepted at each click and ends in exactly that build; and the picker's
    path it sets is always the start of that build's answers."""
    table = five_towers_demolition(seed)
    message = table.state_message(table.state.to_move())
    steps = msgspec.to_builtins(Speaker("t", table.game, "en", Cache()).take(message)[-1])["words"]["steps"]
    made = page.evaluate("""async ([legal, steps]) => {
        const { agreeing, finished, parseBuild, sharedPath } = await import('/games/five-towers/web/presenter.js');
        const builds = legal.map(parseBuild).filter(Boolean);
        return builds.map((b) => {
            let draft = { placed: [], held: null, demolish: b.demolish };
            const paths = [];
            for (const card of b.place) {
                draft = { ...draft, held: card };
                if (!agreeing(builds, draft).length) return [b.notation, `refused ${card}`, paths];
                draft = { ...draft, placed: [...draft.placed, card], held: null };
                paths.push(sharedPath(agreeing(builds, draft), steps));
            }
            const done = finished(builds, draft);
            return [b.notation, done && done.notation, paths];
        });
    }""", [message.legal, steps])
    assert any("demolish" in n for n, _d, _p in made)
    for notation, done, paths in made:
        assert done == notation, (notation, done)
        if steps:
            answers = [a for _q, a in steps[notation]]
            assert all(p == answers[:len(p)] for p in paths), (notation, paths)


def test_the_page_applies_the_servers_deltas_as_the_server_made_them(page: Any) -> None:
    """patch.js applied to a played Hearts table's states with words gives each next state exactly
    (the JSON the server would have sent whole)."""
    from cardhall.web.deltas import delta
    from tests.web.test_deltas import played

    table, states = played("hearts", seed=9, moves=60)
    speaker = Speaker("t", table.game, "cs", Cache())
    worded = [speaker.take(row[2])[-1] for row in states]
    pairs = [[msgspec.to_builtins(old), msgspec.to_builtins(delta(old, new).patch), msgspec.to_builtins(new)]
             for old, new in itertools.pairwise(worded)]
    wrong = page.evaluate("""async (pairs) => {
        const { applyPatch } = await import('/static/table/patch.js');
        return pairs.map(([old, patch, next], i) => {
            const before = JSON.stringify(old);
            const made = applyPatch(old, patch);
            const sorted = (v) => Array.isArray(v) ? v.map(sorted) : v && typeof v === "object"
                ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, sorted(v[k])])) : v;
            const same = (a, b) => JSON.stringify(sorted(a)) === JSON.stringify(sorted(b));
            return same(made, next) && JSON.stringify(old) === before ? null : i;
        }).filter((i) => i !== null);
    }""", pairs)
    assert wrong == []
