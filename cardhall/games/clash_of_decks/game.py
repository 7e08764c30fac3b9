"""Clash of Decks (Starter Kit): the duel (precon, draft, constructed) and the solo mode.

The hand is the life bar: `hands[seat]` is the row of cards without the Bastion/Fort, and
`bastion[seat]` is how many cards stand left of it. Damage moves it right; when it reaches the
rightmost position (`bastion == len(hand)`) a Bastion flips to its Fort at the left, a Fort
loses. Lanes: `lanes[side][lane]` lists creatures from the bridge outwards (index 0 is
position 1); a creature is `[card, damage, flags, sprint bonus]`.

Only decisions are actions; forced steps (an attack when no incantation can be cast, the end
of a turn with nothing left to do, the whole automaton turn in solo) are played by the engine.
The public consequences of each action are listed in `reports` (sentences; the view's `reports`).
"""

from __future__ import annotations

import itertools
import random
from dataclasses import replace
from typing import Any, cast

from cardhall.core.errors import IllegalAction, NotationError, OptionError, StateFormatError
from cardhall.core.game import Action, Event, Game, State, Viewer
from cardhall.core.i18n import N_, Msg, Plural
from cardhall.core.options import Option
from cardhall.core.plugins import Plugins, SearchProfile, heuristic_levels
from cardhall.core.rng import MAX_SEED, chance_rng
from cardhall.games.clash_of_decks import words as w
from cardhall.games.clash_of_decks.abilities import (
    ABILITY_BITS,
    AI_ABILITIES,
    BERSERK,
    INDESTRUCTIBLE,
    PERFORATION,
    PROTECTION,
    RAGE,
    SPLASH,
    SPRINT,
)
from cardhall.games.clash_of_decks.cards import (
    ATTACK,
    AURA,
    BY_NAME,
    CARDS,
    COST,
    DECKS,
    HEALTH,
    IS_CREATURE,
    NUM_CARDS,
    OWN,
)
from cardhall.games.clash_of_decks.views import ClashPublicView, ClashView
from cardhall.games.clash_of_decks.words import Spoken, to_data

TOP, BOTTOM = 0, 1
LANES = ("top", "bottom")
NEW, ATTACKED, PROT_USED = 1, 2, 4  # creature flags
DRAFT, PICK, BAN, SUMMON, ASSAULT, AI_SUMMON, OVER = "draft", "pick", "ban", "summon", "assault", "ai-summon", "over"
ATTACK_ACTION: Action = ("attack",)
END_ACTION: Action = ("end",)
BAN_STEPS = ((1, 0), (0, 1), (0, 1), (1, 0))  # constructed: (banning seat, seat whose pick is banned)
FIRST_TURN_MANA = 6
MAX_TURNS = 200  # Decision: a duel still going after 200 turns is a draw (only stalemates get there)

# Custom solo play: the presets used when only --level is given (each adds up to the level).
LEVEL_PRESETS: dict[int, dict[str, Any]] = {
    1: {"constant_mana": 7},
    2: {"constant_mana": 7, "ai_ability": "Splash"},
    3: {"constant_mana": 8, "ai_ability": "Splash"},
    4: {"variable_mana": 2, "constant_mana": 8},
    5: {"variable_mana": 2, "constant_mana": 8, "ai_first": True},
}
DIFFICULTY_DEFAULTS: dict[str, Any] = {"variable_mana": 1, "constant_mana": 6, "ai_first": False,
                                       "ai_fort": False, "weak_attacks": False, "ai_ability": "none"}


def difficulty_points(d: dict[str, Any]) -> int:
    """The difficulty points of a solo setting (the seed's custom-play table)."""
    return int((2 if d["variable_mana"] == 2 else 0) + (d["constant_mana"] - 6) + (1 if d["ai_first"] else 0)
            - (1 if d["ai_fort"] else 0) + (2 if d["weak_attacks"] else 0) + (0 if d["ai_ability"] == "none" else 1))


def difficulty_ways(level: int) -> list[dict[str, Any]]:
    """Every setting of the difficulty options that adds up to `level` points (the rulebook's
    ways to spend them), each written as the options that differ from quick play; the level's
    preset among them. Level 5 has 83 (27 when the AI's ability counts as one choice)."""
    ways = []
    for variable, constant, first, fort, weak, ability in itertools.product(
            (1, 2), range(6, 11), (False, True), (False, True), (False, True), AI_ABILITIES):
        setting = {"variable_mana": variable, "constant_mana": constant, "ai_first": first, "ai_fort": fort,
                   "weak_attacks": weak, "ai_ability": ability}
        if difficulty_points(setting) == level:
            ways.append({k: v for k, v in setting.items() if v != DIFFICULTY_DEFAULTS[k]})
    return ways


def name_of(card: int) -> str:
    return CARDS[card].name


def _word(card: int) -> Msg:
    """A card's name as a word in sentences (translated; its notation is `name_of`)."""
    return w.card(name_of(card))


def _words(cards: list[int]) -> Msg:
    return w.cards([name_of(c) for c in cards])


lane_msg = w.lane
TURN = N_("Turn {turn}: {player}, {mana} mana.")
"""The report that starts a turn (its mover hears the turn line instead: said once)."""


def parse_card_name(word: str) -> int:
    """A card id from its name, any case; `BOOM` is read as `BOOM!`."""
    key = word.strip().upper()
    if key in BY_NAME:
        return BY_NAME[key]
    if key + "!" in BY_NAME:
        return BY_NAME[key + "!"]
    raise NotationError(Msg(N_("there is no card called {word}; the cards are: {cards}"), word=repr(word),
                            cards=", ".join(sorted(BY_NAME))))


class ClashOfDecks(Game):
    """Clash of Decks, Starter Kit (see docs/spec/clash-of-decks.md)."""

    name = "clash-of-decks"
    title = "Clash of Decks"
    plugins = Plugins(
        text_ui="cardhall.games.clash_of_decks.text:GameTextUI",
        web="cardhall.games.clash_of_decks.web",
        heuristic="cardhall.games.clash_of_decks.bot:HeuristicBot",
        focus="cardhall.games.clash_of_decks.bot:SearchingBot",
        bench="cardhall.games.clash_of_decks.bench:run",
        # The duel: mostly the win counts. hard: IS-MCTS with random rollouts (the PIMC of solo
        # play won 2 duels of 12 against it). Solo play has its own profile, SOLO_SEARCH.
        search=SearchProfile(win_weight=0.9, scale=5.0, levels=heuristic_levels("ismcts:iterations=800")),
    )
    SOLO_SEARCH = SearchProfile(win_weight=0.9, scale=5.0, levels=heuristic_levels("focused:worlds=8"))
    """The search profile of solo play against the automaton: a lost rollout also counts by how far
    it got (the focus bot's values). hard: PIMC over every decision of play, each move played out
    to the end by the heuristic on 8 sampled deals (IS-MCTS with random rollouts won 1 game of 20
    at level 5; this wins 2 of 30, and 85 of 180 over the levels where the heuristic wins 41)."""
    OPTIONS = (
        Option("format", "auto", N_("how the 8-card hands are made (auto: precon in a duel, the quick-play draft in solo)"),
               choices=("auto", "precon", "draft", "constructed"), label=N_("The hands"),
               help=N_("how the 8-card hands are made"),
               labels=(("auto", N_("as the game suits: the decks in a duel, the draft in solo")),
                       ("precon", N_("the ready-made decks")), ("draft", N_("the quick-play draft")),
                       ("constructed", N_("each picks 10 cards, with bans")))),
        Option("decks", "1,2", N_("precon: the decks of players A and B, e.g. 1,2 (solo: your deck, the AI gets the others)"),
               form=N_("two deck numbers from 1 to 4 written A,B, e.g. 1,2"), label=N_("The ready-made decks"),
               help=N_("the decks of players A and B (solo: your deck; the AI gets the others)")),
        Option("solo", False, N_("play alone against the automaton"), label=N_("Solo against the automaton")),
        Option("level", 0, N_("solo difficulty: 0 quick play, 1 easy … 5 mythic"), minimum=0, maximum=5,
               label=N_("Solo difficulty")),
        Option("variable_mana", 1, N_("solo: AI mana per creature of yours (1: +0 points, 2: +2)"), choices=(1, 2),
               label=N_("Solo: the AI's mana per creature of yours")),
        Option("constant_mana", 6, N_("solo: AI constant mana 6–10 (+0 … +4 points)"), minimum=6, maximum=10,
               label=N_("Solo: the AI's constant mana")),
        Option("ai_first", False, N_("solo: the AI plays first (+1 point)"), label=N_("Solo: the AI plays first")),
        Option("ai_fort", False, N_("solo: the AI starts on its Fort, without a Bastion (−1 point)"),
               label=N_("Solo: the AI starts on its Fort")),
        Option("weak_attacks", False, N_("solo: all your attacks deal 1 less (+2 points)"),
               label=N_("Solo: weaker attacks")),
        Option("ai_ability", "none", N_("solo: an ability all AI creatures have (+1 point)"), choices=AI_ABILITIES,
               label=N_("Solo: the AI creatures' ability"),
               labels=(("none", N_("none")), *((a, Msg(a, context="ability")) for a in AI_ABILITIES[1:]))),
    )

    def _check_options(self) -> None:
        o = self.options
        self.format: str = o["format"] if o["format"] != "auto" else ("draft" if o["solo"] else "precon")
        given = {k: o[k] for k in DIFFICULTY_DEFAULTS}
        custom = given != DIFFICULTY_DEFAULTS
        if not o["solo"]:
            if custom or o["level"]:
                raise OptionError(Msg(N_("clash-of-decks: level and the difficulty options are for solo play; "
                                         "add --solo true")))
        elif self.format == "constructed":
            raise OptionError(Msg(N_("clash-of-decks: solo play cannot use the constructed format (rulebook); "
                                     "use precon or draft")))
        try:
            decks = [int(x) for x in o["decks"].replace(" ", "").split(",")]
        except ValueError:
            decks = []
        if not decks or not all(1 <= d <= 4 for d in decks) or len(decks) > 2 or len(set(decks)) != len(decks):
            raise OptionError(Msg(N_("clash-of-decks: option decks={decks} is not valid; write two different deck "
                                     "numbers 1–4 such as 1,2 (solo: one number, e.g. 3)"), decks=repr(o["decks"])))
        if not o["solo"] and len(decks) != 2:
            raise OptionError(Msg(N_("clash-of-decks: a duel needs two decks, e.g. decks=1,2; got {decks}"),
                                  decks=repr(o["decks"])))
        self.deck_choice = tuple(decks)
        if o["solo"] and o["level"] and not custom:
            given = {**DIFFICULTY_DEFAULTS, **LEVEL_PRESETS[o["level"]]}
        points = difficulty_points(given)
        if o["solo"] and custom:
            level = o["level"]
            if level and points != level:
                example = ", ".join(f"{k}={v}" for k, v in LEVEL_PRESETS[level].items())
                english = (f"clash-of-decks: the difficulty options add up to {points} point"
                           f"{'' if points in (1, -1) else 's'}, but level {level} needs exactly {level}; "
                           f"e.g. level {level}: {example} (or give --level {level} alone for that preset)")
                raise OptionError(Spoken(english, N_("clash-of-decks: difficulty points of these options: {points}; "
                                                     "level {level} needs exactly {level}; e.g. level {level}: "
                                                     "{example} (or give --level {level} alone for that preset)"),
                                         points=points, level=level, example=example))
            if not 1 <= points <= 5:
                raise OptionError(Plural("clash-of-decks: custom play is levels 1–5, these options add up to "
                                         "{count} point", "clash-of-decks: custom play is levels 1–5, these options "
                                         "add up to {count} points", count=points))
        self.difficulty: dict[str, Any] = given
        self.points = points
        self.ai_bonus = 0 if given["ai_ability"] == "none" else ABILITY_BITS[given["ai_ability"]]
        self.weak = 1 if given["weak_attacks"] else 0
        self.solo: bool = o["solo"]
        if self.solo:  # this game's parts, with the search profile of solo play
            self.plugins = replace(type(self).plugins, search=self.SOLO_SEARCH)  # type: ignore[misc]

    @property
    def num_players(self) -> int:
        return 1 if self.options["solo"] else 2

    def seat_name(self, side: int) -> Msg:
        return w.seat(side, self.options["solo"])

    def side_label(self, side: int) -> str:
        """The short name of a side in notation: A and B (solo: A is you, B the automaton)."""
        return "AB"[side]

    # --- new games ----------------------------------------------------------------------
    def _new_state(self, seed: int) -> ClashState:
        s = ClashState(self, seed)
        fmt = self.format
        if fmt == "precon":
            if self.solo:
                mine = DECKS[self.deck_choice[0] - 1]
                s._setup_solo(list(mine), [c for c in range(NUM_CARDS) if c not in mine])
            else:
                s._setup_duel([list(DECKS[d - 1]) for d in self.deck_choice])
        elif fmt == "draft":
            s.phase = DRAFT
            s.pile = list(range(NUM_CARDS))
            s._rng().shuffle(s.pile)
            s._reveal_four()
        else:
            s.phase = PICK
        s._advance()
        return s

    # --- notation -----------------------------------------------------------------------
    def format_action(self, action: Action) -> str:
        act = cast(tuple[Any, ...], action)
        kind = act[0]
        if kind in ("attack", "end"):
            return str(kind)
        card = name_of(act[1])
        if kind == "summon":
            return f"summon {card} {LANES[act[2]]}"
        if kind == "cast":
            _, _, side, lane, pos = act
            return f"cast {card} on {self.side_label(side)} {LANES[lane]} {pos + 1}"
        return f"{kind} {card}"

    def parse_action(self, text: str, state: State | None = None) -> Action:
        words = text.strip().split()
        form = N_("write: summon CARD top|bottom, cast CARD on A|B top|bottom N, attack, end, "
                  "draft CARD, pick CARD, ban CARD or return CARD")
        if not words:
            raise NotationError(Msg(N_("empty action; {form}"), form=Msg(form)))
        verb = words[0].lower()
        if verb in ("attack", "end") and len(words) == 1:
            return (verb,)
        if verb in ("draft", "pick", "ban", "return") and len(words) == 2:
            return (verb, parse_card_name(words[1]))
        if verb == "summon" and len(words) == 3:
            lane = words[2].lower()
            if lane not in ("top", "bottom", "t", "b"):
                raise NotationError(Msg(N_("unknown lane {lane}; the lanes are top and bottom"), lane=repr(words[2])))
            return ("summon", parse_card_name(words[1]), 0 if lane[0] == "t" else 1)
        if verb == "cast" and len(words) == 6 and words[2].lower() == "on":
            side, lane, pos = words[3].upper(), words[4].lower(), words[5]
            if side not in ("A", "B") or lane not in ("top", "bottom", "t", "b") or not pos.isdigit() or int(pos) < 1:
                raise NotationError(Msg(N_("cannot read the target in {text}; write e.g. cast BOOM! on B top 1 "
                                           "(side A or B, lane top or bottom, position from the bridge)"),
                                        text=repr(text)))
            return ("cast", parse_card_name(words[1]), "AB".index(side), 0 if lane[0] == "t" else 1, int(pos) - 1)
        if state is not None and len(words) == 1 and verb not in ("attack", "end"):
            card = parse_card_name(words[0])
            options = [a for a in state.legal_actions() if cast(tuple[Any, ...], a)[1:2] == (card,)]
            if len(options) == 1:
                return options[0]
            if options:
                shown = ", ".join(self.format_action(a) for a in options[:6])
                raise NotationError(Msg(N_("{card} alone is ambiguous here; write one of: {choices}"),
                                        card=words[0], choices=shown))
        raise NotationError(Msg(N_("cannot read {text}; {form}"), text=repr(text), form=Msg(form)))

    # --- JSON states --------------------------------------------------------------------
    def _state_from_dict(self, data: dict[str, Any], seed: int) -> ClashState:
        s = ClashState(self, seed)
        s.chance = int(data["chance"])
        s.phase = str(data["phase"])
        if s.phase not in (DRAFT, PICK, BAN, SUMMON, ASSAULT, AI_SUMMON, OVER):
            raise StateFormatError(f"unknown phase {s.phase!r}")
        s.active = int(data.get("active", 0))
        s.first = int(data.get("first", 0))
        s.turn = int(data.get("turn", 1))
        s.mana = int(data.get("mana", 0))
        s.hands = [_ids(h) for h in data.get("hands", [[], []])]
        s.shown = [[bool(x) for x in h] for h in data.get("shown", [[False] * len(h) for h in s.hands])]
        s.bastion = [int(x) for x in data.get("bastion", [0, 0])]
        s.fort = [bool(x) for x in data.get("fort", [False, False])]
        s.lanes = [[[_creature(c) for c in lane] for lane in side] for side in data.get("lanes", [[[], []], [[], []]])]
        s.pending = _ids(data.get("pending", []))
        s.pending_owner = int(data.get("pending_owner", 0))
        ps = data.get("pending_spell")
        s.pending_spell = None if ps is None else (int(ps[0]), _id(ps[1]))
        again = data.get("again")
        s.again = None if again is None else (int(again[0]), _id(again[1]))
        res = data.get("result")
        s.result = None if res is None else [int(x) for x in res]
        s.pile = _ids(data.get("draft_pile", []))
        s.revealed = _ids(data.get("revealed", []))
        s.picks = [_ids(p) for p in data.get("picks", [[], []])]
        s.bans = [_ids(p) for p in data.get("bans", [[], []])]
        s.ban_step = int(data.get("ban_step", 0))
        s.ai_deck = _ids(data.get("ai_deck", []))
        s.ai_discard = _ids(data.get("ai_discard", []))
        s.ai_final = bool(data.get("ai_final", False))
        s.ai_spent = int(data.get("ai_spent", 0))
        s.ai_lane = int(data.get("ai_lane", 0))
        s.reports = [str(e) for e in data.get("events", [])]
        if len(s.hands) != 2 or len(s.shown) != 2 or any(len(a) != len(b) for a, b in zip(s.hands, s.shown, strict=True)):
            raise StateFormatError("hands and shown must be two lists of equal lengths")
        return s


def _id(value: Any) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < NUM_CARDS:
        return value
    if isinstance(value, str):
        return parse_card_name(value)
    raise StateFormatError(f"{value!r} is not a card")


def _ids(values: Any) -> list[int]:
    return [_id(v) for v in values]


def _creature(data: Any) -> list[int]:
    if isinstance(data, str):
        return [_id(data), 0, 0, 0]
    card = _id(data["card"])
    if not IS_CREATURE[card]:
        raise StateFormatError(f"{name_of(card)} is an incantation; it cannot stand in a lane")
    flags = (NEW if data.get("new") else 0) | (ATTACKED if data.get("attacked") else 0) | (
        PROT_USED if data.get("protection_used") else 0)
    return [card, int(data.get("damage", 0)), flags, int(data.get("bonus", 0))]


class ClashState(State):
    """A position of Clash of Decks (duel or solo)."""

    VIEW_TYPE = ClashView
    PUBLIC_VIEW_TYPE = ClashPublicView

    __slots__ = ("active", "again", "ai_deck", "ai_discard", "ai_final", "ai_lane", "ai_spent", "ban_step", "bans",
                 "bastion", "first", "fort", "hands", "lanes", "mana", "pending", "pending_owner",
                 "pending_spell", "phase", "picks", "pile", "quiet", "reports", "result", "revealed", "shown",
                 "turn")

    game: ClashOfDecks

    def __init__(self, game: Game, seed: int) -> None:
        super().__init__(game, seed)
        self.phase = SUMMON
        self.active = 0
        self.first = 0
        self.turn = 0
        self.mana = 0
        self.hands: list[list[int]] = [[], []]
        self.shown: list[list[bool]] = [[], []]  # the opponent knows this card's place (it returned)
        self.bastion = [0, 0]
        self.fort = [False, False]
        self.lanes: list[list[list[list[int]]]] = [[[], []], [[], []]]
        self.pending: list[int] = []  # creatures destroyed together, waiting for their owner's order
        self.pending_owner = 0
        self.pending_spell: tuple[int, int] | None = None  # an incantation returning after them
        self.again: tuple[int, int] | None = None  # a Berserk creature (lane, card) about to attack again
        self.result: list[int] | None = None
        self.pile: list[int] = []
        self.revealed: list[int] = []
        self.picks: list[list[int]] = [[], []]
        self.bans: list[list[int]] = [[], []]
        self.ban_step = 0
        self.ai_deck: list[int] = []  # solo: index 0 is the top
        self.ai_discard: list[int] = []
        self.ai_final = False
        self.ai_spent = 0
        self.ai_lane = 0
        self.reports: list[str] = []
        self.quiet = False  # a searched copy (`sample`): no sentences are made for its reports

    # --- helpers ------------------------------------------------------------------------
    def _rng(self) -> random.Random:
        rng = chance_rng(self.seed, self.chance)
        self.chance += 1
        return rng

    def _seat(self, side: int) -> Msg:
        return w.seat(side, self.game.solo)

    def _own(self, side: int) -> Msg:
        return w.owner(side, self.game.solo)

    def _label(self, side: int) -> str:
        if self.game.solo:
            return "you" if side == 0 else "the automaton"
        return "A" if side == 0 else "B"

    def _owner(self, side: int) -> str:
        """`side` as a possessive: "A's", "your", "the automaton's"."""
        if self.game.solo:
            return "your" if side == 0 else "the automaton's"
        return self._label(side) + "'s"

    def _is_ai(self, side: int) -> bool:
        return self.game.solo and side == 1

    def abilities(self, side: int, lane: int, i: int) -> int:
        """The creature's abilities now: its own, its neighbours' Auras, the automaton's bonus."""
        row = self.lanes[side][lane]
        m = OWN[row[i][0]]
        if i > 0:
            m |= AURA[row[i - 1][0]]
        if i + 1 < len(row):
            m |= AURA[row[i + 1][0]]
        if side == 1 and self.game.solo:
            m |= self.game.ai_bonus
        return m

    # --- setup --------------------------------------------------------------------------
    def _setup_duel(self, decks: list[list[int]]) -> None:
        """Each player shuffles 8 cards into a hand, Bastion leftmost; a coin toss picks the first."""
        for seat in (0, 1):
            hand = list(decks[seat])
            self._rng().shuffle(hand)
            self.hands[seat] = hand
            self.shown[seat] = [False] * len(hand)
        self.first = self._rng().randrange(2)
        if not self.quiet:
            self.reports.append(Spoken(f"Coin toss: {self._label(self.first)} plays first, with {FIRST_TURN_MANA} mana.",
                                       N_("Coin toss: {player} plays first, with {mana} mana."),
                                       you=N_("Coin toss: you play first, with {mana} mana."),
                                       subject=self.first, player=self._seat(self.first), mana=FIRST_TURN_MANA))
        self._start_turn(self.first)

    def _setup_solo(self, mine: list[int], ai: list[int]) -> None:
        """Your 8 cards become your hand; the AI's 24 a face-down deck with its Bastion below."""
        self._rng().shuffle(mine)
        self.hands = [mine, []]
        self.shown = [[False] * len(mine), []]
        self._rng().shuffle(ai)
        self.ai_deck = ai
        self.fort = [False, bool(self.game.difficulty["ai_fort"])]
        self.first = 1 if self.game.difficulty["ai_first"] else 0
        self._start_turn(self.first)

    def _reveal_four(self) -> None:
        self.revealed = self.pile[:4]
        del self.pile[:4]
        names = [name_of(c) for c in self.revealed]
        if not self.quiet:
            self.reports.append(Spoken("Revealed for the draft: " + ", ".join(names) + ".",
                                       N_("Revealed for the draft: {cards}."), cards=w.cards(names)))

    def drafter(self) -> int:
        """Who picks now in the draft: A 1, B 2, A the last; the next four with B first."""
        if self.game.solo:
            return 0
        done = len(self.picks[0]) + len(self.picks[1])
        leader = (done // 4) % 2
        return leader if len(self.revealed) == 4 else 1 - leader

    # --- turns --------------------------------------------------------------------------
    def _start_turn(self, seat: int) -> None:
        self.active = seat
        if self._is_ai(seat):
            if not self.ai_deck and self.fort[1]:
                self.ai_final = True
                if not self.quiet:
                    self.reports.append(Msg(N_("The automaton's deck is empty and its Fort shows: this is its last turn.")))
            d = self.game.difficulty
            creatures = len(self.lanes[0][0]) + len(self.lanes[0][1])
            self.mana = d["constant_mana"] + d["variable_mana"] * creatures
            self.ai_spent, self.ai_lane = 0, TOP
            self.phase = AI_SUMMON
        else:
            first_turn = self.turn == 0 and seat == self.first
            self.mana = FIRST_TURN_MANA if first_turn else len(self.hands[seat]) + 1
            self.phase = SUMMON
        self.turn += 1
        if not self.quiet:
            self.reports.append(Spoken(f"Turn {self.turn}: {self._label(seat)}, {self.mana} mana.",
                                       TURN, you=N_("Turn {turn}: yours, {mana} mana."), subject=seat,
                                       turn=self.turn, player=self._seat(seat), mana=self.mana))

    def _end_turn(self) -> None:
        """End of turn: damage on every creature is removed, Protection recharges."""
        for side in self.lanes:
            for row in side:
                for c in row:
                    c[1] = c[2] = c[3] = 0
        self.again = None
        if self._is_ai(self.active) and self.ai_final:
            self.result = [0]
            self.phase = OVER
            if not self.quiet:
                self.reports.append(Msg(N_("The automaton has played its last turn and you are still standing: you win.")))
            return
        if self.turn >= MAX_TURNS and not self.game.solo:
            self.result = [0, 1]
            self.phase = OVER
            if not self.quiet:
                self.reports.append(Msg(N_("{turns} have been played: the game is a draw."),
                                        turns=Plural("{count} turn", "{count} turns", count=MAX_TURNS)))
            return
        self._start_turn(1 - self.active)

    def _advance(self) -> None:
        """Play every step that needs no decision."""
        while self.result is None and not self.pending:
            if self.phase == SUMMON:
                if not self._playable():
                    self.phase = ASSAULT
                    continue
                return
            if self.phase == AI_SUMMON:
                self._ai_summon_step()
                continue
            if self.phase != ASSAULT:
                return
            if self.again is not None:
                lane, card = self.again
                self.again = None
                row = self.lanes[self.active][lane]
                i = next((k for k, c in enumerate(row) if c[0] == card), -1)
                if i >= 0:
                    self._attack_from(lane, i, again=True)
                continue
            nxt = self.next_attacker()
            if self._is_ai(self.active) or not self._castable():
                if nxt is None:
                    self._end_turn()
                else:
                    self._attack_from(*nxt)
                continue
            return

    # --- hands --------------------------------------------------------------------------
    def _window(self, seat: int) -> list[int]:
        """The 4 leftmost cards not counting the Bastion/Fort: the playable ones."""
        return self.hands[seat][:4]

    def _playable(self) -> list[int]:
        """Cards of the active player that can be played now (cost, window, last-card rule)."""
        seat = self.active
        hand = self.hands[seat]
        if len(hand) < 2:
            return []
        board = bool(self.lanes[0][0] or self.lanes[0][1] or self.lanes[1][0] or self.lanes[1][1])
        return [c for c in self._window(seat) if COST[c] <= self.mana and (IS_CREATURE[c] or board)]

    def _castable(self) -> bool:
        return any(not IS_CREATURE[c] for c in self._playable())

    def _take_from_hand(self, seat: int, card: int) -> None:
        hand = self.hands[seat]
        i = hand.index(card)
        del hand[i]
        del self.shown[seat][i]
        if i < self.bastion[seat]:
            self.bastion[seat] -= 1  # a card left of the Bastion leaves: healing

    def _return_to_hand(self, seat: int, card: int) -> None:
        """A card returns to the rightmost position of its owner's hand (seen by everyone)."""
        self.hands[seat].append(card)
        self.shown[seat].append(True)

    def _check_bastion(self, seat: int) -> None:
        """A Bastion at the rightmost position flips to its Fort at the left; a Fort there loses."""
        if self.bastion[seat] < len(self.hands[seat]):
            return
        if not self.fort[seat]:
            self.fort[seat] = True
            self.bastion[seat] = 0
            if not self.quiet:
                self.reports.append(Spoken(f"{self._label(seat).capitalize()}: the Bastion is destroyed and flips to the Fort.",
                                           N_("{owner} Bastion is destroyed and flips to the Fort."),
                                           you=N_("Your Bastion is destroyed and flips to the Fort."),
                                           subject=seat, owner=self._own(seat)))
            return
        self.bastion[seat] = len(self.hands[seat])
        self.result = [1 - seat] if not self.game.solo else []
        self.phase = OVER
        english = (f"{self._label(seat).capitalize()}: the Fort is destroyed. "
                   + ("You lose." if self.game.solo else f"{self._label(1 - seat)} wins."))
        if self.game.solo:
            if not self.quiet:
                self.reports.append(Spoken(english, N_("{owner} Fort is destroyed. The automaton wins."),
                                           you=N_("Your Fort is destroyed. You lose."), subject=seat,
                                           owner=self._own(seat)))
        else:
            if not self.quiet:
                self.reports.append(Spoken(english, N_("{owner} Fort is destroyed. {winner} wins."),
                                           you=N_("Your Fort is destroyed. {winner} wins."),
                                           them=N_("{owner} Fort is destroyed. You win."), subject=seat,
                                           owner=self._own(seat), winner=self._seat(1 - seat)))

    def _damage_player(self, seat: int, amount: int) -> None:
        if amount <= 0:
            return
        if self._is_ai(seat):
            self._mill(amount)
            return
        self.bastion[seat] = min(self.bastion[seat] + amount, len(self.hands[seat]))
        english = (f"{self._label(seat).capitalize()} take{'' if seat == 0 and self.game.solo else 's'} "
                   f"{amount} damage: the {'Fort' if self.fort[seat] else 'Bastion'} moves to place "
                   f"{self.bastion[seat] + 1} of {len(self.hands[seat]) + 1}.")
        where: dict[str, Any] = {"subject": seat, "player": self._seat(seat), "damage": amount, "place": self.bastion[seat] + 1,
                 "size": len(self.hands[seat]) + 1}
        if self.fort[seat]:
            if not self.quiet:
                self.reports.append(Spoken(english, N_("{player} takes {damage} damage: the Fort moves to place "
                                                       "{place} of {size}."),
                                           you=N_("You take {damage} damage: the Fort moves to place {place} of {size}."),
                                           **where))
        else:
            if not self.quiet:
                self.reports.append(Spoken(english, N_("{player} takes {damage} damage: the Bastion moves to place "
                                                       "{place} of {size}."),
                                           you=N_("You take {damage} damage: the Bastion moves to place {place} "
                                                  "of {size}."), **where))
        self._check_bastion(seat)  # excess damage is lost when a Bastion flips

    # --- solo: the automaton --------------------------------------------------------------
    def _mill(self, amount: int) -> None:
        """Damage to the automaton moves that many cards from its deck to its discard pile."""
        milled = []
        for _ in range(amount):
            if not self.ai_deck:
                break
            card = self.ai_deck.pop(0)
            self.ai_discard.append(card)
            milled.append(name_of(card))
            if not self.ai_deck:
                break  # the deck runs out: excess damage is lost
        if milled and not self.quiet:
            self.reports.append(Spoken(f"The automaton takes {amount} damage: {', '.join(milled)} go to its discard pile.",
                                       N_("The automaton takes {damage} damage: {cards} go to its discard pile."),
                                       damage=amount, cards=w.cards(milled)))
        self._ai_deck_check()

    def _ai_deck_check(self) -> None:
        """An empty AI deck over its Bastion: flip to the Fort and shuffle the discard pile into a new deck."""
        if self.ai_deck or self.fort[1]:
            return
        self.fort[1] = True
        self.ai_deck = self.ai_discard
        self.ai_discard = []
        self._rng().shuffle(self.ai_deck)
        if not self.quiet:
            self.reports.append(Spoken(f"The automaton's deck is empty: its Bastion flips to the Fort and its discard pile "
                                       f"becomes a new deck of {len(self.ai_deck)} cards.",
                                       N_("The automaton's deck is empty: its Bastion flips to the Fort and its discard "
                                          "pile becomes a new deck of {cards}."),
                                       cards=Plural("{count} card", "{count} cards", count=len(self.ai_deck))))

    def _ai_summon_step(self) -> None:
        """Reveal one card: a creature goes behind the others in the lane whose turn it is,
        an incantation hits your creature nearest the bridge in that lane (no target: no cost)."""
        if self.ai_spent >= self.mana or not self.ai_deck:
            self.phase = ASSAULT
            return
        card = self.ai_deck.pop(0)
        lane = self.ai_lane
        self.ai_lane = 1 - lane
        if IS_CREATURE[card]:
            self.lanes[1][lane].append([card, 0, NEW, 0])
            self.ai_spent += COST[card]
            if not self.quiet:
                self.reports.append(Spoken(f"The automaton reveals {name_of(card)} and summons it to the {LANES[lane]} lane.",
                                           N_("The automaton reveals {card} and summons it {lane}."),
                                           card=_word(card), lane=lane_msg(lane, 2)))
        elif self.lanes[0][lane]:
            self.ai_spent += COST[card]
            aim = self.lanes[0][lane][0][0]
            if not self.quiet:
                self.reports.append(Spoken(f"The automaton reveals {name_of(card)} and casts it on your "
                                           f"{name_of(aim)} in the {LANES[lane]} lane.",
                                           N_("The automaton reveals {card} and casts it on the player's {target} {lane}."),
                                           you=N_("The automaton reveals {card} and casts it on your {target} {lane}."),
                                           subject=0, card=_word(card), target=_word(aim), lane=lane_msg(lane, 1)))
            self._cast_effect(1, card, 0, lane, 0)
            self.ai_discard.append(card)
        else:
            self.ai_discard.append(card)
            if not self.quiet:
                self.reports.append(Spoken(f"The automaton reveals {name_of(card)}: no target in the {LANES[lane]} lane, "
                                           "so it is discarded and costs nothing.",
                                           N_("The automaton reveals {card}: no target {lane}, so it is discarded and "
                                              "costs nothing."), card=_word(card), lane=lane_msg(lane, 1)))
        self._ai_deck_check()

    # --- attacks ------------------------------------------------------------------------
    def next_attacker(self) -> tuple[int, int] | None:
        """The next creature to attack: top lane from the back to the bridge, then the bottom lane.

        A creature summoned this turn attacks only with Rage, and only if an enemy creature faces it.
        """
        side = self.active
        for lane in (TOP, BOTTOM):
            row = self.lanes[side][lane]
            for i in range(len(row) - 1, -1, -1):
                c = row[i]
                if c[2] & ATTACKED:
                    continue
                if c[2] & NEW and not (self.abilities(side, lane, i) & RAGE and self.lanes[1 - side][lane]):
                    continue
                return lane, i
        return None

    def _attack_from(self, lane: int, i: int, again: bool = False) -> None:
        side = self.active
        row = self.lanes[side][lane]
        c = row[i]
        c[2] |= ATTACKED
        if self.abilities(side, lane, i) & SPRINT and i > 0:
            row.insert(0, row.pop(i))
            c[3] += i  # passed i creatures: +i damage for the rest of the assault
            if not self.quiet:
                self.reports.append(Spoken(f"{name_of(c[0])} sprints to the front of the {LANES[lane]} lane (+{i} damage).",
                                           N_("{card} sprints to the front of the {lane} (+{bonus} damage)."),
                                           card=_word(c[0]), lane=lane_msg(lane), bonus=i))
            i = 0
        abil = self.abilities(side, lane, i)
        power = ATTACK[c[0]] + c[3]
        if side == 0 and self.game.solo:
            power = max(0, power - self.game.weak)
        enemy = 1 - side
        who = f"{self._label(side).capitalize()}: {name_of(c[0])}"
        said: dict[str, Any] = {"subject": side, "owner": self._own(side), "card": _word(c[0]), "power": power}
        if not self.lanes[enemy][lane]:
            if c[2] & NEW:
                return  # Rage never reaches the Bastion in the summoning turn
            wall = "the automaton" if self._is_ai(enemy) else "the " + ("Fort" if self.fort[enemy] else "Bastion")
            words = Msg(N_("the automaton")) if self._is_ai(enemy) else Msg(N_("the Fort") if self.fort[enemy]
                                                                            else N_("the Bastion"))
            english = f"{who} {'attacks again' if again else 'attacks'} {wall} for {power}."
            if again:
                if not self.quiet:
                    self.reports.append(Spoken(english, N_("{owner} {card} attacks again {wall} for {power}."),
                                               you=N_("Your {card} attacks again {wall} for {power}."), wall=words, **said))
            else:
                if not self.quiet:
                    self.reports.append(Spoken(english, N_("{owner} {card} attacks {wall} for {power}."),
                                               you=N_("Your {card} attacks {wall} for {power}."), wall=words, **said))
            self._damage_player(enemy, power)
            return
        target = self.lanes[enemy][lane][0]
        english = (f"{who} {'attacks again' if again else 'attacks'} {name_of(target[0])} "
                   f"in the {LANES[lane]} lane for {power}.")
        if again:
            if not self.quiet:
                self.reports.append(Spoken(english, N_("{owner} {card} attacks again {target} {lane} for {power}."),
                                           you=N_("Your {card} attacks again {target} {lane} for {power}."),
                                           target=_word(target[0]), lane=lane_msg(lane, 1), **said))
        else:
            if not self.quiet:
                self.reports.append(Spoken(english, N_("{owner} {card} attacks {target} {lane} for {power}."),
                                           you=N_("Your {card} attacks {target} {lane} for {power}."),
                                           target=_word(target[0]), lane=lane_msg(lane, 1), **said))
        destroyed = self._strike(enemy, lane, 0, power, abil, spell=False)
        if destroyed and abil & BERSERK and self.result is None:
            self.again = (lane, c[0])  # Berserk: attack again (after any return order is chosen)

    def _strike(self, side: int, lane: int, pos: int, power: int, abil: int, spell: bool) -> int:
        """Hit the creature at (side, lane, pos), plus Splash and Perforation; return how many died."""
        hits = [(lane, pos)]
        if abil & SPLASH and pos < len(self.lanes[side][1 - lane]):
            hits.append((1 - lane, pos))
        if abil & PERFORATION and pos + 1 < len(self.lanes[side][lane]):
            hits.append((lane, pos + 1))
        dead: list[tuple[int, int]] = []
        for ln, p in hits:  # all hits are simultaneous: abilities are read before anything leaves
            if self._hit(side, ln, p, power, spell):
                dead.append((ln, p))
        if not dead:
            return 0
        cards = []
        for ln, p in sorted(dead, key=lambda x: -x[1]):
            cards.append(self.lanes[side][ln].pop(p)[0])
        cards.sort(key=lambda c: name_of(c))
        names = ", ".join(name_of(c) for c in cards)
        words = _words(cards)
        if self._is_ai(side):
            self.ai_discard.extend(cards)
            if not self.quiet:
                self.reports.append(Spoken(f"Destroyed: {names}; to the automaton's discard pile.",
                                           N_("Destroyed: {cards}; to the automaton's discard pile."), cards=words))
        elif len(cards) == 1:
            self._return_to_hand(side, cards[0])
            if not self.quiet:
                self.reports.append(Spoken(f"Destroyed: {names}; it returns to {self._owner(side)} hand.",
                                           N_("Destroyed: {cards}; it returns to {owner} hand."),
                                           you=N_("Destroyed: {cards}; it returns to your hand."),
                                           subject=side, cards=words, owner=self._own(side)))
        else:
            self.pending = cards
            self.pending_owner = side
            if not self.quiet:
                self.reports.append(Spoken(f"Destroyed together: {names}; {self._label(side)} "
                                           f"choose{'' if self.game.solo else 's'} the order they return in.",
                                           N_("Destroyed together: {cards}; {player} chooses the order they return in."),
                                           you=N_("Destroyed together: {cards}; you choose the order they return in."),
                                           subject=side, cards=words, player=self._seat(side)))
        return len(cards)

    def _hit(self, side: int, lane: int, pos: int, damage: int, spell: bool) -> bool:
        """One damage instance; True if the creature is destroyed."""
        if damage <= 0:
            return False
        c = self.lanes[side][lane][pos]
        abil = self.abilities(side, lane, pos)
        if spell and abil & INDESTRUCTIBLE:
            if not self.quiet:
                self.reports.append(Spoken(f"{name_of(c[0])} is Indestructible: the incantation does nothing to it.",
                                           N_("{card} is Indestructible: the incantation does nothing to it."),
                                           card=_word(c[0])))
            return False
        if abil & PROTECTION and not c[2] & PROT_USED:
            c[2] |= PROT_USED
            if not self.quiet:
                self.reports.append(Spoken(f"{name_of(c[0])}'s Protection ignores the damage.",
                                           N_("{card}'s Protection ignores the damage."), card=_word(c[0])))
            return False
        c[1] += damage
        return c[1] >= HEALTH[c[0]]

    def _cast_effect(self, caster: int, card: int, side: int, lane: int, pos: int) -> None:
        self._strike(side, lane, pos, ATTACK[card], OWN[card], spell=True)

    # --- the protocol ---------------------------------------------------------------------
    def to_move(self) -> int | None:
        if self.result is not None:
            return None
        if self.pending:
            return self.pending_owner
        if self.phase == DRAFT:
            return self.drafter()
        if self.phase == PICK:
            return 0 if len(self.picks[0]) < 10 else 1
        if self.phase == BAN:
            return BAN_STEPS[self.ban_step][0]
        return self.active

    def legal_actions(self) -> list[Action]:
        if self.result is not None:
            return []
        if self.pending:
            return [("return", c) for c in self.pending]
        if self.phase == DRAFT:
            return [("draft", c) for c in self.revealed]
        if self.phase == PICK:
            mine = self.picks[0 if len(self.picks[0]) < 10 else 1]
            return [("pick", c) for c in range(NUM_CARDS) if c not in mine]
        if self.phase == BAN:
            target = BAN_STEPS[self.ban_step][1]
            return [("ban", c) for c in self.picks[target] if c not in self.bans[target]]
        out: list[Action] = []
        targets = [(s, ln, p) for s in (0, 1) for ln in (0, 1) for p in range(len(self.lanes[s][ln]))]
        for c in self._playable():
            if IS_CREATURE[c]:
                if self.phase == SUMMON:
                    out.append(("summon", c, TOP))
                    out.append(("summon", c, BOTTOM))
            else:
                out.extend(("cast", c, s, ln, p) for s, ln, p in targets)
        if self.phase == ASSAULT:
            out.append(ATTACK_ACTION if self.next_attacker() is not None else END_ACTION)
        else:
            out.append(END_ACTION)
        return out

    def check_legal(self, action: Action) -> None:
        if self.result is not None:
            raise IllegalAction(Msg(N_("the game is over; no more actions can be played")))
        if action not in self.legal_actions():
            raise IllegalAction(self.explain_illegal(action))

    def explain_illegal(self, action: Action) -> str:
        """Why `action` is not legal, said to the seat to move ("you"; others hear its name): the
        first of the handlers that knows (a return order pending, a draft/pick/ban choice, the
        phase's choices, a summon or cast, a step of the turn), else the legal actions."""
        act = cast(tuple[Any, ...], action)
        text = self.game.format_action(action) if isinstance(action, tuple) and action else repr(action)
        kind = act[0] if isinstance(action, tuple) and action else None
        for handler in (self._illegal_pending, self._illegal_choice, self._illegal_phase, self._illegal_play,
                        self._illegal_step):
            said = handler(act, text, kind)
            if said is not None:
                return said
        legal = self.legal_actions()
        shown = ", ".join(self.game.format_action(a) for a in legal[:12])
        if len(legal) > 12:
            return Spoken(super().explain_illegal(action),
                          N_("{action} is not legal now; legal are: {choices} and {more} more"),
                          action=text, choices=shown, more=len(legal) - 12)
        return Msg(N_("{action} is not legal now; legal are: {choices}"), action=text, choices=shown)

    def _illegal_pending(self, act: tuple[Any, ...], text: str, kind: Any) -> str | None:
        """Cards returning to the deck wait for their owner to order them."""
        if not self.pending:
            return None
        g = self.game
        return Spoken(f"{text} is not legal now: {g.seat_name(self.pending_owner)} must first choose the order in "
                      f"which {', '.join(name_of(c) for c in self.pending)} return (write return CARD)",
                      N_("{action} is not legal now: {player} must first choose the order in which {cards} "
                         "return (write return CARD)"),
                      you=N_("{action} is not legal now: you must first choose the order in which {cards} "
                             "return (write return CARD)"),
                      subject=self.pending_owner, action=text, player=self._seat(self.pending_owner),
                      cards=_words(self.pending))

    def _illegal_choice(self, act: tuple[Any, ...], text: str, kind: Any) -> str | None:
        """A draft, pick or ban of a card that cannot be chosen."""
        if not (self.phase in (DRAFT, PICK, BAN) and kind in ("draft", "pick", "ban") and len(act) == 2):
            return None
        g, seat = self.game, self.to_move()
        card = name_of(act[1])
        if self.phase == DRAFT and kind == "draft":
            shown = ", ".join(name_of(c) for c in self.revealed)
            return Msg(N_("{action} is not legal: {card} is not among the revealed cards: {cards}"),
                       action=text, card=_word(act[1]), cards=shown)
        if self.phase == PICK and kind == "pick":
            return Spoken(f"{text} is not legal: you already picked {card}; pick 10 different cards",
                          N_("{action} is not legal: {player} already picked {card}; 10 different cards are "
                             "picked"),
                          you=N_("{action} is not legal: you already picked {card}; pick 10 different cards"),
                          subject=seat, action=text, player=self._seat(seat or 0), card=_word(act[1]))
        if self.phase == BAN and kind == "ban":
            target = BAN_STEPS[self.ban_step][1]
            shown = ", ".join(name_of(c) for c in self.picks[target] if c not in self.bans[target])
            return Spoken(f"{text} is not legal: {card} is not among {g.seat_name(target)}'s remaining picks: "
                          + shown, N_("{action} is not legal: {card} is not among {owner} remaining picks: {cards}"),
                          action=text, card=_word(act[1]), owner=self._own(target), cards=shown)
        return None

    def _illegal_phase(self, act: tuple[Any, ...], text: str, kind: Any) -> str | None:
        """Any other action in the draft, pick or ban phase: that phase's choices."""
        if self.phase not in (DRAFT, PICK, BAN):
            return None
        g = self.game
        choices = ", ".join(g.format_action(a) for a in self.legal_actions()[:8])
        msgid = {DRAFT: N_("{action} is not legal now: it is the draft phase; choose one of {choices}"),
                 PICK: N_("{action} is not legal now: it is the pick phase; choose one of {choices}"),
                 BAN: N_("{action} is not legal now: it is the ban phase; choose one of {choices}")}[self.phase]
        return Msg(msgid, action=text, choices=choices)

    def _illegal_play(self, act: tuple[Any, ...], text: str, kind: Any) -> str | None:
        """A summon or cast: the card is not at hand, not in reach, too dear, or the wrong kind or time."""
        seat = self.to_move()
        if kind not in ("summon", "cast") or seat is None:
            return None
        card = act[1]
        hand = self.hands[seat]
        said: dict[str, Any] = {"subject": seat, "action": text, "card": _word(card), "player": self._seat(seat),
                                "owner": self._own(seat)}
        if card not in hand:
            return Spoken(f"{text} is not legal: {name_of(card)} is not in your hand",
                          N_("{action} is not legal: {card} is not in {owner} hand"),
                          you=N_("{action} is not legal: {card} is not in your hand"), **said)
        if card not in hand[:4]:
            window = ", ".join(name_of(c) for c in hand[:4])
            return Spoken(f"{text} is not legal: only the 4 leftmost cards of your hand (not counting the Bastion) "
                          f"can be played: {window}",
                          N_("{action} is not legal: only the 4 leftmost cards of {owner} hand (not counting the "
                             "Bastion) can be played: {window}"),
                          you=N_("{action} is not legal: only the 4 leftmost cards of your hand (not counting the "
                                 "Bastion) can be played: {window}"), window=window, **said)
        if len(hand) < 2:
            return Spoken(f"{text} is not legal: at least one card besides the Bastion/Fort must stay in your hand",
                          N_("{action} is not legal: at least one card besides the Bastion/Fort must stay in "
                             "{owner} hand"),
                          you=N_("{action} is not legal: at least one card besides the Bastion/Fort must stay in "
                                 "your hand"), **said)
        if COST[card] > self.mana:
            return Spoken(f"{text} is not legal: {name_of(card)} costs {COST[card]} and you have {self.mana} mana left",
                          N_("{action} is not legal: {card} costs {cost} and {player} has {mana} mana left"),
                          you=N_("{action} is not legal: {card} costs {cost} and you have {mana} mana left"),
                          cost=COST[card], mana=self.mana, **said)
        name = name_of(card)
        if kind == "summon" and not IS_CREATURE[card]:
            return Msg(N_("{action} is not legal: {card} is an incantation; write cast {name} on A|B top|bottom N"),
                       action=text, card=_word(card), name=name)
        if kind == "cast" and IS_CREATURE[card]:
            return Msg(N_("{action} is not legal: {card} is a creature; write summon {name} top|bottom"),
                       action=text, card=_word(card), name=name)
        if kind == "summon":
            return Msg(N_("{action} is not legal: creatures are summoned in the summon phase only; now cast or "
                          "attack"), action=text)
        return Msg(N_("{action} is not legal: there is no creature at that place; target a creature in play"),
                   action=text)

    def _illegal_step(self, act: tuple[Any, ...], text: str, kind: Any) -> str | None:
        """Ending the assault before every creature attacked, or attacking in the summon phase."""
        seat = self.to_move()
        if kind == "end" and self.phase == ASSAULT:
            return Spoken("end is not legal yet: your creatures must all attack first (write attack)",
                          N_("end is not legal yet: {owner} creatures must all attack first (write attack)"),
                          you=N_("end is not legal yet: your creatures must all attack first (write attack)"),
                          subject=seat, owner=self._own(seat or 0))
        if kind == "attack" and self.phase == SUMMON:
            return Msg(N_("attack is not legal now: write end to finish summoning; the assault then begins"))
        return None

    def _apply(self, action: Action) -> None:
        act = cast(tuple[Any, ...], action)
        self.reports = []
        kind = act[0]
        seat = self.to_move()
        assert seat is not None
        if kind == "return":
            self._apply_return(act[1])
        elif kind == "draft":
            self._apply_draft(seat, act[1])
        elif kind == "pick":
            self._apply_pick(seat, act[1])
        elif kind == "ban":
            self._apply_ban(seat, act[1])
        elif kind == "summon":
            self._apply_summon(seat, act[1], act[2])
        elif kind == "cast":
            self._apply_cast(seat, *act[1:])
        elif kind == "end":
            if self.phase == SUMMON:
                self.phase = ASSAULT
            else:
                self._end_turn()
        elif kind == "attack":
            nxt = self.next_attacker()
            assert nxt is not None
            self._attack_from(*nxt)
        self._advance()

    def _apply_pick(self, seat: int, card: int) -> None:
        """The draft's pick: after the tenth of each, both players' cards are revealed."""
        self.picks[seat].append(card)
        if len(self.picks[1]) == 10:
            self.phase = BAN
            if not self.quiet:
                self.reports.append(Spoken(
                    "Both players reveal their 10 cards: "
                    + "; ".join(f"{self._label(s)}: " + ", ".join(name_of(c) for c in self.picks[s]) for s in (0, 1))
                    + ".",
                    N_("Both players reveal their 10 cards: {player_a}: {cards_a}; {player_b}: {cards_b}."),
                    player_a=self._seat(0), cards_a=_words(self.picks[0]),
                    player_b=self._seat(1), cards_b=_words(self.picks[1])))

    def _apply_ban(self, seat: int, card: int) -> None:
        """A ban of a pick (`BAN_STEPS` says whose); after the last, the duel is set up."""
        target = BAN_STEPS[self.ban_step][1]
        self.bans[target].append(card)
        if not self.quiet:
            self.reports.append(Spoken(f"{self._label(seat).capitalize()} bans {name_of(card)}.",
                                       N_("{player} bans {card}."), you=N_("You ban {card}."), subject=seat,
                                       player=self._seat(seat), card=_word(card)))
        self.ban_step += 1
        if self.ban_step == len(BAN_STEPS):
            self._setup_duel([[c for c in self.picks[s] if c not in self.bans[s]] for s in (0, 1)])

    def _apply_summon(self, seat: int, card: int, lane: int) -> None:
        """A creature from the hand to one of the seat's lanes, paid in mana."""
        self._take_from_hand(seat, card)
        self.mana -= COST[card]
        self.lanes[seat][lane].append([card, 0, NEW, 0])
        if not self.quiet:
            self.reports.append(Spoken(f"{self._label(seat).capitalize()}: {name_of(card)} is summoned to the "
                                       f"{LANES[lane]} lane.", N_("{owner} {card} is summoned {lane}."),
                                       you=N_("Your {card} is summoned {lane}."), subject=seat,
                                       owner=self._own(seat), card=_word(card), lane=lane_msg(lane, 2)))
        self._check_bastion(seat)

    def _apply_cast(self, seat: int, card: int, side: int, lane: int, pos: int) -> None:
        """An incantation from the hand on a creature; it finishes once its effect needs no choice."""
        self._take_from_hand(seat, card)
        self.mana -= COST[card]
        aim = self.lanes[side][lane][pos][0]
        where = f"{self.game.side_label(side)} {LANES[lane]} {pos + 1}"
        if not self.quiet:
            self.reports.append(Spoken(f"{self._label(seat).capitalize()}: {name_of(card)} is cast on "
                                       f"{name_of(aim)} ({where}).", N_("{owner} {card} is cast on {target} ({where})."),
                                       you=N_("Your {card} is cast on {target} ({where})."), subject=seat,
                                       owner=self._own(seat), card=_word(card), target=_word(aim), where=where))
        self.pending_spell = (seat, card)
        self._cast_effect(seat, card, side, lane, pos)
        if not self.pending:
            self._finish_spell()

    def _finish_spell(self) -> None:
        """The incantation returns to the rightmost position, after the creatures it destroyed."""
        if self.pending_spell is not None:
            seat, card = self.pending_spell
            self.pending_spell = None
            self._return_to_hand(seat, card)
            self._check_bastion(seat)

    def _apply_return(self, card: int) -> None:
        owner = self.pending_owner
        self.pending.remove(card)
        self._return_to_hand(owner, card)
        if not self.quiet:
            self.reports.append(self._returns(owner, card))
        if len(self.pending) == 1:
            last = self.pending.pop()
            self._return_to_hand(owner, last)
            if not self.quiet:
                self.reports.append(self._returns(owner, last))
        if not self.pending:
            self._finish_spell()

    def _returns(self, side: int, card: int) -> Spoken:
        return Spoken(f"{name_of(card)} returns to {self._owner(side)} hand.", N_("{card} returns to {owner} hand."),
                      you=N_("{card} returns to your hand."), subject=side, card=_word(card), owner=self._own(side))

    def _apply_draft(self, seat: int, card: int) -> None:
        self.revealed.remove(card)
        self.picks[seat].append(card)
        if not self.quiet:
            self.reports.append(Spoken(f"{self._label(seat).capitalize()} draft{'' if self.game.solo else 's'} {name_of(card)}.",
                                       N_("{player} drafts {card}."), you=N_("You draft {card}."), subject=seat,
                                       player=self._seat(seat), card=_word(card)))
        if self.game.solo:
            self.picks[1].extend(self.revealed)
            if not self.quiet:
                self.reports.append(Spoken("The automaton gets " + ", ".join(name_of(c) for c in self.revealed) + ".",
                                           N_("The automaton gets {cards}."), cards=_words(self.revealed)))
            self.revealed = []
            if len(self.picks[0]) == 8:
                self.phase = SUMMON
                self._setup_solo(list(self.picks[0]), list(self.picks[1]))
            else:
                self._reveal_four()
            return
        if len(self.revealed) == 1:
            last = self.revealed.pop()
            taker = 1 - seat
            self.picks[taker].append(last)
            if not self.quiet:
                self.reports.append(Spoken(f"{self._label(taker).capitalize()} gets the last card, {name_of(last)}.",
                                           N_("{player} gets the last card, {card}."),
                                           you=N_("You get the last card, {card}."), subject=taker,
                                           player=self._seat(taker), card=_word(last)))
            if len(self.picks[0]) == 8 and len(self.picks[1]) == 8:
                self.phase = SUMMON
                self._setup_duel([list(self.picks[0]), list(self.picks[1])])
            else:
                self._reveal_four()

    def clone(self) -> ClashState:
        s = ClashState.__new__(ClashState)
        self._clone_base(s)
        s.phase, s.active, s.first, s.turn, s.mana = self.phase, self.active, self.first, self.turn, self.mana
        s.hands = [self.hands[0].copy(), self.hands[1].copy()]
        s.shown = [self.shown[0].copy(), self.shown[1].copy()]
        s.bastion = self.bastion.copy()
        s.fort = self.fort.copy()
        s.lanes = [[[c.copy() for c in row] for row in side] for side in self.lanes]
        s.pending = self.pending.copy()
        s.pending_owner, s.pending_spell, s.again = self.pending_owner, self.pending_spell, self.again
        s.result = None if self.result is None else self.result.copy()
        s.pile, s.revealed = self.pile.copy(), self.revealed.copy()
        s.picks = [self.picks[0].copy(), self.picks[1].copy()]
        s.bans = [self.bans[0].copy(), self.bans[1].copy()]
        s.ban_step = self.ban_step
        s.ai_deck, s.ai_discard = self.ai_deck.copy(), self.ai_discard.copy()
        s.ai_final, s.ai_spent, s.ai_lane = self.ai_final, self.ai_spent, self.ai_lane
        s.reports = self.reports.copy()
        s.quiet = self.quiet
        return s

    def scores(self) -> list[float]:
        n = self.game.num_players
        if self.result is None:
            return [0.0] * n
        share = 1.0 / max(1, len(self.result))  # a draw: half each
        return [share if s in self.result else 0.0 for s in range(n)]

    def winners(self) -> list[int]:
        return [] if self.result is None else list(self.result)

    # --- what a seat may know ---------------------------------------------------------------
    def view(self, seat: int) -> dict[str, Any]:
        """The board, both life bars, the own hand in order, the places of the opponent's
        cards that returned to its hand (and which cards it holds, not where)."""
        v = self._view(seat)
        v["hand"] = [name_of(c) for c in self.hands[seat]]
        return v

    def public_view(self) -> dict[str, Any]:
        """The board, life bars, revealed and banned cards; of each hand only the places of
        returned cards and which cards it holds; no secret constructed pick."""
        return self._view(None)

    def _view(self, seat: int | None) -> dict[str, Any]:
        solo = self.game.solo
        hands = []
        for s in (0, 1):
            if solo and s == 1:
                continue
            own = s == seat
            cards = [name_of(c) if own or self.shown[s][i] else None for i, c in enumerate(self.hands[s])]
            hand: dict[str, Any] = {"cards": cards, "bastion": self.bastion[s], "fort": self.fort[s],
                                    "size": len(self.hands[s]) + 1}
            if not own:
                hand["unknown"] = sorted(name_of(c) for i, c in enumerate(self.hands[s]) if not self.shown[s][i])
            hands.append(hand)
        board = [[[self._creature_view(s, ln, i) for i in range(len(self.lanes[s][ln]))] for ln in (0, 1)]
                 for s in (0, 1)]
        v: dict[str, Any] = {
            "mode": "solo" if solo else "duel", "format": self.game.format, "seat": seat,
            "phase": self.phase, "to_move": self.to_move(), "active": self.active, "first": self.first,
            "turn": self.turn, "mana": self.mana, "hands": hands, "board": board,
            "pending": [name_of(c) for c in self.pending], "pending_owner": self.pending_owner,
            "reports": [str(r) for r in self.reports], "result": self.result,
            "said": [to_data(r) if isinstance(r, Msg) else to_data(Msg(str(r))) for r in self.reports],
            "scores": self.scores(), "winners": self.winners(), "over": self.result is not None,
            "next_attacker": list(nxt) if self.phase == ASSAULT and (nxt := self.next_attacker()) else None,
        }
        if self.phase == DRAFT or self.game.format == "draft":
            v["revealed"] = [name_of(c) for c in self.revealed]
            v["picks"] = [[name_of(c) for c in p] for p in self.picks]
        if self.game.format == "constructed":
            picking = self.phase == PICK
            v["picks"] = [[name_of(c) for c in p] if (s == seat or not picking) else [None] * len(p)
                          for s, p in enumerate(self.picks)]
            v["bans"] = [[name_of(c) for c in b] for b in self.bans]
        if solo:
            v["ai"] = {"deck_size": len(self.ai_deck), "deck_cards": sorted(name_of(c) for c in self.ai_deck),
                       "discard": [name_of(c) for c in self.ai_discard], "fort": self.fort[1], "final": self.ai_final,
                       "difficulty": self.game.difficulty, "points": self.game.points}
        return v

    def _creature_view(self, side: int, lane: int, i: int) -> dict[str, Any]:
        from cardhall.games.clash_of_decks.abilities import ability_names

        c = self.lanes[side][lane][i]
        return {"name": name_of(c[0]), "attack": ATTACK[c[0]], "health": HEALTH[c[0]], "damage": c[1],
                "abilities": ability_names(self.abilities(side, lane, i)), "new": bool(c[2] & NEW),
                "attacked": bool(c[2] & ATTACKED), "protection_used": bool(c[2] & PROT_USED), "bonus": c[3]}

    def events(self, action: Action, actor: int, viewer: Viewer,
               before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
        """The action (a constructed pick only to its picker), what it did on the board as
        the viewer sees it (creatures damaged, destroyed, cards back in a hand, Bastions hit,
        a new turn), a new hand's order only to its owner, and the engine's own public
        sentences as `report` events (`text` the English, `say` the message to say in any
        language; the first one of a summon, cast, draft, ban or return
        restates the action: `restates` marks it)."""
        act = cast(tuple[Any, ...], action)
        kind = act[0]
        move: Event = {"type": kind, "seat": actor}
        if kind != "pick" or viewer == actor:
            move["action"] = self.game.format_action(action)
            if len(act) > 1:
                move["card"] = name_of(act[1])
            if kind == "end":  # which phase it ends: the summon phase (the assault starts) or the turn
                move["phase"] = before["phase"]
            elif kind == "summon":
                move["lane"] = LANES[act[2]]
            elif kind == "cast":
                _, _, side, lane, pos = act
                move.update(side=side, lane=LANES[lane], position=pos + 1,
                            target=before["board"][side][lane][pos]["name"])
        out = [move, *_board_events(before, after)]
        dealt = after["phase"] in (SUMMON, ASSAULT, AI_SUMMON) and before["phase"] in (DRAFT, PICK, BAN)
        if dealt and viewer is not None:  # the order of a new hand: only its owner knows it
            out.append({"type": "hand_dealt", "hand": list(after["hands"][viewer]["cards"])})
        restated = kind in ("summon", "cast", "draft", "ban", "return")
        for i, text in enumerate(self.reports):
            report: Event = {"type": "report", "text": str(text)}
            if isinstance(text, Msg):  # what the text says it in the reader's language
                report["say"] = to_data(text)
            if i == 0 and restated:
                report["restates"] = True
            out.append(report)
        return out + self._over_events(before, after)

    def sample(self, seat: int, rng: random.Random) -> ClashState:
        """Re-deal what `seat` cannot see: the opponent's unknown hand places, the draft pile,
        the opponent's secret constructed picks, the automaton's deck order."""
        s = self.clone()
        s.seed, s.chance, s.actions = rng.randrange(MAX_SEED), 0, []
        s.quiet = True  # searched, never shown: the play is the same, the sentences are not made
        if not self.game.solo:
            o = 1 - seat
            places = [i for i, known in enumerate(s.shown[o]) if not known]
            cards = sorted(s.hands[o][i] for i in places)  # sorted: the true order must not shape the sample
            rng.shuffle(cards)
            for i, c in zip(places, cards, strict=True):
                s.hands[o][i] = c
            if s.phase == PICK:
                n = len(s.picks[o])
                s.picks[o] = rng.sample(range(NUM_CARDS), n)
        for hidden in (s.pile, s.ai_deck):
            hidden.sort()
            rng.shuffle(hidden)
        return s

    # --- JSON ---------------------------------------------------------------------------
    def _to_dict(self) -> dict[str, Any]:
        def names(cards: list[int]) -> list[str]:
            return [name_of(c) for c in cards]

        return {
            "chance": self.chance, "phase": self.phase, "active": self.active, "first": self.first,
            "turn": self.turn, "mana": self.mana,
            "hands": [names(h) for h in self.hands], "shown": [list(x) for x in self.shown],
            "bastion": list(self.bastion), "fort": list(self.fort),
            "lanes": [[[{"card": name_of(c[0]), "damage": c[1], "new": bool(c[2] & NEW),
                         "attacked": bool(c[2] & ATTACKED), "protection_used": bool(c[2] & PROT_USED),
                         "bonus": c[3]} for c in row] for row in side] for side in self.lanes],
            "pending": names(self.pending), "pending_owner": self.pending_owner,
            "pending_spell": None if self.pending_spell is None else [self.pending_spell[0], name_of(self.pending_spell[1])],
            "again": None if self.again is None else [self.again[0], name_of(self.again[1])],
            "result": self.result,
            "draft_pile": names(self.pile), "revealed": names(self.revealed),
            "picks": [names(p) for p in self.picks], "bans": [names(b) for b in self.bans], "ban_step": self.ban_step,
            "ai_deck": names(self.ai_deck), "ai_discard": names(self.ai_discard), "ai_final": self.ai_final,
            "ai_spent": self.ai_spent, "ai_lane": self.ai_lane, "events": [str(r) for r in self.reports],
        }

    def check_consistency(self) -> None:
        """Each player's cards are all somewhere exactly once; Bastion positions are valid."""
        if self.phase in (SUMMON, ASSAULT, AI_SUMMON, OVER):
            everything: list[int] = []
            for s in (0, 1):
                if self._is_ai(s):
                    cards = self.ai_deck + self.ai_discard + [c[0] for row in self.lanes[1] for c in row]
                else:
                    cards = self.hands[s] + [c[0] for row in self.lanes[s] for c in row]
                    if self.pending_owner == s:
                        cards += self.pending
                    if self.pending_spell is not None and self.pending_spell[0] == s:
                        cards.append(self.pending_spell[1])
                    if not 0 <= self.bastion[s] <= len(self.hands[s]):
                        raise StateFormatError(f"{self._owner(s).capitalize()} Bastion is at position {self.bastion[s] + 1}, "
                                               f"outside a hand of {len(self.hands[s]) + 1} cards")
                    spell_out = self.pending_spell is not None and self.pending_spell[0] == s
                    if self.bastion[s] == len(self.hands[s]) and self.result is None and not spell_out:
                        raise StateFormatError(f"{self._owner(s).capitalize()} Bastion/Fort is at the rightmost position "
                                               "but the game is not over")
                if len(set(cards)) != len(cards):
                    dup = sorted({name_of(c) for c in cards if cards.count(c) > 1})
                    raise StateFormatError(f"{self._label(s)} has {', '.join(dup)} in two places at once")
                everything += cards
            if self.game.format != "constructed" and len(set(everything)) != len(everything):
                dup = sorted({name_of(c) for c in everything if everything.count(c) > 1})
                raise StateFormatError(f"{', '.join(dup)} belong to both sides; only in the constructed format "
                                       "does each player own a full set")
        for side in self.lanes:
            for row in side:
                for c in row:
                    if not 0 <= c[1] < HEALTH[c[0]]:
                        raise StateFormatError(f"{name_of(c[0])} has {c[1]} damage; a creature in play has "
                                               f"0 to {HEALTH[c[0]] - 1}")


def _board_events(before: dict[str, Any], after: dict[str, Any]) -> list[Event]:
    """What changed on the board and in the life bars between two views of one viewer."""
    out: list[Event] = []
    if after["turn"] > before["turn"]:
        out.append({"type": "turn_started", "seat": after["active"], "turn": after["turn"], "mana": after["mana"]})
    for side in (0, 1):
        for lane in (0, 1):
            was = {c["name"]: c for c in before["board"][side][lane]}
            now = {c["name"]: c for c in after["board"][side][lane]}
            for name, c in was.items():
                where = {"side": side, "lane": LANES[lane], "card": name}
                if name not in now:
                    out.append({"type": "creature_destroyed", **where})
                elif now[name]["damage"] > c["damage"]:
                    out.append({"type": "creature_damaged", **where, "damage": now[name]["damage"]})
    for side, (old, new) in enumerate(zip(before["hands"], after["hands"], strict=True)):
        if old["bastion"] != new["bastion"] or old["fort"] != new["fort"]:
            out.append({"type": "bastion_moved", "side": side, "place": new["bastion"] + 1, "fort": new["fort"]})
        back = [n for n in new["cards"] if n is not None]
        for n in old["cards"]:
            if n is not None and n in back:
                back.remove(n)
        if back and before["phase"] not in (DRAFT, PICK, BAN):
            out.append({"type": "returned_to_hand", "side": side, "cards": back})
    return out
