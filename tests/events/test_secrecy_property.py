"""Issue 40 point 3 and issue 45 point 2, as a property over a real room (`cardhall serve`, SQLite
and PostgreSQL): whatever order three entries start and finish the boards of a duplicate event in,
nothing anyone receives — an entry, an account that did not enter, a visitor with no session —
from any endpoint (the event, the list, the standings, today's duplicates, the event and board
pages, every entry's profile and its page, the lobby, every board table's summary, record, replay
and history, and the room socket of every board table) holds anything of a board they have not
finished, beyond their own view while they play it: not the board's seed (the whole deal), not
another entry's table or its invite, not a score (the standings and the board page leave the board
out). Every answer is a 2xx or a 4xx, and the room logs no traceback."""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from typing import Any

import httpx
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from websockets.exceptions import ConnectionClosed, InvalidStatus
from websockets.sync.client import connect

from tests.events.test_duplicate_api import account, bearer, wait_over
from tests.room.helpers import Server

BOARDS = 2
ENTRIES = 3
OPS = st.lists(st.tuples(st.sampled_from(["start", "finish"]), st.integers(0, ENTRIES - 1)), min_size=1, max_size=4)
"""What happens next: entry i asks for its next board and leaves it unfinished, or finishes its
current board (asking for the next one first if it has none), the takeover bot playing it out."""


@dataclass
class Field:
    """One event and who played what: `tables[(entry, board)]` is the board's table and invite."""

    server: Server
    event: str
    people: list[dict[str, str]]
    outsider: dict[str, str]
    tables: dict[tuple[int, int], dict[str, Any]] = field(default_factory=dict)
    seeds: dict[int, int] = field(default_factory=dict)

    def current(self, i: int) -> tuple[int, dict[str, Any]] | None:
        """Entry i's unfinished board, if any."""
        for (who, board), t in sorted(self.tables.items()):
            if who == i and not self.over(i, board):
                return board, t
        return None

    def over(self, i: int, board: int) -> bool:
        t = self.tables.get((i, board))
        if t is None:
            return False
        if not t.get("over"):
            got = httpx.get(self.server.url + f"/api/tables/{t['table']}", params={"invite": t["invite"]},
                            headers=bearer(self.people[i]["token"])).json()
            t["over"] = got["status"] == "over"
        return bool(t["over"])

    def next(self, i: int) -> tuple[int, dict[str, Any]] | None:
        got = httpx.get(self.server.url + f"/api/events/{self.event}/next", headers=bearer(self.people[i]["token"]))
        assert got.status_code == 200, got.text
        answer = got.json()
        if answer.get("done"):
            return None
        self.tables.setdefault((i, answer["board"]), {"table": answer["table"], "invite": answer["invite"]})
        return answer["board"], self.tables[(i, answer["board"])]

    def step(self, op: str, i: int) -> None:
        mine = self.current(i) or self.next(i)
        if mine is None or op == "start":
            return
        board, t = mine
        httpx.post(self.server.url + f"/api/tables/{t['table']}/leave", headers=bearer(self.people[i]["token"]))
        wait_over(self.server, self.people[i]["token"], t["table"], t["invite"])
        t["over"] = True
        if board not in self.seeds:  # the ground truth: the board's seed, from the finished table's record
            record = httpx.get(self.server.url + f"/api/tables/{t['table']}/record", params={"invite": t["invite"]},
                               headers=bearer(self.people[i]["token"])).json()
            self.seeds[board] = int(record["seed"])


def answers(server: Server, token: str | None, paths: list[str], params: dict[str, str] | None = None,
            asked: str = "") -> list[str]:
    """The bodies of GET `paths` as `token` (a refusal must be a 4xx sentence, never a 5xx; the
    table id `asked` about, which a refusal repeats, is taken out of it: the reader knew it)."""
    out = []
    for path in paths:
        got = httpx.get(server.url + path, headers=bearer(token) if token else {}, params=params or {}, timeout=60)
        assert got.status_code < 500, (path, got.status_code, got.text)
        out.append(got.text if got.status_code < 400 or not asked else got.text.replace(asked, "…"))
    return out


def socket_words(server: Server, table: str, token: str | None, invite: str | None) -> str:
    """What the room socket of `table` sends `token` in its first moments (a refusal, or the view)."""
    query = "&".join(part for part in (f"token={token}" if token else "", f"invite={invite}" if invite else "") if part)
    url = f"ws://127.0.0.1:{server.port}/ws/tables/{table}" + (f"?{query}" if query else "")
    heard: list[str] = []
    try:
        with connect(url, open_timeout=30, ping_interval=None) as ws:
            end = time.monotonic() + 1.5
            while time.monotonic() < end:
                message = ws.recv(max(0.01, end - time.monotonic()))
                heard.append(message if isinstance(message, str) else message.decode("utf-8", "replace"))
                kind = json.loads(heard[-1]).get("type")
                if kind == "error":  # a refusal repeats the table asked for (the reader knew it)
                    heard[-1] = heard[-1].replace(table, "…")
                if kind in ("state", "error"):
                    break
    except (TimeoutError, ConnectionClosed, InvalidStatus):
        pass
    return "\n".join(heard)


def seen_by(f: Field, who: int | None, token: str | None) -> str:
    """Everything `token` can read about the event (who: its entry's index, or None)."""
    e = f.event
    names = [p["name"] for p in f.people]
    paths = [f"/api/events/{e}", "/api/events", f"/api/events/{e}/standings", "/api/events/daily", "/api/tables",
             "/events", f"/events/{e}", *[f"/events/{e}/boards/{k}" for k in range(1, BOARDS + 1)],
             *[f"/api/players/{n}" for n in names], *[f"/players/{n}" for n in names], "/"]
    seen = answers(f.server, token, paths)
    for (owner, _board), t in f.tables.items():
        invite = t["invite"] if owner == who else None  # one's own table with its invite; the others' without
        tails = ["", "/record", "/replay", "/history"]
        seen += answers(f.server, token, [f"/api/tables/{t['table']}{tail}" for tail in tails],
                        {"invite": invite} if invite else None, asked=t["table"])
        seen.append(socket_words(f.server, t["table"], token, invite))
    return "\n".join(seen)


def check(f: Field) -> None:
    """The property, for every entry, the outsider and a visitor with no session."""
    readers: list[tuple[int | None, str | None]] = [(i, p["token"]) for i, p in enumerate(f.people)]
    readers += [(None, f.outsider["token"]), (None, None)]
    for who, token in readers:
        hidden = [k for k in range(1, BOARDS + 1) if who is None or not f.over(who, k)]
        seen = seen_by(f, who, token)
        for k in hidden:
            if k in f.seeds:
                assert str(f.seeds[k]) not in seen, f"board {k}'s seed reached {who}"
            for (owner, board), t in f.tables.items():
                if board == k and owner != who:
                    assert t["table"] not in seen, f"entry {owner}'s table of board {k} reached {who}"
                    assert t["invite"] not in seen, f"entry {owner}'s invite of board {k} reached {who}"
        table = httpx.get(f.server.url + f"/api/events/{f.event}/standings", headers=bearer(token) if token else {}).json()
        shown = {b["board"] for entry in table["entries"] for b in entry["boards"]} | {int(k) for k in table["frequencies"]}
        assert not shown & set(hidden), (who, shown, hidden)
        for k in hidden:
            page = httpx.get(f.server.url + f"/events/{f.event}/boards/{k}?lang=en", headers=bearer(token) if token else {})
            assert "is shown once you have finished it" in page.text


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(ops=OPS)
def test_no_answer_holds_a_board_before_its_reader_finished_it(server: Server, ops: list[tuple[str, int]]) -> None:
    people = [account(server) for _ in range(ENTRIES)]
    made = httpx.post(server.url + "/api/events", headers=bearer(people[0]["token"]), json={
        "kind": "duplicate", "game": "three-two-five", "boards": BOARDS, "bots": "random", "hours": 1})
    assert made.status_code == 201, made.text
    f = Field(server, made.json()["id"], people, account(server))
    for p in people:
        assert httpx.post(server.url + f"/api/events/{f.event}/entries", headers=bearer(p["token"])).status_code == 201
    check(f)
    for op, i in ops:
        f.step(op, i)
        check(f)
    httpx.post(server.url + f"/api/events/{f.event}/close", headers=bearer(people[0]["token"]))
    assert "Traceback" not in server.log.read_text()
