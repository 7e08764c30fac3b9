"""5 Towers in words: the table, the towers, bids and builds, rendered from a seat's view."""

from __future__ import annotations

from typing import Any

from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI, plural
from cardhall.games.five_towers.notation import (
    COLOUR_WORDS,
    COLOURS,
    NO_DEMOLISH,
    PASS,
    TOWER_NAMES,
    card_words,
    parse_card,
)
from cardhall.games.five_towers.rules_engine import max_build


def _join(words: list[str]) -> str:
    if len(words) <= 1:
        return "".join(words)
    return ", ".join(words[:-1]) + " and " + words[-1]


def _towers(view: dict[str, Any], seat: int) -> list[list[int]]:
    return [list(view["towers"][seat][letter]) for letter in COLOURS]


class GameTextUI(TextUI):
    def _name(self, seat: int, viewer: int) -> str:
        return "You" if seat == viewer else self.seat(seat)

    # --- the picture -------------------------------------------------------------
    def render(self, view: dict[str, Any], seat: int) -> str:
        parts = [self.piles(view, seat), self.offer(view, seat), self.all_towers(view, seat),
                 self.bids(view, seat), self.turn(view, seat)]
        return "\n".join(p for p in parts if p)

    def piles(self, view: dict[str, Any], seat: int) -> str:
        runs = {0: "it has not run out yet", 1: "it has run out once"}.get(view["exhaustions"], "it has run out twice")
        last = " This is the last round." if view.get("last_round") else ""
        draw, discard = view["draw_pile"], len(view["discard"])
        return (f"Round {view['round']}. Draw pile: {draw} card{'s' * (draw != 1)} ({runs}). "
                f"Discard pile: {discard} card{'s' * (discard != 1)}.{last}")

    def offer(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut O: the offer."""
        cards = view["offer"]
        if not cards:
            return "The offer is empty."
        shown = ", ".join(f"{c} ({card_words(parse_card(c))})" for c in cards)
        return f"Offer ({plural(len(cards), 'card')}): {shown}."

    def tower_lines(self, view: dict[str, Any], seat: int, viewer: int) -> list[str]:
        towers = _towers(view, seat)
        demolished = view["demolished"][seat]
        score = view["scores"][seat]
        gone = f"{len(demolished)} demolished ({' '.join(demolished)})" if demolished else "none demolished"
        lines = [f"{'Your towers' if seat == viewer else self.seat(seat)}: score {score:g}, {gone}."]
        tallest = max(len(t) for t in towers)
        main = next((col for col, t in enumerate(towers) if t and len(t) == tallest), -1)
        for col, tower in enumerate(towers):
            label = f"  {TOWER_NAMES[col]} ({COLOURS[col]}, {COLOUR_WORDS[col]}):"
            if not tower:
                continue
            state = "topped with 0, complete" if tower[-1] == 0 else f"top {tower[-1]}"
            cards = "card" if len(tower) == 1 else "cards"
            extra = ", main tower" if col == main else ""
            lines.append(f"{label} {' '.join(map(str, tower))} (bottom to top; {len(tower)} {cards}, {state}{extra})")
        missing = [TOWER_NAMES[col] for col, tower in enumerate(towers) if not tower]
        if len(missing) == 5:
            lines.append("  no towers yet")
        elif missing:
            lines.append(f"  no tower yet: {', '.join(missing)}")
        return lines

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
        start = view["start_player"]
        n = view["players"]
        said = []
        for i in range(n):
            s = (start + i) % n
            b = view["bids"][s]
            if b is None:
                continue
            said.append(f"{self._name(s, seat)} {'passed' if b == 'pass' else f'bid {b}'}")
        starter = self.does(start, seat, "start", capital=False)
        return f"Bidding ({starter}): " + ("; ".join(said) + "." if said else "no bids yet.")

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: each player's score with its parts."""
        lines = ["Score:"]
        for s in range(view["players"]):
            towers = _towers(view, s)
            built = sum(len(t) * (2 if t and t[-1] == 0 else 1) for t in towers)
            main = max(len(t) for t in towers)
            n = len(view["demolished"][s])
            minus = f", demolished −{n * (n + 1) // 2}" if n else ""
            lines.append(f"  {self.who(s, seat)}: {plural(view['scores'][s], 'point')} "
                         f"(towers {built}, main tower {main}{minus})")
        return "\n".join(lines)

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn it is and what they must do."""
        mover = view["to_move"]
        if mover is None:
            return "The game is over."
        who = "You" if mover == seat else self.seat(mover)
        if view["phase"] == "build":
            if mover == seat:
                return f"You must now take and build {plural(view['high_bid'], 'card')}."
            cards = plural(view["high_bid"], "card")
            return f"{who} won the bidding with {view['high_bid']} and must now take and build {cards}."
        top = max_build(_towers(view, mover), [parse_card(c) for c in view["offer"]], view["spanish_eight"])
        high = view["high_bid"]
        if view["bids"][mover] is None and mover == view["start_player"]:
            if mover != seat:
                return f"{who} opens the bidding."
            return f"You must open the bidding: bid 0 to {top}." if top else "You must open the bidding: bid 0."
        if mover != seat:
            return f"{who} is to bid or pass."
        if top <= high:
            return "You must pass: no higher bid can be built."
        return f"You may bid {top}, or pass." if top == high + 1 else f"You may bid {high + 1} to {top}, or pass."

    def shortcuts(self) -> dict[str, Shortcut]:
        keys = super().shortcuts()
        keys["O"] = ("the offer", self.offer)
        keys["B"] = ("the bids of this round", self.bids)
        return keys

    # --- moves in words -------------------------------------------------------------
    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        if isinstance(action, int):
            if action == PASS:
                return "pass"
            return f"bid {action}" + (" (take no cards)" if action == 0 else f" (take {action} of the offer cards)")
        assert isinstance(action, tuple)
        demolished, placement = action
        towers = _towers(view, seat)
        if demolished != NO_DEMOLISH:
            towers[demolished >> 4].pop()
        for c in placement:
            towers[c >> 4].append(c & 15)
        touched = sorted({c >> 4 for c in placement} | ({demolished >> 4} if demolished != NO_DEMOLISH else set()))
        result = "; ".join(f"{TOWER_NAMES[col]} {' '.join(map(str, towers[col])) or 'gone'}" for col in touched)
        return f"{self.game.format_action(action)}  → {result}"

    def steps(self, action: Action, view: dict[str, Any], seat: int) -> list[tuple[str, str]] | None:
        """A build in three steps: the cards taken, the tower top demolished, where each card goes."""
        if not isinstance(action, tuple):
            return None
        demolished, placement = action
        taken = "take " + _join([card_words(c) for c in sorted(placement)])
        gone = ("demolish nothing" if demolished == NO_DEMOLISH
                else f"demolish the {card_words(demolished)} from the top of the {TOWER_NAMES[demolished >> 4]} tower")
        by_col: dict[int, list[int]] = {}
        for c in placement:
            by_col.setdefault(c >> 4, []).append(c & 15)
        places = _join([f"{' then '.join(map(str, vals))} on the {TOWER_NAMES[col]} tower" for col, vals in by_col.items()])
        return [("Which cards do you take?", taken), ("Which tower top do you demolish?", gone),
                ("Where does each card go?", "place " + places)]

    def phrase(self, event: Event, viewer: Viewer) -> str:
        kind = event["type"]
        v = -1 if viewer is None else viewer
        who = self._name(event["seat"], v) if "seat" in event else ""
        you = who == "You"
        if kind == "passed":
            return f"{who} pass." if you else f"{who} passes."
        if kind == "bid":
            return f"{who} bid {event['bid']}." if you else f"{who} bids {event['bid']}."
        if kind == "build":
            return self._build_words(who, [parse_card(c) for c in event["cards"]],
                                     NO_DEMOLISH if event["demolished"] is None else parse_card(event["demolished"]))
        if kind == "bidding_won":
            return f"{who} won the bidding with {event['bid']}."
        if kind == "offer_discarded":
            if event["reason"] == "no_bid":
                return ("The start player bid 0 and everyone else passed: the offer goes to the discard pile "
                        "and the same player starts the next round.")
            return f"Left in the offer, to the discard pile: {_join([card_words(parse_card(c)) for c in event['cards']])}."
        if kind == "discard_reshuffled":
            return "The draw pile ran out in this round: the discard pile is shuffled into a new draw pile."
        if kind == "game_ends":
            return ("The draw pile has run out for the second time: the game ends."
                    if event["reason"] == "draw_pile_out_twice" else "There are no cards left to reveal: the game ends.")
        if kind == "round_started":
            starter = "You start" if event["start_player"] == v else f"{self.seat(event['start_player'])} starts"
            return f"Round {event['round']}. {self.offer(event, v)} {starter} the bidding."
        if kind == "draw_pile_emptied":
            return "This reveal emptied the draw pile" + (
                ": the discard pile will be reshuffled at the end of this round." if event["times"] == 1
                else " for the second time: this is the last round.")
        return super().phrase(event, viewer)

    def _build_words(self, who: str, placement: list[int], demolished: int) -> str:
        verb = ("take", "demolish", "place") if who == "You" else ("takes", "demolishes", "places")
        parts = [f"{who} {verb[0]} {_join([card_words(c) for c in sorted(placement)])}"]
        if demolished != NO_DEMOLISH:
            parts.append(f"{verb[1]} the {card_words(demolished)} from the top of the {TOWER_NAMES[demolished >> 4]} tower")
        by_col: dict[int, list[int]] = {}
        for c in placement:
            by_col.setdefault(c >> 4, []).append(c & 15)
        places = [f"{' then '.join(map(str, vals))} on the {TOWER_NAMES[col]} tower" for col, vals in by_col.items()]
        parts.append(f"{verb[2]} {_join(places)}")
        return ", ".join(parts[:-1]) + (" and " if len(parts) > 1 else "") + parts[-1] + "."

    def result(self, view: dict[str, Any], scores: list[float], winners: list[int], viewer: int) -> str:
        return self.score(view, viewer) + "\n" + super().result(view, scores, winners, viewer)

