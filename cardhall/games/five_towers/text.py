"""5 Towers in words: the table, the towers, bids and builds, rendered from a seat's view.

Every sentence is a whole message of the ``five_towers`` catalog domain, in the reader's
language (`self.tr`): "you" sentences apart from the third-person ones, counts with plural
forms, the towers' names in the case each sentence needs (message contexts ``tower``,
``tower, onto``, ``tower, of``).
"""

from __future__ import annotations

import functools
import re
from typing import Any

from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI
from cardhall.games.five_towers.notation import (
    COLOUR_NAMES,
    COLOURS,
    NO_DEMOLISH,
    PASS,
    TOWER_NAMES,
    TOWER_OF,
    TOWER_ONTO,
    parse_card,
)
from cardhall.games.five_towers.rules_engine import max_build

_NOTATION_CARD = re.compile(r"^[PVGSY]\d{1,2}$")


def _towers(view: dict[str, Any], seat: int) -> list[list[int]]:
    return [list(view["towers"][seat][letter]) for letter in COLOURS]


def sentence(text: str) -> str:
    """A line said as a sentence: a capital first and a stop at the end (the C, S and 1–5 keys'
    answers are heard one after another, so each line ends where a reader pauses)."""
    text = text.strip()
    if not text:
        return text
    return text[0].upper() + text[1:] + ("" if text[-1] in ".!?…" else ".")


class GameTextUI(TextUI):
    people_named = True
    """The seats are only numbered ("Player 2"): the words name the people at them, as the picture
    does ("Bot (medium)", "Ann"), wherever the room says who sits there (`TextUI.people`)."""

    # --- words ---------------------------------------------------------------------
    def tower(self, col: int) -> str:
        """A tower's name: "Sand"."""
        return self.tr.pgettext("tower", TOWER_NAMES[col])

    def tower_card(self, c: int) -> str:
        """A card in words (`Y7` → "Sand 7"), for screen readers."""
        # Translators: a card in words: its tower's name and its value ("Sand 7").
        return self.tr._("{tower} {value}", tower=self.tower(c >> 4), value=c & 15)

    def _join(self, words: list[str]) -> str:
        if len(words) <= 1:
            return "".join(words)
        return self.tr._("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])

    def _cards(self, cards: list[int]) -> str:
        return self._join([self.tower_card(c) for c in cards])

    def _places(self, placement: list[int], *, short: bool = False) -> str:
        """Where the cards of a build go: "9 on the Candy tower and 7 then 5 on the Sand tower";
        `short` (a build heard on the page, issue 38): the cards on one tower bottom first with
        commas, "9 on the Candy tower; 7, 5 on the Sand tower"."""
        by_col: dict[int, list[int]] = {}
        for c in placement:
            by_col.setdefault(c >> 4, []).append(c & 15)
        places = []
        for col, values in by_col.items():
            said = str(values[0])
            for v in values[1:]:
                # Translators: cards placed one on the other, bottom first: "7 then 5".
                said = f"{said}, {v}" if short else self.tr._("{lower} then {upper}", lower=said, upper=v)
            places.append(self.tr._("{values} on {tower}", values=said,
                                    tower=self.tr.pgettext("tower, onto", TOWER_ONTO[col])))
        if short and len(places) > 1 and len(by_col) < len(placement):  # a place holds commas: ";" between
            return self.tr.items(places)
        return self._join(places)

    def _demolition(self, demolished: int) -> tuple[str, str]:
        return self.tower_card(demolished), self.tr.pgettext("tower, of", TOWER_OF[demolished >> 4])

    # --- the picture -------------------------------------------------------------
    def render(self, view: dict[str, Any], seat: int) -> str:
        parts = [self.piles(view, seat), self.offer(view, seat), self.all_towers(view, seat),
                 self.bids(view, seat), self.turn(view, seat)]
        return "\n".join(p for p in parts if p)

    def piles(self, view: dict[str, Any], seat: int) -> str:
        tr = self.tr
        runs = {0: tr._("it has not run out yet"), 1: tr._("it has run out once")}.get(
            view["exhaustions"], tr._("it has run out twice"))
        draw, discard = view["draw_pile"], len(view["discard"])
        said = [tr._("Round {round}.", round=view["round"]),
                tr.ngettext("Draw pile: {count} card ({runs}).", "Draw pile: {count} cards ({runs}).", draw, runs=runs),
                tr.ngettext("Discard pile: {count} card.", "Discard pile: {count} cards.", discard)]
        if view.get("last_round"):
            said.append(tr._("This is the last round."))
        return " ".join(said)

    def offer(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut O: the offer."""
        cards = view["offer"]
        if not cards:
            return self.tr._("The offer is empty.")
        shown = ", ".join(f"{c} ({self.tower_card(parse_card(c))})" if self.notation else self.tower_card(parse_card(c))
                          for c in cards)
        return self.tr.ngettext("Offer ({count} card): {cards}.", "Offer ({count} cards): {cards}.", len(cards),
                                cards=shown)

    def tower_lines(self, view: dict[str, Any], seat: int, viewer: int) -> list[str]:
        tr = self.tr
        towers = _towers(view, seat)
        demolished = view["demolished"][seat]
        score, n = self.tr.number(view["scores"][seat]), len(demolished)
        gone = " ".join(demolished) if self.notation else self._cards([parse_card(c) for c in demolished])
        if seat == viewer:
            head = (tr.ngettext("Your towers: score {score}, {count} demolished ({cards}).",
                                "Your towers: score {score}, {count} demolished ({cards}).", n, score=score, cards=gone)
                    if n else tr._("Your towers: score {score}, none demolished.", score=score))
        else:
            player = self.seat(seat)
            head = (tr.ngettext("{player}: score {score}, {count} demolished ({cards}).",
                                "{player}: score {score}, {count} demolished ({cards}).", n, player=player,
                                score=score, cards=gone)
                    if n else tr._("{player}: score {score}, none demolished.", player=player, score=score))
        lines = [head]
        for col, tower in enumerate(towers):
            if tower:
                lines.append("  " + sentence(self._tower_line(towers, col)))
        missing = [self.tower(col) for col, tower in enumerate(towers) if not tower]
        if len(missing) == 5:
            lines.append("  " + sentence(tr._("no towers yet")))
        elif missing:
            lines.append("  " + sentence(tr._("no tower yet: {towers}", towers=", ".join(missing))))
        return lines

    def own_tower(self, view: dict[str, Any], seat: int, col: int) -> str:
        """Shortcuts 1–5: one of your towers, in one sentence (a capital, a stop)."""
        towers = _towers(view, seat)
        if not towers[col]:
            return sentence(self.tr._("no tower yet: {towers}", towers=self.tower(col)))
        return sentence(self._tower_line(towers, col))

    def others_tower(self, view: dict[str, Any], seat: int, col: int) -> str:
        """Shortcuts Shift+1–5: that tower of every other player, in one sentence ("Player 2:
        Candy (pink): 9 4 (bottom to top; 2 cards, top 4, main tower).")."""
        n = view["players"]
        others = [(seat + i) % n for i in range(1, n)] if 0 <= seat < n else list(range(n))
        said = []
        for s in others:
            towers = _towers(view, s)
            tower = (self._tower_line(towers, col) if towers[col]
                     else self.tr._("no tower yet: {towers}", towers=self.tower(col)))
            # Translators: a player and one of their towers (the Shift+1–5 keys).
            said.append(self.tr._("{player}: {tower}", player=self.seat(s), tower=tower))
        return ". ".join(said) + "."

    def _tower_line(self, towers: list[list[int]], col: int) -> str:
        """One tower: its name and colour, its cards bottom to top, its top, whether it is complete
        (topped with 0) and whether it is the main (tallest) tower."""
        tr = self.tr
        tower = towers[col]
        tallest = max(len(t) for t in towers)
        main = next((c for c, t in enumerate(towers) if t and len(t) == tallest), -1)
        label = (tr._("{tower} ({letter}, {colour}):", tower=self.tower(col), letter=COLOURS[col],
                      colour=tr._(COLOUR_NAMES[col])) if self.notation  # the letter is what the terminal's reader types
                 else tr._("{tower} ({colour}):", tower=self.tower(col), colour=tr._(COLOUR_NAMES[col])))
        values, count, top = " ".join(map(str, tower)), len(tower), tower[-1]
        if top == 0 and col == main:
            line = tr.ngettext("{label} {values} (bottom to top; {count} card, topped with 0, complete, main tower)",
                               "{label} {values} (bottom to top; {count} cards, topped with 0, complete, main tower)",
                               count, label=label, values=values)
        elif top == 0:
            line = tr.ngettext("{label} {values} (bottom to top; {count} card, topped with 0, complete)",
                               "{label} {values} (bottom to top; {count} cards, topped with 0, complete)",
                               count, label=label, values=values)
        elif col == main:
            line = tr.ngettext("{label} {values} (bottom to top; {count} card, top {top}, main tower)",
                               "{label} {values} (bottom to top; {count} cards, top {top}, main tower)",
                               count, label=label, values=values, top=top)
        else:
            line = tr.ngettext("{label} {values} (bottom to top; {count} card, top {top})",
                               "{label} {values} (bottom to top; {count} cards, top {top})",
                               count, label=label, values=values, top=top)
        return line

    def all_towers(self, view: dict[str, Any], seat: int) -> str:
        n = view["players"]
        order = [seat, *[(seat + i) % n for i in range(1, n)]] if 0 <= seat < n else list(range(n))
        return "\n".join(line for s in order for line in self.tower_lines(view, s, seat))

    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the offer, every tower and the piles."""
        return "\n".join((self.piles(view, seat), self.offer(view, seat), self.all_towers(view, seat)))

    def bids(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut B: the bids of this round."""
        if view["phase"] == "over":
            return ""
        tr = self.tr
        start = view["start_player"]
        n = view["players"]
        said = []
        for i in range(n):
            s = (start + i) % n
            b = view["bids"][s]
            if b is None:
                continue
            if s == seat:
                # Translators: this round's bids so far, in the past tense ("Player 1 bid 2; you passed").
                said.append(tr._("You passed") if b == "pass" else tr._("You bid {bid}", bid=b))
            else:
                player = self.seat(s)
                said.append(tr._("{player} passed", player=player) if b == "pass"
                            else tr._("{player} bid {bid}", player=player, bid=b))
        if start == seat:
            return (tr._("Bidding (you start): {bids}.", bids=tr.items(said)) if said
                    else tr._("Bidding (you start): no bids yet."))
        player = self.seat(start)
        return (tr._("Bidding ({player} starts): {bids}.", player=player, bids=tr.items(said)) if said
                else tr._("Bidding ({player} starts): no bids yet.", player=player))

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: each player's score with its parts."""
        tr = self.tr
        lines = [tr._("Score:")]
        for s in range(view["players"]):
            towers = _towers(view, s)
            built = sum(len(t) * (2 if t and t[-1] == 0 else 1) for t in towers)
            main = max(len(t) for t in towers)
            n = len(view["demolished"][s])
            points, minus = view["scores"][s], n * (n + 1) // 2
            if s == seat:
                line = (tr.ngettext("You: {count} point (towers {built}, main tower {main}, demolished −{minus})",
                                    "You: {count} points (towers {built}, main tower {main}, demolished −{minus})",
                                    points, built=built, main=main, minus=minus) if n else
                        tr.ngettext("You: {count} point (towers {built}, main tower {main})",
                                    "You: {count} points (towers {built}, main tower {main})",
                                    points, built=built, main=main))
            else:
                player = self.seat(s)
                line = (tr.ngettext("{player}: {count} point (towers {built}, main tower {main}, demolished −{minus})",
                                    "{player}: {count} points (towers {built}, main tower {main}, demolished −{minus})",
                                    points, player=player, built=built, main=main, minus=minus) if n else
                        tr.ngettext("{player}: {count} point (towers {built}, main tower {main})",
                                    "{player}: {count} points (towers {built}, main tower {main})",
                                    points, player=player, built=built, main=main))
            lines.append("  " + sentence(line))
        return "\n".join(lines)

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn it is and what they must do."""
        tr = self.tr
        mover = view["to_move"]
        if mover is None:
            return tr._("The game is over.")
        high = view["high_bid"]
        if view["phase"] == "build":
            if mover == seat:  # short: "You win the bidding." was just said
                return tr.ngettext("Your turn: build {count} card.", "Your turn: build {count} cards.", high)
            return tr.ngettext("{player} won the bidding with {bid} and must now take and build {count} card.",
                               "{player} won the bidding with {bid} and must now take and build {count} cards.",
                               high, player=self.seat(mover), bid=high)
        top = max_build(_towers(view, mover), [parse_card(c) for c in view["offer"]], view["spanish_eight"])
        if view["bids"][mover] is None and mover == view["start_player"]:
            if mover != seat:
                return tr._("{player} opens the bidding.", player=self.seat(mover))
            # said short under the turn's earcon (issue 38): "Your turn. You open: bid 0 to 5." on T
            return (tr._("You open: bid 0 to {top}.", top=top) if top else tr._("You open: bid 0."))
        if mover != seat:
            return tr._("{player} is to bid or pass.", player=self.seat(mover))
        if top <= high:
            return tr._("You must pass: no higher bid can be built.")
        if top == high + 1:
            return tr._("Bid {top}, or pass.", top=top)
        return tr._("Bid {low} to {top}, or pass.", low=high + 1, top=top)

    def shortcuts(self) -> dict[str, Shortcut]:
        keys = super().shortcuts()
        keys["C"] = (self.tr._("the offer, the towers and the piles"), self.table)
        keys["S"] = (self.tr._("the score"), self.score)
        keys["T"] = (self.tr._("whose turn it is"), self.turn)
        keys["O"] = (self.tr._("the offer"), self.offer)
        keys["B"] = (self.tr._("the bids of this round"), self.bids)
        # 1–5: one of your towers alone, Shift+1–5 that tower of the others, for a listener with
        # buttons (the terminal's digits choose)
        for col in range(5 if not self.notation else 0):
            keys[str(col + 1)] = (self.tr._("your tower: {tower}", tower=self.tower(col)),
                                  functools.partial(self.own_tower, col=col))
        for col in range(5 if not self.notation else 0):
            keys[f"Shift+{col + 1}"] = (self.tr._("the others' towers: {tower}", tower=self.tower(col)),
                                        functools.partial(self.others_tower, col=col))
        return keys

    # --- moves in words -------------------------------------------------------------
    def _built(self, action: tuple[int, tuple[int, ...]], view: dict[str, Any], seat: int) -> list[tuple[int, str]]:
        """The towers a build touches, as (colour, its values bottom to top or "gone")."""
        demolished, placement = action
        towers = _towers(view, seat)
        if demolished != NO_DEMOLISH:
            towers[demolished >> 4].pop()
        for c in placement:
            towers[c >> 4].append(c & 15)
        touched = sorted({c >> 4 for c in placement} | ({demolished >> 4} if demolished != NO_DEMOLISH else set()))
        # Translators: a tower that a build's demolition leaves without cards.
        gone = self.tr._("gone")
        return [(col, " ".join(map(str, towers[col])) or gone) for col in touched]

    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        tr = self.tr
        if isinstance(action, int):
            if action == PASS:
                return tr._("pass")
            if action == 0:
                return tr._("bid {bid} (take no cards)", bid=0)
            return tr.ngettext("bid {bid} (take {count} of the offer cards)",
                               "bid {bid} (take {count} of the offer cards)", action, bid=action)
        assert isinstance(action, tuple)
        result = self.tr.items(f"{self.tower(col)} {values}" for col, values in self._built(action, view, seat))
        return f"{self.game.format_action(action)}  → {result}"

    def token(self, token: str) -> str:
        """A card of the notation in words (`S14` → "Scrap 14"); other tokens as they are."""
        if _NOTATION_CARD.match(token):
            return self.tower_card(parse_card(token))
        return token

    def spoken_choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        """A build as a person says it, its steps in one sentence and the towers it makes: "take
        Candy 12 and Tree 10, then place 12 on the Candy tower and 10 on the Tree tower, making
        Candy 4 12 and Tree 10" (no notation; "demolish nothing" is not said)."""
        steps = self.steps(action, view, seat)
        if steps is None:
            return self.choice(action, view, seat)
        tr = self.tr
        assert isinstance(action, tuple)
        take, gone, place = (answer for _, answer in steps)
        said = (tr._("{take}, then {place}", take=take, place=place) if action[0] == NO_DEMOLISH
                else tr._("{take}, {demolish}, then {place}", take=take, demolish=gone, place=place))
        towers = [tr._("{tower} {values}", tower=self.tower(col), values=values)
                  for col, values in self._built(action, view, seat)]
        return tr._("{build}, making {towers}", build=said, towers=self._join(towers)) if towers else said

    def steps(self, action: Action, view: dict[str, Any], seat: int) -> list[tuple[str, str]] | None:
        """A build in three steps: the cards taken, the tower top demolished, where each card goes."""
        if not isinstance(action, tuple):
            return None
        tr = self.tr
        demolished, placement = action
        taken = tr._("take {cards}", cards=self._cards(sorted(placement)))
        if demolished == NO_DEMOLISH:
            gone = tr._("demolish nothing")
        else:
            card, tower = self._demolition(demolished)
            gone = tr._("demolish the {card} from the top of {tower}", card=card, tower=tower)
        return [(tr._("Which cards do you take?"), taken), (tr._("Which tower top do you demolish?"), gone),
                (tr._("Where does each card go?"), tr._("place {places}", places=self._places(list(placement))))]

    def phrase(self, event: Event, viewer: Viewer) -> str:
        tr = self.tr
        kind = event["type"]
        v = -1 if viewer is None else viewer
        you = event.get("seat") == v
        player = self.seat(event["seat"]) if "seat" in event else ""
        if kind == "passed":
            return tr._("You pass.") if you else tr._("{player} passes.", player=player)
        if kind == "bid":
            return tr._("You bid {bid}.", bid=event["bid"]) if you else tr._("{player} bids {bid}.", player=player,
                                                                             bid=event["bid"])
        if kind == "build":
            demolished = NO_DEMOLISH if event["demolished"] is None else parse_card(event["demolished"])
            return self._build_words(event["seat"], v, [parse_card(c) for c in event["cards"]], demolished)
        if kind == "bidding_won":
            # the winning bid was just said ("Player 2 bids 3."): said once
            return tr._("You win the bidding.") if you else tr._("{player} wins the bidding.", player=player)
        if kind == "offer_discarded":
            if event["reason"] == "no_bid":  # the start player bid 0 and everyone else passed (the rules say so)
                return tr._("Nobody takes the offer; it is discarded.")
            if not self.notation:  # the page's reader heard the offer and the build: the rest is discarded (issue 38)
                return ""
            return tr._("Discarded: {cards}.", cards=self._cards([parse_card(c) for c in event["cards"]]))
        if kind == "discard_reshuffled":
            return tr._("The draw pile ran out in this round: the discard pile is shuffled into a new draw pile.")
        if kind == "game_ends":
            return (tr._("The draw pile has run out for the second time: the game ends.")
                    if event["reason"] == "draw_pile_out_twice"
                    else tr._("There are no cards left to reveal: the game ends."))
        if kind == "round_started":  # the offer's cards without their count (they are listed)
            if not event["offer"]:
                return self.offer(event, v)
            # who opens the bidding is said by what follows: their bid, or your turn ("You must open
            # the bidding: bid 0 to 5."); B says it too
            return tr._("Round {round}, offer: {cards}.", round=event["round"],
                        cards=self._cards([parse_card(c) for c in event["offer"]]))
        if kind == "draw_pile_emptied":
            if event["times"] == 1:
                return tr._("This reveal emptied the draw pile: the discard pile will be reshuffled at the end of "
                            "this round.")
            return tr._("This reveal emptied the draw pile for the second time: this is the last round.")
        return super().phrase(event, viewer)

    def _build_words(self, seat: int, viewer: int, placement: list[int], demolished: int) -> str:
        """A build: where each card goes ("9 on the Candy tower and 7 then 5 on the Sand tower"),
        which names every card taken (a card goes on its own colour's tower), so they are not
        listed a second time; the demolished card is always the top of its colour's tower."""
        tr = self.tr
        places = self._places(placement, short=not self.notation)
        if demolished == NO_DEMOLISH:
            if seat == viewer:
                return tr._("You place {places}.", places=places)
            return tr._("{player} places {places}.", player=self.seat(seat), places=places)
        card = self.tower_card(demolished)
        if seat == viewer:
            return tr._("You demolish the {card} and place {places}.", card=card, places=places)
        return tr._("{player} demolishes the {card} and places {places}.", player=self.seat(seat), card=card,
                    places=places)

    def result(self, view: dict[str, Any], scores: list[float], winners: list[int], viewer: int) -> str:
        return self.score(view, viewer) + "\n" + super().result(view, scores, winners, viewer)
