"""The Hearts words kept per reader (`cardhall.core.text.kept`) read exactly as words phrased afresh."""

from __future__ import annotations

import random

import cardhall
from cardhall.core.text import text_ui


def test_kept_words_equal_fresh_words_for_every_seat_and_language() -> None:
    game = cardhall.load("hearts")
    rng = random.Random(7)
    for code in ("en", "fr", "ru"):
        for notation in (False, True):
            kept_ui = text_ui(game, code, notation=notation)
            state = game.new_state(seed=3)
            moves = 0
            while not state.is_over() and moves < 120:
                for seat in range(game.num_players):
                    view = state.view(seat)
                    fresh = text_ui(game, code, notation=notation)
                    for part in ("render", "header", "hand", "passing", "score", "last_trick", "table", "turn", "led_suit"):
                        assert getattr(kept_ui, part)(view, seat) == getattr(fresh, part)(view, seat), (code, part, moves)
                state.apply(rng.choice(state.legal_actions()))
                moves += 1
            assert kept_ui.__dict__["_kept"], "the reader kept some answers"
