"""A table's commands, each declared once.

A command is a msgspec struct: its tag (`op`) names it, its fields are its arguments and
`player` is who asks (filled by the server from the session, never taken from a client). Its
`apply(table, now)` is the `Table` method it runs; a command that needs more of the actor
(`Sit` connects a person already watching, `Act` takes a seat back from the takeover bot first)
says so in `carry_out`. Everything else reaches a command through the registry (`COMMANDS`):

- the actor runs any command (`TableActor.run`: `prepare`, then `carry_out` as one job);
- a node forwards any command to the table's owner as its JSON (`cluster.Node.run`), which the
  owner reads back with `from_data` into the same struct;
- the HTTP route `POST /api/tables/{id}/{op}` takes the commands marked `http` with a body of
  their client fields (`client_fields`), and the WebSocket those marked `ws`.

So a new command is one class here (and its `Table` method); no front, node or route spells it.
"""

from __future__ import annotations

from collections import Counter
from typing import Annotated, Any, ClassVar, Protocol, Union

import msgspec

from cardhall.core.i18n import N_, Msg
from cardhall.room.errors import TableError
from cardhall.room.table import Change, Table

Apply = Any  # Callable[[Table, float], list[Change]]


class Room(Protocol):
    """What a command may ask of the room before it is queued (`cardhall.room.registry.Room`)."""

    async def is_guest(self, player: str) -> bool: ...


class Actor(Protocol):
    """What a command may use of the table's actor (`cardhall.room.actor.TableActor`)."""

    @property
    def room(self) -> Room: ...

    connections: Counter[str]
    present: set[tuple[str, str]]

    async def apply(self, fn: Apply) -> list[Change]:
        """Run `fn(table, now)` on a copy of the table, store its changes, then publish them."""

    async def joined(self, player: str) -> None:
        """One more presence of `player` (the table hears they are connected at the first)."""

    async def parted(self, player: str) -> None:
        """One presence fewer (the table hears they are away once the last is gone a while)."""

    def hearing(self, player: str, version: int, seconds: float, listening: bool) -> None:
        """`player`'s page will have said the lines of `version` in `seconds` (not stored)."""


class TableCommand(msgspec.Struct, tag_field="op", kw_only=True, forbid_unknown_fields=True):
    """A command to one table, by `player` (None: an anonymous spectator)."""

    player: str | None = None

    http: ClassVar[bool] = False  # reachable as `POST /api/tables/{id}/{op}`
    ws: ClassVar[bool] = False  # reachable as a WebSocket message `{"type": op, ...}`
    server_fields: ClassVar[tuple[str, ...]] = ("player",)  # filled by the server, never sent by a client
    when_over: ClassVar[str] = "refuse"  # at a finished table: "refuse" with a sentence, or "ignore"
    takes_seat: ClassVar[bool] = False  # a person not seated yet sits down: the room's rules on who may join apply

    async def prepare(self, room: Room) -> None:
        """Before the command is queued at the actor (at the table's owner): look up what it needs."""

    def apply(self, table: Table, now: float) -> list[Change]:
        raise NotImplementedError

    async def carry_out(self, actor: Actor) -> list[Change]:
        """In the actor, as one job: by default `apply`, stored then published."""
        return await actor.apply(self.apply)

    @classmethod
    def op(cls) -> str:
        return str(cls.__struct_config__.tag)

    @classmethod
    def client_fields(cls) -> tuple[str, ...]:
        """The fields a client sends (the rest the server fills in)."""
        return tuple(f for f in cls.__struct_fields__ if f not in cls.server_fields)


class Sit(TableCommand, tag="sit"):
    """Take a seat (None: the first open one) before the start, or one's own seat back after it.
    `name`, `lang` and `guest` are the person's, as the room knows them."""

    seat: int | None = None
    name: str = ""
    lang: str | None = None
    guest: bool = False

    http: ClassVar[bool] = True
    takes_seat: ClassVar[bool] = True
    server_fields: ClassVar[tuple[str, ...]] = ("player", "name", "lang", "guest")

    async def prepare(self, room: Room) -> None:
        if self.player is not None:
            self.guest = await room.is_guest(self.player)

    async def carry_out(self, actor: Actor) -> list[Change]:
        player = _person(self.player)

        def sit(table: Table, now: float) -> list[Change]:
            changes = table.sit(player, self.name, self.seat, now, self.lang, guest=self.guest)
            if actor.connections[player]:  # watching already: connected from the start
                changes += table.connect(player, now)
            return changes
        return await actor.apply(sit)


class Leave(TableCommand, tag="leave"):
    """Before the start the seat opens; after it, the takeover bot plays it."""

    http: ClassVar[bool] = True

    def apply(self, table: Table, now: float) -> list[Change]:
        return table.leave(_person(self.player), now)


class Start(TableCommand, tag="start"):
    """The host starts the game once every seat is taken."""

    http: ClassVar[bool] = True

    def apply(self, table: Table, now: float) -> list[Change]:
        return table.start(_person(self.player), now)


class Act(TableCommand, tag="act"):
    """A person's move at the version they saw. Sending one takes their seat back from the
    takeover bot even when the move is refused: the bot moves at once, so the person's move is
    usually overtaken (stale) and could otherwise never end the takeover. The seat taken back is
    stored and sent first; then the move is played or refused with its sentence."""

    action: str
    version: int | None = None

    async def carry_out(self, actor: Actor) -> list[Change]:
        player = _person(self.player)
        changes = await actor.apply(lambda table, now: table.reclaim(player, now))
        return changes + await actor.apply(self.apply)

    def apply(self, table: Table, now: float) -> list[Change]:
        return table.act(_person(self.player), self.action, self.version, now)


class Chat(TableCommand, tag="chat"):
    """A message to the table; `name` is a spectator's shown name (a seated person's is their seat's)."""

    text: str
    name: str | None = None

    server_fields: ClassVar[tuple[str, ...]] = ("player", "name")

    def apply(self, table: Table, now: float) -> list[Change]:
        return table.chat(self.player, self.text, now, self.name)


class Wait(TableCommand, tag="wait"):
    """A seated person's "wait for me" (`on`) or "go on" (`on` false) to the bots: while on, no
    bot moves at the table (`Table.wait_for`)."""

    on: bool = True

    http: ClassVar[bool] = True
    ws: ClassVar[bool] = True

    def apply(self, table: Table, now: float) -> list[Change]:
        return table.wait_for(_person(self.player), self.on, now)


class SetLang(TableCommand, tag="lang"):
    """The person now reads `lang` (their seat says so)."""

    lang: str
    when_over: ClassVar[str] = "ignore"  # a finished game keeps what it was

    def apply(self, table: Table, now: float) -> list[Change]:
        return table.set_lang(_person(self.player), self.lang, now)


class Account(TableCommand, tag="account"):
    """The guest registered as the account `name`: their seat shows it."""

    name: str
    when_over: ClassVar[str] = "ignore"  # a finished game keeps the names it was played under

    def apply(self, table: Table, now: float) -> list[Change]:
        return table.registered(_person(self.player), self.name, now)


class Join(TableCommand, tag="join"):
    """In a room of several nodes: the person's first connection on `node` opened (said again
    after a new owner or lost Redis, so counted once per node)."""

    node: str

    async def carry_out(self, actor: Actor) -> list[Change]:
        player = _person(self.player)
        if (player, self.node) not in actor.present:
            actor.present.add((player, self.node))
            await actor.joined(player)
        return []


class Part(TableCommand, tag="part"):
    """In a room of several nodes: the person's last connection on `node` closed."""

    node: str

    async def carry_out(self, actor: Actor) -> list[Change]:
        player = _person(self.player)
        if (player, self.node) in actor.present:
            actor.present.discard((player, self.node))
            await actor.parted(player)
        return []


HEARING_MAX = 60.0
"""The longest a page may say it is still hearing (seconds); the room holds its bots far less
(`service.HEAR_MAX` per change)."""


class Hearing(TableCommand, tag="hearing"):
    """A seated listener's page ("the bots wait until I have heard the last move"): the lines it
    has of version `version` will have been heard in `seconds` (their words at the person's
    reading rate; 0 once the browser's voice has said them). `listening` false: this person no
    longer holds the bots. Nothing is stored: it only paces the bots (`TableActor.hearing`)."""

    version: Annotated[int, msgspec.Meta(ge=0)]
    seconds: Annotated[float, msgspec.Meta(ge=0, le=HEARING_MAX)] = 0.0
    listening: bool = True

    ws: ClassVar[bool] = True
    when_over: ClassVar[str] = "ignore"  # a finished game has no bots to hold

    async def carry_out(self, actor: Actor) -> list[Change]:
        actor.hearing(_person(self.player), self.version, self.seconds, self.listening)
        return []


COMMANDS: dict[str, type[TableCommand]] = {
    kind.op(): kind for kind in (Sit, Leave, Start, Act, Chat, Wait, SetLang, Account, Join, Part, Hearing)}
"""Every table command by its `op`."""

ANY_COMMAND: Any = Union[tuple(COMMANDS.values())]  # noqa: UP007 (a union built from the registry)
"""Any table command, tagged by `op` (msgspec reads the right struct by its tag)."""


def to_data(command: TableCommand) -> dict[str, Any]:
    """A command as JSON data (`{"op": ..., "player": ..., its fields}`), as a node forwards it."""
    data: dict[str, Any] = msgspec.to_builtins(command)
    return data


def from_data(data: Any) -> TableCommand:
    """A command from `to_data`'s JSON data; msgspec.ValidationError if it is none of ours."""
    command: TableCommand = msgspec.convert(data, ANY_COMMAND)
    return command


def _person(player: str | None) -> str:
    """Commands of a seated person need one (the fronts refuse a spectator before this)."""
    if player is None:
        raise TableError(Msg(N_("only a signed-in person can do this; get a guest name first")))
    return player
