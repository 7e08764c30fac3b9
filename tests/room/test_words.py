"""Room events in words (`cardhall.room.words.room_sentence`), "you" for the reader's own seat."""

from __future__ import annotations

import pytest

from cardhall.core.i18n import lang
from cardhall.room.words import room_sentence

SEATS = ["North", "East", "South", "West"]


def test_room_events_in_english():
    en = lang("en")
    assert room_sentence({"type": "takeover", "seat": 1, "name": "Bob", "bot": "medium", "reason": "away"}, en, 0, SEATS) == \
        "East is away; the medium bot plays for them until they come back."
    assert room_sentence({"type": "takeover", "seat": 0, "name": "Ann", "bot": "easy", "reason": "clock"}, en, 0, SEATS) == \
        "You ran out of time; the easy bot plays for you until you come back."
    assert room_sentence({"type": "takeover", "seat": 2, "name": "Cy", "bot": "hard", "reason": "left"}, en, 0, []) == \
        "Cy left; the hard bot plays for them until they come back."
    assert room_sentence({"type": "reclaimed", "seat": 0, "name": "Ann"}, en, 0, SEATS) == "You are back and play again."
    assert room_sentence({"type": "reclaimed", "seat": 2, "name": "Cy"}, en, 0, SEATS) == "South is back and plays again."
    assert room_sentence({"type": "clock_warning", "seat": 0, "seconds": 10}, en, 0, SEATS) == \
        "You have 10 seconds left for this move."
    assert room_sentence({"type": "clock_warning", "seat": 3, "seconds": 1}, en, 0, SEATS) == \
        "West has 1 second left for this move."
    assert room_sentence({"type": "clock_warning", "seat": 3, "seconds": 5}, en, 0, []) == \
        "Seat 4 has 5 seconds left for this move."
    assert room_sentence({"type": "sat", "seat": 3, "name": "Dan"}, en, None, SEATS) == "Dan sits down in seat 4."
    assert room_sentence({"type": "sat", "seat": 3, "name": "Dan"}, en, 3, SEATS) == "You sit down in seat 4."
    assert room_sentence({"type": "left", "seat": 1, "name": "Bob"}, en, 0, SEATS) == "Bob leaves seat 2."
    assert room_sentence({"type": "started"}, en, 0, SEATS) == "The game starts."
    assert room_sentence({"type": "connected", "seat": 1, "name": "Bob"}, en, 0, SEATS) == "Bob is here."
    assert room_sentence({"type": "disconnected", "seat": 1, "name": "Bob"}, en, 0, SEATS) == "Bob is away."
    assert room_sentence({"type": "disconnected", "seat": 0, "name": "Ann"}, en, 0, SEATS) == ""  # one's own
    assert room_sentence({"type": "game_over", "scores": [1, 2, 3, 4], "winners": [0]}, en, 0, SEATS) == ""


def test_chat_is_said_as_text_with_who_said_it():
    en = lang("en")
    chat = {"type": "chat", "name": "<b>Bo</b>", "text": "<i>hi</i>", "seat": 1}
    assert room_sentence(chat, en, 0, []) == "<b>Bo</b> says: <i>hi</i>"  # text; the page puts it in as text
    assert room_sentence(chat, en, 1, []) == "You say: <i>hi</i>"
    assert room_sentence({"type": "chat", "name": "Zoe", "text": "hi", "seat": None}, en, 0, SEATS) == \
        "Zoe (spectator) says: hi"


def test_a_game_event_is_not_a_room_event():
    assert room_sentence({"type": "card_played", "seat": 0}, lang("en"), 0, SEATS) is None


def test_room_events_in_russian_and_czech():
    """The same events, each reader in their own language; "you" for one's own seat."""
    ru, cs = lang("ru"), lang("cs")
    seats_ru = ["Север", "Восток", "Юг", "Запад"]
    takeover = {"type": "takeover", "seat": 1, "name": "Bob", "bot": "medium", "reason": "away"}
    assert room_sentence(takeover, ru, 1, seats_ru) == "Вас нет на месте; за вас играет средний бот, пока вы не вернётесь."
    assert room_sentence(takeover, ru, 0, seats_ru) == \
        "Восток не на месте; за этого игрока играет средний бот, пока он не вернётся."
    assert room_sentence(takeover, cs, 0, []) == "Bob je pryč; za tohoto hráče hraje střední bot, dokud se nevrátí."
    assert room_sentence({"type": "sat", "seat": 0, "name": "Ann"}, ru, None, seats_ru) == "Ann садится на место 1."
    assert room_sentence({"type": "sat", "seat": 0, "name": "Ann"}, cs, 0, []) == "Sedáte si na místo 1."
    assert room_sentence({"type": "chat", "name": "Zoe", "text": "ahoj", "seat": None}, cs, 0, []) == \
        "Zoe (divák) říká: ahoj"
    assert room_sentence({"type": "started"}, ru, 0, []) == "Игра начинается."
    assert room_sentence({"type": "card_played", "seat": 0}, cs, 0, []) is None


@pytest.mark.parametrize(("seconds", "russian", "czech"), [
    (1, "осталась 1 секунда", "zbývá 1 sekunda"),
    (2, "осталось 2 секунды", "zbývají 2 sekundy"),
    (5, "осталось 5 секунд", "zbývá 5 sekund"),
    (21, "осталась 21 секунда", "zbývá 21 sekund"),
])
def test_clock_warnings_take_the_plural_form_of_the_language(seconds, russian, czech):
    event = {"type": "clock_warning", "seat": 0, "seconds": seconds}
    assert room_sentence(event, lang("ru"), 0) == f"На этот ход у вас {russian}."
    assert room_sentence(event, lang("cs"), 1, ["Anna", "Petr"]) == f"Anna: na tento tah {czech}."


@pytest.mark.parametrize("code", ["en", "bg", "cs", "de", "es", "ru"])
def test_sitting_and_leaving_name_the_seat_as_the_game_does(code):
    """With the game's seat names (`places`), a person sits down as North and leaves North open:
    the name every other sentence of the game uses, not a number beside it."""
    tr = lang(code)
    names = ["Ann", "Bob", "", ""]
    sat = room_sentence({"type": "sat", "seat": 3, "name": "Dan"}, tr, None, names, SEATS)
    mine = room_sentence({"type": "sat", "seat": 3, "name": "Dan"}, tr, 3, names, SEATS)
    left = room_sentence({"type": "left", "seat": 1, "name": "Bob"}, tr, 0, names, SEATS)
    assert sat and mine and left
    assert "West" in sat and "Dan" in sat and "West" in mine and "East" in left and "Bob" in left
    assert not any(ch.isdigit() for ch in sat + mine + left), (sat, mine, left)
    if code == "en":
        assert (sat, mine, left) == ("Dan sits down as West.", "You sit down as West.", "Bob leaves; East is open.")
