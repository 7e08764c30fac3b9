"""Clash of Decks in words: the two-lane board, the hand as life bar, the turn, the choices.

Everything is rendered from `view(seat)`, so nothing hidden can be shown.
"""

from __future__ import annotations

import re
from typing import Any, cast

from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI, plural
from cardhall.games.clash_of_decks.cards import BY_NAME, CARDS
from cardhall.games.clash_of_decks.game import LANES, name_of


def card_text(name: str) -> str:
    """A card in words: kind, cost, numbers, abilities."""
    c = CARDS[BY_NAME[name]]
    from cardhall.games.clash_of_decks.abilities import ability_names

    own = ability_names(c.abilities)
    aura = ability_names(c.aura)
    extra = (", " + ", ".join(own) if own else "") + (", aura of " + ", ".join(aura) if aura else "")
    if c.is_creature:
        return f"{name} (creature, cost {c.cost}, attack {c.attack}, health {c.health}{extra})"
    return f"{name} (incantation, cost {c.cost}, damage {c.attack}{extra})"


class GameTextUI(TextUI):
    """The text of Clash of Decks."""

    def side(self, view: dict[str, Any], side: int, seat: int) -> str:
        """A side mid-sentence: "you", "the automaton" or the other player's name."""
        if view["mode"] == "solo":
            return "you" if side == 0 else "the automaton"
        return "you" if side == seat else self.seat(side)

    def whose(self, view: dict[str, Any], side: int, seat: int) -> str:
        """A side's possessive mid-sentence: "your", "the automaton's", "Player B's"."""
        return "your" if self.side(view, side, seat) == "you" else f"{self.side(view, side, seat)}'s"

    # --- the pictures ---------------------------------------------------------------------
    def render(self, view: dict[str, Any], seat: int) -> str:
        if view["phase"] in ("draft", "pick", "ban"):  # no hand nor life bars before the game
            return "\n".join(p for p in (self.table(view, seat), self.turn(view, seat)) if p)
        parts = [self.table(view, seat), self.hand(view, seat), self.score(view, seat), self.turn(view, seat)]
        return "\n".join(p for p in parts if p)

    def creature(self, c: dict[str, Any]) -> str:
        text = f"{c['name']}, attack {c['attack']}, health {c['health']}"
        notes = []
        if c["damage"]:
            notes.append(f"{c['damage']} damage taken")
        if c["abilities"]:
            notes.append(", ".join(c["abilities"]))
        if c["bonus"]:
            notes.append(f"+{c['bonus']} sprint")
        if c["new"]:
            notes.append("new")
        if c["attacked"]:
            notes.append("attacked")
        if c["protection_used"]:
            notes.append("protection used")
        return text + (f", {', '.join(notes)}" if notes else "")

    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the board, both lanes, position 1 next to the bridge."""
        if view["phase"] in ("draft", "pick", "ban"):
            return self.drafting(view, seat)
        lines = []
        order = (seat, 1 - seat) if seat in (0, 1) else (0, 1)
        for lane in (0, 1):
            for side in order:
                creatures = view["board"][side][lane]
                listed = "; ".join(f"{i + 1}, {self.creature(c)}" for i, c in enumerate(creatures)) or "empty"
                lines.append(f"{LANES[lane].capitalize()} lane, {self.whose(view, side, seat)} side, "
                             f"from the bridge: {listed}.")
        if view["pending"]:
            owner = view["pending_owner"]
            chooser = "you choose" if self.side(view, owner, seat) == "you" else f"{self.side(view, owner, seat)} chooses"
            lines.append(f"Waiting to return, in an order {chooser}: " + ", ".join(view["pending"]) + ".")
        return "\n".join(lines)

    def drafting(self, view: dict[str, Any], seat: int) -> str:
        lines = []
        if view.get("revealed"):
            lines.append("Revealed: " + "; ".join(card_text(n) for n in view["revealed"]))
        for s, picks in enumerate(view.get("picks", [])):
            if view["mode"] == "solo" and s == 1:
                lines.append(f"The automaton has {plural(len(picks), 'card')}.")
                continue
            shown = ", ".join(p if p else "a hidden card" for p in picks) or "nothing yet"
            lines.append(f"{cap(self.side(view, s, seat))} picked: {shown}")
        for s, bans in enumerate(view.get("bans", [])):
            if bans:
                lines.append(f"Banned from {self.side(view, s, seat)}: {', '.join(bans)}")
        return "\n".join(lines)

    def hand(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut H: your hand left to right, the Bastion's place and the playable window."""
        if view["phase"] in ("draft", "pick", "ban"):
            picks = [p for p in (view.get("picks") or [[]] * 2)[seat] if p] if seat in (0, 1) else []
            return ("You have no hand yet: the cards you " + ("draft" if view["phase"] == "draft" else "pick")
                    + f" become your deck. Your cards so far: {', '.join(picks) or 'none'}.")
        mine = view["hands"][seat]
        wall = "Fort" if mine["fort"] else "Bastion"
        mana = view["mana"] if view["active"] == seat and view["to_move"] == seat else None
        lines = [f"Your hand, left to right ({plural(mine['size'], 'card')}; your {wall} is at place {mine['bastion'] + 1}):"]
        place = 1
        for i, name in enumerate(mine["cards"]):
            if i == mine["bastion"]:
                lines.append(f"  {place}. your {wall.upper()}")
                place += 1
            mark = ""
            if i < 4:
                c = CARDS[BY_NAME[name]]
                mark = " — in the window" + (", playable" if mana is not None and c.cost <= mana
                                              and len(mine["cards"]) > 1 else "")
            lines.append(f"  {place}. {card_text(name)}{mark}")
            place += 1
        if mine["bastion"] >= len(mine["cards"]):
            lines.append(f"  {place}. your {wall.upper()}")
        return "\n".join(lines)

    def bar(self, hand: dict[str, Any]) -> str:
        """A life bar in words and symbols: where the Bastion/Fort stands and how far the end is."""
        wall = "Fort" if hand["fort"] else "Bastion"
        left = hand["size"] - 1 - hand["bastion"]
        more = "" if hand["fort"] else f", then a Fort of {hand['size'] - 1}"
        return f"{wall} at place {hand['bastion'] + 1} of {hand['size']}: {left} damage to destroy it{more}."

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: both life bars."""
        if view["phase"] in ("draft", "pick", "ban"):
            return ("No life bars yet: " + ("the draft" if view["phase"] == "draft" else "choosing the decks")
                    + " comes first, and the game starts with each Bastion at the end of its hand.")
        lines = []
        for s, hand in enumerate(view["hands"]):
            lines.append(f"{cap(self.whose(view, s, seat))} {self.bar(hand)}")
            if s != seat and view["mode"] == "duel":
                known = [f"place {i + 1 + (1 if i >= hand['bastion'] else 0)} {n}"
                         for i, n in enumerate(hand["cards"]) if n]
                lines.append(f"{cap(self.whose(view, s, seat))} known cards (returned ones): " + (", ".join(known) or "none")
                             + "; unknown: " + (", ".join(hand["unknown"]) or "none") + ".")
        if view["mode"] == "solo":
            ai = view["ai"]
            wall = "Fort" if ai["fort"] else "Bastion"
            lines.append(f"The automaton: {plural(ai['deck_size'], 'card')} in its deck, then its {wall}"
                         + ("" if ai["fort"] else " (then the discard pile is reshuffled over its Fort)")
                         + (". This is its last turn." if ai["final"] else "."))
            lines.append(f"The automaton's discard pile: {', '.join(ai['discard']) or 'empty'}.")
        return "\n".join(lines)

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn, the phase, the mana, what to do."""
        mover = view["to_move"]
        if mover is None:
            return "The game is over."
        if view["pending"]:
            return f"Choose the order in which {', '.join(view['pending'])} return to your hand: write return CARD."
        phase = view["phase"]
        if phase == "draft":
            return "Draft: choose a revealed card (draft CARD)."
        if phase == "pick":
            return "Constructed: pick your 10 cards one by one (pick CARD)."
        if phase == "ban":
            return "Constructed: ban a card of your opponent's (ban CARD)."
        who = self.whose(view, view["active"], seat)
        if phase == "summon":
            todo = "summon creatures or cast incantations from your window, or end to start the assault"
        else:
            todo = "attack (the next creature attacks) or cast an incantation between attacks; end when all have attacked"
        return f"Turn {view['turn']}, {who} {phase} phase, {view['mana']} mana left: {todo}."

    def shortcuts(self) -> dict[str, Shortcut]:
        keys = super().shortcuts()
        keys["C"] = ("the board: both lanes", self.table)
        keys["S"] = ("both life bars", self.score)
        keys["H"] = ("your hand, the Bastion's place and the playable window", self.hand)
        keys["E"] = ("what happened last", lambda v, s: "\n".join(v["reports"]) or "Nothing yet.")
        keys["A"] = ("select the next attack (Enter plays it)", self.next_attack)
        return keys

    def next_attack(self, view: dict[str, Any], seat: int) -> str | tuple[str, Action]:
        """Shortcut A: which creature attacks next; selects `attack`."""
        nxt = view.get("next_attacker")
        if nxt is None or view["active"] != seat:
            return "No attack is due now."
        lane, pos = nxt
        c = view["board"][seat][lane][pos]
        return f"Next: your {c['name']} ({LANES[lane]} {pos + 1}) attacks.", ("attack",)

    def intro(self, view: dict[str, Any], seat: int) -> list[str]:
        o = self.game.options
        fmt = getattr(self.game, "format", o["format"])
        lines = [f"Format: {fmt}" + (f", decks {o['decks']}" if fmt == "precon" else "")
                 + (". Solo against the automaton" if o["solo"] else "") + "."]
        if o["solo"]:
            ai = view["ai"]
            level = "quick play" if ai["points"] == 0 else f"level {ai['points']}"
            lines.append(f"Difficulty: {level} ({', '.join(f'{k} {v}' for k, v in ai['difficulty'].items())}).")
        lines.append("Lanes are counted from the bridge: position 1 is next to it. Your hand is your life: "
                     "damage moves your Bastion right. Keys: C board, H hand, S life bars, T turn, A attack, ? help.")
        return lines

    # --- events ---------------------------------------------------------------------------
    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        act = cast(tuple[Any, ...], action)
        kind = act[0]
        notation = self.game.format_action(action)
        if kind == "summon":
            return f"{notation}: {card_text(name_of(act[1]))} behind your creatures"
        if kind == "cast":
            _, card, side, lane, pos = act
            target = view["board"][side][lane][pos]["name"]
            whose = self.whose(view, side, seat)
            return f"{notation}: {name_of(card)} on {whose} {target}"
        if kind == "attack":
            return "attack: the next creature attacks"
        if kind == "end":
            return "end: finish summoning and start the assault" if view["phase"] == "summon" else "end the turn"
        return f"{notation}: {card_text(name_of(act[1]))}"

    ACTIONS = ("summon", "cast", "attack", "end", "draft", "pick", "ban", "return")

    def phrase(self, event: Event, viewer: Viewer) -> str:
        """The action as notation, then the engine's own sentences (`report`); the structured
        board events are told by those sentences, so they add nothing here."""
        kind = event["type"]
        if kind in self.ACTIONS:
            self.casting = kind == "cast"
            who = self.who(event["seat"], viewer)
            you = who == "You"
            if "action" not in event:
                return f"{who} {'pick' if you else 'picks'} a card in secret."
            if kind == "summon":
                return f"{who} summon{'' if you else 's'} {event['card']} to the {event['lane']} lane."
            if kind == "cast":
                target = "your" if event["side"] == viewer else f"{self.seat(event['side'])}'s"
                return (f"{who} cast{'' if you else 's'} {event['card']} on {target} {event['target']} "
                        f"in the {event['lane']} lane.")
            if kind == "end":
                return f"{who} end{'' if you else 's'} the phase."
            return f"{who}: {event['action']}."
        if kind == "creature_damaged" and getattr(self, "casting", False):  # what the spell did
            whose = "your" if event["side"] == viewer else f"{self.seat(event['side'])}'s"
            return f"The spell hits {whose} {event['card']}: {event['damage']} damage on it now."
        if kind == "report":
            return "" if event.get("restates") else self.relabel(str(event["text"]), viewer)
        return super().phrase(event, viewer)

    def relabel(self, text: str, viewer: Viewer) -> str:
        """The engine's sentences name the sides A and B; the listener's side becomes "you"."""
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
                text = re.sub(rf"^{letter}: (?=[A-Z!]{{2}})", f"{self.seat(side)}'s ", text)
                text = re.sub(rf"^{letter}: the ", f"{self.seat(side)}'s ", text)
                text = re.sub(rf"(^|: |; |to |\s)(?<!Player ){letter}(?=[:' ,]|\s(?:take|ban|draft|get|choose|play)s?\b)",
                              rf"\1{self.seat(side)}", text)
        return text

    def result(self, view: dict[str, Any], scores: list[float], winners: list[int], viewer: int) -> str:
        if view["mode"] == "solo":
            return "Game over. You win!" if winners == [0] else "Game over. The automaton wins."
        if len(winners) == 2:
            return "Game over: a draw."
        return f"Game over. {'You win' if winners == [viewer] else self.seat(winners[0]) + ' wins'}."


def cap(text: str) -> str:
    """The first letter in capitals, the rest as it is ("Player B's", not "Player b's")."""
    return text[:1].upper() + text[1:]
