"""5 Towers cards and action notation.

A card is an int ``colour * 16 + value`` (value 0–15). The two copies of a 4+ card are the
same int: they are indistinguishable at the table, so moves that differ only in which copy
is taken are one move.

Colour letters (upper or lower case; the tower's name or colour in words also reads):

    P  Candy  (pink)        V  Spooky (purple, violet)   G  Tree (green-brown)
    S  Scrap  (grey)        Y  Sand   (yellow)

Actions:

    bid 3                                     a bid (int 0–5)
    pass                                      a pass (PASS = -1)
    take Y7 Y5 P9; demolish Y6; place P9 Y7 Y5
                                              a build: (demolished card or -1, placement)

The placement of a build lists the cards in the order they go on the towers; in the
canonical form (what `format_action` writes) colours come in the order P V G S Y and each
colour's cards bottom to top, so two placement orders giving the same towers are one action.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from cardhall.core.errors import NotationError
from cardhall.core.i18n import N_, NP_, Msg

COLOURS = "PVGSY"
# Translators: the names of the five towers (and of their cards: "Sand 7"), as the rulebook names them.
TOWER_NAMES = (NP_("tower", "Candy"), NP_("tower", "Spooky"), NP_("tower", "Tree"), NP_("tower", "Scrap"),
               NP_("tower", "Sand"))
"""The towers' names in English (message context ``tower``)."""
# Translators: "the Candy tower" where cards are placed ("on the Candy tower").
TOWER_ONTO = (NP_("tower, onto", "the Candy tower"), NP_("tower, onto", "the Spooky tower"),
              NP_("tower, onto", "the Tree tower"), NP_("tower, onto", "the Scrap tower"),
              NP_("tower, onto", "the Sand tower"))
# Translators: "the Candy tower" whose top card is demolished ("from the top of the Candy tower").
TOWER_OF = (NP_("tower, of", "the Candy tower"), NP_("tower, of", "the Spooky tower"),
            NP_("tower, of", "the Tree tower"), NP_("tower, of", "the Scrap tower"),
            NP_("tower, of", "the Sand tower"))
# Translators: "Candy tower" that a player does not have ("there is no Candy tower to demolish").
TOWER_MISSING = (NP_("tower, missing", "Candy tower"), NP_("tower, missing", "Spooky tower"),
                 NP_("tower, missing", "Tree tower"), NP_("tower, missing", "Scrap tower"),
                 NP_("tower, missing", "Sand tower"))
# Translators: the colours of the towers' cards.
COLOUR_NAMES = (N_("pink"), N_("purple"), N_("green-brown"), N_("grey"), N_("yellow"))
EMPTY = 16
"""The virtual top of a colour with no tower: any card may start it."""

PASS = -1
NO_DEMOLISH = -1

Build = tuple[int, tuple[int, ...]]
"""A build action: (demolished card or NO_DEMOLISH, placement in canonical order)."""

_ALIASES: dict[str, int] = {}
for _i, _words in enumerate((
    ("p", "candy", "sugar", "pink"),
    ("v", "spooky", "scary", "purple", "violet"),
    ("g", "tree", "wood", "green", "brown", "green-brown"),
    ("s", "scrap", "grey", "gray"),
    ("y", "sand", "yellow"),
)):
    for _w in _words:
        _ALIASES[_w] = _i

# A card read where it starts (never searched for): possessive quantifiers, so reading is linear
# in the text's length whatever it holds (a search with backtracking was quadratic on "take AAAA…").
_CARD_RE = re.compile(r"([a-z]++(?:-[a-z]++)*+)\s*+-?\s*+(\d++)", re.IGNORECASE)
_SEPARATORS = re.compile(r"[\s,]*+")
_WORD = re.compile(r"[^\s,]*+")


def card(colour: int, value: int) -> int:
    return colour * 16 + value


def colour_of(c: int) -> int:
    return c >> 4


def value_of(c: int) -> int:
    return c & 15


def format_card(c: int) -> str:
    """`Y7`."""
    return f"{COLOURS[c >> 4]}{c & 15}"


def format_cards(cards: Any) -> str:
    return " ".join(format_card(c) for c in cards)


def parse_colour(text: str) -> int:
    key = text.strip().lower()
    if key not in _ALIASES:
        raise NotationError(Msg(N_("{text} is not a tower colour; write one of P V G S Y (Candy, Spooky, Tree, Scrap, "
                                   "Sand)"), text=repr(text)))
    return _ALIASES[key]


def parse_card(text: str) -> int:
    """Read `Y7`, `y 7`, `sand7`, `Sand 7`; raise `NotationError` otherwise."""
    cards = parse_cards(text)
    if len(cards) != 1:
        raise NotationError(Msg(N_("{text} is not one card; write a colour letter and a value, e.g. Y7"),
                                text=repr(text)))
    return cards[0]


def parse_cards(text: str) -> list[int]:
    """Read a list of cards separated by spaces or commas (in time linear in the text's length:
    each card is read where it starts; a part that is not a card is named in the error)."""
    body = text.strip()
    out: list[int] = []
    pos = _SEPARATORS.match(body).end()  # type: ignore[union-attr]  # matches everywhere (may be empty)
    while pos < len(body):
        m = _CARD_RE.match(body, pos)
        if m is None:
            word = _WORD.match(body, pos)
            raise NotationError(_unreadable(word[0] if word and word[0] else body[pos], text))
        colour = parse_colour(m.group(1))
        value = int(m.group(2)) if len(m.group(2)) < 4 else 16
        if value > 15:
            raise NotationError(Msg(N_("{card}: card values go from 0 to 15"), card=repr(m.group(0))))
        out.append(card(colour, value))
        pos = _SEPARATORS.match(body, m.end()).end()  # type: ignore[union-attr]
    return out


def _unreadable(part: str, text: str) -> Msg:
    return Msg(N_("cannot read {part} in {text}; cards are written like Y7 P15 S0"), part=repr(part),
               text=repr(text.strip()))


def canonical_placement(cards: list[int] | tuple[int, ...]) -> tuple[int, ...]:
    """Order a placement by colour (P V G S Y), keeping each colour's own order."""
    return tuple(sorted(cards, key=colour_of))  # sorted() is stable


def take_order(cards: tuple[int, ...]) -> list[int]:
    """The cards of a build as the `take` clause lists them: by colour, high to low."""
    return sorted(cards, key=lambda c: (c >> 4, -(c & 15)))


def format_action(action: Any) -> str:
    if isinstance(action, int) and not isinstance(action, bool):
        return "pass" if action == PASS else f"bid {action}"
    demolish, placement = action
    parts = [f"take {format_cards(take_order(placement))}"]
    if demolish != NO_DEMOLISH:
        parts.append(f"demolish {format_card(demolish)}")
    parts.append(f"place {format_cards(placement)}")
    return "; ".join(parts)


_USAGE = Msg(N_("write `bid N`, `pass`, or a build like `take Y7 Y5 P9; demolish Y6; place P9 Y7 Y5` "
                "(the demolish clause is optional; `place …` alone also works)"))

_KEYWORDS = {
    "take": "take", "t": "take",
    "demolish": "demolish", "demolition": "demolish", "d": "demolish",
    "place": "place", "build": "place", "p": "place",
}


def parse_bid(text: str) -> int | None:
    """A bid or pass written as `bid 3`, `b3`, `pass`; None if `text` is not one."""
    m = re.fullmatch(r"\s*(?:bid|b)\s*(\d+)\s*", text, re.IGNORECASE)
    if m:
        value = int(m.group(1))
        if value > 5:
            raise NotationError(Msg(N_("{text}: a bid is a number of offer cards, from 0 to 5"),
                                    text=repr(text.strip())))
        return value
    if text.strip().lower() in ("pass", "pas"):
        return PASS
    return None


def parse_clauses(text: str) -> dict[str, Any]:
    """Split a build into its clauses: {'take': [...], 'demolish': card|colour str|None, 'place': [...]}."""
    out: dict[str, Any] = {}
    for raw in re.split(r"[;\n]", text):
        clause = raw.strip()
        if not clause:
            continue
        m = re.match(r"([a-z]+)\b\s*:?\s*(.*)$", clause, re.IGNORECASE | re.DOTALL)
        key = _KEYWORDS.get(m.group(1).lower()) if m else None
        if m is None or key is None:
            raise NotationError(Msg(N_("cannot read {clause}; {usage}"), clause=repr(clause), usage=_USAGE))
        if key in out:
            raise NotationError(Msg(N_("{text} has two {key} clauses; {usage}"), text=repr(text.strip()), key=key,
                                    usage=_USAGE))
        body = m.group(2).strip()
        if key == "demolish":
            if body.lower() in ("", "none", "nothing", "-"):
                out[key] = None
            elif re.fullmatch(r"[a-z-]+", body, re.IGNORECASE):
                out[key] = parse_colour(body)  # a colour only: the state supplies the top
            else:
                out[key] = ("card", parse_card(body))
        else:
            cards = parse_cards(body)
            if not cards:
                raise NotationError(Msg(N_("the {key} clause of {text} names no cards; {usage}"), key=key,
                                        text=repr(text.strip()), usage=_USAGE))
            out[key] = cards
    if not out:
        raise NotationError(Msg(N_("empty action; {usage}"), usage=_USAGE))
    return out


def parse_action(text: str) -> Any:
    """Read an action without a position (exactly what `format_action` writes, and variations)."""
    bid = parse_bid(text)
    if bid is not None:
        return bid
    clauses = parse_clauses(text)
    return build_from_clauses(clauses, text)


def build_from_clauses(clauses: dict[str, Any], text: str) -> Build:
    demolish = clauses.get("demolish")
    if isinstance(demolish, int):
        raise NotationError(Msg(N_("{text}: write the demolished card with its value, e.g. demolish Y6"),
                                text=repr(text.strip())))
    demolished = NO_DEMOLISH if demolish is None else demolish[1]
    take, place = clauses.get("take"), clauses.get("place")
    if place is None:
        raise NotationError(Msg(N_("{text}: say where the cards go with a place clause; {usage}"),
                                text=repr(text.strip()), usage=_USAGE))
    if take is not None and Counter(take) != Counter(place):
        raise NotationError(Msg(
            N_("{text}: the cards taken ({taken}) and placed ({placed}) differ; every card taken must be placed"),
            text=repr(text.strip()), taken=format_cards(take), placed=format_cards(place)))
    return demolished, canonical_placement(place)
