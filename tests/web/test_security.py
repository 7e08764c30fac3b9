"""Nobody gets in where they don't belong: another origin cannot use the player's cookie
(WebSocket or API), markup in names and chat shows as text, a private table needs its invite,
and every page carries the security headers."""

from __future__ import annotations

import http.server
import threading
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.web.conftest import free_port
from tests.web.helpers import create_table, pick_name, start_game
from tests.web.test_games import axe_violations


@pytest.fixture(scope="module")
def evil(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A page of another origin (another port of 127.0.0.1: the same site, so the browser
    sends the SameSite=Lax cookie along; only the Origin check stops it)."""
    folder = tmp_path_factory.mktemp("evil")
    Path(folder, "index.html").write_text("<!doctype html><title>another site</title><p>hello</p>")

    class Quiet(http.server.SimpleHTTPRequestHandler):
        def __init__(self, *a, **kw):
            super().__init__(*a, directory=str(folder), **kw)

        def log_message(self, *a):
            pass

    port = free_port()
    srv = http.server.ThreadingHTTPServer(("127.0.0.1", port), Quiet)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    yield f"http://127.0.0.1:{port}/"
    srv.shutdown()


def test_another_origin_cannot_use_the_cookie(server, browser, evil):
    ctx = browser.new_context()
    page = ctx.new_page()
    pick_name(page, server.url, "Victim")
    url = create_table(page, "hearts", {"players": 3, "target": 1}, ["me", "bot:random", "bot:random"])
    table_id = url.rsplit("/", 1)[1]
    mine_ids = "() => fetch('/api/tables?mine=1').then(r => r.json()).then(ts => ts.map(t => t.id).sort())"
    mine = page.evaluate(mine_ids)
    page.goto(evil)
    ws = page.evaluate("""url => new Promise(done => {
        const seen = [];
        const s = new WebSocket(url);
        s.onmessage = e => seen.push(JSON.parse(e.data));
        s.onclose = () => done({opened: seen.length > 0, seats: seen.filter(m => m.type === 'state').map(m => m.seat)});
        setTimeout(() => { s.close(); }, 1500);
    })""", f"ws://127.0.0.1:{server.port}/ws/tables/{table_id}")
    assert all(seat is None for seat in ws["seats"]), f"a cross-origin socket spoke for the player's seat: {ws}"
    assert not ws["opened"], "the cross-origin WebSocket upgrade was accepted"
    posted = page.evaluate("""base => fetch(base + '/api/tables', {method: 'POST', credentials: 'include', mode: 'no-cors',
        headers: {'Content-Type': 'text/plain'},
        body: JSON.stringify({game: 'hearts', seats: ['me', 'bot:random', 'bot:random', 'bot:random']})}).then(r => r.type)""",
        server.url)
    assert posted == "opaque"
    page.goto(server.url + "/")
    assert page.evaluate(mine_ids) == mine
    ctx.close()


MARKUP_NAME = '<img src=x onerror="window.pwned=1">Mal'
MARKUP_CHAT = '<script>window.pwned=2</script><b id="bold">hi</b>'


def test_markup_in_names_and_chat_shows_as_text(server, browser):
    host_ctx, mal_ctx = browser.new_context(), browser.new_context()
    host, mal = host_ctx.new_page(), mal_ctx.new_page()
    pick_name(host, server.url, "Host")
    url = create_table(host, "hearts", {"players": 3, "target": 1}, ["me", "open", "bot:random"])
    mal.goto(server.url + "/")
    mal.locator("#name").focus()
    mal.keyboard.type(MARKUP_NAME)
    mal.keyboard.press("Enter")
    expect(mal.locator("#whoami")).to_have_text(f"You are {MARKUP_NAME}")
    expect(mal.locator("#open")).to_contain_text("Host", timeout=10_000)
    mal.goto(url)
    sit = mal.get_by_role("button", name="Sit as East")
    sit.focus()
    mal.keyboard.press("Enter")
    expect(host.locator("#seats")).to_contain_text(MARKUP_NAME)
    mal.locator("#chat").focus()
    mal.keyboard.type(MARKUP_CHAT)
    mal.keyboard.press("Enter")
    expect(host.locator("#log")).to_contain_text(MARKUP_CHAT)
    host.goto(server.url + "/")
    expect(host.locator("#mine")).to_contain_text(MARKUP_NAME)
    for page in (host, mal):
        assert page.evaluate("() => window.pwned") is None
        # only the room's own pictures (its static files, the games' tiles): no image a name or a line brought
        assert page.locator("img:not([src^='/static']):not([src^='/games/'])").count() == 0
        assert page.locator("#bold").count() == 0
    host_ctx.close()
    mal_ctx.close()


def test_a_private_table_needs_its_invite(server, browser):
    owner_ctx, other_ctx = browser.new_context(), browser.new_context()
    owner, other = owner_ctx.new_page(), other_ctx.new_page()
    pick_name(owner, server.url, "Owner")
    invite_url = create_table(owner, "three-two-five", {"deals": 1}, ["me", "open", "bot:random"], private=True)
    table_id = invite_url.split("/tables/")[1].split("?")[0]
    pick_name(other, server.url, "Stranger")
    other.wait_for_timeout(3500)  # a lobby refresh has happened
    assert table_id not in other.content()
    response = other.goto(f"{server.url}/tables/{table_id}")
    assert response is not None and response.status == 404  # a page saying why (issue 37), not an empty table
    expect(other.get_by_role("heading", level=1)).to_have_text("This table is not here")
    expect(other.locator("#missing-reason")).to_contain_text("a private table opens only with its invitation link")
    assert axe_violations(other) == []
    assert httpx.get(f"{server.url}/api/tables/{table_id}").status_code == 404
    assert table_id not in httpx.get(f"{server.url}/api/tables").text
    # with the invite link: the table, a seat, a game
    other.goto(invite_url)
    sit = other.get_by_role("button", name="Sit as East")
    sit.focus()
    other.keyboard.press("Enter")
    owner.goto(invite_url)
    start_game(owner)
    owner_ctx.close()
    other_ctx.close()


def test_security_headers_on_every_page(server):
    for path in ("/", "/tables/nothing", "/static/table.js", "/api/games"):
        r = httpx.get(server.url + path)
        csp = r.headers["content-security-policy"]
        assert "frame-ancestors 'none'" in csp and "script-src 'self'" in csp and "unsafe-inline" not in csp
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["referrer-policy"] == "no-referrer"
