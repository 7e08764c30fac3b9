"""The room's chat at a table (issue 31): the lobby's chat and a private message to a person at a
table join the table's history, in its "chat" view beside the table's own chat, marked in words as
the lobby's or as private, each said once (by the history, not also by the people bar)."""

from __future__ import annotations

import uuid

from playwright.sync_api import expect

from tests.web.test_history_review import said_after
from tests.web.test_people import register_in_lobby, type_into
from tests.web.test_social import fetch


def test_lobby_chat_and_private_messages_in_the_tables_chat_view(server, browser) -> None:
    tag = uuid.uuid4().hex[:4]
    ann_name, bob_name = f"Ann{tag}", f"Bob{tag}"
    ann, bob = (browser.new_context().new_page() for _ in range(2))
    for page, name in ((ann, ann_name), (bob, bob_name)):
        register_in_lobby(page, server.url, name)
    made = fetch(ann, "POST", "/api/tables", {"game": "hearts", "options": {"players": 3},
                                              "seats": ["me", "open", "bot:random"]})
    ann.goto(f"{server.url}/tables/{made['body']['id']}")
    expect(ann.locator("#log")).to_contain_text("You are North at this Hearts table")
    type_into(ann, "#chat", "hello table")
    ann.keyboard.press("Enter")
    table_line = ann.locator("#log p[data-view='chat']").filter(has_text="hello table")
    expect(table_line).to_have_count(1)
    expect(ann.locator("html")).to_have_attribute("data-room", "open")  # the room socket (people.js) is open
    posted = fetch(bob, "POST", "/api/lobby/chat", {"text": "anyone for Jass?"})
    assert posted["status"] == 201, posted
    lobby = ann.locator("#log p.lobby")
    expect(lobby).to_have_text(f"In the lobby, {bob_name}: anyone for Jass?")
    sent = fetch(bob, "POST", "/api/messages", {"to": ann_name, "text": "psst, it is Bob"})
    assert sent["status"] == 201, sent
    private = ann.locator("#log p.private")
    expect(private).to_have_text(f"Private message from {bob_name}: psst, it is Bob")
    # said once: the history (a live region) says it; the people bar does not say it again
    expect(ann.locator("#people-live")).not_to_contain_text("psst")
    chat = ann.locator("#log p[data-view='chat']")
    expect(chat).to_have_count(3)
    assert [chat.nth(i).inner_text() for i in range(3)][1:] == [
        f"In the lobby, {bob_name}: anyone for Jass?", f"Private message from {bob_name}: psst, it is Bob"]
    assert "hello table" in chat.nth(0).inner_text()

    # V to the chat view: Page Up reads these lines, the latest first
    ann.locator("#play-h").evaluate("h => { h.tabIndex = -1; h.focus(); }")
    assert said_after(ann, "v").startswith("History view: game, ")
    assert said_after(ann, "v") == "History view: chat, 3 lines."
    assert said_after(ann, "PageUp") == f"3 of 3: Private message from {bob_name}: psst, it is Bob"
    assert said_after(ann, "PageUp") == f"2 of 3: In the lobby, {bob_name}: anyone for Jass?"
    # in the lobby the private message is still said by the people bar
    fetch(ann, "POST", "/api/lobby/chat", {"text": "back soon"})
    bob.goto(server.url + "/")
    expect(bob.locator("#room-chat")).to_contain_text("back soon")  # in the chat's panel, collapsed or not
    for page in (ann, bob):
        page.context.close()
