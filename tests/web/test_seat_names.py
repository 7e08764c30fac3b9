"""One name per seat, in the reader's words (issues 37, 46): the felt's plates and the end screen's
standings call a bot by its level in the reader's language («Бот (случайный)»), as the seats list
and the sentences do — never the stored English "Bot (random)"."""

from __future__ import annotations

from playwright.sync_api import expect

from cardhall.bots.levels import bot_name
from cardhall.core.i18n import lang

SETUP = """async ([name, code]) => {
  const post = (url, body) => fetch(url, {method: "POST", headers: {"Content-Type": "application/json"},
                                          body: JSON.stringify(body)}).then((r) => r.json());
  await post("/api/players", {name, lang: code});
  const table = await post("/api/tables", {game: "hearts", options: {players: 3, target: 1},
                                           seats: ["me", "bot:random", "bot:random"]});
  await post(`/api/tables/${table.id}/start`, {});
  return table.id;
}"""


def test_the_plates_name_bots_in_the_readers_words(server, browser) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    page.goto(server.url + "/?lang=ru")
    table = page.evaluate(SETUP, ["Kim", "ru"])
    page.goto(f"{server.url}/tables/{table}?lang=ru")
    russian = bot_name("random", lang("ru", "web"))
    # two bots alike are told apart by a number, in seat order (issue 37: the standings named three alike)
    expect(page.locator("#felt .plate .who b").nth(1)).to_have_text(f"{russian} 1", timeout=20_000)
    expect(page.locator("#felt .plate .who b").nth(2)).to_have_text(f"{russian} 2")
    plates = page.locator("#felt .plate .who b").all_inner_texts()
    assert all("Bot (" not in name for name in plates), plates
    context.close()
