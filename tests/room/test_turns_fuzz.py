"""Fuzz the endpoints of turn-based play and notices (issue 45, point 3) in process: whatever the
body or query, the answer is a 2xx or a 4xx with a sentence — never a 5xx — and nothing is logged
with a traceback. Counts of outcomes per endpoint are printed (`-s` shows them)."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Iterator

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.room.test_http_fuzz import FUZZ, Catch, Room_, body, check, scalar, value

OUTCOMES: Counter[tuple[str, str]] = Counter()

WEBHOOKS = st.sampled_from(["http://127.0.0.1/x", "http://localhost:1/x", "http://169.254.169.254/", "https://[::1]/",
                            "http://[::ffff:10.0.0.1]/", "http://0/", "http://2130706433/", "http://0x7f.1/",
                            "https://a@b/", "javascript:alert(1)", "file:///etc/passwd", "http://x\r\nHost: y/",
                            "http://%00/", "https://exa\u0000mple.org/", "http://[::1", "http://:80/", "\ud800",
                            "https://" + "a" * 3000 + ".org/"])
ADDRESSES = st.sampled_from(["ann@example.org\r\nBcc: eve@example.org", "ann@example.org\nX: y", "a@b", "@", "a@",
                             "ann@example.org", "\u0000@x.org", "a" * 300 + "@x.org", "ann <ann@example.org>"])
TURN_BODIES = st.one_of(body, value.map(lambda v: json.dumps({"game": "hearts", "turn_based": v}).encode()),
                        st.fixed_dictionaries({"game": st.just("hearts"), "turn_based": st.fixed_dictionaries(
                            {"hours_per_move": st.one_of(scalar, st.floats())})}).map(lambda v: json.dumps(v).encode()))
NOTICE_BODIES = st.one_of(body, st.fixed_dictionaries({}, optional={
    "webhook": st.one_of(WEBHOOKS, value), "email": value, "push": value,
    "digest": st.one_of(st.sampled_from(["now", "hourly", "daily", "weekly", "NOW", ""]), value)}).map(
        lambda v: json.dumps(v).encode()))
MAIL_BODIES = st.one_of(body, st.fixed_dictionaries({"email": st.one_of(ADDRESSES, value)}).map(
    lambda v: json.dumps(v).encode()))
VACATION_BODIES = st.one_of(body, st.fixed_dictionaries({"days": st.one_of(scalar, value)}).map(
    lambda v: json.dumps(v).encode()))
REQUESTS = st.one_of(
    st.tuples(st.just("POST"), st.just("/api/tables"), TURN_BODIES),
    st.tuples(st.just("PUT"), st.just("/api/players/me/notifications"), NOTICE_BODIES),
    st.tuples(st.just("PUT"), st.just("/api/players/me/email"), MAIL_BODIES),
    st.tuples(st.just("POST"), st.just("/api/accounts"), MAIL_BODIES.map(
        lambda b: b[:-1] + b', "name": "Zed", "password": "long-enough"}' if b.startswith(b'{"email"') else b)),
    st.tuples(st.just("POST"), st.just("/api/players/me/vacation"), VACATION_BODIES),
    st.tuples(st.just("DELETE"), st.just("/api/players/me/vacation"), st.just(b"")),
    st.tuples(st.just("PUT"), st.just("/api/players/me/hours"), st.one_of(body, st.fixed_dictionaries({}, optional={
        "start": st.one_of(scalar, st.integers(-5, 30)), "end": st.one_of(scalar, st.integers(-5, 30)),
        "zone": st.one_of(scalar, st.sampled_from(["UTC", "Europe/Zurich", "../../etc/passwd", "\x00", "a" * 100]))})
        .map(lambda v: json.dumps(v).encode()))),
)


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room_]:
    import logging
    made = Room_(tmp_path_factory.mktemp("fuzz-turns"))
    handler = Catch(made.logged)
    logging.getLogger().addHandler(handler)
    yield made
    logging.getLogger().removeHandler(handler)
    made.close()
    print("\noutcomes per endpoint:", dict(sorted(OUTCOMES.items())))


def outcome(status: int) -> str:
    return "2xx" if status < 300 else "4xx" if status < 500 else "5xx"


@FUZZ
@given(request=REQUESTS, signed=st.booleans())
def test_turns_and_notices_answer_a_sentence_or_succeed(room: Room_, request: tuple[str, str, bytes],
                                                        signed: bool) -> None:
    method, path, data = request
    headers = {"Content-Type": "application/json", **(room.auth if signed else {})}
    response = room.run(room.http.request(method, path, content=data, headers=headers))
    OUTCOMES[(f"{method} {path}", outcome(response.status_code))] += 1
    check(room, response, f"{method} {path} {data[:200]!r}")
    room.http.cookies.clear()


@FUZZ
@given(path=st.sampled_from(["/api/mail/verify", "/api/mail/unsubscribe", "/api/players/me/turns",
                             "/api/players/me/vacation", "/api/players/me/notifications"]),
       token=st.one_of(st.text(max_size=80), st.sampled_from(["", "a.b.c", "x" * 2000, "\ud800"])), signed=st.booleans())
def test_links_and_lists_answer_a_sentence_or_succeed(room: Room_, path: str, token: str, signed: bool) -> None:
    response = room.run(room.http.get(path, params={"token": token.encode("utf-8", "replace").decode()},
                                      headers=room.auth if signed else {}))
    OUTCOMES[(f"GET {path}", outcome(response.status_code))] += 1
    check(room, response, f"GET {path} {token!r}")
