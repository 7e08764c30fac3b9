"""Club notices and the closing of a club in three real browsers, keyboard only:

- Bob reads the room in German: Ann's invitation to her club is said in his people bar in German
  («… lädt dich in den Club … ein.») with a link to the club; once he has joined, Ann's
  announcement is said to him there too, in German.
- Mona, a moderator, sees "Close this club" on the club's page (Ann, its admin, does not); she
  writes a reason and closes it by keyboard; the page says so, the club is listed no more, its
  page answers 404, and the audit log keeps the reason. axe-core finds nothing on the page with
  the control."""

from __future__ import annotations

import uuid

import httpx
from playwright.sync_api import expect

from tests.web.test_club_pages import press
from tests.web.test_events import api
from tests.web.test_games import axe_violations
from tests.web.test_languages import choose_language
from tests.web.test_people import register_in_lobby, type_into
from tests.web.test_social import admin


def test_club_notices_in_the_readers_language_and_a_moderator_closes_the_club(server, browser) -> None:
    tag = uuid.uuid4().hex[:4]
    names = [f"Ann{tag}", f"Bob{tag}", f"Mona{tag}"]
    pages = []
    for name, width in zip(names, (1280, 375, 1280), strict=True):
        page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
        register_in_lobby(page, server.url, name)
        pages.append(page)
    ann, bob, mona = pages
    assert admin(server, "grant", names[2], "moderator").returncode == 0
    title = f"Jass {tag}"
    made = api(ann, "POST", "/api/clubs", {"name": title, "description": "Sundays", "open": False})
    assert isinstance(made, dict) and "id" in made, made
    club = made["id"]
    bob.goto(server.url + "/")
    choose_language(bob, "de")
    expect(bob.locator("html[data-room=open]")).to_be_attached()
    api(ann, "POST", f"/api/clubs/{club}/invitations", {"name": names[1]})
    expect(bob.locator("#people-live")).to_have_text(f"{names[0]} lädt dich in den Club {title} ein.")
    link = bob.get_by_role("link", name="Zum Club")
    link.focus()
    bob.keyboard.press("Enter")
    bob.wait_for_url(f"**/clubs/{club}")
    expect(bob.locator("html[data-room=open]")).to_be_attached()  # the page's script is running (under load: later)
    press(bob, "button", "Dem Club beitreten")
    expect(bob.get_by_text("Du bist Mitglied dieses Clubs.")).to_be_visible(timeout=30_000)  # the page, read again
    expect(bob.locator("html[data-room=open]")).to_be_attached()
    api(ann, "POST", f"/api/clubs/{club}/announcements", {"text": "Cards at eight"})
    expect(bob.locator("#people-live")).to_have_text(f"Mitteilung des Clubs {title}, von {names[0]}: Cards at eight")

    ann.goto(f"{server.url}/clubs/{club}")
    expect(ann.get_by_text("You are an admin of this club.")).to_be_visible()
    expect(ann.get_by_role("button", name="Close this club")).to_have_count(0)  # an admin is not a moderator
    mona.goto(f"{server.url}/clubs/{club}")
    expect(mona.locator("#club-you[data-ready]")).to_be_attached()
    assert axe_violations(mona) == []
    press(mona, "button", "Close this club")  # no reason yet: the browser asks for one, nothing is closed
    assert httpx.get(f"{server.url}/api/clubs/{club}", timeout=30).json()["id"] == club
    type_into(mona, "#close-reason", "Spam, reported three times")
    press(mona, "button", "Close this club")
    expect(mona.locator("#club-status")).to_have_text("The club is closed: it is read-only and listed no more.")
    expect(mona.locator("#club-status")).to_be_focused()
    assert all(c["id"] != club for c in httpx.get(f"{server.url}/api/clubs", timeout=30).json()["clubs"])
    assert mona.goto(f"{server.url}/clubs/{club}").status == 404  # type: ignore[union-attr]
    log = admin(server, "audit")
    assert log.returncode == 0 and f"{names[2]}: close club {title} (Spam, reported three times)" in log.stdout, \
        log.stdout
