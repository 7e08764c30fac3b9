"""The operator's view (cardhall/web/operator.py, cardhall/room/status.py, `cardhall admin status`)
on a real room with its metrics listener: on the public port neither the metrics nor the view
without a moderator's session (none, a guest's, an account's: 401/403 and not a word of the
report); the moderator reads nodes, tables, people, bot pool, recent errors and limits hit in
words, in the page (every language, axe 0, keyboard only) and in the terminal."""

from __future__ import annotations

import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import expect
from prometheus_client.parser import text_string_to_metric_families
from typer.testing import CliRunner

from cardhall import cli
from cardhall.core.i18n import LANGUAGES, lang
from cardhall.room.status import said
from tests.room.helpers import ROOT, Person, Server
from tests.web.conftest import SCREENSHOTS
from tests.web.test_games import axe_violations

PASSWORD = "moderate and kind 77"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Room:
    def __init__(self, server: Server, metrics: int, token: str, account: str) -> None:
        self.server, self.metrics, self.token, self.account = server, metrics, token, account


@pytest.fixture(scope="module")
def room(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Room]:
    folder = tmp_path_factory.mktemp("operator")
    metrics = free_port()
    server = Server(f"sqlite:///{folder / 'room.sqlite3'}", folder / "room.log",
                    ["--metrics", f"127.0.0.1:{metrics}", "--limits", "--log-format", "json"]).start()
    made = httpx.post(f"{server.url}/api/accounts", json={"name": "Mona", "password": PASSWORD})
    assert made.status_code == 201, made.text
    granted = subprocess.run([sys.executable, "-m", "cardhall", "admin", "grant", "Mona", "moderator", "--db", server.db],
                             capture_output=True, text=True, timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert granted.returncode == 0, granted.stderr
    try:
        yield Room(server, metrics, made.json()["token"], "Mona")
    finally:
        assert server.stop() == 0, server.log.read_text()


def busy(room: Room) -> dict[str, Any]:
    """A game being played and one over, and the new-guests limit hit once (61 guests an hour)."""
    ann = Person(room.server, "Ann")
    over = ann.create("three-two-five", ["bot:random"] * 3, {"deals": 1})["id"]
    watching = ann.watch(over)
    ann.start(over)
    watching.until(lambda m: m["type"] == "state" and m["over"])
    playing = ann.create("hearts", ["me", "bot:random", "bot:random", "bot:random"], {"target": 30})["id"]
    seat = ann.watch(playing)
    ann.start(playing)
    seat.until(lambda m: m["type"] == "state" and bool(m["legal"]))
    refused = 0
    for i in range(70):
        answer = httpx.post(f"{room.server.url}/api/players", json={"name": f"G{i}"})
        refused += answer.status_code == 429
    assert refused >= 1
    return {"ann": ann, "sockets": [watching, seat], "playing": playing}


def test_the_public_port_shows_nothing_without_a_moderator(room: Room) -> None:
    url = room.server.url
    assert httpx.get(f"{url}/metrics").status_code == 404
    assert "cardhall_moves_total" not in httpx.get(f"{url}/metrics").text
    nobody = httpx.get(f"{url}/api/admin/status")
    assert nobody.status_code == 401 and set(nobody.json()) == {"error"}
    guest = Person(room.server, "Gus")
    as_guest = httpx.get(f"{url}/api/admin/status", headers=guest.headers)
    assert as_guest.status_code == 403 and as_guest.json() == {"error": "only a moderator can do this"}
    account = httpx.post(f"{url}/api/accounts", json={"name": "Pat", "password": PASSWORD}).json()
    as_account = httpx.get(f"{url}/api/admin/status", headers={"Authorization": f"Bearer {account['token']}"})
    assert as_account.status_code == 403
    page = httpx.get(f"{url}/admin", headers={"Accept": "text/html"})
    assert page.status_code == 401 and "Bot pool" not in page.text and "moderators" in page.text
    page = httpx.get(f"{url}/admin", cookies={"cardhall_token": guest.token or ""})
    assert page.status_code == 403 and "Bot pool" not in page.text
    # the metrics listener is apart, and serves Prometheus text
    scraped = httpx.get(f"http://127.0.0.1:{room.metrics}/metrics")
    assert scraped.status_code == 200
    assert "cardhall_tables" in {f.name for f in text_string_to_metric_families(scraped.text)}


def test_the_moderator_reads_the_room_in_words(room: Room) -> None:
    made = busy(room)
    try:
        answer = httpx.get(f"{room.server.url}/api/admin/status?lang=de",
                           headers={"Authorization": f"Bearer {room.token}"})
        assert answer.status_code == 200, answer.text
        data = answer.json()
        assert data["tables"]["playing"] >= 1 and data["tables"]["over"] >= 1
        assert data["people"]["at_tables"] >= 1
        assert data["bots"]["workers"] >= 1
        assert data["nodes"] == [{"name": "", "tables": data["nodes"][0]["tables"], "here": True}]
        assert [hit["limit"] for hit in data["limits"]] == ["player/address"] and data["limits"][0]["count"] >= 1
        de = lang("de", "web")
        assert [s["heading"] for s in data["said"]] == [de._(h) for h, _ in said(data)]
        assert data["said"][-1]["lines"][0].startswith(de.say(said(data)[-1][1][0])[:10])
        assert "player/address" in data["said"][-1]["lines"][0]
    finally:
        for sock in made["sockets"]:
            sock.close()


def test_cardhall_admin_status_in_the_terminal(room: Room, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CARDHALL_DATA_DIR", str(tmp_path))
    runner = CliRunner()
    logged = runner.invoke(cli.app, ["login", room.server.url, "--name", room.account], input=f"{PASSWORD}\n")
    assert logged.exit_code == 0, logged.output
    shown = runner.invoke(cli.app, ["admin", "status", "--url", room.server.url, "--name", room.account, "--lang", "cs"])
    assert shown.exit_code == 0, shown.output
    data = httpx.get(f"{room.server.url}/api/admin/status", headers={"Authorization": f"Bearer {room.token}"}).json()
    cs = lang("cs", "terminal")
    headings = [cs._(h) for h, _ in said(data)]
    assert [line for line in shown.output.splitlines() if not line.startswith("  ")] == headings
    assert cs.say(said(data)[3][1][0]).split(":")[0] in shown.output  # the bot pool's line, in Czech
    refused = runner.invoke(cli.app, ["admin", "status", "--url", room.server.url, "--name", "Nobody"])
    assert refused.exit_code != 0 and "cardhall login" in refused.output


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_the_page_in_every_language_by_keyboard_with_axe(room: Room, browser: Any, code: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    context.add_cookies([{"name": "cardhall_token", "value": room.token, "url": room.server.url}])
    page = context.new_page()
    try:
        page.goto(f"{room.server.url}/admin?lang={code}")
        tr = lang(code, "web")
        expect(page.get_by_role("heading", level=1)).to_have_text(tr._("The room's state"))
        expect(page.get_by_role("heading", name=tr._("Bot pool"))).to_be_visible()
        assert axe_violations(page) == []
        again = page.get_by_role("link", name=tr._("Read it again"))
        for _ in range(60):  # Tab from the top until the link has the focus, then Enter
            page.keyboard.press("Tab")
            if again.evaluate("e => e === document.activeElement"):
                break
        else:
            raise AssertionError("the link never took the focus")
        started = time.monotonic()
        with page.expect_navigation():
            page.keyboard.press("Enter")
        assert time.monotonic() - started < 30
        expect(page.get_by_role("heading", name=tr._("Recent errors"))).to_be_visible()
        if code == "en":
            page.screenshot(path=str(SCREENSHOTS / "admin-en.png"), full_page=True)
        shut = browser.new_context().new_page()
        shut.goto(f"{room.server.url}/admin?lang={code}")
        expect(shut.get_by_role("alert")).to_be_visible()
        assert axe_violations(shut) == []
        shut.context.close()
    finally:
        context.close()

