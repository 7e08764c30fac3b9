"""Wire protocol v1: the messages of the room's HTTP API and WebSocket, as msgspec types.

These types are the machine-readable definition (docs/room.md explains them with examples):
`json_schema()` exports them as one JSON Schema document, also served at `GET /api/protocol`
and printed by `python -m cardhall.web.protocol`. The server checks every client message
against them and answers a bad one with an `Error` naming the problem.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Union

import msgspec

from cardhall.room.commands import COMMANDS, TableCommand

# the server's messages are built by the room (`cardhall.room.messages`); they are part of this protocol
from cardhall.room.messages import (  # noqa: F401  (re-exported)
    ClockWarning,
    Connected,
    Delta,
    Disconnected,
    Error,
    Event,
    GameOver,
    Hold,
    KeyWords,
    Left,
    PatchOp,
    Reclaimed,
    RoomEvent,
    Said,
    Sat,
    SeatInfo,
    ServerMessage,
    Started,
    State,
    StateWords,
    Takeover,
)

VERSION = 1

# --- client → server over the WebSocket -------------------------------------------------


class Act(msgspec.Struct, tag="act", tag_field="type", forbid_unknown_fields=True):
    """Play an action (its notation) at the version of the table the client last saw.
    `seat`, if given, must be the sender's own seat."""

    action: str
    version: int | None = None
    seat: int | None = None


class Chat(msgspec.Struct, tag="chat", tag_field="type", forbid_unknown_fields=True):
    """Say something at the table (at most 500 characters)."""

    text: str


class Sync(msgspec.Struct, tag="sync", tag_field="type", forbid_unknown_fields=True):
    """Ask for every event after version `since` (then a state), or just a state if too old."""

    since: int


def _client_struct(kind: type[TableCommand], name: str, doc: str, extra: tuple[tuple[str, Any, Any], ...] = (),
                   **config: Any) -> type[msgspec.Struct]:
    """A command's client fields (`TableCommand.client_fields`, the rest the server fills in) as a
    struct of the wire: a WebSocket message or an HTTP body."""
    fields: list[Any] = [(f.name, f.type) if f.required else (f.name, f.type, f.default)
                         for f in msgspec.structs.fields(kind) if f.name not in kind.server_fields]
    return msgspec.defstruct(name, [*fields, *extra], kw_only=True, forbid_unknown_fields=True,
                             namespace={"__doc__": doc}, **config)


def _doc(kind: type[TableCommand]) -> str:
    return " ".join((kind.__doc__ or "").split())


WS_COMMANDS: dict[str, type[msgspec.Struct]] = {
    op: _client_struct(kind, kind.__name__, _doc(kind), tag=op, tag_field="type")
    for op, kind in COMMANDS.items() if kind.ws}
"""The table commands a WebSocket takes as they are (`TableCommand.ws`), by their `type`."""

HTTP_BODIES: dict[str, type[msgspec.Struct]] = {
    op: _client_struct(kind, f"{kind.__name__}Body", f"`POST /api/tables/{{id}}/{op}` (a private table's `invite` "
                       f"with it): {_doc(kind)}", (("invite", str | None, None),))
    for op, kind in COMMANDS.items() if kind.http}
"""The bodies of the table commands over HTTP (`TableCommand.http`), `POST /api/tables/{id}/{op}`."""

ClientMessage: Any = Union[(Act, Chat, Sync, *WS_COMMANDS.values())]
CLIENT_TYPES: dict[str, type[msgspec.Struct]] = {"act": Act, "chat": Chat, "sync": Sync, **WS_COMMANDS}

# --- server → client over the WebSocket: `cardhall.room.messages` (imported above) ------

# --- HTTP request bodies ---------------------------------------------------------------


class NewPlayer(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/players`: `lang` is the language the player reads (default: the request's
    Accept-Language, else English)."""

    name: str
    lang: str | None = None


class NewAccount(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/accounts`: register (1 to 32 characters, unique regardless of case and look-alike
    letters; a password of 8 to 1024 characters) and log in."""

    name: str
    password: str
    lang: str | None = None
    email: str | None = None


class Login(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/sessions`: log in to an account."""

    name: str
    password: str


class PasswordChange(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/accounts/password`: the current password and the new one."""

    old: str
    new: str


class PlayerLang(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/players/lang`: the language the player reads from now on (en, bg, cs, de, es, ru)."""

    lang: str


class NewTable(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/tables`: seats are "open", "me" or "bot:LEVEL"; clock is seconds per move;
    grace is how long an away person's seat waits before the takeover bot plays it (None: 60);
    rated: the game moves its people's ratings (only with the game's standard options); pace is the
    bots' pace where people follow: "none", "normal" (None: the room's) or "slow"; turn_based:
    `{"hours_per_move": H}` (1 to 168) makes a turn-based table (`cardhall.room.turns`)."""

    game: str
    options: dict[str, Any] = {}
    seats: list[str] | None = None
    private: bool = False
    clock: float | None = None
    grace: float | None = None
    rated: bool = False
    pace: str | None = None
    turn_based: Any = None


TEXT_LIMITS = {"legal": 5000, "events": 1000, "names": 10, "notation": 300, "name": 100}
"""The most `POST /api/text` reads: legal moves, events, seat names, and characters of a move's
notation and of a name (a table's own state message needs far fewer)."""

Notation = Annotated[str, msgspec.Meta(max_length=TEXT_LIMITS["notation"])]
ShownName = Annotated[str, msgspec.Meta(max_length=TEXT_LIMITS["name"])]


class SeatShown(msgspec.Struct):
    """A seat as the state message lists it (`Seat.to_json`), as far as words need it: who sits
    there, a bot by its level (other fields are ignored)."""

    kind: ShownName = "open"
    name: ShownName = ""
    bot: ShownName | None = None


class TextRequest(msgspec.Struct, forbid_unknown_fields=True):
    """`POST /api/text`: one state message (and the events before it) to say in words, for the
    reader of seat `seat` (None: a spectator) in the language `lang`. `view` is `{}` (nothing
    to say: a table waiting for its start) or the game's own view for that seat; the server
    checks it against the game's view type and limits before it says anything."""

    game: str
    options: dict[str, Any] = {}
    seat: int | None = None
    view: dict[str, Any] = {}
    legal: Annotated[list[Notation], msgspec.Meta(max_length=TEXT_LIMITS["legal"])] = []
    events: Annotated[list[dict[str, Any]], msgspec.Meta(max_length=TEXT_LIMITS["events"])] = []
    names: Annotated[list[ShownName], msgspec.Meta(max_length=TEXT_LIMITS["names"])] = []
    seats: Annotated[list[SeatShown], msgspec.Meta(max_length=TEXT_LIMITS["names"])] = []
    over: bool | None = None
    scores: list[float] | None = None
    lang: str | None = None


# --- HTTP responses --------------------------------------------------------------------


class PlayerMade(msgspec.Struct):
    """The answer to `POST /api/players`, `/api/accounts` and `/api/sessions`: keep the token secret."""

    player: str
    name: str
    token: str
    account: bool = False


class HttpError(msgspec.Struct):
    """Every HTTP error (status 4xx) carries a sentence."""

    error: str


def json_schema() -> dict[str, Any]:
    """The protocol as one JSON Schema document (definitions under `$defs`)."""
    kinds = (ClientMessage, ServerMessage, RoomEvent, NewPlayer, PlayerLang, NewTable, TextRequest, PlayerMade, HttpError,
             NewAccount, Login, PasswordChange, *HTTP_BODIES.values())
    schemas, components = msgspec.json.schema_components(kinds, ref_template="#/$defs/{name}")
    names = ("ClientMessage", "ServerMessage", "RoomEvent", "NewPlayer", "PlayerLang", "NewTable", "TextRequest", "PlayerMade",
             "HttpError", "NewAccount", "Login", "PasswordChange")  # the HTTP commands' bodies are components already
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": f"cardhall wire protocol v{VERSION}",
        "$defs": {**components, **dict(zip(names, schemas[:len(names)], strict=True))},
    }


if __name__ == "__main__":
    print(json.dumps(json_schema(), indent=2))
