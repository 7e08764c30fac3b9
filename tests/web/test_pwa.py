"""The installable app in a real browser (Chromium): the service worker registers for the whole
room; the manifest is valid by Chromium's own parser (no errors, the fields, icons of the sizes
they claim) and the page is installable; a "your turn" push delivered to the worker is shown as a
notification in the reader's language; choosing it (the worker's own `notificationclick` listener,
given the shown notification) brings an open room tab to the table, keeps a tab already there, or
opens a window at the table when no room tab is open; and when the room is stopped, a
page is answered with the offline page in the reader's language (axe finds nothing on it), the
language told last when pages in two languages were read (one worker for every language)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import expect

from tests.web.conftest import Server
from tests.web.test_games import axe_violations


@pytest.fixture
def own_server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(tmp_path)
    yield srv
    if srv.proc.poll() is None:
        srv.stop()


def registered(page) -> dict[str, str]:
    return page.evaluate("""async () => {
        const reg = await navigator.serviceWorker.ready;
        return {scope: reg.scope, script: reg.active.scriptURL};
    }""")


def test_the_worker_registers_and_the_manifest_is_valid_and_installable(own_server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(own_server.url + "/?lang=fr")
    worker = registered(page)
    assert worker["scope"] == own_server.url + "/" and worker["script"].endswith("/sw.js"), worker
    cdp = ctx.new_cdp_session(page)
    found = cdp.send("Page.getAppManifest")
    assert found["url"] == own_server.url + "/manifest.webmanifest?lang=fr" and found["errors"] == [], found["errors"]
    manifest = json.loads(found["data"])
    assert manifest["lang"] == "fr" and manifest["start_url"] == "/" and manifest["scope"] == "/"
    assert manifest["display"] == "standalone" and manifest["name"] == "cardhall" and manifest["short_name"]
    assert "cartes" in manifest["description"]  # in the reader's language
    sizes = page.evaluate("""async (icons) => Promise.all(icons.map((icon) => new Promise((done) => {
        const img = new Image();
        img.onload = () => done(`${img.naturalWidth}x${img.naturalHeight}`);
        img.onerror = () => done("broken");
        img.src = icon.src;
    })))""", manifest["icons"])
    assert sizes == [icon["sizes"] for icon in manifest["icons"]]
    assert {"192x192", "512x512"} <= set(sizes) and any(i["purpose"] == "maskable" for i in manifest["icons"])
    page.reload()  # now controlled by the worker
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == [], errors
    ctx.close()


def deliver(ctx, page, server: Server, notice: dict) -> list[dict]:
    """`notice` delivered as a real push to the page's worker (CDP); the notifications it shows."""
    cdp = ctx.new_cdp_session(page)
    registrations: list[dict] = []
    cdp.on("ServiceWorker.workerRegistrationUpdated", lambda e: registrations.extend(e["registrations"]))
    cdp.send("ServiceWorker.enable")
    registered(page)
    found: list[dict] = []
    for _ in range(300):  # the registration's event comes by itself (at most 30 s on a loaded machine)
        found = [r for r in registrations if r["scopeURL"] == server.url + "/" and not r["isDeleted"]]
        if found:
            break
        page.wait_for_timeout(100)
    assert found, registrations
    shown: list[dict] = []
    for _ in range(3):  # a push DevTools hands to a worker Chromium is just restarting can be dropped (CI, loaded)
        cdp.send("ServiceWorker.deliverPushMessage", {"origin": server.url, "registrationId": found[0]["registrationId"],
                                                       "data": json.dumps(notice)})
        shown = page.evaluate("""async () => {  // asked until the worker has shown it (at most 15 s)
            const reg = await navigator.serviceWorker.ready;
            for (let i = 0; i < 150; i++) {
                const found = await reg.getNotifications();
                if (found.length) return found.map((n) => ({title: n.title, body: n.body, lang: n.lang, tag: n.tag,
                                                            data: n.data}));
                await new Promise((done) => setTimeout(done, 100));
            }
            return [];
        }""")
        if shown:
            break
    return shown


NOTICE = {"type": "your_turn", "table": "t123", "path": "/tables/t123", "heading": "Du bist dran: Herz (Tisch t123)",
          "text": "Du bist dran bei Herz, Tisch t123."}
CLICK = """async () => {  // the worker's own notificationclick listener, given the shown notification
    const [notification] = await self.registration.getNotifications();
    const opened = [];
    const openWindow = self.clients.openWindow.bind(self.clients);
    self.clients.openWindow = async (url) => { opened.push(url); return openWindow(url).catch(() => null); };
    self.dispatchEvent(new NotificationEvent("notificationclick", {notification}));
    for (let i = 0; i < 50 && (await self.registration.getNotifications()).length; i++)
        await new Promise((done) => setTimeout(done, 100));
    await new Promise((done) => setTimeout(done, 300));
    self.clients.openWindow = openWindow;
    return {opened, left: (await self.registration.getNotifications()).length};
}"""


def worker_of(ctx, page):
    """The room's service worker as Playwright sees it (evaluated in the worker's own scope)."""
    registered(page)
    page.reload()  # controlled by the worker from here
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    return ctx.service_workers[0] if ctx.service_workers else ctx.wait_for_event("serviceworker")


def test_a_push_is_a_notification_that_leads_to_the_table(own_server, browser):
    ctx = browser.new_context()
    ctx.grant_permissions(["notifications"], origin=own_server.url)
    page = ctx.new_page()
    page.goto(own_server.url + "/?lang=es")  # the page in Spanish; the notice says it is in German
    assert deliver(ctx, page, own_server, {**NOTICE, "lang": "de"}) == [
        {"title": NOTICE["heading"], "body": NOTICE["text"], "lang": "de", "tag": "turn-t123",
         "data": {"path": "/tables/t123"}}]
    ctx.close()


def notified(own_server, browser, path: str, notice: dict) -> tuple:
    """A context allowed notices, a room page at `path` and its service worker, the notice shown."""
    ctx = browser.new_context()
    ctx.grant_permissions(["notifications"], origin=own_server.url)
    page = ctx.new_page()
    page.goto(own_server.url + path)
    worker = worker_of(ctx, page)
    assert len(deliver(ctx, page, own_server, notice)) == 1
    return ctx, page, worker


def test_choosing_the_notice_takes_the_open_room_tab_to_the_table(own_server, browser):
    """A room tab at the lobby: the click closes the notice and brings that tab to the table (no new window)."""
    ctx, page, worker = notified(own_server, browser, "/?lang=de", NOTICE)
    clicked = worker.evaluate(CLICK)
    assert clicked == {"opened": [], "left": 0}, clicked
    page.wait_for_url(own_server.url + "/tables/t123")
    assert [p.url for p in ctx.pages] == [own_server.url + "/tables/t123"]
    ctx.close()


def test_choosing_the_notice_keeps_a_tab_already_at_the_table(own_server, browser):
    ctx, page, worker = notified(own_server, browser, "/tables/t123?lang=de", {**NOTICE, "path": "/tables/t123?lang=de"})
    page.evaluate("() => { window.stayed = true; }")
    assert worker.evaluate(CLICK) == {"opened": [], "left": 0}
    assert page.evaluate("() => window.stayed") is True  # focused, not loaded again
    assert len(ctx.pages) == 1
    ctx.close()


def test_choosing_the_notice_with_no_room_tab_opens_the_table(own_server, browser):
    """No tab of the room is open: the click opens a window at the table. (Chromium lets a worker open a
    window only during a click the person made; DevTools cannot make one, so the window the worker asks
    for is recorded, and asked again here as a page would be.)"""
    ctx, page, worker = notified(own_server, browser, "/?lang=de", NOTICE)
    keep = ctx.new_page()  # a page of another site keeps the browser open
    keep.goto("about:blank")
    page.close()
    clicked = worker.evaluate(CLICK)
    assert clicked == {"opened": [own_server.url + "/tables/t123"], "left": 0}, clicked
    keep.goto(clicked["opened"][0])
    expect(keep.locator("html")).to_have_attribute("lang", "de")
    ctx.close()


def told(page, lang: str) -> None:
    """Wait until the worker has kept the offline page in `lang` and holds it as the language told last."""
    kept = page.evaluate("""async (lang) => {  // asked until the worker has kept it (at most 10 s)
        for (let i = 0; i < 100; i++) {
            const told = await caches.match("/sw-lang");
            if (told && await told.text() === lang && await caches.match(`/offline?lang=${lang}`)) return true;
            await new Promise((done) => setTimeout(done, 100));
        }
        return false;
    }""", lang)
    assert kept, f"the worker never kept the offline page in {lang}"


def test_the_offline_page_in_the_readers_language_when_the_room_is_stopped(own_server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(own_server.url + "/?lang=es")
    registered(page)
    page.reload()
    page.wait_for_function("() => navigator.serviceWorker.controller !== null")
    told(page, "es")
    own_server.stop()
    for path in ("/", "/tables/abc123"):
        page.goto(own_server.url + path)
        expect(page.locator("#offline-title")).to_have_text("Estás sin conexión")
        assert page.locator("html").get_attribute("lang") == "es"
        expect(page.locator("#offline-again")).to_have_attribute("href", "/")
    assert axe_violations(page) == []
    page.screenshot(path=str(own_server.tmp / "offline.png"))
    ctx.close()


def test_a_page_in_another_language_tells_the_one_worker_and_replaces_none(own_server, browser):
    """A worker whose address held the language was replaced at each change of language, and
    Chromium could leave a navigation through the old one hanging (the I key's test, 1 run in 3):
    now every language is one worker, told the language, and the offline page follows it."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(own_server.url + "/?lang=es")
    first = registered(page)
    told(page, "es")
    page.goto(own_server.url + "/events?lang=de")
    told(page, "de")
    workers = page.evaluate("""async () => (await navigator.serviceWorker.getRegistrations()).map((r) =>
        ({script: r.active && r.active.scriptURL, waiting: Boolean(r.waiting || r.installing)}))""")
    assert workers == [{"script": first["script"], "waiting": False}], workers
    own_server.stop()
    page.goto(own_server.url + "/")
    expect(page.locator("#offline-title")).to_have_text("Du bist offline")
    assert page.locator("html").get_attribute("lang") == "de"
    ctx.close()
