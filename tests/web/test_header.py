"""The page's header fits one line at 1280×800 and 1366×768 in every language (issue 37): the
brand, the room's links, the lobby's panel buttons, the account and the language picker, for
nobody yet, a guest and a person logged in, on the lobby (the widest header) and on the events
page. Measured in Chromium: the header is no taller than its tallest item (one row)."""

from __future__ import annotations

import uuid

import pytest
from playwright.sync_api import expect

from tests.web.conftest import SCREENSHOTS
from tests.web.helpers import pick_name
from tests.web.test_people import register_in_lobby

LANGS = ("en", "bg", "cs", "es", "ru", "de", "fr")
SIZES = ((1280, 800), (1366, 768))
ROWS = """() => {
  const top = document.querySelector('header.top');
  const items = [...top.children].filter((c) => c.getClientRects().length && c.getBoundingClientRect().width > 0);
  const rect = (c) => c.getBoundingClientRect();
  return {height: Math.round(rect(top).height),
          rows: new Set(items.map((c) => Math.round(rect(c).top + rect(c).height / 2) >> 4)).size,
          tallest: Math.round(Math.max(...items.map((c) => rect(c).height))),
          wide: top.scrollWidth > top.clientWidth};
}"""


def sign_in(page, url: str, state: str) -> None:
    """Nobody, a guest with a name, or a person with an account (logged in) in this browser, each
    as a person does it: the lobby's name field, the Register dialog."""
    page.goto(url + "/?lang=en")
    if state == "guest":
        pick_name(page, url, "Guest 4821")
    elif state == "account":
        register_in_lobby(page, url, f"Wilhelmina{uuid.uuid4().hex[:3]}")


def ready(page, state: str, path: str) -> None:
    """The header as it stays: the account's button named, the guest's name shown (the lobby
    shows it), the fonts in."""
    shown = "#account-name" if state == "account" else "#whoami" if state == "guest" and path == "/" else None
    if shown:  # (account.js once forgot the person when a page was left while it asked who they are)
        expect(page.locator(shown)).not_to_be_empty(timeout=20_000)
    page.evaluate("() => document.fonts.ready.then(() => true)")


@pytest.mark.parametrize("state", ["nobody", "guest", "account"])
def test_the_header_is_one_line_in_every_language(server, browser, state) -> None:
    # the service worker on (one worker in every language: a page in another language is a message to
    # it, not a new worker, so none is replaced while the next page loads; static/sw.js)
    page = browser.new_context().new_page()
    page.set_default_timeout(60_000)  # a busy machine
    sign_in(page, server.url, state)
    two_lines = []
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        for lang in LANGS:
            for path in ("/", "/events"):
                page.goto(f"{server.url}{path}?lang={lang}", wait_until="domcontentloaded")
                ready(page, state, path)
                got = page.evaluate(ROWS)
                if got["rows"] != 1 or got["height"] > got["tallest"] + 24 or got["wide"]:
                    two_lines.append(f"{lang} {path} at {width}: {got}")
                    SCREENSHOTS.mkdir(exist_ok=True)
                    page.screenshot(path=str(SCREENSHOTS / f"header-{state}-{lang}-{width}.png"),
                                    clip={"x": 0, "y": 0, "width": width, "height": 140})
    page.context.close()
    assert not two_lines, two_lines
