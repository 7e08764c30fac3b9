"""One name per seat in the words (issue 37): where a game only numbers or letters its seats
(5 Towers' "Player 2", Clash of Decks' "Player B"), the words a page hears name the people at
them as the felt does ("Bot (medium)", a person's name) — the key answers, the events, the
result; Hearts keeps its places (North, East). Without the room's names (the terminal) the seats'
own names stay, and the seat list keeps the game's name of each place."""

from __future__ import annotations

import random
import re
from typing import Any

import pytest

import cardhall
from cardhall.core.text import text_ui
from cardhall.web.words import change_words, state_words

NAMES = ["Ann", "Bot (medium)", "Bot (easy)"]


def played(name: str, options: dict[str, Any], moves: int, seed: int = 5) -> tuple[Any, Any, list[Any]]:
    """The game, a position after `moves` random moves, and every event the reader (seat 0) heard."""
    game = cardhall.load(name, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    heard: list[Any] = []
    for _ in range(moves):
        if state.is_over():
            break
        heard.extend(state.apply_with_events(rng.choice(state.legal_actions())).get(0, []))
    return game, state, heard


def everything_said(game: Any, state: Any, heard: list[Any], names: list[str], code: str = "en") -> str:
    ui = text_ui(game, code, notation=False)
    legal = [game.format_action(a) for a in state.legal_actions()] if state.to_move() == 0 else []
    words = state_words(game, ui, 0, state.view_of(0), legal, state.is_over(), state.scores(), names)
    events = change_words(ui, heard, 0, names)
    return "\n".join([words.render, *(k.text for k in words.keys.values()), *events, words.result or ""])


@pytest.mark.parametrize(("name", "options", "seats"), [("five-towers", {"players": 3}, 3), ("clash-of-decks", {}, 2)])
def test_numbered_seats_are_said_by_the_people_at_them(name: str, options: dict[str, Any], seats: int) -> None:
    game, state, heard = played(name, options, 60)
    names = NAMES[:seats]
    generic = text_ui(game, "en", notation=False).seat_name(1)  # the seat's own name ("Player 2", "Player B")
    said = everything_said(game, state, heard, names)
    assert "Bot (medium)" in said, said
    assert generic not in said, said
    # without the room's names (the terminal), the seats keep their own names
    assert generic in everything_said(game, state, heard, []), "no seat named without people"
    # the seat list (what the page calls each place) keeps the game's names
    ui = text_ui(game, "en", notation=False)
    assert state_words(game, ui, 0, state.view_of(0), [], False, [], names).seats[1] == generic


def test_a_name_in_another_language_and_in_the_owner_form() -> None:
    """Clash's "{owner} Bastion" names the person in the reader's grammar (Russian: игрока …)."""
    game, state, heard = played("clash-of-decks", {}, 80)
    said = everything_said(game, state, heard, ["Аня", "Бот (средний)"], "ru")
    assert "игрока Бот (средний)" in said and not re.search(r"[Ии]грока? Б\b", said), said


def test_hearts_keeps_its_places() -> None:
    game, state, heard = played("hearts", {"players": 3}, 20)
    said = everything_said(game, state, heard, NAMES)
    assert "Bot (medium)" not in said and text_ui(game, "en", notation=False).seat_name(1) in said, said


def test_seats_alike_are_told_apart_by_a_number() -> None:
    """The standings once said "Bot (medium)" three times: alike occupants get a number, in seat order."""
    from cardhall.core.i18n import lang
    from cardhall.room.words import seat_labels

    seats = [{"kind": "person", "name": "Ann"}, {"kind": "bot", "bot": "medium"}, {"kind": "bot", "bot": "easy"},
             {"kind": "bot", "bot": "medium"}, {"kind": "open"}, {"kind": "open"}]
    assert seat_labels(seats, lang("en", "web")) == ["Ann", "Bot (medium) 1", "Bot (easy)", "Bot (medium) 2", "", ""]
    ru = seat_labels(seats, lang("ru", "web"))
    assert ru[1].endswith(" 1") and ru[3].endswith(" 2") and ru[1][:-2] == ru[3][:-2] != "Bot (medium)"
