"""Clash of Decks: 76 tokens; every action is a factored decision of 1–5 tokens.

Tokens: 0–7 the kind of action (draft, pick, ban, return, summon, cast, attack, end);
8–39 a card of the 32-card catalogue; 40–41 a side (0 = mine, 1 = the opponent's);
42–43 a lane (top, bottom); 44–75 a position in a lane (1 = nearest the bridge).

An action is spelled kind, then its arguments in the engine's order: `draft/pick/ban/
return card`, `summon card lane`, `cast card side lane position`; `attack` and `end` are
the kind alone. So a decision takes at most 5 steps.
"""

from __future__ import annotations

from typing import Any, NamedTuple, cast

import numpy as np

from cardhall.core.game import Action
from cardhall.envs.codec import Codec
from cardhall.envs.games import EnvSpec
from cardhall.games.clash_of_decks.abilities import ABILITY_BITS
from cardhall.games.clash_of_decks.cards import CARDS, NUM_CARDS, card_id
from cardhall.games.clash_of_decks.game import ASSAULT, BAN, DRAFT, PICK, SUMMON
from cardhall.games.clash_of_decks.views import AutomatonView, ClashView, CreatureView, HandView

KINDS = ("draft", "pick", "ban", "return", "summon", "cast", "attack", "end")
CARD0 = len(KINDS)
SIDE0 = CARD0 + NUM_CARDS
LANE0 = SIDE0 + 2
POS0 = LANE0 + 2
MAX_POS = 32
PHASES = (DRAFT, PICK, BAN, SUMMON, ASSAULT)
ABILITIES = tuple(ABILITY_BITS)
HAND_SLOTS = 12
LANE_SLOTS = 6
CREATURE = NUM_CARDS + 8 + len(ABILITIES)


class ClashCodec(Codec):
    n = POS0 + MAX_POS
    max_tokens = 5
    token_names = ([f"kind {k}" for k in KINDS] + [f"card {c.name}" for c in CARDS] + ["side mine", "side theirs"]
                   + ["lane top", "lane bottom"] + [f"position {p + 1}" for p in range(MAX_POS)])

    def encode(self, action: Action, view: dict[str, Any]) -> tuple[int, ...]:
        kind, *args = cast(tuple[Any, ...], action)
        tokens = [KINDS.index(kind)]
        if args:
            tokens.append(CARD0 + args[0])
        if kind == "summon":
            tokens.append(LANE0 + args[1])
        elif kind == "cast":
            side, lane, pos = args[1:]
            tokens += [SIDE0 + (side - read(view).seat) % 2, LANE0 + lane, POS0 + pos]
        return tuple(tokens)


class ClashFields(NamedTuple):
    seat: int
    phase: str
    active: int
    first: int
    turn: int
    mana: int
    hands: list[HandView]
    board: list[list[list[CreatureView]]]
    pending: list[str]
    revealed: list[str]
    picks: list[list[str | None]]
    bans: list[list[str]]
    ai: AutomatonView | None


_NO_BANS: list[list[str]] = [[], []]
_NO_PICKS: list[list[str | None]] = [[], []]


def read(view: dict[str, Any]) -> ClashFields:
    """The view's keys this module uses, in one place (checked by mypy against the game's view type)."""
    v = cast(ClashView, view)
    return ClashFields(v["seat"], v["phase"], v["active"], v["first"], v["turn"], v["mana"], v["hands"], v["board"],
                     v["pending"], v.get("revealed", []), v.get("picks", _NO_PICKS), v.get("bans", _NO_BANS), v.get("ai"))


class Spec(EnvSpec):
    def _codec(self) -> Codec:
        return ClashCodec()

    def _declare(self) -> None:
        add = self.layout.add
        self.o_phase = add("phase", len(PHASES), "one-hot: " + ", ".join(PHASES))
        self.o_turn = add("turn", 4, "my turn, I played first, mana / 10, turn / 50")
        self.o_hands = add("hands", 2 * (HAND_SLOTS * (NUM_CARDS + 1) + HAND_SLOTS + 1 + 2),
                           f"per side (mine, theirs): the hand row's first {HAND_SLOTS} positions, each a card one-hot "
                           f"or (last) a hidden card; the Bastion/Fort position one-hot ({HAND_SLOTS + 1}, last = "
                           "further right); Fort side up; row length / 10")
        self.o_unknown = add("unknown", NUM_CARDS, "the cards the opponent's hidden cards are among (the catalogue order)")
        self.o_board = add("board", 2 * 2 * (LANE_SLOTS * CREATURE + 1),
                           f"per side (mine, theirs) and lane (top, bottom): the {LANE_SLOTS} creatures nearest the "
                           "bridge, each: card one-hot, attack / 10, health left / 10, damage / 10, new, attacked, "
                           f"protection used, bonus / 5, present, abilities ({', '.join(ABILITIES)}); then creatures / 10")
        self.o_pending = add("pending", NUM_CARDS, "creatures waiting for me to order their return to hand")
        self.o_revealed = add("revealed", NUM_CARDS, "draft: the cards revealed to choose from")
        self.o_picks = add("picks", 2 * NUM_CARDS, "draft/constructed picks, mine then theirs (the ones I may see)")
        self.o_bans = add("bans", 2 * NUM_CARDS, "constructed bans among my picks, then among theirs")
        self.o_ai = add("ai", NUM_CARDS + 2, "solo: the automaton's discard pile, its deck size / 24, its Fort side")

    def encode(self, view: dict[str, Any], out: np.ndarray) -> None:
        v = read(view)
        me = v.seat
        sides = (me, 1 - me) if len(v.board) == 2 else (me,)
        if v.phase in PHASES:
            out[self.o_phase + PHASES.index(v.phase)] = 1.0
        out[self.o_turn:self.o_turn + 4] = (v.active == me, v.first == me, v.mana / 10, v.turn / 50)
        hand_size = HAND_SLOTS * (NUM_CARDS + 1) + HAND_SLOTS + 3
        for r, s in enumerate(sides if len(v.hands) == 2 else (me,)):
            hand, at = v.hands[s], self.o_hands + r * hand_size
            for i, name in enumerate(hand["cards"][:HAND_SLOTS]):
                out[at + (NUM_CARDS + 1) * i + (NUM_CARDS if name is None else card_id(name))] = 1.0
            at += HAND_SLOTS * (NUM_CARDS + 1)
            out[at + min(hand["bastion"], HAND_SLOTS)] = 1.0
            out[at + HAND_SLOTS + 1] = float(hand["fort"])
            out[at + HAND_SLOTS + 2] = hand["size"] / 10
            for name in hand.get("unknown", []):
                out[self.o_unknown + card_id(name)] += 1.0
        lane_size = LANE_SLOTS * CREATURE + 1
        for r, s in enumerate(sides):
            for lane in (0, 1):
                creatures, at = v.board[s][lane], self.o_board + (2 * r + lane) * lane_size
                for i, c in enumerate(creatures[:LANE_SLOTS]):
                    self._creature(out, at + i * CREATURE, c)
                out[at + LANE_SLOTS * CREATURE] = len(creatures) / 10
        for name in v.pending:
            out[self.o_pending + card_id(name)] = 1.0
        for name in v.revealed:
            out[self.o_revealed + card_id(name)] = 1.0
        for r, s in enumerate((me, 1 - me)):
            for name in v.picks[s]:
                if name is not None:  # an opponent's pick is hidden until both reveal
                    out[self.o_picks + NUM_CARDS * r + card_id(name)] += 1.0
            for name in v.bans[s]:
                out[self.o_bans + NUM_CARDS * r + card_id(name)] += 1.0
        if v.ai is not None:
            for name in v.ai["discard"]:
                out[self.o_ai + card_id(name)] += 1.0
            out[self.o_ai + NUM_CARDS] = v.ai["deck_size"] / 24
            out[self.o_ai + NUM_CARDS + 1] = float(v.ai["fort"])

    @staticmethod
    def _creature(out: np.ndarray, at: int, c: CreatureView) -> None:
        out[at + card_id(c["name"])] = 1.0
        at += NUM_CARDS
        out[at:at + 8] = (c["attack"] / 10, (c["health"] - c["damage"]) / 10, c["damage"] / 10, c["new"],
                          c["attacked"], c["protection_used"], c["bonus"] / 5, 1.0)
        for name in c["abilities"]:
            out[at + 8 + ABILITIES.index(name)] = 1.0
