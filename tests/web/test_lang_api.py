"""Players' languages over the API (no browser): a new player reads their Accept-Language (or
the `lang` they give), `POST /api/players/lang` changes it (token auth, a sentence for an
unknown code), the seats of a table carry the seated person's language, error sentences are
said in the reader's language, and `/api/text` phrases the same table for each reader in their
own language."""

from __future__ import annotations

import re

import httpx
import pytest

from cardhall.core.errors import CardhallError
from cardhall.web.pages import table_text


def new_player(client: httpx.Client, name: str, **extra: object) -> dict[str, str]:
    headers = {"Accept-Language": str(extra.pop("accept"))} if "accept" in extra else {}
    r = client.post("/api/players", json={"name": name, **extra}, headers=headers)
    assert r.status_code == 200, r.text
    return dict(r.json())


def bearer(player: dict[str, str]) -> dict[str, str]:
    return {"Authorization": f"Bearer {player['token']}"}


def test_a_player_has_a_language_stored_with_them(server):
    client = httpx.Client(base_url=server.url)
    jana = new_player(client, "Jana", accept="cs-CZ,cs;q=0.9,en;q=0.5")
    ivan = new_player(client, "Ivan", lang="ru")
    table = client.post("/api/tables", headers=bearer(jana),
                        json={"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "bot:random"]})
    assert table.status_code == 201, table.text
    tid = table.json()["id"]
    assert table.json()["seats"][0]["lang"] == "cs"  # Accept-Language, stored with the player
    sat = client.post(f"/api/tables/{tid}/sit", headers=bearer(ivan), json={})
    assert [s["lang"] for s in sat.json()["seats"]] == ["cs", "ru", None]  # a bot reads no language

    # Jana now reads Spanish: stored, and her seat says so in the lobby and the table's summary
    changed = client.post("/api/players/lang", headers=bearer(jana), json={"lang": "es"})
    assert changed.status_code == 200 and changed.json() == {"player": jana["player"], "lang": "es"}
    assert [s["lang"] for s in client.get(f"/api/tables/{tid}").json()["seats"]] == ["es", "ru", None]
    listed = next(t for t in client.get("/api/tables").json() if t["id"] == tid)
    assert [s["lang"] for s in listed["seats"]] == ["es", "ru", None]
    # region and case do not matter; the answer is the code
    assert client.post("/api/players/lang", headers=bearer(ivan), json={"lang": "RU-ru"}).json()["lang"] == "ru"


def test_bad_language_requests_get_a_sentence_in_the_readers_language(server):
    client = httpx.Client(base_url=server.url)
    ivan = new_player(client, "Ivan", lang="ru")
    r = client.post("/api/players/lang", headers=bearer(ivan), json={"lang": "xx"})
    assert r.status_code == 400
    assert "'xx'" in r.json()["error"] and "cs (Čeština)" in r.json()["error"]
    r = client.post("/api/players/lang", headers=bearer(ivan), json={})
    assert r.status_code == 400 and "lang" in r.json()["error"]
    r = client.post("/api/players", json={"name": "Zed", "lang": "klingon"})
    assert r.status_code == 400 and "klingon" in r.json()["error"]
    # no token: 401, said in the request's language (Accept-Language), then in the player's own
    anonymous = httpx.Client(base_url=server.url)
    r = anonymous.post("/api/players/lang", json={"lang": "cs"}, headers={"Accept-Language": "ru"})
    assert r.status_code == 401 and r.json()["error"].startswith("для этого нужен токен игрока")
    r = anonymous.post("/api/players/lang", json={"lang": "cs"}, headers={"Accept-Language": "cs"})
    assert r.status_code == 401 and r.json()["error"].startswith("k tomu je potřeba token hráče")
    r = client.post("/api/tables/nope/start", headers=bearer(ivan), json={})
    assert r.status_code == 404 and r.json()["error"].startswith("здесь нет стола «nope»")


def test_pages_speak_the_players_language(server):
    ivan = new_player(httpx.Client(base_url=server.url), "Ivan", lang="ru")

    def page(cookies: dict[str, str] | None = None, **kwargs: object) -> httpx.Response:
        return httpx.Client(base_url=server.url, cookies=cookies).get("/", **kwargs)  # type: ignore[arg-type]

    assert '<html lang="ru">' in page(cookies={"cardhall_token": ivan["token"]}).text
    assert '<html lang="cs">' in page(headers={"Accept-Language": "cs"}).text
    assert '<html lang="de">' in page(headers={"Accept-Language": "de-CH, fr;q=0.5"}).text
    assert '<html lang="en">' in page(headers={"Accept-Language": "ja, ko;q=0.5"}).text
    assert '<html lang="fr">' in page(headers={"Accept-Language": "fr-CH, ja;q=0.5"}).text
    # ?lang= wins over everything and is remembered in the cookie
    r = page(params={"lang": "bg"}, cookies={"cardhall_token": ivan["token"]})
    assert '<html lang="bg">' in r.text and r.cookies.get("cardhall_lang") == "bg"
    assert '<html lang="bg">' in page(cookies={"cardhall_lang": "bg"}).text
    # the stored language comes before the cookie and Accept-Language
    both = page(cookies={"cardhall_token": ivan["token"], "cardhall_lang": "bg"}, headers={"Accept-Language": "cs"})
    assert '<html lang="ru">' in both.text


CLASH = {"game": "clash-of-decks", "options": {}, "seat": 0}


def clash_text(lang: str | None) -> dict[str, object]:
    import cardhall

    game = cardhall.load("clash-of-decks")
    state = game.new_state(3)
    legal = [game.format_action(a) for a in state.legal_actions()]
    body = {**CLASH, "view": state.view(0), "legal": legal}
    return table_text(body if lang is None else {**body, "lang": lang})


def test_text_is_phrased_for_each_reader_in_their_own_language(server):
    english, czech, russian = clash_text(None), clash_text("cs"), clash_text("ru")
    assert english["lang"] == "en" and czech["lang"] == "cs" and russian["lang"] == "ru"
    assert english["words"]["top"] == "the top lane"
    assert czech["words"]["top"] == "horní řada"
    assert russian["words"]["top"] == "верхний ряд"
    assert set(czech["choices"]) == set(russian["choices"]) == set(english["choices"])
    # over HTTP, two readers of one table each get their own words
    client = httpx.Client(base_url=server.url)
    import cardhall

    game = cardhall.load("clash-of-decks")
    state = game.new_state(3)
    body = {**CLASH, "view": state.view(0), "legal": [game.format_action(a) for a in state.legal_actions()]}
    said = {code: client.post("/api/text", json={**body, "lang": code}).json() for code in ("cs", "ru")}
    assert said["cs"]["words"]["top"] == "horní řada" and said["ru"]["words"]["top"] == "верхний ряд"
    with pytest.raises(CardhallError, match="does not speak 'xx'"):
        table_text({**body, "lang": "xx"})
    r = client.post("/api/text", json={**body, "lang": "xx"})
    assert r.status_code == 400 and "xx" in r.json()["error"]
    r = client.post("/api/text", json={**body, "seat": 9, "lang": "ru"})
    assert r.status_code == 400 and r.json()["error"].startswith("место должно быть от 0 до 1")


def test_the_games_are_described_in_the_readers_language(server):
    client = httpx.Client(base_url=server.url)
    games = {code: {g["name"]: g for g in client.get("/api/games", params={"lang": code}).json()}
             for code in ("en", "ru")}
    bots = {code: [b["description"] for b in games[code]["hearts"]["bots"]] for code in games}
    assert bots["en"][0] == "Plays any legal move at random: the place to learn the rules."
    assert bots["ru"][0] == "Делает случайный допустимый ход: с ним удобно учить правила."
    players = {code: next(o for o in games[code]["hearts"]["options"] if o["name"] == "players") for code in games}
    assert players["en"]["allowed"] == "one of 3, 4" and players["ru"]["allowed"] != "one of 3, 4"
    assert "3, 4" in players["ru"]["allowed"]


def test_game_titles_are_said_in_the_readers_language(server):
    """The lobby's games, the table page's words and the rules pages name each game as its
    rulebook does in the reader's language (cardhall.core.titles), not in English."""
    client = httpx.Client(base_url=server.url)
    titles = {code: {g["name"]: g["title"] for g in client.get("/api/games", params={"lang": code}).json()}
              for code in ("en", "bg", "ru")}
    assert titles["en"]["five-towers"] == "5 Towers" and titles["bg"]["five-towers"] == "5 Кули"
    assert titles["ru"]["jass"] == "Ясс" and titles["ru"]["putz"] == "Путц (Яблоко)"
    assert clash_text("en")["title"] == "Clash of Decks"
    import cardhall

    game = cardhall.load("hearts")
    state = game.new_state(1)
    said = table_text({"game": "hearts", "options": {}, "seat": 0, "view": state.view(0), "lang": "ru"})
    assert said["title"] == "Червы"
    lobby = client.get("/", params={"lang": "bg"}).text
    # (the scripts' catalog is keyed by the English messages: what the page shows is the rest)
    lobby = re.sub(r'<script type="application/json" id="cardhall-catalog">.*?</script>', "", lobby, flags=re.S)
    assert "5 Кули" in lobby and "5 Towers" not in lobby
    assert "Купи" in client.get("/rules/hearts", params={"lang": "bg"}).text


def test_a_room_error_names_the_game_in_the_readers_language(server):
    """The room's own sentences name the game as the reader does (cardhall.core.titles.title_msg)."""
    client = httpx.Client(base_url=server.url)
    ivan = new_player(client, "Ivan", lang="ru")
    r = client.post("/api/tables", headers=bearer(ivan), json={"game": "hearts", "options": {"players": 3},
                                                                "seats": ["me", "open"]})
    said = r.json()["error"]
    assert r.status_code == 400 and "Червы" in said and "Hearts" not in said, said
