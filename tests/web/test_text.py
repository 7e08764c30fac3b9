"""/api/text's phrasing (no browser): the table in words for a seat and for a spectator, choices
in words without notation prefixes, room events, and bad requests answered with a sentence."""

from __future__ import annotations

import random

import httpx
import pytest

import cardhall
from cardhall.core.errors import CardhallError
from cardhall.core.text import text_ui
from cardhall.web.pages import table_text, token_words

GAMES = ["five-towers", "clash-of-decks", "jass", "putz", "hearts", "three-two-five"]


@pytest.mark.parametrize("name", GAMES)
def test_a_seat_and_a_spectator_get_the_table_in_words(name):
    game = cardhall.load(name)
    state = game.new_state(11)
    rng = random.Random(11)
    for _ in range(6):
        state.apply(rng.choice(state.legal_actions()))
    seat = state.to_move()
    legal = [game.format_action(a) for a in state.legal_actions()]
    said = table_text({"game": name, "options": game.options, "seat": seat, "view": state.view(seat), "legal": legal})
    assert said["render"] and {"C", "S", "T"} <= set(said["keys"])
    assert set(said["choices"]) == set(legal)
    for notation, label in said["choices"].items():
        assert label and not label.startswith(notation + ":")
    assert len(set(said["choices"].values())) == len(legal), "two choices read the same"
    spectator = table_text({"game": name, "options": game.options, "seat": None, "view": state.public_view(), "legal": []})
    assert spectator["keys"]["T"]["text"]


def test_words_of_tokens():
    assert token_words(text_ui(cardhall.load("hearts")), "QS") == "queen of spades ♠"
    assert token_words(text_ui(cardhall.load("five-towers")), "S14") == "Scrap 14"
    assert token_words(text_ui(cardhall.load("clash-of-decks")), "top") == "the top lane"
    assert token_words(text_ui(cardhall.load("clash-of-decks"), "ru"), "top") == "верхняя линия"


def test_bad_requests_get_a_sentence(server):
    with pytest.raises(CardhallError, match="seat must be"):
        table_text({"game": "hearts", "options": {}, "seat": 9, "view": {}})
    client = httpx.Client(base_url=server.url)
    r = client.post("/api/text", content=b"not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    r = client.get("/api/games/five-towers/seats", params={"options": '{"players": 9}'})
    assert r.status_code == 400 and "players" in r.json()["error"]
    assert client.get("/api/games/five-towers/seats", params={"options": '{"players": 4}'}).json() == {"seats": 4}
