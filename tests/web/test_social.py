"""The room's people in real browsers, keyboard only, with two and three people: a friend
request heard and accepted, presence, an invitation from the table page heard in the lobby and
accepted in one step (seated), a block that hides invitations, a moderator's ban with its
reason, and the ban holding when the banned person comes back; axe-core finds nothing."""

from __future__ import annotations

import os
import subprocess
import sys
import uuid

from playwright.sync_api import Page, expect

from tests.web.conftest import ROOT
from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby, type_into


def fetch(page: Page, method: str, path: str, body: object = None) -> dict:
    """A request from the page, with its own session cookie (as its scripts make them)."""
    return page.evaluate("""([method, path, body]) => fetch(path, {method,
        headers: body === null ? {} : {'Content-Type': 'application/json'},
        body: body === null ? undefined : JSON.stringify(body)}).then(async r => ({status: r.status, body: await r.json()}))""",
                         [method, path, body])


def admin(server, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "cardhall", "admin", *args,
                           "--db", f"sqlite:///{server.tmp / 'room.sqlite3'}"],
                          capture_output=True, text=True, env=env, timeout=60, check=False)


def test_friends_presence_invite_and_sit_block_and_a_ban(server, browser) -> None:
    tag = uuid.uuid4().hex[:4]
    ann_name, bob_name, eve_name = f"Ann{tag}", f"Bob{tag}", f"Eve{tag}"
    ann, bob, eve = (browser.new_context().new_page() for _ in range(3))
    for page, name in ((ann, ann_name), (bob, bob_name), (eve, eve_name)):
        register_in_lobby(page, server.url, name)
    bob.reload()  # the room socket and the friends part as a registered person
    ann.reload()
    for page in (ann, bob):  # F opens the Friends panel (collapsed on the lobby's first screen)
        expect(page.locator("#friends-panel")).to_be_hidden()
        page.keyboard.press("f")
        expect(page.locator("#friends-h")).to_be_focused()
    expect(bob.locator("#friends-part")).to_be_visible()

    # a friend request, heard by Bob and accepted with the keyboard
    type_into(ann, "#friend-name", bob_name)
    ann.keyboard.press("Enter")
    # the request waits behind the part's first answers on a loaded machine (two browsers and servers on 2 cores)
    expect(ann.locator("#friends-status")).to_have_text(f"You asked {bob_name} to be friends.", timeout=20_000)
    expect(bob.locator("#people-live")).to_have_text(f"{ann_name} asks to be your friend.")
    accept = bob.get_by_role("button", name=f"Accept {ann_name}")
    accept.focus()
    bob.keyboard.press("Enter")
    expect(bob.locator("#friends-status")).to_have_text(f"{ann_name} is now your friend.")
    # presence: Ann sees Bob available in the lobby
    expect(ann.locator("#friend-list")).to_contain_text(f"{bob_name}: available, in the lobby", timeout=15_000)
    assert axe_violations(bob) == []

    # Ann's table; on its page she invites Bob, who hears it in the lobby and sits in one step
    made = fetch(ann, "POST", "/api/tables", {"game": "hearts", "options": {"players": 3},
                                              "seats": ["me", "open", "bot:random"]})
    table = made["body"]["id"]
    ann.goto(f"{server.url}/tables/{table}")
    pick = ann.locator("#invite-pick")
    expect(pick).to_be_visible()
    pick.focus()
    pick.select_option(bob_name)
    ann.keyboard.press("Tab")
    ann.keyboard.press("Enter")
    expect(ann.locator("#people-live")).to_have_text(f"Invitation sent to {bob_name}.")
    words = f"{ann_name} invites you to a game of Hearts. Press I to accept and sit."
    expect(bob.locator("#people-live")).to_have_text(words)
    assert "invite" in bob.evaluate("() => window.cardhallSounds.heard")  # its own sound, in the lobby too
    sit = bob.get_by_role("button", name="Accept and sit")
    sit.focus()
    bob.keyboard.press("Enter")
    bob.wait_for_url(f"**/tables/{table}")
    seats = fetch(bob, "GET", f"/api/tables/{table}")["body"]["seats"]
    assert [s["name"] for s in seats][:2] == [ann_name, bob_name]
    expect(ann.locator("#people-live")).to_have_text(f"{bob_name} accepted your invitation.")
    assert axe_violations(ann) == []
    # presence follows Bob to the table
    bob.goto(server.url + "/")
    ann.goto(server.url + "/")
    expect(ann.locator("#friend-list")).to_contain_text(f"{bob_name}: available, in the lobby", timeout=15_000)

    # Bob blocks Eve (keyboard) from her name in the room's chat; her invitation is then never shown
    # to him, and she is not told
    assert fetch(eve, "POST", "/api/lobby/chat", {"text": "hello everyone"})["status"] == 201
    bob.keyboard.press("c")
    expect(bob.locator("#room-chat-h")).to_be_focused()
    eve_in_chat = bob.locator("#room-chat p").filter(has_text="hello everyone").get_by_role("button", name=eve_name, exact=True)
    eve_in_chat.focus()
    bob.keyboard.press("Enter")
    expect(eve_in_chat).to_have_attribute("aria-expanded", "true")
    assert axe_violations(bob) == []  # the person's menu, open
    bob.get_by_role("button", name=f"Block {eve_name}").focus()
    bob.keyboard.press("Enter")
    expect(eve_in_chat).to_be_focused()  # the menu closes, the focus back on her name
    expect(bob.locator("#people-live")).to_have_text(f"You block {eve_name}.")
    eves = fetch(eve, "POST", "/api/tables", {"game": "hearts", "options": {"players": 3},
                                              "seats": ["me", "open", "bot:random"]})["body"]["id"]
    sent = fetch(eve, "POST", "/api/invitations", {"name": bob_name, "table": eves})
    assert sent["status"] == 201
    bob.wait_for_timeout(1500)
    expect(bob.locator("#invitations li")).to_have_count(0)
    assert fetch(bob, "GET", "/api/invitations")["body"] == []

    # Ann becomes a moderator and bans Eve from the moderation page; Eve is told the reason
    granted = admin(server, "grant", ann_name, "moderator")
    assert granted.returncode == 0, granted.stderr
    ann.goto(server.url + "/moderation")
    type_into(ann, "#s-name", eve_name)
    ann.locator("#s-kind").select_option("ban")
    ann.locator("#s-duration").fill("")
    type_into(ann, "#s-duration", "7d")
    type_into(ann, "#s-reason", "threats in the chat")
    ann.keyboard.press("Enter")
    expect(ann.locator("#mod-status")).to_contain_text(f"Done: {eve_name}")
    # the audit log in words: who did what to whom, and why
    expect(ann.locator("#audit")).to_contain_text(f"{ann_name} banned {eve_name} (reason: threats in the chat)")
    assert axe_violations(ann) == []
    expect(eve.locator("#people-alert")).to_contain_text("threats in the chat")
    # the ban holds when she comes back: the room socket refuses her, and so does the API
    eve.reload()
    expect(eve.locator("#people-alert")).to_contain_text("banned from this room until")
    again = fetch(eve, "POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "open"]})
    assert again["status"] == 403 and "threats in the chat" in again["body"]["error"]
    for page in (ann, bob, eve):
        page.context.close()


def test_the_lobby_chat_escaped_and_in_the_readers_language(server, browser) -> None:
    page = browser.new_context().new_page()
    name = f"Cid{uuid.uuid4().hex[:4]}"
    register_in_lobby(page, server.url, name)
    page.reload()
    page.get_by_role("button", name="The room's chat").click()  # the header's button opens the chat's panel
    type_into(page, "#room-chat-text", "<img src=x onerror=alert(1)> hello")
    page.keyboard.press("Enter")
    line = page.locator("#room-chat p").last
    expect(line).to_have_text(f"{name}: <img src=x onerror=alert(1)> hello")
    assert page.locator("#room-chat img").count() == 0
    page.goto(server.url + "/?lang=cs")
    expect(page.locator("#room-chat-h")).not_to_have_text("The room's chat")
    assert axe_violations(page) == []
    page.context.close()
