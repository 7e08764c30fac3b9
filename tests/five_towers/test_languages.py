"""5 Towers in five languages: complete catalogs, no English left in a whole game's words,
plural forms, "you" for the reader's own seat, and the rules for players in every language."""

from __future__ import annotations

import random
import re
from collections.abc import Iterator
from importlib import resources

import pytest
from babel.messages.pofile import read_po

import cardhall
from cardhall.core import catalogs
from cardhall.core.errors import CardhallError, IllegalAction
from cardhall.core.i18n import LANGUAGES, Msg
from cardhall.core.text import text_ui
from cardhall.games.five_towers.game import BUILD, TowersState
from cardhall.games.five_towers.notation import PASS
from cardhall.games.five_towers.text import GameTextUI
from tests.five_towers.helpers import position
from tests.language_check import enter_key

OTHERS = [code for code in LANGUAGES if code != "en"]
WORD = re.compile(r"[^\W\d_]{4,}")
NOTATION = re.compile(r"`[^`]*`|'[^']*'|\"[^\"]*\"|\w*_\w*|\b(?:take|demolish|place)\b(?:\s+[PVGSY]\d{1,2})*"
                      r"|\bbid \d\b|\bpass\b(?= \||$)")
"""What is notation, not words: quoted text, option names, the keywords of a build (`take Y7 Y5;
demolish Y6; place …`, also named alone: "two take clauses"), `bid 3`."""


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(NOTATION.sub(" ", text))}


def _english_words() -> set[str]:
    words: set[str] = set()
    for message in catalogs.extract("five_towers"):
        for msgid in [message.id] if isinstance(message.id, str) else message.id:
            words |= _words(re.sub(r"\{\w+\}", " ", msgid))
    return words


def _own_words(code: str) -> set[str]:
    """Words the language's own catalog uses (an English-looking word there is the language's)."""
    with catalogs.po_path(code, "five_towers").open("rb") as f:
        catalog = read_po(f, locale=code)
    words: set[str] = set()
    for message in catalog:
        for text in [message.string] if isinstance(message.string, str) else message.string:
            words |= _words(re.sub(r"\{\w+\}", " ", text or ""))
    return words


def test_every_five_towers_message_is_translated():
    assert catalogs.problems("five_towers") == []


def _refusals(s: TowersState) -> Iterator[CardhallError]:
    """Illegal moves and unreadable notation in this position: what the engine says back."""
    for action in (PASS, 6, (-1, (0,)), "x", 99):
        try:
            s.check_legal(action)
        except IllegalAction as exc:
            yield exc
    for text in ("take Y7; place P9", "demolish Q; place", "bid 9", "Z3", "take P99", "take Y7; take Y7", ";",
                 "demolish Y; take Y7", "Y7 Y5 P9 G3 S2"):
        try:
            s.game.parse_action(text, s)
        except CardhallError as exc:
            yield exc


def _a_whole_game(seed: int, players: int, spanish: bool) -> Iterator[tuple[str, tuple]]:
    """Everything a game gives to phrase, as (method, arguments), for a random game to its end."""
    game = cardhall.load("five-towers", players=players, spanish_eight=spanish)
    rng = random.Random(seed)
    s = game.new_state(seed)
    seats = [*range(players), None]
    while not s.is_over():
        mover = s.to_move()
        view = s.view(mover)
        yield "render", (view, mover)
        yield "score", (view, mover)
        for error in _refusals(s):
            yield "say", (error, mover)
            yield "say", (error, (mover + 1) % players)
        legal = s.legal_actions()
        for action in legal[:8]:
            yield "choice", (action, view, mover)
        if s.phase == BUILD:
            for action in legal[:4]:
                yield "steps", (action, view, mover)
        events = s.apply_with_events(rng.choice(legal))
        for viewer in seats:
            for event in events[viewer]:
                yield "phrase", (event, viewer)
    yield "render", (s.view(0), 0)
    yield "bids", (s.view(1), 1)


@pytest.fixture(scope="module")
def game_material() -> list[tuple[str, tuple]]:
    out: list[tuple[str, tuple]] = []
    for seed, players, spanish in ((3, 2, False), (11, 5, True)):
        out += list(_a_whole_game(seed, players, spanish))
    return out


def _said(ui: GameTextUI, method: str, args: tuple) -> str:
    if method == "choice":  # "take G3; place G3  → Tree 3": the notation before the arrow stays as it is
        label = ui.choice(*args)
        notation = ui.game.format_action(args[0])
        return label[len(notation):] if label.startswith(notation) else label
    if method == "steps":
        return " ".join(q + " " + a for q, a in ui.steps(*args) or [])
    return str(getattr(ui, method)(*args))


@pytest.mark.parametrize("code", OTHERS)
def test_a_whole_game_is_said_without_english(code, game_material):
    """Every event, picture, choice, build step and refusal of two random games (2 players; 5
    players with the spanish_eight variant), for every viewer: no English word of the domain's
    messages is left (card notation aside), and no message misses a placeholder (KeyError)."""
    ui = text_ui(cardhall.load("five-towers", players=2), code)
    english = _english_words() - _own_words(code)
    leaks: dict[str, str] = {}
    for method, args in game_material:
        text = _said(ui, method, args)
        for word in _words(text) & english:
            leaks.setdefault(word, text)
    extra = [description for description, _ in ui.shortcuts().values()]
    extra += [ui.tr._(option.doc) for option in ui.game.OPTIONS]
    for text in extra:
        for word in _words(text) & english:
            leaks.setdefault(word, text)
    assert leaks == {}


def test_the_english_words_are_found_where_they_are():
    """The check above can fail: English text shows its English words."""
    ui = text_ui(cardhall.load("five-towers"), "en")
    text = ui.phrase({"type": "passed", "seat": 1}, 0)
    assert _words(text) & _english_words() == {"player", "passes"}


@pytest.mark.parametrize(("code", "forms"), [
    ("cs", ("Nabídka (1 karta)", "Nabídka (2 karty)", "Nabídka (5 karet)")),
    ("ru", ("Открытые карты (1 карта)", "Открытые карты (2 карты)", "Открытые карты (5 карт)")),
    ("bg", ("Отворени карти (1)", "Отворени карти (2)", "Отворени карти (5)")),
    ("es", ("Exposición (1 carta)", "Exposición (2 cartas)", "Exposición (5 cartas)")),
])
def test_plural_forms_for_1_2_and_5_cards(code, forms):
    ui = text_ui(cardhall.load("five-towers"), code)
    for offer, form in zip(("P1", "P1 P2", "P1 P2 P3 P4 P5"), forms, strict=True):
        assert ui.offer({"offer": offer.split()}, 0).startswith(form + ":")


def test_czech_and_russian_points_and_draw_pile_take_three_forms():
    cs = text_ui(cardhall.load("five-towers"), "cs").tr
    ru = text_ui(cardhall.load("five-towers"), "ru").tr
    one, many = "You: {count} point (towers {built}, main tower {main})", \
        "You: {count} points (towers {built}, main tower {main})"
    assert [ru.ngettext(one, many, n, built=n, main=1).split(" (")[0] for n in (1, 2, 5, 21)] == [
        "Вы: 1 очко", "Вы: 2 очка", "Вы: 5 очков", "Вы: 21 очко"]
    assert [cs.ngettext(one, many, n, built=n, main=1).split(" (")[0] for n in (1, 2, 5)] == [
        "Vy: 1 bod", "Vy: 2 body", "Vy: 5 bodů"]
    view = position(offer="Y7").view(0)
    for n, words in ((1, "1 карта"), (2, "2 карты"), (5, "5 карт")):
        view["draw_pile"] = n
        assert f"Колода добора: {words} (" in text_ui(cardhall.load("five-towers"), "ru").piles(view, 0)


def test_a_refusal_said_to_its_own_seat_in_russian_says_you():
    s = position(offer="Y7 Y5 P9 G3 S2", start=1)
    with pytest.raises(IllegalAction) as info:
        s.apply(PASS)
    assert str(info.value) == "the start player cannot pass: Player 2 must bid 0 to 5"  # the English is unchanged
    assert isinstance(info.value.args[0], Msg)
    ui = text_ui(s.game, "ru")
    assert ui.say(info.value, 1) == "первый игрок не может пасовать: вы должны заявить от 0 до 5"
    assert ui.say(info.value, 0) == "первый игрок не может пасовать: Игрок 2 должен заявить от 0 до 5"
    s = position(offer="Y7 Y5 P9 G3 S2", towers={0: {"Y": [0], "P": [0]}})
    with pytest.raises(IllegalAction) as info:
        s.apply(5)  # the Sand 7, 5 and the Candy 9 cannot be built on tops
    assert ui.say(info.value, 0).startswith("Вы не можете заявить 5: ")
    assert ui.say(info.value, 2).startswith("Игрок 1 не может заявить 5: ")


def test_seat_names_and_tower_cases():
    game = cardhall.load("five-towers")
    assert game.seat_name(1) == "Player 2" and isinstance(game.seat_name(1), Msg)
    assert [text_ui(game, code).seat(1) for code in OTHERS] == ["Играч 2", "Hráč 2", "Spieler 2", "Jugador 2", "Игрок 2",
                                                                "Joueur 2"]
    s = position(offer="Y7 Y5 P9 G3 S2", towers={2: {"Y": [12, 6]}}, start=2)
    s.apply(3)
    s.apply(PASS)
    s.apply(PASS)
    ui = text_ui(s.game, "ru")
    events = s.apply_with_events(s.game.parse_action("take P9 Y7 Y5; demolish Y6; place P9 Y7 Y5", s))
    assert ui.phrase(events[0][0], 0) == (
        "Игрок 3 сносит карту Песочная 6 и выкладывает 9 на Конфетную башню и 7, затем 5 на Песочную башню.")
    assert text_ui(s.game, "cs").phrase(events[2][0], 2) == (
        "Bouráte kartu Písková 6 a umisťujete 9 na Cukrovou věž a 7, pak 5 na Pískovou věž.")


RULE_LANGUAGES = list(LANGUAGES)


def _rules(code: str) -> str:
    return resources.files("cardhall.games.five_towers").joinpath(f"rules/five-towers.{code}.md").read_text("utf-8")


def test_the_rules_for_players_exist_in_every_language_with_the_same_sections():
    shapes = {code: [line.split(" ")[0] for line in _rules(code).splitlines() if line.startswith("#")]
              for code in RULE_LANGUAGES}
    assert len(shapes["en"]) >= 10
    assert all(shape == shapes["en"] for shape in shapes.values()), shapes
    for code in RULE_LANGUAGES:
        text = _rules(code)
        for key in ("**C**", "**O**", "**B**", "**S**", "**T**", "**L**", f"**{enter_key(code)}**", "**?**", "**Q**",
                    "`players`", "`spanish_eight`"):
            assert key in text, (code, key)
        assert not re.search(r"Decision|\.py\b|\.md\b|\btest", text), code


def test_the_rules_name_every_key_the_game_offers():
    keys = set(text_ui(cardhall.load("five-towers")).shortcuts())
    for code in RULE_LANGUAGES:
        assert all(f"**{key}**" in _rules(code) for key in keys), code
