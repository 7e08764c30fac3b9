"""Two people at one Hearts table, one reading Czech and one Russian: each page says
everything in its reader's language (html lang, headings, buttons, keys, the log, the status),
nothing in the other's; axe-core finds nothing on either. The language comes from
Accept-Language by default, the picker changes it (remembered in a cookie before the reader has
a name, and with the player after), and a new browser with only the player's token reads the
player's language."""

from __future__ import annotations

import random
import re

from playwright.sync_api import Page, expect

from cardhall.core.catalogs import problems
from tests.web.conftest import ROOT, SCREENSHOTS
from tests.web.helpers import TURN, open_create, play_one, start_game
from tests.web.test_games import axe_violations

CYRILLIC = re.compile(r"[А-Яа-яЁё]")
CZECH = re.compile(r"[ěščřžůťďňĚŠČŘŽŮŤĎŇ]")
ENGLISH_UI = ("Your hand", "History and chat", "Seats", "Leave the table", "read the whole table", "The table",
              "Your move", "Settings", "Language", "Players speak", "at this Hearts table")
ENGLISH_WORDS = re.compile(r"\b(the|you|your|plays?|seat|leads?|trick|takes?|and|of|passes?)\b", re.IGNORECASE)


GAME_WORDS = "#render, #log, #status, #said, #alert, #choices, #hand, #help-keys, #panel, #seats"
"""Where the game's TextUI and the room's events speak (their catalogs are the game's and ``cardhall``)."""


def text_outside_language_names(page: Page, leave_out: str = "") -> str:
    """The page's visible text without the language names (the picker's options and the line
    saying which languages the table's people speak, each name in its own language) and
    without the elements `leave_out` (a CSS selector)."""
    selector = ", ".join(s for s in ("#lang-pick, #speak", leave_out) if s)
    return str(page.evaluate("""(selector) => {
        const body = document.body.cloneNode(true);
        body.querySelectorAll(selector).forEach(n => n.remove());
        return body.innerText;
    }""", selector))


def choose_language(page: Page, code: str) -> None:
    """The picker, with the keyboard: its select, then its button."""
    page.locator("#lang-pick").focus()
    page.locator("#lang-pick").select_option(code)
    page.keyboard.press("Tab")
    page.keyboard.press("Enter")
    expect(page.locator("html")).to_have_attribute("lang", code)


def name_myself(page: Page, name: str, greeting: str) -> None:
    page.locator("#name").focus()
    page.keyboard.type(name)
    page.keyboard.press("Enter")
    expect(page.locator("#whoami")).to_have_text(greeting)


def play_some(pages: list[Page], moves: int, rng: random.Random) -> None:
    """The people play `moves` moves between them (the bot plays its own), or to the end."""
    done = 0
    while done < moves:
        turns = [p.evaluate(TURN) for p in pages]
        if "over" in turns:
            return
        mover = next((p for p, t in zip(pages, turns, strict=True) if t == "mine"), None)
        if mover is None:
            pages[0].wait_for_timeout(50)
            continue
        play_one(mover, rng)
        done += 1


def test_a_czech_and_a_russian_player_each_read_their_own_language(server, browser):
    rng = random.Random(16)
    cs_ctx = browser.new_context(locale="cs-CZ")  # Accept-Language: cs-CZ
    ru_ctx = browser.new_context(locale="en-US")
    cs, ru = cs_ctx.new_page(), ru_ctx.new_page()

    # Accept-Language is the default
    cs.goto(server.url + "/")
    expect(cs.locator("html")).to_have_attribute("lang", "cs")
    expect(cs.get_by_role("heading", level=1)).to_have_text("Herna")
    name_myself(cs, "Jana", "Jste Jana")
    open_create(cs)
    cs.locator("#game").select_option("hearts")
    cs.locator("#opt-players").select_option("3")  # a choice in words
    cs.locator("#opt-target").fill("1")  # a number
    cs.locator("#opt-target").press("Tab")
    expect(cs.locator("#seat-2")).to_be_visible()
    expect(cs.locator("#seat-3")).to_have_count(0)
    for i, seat in enumerate(["me", "open", "bot:random"]):
        cs.locator(f"#seat-{i}").select_option(seat)
    cs.get_by_role("button", name="Vytvořit stůl", exact=True).focus()
    cs.keyboard.press("Enter")
    cs.wait_for_url("**/tables/*")
    url = cs.url

    # the picker, before the reader has a name: remembered in a cookie (a reload keeps it)
    ru.goto(server.url + "/")
    expect(ru.locator("html")).to_have_attribute("lang", "en")
    expect(ru.get_by_label("Language")).to_have_value("en")
    choose_language(ru, "ru")
    expect(ru.get_by_role("heading", level=1)).to_have_text("Лобби")
    ru.reload()
    expect(ru.locator("html")).to_have_attribute("lang", "ru")
    expect(ru.get_by_label("Язык")).to_have_value("ru")
    name_myself(ru, "Ivan", "Вы — Ivan")
    # the lobby says which languages the table's people speak
    # Jana's table (other tests' tables may be open in this room too), the game as the reader names it
    table_id = url.rsplit("/tables/", 1)[1].split("?")[0]
    listed = ru.locator(f'#open li[data-id="{table_id}"]')
    expect(listed).to_contain_text("Червы", timeout=10_000)
    expect(listed).to_contain_text("Языки игроков: чешский", timeout=10_000)  # named in the reader's words
    sit = listed.get_by_role("button", name="Сесть за стол игры Червы")
    expect(sit).to_have_count(1, timeout=10_000)
    sit.focus()
    ru.keyboard.press("Enter")
    ru.wait_for_url("**/tables/*")
    assert ru.url == url

    # each reader names the languages in their own words (never «Русский» inside a Czech sentence)
    expect(cs.locator("#speak")).to_have_text("Hráči mluví: čeština, ruština")
    expect(ru.locator("#speak")).to_have_text("Языки игроков: чешский, русский")
    start_game(cs)
    play_some([cs, ru], 6, rng)
    for page in (cs, ru):
        page.keyboard.press("?")  # the keys list
        expect(page.locator("#help")).to_be_visible()

    # Czech: html lang, headings, buttons, keys, log and status in Czech; nothing in Russian
    expect(cs.locator("html")).to_have_attribute("lang", "cs")
    expect(cs.get_by_role("heading", name="Historie a chat")).to_be_visible()
    expect(cs.get_by_role("heading", name="Klávesy")).to_be_visible()
    expect(cs.locator("#help-keys")).to_contain_text("přečíst celý stůl")
    expect(cs.locator("#log")).to_contain_text("U tohoto stolu hry Srdce jste Sever.")
    expect(cs.get_by_role("button", name="Zavřít seznam kláves")).to_be_visible()
    expect(cs.get_by_role("link", name="Pravidla hry Srdce")).to_have_attribute("href", "/rules/hearts?lang=cs")
    # Russian: the same in Russian; nothing in Czech
    expect(ru.locator("html")).to_have_attribute("lang", "ru")
    expect(ru.get_by_role("heading", name="История и чат")).to_be_visible()
    expect(ru.get_by_role("heading", name="Клавиши")).to_be_visible()
    expect(ru.locator("#help-keys")).to_contain_text("прочитать весь стол")
    expect(ru.locator("#log")).to_contain_text("Вы — Восток за этим столом игры Червы.")
    expect(ru.get_by_role("button", name="Закрыть список клавиш")).to_be_visible()
    expect(ru.get_by_role("link", name="Правила игры Червы")).to_have_attribute("href", "/rules/hearts?lang=ru")

    cs_text, ru_text = text_outside_language_names(cs), text_outside_language_names(ru)
    assert not CYRILLIC.search(cs_text), CYRILLIC.findall(cs_text)
    assert not CZECH.search(ru_text), CZECH.findall(ru_text)
    web_words = [text_outside_language_names(p, GAME_WORDS) for p in (cs, ru)]
    for english in ENGLISH_UI:
        assert all(english not in text for text in web_words), english
    for page in (cs, ru):
        # a person's name (the button of their menu, at the seats) is theirs, in no language
        buttons = page.eval_on_selector_all("button:visible:not(.person-name)", "bs => bs.map(b => b.innerText)")
        assert buttons
        pattern = CYRILLIC if page is ru else CZECH
        other = CZECH if page is ru else CYRILLIC
        assert not [b for b in buttons if other.search(b)]
        if page is ru:  # a Russian button either has Russian words or is a card
            assert all(CYRILLIC.search(b) or re.match(r"^\S{2,3}\n", b) for b in buttons), buttons
        assert any(pattern.search(b) for b in buttons)

    # the game's words and the room's events: every line in the reader's language once their
    # catalogs are complete (the room's in `cardhall`, the game's in `hearts`)
    if not problems("cardhall") and not problems("hearts"):
        for english in ENGLISH_UI:
            assert english not in cs_text and english not in ru_text, english
        ru_lines = ru.eval_on_selector_all("#log p", "ps => ps.map(p => p.textContent)")
        assert all(CYRILLIC.search(line) for line in ru_lines), ru_lines
        cs_lines = cs.eval_on_selector_all("#log p", "ps => ps.map(p => p.textContent)")
        assert not [line for line in cs_lines if ENGLISH_WORDS.search(line)], cs_lines

    for page, code in ((cs, "cs"), (ru, "ru")):
        page.keyboard.press("Escape")
        SCREENSHOTS.mkdir(exist_ok=True)
        page.screenshot(path=str(SCREENSHOTS / f"languages-{code}.png"), full_page=True)
        assert axe_violations(page) == []

    # the picker with a name: stored with the player; the other reader's page hears it
    choose_language(ru, "es")
    expect(ru.get_by_role("heading", name="Historial y chat")).to_be_visible()
    expect(cs.locator("#speak")).to_have_text("Hráči mluví: čeština, španělština", timeout=10_000)
    # the same player in a new browser (no language cookie, only the token): the stored language
    token = next(c for c in ru_ctx.cookies() if c["name"] == "cardhall_token")
    fresh_ctx = browser.new_context(locale="en-US")
    fresh_ctx.add_cookies([token])
    fresh = fresh_ctx.new_page()
    fresh.goto(server.url + "/")
    expect(fresh.locator("html")).to_have_attribute("lang", "es")
    expect(fresh.get_by_role("heading", level=1)).to_have_text("El vestíbulo")
    for c in (cs_ctx, ru_ctx, fresh_ctx):
        c.close()


def test_plural_forms_follow_the_language(server, browser):
    """The scripts' ngettext picks the language's form with Intl.PluralRules: Russian 1, 2, 5,
    21 and Czech 1, 2, 5 events."""
    ctx = browser.new_context()
    page = ctx.new_page()
    said = {}
    for code in ("ru", "cs", "en"):
        page.goto(f"{server.url}/?lang={code}")
        said[code] = page.evaluate("""async () => {
            const { ngettext } = await import('/static/common.js');
            return [1, 2, 5, 21, 22, 11].map(n => ngettext('While you were away: {count} event.',
                                                          'While you were away: {count} events.', n));
        }""")
    assert said["ru"] == ["Пока вас не было: 1 событие.", "Пока вас не было: 2 события.", "Пока вас не было: 5 событий.",
                          "Пока вас не было: 21 событие.", "Пока вас не было: 22 события.",
                          "Пока вас не было: 11 событий."]
    assert said["cs"][:3] == ["Zatímco jste byli pryč: 1 událost.", "Zatímco jste byli pryč: 2 události.",
                              "Zatímco jste byli pryč: 5 událostí."]
    assert said["en"][:2] == ["While you were away: 1 event.", "While you were away: 2 events."]
    ctx.close()


def test_the_rules_page_speaks_the_language_asked_for(server, browser):
    """Linked from the lobby with the page's language; in Russian, headings and lang attributes
    for screen readers; axe-core finds nothing (where the game helpers' rules files are not
    there, the page says so in the reader's language)."""
    ctx = browser.new_context()
    page = ctx.new_page()
    page.goto(server.url + "/")
    page.get_by_role("link", name="The rules of Hearts").first.click()  # the Hearts tile's link (the rules list has one too)
    page.wait_for_url("**/rules/hearts?lang=en")
    expect(page.locator("html")).to_have_attribute("lang", "en")
    page.goto(server.url + "/rules/hearts?lang=ru")
    expect(page.locator("html")).to_have_attribute("lang", "ru")
    expect(page.get_by_label("Язык")).to_have_value("ru")
    if (ROOT / "cardhall/games/hearts/rules/hearts.ru.md").is_file():
        expect(page.locator("article.rules")).to_have_attribute("lang", "ru")
        expect(page.get_by_role("heading", level=1)).to_have_count(1)
        assert page.locator("article.rules h2").count() >= 2
        assert CYRILLIC.search(page.inner_text("article.rules h2 >> nth=0"))
    else:
        expect(page.locator("article.rules")).to_contain_text("hearts")
    assert axe_violations(page) == []
    ctx.close()
