"""Play a game in the terminal against bots, keyboard only, every event in words.

The game runs on a local room Table (`cardhall.room`): the person's moves go to `Table.act`,
the bots move as at any table, and what the person hears is the table's events for their
seat, phrased by the game's `TextUI`.

Input at the prompt:
  a number, an action's notation     select that choice (it is described back)
  or its words ("queen of spades")
  Enter (an empty line)              play the selected choice (with --quick a choice plays at once)
  C                                  the whole table
  S, T and the game's own keys       score, turn, … (see ?)
  L                                  list the choices again
  ?                                  help: every key of this game
  Q                                  save and quit (resume with cardhall play --resume FILE)

What is said: before each of your turns, what happened since your last one (each move in
the game's words), whose turn it is and your choices; the whole table at the start, on C,
and before every turn with --verbose.
"""

from __future__ import annotations

import re
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

import platformdirs

from cardhall.core.bot import Bot
from cardhall.core.errors import CardhallError, NotationError
from cardhall.core.game import Action, State
from cardhall.core.record import Record
from cardhall.core.text import TextUI, text_ui
from cardhall.room.local import play_bots
from cardhall.room.table import Change, Seat, Table
from cardhall.room.words import room_sentence

Input = Callable[[str], str]
Output = Callable[[str], None]

WORD = re.compile(r"[\w!?'-]+")
STEPWISE_OVER = 9
"""More choices than this, when the game can ask them in steps, are chosen step by step."""
LONGEST = 200
"""A line longer than this is no choice of any game; it is not read (nor echoed back)."""

YOU = "you"
"""The player id of the person at the terminal, at the local table."""


def records_dir() -> Path:
    """Where finished and saved games go: the user's data directory."""
    return Path(platformdirs.user_data_dir("cardhall")) / "records"


def default_record_path(state: State) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{state.game.name}-{stamp}-{state.seed}.json"


class TerminalGame:
    """One person against bots at a local Table, driven by `ask` (input) and `say` (output).

    `bots` maps the other seats to a bot spec (played deterministically, as at a room's table)
    or a Bot object; a seat without one gets `bot_kind` (or the heuristic bot)."""

    def __init__(self, state: State, human: int, bots: Mapping[int, Bot | str], *, ask: Input = input,
                 say: Output = print, record_path: Path | None = None, bot_kind: str = "",
                 verbose: bool = False, quick: bool = False) -> None:
        self.human = human
        self.bots = {s: b for s, b in bots.items() if isinstance(b, Bot)}
        spec = {s: b if isinstance(b, str) else b.name for s, b in bots.items()}
        seats = [Seat.person(YOU, "You") if s == human else Seat.robot(spec.get(s, bot_kind or "heuristic"))
                 for s in range(state.game.num_players)]
        self.table = Table("terminal", state.game, state.seed, seats, host=YOU, state=state)
        self.table.start(YOU)
        self.ask = ask
        self.say = say
        self.ui: TextUI = text_ui(state.game)
        self.record_path = record_path or default_record_path(state)
        self.bot_kind = bot_kind
        self.verbose = verbose
        self.quick = quick
        self.selected: Action | None = None
        self.path: list[str] = []  # the answers given so far to a step-by-step choice
        self.shown = False  # has the current position been shown to the human?

    @property
    def state(self) -> State:
        return self.table.state

    # --- the loop ---------------------------------------------------------------------
    def run(self) -> State:
        g = self.state.game
        self.say(f"{g.title}: you are {self.ui.seat(self.human)}. Type ? for help at any prompt.")
        for line in self.ui.intro(self.state.view(self.human), self.human):
            self.say(line)
        first = True
        while self.table.status == "playing":
            if self.table.bot_seat() is not None:
                try:
                    play_bots(self.table, self.bots, listen=self.hear)
                except KeyboardInterrupt:  # Ctrl-C while the bots think: keep the game
                    self.say("")
                    self.save_and_quit()
                    return self.state
                continue
            if not self.shown:
                self.path = []
                view = self.state.view(self.human)
                self.say(self.ui.render(view, self.human) if first or self.verbose else self.ui.turn(view, self.human))
                self.list_choices()
                self.shown, first = True, False
            try:
                line = self.ask("> ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                self.save_and_quit()
                return self.state
            if self.handle(line) == "quit":
                return self.state
        view = self.state.view(self.human)
        if self.verbose:  # the final table, without its "the game is over" turn line
            self.say(self.ui.render(view, self.human).removesuffix(self.ui.turn(view, self.human)).rstrip())
        self.say(self.ui.result(view, self.state.scores(), self.state.winners(), self.human))
        record = Record.of(self.state, final_scores=self.state.scores(), human_seat=self.human, bot_kind=self.bot_kind)
        try:
            path = record.save(self.record_path)
        except CardhallError as exc:
            self.say(f"The game could not be saved: {exc}.")
            return self.state
        self.say(f"The game is saved as {path}. Replay it with: cardhall replay {path}")
        return self.state

    def hear(self, changes: list[Change]) -> None:
        """Say what the person hears of the table's changes: moves in the game's words (the
        engine decided what they may know), room events in the room's."""
        self.shown = False
        names = [self.ui.seat(s) for s in range(self.state.game.num_players)]
        for change in changes:
            game_move = change.entry["kind"] == "act"
            for event in change.events.get(self.human, []):
                line = self.ui.phrase(event, self.human) if game_move else \
                    room_sentence(event, self.ui.tr, self.human, names)
                if line:
                    self.say(line)

    def play(self, action: Action) -> None:
        """Play the person's move at the table; a refusal is said, and the prompt goes on."""
        try:
            self.hear(self.table.act(YOU, self.state.game.format_action(action), self.table.version, time.time()))
        except CardhallError as exc:
            self.say(f"{self.ui.to_you(str(exc), self.human)}. Type L to list the choices or ? for help.")

    def handle(self, line: str) -> str | None:
        """Act on one line of input."""
        text = line.strip()
        legal = self.state.legal_actions()
        view = self.state.view(self.human)
        shortcuts = self.ui.shortcuts()
        if text == "":
            if self.selected is None:
                self.say("Nothing is selected. Type a choice's number or its notation, then press Enter again to play it.")
                return None
            action, self.selected = self.selected, None
            self.play(action)
            return None
        key = text.upper()
        if key == "?":
            self.help()
        elif key == "L":
            self.path = []
            self.list_choices()
        elif key == "Q":
            self.save_and_quit()
            return "quit"
        elif key == "C":
            self.say(self.ui.render(view, self.human))
        elif key in shortcuts:
            said = shortcuts[key][1](view, self.human)
            if isinstance(said, tuple):  # a key that performs an action selects it; Enter confirms
                said, action = said
                self.say(said)
                if action in legal:
                    self.select(action, view)
            else:
                self.say(said or f"{shortcuts[key][0].capitalize()}: nothing to tell at this point of the game.")
        elif len(text) == 1 and text.isalpha():
            self.say(f"{key} is not used here. The keys are {self.key_list()}; ? says what each does.")
        elif len(text) > LONGEST:
            self.say(f"That line is {len(text)} characters long, too long to be a choice. Type a choice's number, "
                     "its notation or its words, or ? for help.")
        elif text.isdigit() and self.stepwise(legal, view):
            self.step(int(text), legal, view)
        elif text.isdigit():
            n = int(text)
            if 1 <= n <= len(legal):
                self.select(legal[n - 1], view)
            else:
                self.say(f"There is no choice {n}; choose a number from 1 to {len(legal)}, or L to list them.")
        else:
            try:
                action = self.state.game.parse_action(text, self.state)
                self.state.check_legal(action)
            except CardhallError as exc:
                found = self.by_words(text, legal, view)
                if isinstance(found, str):
                    why = self.ui.to_you(str(exc), self.human)
                    if not found and isinstance(exc, NotationError) and len(text.split()) > 1:  # words, perhaps
                        why = f"None of your choices matches {text!r} ({why})"
                    self.say(found or f"{why}. Type L to list the choices or ? for help.")
                    return None
                action = found
            self.select(action, view)
        return None

    def by_words(self, text: str, legal: list[Action], view: dict[str, Any]) -> Action | str:
        """The one choice whose description holds all the words of `text` ("queen of spades",
        "pass two clubs"); else what to say (a list of the choices that match, or "" if none)."""
        words = [w for w in WORD.findall(text.lower()) if w not in ("of", "the", "a")]
        if not words:
            return ""
        described = [(action, self.ui.choice(action, view, self.human)) for action in legal]
        found = [(a, d) for a, d in described if set(words) <= set(WORD.findall(d.lower()))]
        if len(found) == 1:
            return found[0][0]
        if found:
            shown = "; ".join(f"{legal.index(a) + 1}. {d}" for a, d in found[:8])
            more = f" and {len(found) - 8} more" if len(found) > 8 else ""
            return f"{len(found)} choices match {text!r}: {shown}{more}. Type its number or more words."
        return ""

    def key_list(self) -> str:
        """The keys this game answers to, in one line."""
        return ", ".join(["C", *[k for k in self.ui.shortcuts() if k != "C"], "L", "Q", "?"])

    def select(self, action: Action, view: dict[str, Any]) -> None:
        """Select a choice (Enter then plays it); with `quick`, play it at once."""
        if self.quick:
            self.selected = None
            self.play(action)
            return
        self.selected = action
        self.say(f"Selected: {self.ui.choice(action, view, self.human)}. Press Enter to play it.")

    # --- a long list of choices, step by step ---------------------------------------------------
    def stepwise(self, legal: list[Action], view: dict[str, Any]) -> bool:
        """Whether the choices are too many for one list and the game can ask them step by step."""
        return len(legal) > STEPWISE_OVER and self.ui.steps(legal[0], view, self.human) is not None

    def remaining(self, legal: list[Action], view: dict[str, Any]) -> list[tuple[Action, list[tuple[str, str]]]]:
        """The choices that agree with the answers given so far, with their steps."""
        out = []
        for action in legal:
            steps = self.ui.steps(action, view, self.human) or []
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

    def step(self, n: int, legal: list[Action], view: dict[str, Any]) -> None:
        """Answer the current step with its choice number `n`."""
        _, different, _ = self.answers(legal, view)
        if not 1 <= n <= len(different):
            self.say(f"There is no choice {n}; choose a number from 1 to {len(different)}, or L to start again.")
            return
        self.path.append(different[n - 1])
        question, different, left = self.answers(legal, view)
        if question:
            self.list_choices()
        else:
            self.say("You chose: " + "; ".join(self.path) + ".")
            self.path = []
            self.select(left[0], view)

    def list_choices(self) -> None:
        view = self.state.view(self.human)
        legal = self.state.legal_actions()
        if self.stepwise(legal, view):
            question, different, left = self.answers(legal, view)
            done = f" So far: {'; '.join(self.path)}." if self.path else ""
            self.say(f"{len(legal)} ways to play, chosen step by step ({len(left)} left).{done} {question}")
            for i, answer in enumerate(different, 1):
                self.say(f"  {i:>3}. {answer}")
            self.say("Type a number; L starts again; a whole build's notation is also read.")
            return
        self.say(f"Your choices ({len(legal)}):")
        for i, action in enumerate(legal, 1):
            self.say(f"  {i:>3}. {self.ui.choice(action, view, self.human)}")

    def help(self) -> None:
        confirm = "it plays at once (--quick)" if self.quick else "then Enter to play it"
        self.say(f"Type a choice's number, its notation or its words to select it; {confirm}. "
                 f"The keys of {self.state.game.title}:")
        self.say("  C  the whole table")
        for key, (what, _) in self.ui.shortcuts().items():
            if key != "C":
                self.say(f"  {key}  {what}")
        self.say("  L  list your choices again\n  Q  save the game and quit\n  ?  this help")

    def save_and_quit(self) -> None:
        record = Record.of(self.state, human_seat=self.human, bot_kind=self.bot_kind)
        try:
            path = record.save(self.record_path)
        except CardhallError as exc:
            fallback = default_record_path(self.state)
            if fallback == self.record_path:
                self.say(f"The game could not be saved: {exc}.")
                return
            self.say(f"The game could not be saved there ({exc}); saving it in your data directory instead.")
            path = record.save(fallback)
        self.say(f"Game saved as {path}. Continue it with: cardhall play --resume {path}")
