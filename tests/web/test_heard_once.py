"""What the room says about people, said once and answerable by key (issues 37 and 38):

- a table's history line that names a person (their chat line, a lobby chat line heard at the
  table) has their menu, as the lobby's chat has: reached by keyboard, the line's words unchanged
  for the live region and the review, axe 0 with the menu open;
- "Your tables" in the lobby say once, in its live region, when a table becomes your turn or its
  game ends — nothing on the page's first look, nothing on a refresh where nothing changed;
- a lobby chat line is said when it arrives (by the people bar while the chat's panel is closed,
  by the chat's log while it is open), never again on a later page load;
- an invitation says "Press I to accept and sit" in the reader's language, and I accepts the newest
  invitation from any page and sits the person down (Shift+I at a game that has its own I).

What a screen reader would hear is recorded as tests/web/listening.py records it: every text put
into a live region that is shown and not `aria-live="off"`."""

from __future__ import annotations

import random
import time
import uuid

from playwright.sync_api import Page, expect

from tests.web.helpers import play_to_end, wait_turn
from tests.web.test_games import axe_violations
from tests.web.test_people import register_in_lobby, type_into
from tests.web.test_social import fetch

HEARD = """
(() => {
  window.heard = [];
  const silent = (node) => node.closest('[hidden]') || node.closest('[aria-live="off"]');
  const watch = () => {
    for (const id of ['people-live', 'lobby-status']) {
      const node = document.getElementById(id);
      if (node) new MutationObserver(() => {
        const text = node.textContent.trim();
        if (text && !silent(node)) window.heard.push({region: id, text});
      }).observe(node, {childList: true, characterData: true, subtree: true});
    }
    for (const id of ['room-chat', 'log']) {
      const node = document.getElementById(id);
      if (node) new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) {
          if (n.textContent.trim() && !silent(node)) window.heard.push({region: id, text: n.textContent.trim()});
        }
      }).observe(node, {childList: true});
    }
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch); else watch();
})();
"""


def heard(page: Page, part: str = "") -> list[str]:
    return [h["text"] for h in page.evaluate("() => window.heard || []") if part in h["text"]]


def two_people(server, browser) -> tuple[Page, Page, str, str]:
    tag = uuid.uuid4().hex[:4]
    ann_name, bob_name = f"Ann{tag}", f"Bob{tag}"
    ann, bob = (browser.new_context().new_page() for _ in range(2))
    for page, name in ((ann, ann_name), (bob, bob_name)):
        page.add_init_script(HEARD)
        register_in_lobby(page, server.url, name)
    return ann, bob, ann_name, bob_name


def hearts_with_an_open_seat(page: Page) -> str:
    made = fetch(page, "POST", "/api/tables", {"game": "hearts", "options": {"players": 3},
                                               "seats": ["me", "open", "bot:random"]})
    assert made["status"] == 201, made
    return str(made["body"]["id"])


def test_a_history_line_that_names_a_person_opens_their_menu(server, browser) -> None:
    ann, bob, ann_name, bob_name = two_people(server, browser)
    table = hearts_with_an_open_seat(ann)
    assert fetch(bob, "POST", f"/api/tables/{table}/sit", {"seat": None})["status"] == 200
    ann.goto(f"{server.url}/tables/{table}")
    bob.goto(f"{server.url}/tables/{table}")
    expect(ann.locator("html")).to_have_attribute("data-room", "open")
    expect(bob.locator("#log")).to_contain_text("You are East at this Hearts table")
    expect(bob.locator("#table-root")).to_have_attribute("data-link", "open")
    type_into(bob, "#chat", "good luck all")
    bob.keyboard.press("Enter")
    line = ann.locator("#log p[data-view='chat']").filter(has_text="good luck all")
    expect(line).to_have_text(f"{bob_name} says: good luck all")
    assert heard(ann, "good luck all") == [f"{bob_name} says: good luck all"]  # said once, in the same words
    name = line.get_by_role("button", name=bob_name, exact=True)
    # Bob's own page: his own name is plain text, not a menu
    expect(bob.locator("#log p[data-view='chat']").filter(has_text="good luck all").get_by_role("button")).to_have_count(0)
    # by keyboard: Tab reaches the name, Enter opens the menu, the focus on its first item
    name.focus()
    ann.keyboard.press("Enter")
    expect(ann.get_by_role("link", name=f"{bob_name}'s profile")).to_be_focused()
    expect(name).to_have_attribute("aria-expanded", "true")
    menu = ann.get_by_role("group", name=f"What to do about {bob_name}")
    for item in (f"Message {bob_name}", f"Ask {bob_name} to be friends", f"Block {bob_name}", f"Mute {bob_name}",
                 f"Report {bob_name}"):
        expect(menu.get_by_role("button", name=item)).to_be_visible()
    assert axe_violations(ann) == []
    assert heard(ann, "profile") == []  # the menu opening is not read out as news of the history
    # a private message from the menu
    menu.get_by_role("button", name=f"Message {bob_name}").click()
    type_into(ann, "#log input[id^='message-']", "see you in the lobby")
    ann.keyboard.press("Enter")
    expect(ann.locator("#people-live")).to_have_text(f"Your message was sent to {bob_name}.")
    expect(name).to_be_focused()  # closed, the focus back on the name
    sent = fetch(bob, "GET", f"/api/messages/{ann_name}")["body"]["messages"]
    assert [m["text"] for m in sent] == ["see you in the lobby"]
    # a report from the history's line attaches this table's chat
    ann.keyboard.press("Enter")
    menu.get_by_role("button", name=f"Report {bob_name}").click()
    ann.get_by_label("What happened").fill("spam at the table")
    ann.keyboard.press("Enter")
    expect(ann.locator("#people-live")).to_have_text("Your report was sent to the moderators.")
    expect(line).to_have_text(f"{bob_name} says: good luck all")  # a closed menu adds nothing to the line
    # Escape closes the menu and gives the focus back to the name
    ann.keyboard.press("Enter")
    ann.keyboard.press("Escape")
    expect(name).to_be_focused()
    expect(name).to_have_attribute("aria-expanded", "false")
    # a lobby chat line heard at the table names its writer the same way
    assert fetch(bob, "POST", "/api/lobby/chat", {"text": "anyone for Jass?"})["status"] == 201
    lobby = ann.locator("#log p.lobby")
    expect(lobby).to_have_text(f"In the lobby, {bob_name}: anyone for Jass?")
    expect(lobby.get_by_role("button", name=bob_name, exact=True)).to_be_visible()
    # Bob sat down before Ann came: a reloaded page's earlier lines name him too, quietly
    ann.reload()
    expect(ann.locator("#log p[data-view='chat']").filter(has_text="good luck all")
           .get_by_role("button", name=bob_name, exact=True)).to_be_visible()
    assert heard(ann, "good luck all") == []
    for page in (ann, bob):
        page.context.close()


def test_your_tables_say_once_when_the_turn_comes_and_when_the_game_ends(server, browser) -> None:
    ctx = browser.new_context()
    lobby = ctx.new_page()
    lobby.add_init_script(HEARD)
    lobby.goto(server.url + "/")
    made = lobby.evaluate("""async () => {
      const post = (url, body) => fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                              body: JSON.stringify(body)}).then((r) => r.json());
      const who = await post("/api/players", {name: "Rosalind"});
      localStorage.setItem("cardhall.player", JSON.stringify({player: who.player, name: who.name}));
      const t = await post("/api/tables", {game: "hearts", options: {players: 3, target: 1},
                                           seats: ["me", "bot:random", "bot:random"]});
      return t.id;
    }""")
    lobby.reload()
    expect(lobby.locator("#mine li")).to_have_count(1)
    time.sleep(3.5)  # a refresh with nothing new: nothing said
    assert heard(lobby, "") == []
    fetch(lobby, "POST", f"/api/tables/{made}/start", {})
    expect(lobby.locator("#lobby-status")).to_have_text("It is your turn at the Hearts table.", timeout=10_000)
    time.sleep(7)  # two more refreshes, the turn still mine: said once
    assert heard(lobby, "") == ["It is your turn at the Hearts table."]
    table = ctx.new_page()
    table.goto(f"{server.url}/tables/{made}")
    wait_turn(table)
    play_to_end(table, random.Random(38))
    expect(lobby.locator("#lobby-status")).to_have_text("The game at your Hearts table is over.", timeout=15_000)
    time.sleep(4)
    assert heard(lobby, "over") == ["The game at your Hearts table is over."]
    # a later look at the lobby says nothing of it again (the finished table has left the list)
    lobby.reload()
    expect(lobby.locator("#mine li")).to_have_count(0)
    time.sleep(3.5)
    assert heard(lobby, "") == []
    ctx.close()


def test_a_lobby_chat_line_is_said_once_never_on_a_later_load(server, browser) -> None:
    ann, bob, _, bob_name = two_people(server, browser)
    ann.goto(server.url + "/")
    expect(ann.locator("html")).to_have_attribute("data-room", "open")
    assert fetch(bob, "POST", "/api/lobby/chat", {"text": "first line"})["status"] == 201
    expect(ann.locator("#people-live")).to_have_text(f"In the lobby, {bob_name}: first line")
    assert heard(ann, "first line") == [f"In the lobby, {bob_name}: first line"]  # the chat's panel is closed
    # the chat's button counts it: a short word shown, its whole name said
    expect(ann.locator("#chat-toggle .short")).to_have_text("Chat (1)")
    expect(ann.get_by_role("button", name="The room's chat (1 new line)")).to_be_visible()
    bob.goto(server.url + "/")
    expect(bob.locator("html")).to_have_attribute("data-room", "open")
    assert heard(bob, "first line") == []  # his own line is not news to him, nor on his next page
    for _ in range(2):  # a later page load: shown in the chat, said by nothing
        ann.reload()
        expect(ann.locator("html")).to_have_attribute("data-room", "open")
        ann.keyboard.press("c")
        expect(ann.locator("#room-chat")).to_contain_text("first line")
        time.sleep(0.5)
        assert heard(ann, "first line") == []
    # with the chat's panel open, its log says the new line, the people bar does not say it too
    assert fetch(bob, "POST", "/api/lobby/chat", {"text": "second line"})["status"] == 201
    expect(ann.locator("#room-chat")).to_contain_text("second line")
    time.sleep(0.5)
    assert heard(ann, "second line") == [f"{bob_name}: second line"]
    # another page of the room (a profile) says it in the people bar
    ann.goto(f"{server.url}/players/{bob_name}")
    expect(ann.locator("html")).to_have_attribute("data-room", "open")
    assert fetch(bob, "POST", "/api/lobby/chat", {"text": "third line"})["status"] == 201
    expect(ann.locator("#people-live")).to_have_text(f"In the lobby, {bob_name}: third line")
    for page in (ann, bob):
        page.context.close()


def test_i_accepts_the_newest_invitation_from_any_page_in_the_readers_language(server, browser) -> None:
    ann, bob, ann_name, bob_name = two_people(server, browser)
    older = hearts_with_an_open_seat(ann)
    newer = hearts_with_an_open_seat(ann)
    bob.goto(f"{server.url}/events?lang=de")
    expect(bob.locator("html")).to_have_attribute("data-room", "open")
    bob.keyboard.press("i")  # nothing waits yet: said so
    expect(bob.locator("#people-live")).to_have_text("Es wartet keine Einladung auf dich.")
    for table in (older, newer):
        assert fetch(ann, "POST", "/api/invitations", {"name": bob_name, "table": table})["status"] == 201
    said = f"{ann_name} lädt dich zu einer Partie Hearts ein. Drück I, um anzunehmen und dich hinzusetzen."
    expect(bob.locator("#invitations li")).to_have_count(2)
    expect(bob.locator("#people-live")).to_have_text(said)
    assert axe_violations(bob) == []
    bob.locator("#main").focus()
    bob.keyboard.press("i")
    bob.wait_for_url(f"**/tables/{newer}**")
    state = fetch(bob, "GET", f"/api/tables/{newer}")["body"]
    assert [s.get("name") for s in state["seats"]][:2] == [ann_name, bob_name], state["seats"]
    # on a table page the older invitation is still there; I (here a Hearts table) accepts it
    expect(bob.locator("#invitations li")).to_have_count(1)
    expect(bob.locator("html")).to_have_attribute("data-room", "open")  # the page's room link is up (its keys wired)
    bob.locator("#play-h").evaluate("h => { h.tabIndex = -1; h.focus(); }")
    bob.keyboard.press("i")
    bob.wait_for_url(f"**/tables/{older}**")
    for page in (ann, bob):
        page.context.close()


def test_shift_i_accepts_where_the_game_has_its_own_i(server, browser) -> None:
    ann, bob, _, bob_name = two_people(server, browser)
    table = hearts_with_an_open_seat(ann)
    duel = fetch(bob, "POST", "/api/tables", {"game": "clash-of-decks", "seats": ["me", "bot:random"]})["body"]["id"]
    fetch(bob, "POST", f"/api/tables/{duel}/start", {})
    bob.goto(f"{server.url}/tables/{duel}")
    wait_turn(bob)
    assert fetch(ann, "POST", "/api/invitations", {"name": bob_name, "table": table})["status"] == 201
    expect(bob.locator("#people-live")).to_contain_text("Press Shift+I to accept and sit.")
    bob.locator("#play-h").evaluate("h => { h.tabIndex = -1; h.focus(); }")
    bob.keyboard.press("i")  # the game's own key: the abilities, and the page stays
    expect(bob.locator("#said")).not_to_be_empty()
    assert f"/tables/{duel}" in bob.url
    bob.keyboard.press("Shift+I")
    bob.wait_for_url(f"**/tables/{table}**")
    for page in (ann, bob):
        page.context.close()
