"""No English at run time: what the room says to a player who reads Bulgarian, Czech, German, Spanish, French or
Russian is in that language — the engine's refusals over the WebSocket (also in the "you" form),
the list of games and their other names, the bots' levels and their seats' names, the tables'
titles in the API, and every sentence of a whole game of every game, played over the wire by a
Russian player (no Latin word but notation: cards, commands, the names printed on Clash cards).
`cardhall replay` and numbers are checked in tests/test_run_time_language.py."""

from __future__ import annotations

import functools
import random
import re
import time
from typing import Any

import pytest

import cardhall
from cardhall.core.text import text_ui
from tests.language_check import english_left
from tests.room.helpers import Person

LANGS = ("bg", "cs", "de", "es", "ru", "fr")
CYRILLIC = {"bg", "ru"}
LATIN_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9'_-]*")
"""A word written in Latin letters (with digits: card notation such as 10H is one word)."""
CARD = re.compile(r"^(10|[2-9TJQKA])[CDHS]$")
KEYS = {"enter", "tab", "esc", "escape", "shift", "ctrl", "alt", "space"}
"""Keys are named as they are printed on the keyboard."""
SHORT_GAMES: dict[str, dict[str, Any]] = {
    "five-towers": {}, "hearts": {"target": 1}, "jass": {"one_deal": True}, "putz": {},
    "three-two-five": {"deals": 1}, "clash-of-decks": {},
}
"""Every game, made short where an option allows (one deal of Hearts, Jass and 3-2-5)."""


def person(server: Any, name: str, code: str) -> Person:
    p = Person(server, None)
    made = p.http.post("/api/players", json={"name": name, "lang": code})
    assert made.status_code == 200, made.text
    p.token, p.player = made.json()["token"], made.json()["player"]
    p.http.cookies.clear()
    return p


def text_for(p: Person, game: str, options: dict[str, Any], state: dict[str, Any], events: list[dict[str, Any]],
             code: str) -> dict[str, Any]:
    """What the table page would say (its POST /api/text, with the seats as table.js sends them)."""
    body = {"game": game, "options": options, "seat": state.get("seat"), "view": state.get("view") or {},
            "legal": state.get("legal") or [], "events": events, "over": state.get("over"),
            "scores": state.get("scores"), "lang": code,
            "seats": [{"kind": s["kind"], "name": s["name"], "bot": s.get("bot")} for s in state.get("seats") or []]}
    r = p.http.post("/api/text", json=body)
    assert r.status_code == 200, r.text
    said: dict[str, Any] = r.json()
    return said


def sentences(said: dict[str, Any]) -> list[str]:
    """Every sentence /api/text gave back."""
    out = [*said["events"], said["render"], said["title"], *said["seats"], *said["names"], *said["choices"].values(),
           *said["words"].values(), said["result"] or ""]
    for key in said["keys"].values():
        out += [key["what"], key["text"]]
    return [s for s in out if s]


def latin_words(text: str, notation: set[str]) -> set[str]:
    """The Latin words of `text` that are not notation (cards, commands, what a player types)."""
    return {w for w in LATIN_WORD.findall(text) if w.isalpha() and not CARD.match(w) and w.lower() not in notation | KEYS}


def notation_of(game: Any, legal: list[str]) -> set[str]:
    """What a player types, word by word: the legal moves' tokens, and for Clash of Decks the
    names printed on its cards (the Russian rulebook keeps them; docs/glossary/ru.md)."""
    words = {t.lower() for n in legal for t in re.split(r"[\s;:,=+]+", n) if t}
    return words | {w.lower() for n in legal for w in LATIN_WORD.findall(n)}


@functools.cache
def catalog_latin(code: str, game_domain: str) -> frozenset[str]:
    """The Latin words the catalogs a table speaks through (the game's, ``cardhall``, ``web``) write
    in the language: each is copied from its English message (notation such as ``attack``, names;
    tests/test_terms.py checks that for bg and ru), so where the room says one it comes through a
    catalog, not around it. (The terminal's catalog is left out: its help lists the bot levels'
    specs, «medium», which a table must say in words.)"""
    from babel.messages.pofile import read_po

    from cardhall.core.i18n import LOCALE_DIR

    found: set[str] = set()
    for domain in (game_domain, "cardhall", "web"):
        with (LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale=code):
                if not m.id:  # the catalog's header
                    continue
                for text in [m.string] if isinstance(m.string, str) else m.string or ():
                    found |= {w.lower() for w in re.findall(r"[A-Za-z]+", re.sub(r"\{[^{}]*\}", " ", text or ""))}
    return frozenset(found)


def printed_names() -> set[str]:
    from cardhall.games.clash_of_decks.abilities import AI_ABILITIES
    from cardhall.games.clash_of_decks.cards import CARDS

    return {w.lower() for name in (*(c.name for c in CARDS), *AI_ABILITIES, "Clash of Decks")
            for w in LATIN_WORD.findall(name)}


def play_whole_game(server: Any, game_name: str, code: str) -> tuple[list[str], set[str], str]:
    """A reader of `code` and bots play a whole game over the WebSocket (one move that is not legal
    among them): everything the table page said and every error the room sent; the notation seen
    (and names kept in Latin letters); the game's catalog domain."""
    options = SHORT_GAMES[game_name]
    game = cardhall.load(game_name, **options)
    tr = text_ui(game, code).tr
    player = person(server, "Иван", code)
    seats = ["me"] + ["bot:random"] * (game.num_players - 1)
    table = player.create(game_name, seats, options)
    assert table["title"] == tr.pgettext("game", game.title)
    ws = player.watch(table["id"])
    player.start(table["id"])
    rng = random.Random(32)
    allowed = {"иван"} | catalog_latin(code, tr.domain) | (printed_names() if game_name == "clash-of-decks" else set())
    # a title the rulebook keeps in Latin letters is a name (3-2-5 «teen do paanch», seed 003)
    allowed |= {w.lower() for w in LATIN_WORD.findall(tr.pgettext("game", game.title))}
    if game_name == "five-towers":  # the towers' letters, as a card's notation begins (G7: Tree 7)
        allowed |= set("pvgsy")
    pending: list[dict[str, Any]] = []
    heard: list[str] = []
    refused = False
    end = time.monotonic() + 240
    try:
        while time.monotonic() < end:
            m = ws.recv(60)
            if m["type"] == "event":
                pending.append(m["event"])
                continue
            if m["type"] == "error":
                heard.append(m["message"])
                continue
            if m["type"] != "state":
                continue
            legal = m.get("legal") or []
            allowed |= notation_of(game, legal)
            said = text_for(player, game_name, options, m, pending, code)
            pending = []
            heard += sentences(said)
            if m.get("over"):
                assert said["result"], said
                break
            if legal:
                if not refused:  # one refusal: a move that is not legal now (the game says why)
                    refused = True
                    wrong = next((n for n in _near_moves(legal) if n not in legal), None)
                    if wrong is not None:
                        ws.send({"type": "act", "action": wrong, "version": m["version"]})
                ws.send({"type": "act", "action": rng.choice(legal), "version": m["version"]})
        else:
            pytest.fail(f"{game_name} did not end in 240 s")
    finally:
        ws.close()
    assert refused
    return heard, allowed, tr.domain


@pytest.mark.parametrize("game_name", list(SHORT_GAMES))
def test_a_russian_player_hears_no_english_in_a_whole_game(server, game_name):
    """A Russian player and bots play a whole game over the WebSocket; everything the table page
    says (events, keys, choices, the result, seats and bots' names) and every error the room
    sends has no Latin word that is not notation, and no English word of the game's messages."""
    heard, allowed, domain = play_whole_game(server, game_name, "ru")
    leaks = {w: text for text in heard for w in latin_words(text, allowed) | (english_left(text, "ru", domain) - allowed)}
    assert not leaks, leaks


@pytest.mark.parametrize("code", ["bg", "cs", "de", "es", "fr"])
@pytest.mark.parametrize("game_name", list(SHORT_GAMES))
def test_the_other_languages_hear_no_english_in_a_whole_game(server, game_name, code):
    """The same whole game read in Bulgarian (no Latin word but notation), Czech and Spanish (no
    English word of the game's messages)."""
    heard, allowed, domain = play_whole_game(server, game_name, code)
    leaks = {w: text for text in heard for w in english_left(text, code, domain) - allowed}
    if code in CYRILLIC:
        leaks |= {w: text for text in heard for w in latin_words(text, allowed)}
    assert not leaks, leaks


def _near_moves(legal: list[str]) -> list[str]:
    """Moves that look like the legal ones but name other cards or numbers (most are illegal)."""
    out = []
    for n in legal:
        for card in ("AS", "2C", "QS", "10H", "KD"):
            out.append(re.sub(r"\b(10|[2-9TJQKA])[CDHS]\b", card, n, count=1))
        out.append(re.sub(r"\b\d\b", "9", n, count=1))
    return [o for o in out if o not in legal]


@pytest.mark.parametrize("code", LANGS)
def test_a_hearts_refusal_in_the_you_form_comes_in_the_players_language(server, code):
    """Hearts: passing a card one does not hold is refused with the game's own sentence, in the
    "you" form, in the reader's language (say_error once missed the game's catalog here)."""
    game = cardhall.load("hearts")
    p = person(server, "Ana", code)
    table = p.create("hearts", ["me", "bot:random", "bot:random", "bot:random"])
    ws = p.watch(table["id"])
    p.start(table["id"])
    state = ws.until(lambda m: m["type"] == "state" and bool(m.get("legal")))
    hand = state["view"]["hand"]
    missing = next(c for c in ("AS", "KS", "QS", "AH", "2C", "3D") if c not in hand)
    ws.send({"type": "act", "action": f"pass {missing}", "version": state["version"]})
    error = ws.until(lambda m: m["type"] == "error")["message"]
    ws.close()
    english = text_ui(game, "en").tr._  # the English of the same refusal, to compare
    assert error and english("You do not hold {card}", card=missing) not in error, error
    assert missing in error and not english_left(error, code, "hearts"), error
    if code in CYRILLIC:
        assert not latin_words(error, {"pass"} | {c.lower() for c in hand}), error


@pytest.mark.parametrize("code", LANGS)
def test_the_list_of_games_is_said_in_the_readers_language(server, code):
    """An unknown game: the games and their other names, "(also …)" in the reader's words."""
    p = person(server, "Ana", code)
    r = p.post("/api/tables", {"game": "chess", "seats": ["me"], "options": {}}, ok=False)
    said = r.json()["error"]
    assert r.status_code in (400, 404) and "five-towers (" in said and "(also" not in said, said
    assert "5-towers" in said and "three-two-five (" in said


@pytest.mark.parametrize("code", LANGS)
def test_bots_and_titles_are_named_in_the_readers_language(server, code):
    """POST /api/tables answers with the game's title in the reader's language; /api/games names
    each bot level in it; the table page calls a bot's seat by its level in the reader's words."""
    game = cardhall.load("hearts")
    tr = text_ui(game, code).tr
    p = person(server, "Ana", code)
    table = p.create("hearts", ["me", "bot:random", "bot:medium", "bot:hard"])
    assert table["title"] == tr.pgettext("game", "Hearts") != "Hearts"
    listed = next(t for t in p.http.get("/api/tables", headers=p.headers).json() if t["id"] == table["id"])
    assert listed["title"] == table["title"]
    games = {g["name"]: g for g in p.http.get("/api/games", params={"lang": code}).json()}
    titles = {b["spec"]: b["title"] for b in games["hearts"]["bots"]}
    assert titles["bot:random"] == tr.pgettext("bot level", "random") != "random"
    assert titles["bot:hard"] != "hard"
    ws = p.watch(table["id"])
    state = ws.until(lambda m: m["type"] == "state")
    ws.close()
    said = text_for(p, "hearts", {}, state, [], code)
    assert said["names"][0] == "Ana"
    assert said["names"][1] == tr._("Bot ({level})", level=titles["bot:random"])
    assert all("Bot (" not in n or code in ("cs", "de", "es") for n in said["names"]), said["names"]
    assert "medium" not in " ".join(said["names"]) and "random" not in " ".join(said["names"])
    # the takeover sentence names the bot's level in the reader's words
    from cardhall.room.words import room_sentence

    event = {"type": "takeover", "seat": 2, "reason": "left", "bot": "medium"}
    sentence = room_sentence(event, tr, 0, said["names"])
    assert sentence and "medium" not in sentence and tr.pgettext("bot level", "medium") in sentence, sentence


def test_an_unknown_bot_spec_keeps_its_notation(server):
    """A spec that is not a level (a search with its budget) is notation: it stays as typed."""
    from cardhall.bots.levels import bot_name
    from cardhall.core.i18n import lang

    assert bot_name("ismcts:iterations=50", lang("ru")) == "Бот (ismcts:iterations=50)"
    assert bot_name("bot:hard", lang("ru")) == "Бот (сильный)"

