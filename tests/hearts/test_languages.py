"""Hearts in five languages: every message translated, no English left in a whole game's text,
plural forms, "you" for the reader's own refusals, and the rules for players in every language."""

from __future__ import annotations

import random
import re
from importlib import resources

import pytest

import cardhall
from cardhall.core import catalogs
from cardhall.core.cards import format_card
from cardhall.core.errors import IllegalAction
from cardhall.core.i18n import LANGUAGES
from cardhall.games.hearts.game import PASS
from cardhall.games.hearts.text import GameTextUI
from tests.language_check import english_left, enter_key

OTHERS = [code for code in LANGUAGES if code != "en"]


def test_every_message_is_translated() -> None:
    assert catalogs.problems("hearts") == []


def _game_text(code: str, players: int, seed: int) -> list[str]:
    """Everything a whole random game says to every seat and to a spectator, in `code`."""
    game = cardhall.load("hearts", players=players, target=30)
    ui = GameTextUI(game, code)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    out = [*ui.intro(state.view(0), 0), ui.shortcuts()["F"][0]]  # (C, S, T: the shared words of every game)
    while not state.is_over():
        mover = state.to_move()
        assert mover is not None
        view = state.view(mover)
        out += [ui.render(view, mover), ui.led_suit(view, mover)]
        out += [ui.choice(a, view, mover) for a in state.legal_actions()]
        for viewer, events in state.apply_with_events(rng.choice(state.legal_actions())).items():
            out += [ui.phrase(e, viewer) for e in events]
    out += [ui.render(state.view(s), s) for s in range(players)]
    return [line for line in out if line]


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("players", [4, 3])
def test_a_whole_game_has_no_english_left(code: str, players: int) -> None:
    text = "\n".join(_game_text(code, players, seed=11 + players))
    assert english_left(text, code, "hearts") == set()
    assert english_left("\n".join(_game_text("en", players, seed=11 + players)), code, "hearts")  # the check can fail


PLURALS = {  # points of a trick: 1, 2, 5 (the trick's one line ends "…, 5 points.")
    "en": (", 1 point.", ", 2 points.", ", 5 points."),
    "bg": (", 1 точка.", ", 2 точки.", ", 5 точки."),
    "cs": (", 1 bod.", ", 2 body.", ", 5 bodů."),
    "de": (", 1 Punkt.", ", 2 Punkte.", ", 5 Punkte."),
    "es": (", 1 punto.", ", 2 puntos.", ", 5 puntos."),
    "ru": (", 1 очко.", ", 2 очка.", ", 5 очков."),
    "fr": ("\u202f: 1 point.", "\u202f: 2 points.", "\u202f: 5 points."),
}
HANDS = {  # cards in a hand: 1, 2, 5
    "en": ("(1 card)", "(2 cards)", "(5 cards)"),
    "bg": ("(1 карта)", "(2 карти)", "(5 карти)"),
    "cs": ("(1 karta)", "(2 karty)", "(5 karet)"),
    "de": ("(1 Karte)", "(2 Karten)", "(5 Karten)"),
    "es": ("(1 carta)", "(2 cartas)", "(5 cartas)"),
    "ru": ("(1 карта)", "(2 карты)", "(5 карт)"),
    "fr": ("(1 carte)", "(2 cartes)", "(5 cartes)"),
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms(code: str) -> None:
    game = cardhall.load("hearts")
    ui = GameTextUI(game, code)
    for points, expected in zip((1, 2, 5), PLURALS[code], strict=True):
        said = ui.phrase({"type": "trick_won", "seat": 1, "leader": 1, "cards": ["2H", "3C", "4C", "5C"],
                          "points": points}, 0)
        assert expected in said
    view = game.new_state(seed=1).view(0)
    for n, expected in zip((1, 2, 5), HANDS[code], strict=True):
        assert expected in ui.hand({**view, "hand": view["hand"][:n]}, 0)


YOU = {"en": "You do not hold", "bg": "Нямате", "cs": "Nemáte", "de": "Du hast", "es": "No tienes", "ru": "У вас нет",
       "fr": "Vous n'avez pas"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refusal_said_to_its_own_seat_says_you(code: str) -> None:
    game = cardhall.load("hearts")
    state = game.new_state(seed=4)
    mover = state.to_move()
    assert mover is not None
    foreign = next(c for c in range(52) if PASS + c not in state.legal_actions())
    with pytest.raises(IllegalAction) as refused:
        state.apply(PASS + foreign)
    ui = GameTextUI(game, code)
    own, other = ui.say(refused.value, mover), ui.say(refused.value, (mover + 1) % 4)
    assert own.startswith(YOU[code]) and ui.seat(mover) not in own
    assert ui.seat(mover) in other and YOU[code] not in other
    assert str(refused.value).startswith(f"North does not hold {format_card(foreign)}; pass one of: ")  # the English


@pytest.mark.parametrize("code", LANGUAGES)
def test_bots_passes_are_announced_once_per_bot(code: str) -> None:
    game = cardhall.load("hearts")
    ui = GameTextUI(game, code)
    state = game.new_state(seed=9)
    rng = random.Random(9)
    heard: list[str] = []
    while state.view(0)["phase"] == "pass":
        for event in state.apply_with_events(rng.choice(state.legal_actions()))[0]:
            if event["type"] == "pass_chosen" and event["seat"] != 0:
                heard.append(ui.phrase(event, 0))
    said = [line for line in heard if line]
    assert len(said) == 3 and len(heard) == 9
    for bot in (1, 2, 3):
        assert sum(ui.seat(bot) in line for line in said) == 1


HEADING = re.compile(r"^#+ ", re.MULTILINE)


def test_rules_for_players_in_every_language() -> None:
    shapes = {}
    for code in LANGUAGES:
        text = resources.files("cardhall.games.hearts").joinpath(f"rules/hearts.{code}.md").read_text(encoding="utf-8")
        shapes[code] = [line.split(" ", 1)[0] for line in text.splitlines() if HEADING.match(line)]
        assert "Decision" not in text and ".md" not in text and "test" not in text.lower()
        for key in ("C", "S", "T", "F", enter_key(code), "?", "Q"):
            assert f"**{key}**" in text, (code, key)
        for option in ("players", "queen_breaks_hearts", "moon_mode", "exact_100", "target", "removed_card"):
            assert f"`{option}`" in text, (code, option)
    assert len(set(map(tuple, shapes.values()))) == 1 and len(shapes["en"]) >= 5
