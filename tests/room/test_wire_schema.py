"""Every message the server sends over a table's WebSocket in a played game — to a seated person
with words and without, to a spectator with words — is one of the protocol's types
(`cardhall.web.protocol.ServerMessage`, whose JSON Schema `GET /api/protocol` serves), field by
field: no field the types do not declare, the words included, and every room event is one of
`RoomEvent`."""

from __future__ import annotations

from typing import Any, get_args

import msgspec

from cardhall.room.words import ROOM_EVENTS
from cardhall.web.protocol import HTTP_BODIES, RoomEvent, ServerMessage
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
