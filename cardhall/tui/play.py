"""Play a game in the terminal against bots, keyboard only, every event in words.

Input at the prompt:
  a number or an action's notation   select that choice (it is described back)
  Enter (an empty line)              play the selected choice
  C, S, T, F, A, H, G …              the game's shortcuts (see ?)
  L                                  list the choices again
  ?                                  help
  Q                                  save and quit (resume with --resume FILE)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs

from cardhall.bots import Bot
from cardhall.core.bot import Observation
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, State
from cardhall.core.record import Record
from cardhall.core.text import TextUI, text_ui

Input = Callable[[str], str]
Output = Callable[[str], None]


def records_dir() -> Path:
    """Where finished and saved games go: the user's data directory."""
    return Path(platformdirs.user_data_dir("cardhall")) / "records"


def default_record_path(state: State) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{state.game.name}-{stamp}-{state.seed}.json"


class TerminalGame:
    """One human seat against bots, driven by `ask` (input) and `say` (output)."""

    def __init__(self, state: State, human: int, bots: dict[int, Bot], *, ask: Input = input,
                 say: Output = print, record_path: Path | None = None, bot_kind: str = "") -> None:
        self.state = state
        self.human = human
        self.bots = bots
        self.ask = ask
        self.say = say
        self.ui: TextUI = text_ui(state.game)
        self.record_path = record_path or default_record_path(state)
        self.bot_kind = bot_kind
        self.selected: Action | None = None
        self.shown = False  # has the current position been shown to the human?

    # --- the loop ---------------------------------------------------------------------
    def run(self) -> State:
        g = self.state.game
        self.say(f"{g.title}: you are {self.ui.seat(self.human)}. Type ? for help at any prompt.")
        for line in self.ui.intro(self.state.view(self.human), self.human):
            self.say(line)
        while (seat := self.state.to_move()) is not None:
            if seat != self.human:
                self.play(seat, self.bots[seat].act(Observation.of(self.state, seat)))
                continue
            if not self.shown:
                self.say(self.ui.render(self.state.view(self.human), self.human))
                self.list_choices()
                self.shown = True
            try:
                line = self.ask("> ")
            except (EOFError, KeyboardInterrupt):
                self.say("")
                self.save_and_quit()
                return self.state
            if self.handle(line) == "quit":
                return self.state
        view = self.state.view(self.human)
        self.say(self.ui.render(view, self.human))
        self.say(self.ui.result(view, self.state.scores(), self.state.winners(), self.human))
        record = Record.of(self.state, final_scores=self.state.scores(), human_seat=self.human, bot_kind=self.bot_kind)
        path = record.save(self.record_path)
        self.say(f"The game is saved as {path}. Replay it with: cardhall replay {path}")
        return self.state

    def play(self, seat: int, action: Action) -> None:
        """Play `action` and say the human's events of it (the engine decides what they may know)."""
        events = self.state.apply_with_events(action)
        self.shown = False
        for event in events[self.human]:
            if line := self.ui.phrase(event, self.human):
                self.say(line)

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
            self.play(self.human, action)
            return None
        key = text.upper()
        if key == "?":
            self.help()
        elif key == "L":
            self.list_choices()
        elif key == "Q":
            self.save_and_quit()
            return "quit"
        elif key in shortcuts:
            said = shortcuts[key][1](view, self.human)
            if isinstance(said, tuple):  # a key that performs an action selects it; Enter confirms
                said, action = said
                self.say(said)
                if action in legal:
                    self.select(action, view)
            else:
                self.say(said)
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
                self.say(f"{exc}. Type L to list the choices or ? for help.")
                return None
            self.select(action, view)
        return None

    def select(self, action: Action, view: dict[str, Any]) -> None:
        self.selected = action
        self.say(f"Selected: {self.ui.choice(action, view, self.human)}. Press Enter to play it.")

    def list_choices(self) -> None:
        view = self.state.view(self.human)
        legal = self.state.legal_actions()
        self.say(f"Your choices ({len(legal)}):")
        for i, action in enumerate(legal, 1):
            self.say(f"  {i:>3}. {self.ui.choice(action, view, self.human)}")

    def help(self) -> None:
        self.say("Type a choice's number or its notation to select it, then Enter to play it.")
        for key, (what, _) in self.ui.shortcuts().items():
            self.say(f"  {key}  {what}")
        self.say("  L  list your choices again\n  ?  this help\n  Q  save the game and quit")

    def save_and_quit(self) -> None:
        path = Record.of(self.state, human_seat=self.human, bot_kind=self.bot_kind).save(self.record_path)
        self.say(f"Game saved as {path}. Continue it with: cardhall play {self.state.game.name} --resume {path}")
