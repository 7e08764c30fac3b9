"""The terminal's prompt: what a typed line means, the same for `cardhall play` (a local table)
and `cardhall join` (a seat of an online one), in the player's language.

  a number, an action's notation     select that choice (it is described back)
  or its words ("queen of spades",   (card names in the player's language are read too)
  «дама пик»)
  Enter (an empty line)              play the selected choice (without --confirm a choice plays at once)
  C                                  the whole table
  S, T and the game's own keys       score, turn, … (see ?)
  L                                  list the choices again
  ?                                  help: every key of this game
  Q                                  quit (play: save the game; join: leave the table)

A driver (`TerminalGame`, `RemoteTerminal`) says what the position is (`view`, `legal`), reads
notation (`parse`) and plays what `handle` returns.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from typing import Any, Literal

from cardhall.core.card_words import card_words
from cardhall.core.cards import card_name, parse_card
from cardhall.core.errors import CardhallError, NotationError
from cardhall.core.game import Action
from cardhall.core.i18n import Lang, Msg, lang
from cardhall.core.text import TextUI, stepwise
from cardhall.core.titles import game_title

Output = Callable[[str], None]
Reply = tuple[Literal["play"], Action] | tuple[Literal["key"], str] | Literal["quit"] | None
"""What a line asks the driver to do: play an action, quit, or nothing more."""

WORD = re.compile(r"[\w!?'-]+")
LONGEST = 200
"""A line longer than this is no choice of any game; it is not read (nor echoed back)."""
SHOWN_MATCHES = 8
"""At most this many matching choices are listed for words that fit several."""


def readline_editing() -> None:
    """Line editing and history at the prompt (arrows edit the line and recall earlier ones),
    where the input is a terminal."""
    if sys.stdin.isatty():
        import readline  # noqa: F401 - importing it makes input() edit lines


class Prompt:
    """The keys and choices of the terminal's prompt for the player at `seat`."""

    quit_help = ""
    """What Q does, in the help (set by the driver)."""
    table_keys: dict[str, str] = {}  # noqa: RUF012 (replaced, never changed)
    """Keys the driver answers itself (`("key", K)`), with what each does in the help (`cardhall join`:
    K, "wait for me")."""

    def __init__(self, ui: TextUI, seat: int, say: Output, *, lang_code: str = "en", quick: bool = False,
                 verbose: bool = False) -> None:
        self.ui = ui
        self.seat = seat
        self.say = say
        self.tr: Lang = lang(lang_code, "terminal")
        self.quick = quick
        self.verbose = verbose
        self.selected: Action | None = None
        self.path: list[str] = []  # the answers given so far to a step-by-step choice

    # --- what the driver provides ----------------------------------------------------------
    def view(self) -> dict[str, Any]:
        raise NotImplementedError

    def legal(self) -> list[Action]:
        raise NotImplementedError

    def parse(self, text: str) -> Action:
        """The legal action `text` writes in notation; a `CardhallError` saying why not."""
        raise NotImplementedError

    def not_started(self) -> str | None:
        """Why the game takes no keys yet (an online table waiting for its host), or None."""
        return None

    # --- one line ----------------------------------------------------------------------------
    def handle(self, line: str) -> Reply:
        """Act on one line of input; return what the driver must do: Enter plays the selection,
        a key answers (`_key`), anything else is a choice (`_choice`)."""
        text = line.strip()
        tr = self.tr
        if text == "":
            if self.selected is None:
                self.say(tr._("Nothing is selected. Type a choice's number or its notation, then press Enter "
                              "again to play it."))
                return None
            action, self.selected = self.selected, None
            return ("play", action)
        key = text.upper()
        if key == "?":
            self.help()
            return None
        if key == "L":
            self.path = []
            self.list_choices()
            return None
        if key == "Q":
            return "quit"
        if key in self.table_keys:
            return ("key", key)
        if (why := self.not_started()) is not None:
            self.say(why)
            return None
        view = self.view()
        answered = self._key(key, view)
        if answered is not False:
            return answered
        if len(text) == 1 and text.isalpha():
            self.say(tr._("{key} is not used here. The keys are {keys}; ? says what each does.",
                          key=key, keys=self.key_list()))
            return None
        return self._choice(text, view)

    def _key(self, key: str, view: Any) -> Reply | Literal[False]:
        """C says the whole table, the game's keys answer (a key that performs an action selects
        it; Enter confirms); False: `key` is not one of them."""
        if key == "C":
            self.say(self.ui.render(view, self.seat))
            return None
        shortcuts = self.ui.shortcuts()
        if key not in shortcuts:
            return False
        what, answer = shortcuts[key]
        said = answer(view, self.seat)
        if isinstance(said, tuple):
            said, action = said
            self.say(said)
            return self.select(action) if action in self.legal() else None
        self.say(said or self.tr._("{what}: nothing to tell at this point of the game.", what=capital(what)))
        return None

    def _choice(self, text: str, view: Any) -> Reply:
        """A choice by its number (or the next step's), its notation or its words."""
        tr = self.tr
        if len(text) > LONGEST:
            self.say(tr.ngettext("That line is {count} character long, too long to be a choice. Type a choice's "
                                 "number, its notation or its words, or ? for help.",
                                 "That line is {count} characters long, too long to be a choice. Type a choice's "
                                 "number, its notation or its words, or ? for help.", len(text)))
            return None
        legal = self.legal()
        if not legal:
            self.say(tr._("It is not your turn. {turn}", turn=self.ui.turn(view, self.seat)))
            return None
        if text.isdigit() and self.stepwise(legal, view):
            return self.step(int(text), legal, view)
        if text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                return self.select(legal[n - 1])
            self.say(tr._("There is no choice {number}; choose a number from 1 to {last}, or L to list them.",
                          number=n, last=len(legal)))
            return None
        try:
            action = self.parse(text)
        except CardhallError as exc:
            found = self.by_words(text, legal, view)
            if isinstance(found, str):
                why = self.refusal(exc)
                if not found and isinstance(exc, NotationError) and len(text.split()) > 1:  # words, perhaps
                    why = tr._("None of your choices matches '{text}' ({why})", text=text, why=why)
                self.say(found or tr._("{why}. Type L to list the choices or ? for help.", why=why.rstrip(".")))
                return None
            action = found
        return self.select(action)

    def refusal(self, exc: CardhallError) -> str:
        """An engine's refusal in the player's language, "you" for the player's own seat."""
        carried = exc.args[0] if exc.args else None
        if isinstance(carried, Msg) or self.tr.code != "en":
            return self.ui.say(exc, self.seat)
        to_you = getattr(self.ui, "to_you", None)  # English text of an engine whose refusals are not Msg yet
        return str(to_you(str(exc), self.seat)) if to_you is not None else str(exc)

    def by_words(self, text: str, legal: list[Action], view: dict[str, Any]) -> Action | str:
        """The one choice whose words hold all the words of `text` ("queen of spades", «дама
        пик», "pass two clubs"): its description and the names of its cards in the player's
        language and in English; else what to say (the choices that match, or "" if none)."""
        words = {w for w in WORD.findall(text.lower()) if w not in ("of", "the", "a")}
        if not words:
            return ""
        found = [a for a in legal if words <= self.words_of(a, view)]
        if len(found) == 1:
            return found[0]
        if found:
            shown = self.tr.items(f"{legal.index(a) + 1}. {self.ui.choice(a, view, self.seat)}"
                                   for a in found[:SHOWN_MATCHES])
            if len(found) > SHOWN_MATCHES:
                shown = self.tr.ngettext("{shown} and {count} more", "{shown} and {count} more",
                                         len(found) - SHOWN_MATCHES, shown=shown)
            return self.tr.ngettext("{count} choice matches '{text}': {shown}. Type its number or more words.",
                                    "{count} choices match '{text}': {shown}. Type its number or more words.",
                                    len(found), text=text, shown=shown)
        return ""

    def words_of(self, action: Action, view: dict[str, Any]) -> set[str]:
        """The words a player may type for `action`."""
        said = self.ui.choice(action, view, self.seat)
        for token in self.ui.game.format_action(action).split():
            try:
                card = parse_card(token)
            except (CardhallError, ValueError, IndexError, KeyError):
                continue
            said += " " + " ".join((card_words(card, self.ui.tr), card_words(card, self.ui.tr, as_object=True),
                                    card_name(card)))
        return set(WORD.findall(said.lower()))

    def select(self, action: Action) -> Reply:
        """Select a choice (Enter then plays it); with `quick`, play it at once."""
        if self.quick:
            self.selected = None
            return ("play", action)
        self.selected = action
        self.say(self.tr._("Selected: {choice}. Press Enter to play it.",
                           choice=self.ui.choice(action, self.view(), self.seat)))
        return None

    def key_list(self) -> str:
        """The keys this game answers to, in one line."""
        return ", ".join(["C", *[k for k in self.ui.shortcuts() if k != "C"], "L", *self.table_keys, "Q", "?"])

    # --- a long list of choices, step by step ---------------------------------------------------
    def stepwise(self, legal: list[Action], view: dict[str, Any]) -> bool:
        """Whether the choices are too many for one list and the game can ask them step by step."""
        return stepwise(self.ui, legal, view, self.seat)

    def remaining(self, legal: list[Action], view: dict[str, Any]) -> list[tuple[Action, list[tuple[str, str]]]]:
        """The choices that agree with the answers given so far, with their steps."""
        out = []
        for action in legal:
            steps = self.ui.steps(action, view, self.seat) or []
            if [answer for _, answer in steps[:len(self.path)]] == self.path:
                out.append((action, steps))
        return out

    def answers(self, legal: list[Action], view: dict[str, Any]) -> tuple[str, list[str], list[Action]]:
        """The current step's question and its different answers; steps with one answer are taken
        at once. When one choice is left: ("", [], [that choice])."""
        while True:
            left = self.remaining(legal, view)
            if len(left) == 1 or not left:
                return "", [], [a for a, _ in left]
            k = len(self.path)
            different = list(dict.fromkeys(steps[k][1] for _, steps in left))
            if len(different) > 1:
                return left[0][1][k][0], different, [a for a, _ in left]
            self.path.append(different[0])

    def step(self, n: int, legal: list[Action], view: dict[str, Any]) -> Reply:
        """Answer the current step with its choice number `n`."""
        _, different, _ = self.answers(legal, view)
        if not 1 <= n <= len(different):
            self.say(self.tr._("There is no choice {number}; choose a number from 1 to {last}, or L to start again.",
                               number=n, last=len(different)))
            return None
        self.path.append(different[n - 1])
        question, different, left = self.answers(legal, view)
        if question:
            self.list_choices()
            return None
        self.say(self.tr._("You chose: {answers}.", answers=self.tr.items(self.path)))
        self.path = []
        return self.select(left[0])

    def list_choices(self) -> None:
        view = self.view()
        legal = self.legal()
        tr = self.tr
        if not legal:
            self.say(tr._("You have no choices now. {turn}", turn=self.ui.turn(view, self.seat)))
            return
        if self.stepwise(legal, view):
            question, different, left = self.answers(legal, view)
            ways = tr.ngettext("{count} way to play, chosen step by step ({left} left).",
                               "{count} ways to play, chosen step by step ({left} left).", len(legal), left=len(left))
            done = tr._("So far: {answers}.", answers=self.tr.items(self.path)) if self.path else ""
            self.say(" ".join(part for part in (ways, done, question) if part))
            for i, answer in enumerate(different, 1):
                self.say(f"  {i:>3}. {answer}")
            self.say(tr._("Type a number; L starts again; a whole build's notation is also read."))
            return
        self.say(tr._("Your choices ({count}):", count=len(legal)))
        for i, action in enumerate(legal, 1):
            self.say(f"  {i:>3}. {self.ui.choice(action, view, self.seat)}")

    def help(self) -> None:
        tr = self.tr
        if self.quick:
            self.say(tr._("Type a choice's number, its notation or its words and press Enter: it is played "
                          "(with --confirm, a second Enter plays it). The keys of {game}:",
                          game=game_title(self.ui.game, tr)))
        else:
            self.say(tr._("Type a choice's number, its notation or its words to select it; then Enter to play it "
                          "(--confirm). The keys of {game}:", game=game_title(self.ui.game, tr)))
        self.say("  C  " + tr._("the whole table"))
        for key, (what, _) in self.ui.shortcuts().items():
            if key != "C":
                self.say(f"  {key}  {what}")
        self.say("  L  " + tr._("list your choices again"))
        for key, what in self.table_keys.items():
            self.say(f"  {key}  {what}")
        self.say("  Q  " + self.quit_help)
        self.say("  ?  " + tr._("this help"))


def capital(text: str) -> str:
    return text[:1].upper() + text[1:]
