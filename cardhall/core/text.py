"""Text rendering of a seat's view and of events, shared by the terminal client and screen readers.

Each game subclasses `TextUI` (usually in its package's `text.py`) and declares it as its
`text_ui` plug-in (`Game.plugins`). Pictures are rendered from `view(seat)` and happenings
from the events of `State.apply_with_events`, never from the full state: the engine decides
what a viewer may know, the text only phrases it.
"""

from __future__ import annotations

import contextlib
import functools
import re
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextvars import ContextVar
from typing import Any

from cardhall.core.card_words import FACES, card_words
from cardhall.core.cards import RANKS, SUIT_SYMBOLS, SUITS
from cardhall.core.game import Action, Event, Game, Viewer
from cardhall.core.i18n import DEFAULT, NP_, Lang, domain_of, lang

STEPWISE_OVER = 9
"""More choices than this, when the game can ask them in steps (`TextUI.steps`), are chosen
step by step: by the terminal's prompt and by the browser's picker alike (`choice_steps`)."""

_PEOPLE: ContextVar[tuple[int, tuple[str, ...]] | None] = ContextVar("cardhall_people", default=None)
"""While words are made (`TextUI.people`): the id of the `TextUI` and what the reader calls each
seat's occupant. A context variable, as a `TextUI` is shared by every table of its game and language
(each thread and task sees its own)."""

_STANDARD_CARD = re.compile(r"^([2-9TJQKA])([CDHS])$")

Shortcut = tuple[str, Callable[[dict[str, Any], int], str | tuple[str, Action]]]
"""A key's description and its function; the function returns what to say, or (what to say,
an action to select) for a key that performs an action (Enter then confirms it)."""


KEPT = 16384
"""Answers a reader keeps (`kept`): the recent positions of a busy room's tables (at 125 tables a
few thousand answers are made a second; a hand or the scores must outlive a trick to be reused)."""

Said = Callable[[Any, dict[str, Any], int], str]


def kept(key: Callable[[dict[str, Any], int], Hashable]) -> Callable[[Said], Said]:
    """A `TextUI` method `fn(self, view, seat)` answered once per reader for each `key(view, seat)`:
    the key names every field of the view (and the seat, where the words differ by reader) that the
    answer depends on; who sits where (`TextUI.people`) is always part of it. The words of a table
    are phrased for each viewer after each move, but a hand, the scores or the last trick change far
    less often than that. A key that cannot be taken from the view raises as `fn` would (a
    spectator's view lacks a hand)."""
    def wrap(fn: Said) -> Said:
        @functools.wraps(fn)
        def said(self: Any, view: dict[str, Any], seat: int) -> str:
            known: dict[Hashable, str] = self.__dict__.setdefault("_kept", {})
            k = (fn.__name__, self.notation, self.faces, _PEOPLE.get(), key(view, seat))  # the people named too
            answer = known.get(k)
            if answer is None:
                if len(known) >= KEPT:
                    known.clear()
                answer = known[k] = fn(self, view, seat)
            return answer
        return said
    return wrap


class TextUI:
    """How a game looks and sounds in words, in one language. Games override what they need.

    `self.tr` translates into the reader's language (`cardhall.core.i18n.Lang`), looking in the
    game's own catalog domain first (the domain of the module that defines the subclass)."""

    notation = True
    """Whether the reader types notation (the terminal) and so hears it beside the words ("queen of
    spades (QS)"); a listener who chooses with buttons (the browser, `text_ui(…, notation=False)`)
    hears words only: no card code, no "write pass and a card"."""

    faces = "french"
    """The card faces the reader sees (`cardhall.core.card_words.FACES`): with "german", the cards of
    the Swiss German-suited pack are said by their own names ("under of bells")."""

    faces_offered: tuple[str, ...] = ("french",)
    """The faces the game's cards come in (Jass and Putz: French and the Swiss German suits)."""

    def __init__(self, game: Game, lang_code: str = DEFAULT) -> None:
        self.game = game
        self.tr: Lang = lang(lang_code, domain_of(type(self).__module__))

    def code(self, notation: str) -> str:
        """" (QS)" after a card's words for a reader who types notation, else ""."""
        return f" ({notation})" if self.notation else ""

    people_named = False
    """Whether the words name a seat by who sits there ("Bot (medium)", "Ann") when they are known
    (`people`), as the table's picture does: for games whose seats are only numbered or lettered
    ("Player 2", "Player B"). A game whose seats are places the rules speak of (Hearts' North, the
    Jass teams' seats) keeps saying the place."""

    @contextlib.contextmanager
    def people(self, names: Sequence[str]) -> Iterator[None]:
        """Within the block, `seat(i)` says `names[i]` (the reader's words for the occupant of seat
        i; an empty name keeps the seat's own name) in a game that names its people."""
        token = _PEOPLE.set((id(self), tuple(names)) if self.people_named else None)
        try:
            yield
        finally:
            _PEOPLE.reset(token)

    def seat(self, seat: int) -> str:
        """Who a sentence speaks of at `seat`: the person there, while `people` says who (in a game
        that names its people), else the seat's own name (`seat_name`)."""
        known = _PEOPLE.get()
        if known is not None and known[0] == id(self) and 0 <= seat < len(known[1]) and known[1][seat]:
            return known[1][seat]
        return self.seat_name(seat)

    def seat_name(self, seat: int) -> str:
        """A seat's own name in the reader's language (`Game.seat_name` may return a `Msg`), kept
        per seat: a game's seat names never change, and its words say them many times a move."""
        known = self.__dict__.setdefault("_seat_names", {})
        if seat not in known:
            known[seat] = self.tr.say(self.game.seat_name(seat))
        return str(known[seat])

    def card(self, card: int, *, as_object: bool = False) -> str:
        """A card (0–51) in words in the reader's language; `as_object` as the object of a verb."""
        return card_words(card, self.tr, as_object=as_object, faces=self.faces)

    def say(self, message: object, viewer: Viewer = None) -> str:
        """An engine's message (a `Msg` or an error carrying one) in the reader's language, "you"
        for the reader's own seat."""
        return self.tr.say(message, viewer)

    def render(self, view: dict[str, Any], seat: int) -> str:
        """The whole picture for `seat`: table, own cards, scores, whose turn."""
        return "\n".join(p for p in (self.table(view, seat), self.score(view, seat), self.turn(view, seat)) if p)

    def table(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut C: the cards on the table."""
        cards = view.get("table")
        if cards is None:
            return self.tr._("Cards on the table: none")
        return self.tr._("Cards on the table: {cards}", cards=str(cards))

    def score(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut S: the score."""
        scores = view.get("scores", [])
        return self.tr._("Score: {scores}", scores=self.score_list(scores, None))

    def turn(self, view: dict[str, Any], seat: int) -> str:
        """Shortcut T: whose turn it is, and what they must do."""
        mover = view.get("to_move")
        if mover is None:
            return self.tr._("The game is over.")
        return self.tr._("Your turn.") if mover == seat else self.tr._("{player} is to move.", player=self.seat(mover))

    def shortcuts(self) -> dict[str, Shortcut]:
        """Single-letter keys: C, S, T here; games add F, A, H, G and more."""
        return {
            "C": (self.tr._("the cards on the table"), self.table),
            "S": (self.tr._("the score"), self.score),
            "T": (self.tr._("whose turn it is"), self.turn),
        }

    def choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        """How a legal action is listed in the numbered choices."""
        return self.game.format_action(action)

    def steps(self, action: Action, view: dict[str, Any], seat: int) -> list[tuple[str, str]] | None:
        """A long list of choices made step by step: for `action`, each step's (question, answer)
        — e.g. which cards, which tower to demolish, where each card goes. None: one list."""
        return None

    def spoken_choice(self, action: Action, view: dict[str, Any], seat: int) -> str:
        """A legal action as a listener hears it among the choices: `choice` without notation a
        listener need not hear (a game whose `choice` shows notation first says it in words)."""
        return self.choice(action, view, seat)

    def token(self, token: str) -> str:
        """One token of the game's notation in words: `QS` → "queen of spades ♠"; a game adds
        its own (a 5 Towers card, a Clash lane); any other token as it is. A reader of the German
        faces hears the German card alone ("under of bells": no French suit sign beside it)."""
        if m := _STANDARD_CARD.match(token):
            suit = SUITS.index(m[2])
            said = self.card(suit * 13 + RANKS.index(m[1]))
            return said if self.faces == "german" else f"{said} {SUIT_SYMBOLS[suit]}"
        return token

    def phrase(self, event: Event, viewer: Viewer) -> str:
        """One event as one sentence for `viewer` (a seat, or None for a spectator), or ""
        when there is nothing to say. The event already holds only what `viewer` may know."""
        if event["type"] == "move":
            seat = event["seat"]
            if "action" in event:
                return self.tr._("You: {action}.", action=event["action"]) if seat == viewer else \
                    self.tr._("{player}: {action}.", player=self.seat(seat), action=event["action"])
            return self.tr._("You move.") if seat == viewer else self.tr._("{player} moves.", player=self.seat(seat))
        return ""

    def audience(self, event: Event, viewer: Viewer) -> Hashable:
        """Who hears `phrase(event, viewer)` alike: the viewers given one audience get one sentence,
        phrased once for them all (the room phrases each change for every viewer). The default is
        the viewer alone. A game may give an event that every viewer receives alike one audience
        for all but the seat the sentence calls "you" ("East: two of clubs." to North, West and the
        spectators; "You: two of clubs." to East). The audience must name everything besides the
        event, its table, version and people and the reader's language that the sentence depends
        on (`tests/web/test_words_audience.py` checks the games that share)."""
        return ("viewer", viewer)

    def trick_end(self, you: bool, player: str, points: int) -> str:
        """A trick's end said short, for a listener who has just heard its cards (issue 38): "West
        takes 12 points."; a trick of no points is "West takes it." (not "0 points"). Hearts and
        Jass say it on the page."""
        tr = self.tr
        if not points:
            # Translators: a trick's end with no points, right after its cards were heard: "West takes it." (the trick)
            return tr._("You take it.") if you else tr._("{player} takes it.", player=player)
        if you:
            # Translators: a trick's end, right after its cards were heard: "West takes 12 points." (the trick and its points)
            return tr.ngettext("You take {count} point.", "You take {count} points.", points)
        return tr.ngettext("{player} takes {count} point.", "{player} takes {count} points.", points, player=player)

    def phrase_all(self, events: Sequence[Event], viewer: Viewer) -> list[str]:
        """The events of one change (one move and what it caused), one sentence each, in order
        (`phrase`); a game may say several in one ("" for the others): an attack, the damage it
        did and what it destroyed as one line."""
        return [self.phrase(event, viewer) for event in events]

    def intro(self, view: dict[str, Any], seat: int) -> list[str]:
        """What a player hears when the game starts or resumes (dealer, contracts, trump…)."""
        return []

    def result(self, view: dict[str, Any], scores: list[float], winners: list[int], viewer: int) -> str:
        """The end for `viewer`: "You win with 43 points" or "East wins with 50 points; you finish second"."""
        return self.tr._("Game over. {outcome} Final scores: {scores}.", outcome=self.outcome(scores, winners, viewer),
                         scores=self.score_list(scores, viewer))

    def score_list(self, scores: list[float], viewer: Viewer) -> str:
        """"you 43, East 40, South 12": each seat and its score, "you" for `viewer`'s own."""
        items = []
        for i, s in enumerate(scores):
            if i == viewer:
                # Translators: one item of a list of scores, e.g. "you 43, East 40".
                items.append(self.tr._("you {score}", score=self.tr.number(s)))
            else:
                items.append(self.tr._("{player} {score}", player=self.seat(i), score=self.tr.number(s)))
        return ", ".join(items)

    def points(self, count: float) -> str:
        """"1 point", "43 points" in the reader's language."""
        return self.tr.ngettext("{count} point", "{count} points", count)

    def place(self, better: int) -> str:
        """The place of a player with `better` players ahead: "first", "second", … ("number 8")."""
        if better < len(ORDINALS):
            return self.tr.pgettext("place", ORDINALS[better])
        return self.tr.pgettext("place", "number {number}", number=better + 1)

    def outcome(self, scores: list[float], winners: list[int], viewer: int) -> str:
        """Who won, and where the viewer finished, in one sentence."""
        tr = self.tr
        if not winners:
            return tr._("Nobody wins.")
        points = self.points(scores[winners[0]])
        if viewer in winners:
            others = [self.seat(w) for w in winners if w != viewer]
            if others:
                return tr._("You share the win with {players}, with {points}.", players=tr.join(others), points=points)
            return tr._("You win with {points}.", points=points)
        names = tr.join(self.seat(w) for w in winners)
        if not 0 <= viewer < len(scores):
            if len(winners) == 1:
                return tr._("{player} wins with {points}.", player=names, points=points)
            return tr._("{players} share the win with {points}.", players=names, points=points)
        lower_wins = scores[winners[0]] <= min(scores) and scores[winners[0]] < max(scores)
        better = sum(1 for s in scores if (s < scores[viewer] if lower_wins else s > scores[viewer]))
        place, mine = self.place(better), self.points(scores[viewer])
        if len(winners) == 1:
            return tr._("{player} wins with {points}; you finish {place} with {my_points}.",
                        player=names, points=points, place=place, my_points=mine)
        return tr._("{players} share the win with {points}; you finish {place} with {my_points}.",
                    players=names, points=points, place=place, my_points=mine)


ORDINALS = (NP_("place", "first"), NP_("place", "second"), NP_("place", "third"), NP_("place", "fourth"),
            NP_("place", "fifth"), NP_("place", "sixth"))
"""Places in a game's final order (context ``place``: "you finish second")."""


def stepwise(ui: TextUI, legal: Sequence[Action], view: dict[str, Any], seat: int) -> bool:
    """Whether the choices are too many for one list and the game can ask them step by step."""
    return len(legal) > STEPWISE_OVER and ui.steps(legal[0], view, seat) is not None


def choice_steps(ui: TextUI, legal: Sequence[Action], view: dict[str, Any],
                 seat: int) -> list[list[tuple[str, str]]] | None:
    """The steps of each legal action (`TextUI.steps`), when they are chosen step by step: more
    than `STEPWISE_OVER` choices and a game that can ask them in steps; else None (one list).
    The terminal's prompt and the browser's picker both walk these steps (docs/web.md)."""
    if not stepwise(ui, legal, view, seat):
        return None
    return [ui.steps(action, view, seat) or [] for action in legal]


def text_ui(game: Game, lang_code: str = DEFAULT, *, notation: bool = True, faces: str = "french") -> TextUI:
    """The game's own `TextUI` (its declared `text_ui` plug-in), else the generic one, speaking the
    language `lang_code` (``en``, ``bg``, ``cs``, ``es``, ``ru``); `notation=False` for a reader
    who chooses with buttons and never types notation (`TextUI.notation`); `faces` the card faces
    the reader sees (`TextUI.faces`)."""
    cls: type[TextUI] = game.plugins.load("text_ui") or TextUI
    ui = cls(game, lang_code)
    ui.notation = notation
    ui.faces = faces if faces in FACES and faces in cls.faces_offered else "french"
    ui.tr = ui.tr.seeing(ui.faces)  # the game's refusals name the cards of these faces too (`Faced`)
    return ui


def signed(delta: float) -> str:
    """A change of score: "+3", "-2", "0" (never "+0" or "−0")."""
    return "0" if delta == 0 else f"{delta:+g}"
