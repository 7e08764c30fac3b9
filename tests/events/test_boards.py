"""Each game's board options make a game of exactly one deal (Hearts one deal with its passing, Jass
one deal, 3-2-5 one deal, Clash of Decks one solo fight, 5 Towers one round, Putz one deal): played
at random from many seeds, the game ends, within the moves of one deal; and a board's seed deals the
same cards every time."""

from __future__ import annotations

import random

import pytest

import cardhall
from cardhall.events.boards import BOARD_RULES, board_options, board_seed, new_secret

ONE_DEAL_MOVES = {"hearts": 52 + 4 * 3, "jass": 36 + 4, "three-two-five": 40, "clash-of-decks": 10_000,
                  "five-towers": 3 + 1, "putz": 27 + 3 + 3}
"""Most moves one deal can take (Hearts: 52 cards and 3 passed per seat; Jass: 36 cards, trump and a
push; 3-2-5: 30 cards, the trump and the pulls; 5 Towers: one round, a bid or pass per seat and one
build; Putz: 27 cards, the six and the talon asked of each of 3 seats)."""


@pytest.mark.parametrize("game", sorted(BOARD_RULES))
def test_a_board_is_one_deal(game: str) -> None:
    options = board_options(game, {})
    for seed in range(20):
        state = cardhall.load(game, **options).new_state(seed)
        rng = random.Random(seed)
        moves = 0
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            moves += 1
            assert moves <= ONE_DEAL_MOVES[game], f"{game} seed {seed} goes on past one deal"


@pytest.mark.parametrize("game", sorted(BOARD_RULES))
def test_the_same_board_deals_the_same_cards(game: str) -> None:
    secret = new_secret()
    loaded = cardhall.load(game, **board_options(game, {}))
    one, two = loaded.new_state(board_seed(secret, 1)), loaded.new_state(board_seed(secret, 1))
    assert one.to_json() == two.to_json()
    assert loaded.new_state(board_seed(secret, 2)).to_json() != one.to_json()
