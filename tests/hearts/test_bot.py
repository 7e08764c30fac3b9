"""The heuristic bot: the behaviours it promises, legal play, and that it beats random play."""

from __future__ import annotations

import cardhall
from cardhall.bots import RandomBot, make_bot
from cardhall.core.bot import Observation
from cardhall.core.cards import parse_card
from cardhall.games.hearts.bot import HeuristicBot
from cardhall.games.hearts.game import PASS, QS, Hearts
from cardhall.room import play_game
from tests.hearts.helpers import position


def choose(state, seat=None):
    return HeuristicBot(0).act(Observation.of(state, seat))


def test_passes_high_spades_then_dangerous_hearts():
    """Passing: Q♠ K♠ A♠ without enough low spades to guard them, then high hearts."""
    game = Hearts()
    state = game.new_state(1)
    data = state.to_json()
    data["state"]["hands"][0] = ["AS", "KS", "QS", "2S", "AH", "KH", "3H", "4D", "5D", "6D", "7D", "8C", "9C"]
    rest = [c for c in (f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA") if c not in data["state"]["hands"][0]]
    data["state"]["hands"][1:] = [rest[0:13], rest[13:26], rest[26:39]]
    state = game.state_from_json(data)
    picks = []
    for _ in range(3):
        a = choose(state)
        picks.append(a - PASS)
        state.apply(a)
    assert sorted(picks) == sorted(parse_card(c) for c in ("AS", "KS", "QS"))


def test_ducks_under_the_winning_card():
    """Ducks tricks: plays the highest card below the current winner."""
    game = Hearts()
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["TD 2H", "3D 9D KD", "7C 8C", "9C TC"], tricks=tricks, broken=True)
    state.apply(parse_card("TD"))
    assert choose(state) == parse_card("9D")


def test_dumps_the_queen_on_the_leader_of_spades():
    """Dumps Q♠ on a spade trick won by K♠ or A♠."""
    game = Hearts()
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["KS 2D", "QS 3S 4D", "6C 8C", "9C TC"], tricks=tricks)
    state.apply(parse_card("KS"))
    assert choose(state) == QS


def test_discards_the_queen_when_void():
    """When void in the led suit, Q♠ goes first."""
    game = Hearts()
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0]]
    state = position(game, ["2D 8C", "QS 2H 3S", "6D 9C", "7D TC"], tricks=tricks)
    state.apply(parse_card("2D"))
    assert choose(state) == QS


def test_notices_and_stops_a_moon_attempt():
    """Notices a moon attempt (one opponent holds every point so far) and takes a point trick."""
    game = Hearts()
    # South has taken Q♠ and four hearts; North must stop the moon by winning the heart trick.
    tricks = [[0, ["2C", "3C", "4C", "5C"], 0], [0, ["6C", "QS", "AC", "7C"], 2],
              [2, ["2H", "3H", "KH", "4H"], 2]]
    hands = ["AH 5H 8D 9D 7S TS", "6H 9H 9S 4S 2D", "8H JS 3S 5D 6D", "7H 8S 2S 3D 4D"]
    state = position(game, _pad(hands), tricks=tricks, broken=True, turn=2, leader=None)
    state.apply(parse_card("8H"))  # South leads a heart
    assert state.to_move() == 3
    state.apply(parse_card("7H"))  # West ducks: the shooter is winning
    view = state.view(0)
    assert view["taken_points"][2] == 17 and sum(view["taken_points"]) == 17
    assert choose(state, 0) == parse_card("AH")


def _pad(hands):
    """Fill the hands to 10 cards each with spare clubs/diamonds/spades so the position is complete."""
    used = {c for h in hands for c in h.split()} | {"2C", "3C", "4C", "5C", "6C", "QS", "AC", "7C",
                                                    "2H", "3H", "KH", "4H"}
    spare = [f"{r}{s}" for s in "CDHS" for r in "23456789TJQKA" if f"{r}{s}" not in used]
    out = []
    for h in hands:
        cards = h.split()
        while len(cards) < 10:
            cards.append(spare.pop())
        out.append(" ".join(cards))
    return out


def test_always_plays_legal_actions_in_full_games():
    """Four heuristic bots finish games (3 and 4 players) with legal moves only."""
    for options in ({}, {"players": 3}):
        game = cardhall.load("hearts", target=40, **options)
        bots = [make_bot(game, "heuristic", seed=s) for s in range(game.num_players)]
        state = play_game(game.new_state(5), bots)
        assert state.is_over()


def test_beats_random_players():
    """Against three random players the heuristic bot takes far fewer points per deal."""
    game = cardhall.load("hearts")
    mine = total = deals = 0
    for i in range(8):
        seat = i % 4
        bots = [RandomBot(100 * i + s) for s in range(4)]
        bots[seat] = make_bot(game, "heuristic", seed=i)
        state = play_game(game.new_state(i), bots)
        mine += sum(r[seat] for r in state.results)
        total += sum(sum(r) for r in state.results)
        deals += len(state.results)
    assert mine / deals < 0.5 * total / deals / 4


def test_rollout_policy_reads_hands_and_holders_like_the_view() -> None:
    """`hand(seat)` and `holder(card)` (what search rollouts read) agree with `hands`, and the
    rollout policy always returns a legal action."""
    import random

    from cardhall.core.registry import load
    from cardhall.games.hearts.bot import rollout_policy

    game = load("hearts")
    rng = random.Random(4)
    for seed in range(5):
        state = game.new_state(seed)
        while not state.is_over():
            hands = state.hands  # type: ignore[attr-defined]
            assert [state.hand(s) for s in range(4)] == hands  # type: ignore[attr-defined]
            for card in (0, 23, 49):
                owner = state.holder(card)  # type: ignore[attr-defined]
                assert owner == next((s for s in range(4) if hands[s] >> card & 1), None)
            action = rollout_policy(state, rng)
            assert action in state.legal_actions()
            state.apply(action)
