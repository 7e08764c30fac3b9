"""Fuzz: every game's `parse_action`, with and without a position, reads long and odd strings in
bounded time and answers each with an action or a `CardhallError` sentence, never another
exception. (5 Towers' card reading once backtracked quadratically: "take " + "A" * 12000 took
12 s of a frozen room.)"""

from __future__ import annotations

import contextlib
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import cardhall
from cardhall.core.errors import CardhallError

GAMES = [("five-towers", {}), ("hearts", {}), ("jass", {}), ("putz", {}), ("three-two-five", {}),
         ("clash-of-decks", {})]
LONG = 20_000
SECONDS = 0.5  # for one string of up to 20 000 characters (linear reading takes milliseconds)

pieces = st.sampled_from(["take ", "place ", "demolish ", "bid ", "pass", "play ", "summon ", "top", "bottom",
                          "A", "a", "Y", "7", "15", "-", " ", ",", ";", "\n", "sand", "green-brown", "QS", "10",
                          "\u0000", "\ud800", "é", "🂡", "(", "[", "*", ":"])
odd = st.one_of(
    st.text(max_size=200),
    st.builds(lambda head, piece, n, tail: head + piece * n + tail,
              st.sampled_from(["", "take ", "place ", "bid ", "play ", "take Y7 ", "demolish "]), pieces,
              st.integers(0, LONG // 4), st.sampled_from(["", "1", " 7", ";", "x"])),
    st.lists(pieces, max_size=400).map("".join),
)


def positions(name: str, options: dict) -> list:
    """A new game and a position a few moves in (the build phase of 5 Towers, a trick …)."""
    game = cardhall.load(name, **options)
    state = game.new_state(3)
    later = state.clone()
    for _ in range(6):
        if later.is_over():
            break
        later.apply(later.legal_actions()[0])
    return [None, state, later]


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(text=odd)
def test_parse_action_reads_any_text_quickly_or_says_why_not(name, options, text):
    game = cardhall.load(name, **options)
    for state in positions(name, options):
        begun = time.perf_counter()
        try:
            game.parse_action(text, state)
        except CardhallError as exc:
            assert str(exc)
        took = time.perf_counter() - begun
        assert took < SECONDS, f"{name} took {took:.2f} s to read {len(text)} characters: {text[:60]!r}…"


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[g for g, _ in GAMES])
def test_the_known_slow_strings_are_read_at_once(name, options):
    game = cardhall.load(name, **options)
    for text in ("take " + "A" * 12_000, "A" * 12_000 + "1", "take " + "a-" * 6_000, "Y" * 12_000 + " 7",
                 "take " + "Y7 " * 4_000):
        for state in positions(name, options):
            begun = time.perf_counter()
            with contextlib.suppress(CardhallError):
                game.parse_action(text, state)
            assert time.perf_counter() - begun < SECONDS, (name, text[:20])
