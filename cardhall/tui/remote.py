"""`cardhall join TABLE_URL --seat N`: play a seat of an online table from the terminal, with the
same text client and keys as `cardhall play`.

Input at the prompt (as in `cardhall play`):
  a number or an action's notation   select that choice (it is described back)
  Enter (an empty line)              play the selected choice
  C, S, T, F, A, H, G …              the game's shortcuts (see ?)
  L                                  list the choices again
  ?                                  help
  Q                                  leave the table (a bot of the table plays your seat)

Everything shown comes from the messages of the seat's WebSocket: the view, the legal
notations, and the events as this seat may know them, printed as they arrive. Keyboard input is
read in a thread, so the connection never waits for a key.
"""

from __future__ import annotations

import asyncio
import json
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import platformdirs

import cardhall
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, Event, Game
from cardhall.core.text import TextUI, text_ui
from cardhall.room.words import room_sentence
from cardhall.web.client import Message, RemoteError, RoomClient, TableConnection, TableURL

Output = Callable[[str], None]


def event_sentence(ui: TextUI, event: Event, viewer: int | None) -> str:
    """An event in words: the room's events here, the game's by its `TextUI.phrase` ("" when
    there is nothing to say)."""
    names = [ui.seat(s) for s in range(ui.game.num_players)]
    room = room_sentence(event, ui.tr, viewer, names)
    return room if room is not None else ui.phrase(event, viewer)


class RemoteTerminal:
    """One seat of an online table in the terminal. `lines` delivers the typed lines (None: end
    of input); `say` prints."""

    def __init__(self, conn: TableConnection, game: Game, seat: int, lines: asyncio.Queue[str | None],
                 say: Output = print, on_leave: Callable[[], Any] | None = None) -> None:
        self.conn = conn
        self.game = game
        self.seat = seat
        self.lines = lines
        self.say = say
        self.on_leave = on_leave
        self.ui: TextUI = text_ui(game)
        self.message: Message | None = None  # the last state message
        self.legal: list[Action] = []
        self.selected: Action | None = None
        self.shown = -1  # the version whose choices were last shown
        self.started = False
        self.waiting_said = False

    @property
    def view(self) -> dict[str, Any]:
        return self.message["view"] if self.message else {}

    # --- the loop ---------------------------------------------------------------------
    async def run(self) -> Message | None:
        """Play until the game is over (return its last state) or the person leaves (None)."""
        self.say(f"{self.game.title}: you are {self.ui.seat(self.seat)}. Type ? for help at any prompt.")
        receiving = asyncio.create_task(self.receive())
        typing = asyncio.create_task(self.type())
        done, pending = await asyncio.wait({receiving, typing}, return_when=asyncio.FIRST_COMPLETED)
        for task in pending:
            task.cancel()
        await asyncio.gather(*pending, return_exceptions=True)
        for task in done:
            task.result()  # a lost connection raises here
        return receiving.result() if receiving in done else None

    async def receive(self) -> Message:
        async for message in self.conn.messages():
            kind = message.get("type")
            if kind == "event":
                if sentence := event_sentence(self.ui, message["event"], self.seat):
                    self.say(sentence)
            elif kind == "error":
                self.say(f"The server says: {message['message']}")
            elif kind == "state":
                self.on_state(message)
                if message.get("over"):
                    self.say(self.ui.render(self.view, self.seat))
                    scores = message.get("scores") or self.view.get("scores", [])
                    self.say(self.ui.result(self.view, scores, self.view.get("winners", []), self.seat))
                    return message
        raise AssertionError("messages() never ends")

    def on_state(self, message: Message) -> None:
        self.message = message
        legal = [self.game.parse_action(text) for text in message.get("legal", [])]
        if legal != self.legal:
            self.selected = None
        self.legal = legal
        if message.get("status") == "waiting":
            if not self.waiting_said:
                self.say("Waiting for the host to start the game.")
                self.waiting_said = True
            return
        if not self.started:
            self.started = True
            for line in self.ui.intro(self.view, self.seat):
                self.say(line)
        if legal and message.get("to_move") == self.seat and self.shown != message["version"]:
            self.shown = message["version"]
            self.say(self.ui.render(self.view, self.seat))
            self.list_choices()

    async def type(self) -> None:
        while True:
            line = await self.lines.get()
            if line is None or await self.handle(line) == "quit":
                await self.leave()
                return

    async def leave(self) -> None:
        if self.message is None or self.message.get("status") == "waiting":
            self.say("You leave the table; your seat is open again.")
        else:
            self.say("You leave the table; a bot of the table plays your seat. Join again to take it back.")
        if self.on_leave is not None:
            await self.on_leave()

    # --- keys ---------------------------------------------------------------------------
    async def handle(self, line: str) -> str | None:
        """Act on one line of input (the keys of `cardhall play`)."""
        text = line.strip()
        key = text.upper()
        shortcuts = self.ui.shortcuts()
        if text == "":
            if self.selected is None:
                self.say("Nothing is selected. Type a choice's number or its notation, then press Enter again to play it.")
                return None
            action, self.selected = self.selected, None
            assert self.message is not None
            await self.conn.act(self.game.format_action(action), self.message["version"])
        elif key == "?":
            self.help()
        elif key == "L":
            self.list_choices()
        elif key == "Q":
            return "quit"
        elif self.message is None or self.message.get("status") == "waiting":
            self.say("The game has not started yet; wait for the host to start it (Q leaves).")
        elif key in shortcuts:
            said = shortcuts[key][1](self.view, self.seat)
            if isinstance(said, tuple):  # a key that performs an action selects it; Enter confirms
                said, action = said
                self.say(said)
                if action in self.legal:
                    self.select(action)
            else:
                self.say(said)
        elif not self.legal:
            self.say(f"It is not your turn. {self.ui.turn(self.view, self.seat)}")
        elif text.isdigit():
            n = int(text)
            if 1 <= n <= len(self.legal):
                self.select(self.legal[n - 1])
            else:
                self.say(f"There is no choice {n}; choose a number from 1 to {len(self.legal)}, or L to list them.")
        else:
            try:
                action = self.game.parse_action(text)
            except CardhallError as exc:
                self.say(f"{exc}. Type L to list the choices or ? for help.")
                return None
            if action not in self.legal:
                shown = ", ".join(self.game.format_action(a) for a in self.legal[:12])
                self.say(f"{self.game.format_action(action)} is not legal now; legal are: {shown}. Type L to list them.")
                return None
            self.select(action)
        return None

    def select(self, action: Action) -> None:
        self.selected = action
        self.say(f"Selected: {self.ui.choice(action, self.view, self.seat)}. Press Enter to play it.")

    def list_choices(self) -> None:
        if not self.legal:
            self.say(f"You have no choices now. {self.ui.turn(self.view, self.seat)}")
            return
        self.say(f"Your choices ({len(self.legal)}):")
        for i, action in enumerate(self.legal, 1):
            self.say(f"  {i:>3}. {self.ui.choice(action, self.view, self.seat)}")

    def help(self) -> None:
        self.say("Type a choice's number or its notation to select it, then Enter to play it.")
        for key, (what, _) in self.ui.shortcuts().items():
            self.say(f"  {key}  {what}")
        self.say("  L  list your choices again\n  ?  this help\n  Q  leave the table")


def stdin_lines(loop: asyncio.AbstractEventLoop) -> asyncio.Queue[str | None]:
    """Lines typed on stdin, read by a daemon thread (None at the end of input)."""
    queue: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        for line in sys.stdin:
            loop.call_soon_threadsafe(queue.put_nowait, line.rstrip("\n"))
        loop.call_soon_threadsafe(queue.put_nowait, None)

    threading.Thread(target=read, name="cardhall-stdin", daemon=True).start()
    return queue


def identities_path() -> Path:
    """Where the guest identities of `cardhall join` are kept, one per server and name."""
    return Path(platformdirs.user_data_dir("cardhall")) / "guests.json"


def load_identities() -> dict[str, Any]:
    try:
        data = json.loads(identities_path().read_text())
    except (OSError, ValueError):
        return {}
    return data if isinstance(data, dict) else {}


async def identify(client: RoomClient, name: str, fresh: bool = False) -> None:
    """Be the guest `name` this user already was on this server (so a seat left or dropped can
    be taken back by joining again), or (`fresh`, or none yet) a new guest, then remembered."""
    key = f"{client.server} {name}"
    known = load_identities().get(key)
    if not fresh and isinstance(known, dict) and {"player", "token"} <= known.keys():
        client.token, client.player, client.name = known["token"], known["player"], name
        return
    guest = await client.create_guest(name)
    identities = load_identities()
    identities[key] = {"player": guest["player"], "token": guest["token"]}
    path = identities_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(identities, indent=1))
    path.chmod(0o600)  # the tokens act for this user


async def join(url: TableURL, seat: int, name: str, say: Output = print) -> Message | None:
    """Sit down at `seat` (from 0) of the online table as the guest `name` and play it; a seat
    this guest already holds (left or dropped during the game) is taken back."""
    async with RoomClient(url.server) as client:
        summary = await client.table(url)
        game = cardhall.load(summary["game"], **summary.get("options", {}))
        if not 0 <= seat < game.num_players:
            raise CardhallError(f"--seat must be from 1 to {game.num_players}, got {seat + 1}")
        await identify(client, name)
        if summary["seats"][seat].get("player") != client.player:
            try:
                await client.sit(url, seat)
            except RemoteError as exc:
                if exc.status != 401:
                    raise
                await identify(client, name, fresh=True)  # the server no longer knows the remembered guest
                await client.sit(url, seat)
        async with client.connect(url) as conn:
            terminal = RemoteTerminal(conn, game, seat, stdin_lines(asyncio.get_running_loop()), say,
                                      on_leave=lambda: client.leave(url))
            return await terminal.run()
