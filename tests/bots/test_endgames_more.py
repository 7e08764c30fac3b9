"""IS-MCTS finds the winning move in hand-made endgames of Jass, Putz, 3-2-5 and Clash of Decks.

Each position is a real late position of a seeded random game (`state.to_json()`), with the
hands, scores and public knowledge edited by hand and loaded back with `game.state_from_json`
(which runs the game's consistency checks). The test first proves the claim by exhaustive
search: for EVERY deal of the cards the mover cannot see (all deals consistent with its view,
enumerated here, and checked to include every `sample` the bot can draw), the winning move
wins the game whatever everyone else plays, and every other move lets the opponents force a
loss even with a partner's best help. "Win" is what the game says at its end: the mover is
among `winners()`. Then `make_bot(game, "ismcts:iterations=N", seed)` must pick the winning move
(placed last in the legal order, so a search too weak to tell the moves apart picks the other).
"""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable, Iterator
from typing import Any

import cardhall
from cardhall.bots import make_bot
from cardhall.core.bot import Observation
from cardhall.core.cards import SUIT_MASKS, card_list, format_cards, parse_card, parse_cards
from cardhall.core.game import Action, State
from cardhall.games.clash_of_decks.cards import CARDS as CLASH_CARDS
from cardhall.games.jass.tricks import DECK as JASS_DECK
from tests.helpers import set_hands


# --- exhaustive search -------------------------------------------------------------------------
def solve(state: State, seat: int, friends: frozenset[int], budget: list[int]) -> bool:
    """True if the `friends` (who include `seat`) can make `seat` a winner against any play
    of the other seats; the game must end within the search (else the position is no endgame)."""
    mover = state.to_move()
    if mover is None:
        return seat in state.winners()
    budget[0] -= 1
    assert budget[0] > 0, "the search tree is too big: the position is not a small endgame"
    results = []
    for action in state.legal_actions():
        child = state.clone()
        child.apply_unchecked(action)
        results.append(solve(child, seat, friends, budget))
        if results[-1] == (mover in friends):
            break
    return any(results) if mover in friends else all(results)


def verdict(state: State, worlds: list[State], partners: tuple[int, ...] = ()) -> tuple[list[Action], list[Action]]:
    """The mover's moves that win in every world whatever all others play, and the moves that
    lose in every world (the opponents force a loss even if the mover's partners help)."""
    seat = state.to_move()
    assert seat is not None
    alone, team = frozenset([seat]), frozenset([seat, *partners])
    budget = [200_000]
    wins, losses = [], []
    for action in state.legal_actions():
        values_alone, values_team = set(), set()
        for world in worlds:
            child = world.clone()
            child.apply_unchecked(action)
            values_alone.add(solve(child, seat, alone, budget))
            values_team.add(solve(child, seat, team, budget))
        if values_alone == {True}:
            wins.append(action)
        if values_team == {False}:
            losses.append(action)
    return wins, losses


def deals(pool: int, caps: list[int], allowed: list[int]) -> Iterator[list[int]]:
    """Every way to deal the cards of `pool` into hands of sizes `caps`, hand j taking only
    cards of `allowed[j]`."""
    if not caps:
        if not pool:
            yield []
        return
    for combo in itertools.combinations(card_list(pool & allowed[0]), caps[0]):
        hand = sum(1 << c for c in combo)
        for rest in deals(pool & ~hand, caps[1:], allowed[1:]):
            yield [hand, *rest]


def check_worlds_cover_samples(state: State, seat: int, worlds: list[State], key: Callable[[State], Any]) -> None:
    """Every determinization the bot can draw is one of the enumerated worlds."""
    keys = {key(w) for w in worlds}
    rng = random.Random(7)
    for _ in range(60):
        assert key(state.sample(seat, rng)) in keys
    assert key(state) in keys


def bot_choices(game: cardhall.Game, state: State, iterations: int, seeds: tuple[int, ...] = (0, 1)) -> list[Action]:
    obs = Observation.of(state)
    return [make_bot(game, f"ismcts:iterations={iterations}", seed).act(obs) for seed in seeds]


def edit(game: cardhall.Game, seed: int, reach: Callable[[State], bool], **changes: Any) -> State:
    """A seeded random game played to the first position where `reach` holds, with `changes`
    made to its JSON state and loaded back (checked for consistency)."""
    rng = random.Random(seed)
    state = game.new_state(seed)
    while not reach(state):
        assert not state.is_over(), "the seeded game ended before the wanted position"
        state.apply(rng.choice(state.legal_actions()))
    data = state.to_json()
    data["state"].update(changes)
    data["history"] = []
    return game.state_from_json(data)


# --- Jass ------------------------------------------------------------------------------------
def jass_worlds(state: State, seat: int) -> list[State]:
    """Every deal of the other hands that respects the voids play has shown (`cannot`)."""
    others = [o for o in range(4) if o != seat]
    pool = sum(state.hands[o] for o in others)  # type: ignore[attr-defined]
    caps = [state.hands[o].bit_count() for o in others]  # type: ignore[attr-defined]
    allowed = [~state.cannot[o] for o in others]  # type: ignore[attr-defined]
    worlds = []
    for hands in deals(pool, caps, allowed):
        world = state.clone()
        set_hands(world, dict(zip(others, hands, strict=True)))
        worlds.append(world)
    return worlds


def hands_key(state: State) -> tuple[int, ...]:
    return tuple(state.hands)  # type: ignore[attr-defined]


def test_ismcts_draws_the_opponents_trump_first_in_jass() -> None:
    """Jass, spades trump, two tricks left; the game is to 1000 and South/North have 995,
    West/East 996, so whichever team takes the next trick of 5+ points wins the game.
    South leads holding the Bauer (J♠) and A♥. The only other trump left is the Nell (9♠),
    held by West or East (North showed earlier it has no trumps); the others hold blanks.
    Leading the Bauer forces the Nell out (trump led: a trump must be played), so South takes
    20 + 14 points and wins at once. Leading A♥ loses: the Nell's holder trumps it (a trump
    may be played at any time) and takes 11 + 14 points, winning for West/East."""
    game = cardhall.load("jass")
    log = [[78, 79]] * 11 + [[80, 77]]
    rest = parse_cards("JS AH 9S 6D 6C 7C 7D 6H")
    state = edit(
        game, 3, lambda s: s.phase == 4 and s.tricks_done == 7 and not s.trick,  # type: ignore[attr-defined]
        chance=13, dealer=3, trump="S", leader=0, trick=[],
        hands=["JS AH", "9S 6D", "6C 7C", "7D 6H"],
        played=format_cards(JASS_DECK & ~rest),
        cannot=["", "", format_cards(JASS_DECK & SUIT_MASKS[3]), ""], known=["", "", "", ""],
        points=[30, 25, 27, 25], tricks_done=7, last=[1, ["KH", "QH", "8H", "AS"], 0, 18],
        score=[995, 996], pushed=False, log=log, winner_team=-1)
    worlds = jass_worlds(state, 0)
    assert len(worlds) == 2 * 30  # the Nell with West or East, the five blanks anywhere else
    check_worlds_cover_samples(state, 0, worlds, hands_key)
    wins, losses = verdict(state, worlds, partners=(2,))
    assert wins == [parse_card("JS")] and losses == [parse_card("AH")]
    assert bot_choices(game, state, 200) == [parse_card("JS")] * 2


# --- Putz --------------------------------------------------------------------------------------
def putz_worlds(state: State, seat: int) -> list[State]:
    """Every deal of the other hands respecting shown voids (`cannot`) and publicly known
    cards; `seat` took the talon, so nothing else is hidden from it."""
    assert state.taker == seat and not state.talon  # type: ignore[attr-defined]
    others = [o for o in range(state.n) if o != seat]  # type: ignore[attr-defined]
    known = state.known  # type: ignore[attr-defined]
    pool = sum(state.hands[o] & ~known[o] for o in others)  # type: ignore[attr-defined]
    caps = [(state.hands[o] & ~known[o]).bit_count() for o in others]  # type: ignore[attr-defined]
    allowed = [~state.cannot[o] for o in others]  # type: ignore[attr-defined]
    worlds = []
    for hands in deals(pool, caps, allowed):
        world = state.clone()
        set_hands(world, {o: hand | known[o] for o, hand in zip(others, hands, strict=True)})
        worlds.append(world)
    return worlds


def test_ismcts_keeps_both_opponents_apples_in_putz() -> None:
    """Putz for 3, spades trump, two tricks left. Player 1 took the talon and leads with the
    Bauer (J♠) and A♥; the Nell (9♠) is the last other trump, with Player 2 or 3, beside
    three blanks. Scores are 5, 6 and 6, so the game ends after this deal (someone gets a
    putz), and Player 1 wins only with +2, i.e. when BOTH others stay apples (they have 15
    and 12 card points, under 21). Leading the Bauer pulls the Nell (trump led: a trump must
    be played) and Player 1 takes both tricks: 2 apples, +2 to 7, sole winner. Leading A♥
    lets the Nell's holder trump it for 25 points: no longer an apple, they get +1 to 7 and
    Player 1 (+1 to 6) loses."""
    game = cardhall.load("putz", players=3)
    rest = parse_cards("JS AH 9S 6D 7D 6C")
    aside = parse_cards("AC KC QC JC TC 9C 8C 7C AD")
    deal = {(1, 1, 0): [60, 60, 37], (0, 1, 1): [37, 60, 60], (1, 0, 1): [60, 37, 60], (-1, 1, 1): [17, 70, 70]}
    order = [(-1, 1, 1)] + [(1, 1, 0)] * 3 + [(0, 1, 1)] * 2 + [(1, 0, 1)] * 3
    state = edit(
        game, 3, lambda s: s.phase == 4 and s.tricks_done == 7 and not s.trick,  # type: ignore[attr-defined]
        chance=10, dealer=2, trump="S", leader=0, trick=[],
        hands=["JS AH", "9S 6D", "7D 6C"], played=format_cards(JASS_DECK & ~rest & ~aside),
        cannot=["", "", ""], known=["", "", ""], points=[80, 15, 12], tricks_done=7,
        last=[2, ["KD", "QD", "AS"], 0, 18], talon="", aside=format_cards(aside), turned="TS", up="6S",
        six_by=1, taker=0, asked=0, score=[5, 6, 6],
        log=[{"points": deal[d], "deltas": list(d)} for d in order])
    worlds = putz_worlds(state, 0)
    assert len(worlds) == 6  # Player 2's two cards of the four unseen; Player 3 has the others
    check_worlds_cover_samples(state, 0, worlds, hands_key)
    wins, losses = verdict(state, worlds)
    assert wins == [parse_card("JS")] and losses == [parse_card("AH")]
    assert bot_choices(game, state, 200) == [parse_card("JS")] * 2


# --- 3-2-5 -------------------------------------------------------------------------------------
def three_two_five_worlds(state: State, seat: int) -> list[State]:
    """Every deal of the two other hands that respects the suits they showed void in, kept
    when the whole deal is possible (`check_consistency`: each hand as dealt held a trump)."""
    a, b = (seat + 1) % 3, (seat + 2) % 3
    hands = state.hands  # type: ignore[attr-defined]
    voids = state.voids  # type: ignore[attr-defined]
    no = [sum(SUIT_MASKS[s] for s in range(4) if voids[o] >> s & 1) for o in (a, b)]
    worlds = []
    for ha, hb in deals(hands[a] | hands[b], [hands[a].bit_count(), hands[b].bit_count()], [~no[0], ~no[1]]):
        world = state.clone()
        set_hands(world, {a: ha, b: hb})
        world.check_consistency()
        worlds.append(world)
    return worlds


def test_ismcts_draws_the_last_trump_before_cashing_in_three_two_five() -> None:
    """3-2-5, one deal (`deals=1`, so the deal's tricks minus contract decide the game),
    spades trump, two tricks left. South (contract 2) has 1 trick, East (contract 5) 5,
    West (contract 3) 2, so South must take BOTH last tricks to finish first (+1 against
    East 0, West −1); one trick for East makes East the winner. South leads holding A♠ and
    K♥, the last heart. East has shown a void in hearts and holds the last other trump, 9♠
    (West is void in spades and hearts: its two cards are small diamonds or clubs). Leading
    A♠ draws the 9♠ (East must follow suit) and K♥ then wins the last trick; leading K♥
    first lets East trump it."""
    game = cardhall.load("three-two-five", deals=1)
    state = edit(
        game, 3, lambda s: s.phase == "play" and sum(s.tricks_won) == 8 and not s.trick,  # type: ignore[attr-defined]
        dealer=0, deal_no=0, trump="S",
        hands=["AS KH", "9S 8C", "8D 9D"],
        played=["AH QH KS AD AC KC 7H TD", "QS JS JH TH KD QD QC JC", "TS 8S 7S 9H 8H JD TC 9C"],
        voids=[0, 4, 12], leader=0, trick=[], tricks_won=[1, 5, 2], last_trick=[1, ["QC", "TC", "AC"], 0],
        pull_log=[], pulls_due=[], redeals=[], totals=[0, 0, 0], history=[])
    worlds = three_two_five_worlds(state, 0)
    assert len(worlds) == 3  # East holds 9♠ and one of 8♣ 8♦ 9♦
    check_worlds_cover_samples(state, 0, worlds, hands_key)
    wins, losses = verdict(state, worlds)
    assert wins == [parse_card("AS")] and losses == [parse_card("KH")]
    assert bot_choices(game, state, 200) == [parse_card("AS")] * 2


# --- Clash of Decks ----------------------------------------------------------------------------
def clash_key(state: State) -> str:
    """Everything of a Clash position but its seed and chance counter and event log."""
    data = dict(state._to_dict())
    for field in ("chance", "events"):
        data.pop(field)
    return json.dumps(data, sort_keys=True)


def test_ismcts_blocks_the_revenant_with_the_protected_lieutenant_in_clash_of_decks() -> None:
    """Clash of Decks, solo against the automaton (precon deck 2). The automaton's deck is
    empty and its Fort shows, so its next turn is its last: survive it and you win. Your Fort
    is 2 positions from the right end of your hand (ABOMINATION | Fort | COMBUSTION, LIEUTENANT);
    you have 4 mana. The automaton's REVENANT (3 attack, Perforation, Indestructible) stands
    alone in the bottom lane, where you have no creature: unblocked, it destroys your Fort.
    COMBUSTION cannot touch it (Indestructible against incantations), the Abomination costs 6,
    and the LIEUTENANT (3 mana) blocks it and survives: its Protection ignores the damage. So
    summoning the Lieutenant to the bottom lane is the one move that wins; every other move
    (11 of them: the top lane, a Combustion anywhere, ending the turn) loses. Solo is the mode
    where a one-turn endgame exists without hidden cards: the automaton's deck is empty."""
    game = cardhall.load("clash-of-decks", solo=True, decks="2", format="precon")
    top = ["SHAMAN", "MICROCTOPUS", "ALPHA", "OGRE", "SCRIBE"]
    ai_board = ["VORTEX", "ABERRATION", "MUTANT", "REVENANT"]
    state = edit(
        game, 1, lambda s: s.to_move() == 0 and s.phase == "summon",  # type: ignore[attr-defined]
        chance=9, phase="summon", active=0, first=0, turn=30, mana=4,
        hands=[["ABOMINATION", "COMBUSTION", "LIEUTENANT"], []], shown=[[False] * 3, []],
        bastion=[1, 0], fort=[True, True],
        lanes=[[[{"card": c} for c in top], []], [[{"card": c} for c in ai_board[:3]], [{"card": "REVENANT"}]]],
        ai_deck=[], ai_discard=[c.name for c in CLASH_CARDS if c.deck != 2 and c.name not in ai_board],
        ai_final=False, ai_spent=0, ai_lane=0, events=[])
    check_worlds_cover_samples(state, 0, [state], clash_key)
    wins, losses = verdict(state, [state])
    winning = game.parse_action("summon LIEUTENANT bottom")
    assert wins == [winning] and len(losses) == len(state.legal_actions()) - 1 == 11
    assert bot_choices(game, state, 300) == [winning] * 2
