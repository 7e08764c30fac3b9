"""Jass and Putz in every language: complete catalogs, no English left in a whole game, the
seed's Russian terms, plural forms, a refusal said to its own seat, and the rules for players."""

from __future__ import annotations

import random
import re
from functools import cache
from pathlib import Path

import pytest

from cardhall.core import catalogs
from cardhall.core.card_words import CARD_NAMES, CARD_OBJECTS, RANK_WORDS, SUIT_WORDS
from cardhall.core.errors import IllegalAction
from cardhall.core.i18n import LANGUAGES, Msg, lang
from cardhall.core.registry import load
from cardhall.core.text import text_ui
from cardhall.games.jass.base import EXCHANGE_SIX, P_PLAY, P_SIX, TRUMP
from cardhall.games.jass.tricks import DECK_CARDS, six_of
from tests.language_check import enter_key

OTHERS = [code for code in LANGUAGES if code != "en"]
GAMES = [("jass", {}, 5), ("putz", {"players": 3}, 6), ("putz", {"players": 5}, 7)]
RULES = Path(__file__).resolve().parents[2] / "cardhall" / "games" / "jass" / "rules"
NOTATION = re.compile(r"\btrump [HDSC](/D/S/C)?\b|\b(exchange six|no exchange|take talon|push|keep)\b", re.IGNORECASE)
"""What a player types (language-neutral, like card notation): removed before looking for English."""
WORD = re.compile(r"[^\W\d_]{4,}")


def words(text: str) -> set[str]:
    """The words of four letters or more of `text`, lower case, placeholders and notation left out."""
    text = NOTATION.sub(" ", re.sub(r"\{[^{}]*\}", " ", text))
    return {w.lower() for w in WORD.findall(text)}


@cache
def english_words() -> frozenset[str]:
    """Every word of the jass domain's English messages."""
    found: set[str] = set()
    for message in catalogs.extract("jass"):
        for msgid in [message.id] if isinstance(message.id, str) else message.id:
            found |= words(msgid)
    return frozenset(found)


@cache
def forbidden(code: str) -> frozenset[str]:
    """English words that must not appear in `code`'s output: the domain's English words, but
    those the language's own translations use too (a name such as "Jass") and the card words the
    shared ``cardhall`` domain does not translate yet (its own test checks them)."""
    from babel.messages.pofile import read_po

    with catalogs.po_path(code, "jass").open("rb") as f:
        catalog = read_po(f, locale=code)
    own: set[str] = set()
    for message in catalog:
        if not message.id:
            continue  # (the header)
        for text in [message.string] if isinstance(message.string, str) else message.string:
            own |= words(text or "")
    shared = lang(code, "cardhall")
    for context, names in (("card", CARD_NAMES), ("card, object", CARD_OBJECTS), ("suit", SUIT_WORDS),
                           ("rank", RANK_WORDS)):
        for name in names:
            if shared.pgettext(context, name) == name:
                own |= words(name)
    return english_words() - own


@cache
def transcript(name: str, options: tuple[tuple[str, int], ...], seed: int, code: str) -> str:
    """Everything a whole random game says in `code`: every picture, key, choice, event (to every
    seat and to spectators), a few refusals to the mover, and (Jass) the result."""
    g = load(name, **dict(options))
    ui = text_ui(g, code)
    s = g.new_state(seed)
    rng = random.Random(seed)
    lines: list[str] = []
    while not s.is_over():
        mover = s.to_move()
        legal = s.legal_actions()
        view = s.view(mover)
        lines.append(ui.render(view, mover))
        for description, key in ui.shortcuts().values():
            said = key(view, mover)
            lines += [description, said if isinstance(said, str) else said[0]]
        lines += [ui.choice(a, view, mover) for a in legal]
        wrong = [a for a in [*DECK_CARDS, *range(TRUMP, TRUMP + 9)] if a not in legal]
        for a in rng.sample(wrong, 2):
            with pytest.raises(IllegalAction) as refused:
                s.check_legal(a)
            lines.append(ui.say(refused.value, mover))
        for viewer, events in s.apply_with_events(rng.choice(legal)).items():
            lines += [ui.phrase(e, viewer) for e in events]
    if name == "jass":  # (the Putz result is the shared TextUI's sentence)
        lines += [ui.result(s.view(seat), s.scores(), s.winners(), seat) for seat in range(4)]
    return "\n".join(lines)


def test_every_message_of_the_jass_domain_is_translated():
    assert catalogs.problems("jass") == []


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("name, options, seed", GAMES)
def test_a_whole_game_leaves_no_english_word(name, options, seed, code):
    text = transcript(name, tuple(options.items()), seed, code)
    left = sorted(words(text) & forbidden(code))
    assert left == [], f"English words in the {code} output: {left}"
    assert "{" not in text and "}" not in text  # every placeholder filled


def test_the_english_output_is_the_reference():
    """The same game in English says the domain's words (the test above would see them)."""
    text = transcript("putz", (("players", 3),), 6, "en")
    assert {"talon", "trump", "table", "score"} <= words(text) & english_words()


def test_russian_uses_the_seeds_terms():
    """«Яблоко или путц», «прикуп», «козырь», «взятка», «сдающий», «товарищ по команде» (seed 003)."""
    putz = transcript("putz", (("players", 3),), 6, "ru").lower()
    for term in ("путц", "яблоко", "прикуп", "козыр", "взятк", "козырную шестёрку"):
        assert term in putz, term
    jass = transcript("jass", (), 5, "ru").lower()
    for term in ("ясс", "товарищ по команде", "козыр", "взятк", "раунд"):
        assert term in jass, term
    ui = text_ui(load("putz", players=3), "ru")
    scored = ui.phrase({"type": "deal_scored", "deal": 1, "scores": [1, 1, -1], "points": [80, 61, 16],
                        "deltas": [1, 1, -1]}, 2)
    assert "вы 16 очков (яблоко) -1" in scored and "Игрок 1 80 очков +1" in scored


def test_german_uses_the_swiss_jass_terms():
    """Stich, Trumpf, Runde, Talon, Apfel, Trumpf-Sechs (docs/glossary/de.md, the Jassverband's words)."""
    putz = transcript("putz", (("players", 3),), 6, "de")
    for term in ("Putz", "Apfel", "Talon", "Trumpf", "Stich", "Trumpf-Sechs", "Runde"):
        assert term in putz, term
    jass = transcript("jass", (), 5, "de")
    for term in ("Jass", "Trumpf", "Stich", "Runde", "Partner"):
        assert term in jass, term
    assert "ß" not in putz + jass and " Sie " not in putz + jass
    ui = text_ui(load("jass"), "de")
    assert ui.phrase({"type": "pushed", "seat": 0}, 2) == "Süd schiebt: du bestimmst Trumpf."


PLURALS = {
    "en": {1: "1 point.", 2: "2 points.", 5: "5 points.", 21: "21 points."},
    "bg": {1: "1 точка.", 2: "2 точки.", 5: "5 точки.", 21: "21 точки."},
    "cs": {1: "1 bod.", 2: "2 body.", 5: "5 bodů.", 21: "21 bodů."},
    "de": {1: "1 Punkt.", 2: "2 Punkte.", 5: "5 Punkte.", 21: "21 Punkte."},
    "es": {1: "1 punto.", 2: "2 puntos.", 5: "5 puntos.", 21: "21 puntos."},
    "ru": {1: "1 очко.", 2: "2 очка.", 5: "5 очков.", 21: "21 очко."},
    "fr": {0: "0 point.", 1: "1 point.", 2: "2 points.", 5: "5 points.", 21: "21 points."},
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms_of_points(code):
    ui = text_ui(load("jass"), code)
    for points, expected in PLURALS[code].items():
        for viewer in (0, 1):
            said = ui.phrase({"type": "trick_won", "seat": 0, "card": "JH", "points": points}, viewer)
            assert said.endswith(expected), (code, points, said)


def test_seat_names_titles_and_option_docs_are_translated():
    jass, putz = load("jass"), load("putz", players=5)
    ui = text_ui(jass, "ru")
    assert [ui.seat(s) for s in range(4)] == ["Юг", "Запад", "Север", "Восток"]
    assert isinstance(jass.seat_name(2), Msg) and jass.seat_name(2) == "North"
    assert text_ui(putz, "cs").seat(4) == "Hráč 5" and putz.seat_name(4) == "Player 5"
    tr = lang("es", "jass")
    for option in (*jass.OPTIONS, *putz.OPTIONS):
        assert tr._(option.doc) != option.doc, option.name
    assert tr._(putz.title) == "Putz (manzana)"


def test_a_jass_partner_and_the_listener_are_said_apart():
    ui = text_ui(load("jass"), "ru")
    event = {"type": "trump_chosen", "seat": 0, "suit": "H"}
    assert ui.phrase(event, 0).startswith("Вы выбираете козыри: ")
    assert ui.phrase(event, 2).startswith("Ваш товарищ по команде Юг выбирает козыри: ")
    assert ui.phrase(event, 1).startswith("Юг выбирает козыри: ")
    assert ui.phrase({"type": "pushed", "seat": 0}, 2) == "Юг передаёт выбор: козырь выбираете вы."


def test_a_refusal_said_to_its_own_seat_says_you():
    """The engine's refusal names no seat in English ("you do not hold QC", as before) and is a
    `Msg` about the mover: said to that seat it is "You …" in every language."""
    g = load("jass")
    s = g.new_state(3)
    s.apply_text("trump H")
    mover = s.to_move()
    missing = next(c for c in DECK_CARDS if not s.hand(mover) >> c & 1)
    with pytest.raises(IllegalAction, match="you do not hold") as refused:
        s.check_legal(missing)
    msg = refused.value.args[0]
    assert isinstance(msg, Msg) and msg.subject == mover
    starts = {"en": "You do not hold ", "bg": "Нямате ", "cs": "Nemáte ", "de": "Du hast ", "es": "No tienes ",
              "ru": "У вас нет ", "fr": "Vous n'avez pas "}
    for code, start in starts.items():
        assert text_ui(g, code).say(refused.value, mover).startswith(start), code
    assert s.phase == P_PLAY


def test_the_six_refusal_names_the_card_in_the_readers_language():
    seed = next(n for n in range(1, 500) if (s := load("putz", players=3).new_state(n)).phase == P_SIX
                and not s.hand(s.to_move()) >> six_of(s.trump) & 1)
    s = load("putz", players=3).new_state(seed)
    with pytest.raises(IllegalAction, match=r"you do not hold the six of \w+, so there is nothing to exchange") as refused:
        s.check_legal(EXCHANGE_SIX)
    said = text_ui(s.game, "ru").say(refused.value, s.to_move())
    assert said.startswith("Вы не можете обменять ") and "ответьте no exchange" in said


def headings(path: Path) -> list[str]:
    """The heading levels of a Markdown file, in order ("#", "##", …)."""
    return [line.split(" ", 1)[0] for line in path.read_text(encoding="utf-8").splitlines() if line.startswith("#")]


@pytest.mark.parametrize("game, options", [("jass", {}), ("putz", {"players": 3})])
def test_rules_for_players_in_every_language_with_the_same_sections(game, options):
    english = headings(RULES / f"{game}.en.md")
    assert len(english) >= 8
    keys = [*text_ui(load(game, **options)).shortcuts(), "?", "Q"]
    for code in LANGUAGES:
        path = RULES / f"{game}.{code}.md"
        text = path.read_text(encoding="utf-8")
        assert headings(path) == english, code
        for key in [*keys, enter_key(code)]:
            assert f"| {key} |" in text, (code, key)
        for option in load(game).OPTIONS:
            assert f"`{option.name}`" in text, (code, option.name)
        assert "Decision" not in text and ".md" not in text and "test" not in text.lower(), code


def test_your_turn_names_the_led_suit_in_jass_and_three_two_five():
    """Jass and 3-2-5 say the led suit with "Your turn" (issue 38 point 7), in every language: "Your
    turn. Led suit: hearts.", whose first sentence the turn's earcon says on the page — once two
    cards are on the table: with the lead alone, its line (the last one heard) named the suit."""
    from cardhall.core.text import text_ui as ui_of

    for name in ("jass", "three-two-five"):
        game = load(name)
        state = game.new_state(5)
        lead_alone = None
        while state.to_move() is not None:
            view = state.view(state.to_move())
            if view.get("phase") == "play" and len(view.get("trick") or []) == 1 and lead_alone is None:
                lead_alone = ui_of(game, notation=False).turn(view, state.to_move())
            if view.get("phase") == "play" and len(view.get("trick") or []) > 1:
                break
            state.apply(state.legal_actions()[0])
        assert lead_alone == "Your turn.", (name, lead_alone)
        seat = state.to_move()
        said = {code: ui_of(game, code, notation=False).turn(state.view(seat), seat) for code in
                ("en", "bg", "cs", "es", "ru", "de", "fr")}
        assert re.fullmatch(r"Your turn\. Led suit: (clubs|diamonds|hearts|spades)\.", said["en"]), said
        for code, words in said.items():  # the turn's own sentence first: the page's earcon says it instead
            assert words.startswith(lang(code, "web")._("Your turn.") + " "), (code, words)
        assert all(said[c] != said["en"] for c in said if c != "en"), said
