"""Issue 38, points 6 and 7, in real Chromium: a card button's accessible name (as Chromium
computes it, through the DevTools accessibility tree) says the card once — no suit sign, no hint
that repeats it —; after each of your moves focus never lands on a card that cannot be played;
the replay of the finished game counts its deal ("deal 1 of 1"), says every pass's card in words
and names the person who sat there."""

from __future__ import annotations

import random
import re

from playwright.sync_api import expect

from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn
from tests.web.listening import CARD_CODE

FOCUS_ON_DISABLED = """() => { const a = document.activeElement;
  return Boolean(a && a.closest('#hand') && a.getAttribute('aria-disabled') === 'true'); }"""


def card_names(page) -> list[tuple[str, str]]:  # type: ignore[no-untyped-def]
    """Each hand button's accessible name and description, as Chromium computes them."""
    cdp = page.context.new_cdp_session(page)
    out = []
    count = page.locator("#hand button").count()
    for i in range(count):
        found = cdp.send("Runtime.evaluate", {"expression": f"document.querySelectorAll('#hand button')[{i}]"})
        node = cdp.send("Accessibility.getPartialAXTree", {"objectId": found["result"]["objectId"],
                                                          "fetchRelatives": False})["nodes"][0]
        out.append((node.get("name", {}).get("value", ""), node.get("description", {}).get("value", "")))
    cdp.detach()
    return out


def test_cards_named_once_focus_never_on_a_disabled_card_and_the_replay(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    url = create_table(page, "hearts", {"players": 4, "target": 1}, ["me", "bot:random", "bot:random", "bot:random"])
    start_game(page)
    rng = random.Random("polish")
    checked = 0
    while wait_turn(page) != "over":
        if checked < 3:  # the names in the passing and in the play (a few times: the DevTools calls are slow)
            for name, description in card_names(page):
                assert name and not re.search("[♠♥♦♣]", name), name
                assert name.split()[0] not in description and len(name.split(" of ")) == 2, (name, description)
            checked += 1
        play_one(page, rng)
        assert not page.evaluate(FOCUS_ON_DISABLED), "focus landed on a card that cannot be played"
    assert checked == 3

    table = url.rstrip("/").split("/")[-1]
    page.goto(f"{server.url}/tables/{table}/replay")
    page.wait_for_function("() => document.getElementById('replay-root').dataset.ready === 'true'")
    step = page.locator("#step")
    page.keyboard.press("ArrowRight")
    expect(step).to_contain_text(", deal 1 of 1. North passes the ")
    said = [step.inner_text()]
    while "Move 12 of" not in said[-1]:
        page.keyboard.press("ArrowRight")
        expect(step).not_to_have_text(said[-1])
        said.append(step.inner_text())
    assert all(re.search(r"(North|East|South|West) passes the \w+ of \w+\.", s) for s in said), said
    assert said[-1].endswith("Passing is done.")
    page.keyboard.press("End")
    expect(step).to_contain_text("deal 1 of 1.")
    assert not CARD_CODE.search(" ".join(said) + step.inner_text())
    expect(page.locator("#hands li").first).to_contain_text("North — Kim")
    context.close()
