"""Languages: Lang, Msg (said again in each reader's language, "you" for their own seat),
negotiation (Accept-Language, the environment), and the errors players read, translated."""

from __future__ import annotations

import json
import pickle

import pytest

import cardhall
from cardhall.core.card_words import card_words, rank_words, suit_words
from cardhall.core.errors import IllegalAction, OptionError, RecordError
from cardhall.core.i18n import (
    N_,
    Msg,
    check,
    domain_of,
    from_accept_language,
    from_environment,
    lang,
    negotiate,
    reason,
)
from cardhall.core.options import Option
from cardhall.core.record import Record
from cardhall.core.text import TextUI
from cardhall.room import Seat, Table
from cardhall.room.errors import TableError

QS, JC, AH = 49, 9, 38  # the queen of spades, the jack of clubs, the ace of hearts


def test_english_is_the_source_and_needs_no_catalog():
    en = lang("en")
    assert en._("{player} is to move.", player="North") == "North is to move."
    assert en.ngettext("{count} point", "{count} points", 1) == "1 point"
    assert en.ngettext("{count} point", "{count} points", 0) == "0 points"
    assert en.ngettext("{count} point", "{count} points", 2.5) == "2.5 points"
    assert en.join(["A", "B", "C"]) == "A, B and C" and en.join(["A"]) == "A"


def test_plural_forms_of_each_language():
    points = {n: lang("ru").ngettext("{count} point", "{count} points", n) for n in (1, 2, 5, 11, 21, 22, 25)}
    assert points == {1: "1 очко", 2: "2 очка", 5: "5 очков", 11: "11 очков", 21: "21 очко", 22: "22 очка",
                      25: "25 очков"}
    assert [lang("cs").ngettext("{count} point", "{count} points", n) for n in (1, 3, 5)] == \
        ["1 bod", "3 body", "5 bodů"]
    assert [lang("bg").ngettext("{count} point", "{count} points", n) for n in (1, 2)] == ["1 точка", "2 точки"]
    assert [lang("es").ngettext("{count} point", "{count} points", n) for n in (1, 0)] == ["1 punto", "0 puntos"]


def test_card_names_as_subject_and_as_object():
    ru, cs, bg, es = lang("ru"), lang("cs"), lang("bg"), lang("es")
    assert (card_words(QS, ru), card_words(QS, ru, as_object=True)) == ("дама пик", "даму пик")
    assert (card_words(JC, ru), card_words(JC, ru, as_object=True)) == ("валет треф", "валета треф")
    assert (card_words(QS, cs), card_words(QS, cs, as_object=True)) == ("piková dáma", "pikovou dámu")
    assert (card_words(AH, cs), card_words(JC, cs, as_object=True)) == ("srdcové eso", "křížového kluka")
    assert card_words(QS, bg) == card_words(QS, bg, as_object=True) == "дама пика"
    assert card_words(AH, es) == "el as de corazones" and card_words(QS, es) == "la reina de picas"
    assert card_words(QS, lang("en")) == "queen of spades"
    assert (suit_words(3, ru), rank_words(12, cs), suit_words(0, bg), rank_words(9, es)) == ("пики", "eso", "спатия", "jota")


def test_a_msg_is_english_and_remembers_how_to_say_it_again():
    msg = Msg(N_("{player} is to move."), player=Msg(N_("Seat {number}"), number=2))
    assert msg == "Seat 2 is to move." and isinstance(msg, str)
    assert lang("ru").say(msg) == "Ходит Место 2."
    assert lang("cs").say(msg) == "Na tahu je Místo 2."
    assert lang("es").say("plain text") == "plain text"  # not a Msg: said as it is


def test_you_for_the_readers_own_seat():
    msg = Msg(N_("{player} is to move."), you=N_("Your turn."), subject=1, player="East")
    assert lang("en").say(msg, 1) == "Your turn."
    assert lang("en").say(msg, 0) == "East is to move."
    assert lang("en").say(msg) == "East is to move."  # a spectator
    assert lang("ru").say(msg, 1) == "Ваш ход." and lang("ru").say(msg, 2) == "Ходит East."


def test_an_error_carrying_a_msg_is_said_in_each_language():
    with pytest.raises(IllegalAction) as caught:
        state = cardhall.load("hearts").new_state(1)
        while not state.is_over():
            state.apply(state.legal_actions()[0])
        state.apply(0)
    assert str(caught.value) == "the game is over; no more actions can be played"
    assert lang("ru").say(caught.value) == "игра окончена; ходов больше нет"
    assert lang("cs").say(caught.value) == "hra skončila; další tahy už hrát nelze"


def test_msg_survives_pickling():
    """Process pools pickle errors and events: the Msg keeps its id, parameters and "you"."""
    msg = Msg(N_("{player} is to move."), you=N_("Your turn."), subject=0, player=Msg(N_("nobody")))
    again = pickle.loads(pickle.dumps(msg))
    assert isinstance(again, Msg) and again == msg and again.msgid == msg.msgid and again.subject == 0
    assert lang("es").say(again, 0) == "Tu turno." and lang("es").say(again, 1) == "Le toca a nadie."
    error = pickle.loads(pickle.dumps(TableError(msg)))
    assert lang("bg").say(error, 1) == "Ред е на никой."


def test_msg_travels_as_json_data():
    """Another node of the room sends an error's Msg as JSON: the reader still hears it in their
    language, "you" included."""
    msg = Msg(N_("{player} is to move."), you=N_("Your turn."), subject=1, player=Msg(N_("Seat {number}"), number=2))
    again = Msg.from_data(json.loads(json.dumps(msg.to_data())))
    assert again == msg == "Seat 2 is to move." and isinstance(again.params["player"], Msg)
    assert lang("cs").say(again, 0) == "Na tahu je Místo 2." and lang("cs").say(again, 1) == "Jste na tahu."
    seed = Msg(N_("a seed must be a whole number from 0 to {maximum}, got {value}"), maximum=7, value=repr(-1))
    assert Msg.from_data(json.loads(json.dumps(seed.to_data()))) == "a seed must be a whole number from 0 to 7, got -1"


def test_reason_keeps_an_errors_msg_and_cuts_long_text():
    inner = OptionError(Msg(N_("a whole number of at least {minimum}"), minimum=3))
    assert isinstance(reason(inner), Msg)
    assert reason(ValueError("x" * 300), 10) == "x" * 10 + "…"
    long = OptionError(Msg(N_("one of {choices}"), choices="y" * 300))
    assert not isinstance(reason(long, 50), Msg) and len(reason(long, 50)) == 51


@pytest.mark.parametrize(("code", "expected"), [
    ("cs", "cs"), ("ru_RU.UTF-8", "ru"), ("es-MX", "es"), ("BG", "bg"), ("en_GB", "en")])
def test_codes_are_read_with_region_and_encoding(code, expected):
    assert check(code) == expected


def test_an_unknown_language_is_a_sentence():
    with pytest.raises(OptionError, match=r"cardhall does not speak 'xx'; choose one of en \(English\), "
                                          r"bg \(Български\), cs \(Čeština\), de \(Deutsch\), es \(Español\), ru \(Русский\)"):
        check("xx")
    with pytest.raises(OptionError) as caught:
        lang("ja")
    assert lang("ru").say(caught.value).startswith("cardhall не говорит на языке 'ja'; выберите один из: en (English)")


def test_negotiation():
    assert negotiate(["ja", "cs", "ru"]) == "cs"
    assert negotiate(["de", "cs", "ru"]) == "de"
    assert negotiate(["ja", "ko"]) == "en"
    assert negotiate([], default="ru") == "ru"


@pytest.mark.parametrize(("header", "expected"), [
    ("cs-CZ,cs;q=0.9,en;q=0.8", "cs"),
    ("de-DE,de;q=0.9,ru;q=0.8,en;q=0.7", "de"),
    ("ja-JP,ja;q=0.9,ru;q=0.8,en;q=0.7", "ru"),
    ("en;q=0.5, es;q=0.9", "es"),
    ("fr, *;q=0.1", "fr"),
    ("ja, *;q=0.1", "en"),
    ("bg;q=0, ru;q=0.2", "ru"),
    ("es;q=bad, cs", "cs"),
    ("", "en"),
    (None, "en"),
])
def test_accept_language(header, expected):
    assert from_accept_language(header) == expected


@pytest.mark.parametrize(("environ", "expected"), [
    ({"LANG": "cs_CZ.UTF-8"}, "cs"),
    ({"LANGUAGE": "ja:ru", "LANG": "cs_CZ.UTF-8"}, "ru"),
    ({"LANGUAGE": "de_CH:ru", "LANG": "cs_CZ.UTF-8"}, "de"),
    ({"LC_ALL": "es_ES.UTF-8", "LANG": "ru_RU.UTF-8"}, "es"),
    ({"LC_MESSAGES": "bg_BG", "LANG": "en_US"}, "bg"),
    ({"LC_ALL": "C", "LANG": "ru_RU.UTF-8"}, "ru"),
    ({"LANG": "C.UTF-8"}, "en"),
    ({"LANG": "de_CH.UTF-8"}, "de"),
    ({"LANG": "ja_JP.UTF-8"}, "en"),
    ({}, "en"),
])
def test_the_terminals_locale(environ, expected):
    assert from_environment(environ) == expected


def test_domains_of_modules():
    assert domain_of("cardhall.games.hearts.text") == "hearts"
    assert domain_of("cardhall.games.jass.putz") == "jass"
    assert domain_of("cardhall.web.pages") == "web"
    assert domain_of("cardhall.tui.play") == "terminal" and domain_of("cardhall.cli") == "terminal"
    assert domain_of("cardhall.room.words") == "cardhall" and domain_of("tests.core.toy") == "cardhall"
    with pytest.raises(ValueError, match="unknown catalog domain 'nope'"):
        lang("ru", "nope")


def test_option_errors_and_descriptions_in_a_language(toy):
    with pytest.raises(OptionError) as caught:
        toy.__class__(pile=99)
    assert str(caught.value) == "toy: option pile=99 is not valid; it must be a whole number from 1 to 30"
    assert lang("ru").say(caught.value) == "toy: недопустимое значение параметра pile=99; нужно: целое число от 1 до 30"
    with pytest.raises(OptionError) as caught:
        toy.__class__(colour="red")
    assert lang("cs").say(caught.value) == "toy: neznámá volba 'colour'; volby hry toy jsou: bonus, mode, pile"
    mode = next(o for o in toy.OPTIONS if o.name == "mode")
    assert mode.describe(lang("en")) == "--mode: a string option (one of 'plain', 'fancy'; default plain)"
    assert mode.describe(lang("es")) == "--mode: a string option (uno de: 'plain', 'fancy'; por defecto plain)"
    solo = Option("solo", False, "play alone")
    assert solo.describe(lang("bg")) == "--solo: play alone (true или false; по подразбиране false)"


def test_record_errors_in_a_language():
    with pytest.raises(RecordError) as caught:
        Record.loads('{"game": "hearts", "seed": 1}')
    assert str(caught.value) == "the record lacks actions; a record has game, options, seed and actions"
    assert lang("es").say(caught.value) == "al registro le falta actions; un registro tiene game, options, seed y actions"
    with pytest.raises(RecordError) as caught:
        Record.loads('{"game": "hearts", "seed": -1, "actions": []}')
    assert lang("ru").say(caught.value) == "поле seed записи: seed должен быть целым числом от 0 до 9223372036854775807, а не -1"


def test_table_errors_in_a_language(toy):
    t = Table("t", toy, 1, [Seat(), Seat()], host="a")
    t.sit("a", "Ann")
    with pytest.raises(TableError) as caught:
        t.start("a")
    assert str(caught.value) == "seat 2 is open; a person or a bot must sit in every seat first"
    assert lang("cs").say(caught.value) == "místo 2 je volné; nejdřív musí na každém místě sedět člověk nebo bot"
    t.sit("b", "Bob")
    t.start("a")
    mover = t.state.to_move()
    waiting = "b" if mover == 0 else "a"
    with pytest.raises(TableError) as caught:
        t.act(waiting, "take 1", None, 0.0)
    name = t.seats[mover].name
    assert lang("ru").say(caught.value) == f"сейчас не ваш ход: ходит {name}; дождитесь своей очереди"


def test_the_generic_text_in_a_language(toy):
    ui = TextUI(toy, "ru")
    assert ui.turn({"to_move": 0}, 0) == "Ваш ход."
    assert ui.turn({"to_move": None}, 0) == "Игра окончена."
    assert ui.outcome([43, 40, 12], [0], 1) == "Побеждает Player 1: 43 очка; вы на втором месте: 40 очков."
    assert ui.result({}, [5, 1], [0], 0) == "Игра окончена. Вы побеждаете: 5 очков. Итоговый счёт: вы 5, Player 2 1."
    assert TextUI(toy, "cs").outcome([3, 3], [0, 1], 0) == "O vítězství se dělíte: vy a Player 2, 3 body."
    assert TextUI(toy, "es").shortcuts()["T"][0] == "a quién le toca"


def test_rules_in_a_language_they_are_not_written_in_are_a_sentence(toy):
    """The toy game has no rules/ folder: every language is one it is not written in."""
    with pytest.raises(OptionError) as caught:
        toy.rules_text("cs")
    # the language is named in the reader's words (issue 46), never in its own («Čeština»)
    assert str(caught.value) == "the rules of toy are not written in Czech; they are written in: none"
    assert lang("ru").say(caught.value) == "правила игры toy не написаны на языке «чешский»; они есть на языках: нет"
    with pytest.raises(OptionError, match="cardhall does not speak 'klingon'"):
        toy.rules_text("klingon")
