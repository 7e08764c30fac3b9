"""Hearts passing in a few keys, spoken (issue 38, point 3): each chosen card is said with its
count, the third says how to confirm, L lists the confirm button, Tab then Enter passes, and
focus goes back to the hand — never to the page's body. Counted: the keys of one pass."""

from __future__ import annotations

from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, start_game, wait_turn

SAID = "() => document.getElementById('said').textContent"
FOCUS = "() => document.activeElement === document.body ? 'body' : (document.activeElement.dataset.card ? 'card' " \
        ": document.activeElement.id || document.activeElement.tagName)"


def test_a_hearts_pass_in_few_keys(server, browser):
    context = browser.new_context()
    page = context.new_page()
    pick_name(page, server.url, "Pia")
    create_table(page, "hearts", {"players": 4}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    assert wait_turn(page) == "mine"
    keys = 0

    def press(key: str) -> None:
        nonlocal keys
        keys += 1
        page.keyboard.press(key)

    press("j")  # to the hand
    assert page.evaluate(FOCUS) == "card"
    for number in (1, 2, 3):
        name = page.evaluate("() => document.activeElement.querySelector('.name').textContent")
        press("Enter")
        expect(page.locator("#said")).to_contain_text(f"{number} of 3")
        said = page.evaluate(SAID)
        assert said.startswith(name.strip()), (said, name)  # the card as its button says it
        assert not set("♠♥♦♣") & set(said), said  # the sign is seen on the face, never said ("clubs ♣")
        if number < 3:
            press("ArrowRight")
    assert "Enter confirms." in page.evaluate(SAID)
    assert page.evaluate(FOCUS) == "select-confirm"  # the selection's next step
    page.keyboard.press("l")  # L lists the confirm button among the choices (not counted: a question)
    expect(page.locator("#said")).to_contain_text(page.locator("#select-confirm").inner_text())
    page.locator("#select-confirm").focus()  # L's answer leaves focus where it was
    press("Enter")
    expect(page.locator("#log")).to_contain_text("to pass (3 of 3).", timeout=30_000)
    page.wait_for_function("() => document.activeElement !== document.body")
    assert page.evaluate(FOCUS) in ("card", "hand-h"), page.evaluate(FOCUS)
    assert keys <= 8, keys
    print(f"\nkeys for one Hearts pass: {keys}")
    context.close()
