"""The card table a sighted player sees: the seats around the felt, the trick as card faces,
the last card of every trick shown and the whole trick held before it goes to its winner,
the hand as card faces that keep their suit colour when they cannot be played."""

from __future__ import annotations

import random
import re

import httpx
import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import expect

from cardhall.core.catalogs import po_path
from tests.web.conftest import SCREENSHOTS
from tests.web.helpers import create_table, pick_name, play_one, start_game, wait_turn
from tests.web.test_games import axe_violations

HELD = "() => document.getElementById('felt').dataset.held === '1'"
FELT_CARDS = "() => document.querySelectorAll('#felt .pot .pcard').length"
TRICKS_WON = "() => window.cardhallModel.timeline.filter(e => e.event.type === 'trick_won').length"


def hearts_table(server, browser, hold: int, motion: str = "no-preference"):
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion=motion)
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    page.evaluate(f"() => localStorage.setItem('cardhall.settings', JSON.stringify({{hold: {hold}}}))")
    create_table(page, "hearts", {"players": 3, "target": 1}, ["me", "bot:random", "bot:random"])
    start_game(page)
    return context, page


def test_the_whole_trick_is_held_then_goes_to_its_winner(server, browser):
    context, page = hearts_table(server, browser, hold=2500)
    rng = random.Random(3)
    for _ in range(40):
        if page.evaluate(TRICKS_WON):
            break
        assert wait_turn(page) == "mine"
        play_one(page, rng)
    assert page.evaluate(TRICKS_WON) >= 1
    page.wait_for_function(HELD, timeout=5000)
    won = page.evaluate("() => window.cardhallModel.timeline.filter(e => e.event.type === 'trick_won').map(e => e.event.cards)")
    shown = page.evaluate("() => [...document.querySelectorAll('#felt .pot .pcard')].map(c => c.dataset.card)")
    # tricks finished one after another are shown in turn, each whole, its last card included
    assert len(shown) == 3 and sorted(shown) in [sorted(cards) for cards in won], (shown, won)
    assert page.evaluate("() => document.querySelector('#felt .pot .pcard.wins') !== null")
    page.wait_for_function(f"() => !({HELD})()", timeout=6000)
    trick = page.evaluate("() => window.cardhallModel.view().trick.length")
    assert page.evaluate(FELT_CARDS) == trick, "after the hold the table shows the trick now being played"
    context.close()


def test_seats_plates_hand_faces_and_dimmed_cards_keep_their_colour(server, browser):
    context, page = hearts_table(server, browser, hold=0, motion="reduce")
    wait_turn(page)
    plates = page.locator("#felt .plate")
    expect(plates).to_have_count(3)
    expect(plates.filter(has_text="Kim")).to_contain_text("you")
    expect(plates.filter(has_text="bot")).to_have_count(2)
    assert page.evaluate("() => document.getElementById('felt').getAttribute('aria-hidden')") == "true"
    # a card that cannot be played keeps its suit's colour (dimmed, not grey)
    colours = page.evaluate("""() => [...document.querySelectorAll('#hand button.card')].map(b => {
        const face = b.querySelector('.pcard');
        return {card: b.dataset.card, off: b.getAttribute('aria-disabled') === 'true', colour: getComputedStyle(face).color};
    })""")
    red = {c["colour"] for c in colours if c["card"][-1] in "HD"}
    black = {c["colour"] for c in colours if c["card"][-1] in "SC"}
    assert len(red) == 1 and len(black) == 1 and red != black, colours
    # a card's face is drawn by its own rules only (the end screen's "end" class once framed its lower corner)
    corner = page.evaluate("() => getComputedStyle(document.querySelector('#hand .pcard .corner.end')).borderTopStyle")
    assert corner == "none"
    context.close()


def test_hearts_passing_is_select_three_then_confirm_with_undo(server, browser):
    context, page = hearts_table(server, browser, hold=0)
    assert wait_turn(page) == "mine"
    assert page.evaluate("() => window.cardhallModel.view().phase") == "pass"
    cards = page.locator("#hand button.card")
    confirm = page.locator("#select-confirm")
    for i in range(3):
        cards.nth(i).click()
    expect(confirm).to_have_attribute("aria-disabled", "false")
    expect(page.locator("#hand button.selected")).to_have_count(3)
    assert page.evaluate("() => window.cardhallModel.view().passed.length") == 0, "nothing is passed before confirming"
    page.locator("#select-undo").click()
    expect(page.locator("#hand button.selected")).to_have_count(0)
    expect(confirm).to_have_attribute("aria-disabled", "true")
    chosen = [cards.nth(i).get_attribute("data-card") for i in (3, 4, 5)]
    for i in (3, 4, 5):
        cards.nth(i).click()
    cards.nth(5).click()  # unselect one, select another
    expect(page.locator("#hand button.selected")).to_have_count(2)
    chosen[2] = cards.nth(6).get_attribute("data-card")
    cards.nth(6).click()
    confirm.click()
    page.wait_for_function("() => { const v = window.cardhallModel.view(); return v.phase !== 'pass' || v.passed.length === 3; }")
    passed = page.evaluate("() => window.cardhallModel.view().passed")
    assert sorted(passed) == sorted(chosen)
    assert page.inner_text("#alert") == ""
    context.close()


def test_clash_card_with_two_uses_shows_them_at_the_card_in_words(server, browser):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    create_table(page, "clash-of-decks", {}, ["me", "bot:random"])
    start_game(page)
    rng = random.Random(5)
    for _ in range(20):
        assert wait_turn(page) == "mine"
        legal = page.evaluate("() => window.cardhallModel.legal()")
        two = [c for c in page.evaluate("() => window.cardhallModel.hand()")
               if sum(1 for n in legal if c in n.split(" ")) >= 2]
        if two:
            break
        play_one(page, rng)
    card = two[0]
    page.locator(f'#hand button[data-card="{card}"]').click()
    uses = page.locator("#uses")
    expect(uses).to_be_visible()
    labels = uses.locator("button[data-play]").all_inner_texts()
    plays = [b.get_attribute("data-play") for b in uses.locator("button[data-play]").all()]
    assert len(labels) >= 2 and not set(labels) & set(plays), labels  # words, not notation
    assert all(not label.endswith((" top", " bottom")) for label in labels), labels
    box = uses.bounding_box()
    assert box and box["x"] >= 0 and box["x"] + box["width"] <= 375
    page.keyboard.press("Escape")
    expect(uses).to_be_hidden()
    version = page.evaluate("() => window.cardhallModel.version")
    page.locator(f'#hand button[data-card="{card}"]').click()
    uses.locator("button[data-play]").first.click()
    page.wait_for_function(f"() => window.cardhallModel.version > {version}")
    assert page.inner_text("#alert") == ""
    context.close()


def test_one_click_play_with_medium_bots(server, browser):
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    page.get_by_role("button", name="Play Hearts with bots").click()
    page.wait_for_url("**/tables/*")
    page.wait_for_function("() => window.cardhallLast && window.cardhallLast.status === 'playing'")
    kinds = page.evaluate("() => window.cardhallLast.seats.map(s => s.kind === 'bot' ? s.bot : s.name)")
    assert kinds[0] == "Kim" and set(kinds[1:]) == {"medium"}
    context.close()


def test_invite_link_copied_and_a_friend_names_themselves_and_sits_in_one_step(server, browser):
    host_ctx = browser.new_context(viewport={"width": 1280, "height": 800}, permissions=["clipboard-read", "clipboard-write"])
    friend_ctx = browser.new_context(viewport={"width": 375, "height": 800})
    host, friend = host_ctx.new_page(), friend_ctx.new_page()
    pick_name(host, server.url, "Host")
    link = create_table(host, "three-two-five", {"deals": 1}, ["me", "open", "bot:random"], private=True)
    assert "?invite=" in link
    host.get_by_role("button", name="Copy invite link").click()
    expect(host.locator("#invite-said")).to_contain_text("copied")
    assert host.evaluate("() => navigator.clipboard.readText()") == link
    friend.goto(link)  # no name in this browser yet
    expect(friend.get_by_label("Your name at this table")).to_be_visible()
    friend.get_by_role("button", name="Sit as East").click()
    expect(friend.locator("#alert")).to_contain_text("name")
    friend.get_by_label("Your name at this table").fill("Friend")
    friend.get_by_role("button", name="Sit as East").click()
    friend.wait_for_function("() => window.cardhallLast && window.cardhallLast.seat === 1")
    expect(friend.locator("#whoami")).to_contain_text("Friend")
    host.locator("#start").click()
    friend.wait_for_function("() => (window.cardhallModel.hand() || []).length > 0")
    assert axe_violations(friend) == []
    host_ctx.close()
    friend_ctx.close()


def test_an_away_person_is_shown_away_with_the_takeover_countdown(server, browser):
    host_ctx, friend_ctx = browser.new_context(), browser.new_context()
    host, friend = host_ctx.new_page(), friend_ctx.new_page()
    pick_name(host, server.url, "Host")
    link = create_table(host, "three-two-five", {"deals": 1}, ["me", "open", "bot:random"], private=True)
    pick_name(friend, server.url, "Friend")
    friend.goto(link)
    friend.get_by_role("button", name="Sit as East").click()
    host.wait_for_function("() => window.cardhallLast.seats[1].kind === 'person' && window.cardhallLast.seats[1].connected")
    host.locator("#start").click()
    friend_ctx.close()  # the friend's page goes away
    seat = host.locator("#seats li").nth(1)
    expect(seat).to_contain_text("a bot plays for them in", timeout=15_000)
    first = seat.inner_text()
    host.wait_for_timeout(2200)
    assert seat.inner_text() != first, "the countdown counts down"
    expect(host.locator("#felt .plate", has_text="Friend")).to_contain_text("a bot plays for them in")
    before = int(re.search(r"in (\d+) s", seat.inner_text()).group(1))
    host.reload()  # a page opened later counts the same countdown: the seat says since when
    seat = host.locator("#seats li").nth(1)
    expect(seat).to_contain_text("a bot plays for them in", timeout=15_000)
    after = int(re.search(r"in (\d+) s", seat.inner_text()).group(1))
    assert after <= before + 1, (before, after)  # the same countdown going on, not a new one from the reload
    host_ctx.close()


BUILDS = "() => window.cardhallModel.legal().filter(n => n.startsWith('take '))"


def parse_build(notation: str) -> dict[str, list[str]]:
    """A build's notation as its clauses: {'take': [...], 'demolish': [...], 'place': [...]}."""
    return {k: rest for k, *rest in (clause.split() for clause in notation.split(";"))}


def test_five_towers_build_by_clicking_the_offer_and_the_towers(server, browser):
    """Bid by a click on the offer, then build with the mouse: a click on an offer card takes it,
    a click on the tower of its colour puts it there (a click on it takes it back), a click on a
    tower top demolishes it; the picker follows each click, and the last card plays the build."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    create_table(page, "five-towers", {"players": 2}, ["me", "bot:random"])
    start_game(page)
    rng = random.Random(7)
    builds: list[str] = []
    for _ in range(60):
        assert wait_turn(page) == "mine"
        builds = page.evaluate(BUILDS)
        if builds:
            break
        bids = [n for n in page.evaluate("() => window.cardhallModel.legal()") if n.startswith("bid ")]
        if bids:  # the highest bid, by a click on that offer card
            version = page.evaluate("() => window.cardhallModel.version")
            top = max(int(n.split()[1]) for n in bids)
            if top:
                page.locator("#board .offer .ft-card").nth(top - 1).click()
                page.wait_for_function(f"() => window.cardhallModel.version > {version}")
                continue
        play_one(page, rng)
    assert builds, "Kim never won a bidding"
    # a build with a demolition when there is one, so that the tower top's click is tried too
    chosen = max(builds, key=lambda n: ("demolish" in n, len(n)))
    clauses = parse_build(chosen)
    steps = page.evaluate("() => window.cardhallModel.words().steps")
    mine = page.locator("#board .ft-player.building")
    if "demolish" in clauses:
        top = clauses["demolish"][0]
        mine.locator(f'.ft-tower[data-tower="{top[0]}"] .ft-card[data-card="{top}"]').click()
        expect(mine.locator(".ft-card.demolished")).to_have_attribute("data-card", top)
    version = page.evaluate("() => window.cardhallModel.version")
    place = clauses["place"]
    for i, card in enumerate(place):
        page.locator(f'#board .offer .ft-card[data-card="{card}"]:not(.used)').first.click()
        expect(page.locator("#board .offer .ft-card.held")).to_have_count(1)
        # a click on the board focuses the page's main (the skip link's target): no frame round the page
        assert page.evaluate("""() => document.activeElement.id !== 'main'
            || getComputedStyle(document.activeElement).outlineStyle === 'none'""")
        if i == len(place) - 1:
            mine.locator(f'.ft-tower[data-tower="{card[0]}"]').click()
            break
        mine.locator(f'.ft-tower[data-tower="{card[0]}"]').click()
        expect(page.locator("#board")).to_have_attribute("data-placed", str(i + 1))
        if i == 0:  # a card put on a tower is taken back by a click, then put again
            mine.locator(".ft-card.pending").first.click()
            expect(page.locator("#board")).to_have_attribute("data-placed", "0")
            page.locator(f'#board .offer .ft-card[data-card="{card}"]').first.click()
            mine.locator(f'.ft-tower[data-tower="{card[0]}"]').click()
            expect(page.locator("#board")).to_have_attribute("data-placed", "1")
        path = page.evaluate("() => window.cardhallModel.local.path")
        if steps:  # the picker's path is the start of the chosen build's answers: the same step
            assert path == [answer for _q, answer in steps[chosen]][:len(path)], (path, steps[chosen])
    page.wait_for_function(f"() => window.cardhallModel.version > {version}")
    built = page.evaluate("""() => window.cardhallModel.timeline.filter(e => e.event.type === 'build'
        && e.event.seat === window.cardhallModel.seat()).map(e => e.event).pop()""")
    assert built["cards"] == place and built["demolished"] == (clauses.get("demolish") or [None])[0], (built, chosen)
    assert page.inner_text("#alert") == ""
    context.close()


def ability_words(lang: str) -> dict[str, str]:
    """The Clash abilities' names in `lang`, as the game's catalog has them (context "ability")."""
    names = ("Splash", "Perforation", "Rage", "Protection", "Indestructible", "Berserk", "Sprint", "Aura")
    if lang == "en":
        return {n: n for n in names}
    with po_path(lang, "clash_of_decks").open("rb") as f:
        catalog = read_po(f, locale=lang, domain="clash_of_decks")
    return {n: catalog.get(n, context="ability").string for n in names}


def test_clash_hand_cards_show_cost_attack_health_and_abilities_in_the_reader_s_language(server, browser):
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    address = create_table(page, "clash-of-decks", {}, ["me", "bot:random"])
    start_game(page)
    data = httpx.get(server.url + "/games/clash-of-decks/web/data.json").json()["cards"]
    for lang in ("en", "cs", "ru"):
        if lang != "en":
            page.goto(f"{address}?lang={lang}")
        page.wait_for_function("() => window.cardhallLast && (window.cardhallModel.hand() || []).length > 0")
        words = ability_words(lang)
        hand = page.evaluate("() => window.cardhallModel.hand()")
        shown = 0
        for card in hand:
            tile = page.locator(f'#hand button[data-card="{card}"]')
            facts = data[card]
            expect(tile.locator(".cstats .cost")).to_have_text(str(facts["cost"]))
            if facts["kind"] == "creature":
                expect(tile.locator(".cstats .atk")).to_have_text(f"⚔ {facts['attack']}")
                expect(tile.locator(".cstats .hp")).to_have_text(f"♥ {facts['health']}")
            else:
                expect(tile.locator(".cstats .dmg")).to_have_text(f"✹ {facts['damage']}")
            for name in facts["abilities"] + facts["aura"]:
                expect(tile.locator(".cstats .abil")).to_contain_text(words[name])
                shown += 1
            said = page.evaluate("w => window.cardhallModel.word(w)", card)
            assert said in tile.get_attribute("title")  # hovering says the card in words too
            # the button's name is still the card's word alone: the drawn numbers are aria-hidden
            expect(page.get_by_role("button", name=said, exact=True)).to_have_count(1)
        assert shown, f"no card of the hand {hand} has an ability"
        if lang != "en":
            english = [a for a in ability_words("en").values() if a != words[a]]
            tiles = " ".join(page.locator("#hand .cstats .abil").all_inner_texts())
            assert not [a for a in english if a in tiles.split(" · ")], tiles
            assert axe_violations(page) == []
    context.close()


def test_clash_status_line_shown_once_while_the_mana_changes(server, browser):
    """A summon leaves the turn with you and changes only the mana left: the status line says
    the new sentence, and the turn said when it came (the old mana) is not shown under it."""
    context = browser.new_context(viewport={"width": 375, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    create_table(page, "clash-of-decks", {}, ["me", "bot:random"])
    start_game(page)
    rng = random.Random(11)
    checked = False
    for _ in range(30):
        assert wait_turn(page) == "mine"
        summons = [n for n in page.evaluate("() => window.cardhallModel.legal()") if n.startswith("summon ")]
        if not summons:
            play_one(page, rng)
            continue
        before = page.inner_text("#status")
        version = page.evaluate("() => window.cardhallModel.version")
        page.locator(f'#hand button[data-card="{summons[0].split()[1]}"]').click()
        if page.locator("#uses").is_visible():
            page.locator("#uses button[data-play]").first.click()
        page.wait_for_function(f"() => window.cardhallModel.version > {version}")
        if page.evaluate("() => document.getElementById('table-root').dataset.turn") != "mine":
            continue
        expect(page.locator("#status")).not_to_have_text(before)  # the mana left changed
        status = page.inner_text("#status").strip()
        said = page.locator("#said")
        shown = said.evaluate("n => n.getBoundingClientRect().height > 1") and said.inner_text().strip()
        numberless = re.compile(r"\d+")
        assert not shown or numberless.sub("#", shown) != numberless.sub("#", status), \
            f"the status line is shown twice: {status!r} and under it {shown!r}"
        checked = True
        break
    assert checked, "no summon left the turn with Kim"
    context.close()


COVERED = """() => {
    const box = (n) => n.getBoundingClientRect();
    const cards = [...document.querySelectorAll('#felt .pot .pcard')].map(box);
    const plates = [...document.querySelectorAll('#felt .plate')].map(box);
    const felt = box(document.getElementById('felt'));
    const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const out = (c) => c.left < felt.left || c.right > felt.right || c.top < felt.top || c.bottom > felt.bottom;
    // a plate is as tall as its lines (the page header's .top rule once put a blank line in a top seat's)
    const loose = [...document.querySelectorAll('#felt .plate')].filter(p => getComputedStyle(p).flexDirection === 'column'
        && p.getBoundingClientRect().height > [...p.children].reduce((h, c) => h + c.getBoundingClientRect().height, 0) + 10);
    return {cards: cards.length, covered: cards.filter(c => plates.some(p => meet(c, p))).length,
            outside: [...cards, ...plates].filter(out).length, loose: loose.length};
}"""
TRICK_TABLES = [
    ("hearts", {"players": 4, "target": 1}, 4),
    ("hearts", {"players": 3, "target": 1}, 3),
    ("jass", {}, 4),
    ("three-two-five", {"deals": 1}, 3),
    ("putz", {"players": 3}, 3),
    ("putz", {"players": 5}, 5),
]


@pytest.mark.parametrize(("game", "options", "seats"), TRICK_TABLES, ids=[f"{g}-{n}" for g, _o, n in TRICK_TABLES])
def test_every_trick_card_is_seen_whole_beside_the_seats_plates(server, browser, game, options, seats):
    """A whole trick held on the felt (every seat's card): no card is under a seat's plate or
    outside the felt, at 1280×800 and on a phone (375×800), in every trick game and size of table."""
    context = browser.new_context(viewport={"width": 375, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    page.evaluate("() => localStorage.setItem('cardhall.settings', JSON.stringify({hold: 600000}))")  # held until we look
    create_table(page, game, options, ["me"] + ["bot:random"] * (seats - 1))
    start_game(page)
    rng = random.Random(game)
    for _ in range(80):
        if page.evaluate(HELD):
            break
        if wait_turn(page) == "mine" and not page.evaluate(HELD):
            play_one(page, rng)
    page.wait_for_function(HELD, timeout=30_000)
    for width in (375, 1280, 375):
        page.set_viewport_size({"width": width, "height": 800})
        page.wait_for_function(f"""() => {{ const f = document.getElementById('felt');
            return f.clientWidth {'<' if width == 375 else '>'} 480 && f.dataset.width === String(f.clientWidth); }}""")
        found = page.evaluate(COVERED)
        page.locator("#felt").screenshot(path=str(SCREENSHOTS / f"felt-{game}-{seats}-{width}.png"))
        assert found == {"cards": seats, "covered": 0, "outside": 0, "loose": 0}, (width, found)
    context.close()


SUMMARY_MS = 4000
SUMMARY_SHOWN = "() => !document.getElementById('deal-summary').hidden"


def play_until_summary(page, rng: random.Random) -> None:
    for _ in range(200):
        if page.evaluate(SUMMARY_SHOWN):
            return
        if wait_turn(page) == "mine" and not page.evaluate(SUMMARY_SHOWN):
            play_one(page, rng)
    raise AssertionError("no deal summary appeared")


def test_the_deal_summary_by_keyboard_said_once(server, browser):
    """Between deals the summary floats over the table: said once (the deal's line in the log,
    the panel itself is no live region), axe finds nothing; the keyboard reaches its Close button
    (Shift+Tab from the command field), it stays while focus is in it, Escape (first deal) and
    Enter (second deal) close it, and focus goes back, never to the page's body."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    pick_name(page, server.url, "Kim")
    page.evaluate(f"() => localStorage.setItem('cardhall.settings', JSON.stringify({{summary: {SUMMARY_MS}}}))")
    create_table(page, "three-two-five", {"deals": 3}, ["me", "bot:random", "bot:random"])
    start_game(page)
    rng = random.Random(2)
    summary = page.locator("#deal-summary")
    for deal, key in ((1, "Escape"), (2, "Enter")):
        play_until_summary(page, rng)
        page.locator("#command").focus()  # a person Tabs there: the first field of "Your move"
        page.keyboard.press("Shift+Tab")
        expect(page.locator("#deal-summary-close")).to_be_focused()
        expect(summary.locator("h2")).to_have_text(f"Deal {deal} is over")
        assert page.evaluate("""() => document.getElementById('deal-summary')
            .closest('[aria-live], [role=alert], [role=status], [role=log]') === null""")
        scored = page.evaluate("""n => window.cardhallModel.timeline.filter(e => e.event.type === 'deal_scored')
            .map(e => e.words)[n - 1]""", deal)
        lines = page.locator("#log p").all_inner_texts()
        assert scored and lines.count(scored) == 1, (scored, lines[-5:])
        assert axe_violations(page) == []
        page.wait_for_timeout(SUMMARY_MS + 500)  # longer than the summary stays: it waits while focus is in it
        expect(summary).to_be_visible()
        page.keyboard.press(key)
        expect(summary).to_be_hidden()
        assert page.evaluate("() => document.activeElement.id") == "command", "focus goes back where it came from"
        page.keyboard.press("Tab")  # out of the command field, on to the choices (J there would type a letter)
    context.close()
