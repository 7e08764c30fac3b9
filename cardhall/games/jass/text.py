"""Jass and Putz in words: the picture of a seat's view, the events, and the seed's keys.

Keys (rules/jass.md, "The seed's keyboard shortcuts"): Enter plays the selected choice;
C the cards on the table; A choose or hear the trump; F the led suit; H take the talon;
G exchange the trump six; S the score; T whose turn. H and G, when that action is yours,
select it so that Enter confirms it. Everything comes from `view(seat)`.
"""

from __future__ import annotations

from typing import Any

from cardhall.core.cards import RANK_NAMES, RANKS, SUIT_NAMES, SUITS, card_name, parse_card
from cardhall.core.game import Action, Event, Viewer
from cardhall.core.text import Shortcut, TextUI, plural, signed
from cardhall.games.jass.base import EXCHANGE_SIX, KEEP, NO_EXCHANGE, PUSH, TAKE_TALON, TRUMP


def words(card: str) -> str:
    """'QS' → 'queen of spades'."""
    return card_name(parse_card(card))


def suit_word(letter: str | None) -> str:
    return SUIT_NAMES[SUITS.index(letter)] if letter else "none"


class GameTextUI(TextUI):
    """Text for Jass (four in two teams) and Putz (three or five, each alone)."""

    # --- names -------------------------------------------------------------------------
    def team(self, team: int, viewer: Viewer = None) -> str:
        """A Jass team as the listener hears it: "you and North", "West and East"."""
        first, second = team, team + 2
        if viewer == second:
            first, second = second, first
        return f"{self.who(first, viewer, capital=False)} and {self.seat(second)}"

    def hand_words(self, cards: list[str]) -> str:
        if not cards:
            return "no cards"
        parts = []
        for s in "SHDC":
            ranks = [RANK_NAMES[RANKS.index(c[0])] for c in cards if c[1] == s]
            if ranks:
                parts.append(f"{SUIT_NAMES[SUITS.index(s)]}: {', '.join(ranks)}")
        return "; ".join(parts)

    # --- the picture -------------------------------------------------------------------
    def render(self, view: dict[str, Any], seat: int) -> str:
        lines = [self.header(view, seat)]
        lines.append(f"Your cards ({len(view['hand'])}): {self.hand_words(view['hand'])} [{' '.join(view['hand'])}].")
        if view["variant"] == "putz" and view.get("aside"):
            lines.append(f"Set aside (your old hand): {' '.join(view['aside'])}.")
        lines += [self.table(view, seat), self.score(view, seat), self.turn(view, seat)]
        return "\n".join(lines)

    def header(self, view: dict[str, Any], seat: Viewer = None) -> str:
        deal = len(view["deals"]) + (0 if view["phase"] == "over" else 1)
        head = f"{self.game.title}, deal {deal}; {self.does(view['dealer'], seat, 'deal', capital=False)}."
        return head + " " + self.trump_text(view, seat)

    def trump_text(self, view: dict[str, Any], seat: Viewer = None) -> str:
        if view["variant"] == "putz":
            text = f"Trump is {suit_word(view['trump'])}: the turned-up card is the {words(view['turned'])}."
            if view["six_exchanged_by"] >= 0:
                where = (f"went with the talon to {self.who(view['talon_taken_by'], seat, False)}"
                         if view["talon_taken_by"] >= 0 else "lies face up" + (" on the talon" if view["players"] == 3 else ""))
                text += (f" {self.who(view['six_exchanged_by'], seat)} exchanged the six of trump for it;"
                         f" the six of {suit_word(view['trump'])} {where}.")
            elif view["talon_taken_by"] >= 0:
                text += f" It went with the talon to {self.who(view['talon_taken_by'], seat, False)}."
            return text
        if view["trump"] is None:
            chooser = view["chooser"]
            pushed = " (the choice was pushed)" if view["pushed"] else ""
            return f"Trump is not chosen yet: {self.does(chooser, seat, 'choose', capital=False)}{pushed}."
        pushed = " after a push" if view["pushed"] else ""
        return f"Trump is {suit_word(view['trump'])}, chosen by {self.partner(view['chooser'], seat)}{pushed}."

    def partner(self, chooser: int, viewer: Viewer) -> str:
        """A seat mid-sentence, with "your partner" for the listener's Jass partner."""
        if self.game.num_players == 4 and isinstance(viewer, int) and chooser == (viewer + 2) % 4:
            return f"your partner {self.seat(chooser)}"
        return self.who(chooser, viewer, capital=False)

    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the cards on the table (the trick so far, else the last trick)."""
        n = view["players"]
        if view["trick"]:
            plays = [f"{self.who((view['leader'] + i) % n, seat)} played the {words(c)}" for i, c in enumerate(view["trick"])]
            win = self.who(view["winning"], seat)
            return f"On the table: {'; '.join(plays)}. {win} {'are' if win == 'You' else 'is'} winning it."
        last = view["last_trick"]
        if last is None:
            return "The table is empty; no trick has been played yet."
        plays = [f"{self.who((last['leader'] + i) % n, seat)} {words(c)}" for i, c in enumerate(last["cards"])]
        return (f"The table is empty. Last trick: {'; '.join(plays)}; "
                f"taken by {self.who(last['winner'], seat).replace('You', 'you')} for {plural(last['points'], 'point')}.")

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: the score."""
        if view["variant"] == "jass":
            sc, dp = view["team_scores"], view["team_points"]
            return (f"Score: {self.team(0, seat)} {sc[0]}, {self.team(1, seat)} {sc[1]} (game to {view['target']}). "
                    f"This deal so far: {dp[0]} to {dp[1]}.")
        parts = ", ".join(f"{self.who(i, seat, False)} {s}" for i, s in enumerate(view["scores"]))
        pts = ", ".join(f"{self.who(i, seat, False)} {p}" for i, p in enumerate(view["deal_points"]))
        return (f"Score: {parts} (game to 7, or until someone drops below {view['lose_below']}). "
                f"Card points this deal: {pts}.")

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn it is, and what they must do."""
        mover = view["to_move"]
        if mover is None:
            return "The game is over."
        task = {
            "trump": "choose trump or push the choice to the partner",
            "pushed": "choose trump (the choice was pushed)",
            "six": "say whether to exchange the six of trump for the turned-up card",
            "talon": "take the talon or keep the hand",
            "play": "lead a card" if not view["trick"] else "play a card",
        }[view["phase"]]
        if mover == seat:
            return f"Your turn: {task.replace('the partner', 'your partner').replace('the hand', 'your hand')}."
        return f"{self.seat(mover)} is to {task}."

    def led(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut F: the suit that was led."""
        if view["led"] is None:
            if view["phase"] != "play":
                return "No card has been led yet."
            leader = "you lead" if view["leader"] == seat else f"{self.seat(view['leader'])} leads"
            return f"No card is on the table; {leader}."
        lead = suit_word(view["led"])
        trump = " (trump)" if view["led"] == view["trump"] else ""
        return f"The led suit is {lead}{trump}."

    def trump_key(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut A: choose or hear the trump."""
        if view["phase"] in ("trump", "pushed") and view["to_move"] == seat:
            push = " or push to let your partner choose" if view["phase"] == "trump" else ""
            return ("Choose trump: type trump H (hearts), trump D (diamonds), trump S (spades) or "
                    f"trump C (clubs){push}; or a choice's number. Then press Enter.")
        return self.trump_text(view, seat)

    def talon_key(self, view: dict[str, Any], seat: int) -> str | tuple[str, Action]:
        """Shortcut H: take the talon (selects it when the offer is yours)."""
        if view["variant"] != "putz" or view["players"] != 3:
            return "There is no talon in this game; H takes the talon in Putz for three players."
        if view["phase"] == "talon" and view["to_move"] == seat:
            return ("Take the talon: your nine cards are set aside and the talon becomes your hand. "
                    "Press Enter to confirm, or type keep.", TAKE_TALON)
        if view["talon_taken_by"] >= 0:
            return f"{self.who(view['talon_taken_by'], seat)} took the talon this deal."
        if view["phase"] == "talon":
            return f"The talon is offered to {self.who(view['to_move'], seat, False)} now; the offer goes once around."
        if view["phase"] == "six":
            return "The talon is offered after the trump-six exchange, once around from the dealer's left."
        return "Nobody took the talon this deal; it stays out of play."

    def six_key(self, view: dict[str, Any], seat: int) -> str | tuple[str, Action]:
        """Shortcut G: exchange the trump six (selects it when that is yours to do)."""
        if view["variant"] != "putz":
            return "There is no trump-six exchange in Jass for four; G exchanges the trump six in Putz."
        six = "6" + view["trump"]
        if view["phase"] == "six" and view["to_move"] == seat:
            if six in view["hand"]:
                return (f"Exchange the six of {suit_word(view['trump'])} for the {words(view['up'])}. "
                        "Press Enter to confirm, or type no exchange.", EXCHANGE_SIX)
            return f"You do not hold the six of {suit_word(view['trump'])}; answer no exchange."
        if view["six_exchanged_by"] >= 0:
            return (f"{self.who(view['six_exchanged_by'], seat)} exchanged the six of {suit_word(view['trump'])} "
                    f"for the {words(view['turned'])}.")
        if view["phase"] == "six":
            return f"{self.does(view['to_move'], seat, 'be')} asked about the trump-six exchange."
        if view["up"] == six:
            return "The turned-up card is the six of trump itself; there is nothing to exchange."
        return "Nobody exchanged the six of trump this deal."

    def shortcuts(self) -> dict[str, Shortcut]:
        """The keys this game uses: H (the talon) only in Putz for three, G (the trump six) only in Putz."""
        keys: dict[str, Shortcut] = {
            "C": ("the cards on the table", self.table),
            "S": ("the score", self.score),
            "T": ("whose turn it is", self.turn),
            "F": ("the suit that was led", self.led),
            "A": ("choose or hear the trump", self.trump_key),
        }
        if self.game.name == "putz":
            if self.game.num_players == 3:
                keys["H"] = ("take the talon", self.talon_key)
            keys["G"] = ("exchange the trump six", self.six_key)
        return keys

    # --- choices and events ------------------------------------------------------------
    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        note = self.game.format_action(action)
        if isinstance(action, int) and action < 52:
            trump = " (trump)" if view["trump"] and note[1] == view["trump"] else ""
            return f"{note}, {words(note)}{trump}"
        if isinstance(action, int) and TRUMP <= action < TRUMP + 4:
            return f"{note}: make {SUIT_NAMES[action - TRUMP]} trump"
        texts: dict[Action, str] = {
            PUSH: "push: your partner chooses trump",
            EXCHANGE_SIX: f"exchange six: give the six of trump for the {words(view['up'])}" if view.get("up") else note,
            NO_EXCHANGE: "no exchange",
            TAKE_TALON: "take talon: set your cards aside and take the talon",
            KEEP: "keep: keep your hand",
        }
        return texts.get(action, note)

    def phrase(self, event: Event, viewer: Viewer) -> str:
        kind = event["type"]
        who = self.who(event["seat"], viewer) if "seat" in event else ""
        s = "" if who == "You" else "s"
        your = "your" if who == "You" else "their"
        if kind == "card_played":
            return f"{who} play{s} the {words(event['card'])}."
        if kind == "trump_chosen":
            chooser = self.partner(event["seat"], viewer)
            return f"{chooser[0].upper() + chooser[1:]} choose{s} {suit_word(event['suit'])} as trump."
        if kind == "pushed":
            if who == "You":
                return "You push: your partner chooses trump."
            yours = self.partner(event["seat"], viewer).startswith("your")
            return f"{who} pushes: {'you choose' if yours else 'the partner chooses'} trump."
        if kind == "six_exchanged":
            return f"{who} exchange{s} the six of trump for the turned-up card."
        if kind == "no_exchange":
            return f"{who}: no exchange."
        if kind == "talon_taken":
            return f"{who} take{s} the talon; {your} hand is set aside."
        if kind == "talon_kept":
            return f"{who} keep{s} {your} hand."
        if kind == "trick_won":
            return f"{who} win{s} the trick with the {words(event['card'])}: {plural(event['points'], 'point')}."
        if kind == "deal_scored":
            return self.deal_summary(event, viewer)
        if kind == "deal_started":
            return f"New deal. {self.header({**event, 'phase': 'trump', 'deals': [None] * (event['deal'] - 1)}, viewer)}"
        if kind == "hand_dealt":
            return f"Your cards: {self.hand_words(event['hand'])} [{' '.join(event['hand'])}]."
        return super().phrase(event, viewer)

    def deal_summary(self, event: Event, viewer: Viewer = None) -> str:
        """A `deal_scored` event: the deal's points and the score."""
        if "team_scores" in event:
            pts, sc = event["points"], event["team_scores"]
            return (f"Deal scored: {self.team(0, viewer)} {pts[0]}, {self.team(1, viewer)} {pts[1]}. "
                    f"Score: {sc[0]} to {sc[1]}.")
        parts = []
        for i, (p, d) in enumerate(zip(event["points"], event["deltas"], strict=True)):
            tag = " (apple)" if p < 21 else ""
            parts.append(f"{self.who(i, viewer, False)} {plural(p, 'point')}{tag} {signed(d)}")
        return "Deal scored: " + "; ".join(parts) + ". Score: " + ", ".join(
            f"{self.who(i, viewer, False)} {s}" for i, s in enumerate(event["scores"])) + "."

    def result(self, view: dict[str, Any], scores: list[float], winners: list[int], viewer: int) -> str:
        if view["variant"] == "jass" and winners:
            team = winners[0] & 1
            mine = " — your team wins" if viewer in winners else (" — your team loses" if 0 <= viewer < 4 else "")
            names = self.team(team, viewer)
            return (f"Game over. {names[0].upper() + names[1:]} reach {int(scores[winners[0]])} points against "
                    f"{int(scores[1 - team])}{mine}.")
        return super().result(view, scores, winners, viewer)
