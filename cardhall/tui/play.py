"""Play a game in the terminal against bots, keyboard only, every event in words.

The game runs on a local room Table (`cardhall.room`): the person's moves go to `Table.act`,
the bots move as at any table, and what the person hears is the table's events for their
seat, phrased by the game's `TextUI`.

Input at the prompt: the keys of `cardhall.tui.prompt` (Q saves and quits; resume with
cardhall play --resume FILE).

What is said: before each of your turns, what happened since your last one (each move in
the game's words), whose turn it is and your choices; the whole table at the start, on C,
and before every turn with --verbose.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from cardhall.core.bot import Bot
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, State
from cardhall.core.paths import data_dir
from cardhall.core.record import Record
from cardhall.core.text import text_ui
from cardhall.core.titles import game_title
from cardhall.room.local import play_bots
from cardhall.room.table import Change, Seat, Table
from cardhall.room.words import room_sentence
from cardhall.tui.prompt import Prompt, Reply

Input = Callable[[str], str]
Output = Callable[[str], None]

YOU = "you"
"""The player id of the person at the terminal, at the local table."""


def records_dir() -> Path:
    """Where finished and saved games go: the user's data directory."""
    return data_dir() / "records"


def default_record_path(state: State) -> Path:
    stamp = time.strftime("%Y%m%d-%H%M%S")
    return records_dir() / f"{state.game.name}-{stamp}-{state.seed}.json"


class TerminalGame(Prompt):
    """One person against bots at a local Table, driven by `ask` (input) and `say` (output),
    in the language `lang_code`.

    `bots` maps the other seats to a bot spec (played deterministically, as at a room's table)
    or a Bot object; a seat without one gets `bot_kind` (or the heuristic bot)."""

    def __init__(self, state: State, human: int, bots: Mapping[int, Bot | str], *, ask: Input = input,
                 say: Output = print, record_path: Path | None = None, bot_kind: str = "",
                 verbose: bool = False, quick: bool = False, lang_code: str = "en", faces: str = "french") -> None:
        super().__init__(text_ui(state.game, lang_code, faces=faces), human, say, lang_code=lang_code, quick=quick,
                         verbose=verbose)
        self.human = human
        self.bots = {s: b for s, b in bots.items() if isinstance(b, Bot)}
        spec = {s: b if isinstance(b, str) else b.name for s, b in bots.items()}
        seats = [Seat.person(YOU, "You") if s == human else Seat.robot(spec.get(s, bot_kind or "heuristic"))
                 for s in range(state.game.num_players)]
        self.table = Table("terminal", state.game, state.seed, seats, host=YOU, state=state)
        self.table.start(YOU)
        self.ask = ask
        self.record_path = record_path or default_record_path(state)
        self.bot_kind = bot_kind
        self.shown = False  # has the current position been shown to the human?
        self.quit_help = self.tr._("save the game and quit")

    @property
    def state(self) -> State:
        return self.table.state

    # --- what the prompt needs --------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return self.state.view(self.human)

    def legal(self) -> list[Action]:
        return self.state.legal_actions()

    def parse(self, text: str) -> Action:
        action = self.state.game.parse_action(text, self.state)
        self.state.check_legal(action)
        return action

    # --- the loop ---------------------------------------------------------------------
    def run(self) -> State:
        tr = self.tr
        self.say(tr._("{game}: you are {seat}. Type ? for help at any prompt.",
                      game=game_title(self.state.game, tr), seat=self.ui.seat(self.human)))
        for line in self.ui.intro(self.view(), self.human):
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
                view = self.view()
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
        view = self.view()
        if self.verbose:  # the final table, without its "the game is over" turn line
            self.say(self.ui.render(view, self.human).removesuffix(self.ui.turn(view, self.human)).rstrip())
        self.say(self.ui.result(view, self.state.scores(), self.state.winners(), self.human))
        record = Record.of(self.state, final_scores=self.state.scores(), human_seat=self.human, bot_kind=self.bot_kind)
        try:
            path = record.save(self.record_path)
        except CardhallError as exc:
            self.say(tr._("The game could not be saved: {why}.", why=tr.say(exc)))
            return self.state
        self.say(tr._("The game is saved as {path}. Replay it with: cardhall replay {path}", path=path))
        return self.state

    def handle(self, line: str) -> Reply:
        """Act on one line of input: play what it chooses, save and quit on Q."""
        reply = super().handle(line)
        if reply == "quit":
            self.save_and_quit()
        elif reply is not None and reply[0] == "play":
            self.play(reply[1])
        return reply

    def hear(self, changes: list[Change]) -> None:
        """Say what the person hears of the table's changes: moves in the game's words (the
        engine decided what they may know), room events in the room's."""
        self.shown = False
        names = [self.ui.seat(s) for s in range(self.state.game.num_players)]
        for change in changes:
            if change.entry["kind"] == "act":  # a move and what it caused, said together (`phrase_all`)
                lines = self.ui.phrase_all(change.game_events(self.human), self.human)
            else:
                lines = [room_sentence(event, self.tr, self.human, names) or "" for event in change.events.get(self.human, [])]
            for line in lines:
                if line:
                    self.say(line)

    def play(self, action: Action) -> None:
        """Play the person's move at the table; a refusal is said, and the prompt goes on."""
        try:
            self.hear(self.table.act(YOU, self.state.game.format_action(action), self.table.version, time.time()))
        except CardhallError as exc:
            self.say(self.tr._("{why}. Type L to list the choices or ? for help.", why=self.refusal(exc).rstrip(".")))

    def save_and_quit(self) -> None:
        tr = self.tr
        record = Record.of(self.state, human_seat=self.human, bot_kind=self.bot_kind)
        try:
            path = record.save(self.record_path)
        except CardhallError as exc:
            fallback = default_record_path(self.state)
            if fallback == self.record_path:
                self.say(tr._("The game could not be saved: {why}.", why=tr.say(exc)))
                return
            self.say(tr._("The game could not be saved there ({why}); saving it in your data directory instead.",
                          why=tr.say(exc)))
            path = record.save(fallback)
        self.say(tr._("Game saved as {path}. Continue it with: cardhall play --resume {path}", path=path))
