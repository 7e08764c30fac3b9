"""Fuzz every HTTP endpoint of the room in process (the app over httpx's ASGI transport, a room on
SQLite): whatever the body, query, path or headers, the answer is a 2xx or a 4xx with a sentence
— never a 5xx — and nothing is logged with a traceback. The example count is bounded."""

from __future__ import annotations

import asyncio
import json
import logging
import time
from collections.abc import Iterator
from typing import Any
from urllib.parse import quote

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from cardhall.room.registry import Room
from cardhall.web.app import create_app

FUZZ = settings(max_examples=80, deadline=None, suppress_health_check=list(HealthCheck))
GAMES = ["five-towers", "hearts", "jass", "putz", "three-two-five", "clash-of-decks"]
FIELDS = ["name", "lang", "game", "options", "seats", "private", "clock", "grace", "seat", "invite", "view",
          "legal", "events", "names", "over", "scores", "players", "hand", "type", "to_move", "phase", "winners",
          "trick", "towers", "deal", "target", "deals", "variant", "mode", "format"]

scalar = st.one_of(st.none(), st.booleans(), st.integers(-2**70, 2**70), st.sampled_from([0, 1, 3, 4, 10**8, -1]),
                   st.floats(allow_nan=False, allow_infinity=False), st.text(max_size=12),
                   st.sampled_from(["me", "open", "bot:random", "bot:hard", "bot:x", "en", "cs", "QS", "Y7",
                                    "take Y7", "pass", "\ud800", "", "hearts", "five-towers"]))
value = st.recursive(scalar, lambda inner: st.one_of(
    st.lists(inner, max_size=5), st.dictionaries(st.sampled_from(FIELDS) | st.text(max_size=6), inner, max_size=6)),
    max_leaves=30)
raw = st.one_of(st.binary(max_size=64), st.sampled_from([
    b"", b"{", b"[]", b"null", b"Infinity", b'{"clock": Infinity}', b'{"grace": 1e999}', b'{"seat": 1e400}',
    b'{"name": "\\ud800"}', b'{"game": "hearts", "view": {"players": 100000000}}', b"[" * 5000 + b"]" * 5000,
    b'{"players": ' + b"9" * 5000 + b"}", "\u00e9".encode("latin-1")]))


def object_for(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """A body that looks like one of this room's (so the fuzz gets past the first checks)."""
    return st.fixed_dictionaries({"game": st.sampled_from([game, game.upper(), "chess"])}, optional={
        "options": st.one_of(st.dictionaries(st.sampled_from(["players", "target", "deals", "format", "x"]), scalar,
                                             max_size=3), value),
        "seats": st.one_of(st.lists(st.sampled_from(["me", "open", "bot:random", "bot:hard", "bot:?"]), max_size=6),
                           value),
        "seat": st.one_of(st.integers(-3, 6), value), "view": value, "legal": st.one_of(st.lists(scalar, max_size=5), value),
        "events": st.one_of(st.lists(value, max_size=4), value), "names": value, "over": value, "scores": value,
        "lang": st.one_of(st.sampled_from(["en", "bg", "cs", "de", "es", "ru", "xx"]), value),
        "private": value, "clock": value, "grace": value, "name": value, "invite": value,
    })


body = st.one_of(raw, value.map(lambda v: json.dumps(v).encode()),
                 st.sampled_from(GAMES).flatmap(object_for).map(lambda v: json.dumps(v).encode()))


class Room_:
    """The app, its client and what was logged, on one event loop the test drives."""

    def __init__(self, folder: Any) -> None:
        self.loop = asyncio.new_event_loop()
        self.room = self.run(Room.open(f"sqlite:///{folder / 'room.sqlite3'}"))
        transport = httpx.ASGITransport(app=create_app(self.room, "fuzz-secret"), raise_app_exceptions=False)
        self.http = httpx.AsyncClient(transport=transport, base_url="http://room.test")
        made = self.run(self.http.post("/api/players", json={"name": "Ann"}))
        self.token = made.json()["token"]
        self.http.cookies.clear()
        table = self.run(self.http.post("/api/tables", json={"game": "hearts", "seats": ["me", "open", "open", "open"]},
                                        headers=self.auth))
        self.table = table.json()["id"]
        self.logged: list[logging.LogRecord] = []

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    def run(self, work: Any) -> Any:
        return self.loop.run_until_complete(asyncio.wait_for(work, 30))

    def close(self) -> None:
        self.run(self.http.aclose())
        self.run(self.room.close())
        self.loop.close()


class Catch(logging.Handler):
    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.WARNING)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        if record.exc_info or record.levelno >= logging.ERROR:
            self.into.append(record)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room_]:
    made = Room_(tmp_path_factory.mktemp("fuzz"))
    handler = Catch(made.logged)
    logging.getLogger().addHandler(handler)
    yield made
    logging.getLogger().removeHandler(handler)
    made.close()


def check(room: Room_, response: httpx.Response, what: str) -> None:
    assert response.status_code < 500, f"{what}: {response.status_code} {response.text[:300]}"
    if response.status_code >= 400:
        said = response.json()["error"]
        assert isinstance(said, str) and said.strip(), what
    assert not room.logged, f"{what}: logged {[r.getMessage() for r in room.logged]}"


POSTS = ["/api/players", "/api/players/lang", "/api/tables", "/api/text", "/api/tables/{table}/sit",
         "/api/tables/{table}/leave", "/api/tables/{table}/start", "/api/tables/nothing/sit"]
GETS = ["/api/games", "/api/tables", "/api/tables?mine=1", "/api/tables/{table}", "/api/tables/{table}/record",
        "/api/tables/nothing", "/api/protocol", "/", "/tables/{table}", "/rules/hearts", "/rules/chess"]


@FUZZ
@given(path=st.sampled_from(POSTS), data=body, signed=st.booleans(),
       header=st.sampled_from(["", "Bearer", "Bearer x.y", "Basic abc", "bearer  "]), lang=st.text(max_size=20))
def test_every_post_answers_a_sentence_or_succeeds(room: Room_, path: str, data: bytes, signed: bool, header: str,
                                                   lang: str) -> None:
    headers = {"Content-Type": "application/json", "Accept-Language": lang.encode("ascii", "ignore").decode()}
    if signed:
        headers.update(room.auth)
    elif header:
        headers["Authorization"] = header
    url = path.format(table=room.table)
    check(room, room.run(room.http.post(url, content=data, headers=headers)), f"POST {url} {data[:200]!r}")


@FUZZ
@given(path=st.sampled_from(GETS), query=st.dictionaries(st.sampled_from(["lang", "mine", "invite", "token", "options"]),
                                                        st.text(max_size=40), max_size=3), signed=st.booleans())
def test_every_get_answers_a_sentence_or_succeeds(room: Room_, path: str, query: dict[str, str], signed: bool) -> None:
    url = path.format(table=room.table)
    response = room.run(room.http.get(url, params=query, headers=room.auth if signed else {}))
    if response.headers.get("content-type", "").startswith("application/json"):
        check(room, response, f"GET {url} {query}")
    else:
        assert response.status_code < 500 and not room.logged, (url, query, response.status_code)


@FUZZ
@given(name=st.one_of(st.sampled_from(GAMES), st.text(max_size=12).filter(lambda s: "/" not in s and s not in ".."
                                                                            and "?" not in s and "#" not in s)),
       options=st.one_of(value.map(json.dumps), st.text(max_size=30),
                         st.sampled_from(['{"players": 100000000}', '{"players": 1e999}', '{"players": [1]}',
                                          '{"players": Infinity}', '{"target": -1}', "[" * 3000])))
def test_seats_of_a_game_answer_a_sentence_or_a_number(room: Room_, name: str, options: str) -> None:
    response = room.run(room.http.get(f"/api/games/{quote(name, safe='')}/seats", params={"options": options}))
    check(room, response, f"seats of {name!r} with {options[:100]!r}")
    if response.status_code == 200:
        assert isinstance(response.json()["seats"], int)


@pytest.mark.parametrize("game", GAMES)
def test_a_huge_players_count_in_a_text_view_is_refused_at_once(room: Room_, game: str) -> None:
    """`POST /api/text` with a view whose `players` is 10**8 once built lists of that length on the
    room's only event loop (24 GB); now the view is checked against the game first."""
    for seat, view in real_views(game)[-2:]:
        for key in ("players", "deal", "round", "turn", "mana", "target"):
            if key in view:
                begun = time.monotonic()
                body = {"game": game, "seat": seat, "view": {**view, key: 10**8}}
                response = room.run(room.http.post("/api/text", json=body))
                assert time.monotonic() - begun < 2
                check(room, response, f"{game} {key}")
                assert response.status_code == 400 and "10**8" not in response.json()["error"]


TYPED = [g for g in GAMES if g != "clash-of-decks"]  # Clash's views have Any-typed parts: mutated only


def typed_views(game: str) -> st.SearchStrategy[tuple[int | None, dict[str, Any]]]:
    """(seat, view) pairs of the game's own view types, with any values those types allow."""
    import cardhall

    state_class = type(cardhall.load(game).new_state(0))
    return st.one_of(
        st.tuples(st.none(), st.from_type(state_class.PUBLIC_VIEW_TYPE)),
        st.tuples(st.integers(0, 3), st.from_type(state_class.VIEW_TYPE)),
    ).map(lambda pair: (pair[0], {**pair[1], "seat": pair[0]}))


def real_views(game: str) -> list[tuple[int | None, dict[str, Any]]]:
    """A few real views of a game played some random moves in, for every seat and a spectator."""
    import random

    import cardhall

    out: list[tuple[int | None, dict[str, Any]]] = []
    g = cardhall.load(game)
    for moves in (0, 5, 17):
        state, rng = g.new_state(moves), random.Random(moves)
        for _ in range(moves):
            if state.is_over():
                break
            state.apply(rng.choice(state.legal_actions()))
        out += [(seat, state.view(seat)) for seat in range(g.num_players)] + [(None, state.public_view())]
    return out


def mutate(data: st.DataObject, view: Any) -> Any:
    """The view with some leaves replaced by others of the same JSON type (so the types still
    hold and the words are tried): other numbers, other strings, a list's items dropped or repeated."""
    if isinstance(view, dict):
        return {k: mutate(data, v) for k, v in view.items()}
    if isinstance(view, list):
        items = [mutate(data, v) for v in view]
        how = data.draw(st.sampled_from(["keep", "keep", "keep", "drop", "repeat"]))
        return items[1:] if how == "drop" else items + items[:1] * 3 if how == "repeat" else items
    if data.draw(st.integers(0, 5)) != 0:
        return view
    if isinstance(view, bool) or view is None:
        return view
    if isinstance(view, int):
        return data.draw(st.integers(-3, 60) | st.sampled_from([10**6, -10**6, 99]))
    if isinstance(view, float):
        return data.draw(st.floats(-1e6, 1e6))
    if isinstance(view, str):
        return data.draw(st.sampled_from(["", "ZZ", "QS", "Y99", "P0", "x" * 300, "\u0000", "play", "over", view * 2]))
    return view


@FUZZ
@given(data=st.data(), game=st.sampled_from(GAMES), legal=st.lists(st.text(max_size=30), max_size=4),
       events=st.lists(value, max_size=3), over=st.booleans(), typed=st.booleans())
def test_text_of_any_view_of_the_games_types_is_words_or_a_sentence(room: Room_, data: st.DataObject, game: str,
                                                                    legal: list[str], events: list[Any],
                                                                    over: bool, typed: bool) -> None:
    if typed and game in TYPED:
        seat, view = data.draw(typed_views(game))
    else:
        seat, view = data.draw(st.sampled_from(real_views(game)))
        view = mutate(data, view)
        events = [*events, *mutate(data, [{"type": "card_played", "seat": 0, "card": "QS"}])]
    body = {"game": game, "options": {}, "seat": seat, "view": view, "legal": legal, "events": events, "over": over}
    response = room.run(room.http.post("/api/text", content=json.dumps(body).encode()))
    check(room, response, f"text of {json.dumps(body)[:300]}")
