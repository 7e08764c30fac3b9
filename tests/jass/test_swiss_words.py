"""The words said with the Swiss German-suited faces (issue 46, point 3): a reader who sees the German
faces hears the German cards by their own names in every language («Schellen-Under», «унтер
бубенцов», «kulového spodka» as an object), the suits alone (Rosen …) and the ranks alone (Banner,
Under, Ober) in a hand read out; the French names stay the default, and a game of 52 cards never
takes the German faces. Over the wire the choice is the `cardhall_faces` cookie (tests/web/test_swiss_faces.py)."""

from __future__ import annotations

import re

import pytest

import cardhall
from cardhall.core.card_words import GERMAN_NAMES, card_words, rank_words, suit_words
from cardhall.core.cards import parse_card
from cardhall.core.i18n import LANGUAGES, lang
from cardhall.core.text import text_ui
from cardhall.web.words import faces_of, reader, voice

UNDER_OF_BELLS = parse_card("JC")  # Schellen stand for Kreuz (Swisslos: Schellen/Kreuz)
NAMES = {
    "en": ("under of bells", "under of bells", "bells", "banner"),
    "bg": ("унтер звънци", "унтер звънци", "звънци", "знаме"),
    "cs": ("kulový spodek", "kulového spodka", "kule", "praporec"),
    "de": ("Schellen-Under", "Schellen-Under", "Schellen", "Banner"),
    "fr": ("l'Under de grelots", "l'Under de grelots", "grelots", "bannière"),
    "es": ("la sota de cascabeles", "la sota de cascabeles", "cascabeles", "estandarte"),
    "ru": ("унтер бубенцов", "унтера бубенцов", "бубенцы", "знамя"),
}


@pytest.mark.parametrize("code", sorted(c for c in NAMES if c in LANGUAGES))
def test_the_german_cards_have_their_own_names(code):
    tr = lang(code)
    subject, obj, suit, banner = NAMES[code]
    assert card_words(UNDER_OF_BELLS, tr, faces="german") == subject
    assert card_words(UNDER_OF_BELLS, tr, as_object=True, faces="german") == obj
    assert suit_words(0, tr, "german") == suit and rank_words(8, tr, "german") == banner
    assert card_words(UNDER_OF_BELLS, tr) != subject  # French by default
    assert len({card_words(c, tr, faces="german") for c in GERMAN_NAMES}) == 36


@pytest.mark.parametrize("code", sorted(LANGUAGES))
def test_every_language_names_all_36_german_cards(code):
    tr = lang(code)
    for card in GERMAN_NAMES:
        for as_object in (False, True):
            said = card_words(card, tr, as_object=as_object, faces="german")
            assert said and said != card_words(card, tr, as_object=as_object), (code, card)


def test_a_jass_hand_is_read_out_in_german_suits():
    game = cardhall.load("putz", players=3)
    state = game.new_state(5)
    ui = text_ui(game, "de", faces="german")
    said = ui.render(state.view(0), 0)
    assert any(s in said for s in ("Rosen", "Schellen", "Schilten", "Eicheln")), said
    assert not any(f"{s}:" in said for s in ("Herz", "Karo", "Pik", "Kreuz")), said
    french = text_ui(game, "de").render(state.view(0), 0)
    assert not any(f"{s}:" in french for s in ("Rosen", "Schellen", "Schilten", "Eicheln")), french


def test_only_jass_and_putz_take_the_german_faces():
    assert text_ui(cardhall.load("hearts"), "de", faces="german").faces == "french"
    assert text_ui(cardhall.load("jass"), "de", faces="german").faces == "german"
    assert text_ui(cardhall.load("jass"), "de", faces="gothic").faces == "french"


def test_the_cookie_chooses_the_faces_and_the_cache_keeps_them_apart():
    assert faces_of({"cardhall_faces": "german"}, "en") == "german"
    assert faces_of({"cardhall_faces": "french"}, "de") == "french"  # a German reader who chose French suits
    assert faces_of({"cardhall_faces": "<script>"}, "fr") == faces_of({}, "ru") == "french"
    # no cookie yet (the page sets it only once its script runs, maybe after the socket connected):
    # the page's own default, German suits for a German reader
    assert faces_of({}, "de") == faces_of({"cardhall_faces": "<script>"}, "de_CH") == "german"
    jass = cardhall.load("jass")
    _, german = reader(jass, "de", "german")
    _, french = reader(jass, "de")
    assert voice(german) == "de/german" and voice(french) == "de"
    assert german.card(UNDER_OF_BELLS) == "Schellen-Under" and french.card(UNDER_OF_BELLS) == "Kreuz-Bube"


def test_the_terminal_names_the_german_cards_with_faces_german(tmp_path):
    from typer.testing import CliRunner

    from cardhall.cli import app
    runner = CliRunner()
    said = runner.invoke(app, ["play", "putz", "--faces", "german", "--lang", "de", "--seed", "3",
                               "--record", str(tmp_path / "g.json")], input="q\n")
    assert "Trumpf ist Schellen" in said.output and "Schilten: " in said.output, said.output
    french = runner.invoke(app, ["play", "putz", "--lang", "de", "--seed", "3", "--record", str(tmp_path / "f.json")],
                           input="q\n")
    assert "Trumpf ist Kreuz" in french.output, french.output
    wrong = runner.invoke(app, ["play", "putz", "--faces", "gothic", "--lang", "de"])
    assert wrong.exit_code == 2 and "--faces ist french oder german, nicht gothic" in wrong.output


def test_join_takes_the_faces_too():
    from typer.testing import CliRunner

    from cardhall.cli import app
    from cardhall.tui.remote import RemoteTerminal
    wrong = CliRunner().invoke(app, ["join", "http://127.0.0.1:1/tables/x", "--seat", "1", "--faces", "gothic",
                                     "--lang", "de"])
    assert wrong.exit_code == 2 and "--faces ist french oder german, nicht gothic" in wrong.output
    terminal = RemoteTerminal(None, cardhall.load("jass"), 0, None, lang_code="de", faces="german")  # type: ignore[arg-type]
    assert terminal.ui.card(UNDER_OF_BELLS) == "Schellen-Under"


@pytest.mark.parametrize("code", ["de", "de_CH", "de-CH"])
def test_without_a_cookie_a_german_reader_gets_the_german_faces_the_page_draws(code):
    """The server's default is the page's (presenter.js `facesChosen`): German suits on a German page,
    so a socket that connects before the page has set its cookie hears the cards the page draws."""
    assert faces_of({}, code) == "german"
    assert faces_of({"cardhall_faces": "junk"}, code) == "german"
    assert faces_of({}, "en") == faces_of({}, "fr") == "french"


def refusals(name: str, faces: str, code: str, count: int = 6) -> list[str]:
    """The first refusals of cards a seat holds but may not play, in seeded games played at random."""
    import random

    from cardhall.core.errors import CardhallError
    game = cardhall.load(name)
    ui = text_ui(game, code, faces=faces)
    said: list[str] = []
    for seed in range(30):
        state, pick = game.new_state(seed), random.Random(seed)
        while not state.is_over() and len(said) < count:
            legal, seat = state.legal_actions(), state.to_move()
            for card in state.view(seat).get("hand") or []:
                action = game.parse_action(card, state)
                if action not in legal and isinstance(action, int) and action < 52 and state.view(seat)["phase"] == "play":
                    try:
                        state.clone().apply(action)
                    except CardhallError as exc:
                        said.append(ui.say(exc, seat))
                        break
            state.apply(pick.choice(legal))
        if len(said) >= count:
            return said
    return said


@pytest.mark.parametrize("name", ["jass", "putz"])
def test_a_refusal_names_the_german_cards_to_a_reader_of_the_german_faces(name):
    """Jass's refusals (issue 46): «Du musst Farbe angeben: du hast Schilten (Schilten-Ass …)», never
    «Pik (AS KS)», to a reader of the German faces; the French faces keep the French suits and the
    notation a terminal player types."""
    german = refusals(name, "german", "de")
    assert german, "no refusal was met"
    for text in german:
        assert not re.search(r"\b(Kreuz|Karo|Pik|Herz)\b|\b[6-9TJQKA][CDHS]\b", text), text
        assert re.search(r"\b(Schellen|Schilten|Rosen|Eicheln)\b", text), text
    french = refusals(name, "french", "de")
    assert any(re.search(r"\b(Kreuz|Karo|Pik|Herz)\b", t) for t in french), french
    assert not any(re.search(r"\b(Schellen|Schilten|Rosen|Eicheln)\b", t) for t in french), french
    for text in refusals(name, "german", "fr", 3) + refusals(name, "german", "ru", 3):
        assert not re.search(r"\b[6-9TJQKA][CDHS]\b|\b(pique|trèfle|carreau|cœur|пик|треф|бубен|черв\w*)\b", text), text


def test_a_faced_message_travels_and_is_said_in_the_readers_faces():
    import pickle

    from cardhall.core.i18n import Faced, Msg
    said = Faced(Msg("spades", context="suit"), Msg("shields", context="suit, German suits"))
    for copy in (pickle.loads(pickle.dumps(said)), Msg.from_data(said.to_data())):
        assert lang("de").say(copy) == "Pik" and lang("de").seeing("german").say(copy) == "Schilten"
    assert str(said) == "spades" and lang("de").seeing("french") is lang("de")


@pytest.mark.parametrize("code", ["fr", "de", "en", "ru"])
def test_a_refusal_that_opens_with_notation_keeps_its_case(code):
    """«trump S n'est pas possible maintenant…», never «Trump S …»: notation is typed as it is, so
    the capital a "you" sentence takes goes to words only (`Lang.say`)."""
    from cardhall.core.errors import CardhallError
    game = cardhall.load("jass")
    ui = text_ui(game, code)
    for seed in range(20):
        state = game.new_state(seed)
        while not state.is_over() and state.view(state.to_move())["phase"] != "play":
            state.apply(state.legal_actions()[0])
        if state.is_over():
            continue
        seat = state.to_move()
        with pytest.raises(CardhallError) as caught:
            state.clone().apply(game.parse_action("trump S", state))
        said = ui.say(caught.value, seat)
        assert said.lstrip("«").startswith("trump S"), said
        return
    pytest.fail("no play phase reached")


def test_cardhall_replay_of_a_file_names_the_faces_asked_for(tmp_path):
    """`cardhall replay FILE --faces german` says the table in the German suits, as `play` does."""
    from typer.testing import CliRunner

    from cardhall.cli import app
    runner = CliRunner()
    record = tmp_path / "g.json"
    played = runner.invoke(app, ["play", "putz", "--lang", "de", "--seed", "3", "--record", str(record)],
                           input="1\n1\n1\nq\n")
    assert played.exit_code == 0 and record.is_file(), played.output
    german = runner.invoke(app, ["replay", str(record), "--seat", "1", "--faces", "german", "--lang", "de"])
    assert german.exit_code == 0 and "Trumpf ist Schellen" in german.output, german.output
    assert not re.search(r"\b(Kreuz|Karo|Pik|Herz)\b", german.output), german.output
    french = runner.invoke(app, ["replay", str(record), "--seat", "1", "--lang", "de"])
    assert "Trumpf ist Kreuz" in french.output, french.output
    wrong = runner.invoke(app, ["replay", str(record), "--faces", "gothic", "--lang", "de"])
    assert wrong.exit_code == 2 and "--faces ist french oder german, nicht gothic" in wrong.output


def test_a_your_turn_notice_names_the_cards_a_german_reader_sees():
    """The "your turn" mail's last moves (`notices.last_moves`) in German name the German-suited
    cards, as a German reader's page draws them; in French, the French suits."""
    import random

    from cardhall.room.table import Seat, Table
    from cardhall.web.notices import last_moves

    table = Table("t", cardhall.load("jass"), None, [Seat.person(f"p{i}", f"P{i}") for i in range(4)], host="p0")
    table.start("p0", 0.0, seed=7)
    rng = random.Random(1)
    while len([c for c in table.history if c.entry.get("kind") == "act"]) < 8:
        seat = table.state.to_move()
        table.act(f"p{seat}", rng.choice(table.state_message(seat).legal), table.version, 0.0)
    german = " ".join(last_moves(table, 0, "de"))
    assert any(w in german for w in ("Rosen", "Eicheln", "Schilten", "Schellen")), german
    assert not any(w in german for w in ("Herz", "Karo", "Pik", "Kreuz")), german
    french = " ".join(last_moves(table, 0, "fr"))
    assert any(w in french for w in ("cœur", "carreau", "pique", "trèfle")), french
