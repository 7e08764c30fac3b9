"""Jass and Putz with the Swiss German-suited faces (issue 46, point 3): the setting "French suits /
German suits" at the table, German by default on a German page, kept in the browser; every face
drawn in the page (Rosen, Schellen, Schilten, Eicheln; 6–9, the Banner, Under, Ober, König, Ass),
the four-colour deck still telling the suits apart; the table in words names the German cards
(«Schellen-Under»; in English "under of bells"); axe finds nothing."""

from __future__ import annotations

import re
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
from playwright.sync_api import expect
from typer.testing import CliRunner

from cardhall import cli
from tests.web.conftest import SCREENSHOTS
from tests.web.helpers import create_table, pick_name, start_game, wait_turn
from tests.web.test_games import axe_violations
from tests.web.test_languages import choose_language

GERMAN = {"H": "rosen", "D": "eicheln", "S": "schilten", "C": "schellen"}
INDEX = {"6": "6", "7": "7", "8": "8", "9": "9", "T": "10", "J": "U", "Q": "O", "K": "K", "A": "A"}
FRENCH_WORDS = {"en": ("hearts", "diamonds", "spades", "clubs"), "de": ("Herz", "Karo", "Pik", "Kreuz")}
GERMAN_WORDS = {"en": ("roses", "acorns", "shields", "bells"), "de": ("Rosen", "Eicheln", "Schilten", "Schellen")}


def suits_said(page, code: str) -> tuple[bool, bool]:
    """Whether the table in words names French suits, and German ones (each hand holds some)."""
    text = page.locator("#render").inner_text()
    return any(w in text for w in FRENCH_WORDS[code]), any(w in text for w in GERMAN_WORDS[code])


FACES = """() => [...document.querySelectorAll('#hand .pcard')].map(f => ({
    card: f.dataset.card, german: f.classList.contains('german'), classes: [...f.classList],
    index: f.querySelector('.corner .rank') && f.querySelector('.corner .rank').textContent,
    signs: f.querySelectorAll('svg.sign').length, colour: getComputedStyle(f).color}))"""


def jass_table(server, browser, lang: str | None = None):
    context = browser.new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    page = context.new_page()
    pick_name(page, server.url, "Vreni")
    create_table(page, "putz", {"players": 3}, ["me", "bot:random", "bot:random"])
    start_game(page)
    wait_turn(page)
    if lang:  # the table page's own picker: the page comes back in that language
        choose_language(page, lang)
        wait_turn(page)
    return context, page


def test_german_faces_are_chosen_drawn_kept_and_four_coloured(server, browser):
    context, page = jass_table(server, browser)
    assert all(not f["german"] for f in page.evaluate(FACES)), "an English page starts with French suits"
    expect(page.get_by_label("Card faces")).to_have_value("french")
    assert suits_said(page, "en") == (True, False)
    page.get_by_label("Card faces").select_option("german")  # the page comes back with the new words
    page.wait_for_load_state()
    wait_turn(page)
    expect(page.get_by_label("Card faces")).to_have_value("german")
    assert suits_said(page, "en") == (False, True), page.locator("#render").inner_text()
    faces = page.evaluate(FACES)
    assert faces and all(f["german"] for f in faces), faces
    for f in faces:
        rank, suit = f["card"][:-1], f["card"][-1]
        assert GERMAN[suit] in f["classes"] and f["index"] == INDEX[rank] and f["signs"] >= 2, f
    page.locator("#hand").screenshot(path=str(SCREENSHOTS / "putz-german-faces.png"))
    assert axe_violations(page) == []
    # kept in this browser: a reload draws the German faces again
    page.reload()
    wait_turn(page)
    expect(page.get_by_label("Card faces")).to_have_value("german")
    assert all(f["german"] for f in page.evaluate(FACES))
    # the four-colour deck: Eicheln (for diamonds) and Schellen (for clubs) take its blue and green, Rosen stays red
    before = {f["card"][-1]: f["colour"] for f in page.evaluate(FACES)}
    page.evaluate("() => document.body.classList.add('four-colour')")
    after = {f["card"][-1]: f["colour"] for f in page.evaluate(FACES)}
    for suit in set(before) & {"D", "C"}:
        assert before[suit] != after[suit], (suit, before, after)
    if "H" in before:
        assert before["H"] == after["H"]
    assert len(set(after.values())) == len(after), after
    # and back to French suits
    page.get_by_label("Card faces").select_option("french")
    page.wait_for_load_state()
    wait_turn(page)
    expect(page.get_by_label("Card faces")).to_have_value("french")
    assert all(not f["german"] for f in page.evaluate(FACES))
    assert suits_said(page, "en") == (True, False)
    context.close()


def test_a_german_page_starts_with_german_suits(server, browser):
    context, page = jass_table(server, browser, lang="de")
    expect(page.get_by_label("Kartenbild")).to_have_value("german")
    assert all(f["german"] for f in page.evaluate(FACES))
    expect(page.locator("#jass-faces option[value=german]")).to_have_text("Deutsche Farben (Rosen, Eicheln, Schilten, Schellen)")
    assert suits_said(page, "de") == (False, True)  # the words follow the faces: «Rosen: Ass, Ober …»
    facts = page.locator("#panel-facts").inner_text()  # the panel's trump: «Schilten» with its sign, not «♠ Pik»
    assert any(w in facts for w in GERMAN_WORDS["de"]) and not any(w in facts for w in FRENCH_WORDS["de"]), facts
    assert not set("♠♥♦♣") & set(facts), facts
    page.screenshot(path=str(SCREENSHOTS / "putz-german-faces-de.png"))
    page.locator("#hand").screenshot(path=str(SCREENSHOTS / "putz-german-hand-de.png"))
    context.close()


def finished_jass(server) -> tuple[str, dict[str, str]]:
    """A one-deal Jass table played out by the takeover bot and three bots: its id and a guest's
    authorisation."""
    guest = httpx.post(server.url + "/api/players", json={"name": "Ueli"}).json()
    auth = {"Authorization": f"Bearer {guest['token']}"}
    made = httpx.post(server.url + "/api/tables", headers=auth, json={
        "game": "jass", "options": {"one_deal": True}, "seats": ["me", "bot:random", "bot:random", "bot:random"]})
    assert made.status_code == 201, made.text
    table = made.json()["id"]
    for step in ("start", "leave"):
        assert httpx.post(server.url + f"/api/tables/{table}/{step}", headers=auth).status_code == 200
    end = time.monotonic() + 120
    while httpx.get(server.url + f"/api/tables/{table}").json()["status"] != "over":
        assert time.monotonic() < end, "the game did not end in 120 s"
        time.sleep(0.3)
    return table, auth


def replay_words(replay: dict) -> str:
    return " ".join([*replay["words"].values(), *(t for s in replay["steps"] for t in [*s["said"], s["table"]]),
                     replay["result"]])


def test_the_replay_names_the_cards_of_the_faces_the_reader_sees(server, browser, tmp_path):
    """The replay (its words, its drawn hands, `cardhall replay`) takes the faces as the table does:
    the `cardhall_faces` cookie, else German on a German page (`faces_of`), `--faces` in the terminal."""
    table, _auth = finished_jass(server)
    url = server.url + f"/api/tables/{table}/replay"
    german = httpx.get(url, params={"lang": "de"}, cookies={"cardhall_faces": "german"}).json()
    assert german["faces"] == "german" and "Schellen-Under" in german["words"].values(), german["words"]
    said = replay_words(german)
    assert not re.search(r"\b(Kreuz|Karo|Pik|Herz)\b", said), said
    french = httpx.get(url, params={"lang": "de"}, cookies={"cardhall_faces": "french"}).json()
    assert french["faces"] == "french" and "Kreuz-Bube ♣" in french["words"].values(), french["words"]
    assert not re.search(r"\b(Schellen|Schilten|Rosen|Eicheln)\b", replay_words(french))
    assert httpx.get(url, params={"lang": "de"}).json()["faces"] == "german"  # a German page draws German suits first
    assert httpx.get(url, params={"lang": "fr"}).json()["faces"] == "french"
    # the terminal: --faces german, as `cardhall play` and `cardhall join`
    def terminal(*args: str):  # in a thread of its own: Playwright's loop runs in this one
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(CliRunner().invoke, cli.app, ["replay", f"{server.url}/tables/{table}", *args]).result()

    out = terminal("--lang", "de", "--faces", "german")
    assert out.exit_code == 0, out.output
    assert "Schellen" in out.output and not re.search(r"\b(Kreuz|Karo|Pik|Herz)\b", out.output), out.output
    plain = terminal("--lang", "de")
    assert plain.exit_code == 0 and "Kreuz" in plain.output and "Schellen" not in plain.output, plain.output
    # the page: every hand drawn in the German faces the words name
    context = browser.new_context(viewport={"width": 1280, "height": 900}, reduced_motion="reduce")
    context.add_cookies([{"name": "cardhall_faces", "value": "german", "url": server.url}])
    page = context.new_page()
    page.goto(server.url + f"/tables/{table}/replay?lang=de")
    expect(page.locator("#replay-root")).to_have_attribute("data-ready", "true")
    faces = page.locator("#hands .pcard")
    expect(faces.first).to_be_visible()
    assert faces.count() == 36 and page.locator("#hands .pcard.german").count() == 36
    assert "Schellen" in page.locator("#hands").inner_text() or "Rosen" in page.locator("#hands").inner_text()
    page.locator("#hands").screenshot(path=str(SCREENSHOTS / "jass-replay-german-faces.png"))
    assert axe_violations(page) == []
    context.close()
