"""`cardhall join TABLE_URL --seat N`: play a seat of an online table from the terminal, with the
same prompt and keys as `cardhall play` (`cardhall.tui.prompt`; Q leaves the table and a bot of
the table plays the seat), in the player's language.

Everything shown comes from the messages of the seat's WebSocket: the view, the legal
notations, and the events as this seat may know them, printed as they arrive — so before each
turn the player has heard what happened since their last one; the whole table is said at the
start, on C, and before every turn with --verbose. Keyboard input is read in a thread (with
line editing and history where it is a terminal), so the connection never waits for a key.
"""

from __future__ import annotations

import asyncio
import codecs
import itertools
import json
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import cardhall
from cardhall.core.errors import CardhallError
from cardhall.core.game import Action, Event, Game
from cardhall.core.i18n import Lang, lang
from cardhall.core.paths import data_dir
from cardhall.core.text import TextUI, text_ui
from cardhall.core.titles import game_title
from cardhall.room.words import room_sentence
from cardhall.tui.prompt import Prompt, readline_editing
from cardhall.web.client import Message, RemoteError, RoomClient, TableConnection, TableURL

Output = Callable[[str], None]


def event_sentence(ui: TextUI, event: Event, viewer: int | None, tr: Lang | None = None) -> str:
    """An event in words: the room's events (in `tr`'s words, else the game's), the game's by
    its `TextUI.phrase` ("" when there is nothing to say)."""
    return change_sentences(ui, [event], viewer, tr)[0]


def change_sentences(ui: TextUI, events: list[Event], viewer: int | None, tr: Lang | None = None) -> list[str]:
    """The events of one change in words, one sentence each ("" for nothing to say): the room's
    events in `tr`'s words, the game's phrased together (`TextUI.phrase_all`: a combat in one line)."""
    names = [ui.seat(s) for s in range(ui.game.num_players)]
    room = [room_sentence(event, tr or ui.tr, viewer, names, names) for event in events]
    said = iter(ui.phrase_all([e for e, r in zip(events, room, strict=True) if r is None], viewer))
    return [r if r is not None else next(said) for r in room]


class RemoteTerminal(Prompt):
    """One seat of an online table in the terminal. `lines` delivers the typed lines (None: end
    of input); `say` prints."""

    def __init__(self, conn: TableConnection, game: Game, seat: int, lines: asyncio.Queue[str | None],
                 say: Output = print, on_leave: Callable[[], Any] | None = None, *, lang_code: str = "en",
                 quick: bool = False, verbose: bool = False, faces: str = "french") -> None:
        super().__init__(text_ui(game, lang_code, faces=faces), seat, say, lang_code=lang_code, quick=quick,
                         verbose=verbose)
        self.conn = conn
        self.game = game
        self.lines = lines
        self.on_leave = on_leave
        self.message: Message | None = None  # the last state message
        self.legal_now: list[Action] = []
        self.shown = -1  # the version whose choices were last shown
        self.held: list[Message] = []  # the events of the change being received
        self.started = False
        self.table_said = False  # has the whole table been said once?
        self.waiting_said = False
        self.quit_help = self.tr._("leave the table")
        self.table_keys = {"K": self.tr._("wait for me: the bots make no move until you press K again (go on)")}

    # --- what the prompt needs --------------------------------------------------------------
    def view(self) -> dict[str, Any]:
        return self.message["view"] if self.message else {}

    def legal(self) -> list[Action]:
        return self.legal_now

    def parse(self, text: str) -> Action:
        action = self.game.parse_action(text)
        if action not in self.legal_now:
            raise CardhallError(self.tr._("{action} is not one of your choices now",
                                          action=self.game.format_action(action)))
        return action

    def not_started(self) -> str | None:
        if self.message is None or self.message.get("status") == "waiting":
            return self.tr._("The game has not started yet; wait for the host to start it (Q leaves).")
        return None

    # --- the loop ---------------------------------------------------------------------
    async def run(self) -> Message | None:
        """Play until the game is over (return its last state) or the person leaves (None)."""
        self.say(self.tr._("{game}: you are {seat}. Type ? for help at any prompt.",
                           game=game_title(self.game, self.tr), seat=self.ui.seat(self.seat)))
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
            if kind == "event":  # held until its state: a change's events are phrased together
                self.held.append(message)
                continue
            self.hear_held()
            if kind == "error":
                self.say(self.tr._("The server says: {message}", message=message["message"]))
            elif kind == "state":
                self.on_state(message)
                if message.get("over"):
                    view = self.view()
                    if self.verbose:  # the final table, without its "the game is over" turn line
                        self.say(self.ui.render(view, self.seat).removesuffix(self.ui.turn(view, self.seat)).rstrip())
                    scores = message.get("scores") or view.get("scores", [])
                    self.say(self.ui.result(view, scores, view.get("winners", []), self.seat))
                    return message
        raise AssertionError("messages() never ends")

    def hear_held(self) -> None:
        """Say the events held so far, each change's together."""
        held, self.held = self.held, []
        for _, group in itertools.groupby(held, key=lambda m: m.get("version")):
            for sentence in change_sentences(self.ui, [m["event"] for m in group], self.seat, self.tr):
                if sentence:
                    self.say(sentence)

    def on_state(self, message: Message) -> None:
        self.message = message
        legal = [self.game.parse_action(text) for text in message.get("legal", [])]
        if legal != self.legal_now:
            self.selected = None
            self.path = []
        self.legal_now = legal
        if message.get("status") == "waiting":
            if not self.waiting_said:
                self.say(self.tr._("Waiting for the host to start the game."))
                self.waiting_said = True
            return
        if not self.started:
            self.started = True
            for line in self.ui.intro(self.view(), self.seat):
                self.say(line)
        if legal and message.get("to_move") == self.seat and self.shown != message["version"]:
            self.shown = message["version"]
            whole = self.verbose or not self.table_said
            self.table_said = True
            self.say(self.ui.render(self.view(), self.seat) if whole else self.ui.turn(self.view(), self.seat))
            self.list_choices()

    async def type(self) -> None:
        while True:
            line = await self.lines.get()
            if line is None:
                await self.leave()
                return
            reply = self.handle(line)
            if reply == "quit":
                await self.leave()
                return
            if reply is not None and reply[0] == "key":
                await self.wait_for_me()
            elif reply is not None:
                await self.play(reply[1])

    async def play(self, action: Action) -> None:
        """Send the move; the server's answer (a new state, or an error) arrives as a message."""
        assert self.message is not None
        await self.conn.act(self.game.format_action(action), self.message["version"])

    async def wait_for_me(self) -> None:
        """K: "wait for me" — or "go on" when the bots wait for this seat already (the `wait`
        command); the table says it to everyone, this person included ("The bots wait for you…")."""
        seats = (self.message or {}).get("seats") or []
        mine = seats[self.seat] if 0 <= self.seat < len(seats) else {}
        await self.conn.send({"type": "wait", "on": not mine.get("hold", False)})

    async def leave(self) -> None:
        if self.message is None or self.message.get("status") == "waiting":
            self.say(self.tr._("You leave the table; your seat is open again."))
        else:
            self.say(self.tr._("You leave the table; a bot of the table plays your seat. Join again to take it back."))
        if self.on_leave is not None:
            await self.on_leave()


def stdin_lines(loop: asyncio.AbstractEventLoop) -> asyncio.Queue[str | None]:
    """Lines typed on stdin, read by a daemon thread (None at the end of input); at a terminal
    with line editing and history, as at `cardhall play`'s prompt. (The thread never holds
    Python's lock of sys.stdin: a thread blocked in it would stop the interpreter's exit.)"""
    queue: asyncio.Queue[str | None] = asyncio.Queue()
    interactive = sys.stdin.isatty()
    readline_editing()

    def put(line: str | None) -> None:
        loop.call_soon_threadsafe(queue.put_nowait, line)

    def read() -> None:
        if interactive:  # readline reads the terminal itself
            while True:
                try:
                    put(input())
                except (EOFError, OSError, ValueError):
                    break
        else:
            decoder = codecs.getincrementaldecoder("utf-8")(errors="replace")
            pending = ""
            while chunk := os.read(sys.stdin.fileno(), 4096):
                *lines, pending = (pending + decoder.decode(chunk)).split("\n")
                for line in lines:
                    put(line.rstrip("\r"))
            if pending:
                put(pending)
        put(None)

    threading.Thread(target=read, name="cardhall-stdin", daemon=True).start()
    return queue


def identities_path() -> Path:
    """Where the guest identities of `cardhall join` are kept, one per server and name."""
    return data_dir() / "guests.json"


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


async def tell_language(client: RoomClient, lang_code: str, say: Output) -> None:
    """Tell the room the player's language; an older room without languages gets English from
    the room's side (said in one sentence), the terminal's own words stay in the language."""
    told = await client.set_language(lang_code)
    if not told and lang_code != "en":
        say(lang(lang_code, "terminal")._("This room does not know players' languages; what it says itself "
                                          "(its errors) may come in English."))


async def join(url: TableURL, seat: int, name: str, say: Output = print, *, lang_code: str = "en",
               quick: bool = False, verbose: bool = False, faces: str = "french",
               lines: asyncio.Queue[str | None] | None = None) -> Message | None:
    """Sit down at `seat` (from 0) of the online table as the guest `name` and play it in the
    language `lang_code` (the room is told it too), naming the cards of the faces `faces`; a seat
    this guest already holds (left or dropped during the game) is taken back. `lines`: the typed
    lines to read (one `stdin_lines` queue for several tables in a row: a second reader of stdin
    would race the first for each line); a new one by default."""
    tr = lang(lang_code, "terminal")
    async with RoomClient(url.server) as client:
        summary = await client.table(url)
        game = cardhall.load(summary["game"], **summary.get("options", {}))
        if not 0 <= seat < game.num_players:
            raise CardhallError(tr._("--seat must be from 1 to {last}, got {seat}", last=game.num_players, seat=seat + 1))
        await identify(client, name)
        if summary["seats"][seat].get("player") != client.player:
            try:
                await client.sit(url, seat)
            except RemoteError as exc:
                if exc.status != 401:
                    raise
                if load_identities().get(f"{client.server} {name}", {}).get("account"):
                    raise CardhallError(tr._("your session as {name} has ended; log in again with: cardhall login {server} "
                                             "--name {name}", name=name, server=client.server)) from None
                await identify(client, name, fresh=True)  # the server no longer knows the remembered guest
                await client.sit(url, seat)
        await tell_language(client, lang_code, say)
        async with client.connect(url) as conn:
            typed = lines if lines is not None else stdin_lines(asyncio.get_running_loop())
            terminal = RemoteTerminal(conn, game, seat, typed, say,
                                      on_leave=lambda: client.leave(url), lang_code=lang_code, quick=quick,
                                      verbose=verbose, faces=faces)
            return await terminal.run()
