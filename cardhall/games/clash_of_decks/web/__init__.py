"""This game's pictures at the browser's table page: presenter.js (what the page draws for its view)
and its CSS, served at /games/<game>/web/ by cardhall.web.presenters, and the cards' data the
presenter draws the hand with (`page_data`, served as data.json)."""

from __future__ import annotations

from typing import Any

from cardhall.games.clash_of_decks.abilities import ability_names
from cardhall.games.clash_of_decks.cards import CARDS


def page_data() -> dict[str, Any]:
    """Each card of the Starter Kit by name: its kind, cost, attack and health (a creature) or
    damage (an incantation), its abilities and the abilities its Aura gives, named as in the card
    file (the presenter translates them in the context ``ability``)."""
    cards: dict[str, Any] = {}
    for c in CARDS:
        numbers = {"attack": c.attack, "health": c.health} if c.is_creature else {"damage": c.attack}
        cards[c.name] = {"kind": c.kind, "cost": c.cost, **numbers, "abilities": ability_names(c.abilities),
                         "aura": ability_names(c.aura)}
    return {"cards": cards}
