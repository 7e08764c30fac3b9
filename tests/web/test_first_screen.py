"""The lobby's first screen (issue 37): the header, the games' tiles (each with its picture, hidden
from screen readers), the open tables and today's events on one screen; the account, the friends
and the room's chat out of the way (a dialog, two panels opened by a button or a key); a person's
menu where a person is named (a seat at the table, their profile); your tables with whose turn it is; errors said
at their forms in words; the end of a game brought into view and a phone's plates never cutting a
name. Screenshots go to tests/web/screenshots/."""

from __future__ import annotations

import random
import uuid

from playwright.sync_api import Page, expect

from tests.web.conftest import SCREENSHOTS
from tests.web.helpers import play_to_end, wait_turn
from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby
from tests.web.test_social import fetch

TOP = "id => document.getElementById(id).getBoundingClientRect().top"


def first_screen(page: Page, width: int, height: int) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(page.url.split("#")[0])
    page.wait_for_load_state("networkidle")


def test_the_first_screen_shows_the_games_the_tables_and_the_events(server, browser) -> None:
    page = browser.new_context().new_page()
    page.goto(server.url + "/")
    for width, height in ((1366, 768), (375, 800)):
        first_screen(page, width, height)
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"lobby-{width}x{height}.png"))
        expect(page.locator("#quick .tile")).to_have_count(6)
        for panel in ("#friends-panel", "#chat-panel", "#account-dialog", "#create-panel form"):
            expect(page.locator(panel)).to_be_hidden()
        pictures = page.locator(".tile-picture")
        hidden = pictures.evaluate_all("ps => ps.map(p => p.getAttribute('aria-hidden') === 'true' && p.alt === ''"
                                       " && p.complete && p.naturalWidth > 0)")
        assert pictures.count() == 6 and all(hidden), hidden  # drawn, and decorative
        # each tile's button says its game to a screen reader; the tile shows "Play with bots"
        expect(page.get_by_role("button", name="Play Jass with bots")).to_be_visible()
        if width > 1000:  # a desktop: the games, the open tables and the events at once
            assert page.evaluate(TOP, "open-h") < height and page.evaluate(TOP, "daily-h") < height
            assert page.evaluate("() => document.querySelector('#quick').getBoundingClientRect().bottom") < height
        else:  # a phone: the first game's tile with its button at once, nothing wider than the screen
            first = page.locator("#quick button.quick").first
            expect(first).to_be_in_viewport()
            bottom = page.evaluate("() => document.querySelector('#quick button.quick').getBoundingClientRect().bottom")
            assert bottom < height * 0.65, bottom
            assert page.evaluate("() => document.documentElement.scrollWidth - document.documentElement.clientWidth") <= 0
        assert axe_violations(page) == [], width
    page.context.close()


def test_panels_open_by_button_and_key_and_close_with_escape(server, browser) -> None:
    page = browser.new_context().new_page()
    page.goto(server.url + "/")
    page.keyboard.press("c")
    expect(page.locator("#chat-panel")).to_be_visible()
    expect(page.locator("#room-chat-h")).to_be_focused()
    expect(page.locator("#chat-toggle")).to_have_attribute("aria-expanded", "true")
    assert axe_violations(page) == []
    # an empty line is refused with a sentence at the chat (never the browser's tooltip)
    page.locator("#room-chat-text").focus()
    page.keyboard.press("Enter")
    expect(page.locator("#chat-error")).not_to_be_empty()
    assert page.locator("#chat-error").inner_text()[0].isupper()
    page.keyboard.press("Escape")
    expect(page.locator("#chat-panel")).to_be_hidden()
    expect(page.locator("#chat-toggle")).to_be_focused()
    page.get_by_role("button", name="Friends").click()
    expect(page.locator("#friends-panel")).to_be_visible()
    expect(page.locator("#friends-guest")).to_be_visible()  # a guest is told what an account gives
    page.keyboard.press("c")  # one panel at a time
    expect(page.locator("#friends-panel")).to_be_hidden()
    expect(page.locator("#chat-panel")).to_be_visible()
    page.get_by_role("button", name="Close the panel").last.click()
    expect(page.locator("#chat-panel")).to_be_hidden()
    page.context.close()


def test_a_seat_names_a_person_whose_menu_blocks_and_reports(server, browser) -> None:
    tag = uuid.uuid4().hex[:4]
    ann_name, bob_name = f"Ann{tag}", f"Bob{tag}"
    ann, bob = (browser.new_context().new_page() for _ in range(2))
    for page, name in ((ann, ann_name), (bob, bob_name)):
        register_in_lobby(page, server.url, name)
    table = fetch(ann, "POST", "/api/tables", {"game": "hearts", "options": {"players": 3},
                                               "seats": ["me", "open", "bot:random"]})["body"]["id"]
    assert fetch(bob, "POST", f"/api/tables/{table}/sit", {"seat": None})["status"] == 200
    ann.goto(f"{server.url}/tables/{table}")
    bob_seat = ann.locator("#seats").get_by_role("button", name=bob_name, exact=True)
    expect(bob_seat).to_be_visible()
    expect(ann.locator("#seats")).to_contain_text(bob_name)
    bob_seat.focus()
    ann.keyboard.press("Enter")
    expect(ann.get_by_role("link", name=f"{bob_name}'s profile")).to_be_focused()
    assert axe_violations(ann) == []
    ann.get_by_role("button", name=f"Report {bob_name}").click()
    ann.get_by_label("What happened").fill("rude at the table")
    ann.get_by_role("button", name=f"Send the report on {bob_name}").click()
    expect(ann.locator("#people-live")).to_have_text("Your report was sent to the moderators.")
    expect(bob_seat).to_be_focused()  # the menu closed, the focus back on the name
    ann.keyboard.press("Enter")
    ann.get_by_role("button", name=f"Mute {bob_name}").click()
    expect(ann.locator("#people-live")).to_have_text(f"You mute {bob_name}.")
    # W reads the seats as words: a closed menu adds nothing to them
    assert "profile" not in ann.locator("#seats").inner_text()
    # Bob's profile says what Ann may do about him; her own profile offers nothing
    ann.goto(f"{server.url}/players/{bob_name}")
    ann.get_by_role("button", name=f"Block {bob_name}").click()
    expect(ann.locator("#people-live")).to_have_text(f"You block {bob_name}.")
    assert fetch(ann, "GET", "/api/blocks")["body"]["blocked"] == [bob_name]
    assert axe_violations(ann) == []
    ann.goto(f"{server.url}/players/{ann_name}")
    expect(ann.locator("#person-actions")).to_be_hidden()
    # the lobby lists the table among Ann's, with whose turn it is once it runs
    ann.goto(server.url + "/")
    expect(ann.locator("#mine-section")).to_be_visible()
    expect(ann.locator("#mine")).to_contain_text("Hearts")
    for page in (ann, bob):
        page.context.close()


def test_your_tables_say_whose_turn_it_is(server, browser) -> None:
    page = browser.new_context().new_page()
    page.goto(server.url + "/")
    expect(page.locator("#mine-section")).to_be_hidden()  # a newcomer has no empty list on the first screen
    page.get_by_role("button", name="Play Hearts with bots").click()
    page.wait_for_url("**/tables/**")
    wait_turn(page)
    page.goto(server.url + "/")
    expect(page.locator("#mine li")).to_contain_text("your turn")
    expect(page.locator("#mine li.my-turn")).to_have_count(1)
    page.context.close()


def test_the_end_comes_into_view_and_a_phones_plates_cut_no_name(server, browser) -> None:
    ctx = browser.new_context(viewport={"width": 375, "height": 800})
    page = ctx.new_page()
    page.goto(server.url + "/")
    made = page.evaluate("""async () => {
      const post = (url, body) => fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                              body: JSON.stringify(body)}).then((r) => r.json());
      await post("/api/players", {name: "Wilhelmina"});
      const t = await post("/api/tables", {game: "hearts", options: {players: 3, target: 1},
                                           seats: ["me", "bot:medium", "bot:medium"]});
      await post(`/api/tables/${t.id}/start`, {});
      return t.id;
    }""")
    page.goto(f"{server.url}/tables/{made}")
    wait_turn(page)
    names = page.locator("#felt .plate .who b")
    expect(names.nth(1)).to_have_text("Bot (medium) 1")
    cut = names.evaluate_all("bs => bs.filter(b => b.scrollWidth > b.clientWidth + 1 || b.getBoundingClientRect().right"
                             " > b.closest('.plate').getBoundingClientRect().right + 1).map(b => b.textContent)")
    assert cut == [], cut
    page.screenshot(path=str(SCREENSHOTS / "hearts-375x800-plates.png"))
    play_to_end(page, random.Random(37))
    end = page.locator("#end")
    expect(end).to_be_visible()
    expect(end).to_be_in_viewport()
    standings = page.locator("#standings .name").all_inner_texts()
    assert len(set(standings)) == 3 and "Bot (medium) 1" in standings and "Bot (medium) 2" in standings, standings
    page.screenshot(path=str(SCREENSHOTS / "hearts-375x800-end.png"))
    ctx.close()
