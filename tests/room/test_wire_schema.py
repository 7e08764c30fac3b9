"""Every message the server sends over a table's WebSocket in a played game — to a seated person
with words and without, to a spectator with words — is one of the protocol's types
(`cardhall.web.protocol.ServerMessage`, whose JSON Schema `GET /api/protocol` serves), field by
field: no field the types do not declare, the words included, and every room event is one of
`RoomEvent`."""

from __future__ import annotations

from typing import Any, get_args

import msgspec

import cardhall
from cardhall.room.broadcast import send_changes
from cardhall.room.table import Seat, Table
from cardhall.room.words import ROOM_EVENTS
from cardhall.web.protocol import HTTP_BODIES, Event, RoomEvent, Said, Sat, SeatInfo, ServerMessage, Started, State, StateWords
from cardhall.web.words import Cache, Speaker
from tests.room.helpers import Person, Server, play_out


def declared(value: Any, decoded: Any, where: str) -> None:
    """Every key of `value` (the JSON the server sent) is a field of the struct it decoded into."""
    if isinstance(decoded, msgspec.Struct):
        assert isinstance(value, dict), where
        fields = set(decoded.__struct_fields__)
        tag = decoded.__struct_config__.tag_field
        extra = set(value) - fields - ({tag} if tag else set())
        assert not extra, f"{where}: {sorted(extra)} are not in {type(decoded).__name__}"
        for name in fields & set(value):
            declared(value[name], getattr(decoded, name), f"{where}.{name}")
    elif isinstance(decoded, list):
        for i, (v, d) in enumerate(zip(value, decoded, strict=True)):
            declared(v, d, f"{where}[{i}]")
    elif isinstance(decoded, dict) and isinstance(value, dict):
        for key in value:
            declared(value[key], decoded[key], f"{where}.{key}")


def test_the_room_events_are_the_typed_ones() -> None:
    tags = {kind.__struct_config__.tag for kind in get_args(RoomEvent)}
    assert tags == set(ROOM_EVENTS)


def test_every_message_of_a_played_game_is_declared(server: Server) -> None:
    ann = Person(server, "Ann")
    table = ann.create("hearts", ["me", "bot:random", "bot:random", "bot:random"], {"target": 20})
    seated = ann.watch(table["id"], words=True)
    plain = ann.watch(table["id"])
    spectator = Person(server, None).watch(table["id"], words=True)
    seated.until(lambda m: m["type"] == "state")
    ann.start(table["id"])
    seated.send({"type": "chat", "text": "good luck"})
    seated.send({"type": "wait", "on": True})
    seated.until(lambda m: m["type"] == "event" and m["event"]["type"] == "hold")
    seated.send({"type": "wait", "on": False})
    plain.send({"type": "dance"})  # refused: an error message is a message too
    plain.until(lambda m: m["type"] == "error")
    play_out([seated], seed=5)
    for sock in (plain, spectator):
        sock.until(lambda m: m["type"] == "state" and m["over"])
    kinds: set[str] = set()
    for name, sock in (("seated", seated), ("plain", plain), ("spectator", spectator)):
        assert sock.messages
        for i, message in enumerate(sock.messages):
            decoded = msgspec.convert(message, ServerMessage)
            declared(message, decoded, f"{name}[{i}] {message['type']}")
            if message["type"] == "event" and message["event"]["type"] in ROOM_EVENTS:
                kinds.add(message["event"]["type"])
                msgspec.convert(message["event"], RoomEvent)  # strict: no field the event type does not declare
        words = [m for m in sock.messages if m["type"] == "state" and m.get("words")]
        assert bool(words) == (name != "plain"), name
    assert {"started", "chat", "hold", "game_over"} <= kinds
    schema = ann.http.get("/api/protocol").json()["$defs"]
    for name in ("ServerMessage", "State", "Event", "Error", "StateWords", "KeyWords", "SeatInfo", "RoomEvent",
                 "Hold", *(body.__name__ for body in HTTP_BODIES.values())):
        assert name in schema, name


def test_the_room_builds_its_messages_as_structs_until_they_are_encoded() -> None:
    """The table makes its state, its events and the room's events as the protocol's structs
    (`cardhall.room.messages`), a subscriber receives them so, the words go in their `words`
    field, and msgspec's JSON of each is the message the types declare."""
    game = cardhall.load("hearts", target=20)
    table = Table("t", game, None, [Seat(), *(Seat.robot("random") for _ in range(3))], host="ann")
    heard = Heard()
    changes = [*table.sit("ann", "Ann"), *table.start("ann", seed=3), *table.chat("ann", "hi", 1.0)]
    send_changes(table, {heard}, changes)
    room = [m.event for m in heard.messages if isinstance(m, Event) and not isinstance(m.event, dict)]
    assert [type(e) for e in room] == [Sat, Started, Said] and all(isinstance(e, get_args(RoomEvent)) for e in room)
    assert isinstance(heard.messages[-1], State) and heard.messages[-1].seats[0] == SeatInfo("person", "Ann", player="ann")
    assert [type(m) for m in heard.messages].count(State) == 1  # the events, then one state
    speaker = Speaker("t", game, "en", Cache())
    worded = [said for m in heard.messages for said in speaker.take(m)]
    assert all(isinstance(m, Event | State) for m in worded) and worded[-1].words is not None
    assert isinstance(worded[-1].words, StateWords) and worded[-2].words == "You say: hi"
    for message in worded:
        text = msgspec.json.encode(message)
        assert msgspec.json.decode(text) == msgspec.to_builtins(message)
        declared(msgspec.json.decode(text), msgspec.json.decode(text, type=ServerMessage), "worded")


class Heard:
    """An in-process subscriber (`cardhall.room.broadcast.Subscriber`): the messages as the room sends them."""

    player: str | None = "ann"

    def __init__(self) -> None:
        self.messages: list[ServerMessage] = []

    def send(self, message: ServerMessage) -> None:
        self.messages.append(message)
