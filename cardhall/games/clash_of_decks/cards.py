"""The Starter Kit's 32 cards, loaded from `starter.json` and validated at import.

`starter.json` is a copy of `shared/data/clash-of-decks-starter.json`; its `_about` field
says where the numbers come from (the printed cards). Abilities are named in the file and
implemented once, by name, in `abilities.py`; a new expansion's cards can be added as data
as long as their abilities already exist there.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from importlib import resources
from typing import Any

from cardhall.core.errors import CardhallError
from cardhall.games.clash_of_decks.abilities import ABILITY_BITS, ability_mask

DATA_FILE = "starter.json"
CREATURE, INCANTATION = "creature", "incantation"


# The four preconstructed decks as the rulebook (the seed) lists them; the file must agree.
RULEBOOK_DECKS = (
    ("ANNIHILATION", "BARON", "BOOM!", "BRUTE", "CARAPACE", "PARTISAN", "REVENANT", "TROLL"),
    ("ABOMINATION", "ALPHA", "COMBUSTION", "LIEUTENANT", "MICROCTOPUS", "OGRE", "SCRIBE", "SHAMAN"),
    ("BRIGAND", "DISCIPLE", "GNOME", "GRRR", "MARTYR", "METEORITE", "PARASITE", "VORTEX"),
    ("ABERRATION", "ASSASSIN", "CARNIVORE", "CYCLONE", "MACHINE", "MUTANT", "REPTILE", "ZOMBIE"),
)


class CardDataError(CardhallError):
    """The card file is malformed or inconsistent."""


@dataclass(frozen=True, slots=True)
class Card:
    """One printed card. Creatures have attack and health; incantations have damage."""

    id: int
    name: str
    kind: str
    deck: int
    cost: int
    attack: int  # a creature's attack; an incantation's damage
    health: int  # 0 for incantations
    abilities: int  # bit mask (abilities.py)
    aura: int  # abilities given to the two neighbours in the lane
    number: int

    @property
    def is_creature(self) -> bool:
        return self.kind == CREATURE


def _need_int(where: str, entry: dict[str, Any], key: str, low: int, high: int) -> int:
    value = entry.get(key)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise CardDataError(f"{where}: field {key!r} must be a whole number from {low} to {high}, got {value!r}")
    return value


def parse_cards(data: Any, source: str = DATA_FILE) -> tuple[Card, ...]:
    """Check a card file's content and return its cards; raise `CardDataError` saying what is wrong."""
    if not isinstance(data, dict) or not isinstance(data.get("cards"), list):
        raise CardDataError(f"{source}: expected a JSON object with a 'cards' list")
    declared = data.get("abilities")
    if not isinstance(declared, list) or not all(isinstance(a, str) for a in declared):
        raise CardDataError(f"{source}: 'abilities' must be a list of ability names")
    unknown = [a for a in declared if a not in ABILITY_BITS]
    if unknown:
        raise CardDataError(f"{source}: abilities {unknown} are not implemented; known are {sorted(ABILITY_BITS)}")
    cards: list[Card] = []
    names: set[str] = set()
    for i, entry in enumerate(data["cards"]):
        if not isinstance(entry, dict):
            raise CardDataError(f"{source}: card {i} must be an object")
        name = entry.get("name")
        if not isinstance(name, str) or not name or not name.replace("!", "").isalpha() or name != name.upper():
            raise CardDataError(f"{source}: card {i} needs an upper-case 'name', got {name!r}")
        where = f"{source}: card {name}"
        if name in names:
            raise CardDataError(f"{where} appears twice; card names must be unique")
        names.add(name)
        kind = entry.get("kind")
        if kind not in (CREATURE, INCANTATION):
            raise CardDataError(f"{where}: 'kind' must be 'creature' or 'incantation', got {kind!r}")
        cost = _need_int(where, entry, "cost", 0, 20)
        deck = _need_int(where, entry, "deck", 1, 4)
        number = _need_int(where, entry, "collector_number", 1, 999)
        for key in ("abilities", "aura"):
            listed = entry.get(key, [])
            if not isinstance(listed, list) or any(a not in declared for a in listed):
                raise CardDataError(f"{where}: {key!r} must list abilities among {declared}, got {listed!r}")
        if kind == CREATURE:
            attack = _need_int(where, entry, "attack", 0, 20)
            health = _need_int(where, entry, "health", 1, 20)
            if "damage" in entry:
                raise CardDataError(f"{where}: a creature has attack and health, not 'damage'")
        else:
            attack = _need_int(where, entry, "damage", 0, 20)
            health = 0
            if "attack" in entry or "health" in entry or entry.get("aura"):
                raise CardDataError(f"{where}: an incantation has 'damage' only (no attack, health or aura)")
        cards.append(Card(len(cards), name, kind, deck, cost, attack, health,
                          ability_mask(entry.get("abilities", [])), ability_mask(entry.get("aura", [])), number))
    if len(cards) != 32:
        raise CardDataError(f"{source}: the Starter Kit has 32 cards, the file has {len(cards)}")
    for d in (1, 2, 3, 4):
        n = sum(c.deck == d for c in cards)
        if n != 8:
            raise CardDataError(f"{source}: preconstructed deck {d} must have 8 cards, the file gives it {n}")
    for d, listed in enumerate(RULEBOOK_DECKS, 1):
        got = sorted(c.name for c in cards if c.deck == d)
        if got != sorted(listed):
            raise CardDataError(f"{source}: deck {d} is {got}, but the rulebook lists {sorted(listed)}")
    if len({c.number for c in cards}) != len(cards):
        raise CardDataError(f"{source}: collector numbers must be unique")
    return tuple(cards)


def load_cards() -> tuple[Card, ...]:
    """The packaged Starter Kit."""
    path = resources.files(__package__).joinpath(DATA_FILE)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except json.JSONDecodeError as exc:
        raise CardDataError(f"{DATA_FILE} is not valid JSON ({exc.msg} at line {exc.lineno})") from None
    return parse_cards(data)


CARDS: tuple[Card, ...] = load_cards()
BY_NAME: dict[str, int] = {c.name: c.id for c in CARDS}
NUM_CARDS = len(CARDS)
DECKS: tuple[tuple[int, ...], ...] = tuple(tuple(c.id for c in CARDS if c.deck == d) for d in (1, 2, 3, 4))
ATTACK = tuple(c.attack for c in CARDS)
HEALTH = tuple(c.health for c in CARDS)
COST = tuple(c.cost for c in CARDS)
OWN = tuple(c.abilities for c in CARDS)
AURA = tuple(c.aura for c in CARDS)
IS_CREATURE = tuple(c.is_creature for c in CARDS)


def card_id(name: str) -> int:
    """The id of the card called `name` (any case); raise `KeyError` if there is none."""
    return BY_NAME[name.strip().upper()]
