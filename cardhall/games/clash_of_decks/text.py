"""Clash of Decks in words: the two-lane board, the hand as life bar, the turn, the choices.

Everything is rendered from `view(seat)`, so nothing hidden can be shown. Every sentence is
said in the reader's language (`self.tr`); "you" sentences are written apart from those that
name a side. Card names are notation where a player types them ("summon OGRE top") and words
in sentences (`word`, translated in the context ``card name``).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence
from typing import Any, cast

from cardhall.core.game import Action, Event, Viewer
from cardhall.core.i18n import N_, NP_, Msg
from cardhall.core.text import Shortcut, TextUI
from cardhall.games.clash_of_decks.abilities import ability_names
from cardhall.games.clash_of_decks.cards import BY_NAME, CARDS
from cardhall.games.clash_of_decks.game import LANES, TURN, name_of
from cardhall.games.clash_of_decks.words import (
    ABILITY,
    ABILITY_RULES,
    CARD_NAME,
    DUEL_OWNERS,
    DUEL_SEATS,
    PHASES,
    from_data,
    lane,
    owner,
    seat,
)

DRAFTING = ("draft", "pick", "ban")
LANE_SHORT = (NP_("lane, short", "top"), NP_("lane, short", "bottom"))
FORMATS = {"precon": NP_("format", "precon"), "draft": NP_("format", "draft"),
           "constructed": NP_("format", "constructed")}


NOTATION_WORDS = {"A": N_("player A's side"), "B": N_("player B's side"),
                  "top": N_("the top lane"), "bottom": N_("the bottom lane")}
"""The notation's sides and lanes in words (the browser's picker names a step by them)."""
VERB_WORDS = {"summon": NP_("notation word", "summon"), "cast": NP_("notation word", "cast"),
              "on": NP_("notation word", "on")}
"""The notation's verbs in words, for choices told apart by their notation said in words
("summon SHAMAN the top lane: …"): a listener who chooses with buttons hears no notation."""

# The engine's attack sentences, and the same without their owner: after the first attack of a
# change, the others are the same side's (only the active side attacks), so its name is not said again.
ATTACKS = {
    "{owner} {card} attacks {wall} for {power}.": N_("{card} attacks {wall} for {power}."),
    "{owner} {card} attacks again {wall} for {power}.": N_("{card} attacks again {wall} for {power}."),
    "{owner} {card} attacks {target} {lane} for {power}.": N_("{card} attacks {target} {lane} for {power}."),
    "{owner} {card} attacks again {target} {lane} for {power}.": N_("{card} attacks again {target} {lane} for {power}."),
}
SAME_LANE = {
    "{owner} {card} attacks {target} {lane} for {power}.": N_("{card} attacks {target} for {power}."),
    "{owner} {card} attacks again {target} {lane} for {power}.": N_("{card} attacks again {target} for {power}."),
}
"""An attack in the lane of the change's attack before it: without the lane either."""
WALL_HIT = ("{player} takes {damage} damage: the Bastion moves to place {place} of {size}.",
            "{player} takes {damage} damage: the Fort moves to place {place} of {size}.")
FLIP = "{owner} Bastion is destroyed and flips to the Fort."
FORT_DOWN = ("{owner} Fort is destroyed. {winner} wins.", "{owner} Fort is destroyed. The automaton wins.")
"""The end of a duel or a solo game: who wins is the result's line, so the combat says "destroyed"."""
BACK = ("Destroyed: {cards}; it returns to {owner} hand.", "Destroyed: {cards}; to the automaton's discard pile.")
PROTECTED = "{card}'s Protection ignores the damage."
MILLED = "The automaton takes {damage} damage: {cards} go to its discard pile."
"""The engine's sentences that tell what an attack or a spell did: said after it, in one line."""


class GameTextUI(TextUI):
    """The text of Clash of Decks. In a duel the sides are the people at them ("Bot (medium)",
    "Ann"; `TextUI.people`), as the table's picture shows them; "Player A" and "Player B" only where
    no one is known (the terminal, a replay). Alone, the sides are "the player" and "the automaton"."""

    people_named = True

    def seat(self, seat: int) -> str:
        return self.seat_name(seat) if self.game.options["solo"] else super().seat(seat)

    def owner_of(self, side: int, solo: bool = False) -> str:
        """A side as an owner: the person's ("Bot (medium)'s", «игрока Ann») where they are known,
        else "Player B's", "the automaton's"."""
        if not solo and self.seat(side) != self.seat_name(side):
            # Translators: a person as the owner of a thing, the {owner} of "{owner} Bastion" (Russian: игрока {player}).
            return self.tr.pgettext("owner", "{player}'s", player=self.seat(side))
        return self.tr.say(owner(side, solo))

    def people_in(self, params: dict[str, Any]) -> dict[str, Any]:
        """A report's parameters (and those of the messages inside them) with its sides ("Player B",
        "Player B's") said as the people at them."""
        out = dict(params)
        for key, value in params.items():
            data = value.get("msg") if isinstance(value, dict) else None
            if not isinstance(data, dict):
                continue
            if data.get("id") in DUEL_SEATS:
                out[key] = self.seat(DUEL_SEATS.index(data["id"]))
            elif data.get("id") in DUEL_OWNERS:
                out[key] = self.owner_of(DUEL_OWNERS.index(data["id"]))
            elif isinstance(data.get("params"), dict):
                out[key] = {**value, "msg": {**data, "params": self.people_in(data["params"])}}
        return out

    # --- words ----------------------------------------------------------------------------
    def token(self, token: str) -> str:
        """A token of the notation in words: a side (`A`, `B`), a lane (`top`, `bottom`), a card
        of the game; other tokens as they are."""
        if token in NOTATION_WORDS:
            return self.tr._(NOTATION_WORDS[token])
        if token in VERB_WORDS:
            return self.tr.pgettext("notation word", VERB_WORDS[token])
        return super().token(token)

    def word(self, name: str) -> str:
        """A card's name as a word in the reader's language."""
        return self.tr.pgettext(CARD_NAME, name)

    def named(self, name: str) -> str:
        """A card's name where the reader may type it: the word, and its notation when they differ."""
        word = self.word(name)
        return name if word == name else self.tr._("{word} [{notation}]", word=word, notation=name)

    def names(self, names: list[str] | tuple[str, ...], typed: bool = True) -> str:
        return ", ".join(self.named(n) if typed else self.word(n) for n in names)

    def ability(self, name: str) -> str:
        return self.tr.pgettext(ABILITY, name)

    def card_text(self, name: str) -> str:
        """A card in words: kind, cost, numbers, abilities."""
        c = CARDS[BY_NAME[name]]
        own = [self.ability(a) for a in ability_names(c.abilities)]
        if c.aura:
            own.append(self.tr._("aura of {abilities}", abilities=", ".join(self.ability(a) for a in ability_names(c.aura))))
        extra = "".join(", " + x for x in own)
        if c.is_creature:
            return self.tr._("{name} (creature, cost {cost}, attack {attack}, health {health}{extra})",
                             name=self.named(name), cost=c.cost, attack=c.attack, health=c.health, extra=extra)
        return self.tr._("{name} (incantation, cost {cost}, damage {damage}{extra})",
                         name=self.named(name), cost=c.cost, damage=c.attack, extra=extra)

    def mine(self, view: dict[str, Any], side: int, seat: Viewer) -> bool:
        """Whether `side` is the reader's own (solo: the player's side is always "yours")."""
        return side == 0 if view["mode"] == "solo" else side == seat

    def owner(self, view: dict[str, Any], side: int) -> str:
        """A side as an owner (the person's, "Player B's", "the automaton's") in the reader's language."""
        return self.owner_of(side, view["mode"] == "solo")

    def player(self, view: dict[str, Any], side: int) -> str:
        return self.tr.say(seat(side, True)) if view["mode"] == "solo" else self.seat(side)

    # --- the pictures ---------------------------------------------------------------------
    def render(self, view: dict[str, Any], seat: int) -> str:
        if view["phase"] in DRAFTING:  # no hand nor life bars before the game
            return "\n".join(p for p in (self.table(view, seat), self.turn(view, seat)) if p)
        parts = [self.table(view, seat), self.hand(view, seat), self.score(view, seat), self.turn(view, seat)]
        return "\n".join(p for p in parts if p)

    def creature(self, c: dict[str, Any]) -> str:
        tr = self.tr
        notes = []
        if c["damage"]:
            notes.append(tr._("{damage} damage taken", damage=c["damage"]))
        if c["abilities"]:
            notes.append(", ".join(self.ability(a) for a in c["abilities"]))
        if c["bonus"]:
            notes.append(tr._("+{bonus} sprint", bonus=c["bonus"]))
        if c["new"]:
            notes.append(tr._("new"))
        if c["attacked"]:
            notes.append(tr._("attacked"))
        if c["protection_used"]:
            notes.append(tr._("protection used"))
        return tr._("{name}, attack {attack}, health {health}", name=self.word(c["name"]), attack=c["attack"],
                    health=c["health"]) + "".join(", " + n for n in notes)

    def lane_lines(self, view: dict[str, Any], seat: int, ln: int) -> list[str]:
        """One lane, both sides (the reader's first), position 1 next to the bridge."""
        tr = self.tr
        lines = []
        for side in ((seat, 1 - seat) if seat in (0, 1) else (0, 1)):
            creatures = view["board"][side][ln]
            listed = tr.items(f"{i + 1}, {self.creature(c)}" for i, c in enumerate(creatures)) or tr._("empty")
            if self.mine(view, side, seat):
                line = tr._("{lane}, your side, from the bridge: {creatures}.", lane=tr.say(lane(ln)), creatures=listed)
            else:
                line = tr._("{lane}, {owner} side, from the bridge: {creatures}.", lane=tr.say(lane(ln)),
                            owner=self.owner(view, side), creatures=listed)
            lines.append(cap(line))
        return lines

    def lane(self, view: dict[str, Any], seat: int, ln: int) -> str:
        """Shortcuts 1 and 2: the top or the bottom lane, both sides."""
        if view["phase"] in DRAFTING:
            return self.tr._("No lanes yet: the game starts after the draft.")
        return " ".join(self.lane_lines(view, seat, ln))

    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the board, both lanes, position 1 next to the bridge."""
        if view["phase"] in DRAFTING:
            return self.drafting(view, seat)
        tr = self.tr
        lines = [*self.lane_lines(view, seat, 0), *self.lane_lines(view, seat, 1)]
        if view["pending"]:
            waiting = self.names(view["pending"])
            if self.mine(view, view["pending_owner"], seat):
                lines.append(tr._("Waiting to return, in an order you choose: {cards}.", cards=waiting))
            else:
                lines.append(tr._("Waiting to return, in an order {player} chooses: {cards}.",
                                  player=self.player(view, view["pending_owner"]), cards=waiting))
        return "\n".join(lines)

    def drafting(self, view: dict[str, Any], seat: int) -> str:
        tr = self.tr
        lines = []
        if view.get("revealed"):
            lines.append(tr._("Revealed: {cards}", cards=tr.items(self.card_text(n) for n in view["revealed"])))
        for s, picks in enumerate(view.get("picks", [])):
            if view["mode"] == "solo" and s == 1:
                lines.append(tr.ngettext("The automaton has {count} card.", "The automaton has {count} cards.",
                                         len(picks)))
                continue
            shown = ", ".join(self.named(p) if p else tr._("a hidden card") for p in picks) or tr._("nothing yet")
            if self.mine(view, s, seat):
                lines.append(tr._("You picked: {cards}", cards=shown))
            else:
                lines.append(cap(tr._("{player} picked: {cards}", player=self.player(view, s), cards=shown)))
        for s, bans in enumerate(view.get("bans", [])):
            if bans:
                if self.mine(view, s, seat):
                    lines.append(tr._("Banned from you: {cards}", cards=self.names(bans)))
                else:
                    lines.append(tr._("Banned from {player}: {cards}", player=self.player(view, s),
                                      cards=self.names(bans)))
        return "\n".join(lines)

    def hand(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut H: your hand left to right, the Bastion's place and the playable window."""
        tr = self.tr
        if view["phase"] in DRAFTING:
            picks = [p for p in (view.get("picks") or [[]] * 2)[seat] if p] if seat in (0, 1) else []
            mine = self.names(picks) or tr._("none")
            if view["phase"] == "draft":
                return tr._("You have no hand yet: the cards you draft become your deck. Your cards so far: {cards}.",
                            cards=mine)
            return tr._("You have no hand yet: the cards you pick become your deck. Your cards so far: {cards}.",
                        cards=mine)
        hand = view["hands"][seat]
        mana = view["mana"] if view["active"] == seat and view["to_move"] == seat else None
        if hand["fort"]:
            head = tr.ngettext("Your hand, left to right ({count} card; your Fort is at place {place}):",
                               "Your hand, left to right ({count} cards; your Fort is at place {place}):",
                               hand["size"], place=hand["bastion"] + 1)
            wall = tr._("your FORT")
        else:
            head = tr.ngettext("Your hand, left to right ({count} card; your Bastion is at place {place}):",
                               "Your hand, left to right ({count} cards; your Bastion is at place {place}):",
                               hand["size"], place=hand["bastion"] + 1)
            wall = tr._("your BASTION")
        lines = [head]
        place = 1
        for i, name in enumerate(hand["cards"]):
            if i == hand["bastion"]:
                lines.append(f"  {place}. {wall}")
                place += 1
            text = self.card_text(name)
            if i < 4:
                playable = mana is not None and CARDS[BY_NAME[name]].cost <= mana and len(hand["cards"]) > 1
                text = (tr._("{card} — in the window, playable", card=text) if playable
                        else tr._("{card} — in the window", card=text))
            lines.append(f"  {place}. {text}")
            place += 1
        if hand["bastion"] >= len(hand["cards"]):
            lines.append(f"  {place}. {wall}")
        return "\n".join(lines)

    def bar(self, view: dict[str, Any], side: int, seat: Viewer) -> str:
        """A life bar in words: where the Bastion/Fort stands and how far the end is."""
        hand = view["hands"][side]
        numbers = {"place": hand["bastion"] + 1, "size": hand["size"], "left": hand["size"] - 1 - hand["bastion"],
                   "fort": hand["size"] - 1}
        tr = self.tr
        if self.mine(view, side, seat):
            if hand["fort"]:
                return tr._("Your Fort at place {place} of {size}: {left} damage to destroy it.", **numbers)
            return tr._("Your Bastion at place {place} of {size}: {left} damage to destroy it, then a Fort of {fort}.",
                        **numbers)
        owner = self.owner(view, side)
        if hand["fort"]:
            return cap(tr._("{owner} Fort at place {place} of {size}: {left} damage to destroy it.", owner=owner,
                            **numbers))
        return cap(tr._("{owner} Bastion at place {place} of {size}: {left} damage to destroy it, then a Fort of "
                        "{fort}.", owner=owner, **numbers))

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: both life bars."""
        tr = self.tr
        if view["phase"] in DRAFTING:
            if view["phase"] == "draft":
                return tr._("No life bars yet: the draft comes first, and the game starts with each Bastion at the "
                            "end of its hand.")
            return tr._("No life bars yet: choosing the decks comes first, and the game starts with each Bastion at "
                        "the end of its hand.")
        lines = []
        for s, hand in enumerate(view["hands"]):
            lines.append(self.bar(view, s, seat))
            if s != seat and view["mode"] == "duel":
                known = [tr._("place {place} {card}", place=i + 1 + (1 if i >= hand["bastion"] else 0), card=self.named(n))
                         for i, n in enumerate(hand["cards"]) if n]
                lines.append(cap(tr._("{owner} known cards (returned ones): {known}; unknown: {unknown}.",
                                      owner=self.owner(view, s), known=", ".join(known) or tr._("none"),
                                      unknown=self.names(hand["unknown"]) or tr._("none"))))
        if view["mode"] == "solo":
            ai = view["ai"]
            if not ai["fort"]:
                lines.append(tr.ngettext(
                    "The automaton: {count} card in its deck, then its Bastion (then the discard pile is reshuffled "
                    "over its Fort).",
                    "The automaton: {count} cards in its deck, then its Bastion (then the discard pile is reshuffled "
                    "over its Fort).", ai["deck_size"]))
            elif ai["final"]:
                lines.append(tr.ngettext("The automaton: {count} card in its deck, then its Fort. This is its last turn.",
                                         "The automaton: {count} cards in its deck, then its Fort. This is its last "
                                         "turn.", ai["deck_size"]))
            else:
                lines.append(tr.ngettext("The automaton: {count} card in its deck, then its Fort.",
                                         "The automaton: {count} cards in its deck, then its Fort.", ai["deck_size"]))
            lines.append(tr._("The automaton's discard pile: {cards}.",
                              cards=self.names(ai["discard"], typed=False) or tr._("empty")))
        return "\n".join(lines)

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn, the phase, the mana, what to do."""
        tr = self.tr
        if view["to_move"] is None:
            return tr._("The game is over.")
        phase = view["phase"]
        if not self.notation:  # a listener with buttons: no "write …", and the phase without its instructions
            return self._turn_said(view, seat)
        if view["pending"]:
            return tr._("Choose the order in which {cards} return to your hand: write return CARD.",
                        cards=self.names(view["pending"]))
        if phase == "draft":
            return tr._("Draft: choose a revealed card (draft CARD).")
        if phase == "pick":
            return tr._("Constructed: pick your 10 cards one by one (pick CARD).")
        if phase == "ban":
            return tr._("Constructed: ban a card of your opponent's (ban CARD).")
        if phase == "summon":
            todo = tr._("summon creatures or cast incantations from your window, or end to start the assault")
        else:
            todo = tr._("attack (the next creature attacks) or cast an incantation between attacks; end when all "
                        "have attacked")
        said = {"turn": view["turn"], "phase": tr.pgettext("phase", PHASES.get(phase, phase)), "mana": view["mana"],
                "todo": todo}
        if self.mine(view, view["active"], seat):
            return tr._("Turn {turn}, your {phase} phase, {mana} mana left: {todo}.", **said)
        return tr._("Turn {turn}, {owner} {phase} phase, {mana} mana left: {todo}.",
                    owner=self.owner(view, view["active"]), **said)

    def _turn_said(self, view: dict[str, Any], seat: int) -> str:
        """Whose turn, short, for a listener who chooses with buttons (they say what can be done)."""
        tr = self.tr
        phase = view["phase"]
        if view["pending"]:
            return tr._("Choose the order in which {cards} return to your hand.", cards=self.names(view["pending"]))
        if phase == "draft":
            return tr._("Draft: choose a revealed card.")
        if phase == "pick":
            return tr._("Constructed: pick your 10 cards one by one.")
        if phase == "ban":
            return tr._("Constructed: ban a card of your opponent's.")
        said = {"turn": view["turn"], "phase": tr.pgettext("phase", PHASES.get(phase, phase)), "mana": view["mana"]}
        if self.mine(view, view["active"], seat):  # said as your turn comes and as its phase changes: short
            return tr._("Your turn {turn}: {phase} phase, {mana} mana.", **said)
        return tr._("Turn {turn}, {owner} {phase} phase, {mana} mana left.", owner=self.owner(view, view["active"]),
                    **said)

    def shortcuts(self) -> dict[str, Shortcut]:
        keys = super().shortcuts()
        tr = self.tr
        keys["C"] = (tr._("the board: both lanes"), self.table)
        keys["S"] = (tr._("both life bars"), self.score)
        keys["T"] = (tr._("whose turn it is"), self.turn)
        keys["H"] = (tr._("your hand, the Bastion's place and the playable window"), self.hand)
        keys["E"] = (tr._("what happened last"), self.last)
        keys["A"] = (tr._("select the next attack (Enter plays it)"), self.next_attack)
        keys["I"] = (tr._("the abilities and what each one does"), self.abilities)
        if not self.notation:  # a listener with buttons (the terminal's digits choose)
            keys["1"] = (tr._("the top lane, both sides"), functools.partial(self.lane, ln=0))
            keys["2"] = (tr._("the bottom lane, both sides"), functools.partial(self.lane, ln=1))
        return keys

    def last(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut E: the engine's sentences about the last move."""
        said = view.get("said")
        lines = [self.report(d, seat) for d in said] if said is not None else list(view["reports"])
        return "\n".join(lines) or self.tr._("Nothing yet.")

    def abilities(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut I: every ability and what it does."""
        return "\n".join(self.tr._("{ability}: {rule}.", ability=self.ability(a), rule=self.tr._(rule))
                         for a, rule in ABILITY_RULES.items())

    def next_attack(self, view: dict[str, Any], seat: int) -> str | tuple[str, Action]:
        """Shortcut A: which creature attacks next; selects `attack`."""
        nxt = view.get("next_attacker")
        if nxt is None or view["active"] != seat:
            return self.tr._("No attack is due now.")
        ln, pos = nxt
        c = view["board"][seat][ln][pos]
        where = self.tr._("{lane} {place}", lane=self.tr.pgettext("lane, short", LANE_SHORT[ln]), place=pos + 1)
        return self.tr._("Next: your {card} ({where}) attacks.", card=self.word(c["name"]), where=where), ("attack",)

    def intro(self, view: dict[str, Any], seat: int) -> list[str]:
        tr = self.tr
        o = self.game.options
        fmt = getattr(self.game, "format", o["format"])
        said = {"format": tr.pgettext("format", FORMATS.get(fmt, fmt)), "decks": o["decks"]}
        if fmt == "precon":
            lines = [tr._("Format: {format}, decks {decks}. Solo against the automaton.", **said) if o["solo"]
                     else tr._("Format: {format}, decks {decks}.", **said)]
        else:
            lines = [tr._("Format: {format}. Solo against the automaton.", **said) if o["solo"]
                     else tr._("Format: {format}.", **said)]
        if o["solo"]:
            ai = view["ai"]
            settings = ", ".join(f"{k} {self.setting(v)}" for k, v in ai["difficulty"].items())
            if ai["points"] == 0:
                lines.append(tr._("Difficulty: quick play ({settings}).", settings=settings))
            else:
                lines.append(tr._("Difficulty: level {level} ({settings}).", level=ai["points"], settings=settings))
        lines.append(tr._("Lanes are counted from the bridge: position 1 is next to it. Your hand is your life: "
                          "damage moves your Bastion right. Keys: C board, H hand, S life bars, T turn, A attack, "
                          "? help."))
        return lines

    def setting(self, value: object) -> str:
        """An option's value in words: yes/no, an ability's name, a number as it is."""
        if isinstance(value, bool):
            return self.tr.pgettext("option value", "True") if value else self.tr.pgettext("option value", "False")
        if value == "none":
            return self.tr.pgettext("option value", "none")
        return self.ability(value) if isinstance(value, str) else str(value)

    # --- events ---------------------------------------------------------------------------
    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        tr = self.tr
        act = cast(tuple[Any, ...], action)
        kind = act[0]
        notation = self.game.format_action(action)
        if kind == "summon":
            return tr._("{notation}: {card} behind your creatures", notation=notation,
                        card=self.card_text(name_of(act[1])))
        if kind == "cast":
            _, card, side, ln, pos = act
            said = {"notation": notation, "card": self.word(name_of(card)),
                    "target": self.word(view["board"][side][ln][pos]["name"])}
            if self.mine(view, side, seat):
                return tr._("{notation}: {card} on your {target}", **said)
            return tr._("{notation}: {card} on {owner} {target}", owner=self.owner(view, side), **said)
        if kind == "attack":
            return tr._("attack: the next creature attacks")
        if kind == "end":
            return tr._("end: finish summoning and start the assault") if view["phase"] == "summon" else tr._(
                "end the turn")
        return tr._("{notation}: {card}", notation=notation, card=self.card_text(name_of(act[1])))

    ACTIONS = ("summon", "cast", "attack", "end", "draft", "pick", "ban", "return")

    def phrase(self, event: Event, viewer: Viewer) -> str:
        """The action in words, then the engine's own sentences (`report`); the structured
        board events are told by those sentences, so they add nothing here. The start of the
        reader's own turn is left to the turn line (said once, not twice)."""
        tr = self.tr
        kind = event["type"]
        solo = self.game.options["solo"]
        if kind in self.ACTIONS:
            self.casting = kind == "cast"
            return self.action_words(event, viewer)
        if kind == "creature_damaged" and getattr(self, "casting", False):  # what the spell did
            said = {"card": self.word(event["card"]), "damage": event["damage"]}
            if event["side"] == viewer:
                return tr._("The spell hits your {card}: {damage} damage on it now.", **said)
            return tr._("The spell hits {owner} {card}: {damage} damage on it now.",
                        owner=self.owner_of(event["side"], solo), **said)
        if kind == "report":
            if event.get("restates"):
                return ""
            data = event.get("say")
            if data is None:  # a sentence of an older record: English only
                return self.relabel(str(event["text"]), viewer)
            if data["id"] == TURN and viewer is not None and data.get("subject") == viewer:
                return ""  # the reader's own turn: the turn line says it
            return self.report(data, viewer)
        return super().phrase(event, viewer)

    def action_words(self, event: Event, viewer: Viewer) -> str:
        """A move (summon, cast, attack, end, draft, pick, ban, return) in words, from the reader's
        side ("You summon …", "Anna summons …"); a hidden pick is only said to be one."""
        tr = self.tr
        kind = event["type"]
        solo = self.game.options["solo"]
        you = event["seat"] == viewer
        player = self.seat(event["seat"])
        if "action" not in event:
            return tr._("You pick a card in secret.") if you else cap(tr._("{player} picks a card in secret.",
                                                                           player=player))
        if kind == "summon":
            said = {"card": self.word(event["card"]), "lane": tr.say(lane(_lane(event["lane"]), 2)),
                    "player": player}
            return tr._("You summon {card} {lane}.", **said) if you else cap(tr._("{player} summons {card} {lane}.",
                                                                                **said))
        if kind == "cast":
            said = {"card": self.word(event["card"]), "target": self.word(event["target"]), "player": player,
                    "lane": tr.say(lane(_lane(event["lane"]), 1)), "owner": self.owner_of(event["side"], solo)}
            mine = event["side"] == viewer
            if you:
                return (tr._("You cast {card} on your {target} {lane}.", **said) if mine
                        else tr._("You cast {card} on {owner} {target} {lane}.", **said))
            return cap(tr._("{player} casts {card} on your {target} {lane}.", **said) if mine
                       else tr._("{player} casts {card} on {owner} {target} {lane}.", **said))
        if kind == "end":  # the summon phase ends and the assault starts, or the assault and the turn end
            if event.get("phase") == "summon":
                return tr._("You start the assault.") if you else cap(tr._("{player} starts the assault.",
                                                                           player=player))
            if event.get("phase") == "assault":
                return tr._("You end your turn.") if you else cap(tr._("{player} ends the turn.", player=player))
            return tr._("You end the phase.") if you else cap(tr._("{player} ends the phase.", player=player))
        if kind == "attack":
            return tr._("You: attack.") if you else cap(tr._("{player}: attack.", player=player))
        said = {"card": self.word(event["card"]), "player": player}
        # Translators: the notation of a move (draft, pick, ban, return), said in words.
        if kind == "draft":
            return tr._("You: draft {card}.", **said) if you else cap(tr._("{player}: draft {card}.", **said))
        if kind == "pick":
            return tr._("You: pick {card}.", **said) if you else cap(tr._("{player}: pick {card}.", **said))
        if kind == "ban":
            return tr._("You: ban {card}.", **said) if you else cap(tr._("{player}: ban {card}.", **said))
        return tr._("You: return {card}.", **said) if you else cap(tr._("{player}: return {card}.", **said))

    def phrase_all(self, events: Sequence[Event], viewer: Viewer) -> list[str]:
        """A combat in one line: an attack (or a spell) and what it did — the damage to a Bastion
        or Fort with its new place, the creature it destroyed, a Protection that held — say
        "Player B's ALPHA attacks the Bastion for 4: now at place 5 of 9." (the damage is said
        once, as the attack's power). The attack's own move ("Player B: attack.") is not said
        when its sentence follows, and after a change's first attack the attacker's owner is not
        named again (only the active side attacks)."""
        said = [self.phrase(event, viewer) for event in events]
        attacked = False
        lane: Any = None  # the lane of the change's last attack on a creature
        for i, event in enumerate(events):
            head = self._combat_head(events, i, viewer, attacked, lane)
            if head is None:
                continue
            if event["type"] == "report":
                attacked, lane = True, event["say"].get("params", {}).get("lane")
            target = _target(event)
            clauses: list[str] = []
            j = i + 1
            while j < len(events):
                later = any(msgid_of(e) in WALL_HIT for e in events[j + 1:])
                clause = self._consequence(events[j], target, viewer, event["type"] == "cast", later)
                if clause is None:
                    break
                if clause and msgid_of(events[j]) in (FLIP, *FORT_DOWN) and clauses and msgid_of(events[j - 1]) in WALL_HIT:
                    clauses[-1] = clause  # "destroyed" says where the Bastion or Fort went
                elif clause:
                    clauses.append(clause)
                said[j] = ""
                j += 1
            if clauses:
                said[i] = self.tr._("{attack}: {result}.", attack=head.rstrip("."), result=", ".join(clauses))
            elif event["type"] == "report":
                said[i] = head
        if attacked:  # "Player B: attack." says less than the attack's own sentence
            said = ["" if e["type"] == "attack" and "action" in e else line for e, line in zip(events, said, strict=True)]
        return said

    def _combat_head(self, events: Sequence[Event], i: int, viewer: Viewer, attacked: bool, lane: Any) -> str | None:
        """The sentence an attack or a cast begins with, or None when `events[i]` is neither."""
        event = events[i]
        if event["type"] == "cast" and "action" in event:
            return self.phrase(event, viewer)
        data = event.get("say") if event["type"] == "report" else None
        if not data or data["id"] not in ATTACKS:
            return None
        if attacked:  # the same side's attacks, after the first: without the owner (and the same lane)
            same = lane is not None and data.get("params", {}).get("lane") == lane and data["id"] in SAME_LANE
            msgid = SAME_LANE[data["id"]] if same else ATTACKS[data["id"]]
            return cap(self.tr.say(from_data({**data, "id": msgid, "you": None}), viewer))
        return self.report(data, viewer)

    def _consequence(self, event: Event, target: str | None, viewer: Viewer, spell: bool,
                     later: bool = False) -> str | None:
        """What an attack or spell did, as a clause ("now at place 5 of 9"); "" for an event that
        says nothing (and for a hit on a Bastion or Fort that `later` hits move further); None for
        the first event that is not a consequence (the combat ends)."""
        tr = self.tr
        if event["type"] == "creature_damaged" and spell:  # what the spell did to its target
            if event["card"] != target:
                return None
            return tr._("{damage} damage on it now", damage=event["damage"])
        if event["type"] != "report":
            return "" if event["type"] in BOARD_EVENTS else None
        data = event.get("say")
        if not data or event.get("restates"):
            return "" if event.get("restates") else None
        msgid, params = data["id"], data.get("params", {})
        mine = viewer is not None and data.get("subject") == viewer
        if msgid in WALL_HIT:  # where the Bastion or Fort is now: said after the change's last hit on it
            if later:
                return ""
            return tr._("now at place {place} of {size}", place=params["place"], size=params["size"])
        if msgid == FLIP:
            return tr._("destroyed, it flips to the Fort")
        if msgid in FORT_DOWN:
            # Translators: what an attack did to the Fort it hit (the Fort's gender); the game's result follows.
            return tr.pgettext("Fort", "destroyed")
        if msgid in BACK and target is not None and _names(params.get("cards")) == [target]:
            if msgid == BACK[1]:
                return tr._("destroyed, to the automaton's discard pile")
            return tr._("destroyed, back to your hand") if mine else tr._("destroyed, back to its owner's hand")
        if msgid == PROTECTED and target is not None and _card_name(params.get("card")) == target:
            return tr._("its Protection ignores the damage")
        if msgid == MILLED:
            return tr.say(Msg(N_("{cards} go to its discard pile"), cards=from_data(params["cards"]["msg"])))
        return None

    def report(self, data: dict[str, Any], viewer: Viewer) -> str:
        """One of the engine's sentences (as `words.to_data` wrote it) for `viewer`: "you" for the
        reader's own side, the duel's other side's own sentence where there is one."""
        msgid = data["id"]
        subject = data.get("subject")
        if viewer is not None and subject is not None:
            if subject == viewer and data.get("you"):
                msgid = data["you"]
            elif data.get("them") and viewer == 1 - subject and not self.game.options["solo"]:
                msgid = data["them"]
        params = self.people_in(data.get("params") or {})
        if not self.notation and isinstance(params.get("where"), str):  # "A top 1" in words for a listener
            params = {**params, "where": self.place_words(params["where"])}
        return cap(self.tr.say(from_data({**data, "id": msgid, "you": None, "params": params}), viewer))

    def place_words(self, where: str) -> str:
        """A creature's place in notation ("A top 1") in words: "player A's side, top 1"."""
        parts = where.split()
        if len(parts) != 3 or parts[0] not in NOTATION_WORDS or parts[1] not in LANES:
            return where
        side, lane_name, place = parts
        spot = self.tr._("{lane} {place}", lane=self.tr.pgettext("lane, short", LANE_SHORT[LANES.index(lane_name)]),
                         place=place)
        return f"{self.tr._(NOTATION_WORDS[side])}, {spot}"

    def relabel(self, text: str, viewer: Viewer) -> str:
        """A sentence of an older record (English, sides named A and B): the listener's side becomes "you"."""
        if self.game.options["solo"]:
            return text
        for side, letter in enumerate("AB"):
            if side == viewer:
                text = re.sub(rf"^{letter}: (?=[A-Z!]{{2}})", "Your ", text)
                text = re.sub(rf"^{letter}: the ", "Your ", text)
                text = re.sub(rf"^{letter}: ", "You: ", text)
                text = re.sub(rf"\b{letter}'s\b", "your", text)
                text = re.sub(rf"^{letter} (take|ban|draft|get|choose)s\b", r"You \1", text)
                text = re.sub(rf"; {letter} chooses\b", "; you choose", text)
                text = re.sub(rf"^Turn (\d+): {letter},", r"Turn \1: yours,", text)
                text = re.sub(rf"^Coin toss: {letter} plays", "Coin toss: you play", text)
            else:
                who = self.seat(side).replace("\\", "\\\\")  # a person's name is text, never a template
                text = re.sub(rf"^{letter}: (?=[A-Z!]{{2}})", f"{who}'s ", text)
                text = re.sub(rf"^{letter}: the ", f"{who}'s ", text)
                text = re.sub(rf"(^|: |; |to |\s)(?<!Player ){letter}(?=[:' ,]|\s(?:take|ban|draft|get|choose|play)s?\b)",
                              rf"\g<1>{who}", text)
        return text

    def result(self, view: dict[str, Any], scores: list[float], winners: list[int], viewer: int) -> str:
        tr = self.tr
        if view["mode"] == "solo":
            return tr._("Game over. You win!") if winners == [0] else tr._("Game over. The automaton wins.")
        if len(winners) == 2:
            return tr._("Game over: a draw.")
        if winners == [viewer]:
            return tr._("Game over. You win.")
        return cap(tr._("Game over. {player} wins.", player=self.seat(winners[0])))


BOARD_EVENTS = ("creature_damaged", "creature_destroyed", "bastion_moved", "returned_to_hand", "turn_started",
                "hand_dealt")
"""The structured board events, told by the engine's sentences (they say nothing themselves)."""


def msgid_of(event: Event) -> str | None:
    """The engine's message id of a report event (None for other events)."""
    data = event.get("say") if event["type"] == "report" else None
    return data["id"] if data else None


def _target(event: Event) -> str | None:
    """The card an attack report or a cast aims at (None: a Bastion, a Fort, the automaton)."""
    if event["type"] == "cast":
        return event.get("target")
    target = event.get("say", {}).get("params", {}).get("target")
    return _card_name(target)


def _card_name(param: Any) -> str | None:
    """A card's name from a message parameter (`words.card` as `to_data` wrote it)."""
    if isinstance(param, dict) and isinstance(param.get("msg"), dict) and param["msg"].get("context") == CARD_NAME:
        return str(param["msg"]["id"])
    return None


def _names(param: Any) -> list[str | None]:
    """The card names of a `words.cards` parameter."""
    if not isinstance(param, dict) or not isinstance(param.get("msg"), dict):
        return []
    return [_card_name(p) for p in param["msg"].get("params", {}).values()]


def _lane(word: str) -> int:
    return 0 if word == "top" else 1


def cap(text: str) -> str:
    """The first letter in capitals, the rest as it is ("Player B's", not "Player b's")."""
    return text[:1].upper() + text[1:]

