"""No notation in what the browser says (issue 28): with `TextUI.notation = False` (the table
page's reader), no card code — the French cards' `4C`, `QS`, `10H`, a 5 Towers card's `S14` — and,
in bg, cs, de, es and ru, no word of a game's notation (`pass`, `summon`, `trump`, `no exchange` …) is
in a choice, a step of a composite choice or a key's answer, for the seat to move and for a
spectator, at random positions of every game (Hypothesis picks the deal and how far it is played)."""

from __future__ import annotations

import functools
import random
import re
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardhall
from cardhall.core.card_words import RANK_WORDS
from cardhall.core.i18n import LANGUAGES, lang
from cardhall.core.text import text_ui
from cardhall.web.words import state_words
from tests.language_check import own_words

CODES = re.compile(r"\b(?:(?:10|[2-9TJQKA])[CDHS]|[PVGSY]\d{1,2})\b")
"""A French card's code (4C, QS, 10H) or a 5 Towers card's (S14, G7)."""
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("hearts", {}), ("hearts", {"players": 3}), ("jass", {}), ("putz", {}), ("putz", {"players": 5}),
    ("three-two-five", {}), ("five-towers", {"players": 2}), ("five-towers", {"players": 4}),
    ("clash-of-decks", {}), ("clash-of-decks", {"format": "constructed"}), ("clash-of-decks", {"solo": True}),
]


@functools.cache
def rank_words(code: str) -> frozenset[str]:
    """The words of the language's own card ranks (French calls the six «six», a notation word too)."""
    tr = lang(code, "cardhall")
    return frozenset(w for rank in RANK_WORDS for w in tr.pgettext("rank", rank).lower().split())


def notation_words(game: Any, legal: list[str]) -> set[str]:
    """The lower-case words of the legal moves' notation (a Clash card's printed NAME aside)."""
    return {t for n in legal for t in re.split(r"[\s;:,=+]+", n) if t.isalpha() and t.islower() and len(t) > 2}


def said(words: Any) -> list[str]:
    """Every choice, step (question and answer) and key answer of a state's words."""
    out = [*words.choices.values(), *(k.text for k in words.keys.values())]
    for steps in (words.steps or {}).values():
        out += [part for step in steps for part in step]
    return out


def positions(name: str, options: dict[str, Any], seed: int, moves: int) -> list[Any]:
    game = cardhall.load(name, **options)
    state = game.new_state(seed)
    rng = random.Random(seed)
    out = [state.clone()]
    for _ in range(moves):
        if state.is_over():
            break
        state.apply(rng.choice(state.legal_actions()))
        out.append(state.clone())
    return out


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}{o or ''}" for n, o in GAMES])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31), moves=st.integers(0, 400))
def test_no_card_code_or_notation_word_in_the_browsers_words(name: str, options: dict[str, Any], seed: int,
                                                              moves: int) -> None:
    game = cardhall.load(name, **options)
    readers = {code: text_ui(game, code, notation=False) for code in LANGUAGES}
    states = positions(name, options, seed, moves)
    for state in states[-1:] + states[:-1:max(1, len(states) // 6)]:  # the position reached, and a few on the way
        mover = state.to_move()
        legal = [game.format_action(a) for a in state.legal_actions()] if mover is not None else []
        verbs = notation_words(game, legal)
        for code, ui in readers.items():
            for viewer in {mover, None}:
                words = state_words(game, ui, viewer, state.view_of(viewer), legal if viewer is not None else [],
                                    state.is_over(), state.scores())
                for text in said(words):
                    assert not CODES.search(text), (code, name, text)
                    if code != "en":
                        left = {w for w in re.findall(r"[a-z]+", text) if w in verbs}
                        left -= own_words(code, ui.tr.domain) | rank_words(code)
                        assert not left, (code, name, left, text)
