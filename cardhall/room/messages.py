"""The messages a table sends its viewers, as msgspec structs: built here, in the room, where they
are made (`Table.state_message`, `Table.events_since`, `broadcast.send_changes`, the room's events
in `Table._commit`) and encoded with msgspec where they are sent (`cardhall.web.socket`).

`cardhall.web.protocol` re-exports them: they are part of the wire protocol, whose JSON Schema
`GET /api/protocol` serves. A game's own view and events are the game's (dicts), carried as they
are in `State.view` and `Event.event`.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

import msgspec

# --- server → client over a table's WebSocket ---------------------------------------------


class SeatInfo(msgspec.Struct):
    """One seat as everybody sees it."""

    kind: Literal["open", "person", "bot"]
    name: str
    bot: str | None = None
    connected: bool = False
    takeover: bool = False
    player: str | None = None
    lang: str | None = None  # the language the seated person reads (a code: "cs", "ru" …)
    guest: bool = False  # a person without an account
    hold: bool = False  # the person asked the bots to wait for them ("wait for me", until "go on")
    away_since: float | None = None  # when a seated person's last connection closed (Unix seconds, the room's clock)


class KeyWords(msgspec.Struct):
    """A key of the game's `TextUI.shortcuts`: what it is for, its answer now, and the action it
    selects (Enter then plays it), if any."""

    what: str
    text: str
    action: str | None = None


class StateWords(msgspec.Struct):
    """A state in the viewer's words (a connection with `?words=1`): the game's title, the
    language, the whole table (`render`), each seat's name in the game, the keys' answers,
    each legal choice in words, each notation token of the choices and the hand in words, the
    steps of each choice when a long composite choice is made step by step (notation → its
    [question, answer] pairs; None: one list), and the result once the game is over."""

    title: str
    lang: str
    render: str
    seats: list[str]
    keys: dict[str, KeyWords]
    choices: dict[str, str]
    words: dict[str, str]
    steps: dict[str, list[list[str]]] | None = None
    result: str | None = None
    names: list[str] = []  # what the reader calls each seat's occupant (a bot by its level in the reader's words)


class State(msgspec.Struct, tag="state", tag_field="type", omit_defaults=True):
    """The table as this viewer sees it, sent on connect and after every change.
    `legal` is only filled for the seat to move, when that seat is the viewer's."""

    version: int
    seat: int | None
    view: dict[str, Any]
    moves: int  # game actions played so far (a remote bot seeds its move with it)
    to_move: int | None
    legal: list[str]
    over: bool
    scores: list[float]
    status: Literal["waiting", "playing", "over"]
    seats: list[SeatInfo]
    table: dict[str, Any] | None = None
    words: StateWords | None = None  # only with ?words=1


GameOrRoomEvent = Annotated[Any, msgspec.Meta(extra_json_schema={"type": "object", "required": ["type"]})]
"""An event: a `RoomEvent` struct as the room makes it, or a game's own event (a dict) — a JSON
object with a "type" either way (msgspec decodes only one kind of object in a union)."""


class Event(msgspec.Struct, tag="event", tag_field="type", omit_defaults=True):
    """One thing that happened at `version`, as this viewer may know it: a `RoomEvent`, or one of
    the game's own events (docs/protocol.md, "Events"), each with its "type"."""

    version: int
    event: GameOrRoomEvent
    words: str | None = None  # with ?words=1: the event as one sentence for this viewer ("": nothing to say)


class Error(msgspec.Struct, tag="error", tag_field="type"):
    """A message or command that was refused, with a sentence saying why; nothing else changes."""

    message: str


class PatchOp(msgspec.Struct):
    """One operation of an RFC 6902 JSON Patch: `add` (a new member of an object, or `/-`: one
    more item at the end of a list), `replace` (a member's new value), `remove` (a member that
    is gone). `path` is an RFC 6901 JSON Pointer ("/view/trick", "/words/keys/T"); `value` is
    absent for `remove`."""

    op: Literal["add", "replace", "remove"]
    path: str
    value: Any | msgspec.UnsetType = msgspec.UNSET


class Delta(msgspec.Struct, tag="delta", tag_field="type"):
    """The table's state for this viewer as a change of the last state this connection received
    (a connection with `?delta=1`): `patch` (RFC 6902) turns that state, of version `base`, into
    the state of `version`, exactly as a `State` message would have sent it. A client holding
    another version than `base` missed something: it sends a `sync` and gets a whole `State`."""

    version: int
    base: int
    patch: list[PatchOp]


ServerMessage = State | Event | Error | Delta

# --- the room's events (`Event.event` of a change of the room: `cardhall.room.table`) -------
# A game's own events are the game's (docs/protocol.md, "Events"); each has a "type" too.


class Sat(msgspec.Struct, tag="sat", tag_field="type", forbid_unknown_fields=True):
    """A person took `seat`."""

    seat: int
    name: str


class Left(msgspec.Struct, tag="left", tag_field="type", forbid_unknown_fields=True):
    """Before the start, a person left `seat` (it is open again)."""

    seat: int
    name: str


class Started(msgspec.Struct, tag="started", tag_field="type", forbid_unknown_fields=True):
    """The host started the game."""


class Said(msgspec.Struct, tag="chat", tag_field="type", forbid_unknown_fields=True):
    """A chat message: `seat` None for a spectator."""

    name: str
    text: str
    seat: int | None
    player: str


class Hold(msgspec.Struct, tag="hold", tag_field="type", forbid_unknown_fields=True):
    """"Wait for me" (`on`) or "go on" by the person of `seat` (the `wait` command)."""

    seat: int
    name: str
    on: bool


class Takeover(msgspec.Struct, tag="takeover", tag_field="type", forbid_unknown_fields=True):
    """The table's takeover bot (level `bot`) plays `seat` until its person comes back."""

    seat: int
    name: str
    bot: str
    reason: Literal["clock", "away", "left", "misses"]


class Missed(msgspec.Struct, tag="missed", tag_field="type", forbid_unknown_fields=True):
    """At a turn-based table the person of `seat` used up their time (`count` misses of `limit`):
    the takeover bot (level `bot`) plays this one move for them."""

    seat: int
    name: str
    bot: str
    count: int
    limit: int


class Reclaimed(msgspec.Struct, tag="reclaimed", tag_field="type", forbid_unknown_fields=True):
    """The person of `seat` is back and plays it again."""

    seat: int
    name: str


class ClockWarning(msgspec.Struct, tag="clock_warning", tag_field="type", forbid_unknown_fields=True):
    """`seconds` are left for the move of `seat`."""

    seat: int
    seconds: int


class GameOver(msgspec.Struct, tag="game_over", tag_field="type", forbid_unknown_fields=True):
    """The game is over: the final scores and the winning seats."""

    scores: list[float]
    winners: list[int]


class Connected(msgspec.Struct, tag="connected", tag_field="type", forbid_unknown_fields=True):
    """The person of `seat` has a connection again."""

    seat: int
    name: str


class Disconnected(msgspec.Struct, tag="disconnected", tag_field="type", forbid_unknown_fields=True):
    """The last connection of the person of `seat` closed: they are away."""

    seat: int
    name: str


RoomEvent = (Sat | Left | Started | Said | Hold | Takeover | Missed | Reclaimed | ClockWarning | GameOver | Connected
             | Disconnected)
"""What `Event.event` holds for a change of the room (every viewer hears the same)."""
