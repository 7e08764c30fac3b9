"""/api/text's phrasing (no browser): the table in words for a seat and for a spectator, choices
in words without notation prefixes, room events, and bad requests answered with a sentence."""

from __future__ import annotations

import random

import httpx
import pytest

import cardhall
from cardhall.core.errors import CardhallError
from cardhall.core.text import text_ui
from cardhall.web.pages import table_text

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
    """Each game says its notation's tokens (`TextUI.token`): cards, 5 Towers' cards, Clash's lanes."""
    assert text_ui(cardhall.load("hearts")).token("QS") == "queen of spades ♠"
    assert text_ui(cardhall.load("five-towers")).token("S14") == "Scrap 14"
    assert text_ui(cardhall.load("five-towers")).token("take") == "take"
    assert text_ui(cardhall.load("clash-of-decks")).token("top") == "the top lane"
    assert text_ui(cardhall.load("clash-of-decks"), "ru").token("top") == "верхний ряд"


def test_bad_requests_get_a_sentence(server):
    with pytest.raises(CardhallError, match="seat must be"):
        table_text({"game": "hearts", "options": {}, "seat": 9, "view": {}})
    client = httpx.Client(base_url=server.url)
    r = client.post("/api/text", content=b"not json", headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "JSON" in r.json()["error"]
    # bytes that are not UTF-8 are named as such, whichever way the msgspec installed reports them
    # (0.22 raised UnicodeDecodeError, 0.23 a DecodeError "Invalid UTF-8 encoded string")
    r = client.post("/api/text", content=b'{"game": "hearts\xc0\xaf"}', headers={"Content-Type": "application/json"})
    assert r.status_code == 400 and "not UTF-8 text (invalid start byte at byte 16)" in r.json()["error"], r.text
    r = client.get("/api/games/five-towers/seats", params={"options": '{"players": 9}'})
    assert r.status_code == 400 and "players" in r.json()["error"]
    assert client.get("/api/games/five-towers/seats", params={"options": '{"players": 4}'}).json() == {
        "seats": 4, "names": ["Player 1", "Player 2", "Player 3", "Player 4"]}


@pytest.mark.parametrize("name", GAMES)
def test_every_view_of_a_whole_game_fits_its_type_and_is_said(name):
    """The checks of `POST /api/text` (the game's view type, its limits) accept every view the
    room sends, through a whole game, for each seat and for a spectator (options of the game's
    other formats too, where a view has keys of its own)."""
    import json

    more = {"clash-of-decks": [{"format": "draft"}, {"solo": True}], "hearts": [{"players": 3}],
            "five-towers": [{"players": 2}], "putz": [{"players": 5}]}
    for options in ({}, *more.get(name, [])):
        game = cardhall.load(name, **options)
        state = game.new_state(5)
        rng = random.Random(5)
        step = 0
        while True:
            if step % 7 == 0 or state.is_over():
                for seat in [*range(game.num_players), None]:
                    view = json.loads(json.dumps(state.view_of(seat)))
                    legal = [game.format_action(a) for a in state.legal_actions()] if seat == state.to_move() else []
                    said = table_text({"game": name, "options": options, "seat": seat, "view": view, "legal": legal,
                                       "over": state.is_over(), "scores": state.scores()})
                    assert said["render"], (name, options, step, seat)
            if state.is_over() or step > 400:
                break
            state.apply(rng.choice(state.legal_actions()))
            step += 1
