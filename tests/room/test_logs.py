"""The room's log (cardhall/room/logs.py, cardhall/web/requests.py) through a real server:
`--log-format json` writes one JSON object a line with time, level, node, table, player, request
and event; every answer carries its request id, and so does every line written while it was
handled; and a whole registration with an e-mail address, a login, a mail's link and a whole
game leave no token, password, e-mail address, session cookie or card in the log."""

from __future__ import annotations

import json
import logging
import re
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from aiosmtpd.controller import Controller

from cardhall.room import logs
from tests.room.helpers import Person, Server, play_out
from tests.room.test_mail import Inbox, free_port, text

PASSWORD = "correct horse battery staple 42"
ADDRESS = "ann.secret@example.org"


@pytest.fixture
def inbox() -> Iterator[tuple[Inbox, int]]:
    """A real SMTP server (aiosmtpd) on the loopback, keeping every mail."""
    handler, port = Inbox(), free_port()
    controller = Controller(handler, hostname="127.0.0.1", port=port)
    controller.start()
    yield handler, port
    controller.stop()


def lines_of(log: Path) -> tuple[list[dict[str, Any]], list[str]]:
    """The JSON lines of the log, and the lines that are not JSON."""
    parsed, other = [], []
    for line in log.read_text().splitlines():
        if line.startswith("{"):
            parsed.append(json.loads(line))
        elif line.strip():
            other.append(line)
    return parsed, other


def register_and_log_in(room: Server, box: Inbox) -> dict[str, str]:
    """A guest registers with an address, confirms it by the mail's link, logs in again; the
    secrets met on the way."""
    secrets = {"password": PASSWORD, "address": ADDRESS}
    http = httpx.Client(base_url=room.url, timeout=60)
    guest = http.post("/api/players", json={"name": "Guesty"}).json()
    secrets["guest token"] = guest["token"]
    made = http.post("/api/accounts", json={"name": "Ann", "password": PASSWORD, "email": ADDRESS},
                     headers={"Authorization": f"Bearer {guest['token']}"})
    assert made.status_code == 201, made.text
    secrets["account token"] = made.json()["token"]
    secrets["cookie"] = made.cookies["cardhall_token"]
    end = time.monotonic() + 30
    while not box.mails and time.monotonic() < end:
        time.sleep(0.1)
    assert box.mails, "no verification mail came"
    link = re.search(r"/api/mail/verify\?token=(\S+)", text(box.mails[0][1]))
    assert link, text(box.mails[0][1])
    secrets["mail link token"] = link.group(1)
    assert http.get("/api/mail/verify", params={"token": link.group(1)}).status_code == 200
    again = http.post("/api/sessions", json={"name": "Ann", "password": PASSWORD})
    assert again.status_code == 200, again.text
    secrets["login token"] = again.json()["token"]
    secrets["login cookie"] = again.cookies["cardhall_token"]
    wrong = http.post("/api/sessions", json={"name": "Ann", "password": PASSWORD + "x"})
    assert wrong.status_code == 401
    secrets["wrong password"] = PASSWORD + "x"
    return secrets


def play_a_game(room: Server, token: str) -> tuple[str, set[str], str]:
    """Ann plays a whole game of Hearts with three bots; the table, every card dealt in it (from
    the replay) and the request id of the table's creation."""
    ann = Person(room, None)
    ann.token = token
    created = ann.http.post("/api/tables", json={"game": "hearts", "seats": ["me", "bot:random", "bot:random",
                                                                             "bot:random"], "options": {"target": 30}},
                            headers=ann.headers)
    assert created.status_code == 201, created.text
    table = created.json()["id"]
    seat = ann.watch(table)
    ann.start(table)
    play_out([seat], seed=7, timeout=240)  # random legal moves until the game is over
    seat.close()
    replay = ann.http.get(f"/api/tables/{table}/replay", headers=ann.headers).json()
    cards = {c for hand in replay["start"]["hands"] if isinstance(hand, list) for c in hand}
    cards |= {c for step in replay["steps"] for hand in step["hands"] if isinstance(hand, list) for c in hand}
    return table, cards, created.headers["x-request-id"]


def test_a_whole_registration_and_game_log_no_secret_and_every_line_is_json(tmp_path: Path,
                                                                             inbox: tuple[Inbox, int]) -> None:
    box, port = inbox
    room = Server(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "room.log",
                  ["--log-format", "json", "--log-level", "debug", "--smtp", f"127.0.0.1:{port}",
                   "--mail-from", "room@example.org"]).start()
    try:
        secrets = register_and_log_in(room, box)
        table, cards, created_id = play_a_game(room, secrets["login token"])
    finally:
        assert room.stop() == 0, room.log.read_text()
    parsed, other = lines_of(room.log)
    assert all(line.startswith("cardhall room") for line in other), other  # the command's own two sentences
    assert len(cards) == 52

    raw = room.log.read_text()
    for what, secret in secrets.items():
        assert secret not in raw, f"the {what} is in the log"
    assert ADDRESS.split("@")[0] not in raw and "example.org\"" not in raw
    said = " ".join(str(v) for line in parsed for k, v in line.items() if k != "time")
    leaked = sorted(c for c in cards if re.search(rf"(?<![\w]){re.escape(c)}(?![\w])", said))
    assert not leaked, f"cards in the log: {leaked}"

    # every line has the fields; what was done is there, by ids and kinds
    for line in parsed:
        assert {"time", "level", "node", "event", "logger"} <= line.keys(), line
        assert re.fullmatch(r"\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z", line["time"])
    requests = [line for line in parsed if line["logger"] == "cardhall.web" and "method" in line]
    assert {(r["method"], r["path"], r["status"]) for r in requests} >= {
        ("POST", "/api/accounts", 201), ("POST", "/api/sessions", 200), ("POST", "/api/sessions", 401),
        ("GET", "/api/mail/verify", 200), ("POST", "/api/tables", 201), (
            "POST", f"/api/tables/{table}/start", 200)}
    creation = next(r for r in requests if r["path"] == "/api/tables" and r["method"] == "POST")
    assert creation["request"] == created_id and creation["player"]
    assert all(re.fullmatch(r"[0-9a-f]{16}", r["request"]) for r in requests)
    at_table = [line for line in parsed if line.get("table") == table]
    kinds = {line.get("kind") for line in at_table}
    assert {"start", "act", "over", "connect"} <= kinds, kinds
    acts = [line for line in at_table if line.get("kind") == "act"]
    assert acts and all(line["level"] == "debug" and "request" not in line for line in acts)  # the actor's, not a request's
    assert any(line.get("player") == creation["player"] for line in at_table if line.get("kind") == "connect")
    sockets = [line for line in parsed if line["event"].startswith(f"socket /ws/tables/{table}")]
    assert len(sockets) == 2 and sockets[0]["request"] == sockets[1]["request"]
    assert sockets[1]["player"] == creation["player"] and sockets[1]["table"] == table
    assert not [line for line in parsed if line["level"] in ("error", "critical")], "errors logged"


def test_the_text_log_has_the_same_fields_on_one_line() -> None:
    record = logging.LogRecord("cardhall.room", logging.WARNING, __file__, 1, "table %s: %s", ("t1", "trouble"), None)
    with logs.bind(request="abcd1234abcd1234", player="p1"):
        line = logs.TextFormatter().format(record)
        shown = json.loads(logs.JsonFormatter().format(record))
    assert re.fullmatch(r"\S+Z WARNING cardhall\.room \[player=p1 request=abcd1234abcd1234\]: table t1: trouble", line)
    assert shown["player"] == "p1" and shown["request"] == "abcd1234abcd1234" and shown["event"] == "table t1: trouble"


def test_a_proxy_request_id_is_kept_and_a_strange_one_replaced(tmp_path: Path) -> None:
    room = Server(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "room.log", ["--log-format", "json"]).start()
    try:
        kept = httpx.get(f"{room.url}/healthz", headers={"X-Request-Id": "nginx-0123456789abcdef"})
        strange = httpx.get(f"{room.url}/healthz", headers={"X-Request-Id": "a b\"c{}" * 3})
    finally:
        assert room.stop() == 0
    assert kept.headers["x-request-id"] == "nginx-0123456789abcdef"
    assert re.fullmatch(r"[0-9a-f]{16}", strange.headers["x-request-id"])
    parsed, _ = lines_of(room.log)
    assert {line.get("request") for line in parsed if line.get("path") == "/healthz"} == {
        "nginx-0123456789abcdef", strange.headers["x-request-id"]}


def test_recent_warnings_and_limits_reach_the_operator_in_words() -> None:
    from cardhall.core.i18n import lang
    from cardhall.room.status import said

    recent = logs.Recent()
    room_log = logging.getLogger("cardhall.room")
    room_log.addHandler(recent)
    try:
        room_log.warning("table %s: a commit failed", "t9")
        room_log.info("an info line is not a problem")
    finally:
        room_log.removeHandler(recent)
    assert [(line["level"], line["event"]) for line in recent.lines] == [("warning", "table t9: a commit failed")]
    data = {"node": "", "nodes": [{"name": "", "tables": 0, "here": True}],
            "tables": {"waiting": 0, "playing": 0, "over": 0}, "people": {"online": 0, "at_tables": 0},
            "bots": {"workers": 2, "thinking": 0, "waiting": 0},
            "problems": {"warnings": 1, "errors": 0, "recent": [{**recent.lines[0], "table": "t9", "error": None}]},
            "limits": [{"limit": "chat/person", "count": 3, "last": 0.0}]}
    ru = lang("ru")
    words = {ru._(heading): [ru.say(line) for line in lines] for heading, lines in said(data)}
    assert words["Последние ошибки"][1].endswith("предупреждение: table t9: a commit failed")
    assert words["Сработавшие лимиты"] == ["Лимит chat/person сработал 3 раза, последний раз — в 1970-01-01 00:00:00 UTC."]
