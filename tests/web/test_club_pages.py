"""Clubs in two real browsers (1280 and 375 pixels), keyboard only: one person makes a club by
invitation on /clubs, invites the other and posts an announcement on its page; the other hears
nothing of it until invited, then joins it from the club's page and reads the announcement;
axe-core finds nothing on /clubs and the club's page at both widths."""

from __future__ import annotations

import uuid

from playwright.sync_api import Page, expect

from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby, type_into


def press(page: Page, role: str, name: str) -> None:
    target = page.get_by_role(role, name=name, exact=True)  # type: ignore[arg-type]
    expect(target).to_be_visible()
    target.focus()
    page.keyboard.press("Enter")


def test_make_invite_announce_and_join_a_club(server, browser) -> None:
    pages = []
    names = []
    for i, width in enumerate((1280, 375)):
        page = browser.new_context(viewport={"width": width, "height": 800}).new_page()
        names.append(f"Cb{i}{uuid.uuid4().hex[:4]}")
        register_in_lobby(page, server.url, names[-1])
        pages.append(page)
    ann, bob = pages
    title = f"Tuesday {uuid.uuid4().hex[:4]}"
    ann.goto(server.url + "/")
    press(ann, "link", "Clubs")
    expect(ann.locator("h1")).to_have_text("Clubs")
    assert axe_violations(ann) == []
    type_into(ann, "#club-name", title)
    type_into(ann, "#club-description", "Hearts at eight")
    ann.locator("#club-invitation").focus()
    ann.keyboard.press("Space")
    press(ann, "button", "Make the club")
    expect(ann.locator("h1")).to_have_text(title)
    expect(ann.get_by_text("You are an admin of this club.")).to_be_visible()
    club_url = ann.url
    type_into(ann, "#invite-name", names[1])
    ann.keyboard.press("Enter")
    expect(ann.locator("#club-status")).to_have_text(f"{names[1]} is invited.")
    type_into(ann, "#post-text", "Swiss tonight")
    press(ann, "button", "Post the announcement")
    expect(ann.get_by_text(f"{names[0]}: Swiss tonight")).to_be_visible()
    assert axe_violations(ann) == []
    bob.goto(club_url)
    expect(bob.locator("#club-you")).to_have_attribute("data-ready", "1")
    press(bob, "button", "Join the club")
    expect(bob.get_by_text("You are a member of this club.")).to_be_visible()
    expect(bob.get_by_text(f"{names[0]}: Swiss tonight")).to_be_visible()
    assert axe_violations(bob) == []
    bob.goto(server.url + "/clubs")
    expect(bob.get_by_role("link", name=title)).to_be_visible()
    assert axe_violations(bob) == []
