"""3-2-5 in five languages: every message translated, no English left in a whole game's text,
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
from cardhall.games.three_two_five.game import DECK_CARDS
from cardhall.games.three_two_five.text import GameTextUI
from tests.language_check import english_left, enter_key

OTHERS = [code for code in LANGUAGES if code != "en"]


def test_every_message_is_translated() -> None:
    assert catalogs.problems("three_two_five") == []


def _game_text(code: str, seed: int, **options: object) -> list[str]:
    """Everything a whole random game says to every seat and to a spectator, in `code`."""
    game = cardhall.load("three-two-five", deals=4, **options)
    ui = GameTextUI(game, code)
    state = game.new_state(seed=seed)
    rng = random.Random(seed)
    out = [ui.shortcuts()[key][0] for key in "AFP"]  # (C, S, T: the shared words of every game)
    while not state.is_over():
        mover = state.to_move()
        assert mover is not None
        view = state.view(mover)
        out += [ui.render(view, mover), ui.led(view, mover), ui.pulls(view, mover)]
        out += [ui.choice(a, view, mover) for a in state.legal_actions()]
        for viewer, events in state.apply_with_events(rng.choice(state.legal_actions())).items():
            out += [ui.phrase(e, viewer) for e in events]
    out += [ui.render(state.view(s), s) for s in range(3)]
    return [line for line in out if line]


@pytest.mark.parametrize("code", OTHERS)
@pytest.mark.parametrize("seventh", [False, True])
def test_a_whole_game_has_no_english_left(code: str, seventh: bool) -> None:
    text = "\n".join(_game_text(code, 8, trump_by_seventh_card=seventh))
    assert english_left(text, code, "three_two_five") == set()
    english = "\n".join(_game_text("en", 8, trump_by_seventh_card=seventh))
    assert english_left(english, code, "three_two_five")  # the check can fail
    assert "draws" in english and "No trump, no deal" in english  # pulls and a redeal were said


HANDS = {  # cards in a hand: 1, 2, 5
    "en": ("(1 card)", "(2 cards)", "(5 cards)"),
    "bg": ("(1 карта)", "(2 карти)", "(5 карти)"),
    "cs": ("(1 karta)", "(2 karty)", "(5 karet)"),
    "de": ("(1 Karte)", "(2 Karten)", "(5 Karten)"),
    "es": ("(1 carta)", "(2 cartas)", "(5 cartas)"),
    "ru": ("(1 карта)", "(2 карты)", "(5 карт)"),
    "fr": ("(1 carte)", "(2 cartes)", "(5 cartes)"),
}
DEALS = {  # totals after some of 1, 2, 5 deals
    "en": ("of 1 deal:", "of 2 deals:", "of 5 deals:"),
    "bg": ("от 1 раздаване:", "от 2 раздавания:", "от 5 раздавания:"),
    "cs": ("z 1 rozdání:", "z 2 rozdání:", "z 5 rozdání:"),
    "de": ("von 1 Runde:", "von 2 Runden:", "von 5 Runden:"),
    "es": ("de 1 reparto:", "de 2 repartos:", "de 5 repartos:"),
    "ru": ("из 1 раздачи:", "из 2 раздач:", "из 5 раздач:"),
    "fr": ("sur 1 donne\u202f:", "sur 2 donnes\u202f:", "sur 5 donnes\u202f:"),
}


@pytest.mark.parametrize("code", LANGUAGES)
def test_plural_forms(code: str) -> None:
    game = cardhall.load("three-two-five")
    ui = GameTextUI(game, code)
    view = game.new_state(seed=1).view(0)
    for n, expected in zip((1, 2, 5), HANDS[code], strict=True):
        assert expected in ui.render({**view, "hand": view["hand"][:n]}, 0)
    for n, expected in zip((1, 2, 5), DEALS[code], strict=True):
        assert expected in ui.score({**view, "deals": n}, 0)


YOU = {"en": "You do not hold", "bg": "Нямате", "cs": "Nemáte", "de": "Du hast", "es": "No tienes", "ru": "Вы не можете",
       "fr": "Vous n'avez pas"}


@pytest.mark.parametrize("code", LANGUAGES)
def test_a_refusal_said_to_its_own_seat_says_you(code: str) -> None:
    game = cardhall.load("three-two-five")
    state = game.new_state(seed=4)
    rng = random.Random(4)
    while state.view(0)["phase"] != "play":
        state.apply(rng.choice(state.legal_actions()))
    mover = state.to_move()
    assert mover is not None
    hand = state.view(mover)["hand"]
    foreign = next(c for c in DECK_CARDS if format_card(c) not in hand)
    with pytest.raises(IllegalAction) as refused:
        state.apply(foreign)
    ui = GameTextUI(game, code)
    own, other = ui.say(refused.value, mover), ui.say(refused.value, (mover + 1) % 3)
    assert own.startswith(YOU[code]) and ui.seat(mover) not in own
    assert ui.seat(mover) in other and YOU[code] not in other
    assert str(refused.value).startswith(f"{game.seat_name(mover)} does not hold ")  # the English


HEADING = re.compile(r"^#+ ", re.MULTILINE)


def test_rules_for_players_in_every_language() -> None:
    shapes = {}
    for code in LANGUAGES:
        text = resources.files("cardhall.games.three_two_five").joinpath(
            f"rules/three-two-five.{code}.md").read_text(encoding="utf-8")
        shapes[code] = [line.split(" ", 1)[0] for line in text.splitlines() if HEADING.match(line)]
        assert "Decision" not in text and ".md" not in text and "test" not in text.lower()
        for key in ("C", "A", "F", "P", "S", "T", enter_key(code), "?", "Q"):
            assert f"**{key}**" in text, (code, key)
        for option in ("deals", "trump_by_seventh_card"):
            assert f"`{option}`" in text, (code, option)
    assert len(set(map(tuple, shapes.values()))) == 1 and len(shapes["en"]) >= 5
