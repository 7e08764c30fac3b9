"""The lobby as a front door (issue 37): one click plays from an empty browser (a guest gets a
name at once), a table that is not here is a 404 page with the reason and the way back, the
account forms say their errors on the page in words starting with a capital, and `hidden`
means hidden on every page (no element with the attribute is displayed)."""

from __future__ import annotations

import httpx
from playwright.sync_api import expect

from tests.web.test_games import axe_violations

HIDDEN_SHOWN = """() => [...document.querySelectorAll('[hidden]')]
  .filter((e) => getComputedStyle(e).display !== 'none')
  .map((e) => e.id || e.tagName)"""


def test_one_click_plays_from_an_empty_browser(server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.get_by_role("button", name="Play Hearts with bots").click()
    page.wait_for_url("**/tables/**", timeout=20_000)
    expect(page.locator("#whoami")).to_contain_text("You are Guest ")
    assert page.evaluate(HIDDEN_SHOWN) == []
    page.goto(server.url + "/")
    expect(page.locator("#name")).to_have_value(page.evaluate("() => JSON.parse(localStorage['cardhall.player']).name"))
    ctx.close()


def test_a_missing_or_private_table_is_a_404_page(server, browser):
    with httpx.Client(base_url=server.url) as client:
        token = client.post("/api/players", json={"name": "Pia"}).json()["token"]
        table = client.post("/api/tables", headers={"Authorization": f"Bearer {token}"},
                            json={"game": "hearts", "options": {}, "seats": ["me", "open", "open", "open"],
                                  "private": True}).json()
    ctx = browser.new_context()
    page = ctx.new_page()
    for path in ("/tables/no-such-table", f"/tables/{table['id']}", "/tables/no-such-table/replay"):
        answer = page.goto(server.url + path)
        assert answer is not None and answer.status == 404, path
        expect(page.get_by_role("heading", level=1)).to_have_text("This table is not here")
        expect(page.locator("#missing-reason")).to_contain_text("There is no table")
        expect(page.get_by_role("link", name="Back to the lobby")).to_have_attribute("href", "/")
        assert axe_violations(page) == [], path
    answer = page.goto(server.url + f"/tables/{table['id']}?invite={table['invite']}")
    assert answer is not None and answer.status == 200  # the invitation opens it
    page.goto(server.url + "/tables/no-such-table?lang=cs")
    expect(page.get_by_role("heading", level=1)).not_to_have_text("This table is not here")
    expect(page.get_by_role("link", name="Zpět do herny")).to_be_visible()
    ctx.close()


def test_account_form_errors_are_sentences_on_the_page(server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.get_by_role("button", name="Log in or register").click()  # the header's account dialog
    page.locator("#reg-name").fill("Quinn")
    page.locator("#reg-password").fill("short")
    page.locator("#register-form button").click()
    error = page.locator("#account-error")
    expect(error).to_have_text("A password is 8 to 1024 characters; this one has 5")
    with httpx.Client(base_url=server.url) as client:
        token = client.post("/api/players", json={"name": "Rex"}).json()["token"]
        assert client.post("/api/accounts", headers={"Authorization": f"Bearer {token}"},
                           json={"name": "Rex", "password": "a long enough one"}).status_code in (200, 201)
    page.locator("#reg-name").fill("Rex")
    page.locator("#reg-password").fill("another long one")
    page.locator("#register-form button").click()
    expect(error).to_contain_text("The name Rex is taken")
    page.locator("#login-name").fill("Rex")
    page.locator("#login-password").fill("not the password")
    page.locator("#login-form button").click()
    expect(error).to_have_text("Wrong name or password")
    assert axe_violations(page) == []
    ctx.close()


def test_no_hidden_element_is_displayed_on_any_page(server, browser):
    ctx = browser.new_context()
    page = ctx.new_page()
    with httpx.Client(base_url=server.url) as client:
        token = client.post("/api/players", json={"name": "Sam"}).json()["token"]
        table = client.post("/api/tables", headers={"Authorization": f"Bearer {token}"},
                            json={"game": "hearts", "options": {}, "seats": ["me", "open", "open", "open"]}).json()
    for width, height in ((1366, 768), (375, 800)):
        page.set_viewport_size({"width": width, "height": height})
        for path in ("/", "/rules/hearts", "/leaderboards/hearts", "/players/Sam", f"/tables/{table['id']}",
                     "/tables/nothing-here", "/moderation"):
            page.goto(server.url + path)
            page.wait_for_load_state("networkidle")
            assert page.evaluate(HIDDEN_SHOWN) == [], (path, width)
    ctx.close()
