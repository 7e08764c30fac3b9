"""A connection's states as changes of the last one it received (`?delta=1`, docs/room.md
"Deltas").

Most of a state is the same as the last one: the hand, the seats, the deal's tricks so far, the
title, the seats' names and most keys' answers. A connection that asked for deltas gets, after
its first state, each state as a `Delta`: an RFC 6902 JSON Patch that turns the state it holds
(version `base`) into the new one, exactly as the new `State` message would have been encoded.
The rules:

- The patch is made only from two states this connection was sent, so it holds nothing the
  viewer would not have received in the whole state (secrecy is the states', unchanged).
- Objects are compared member by member (and lists of objects or lists, of one length, item by
  item) down to `DEPTH` levels: the state's fields; a view's, the words' and the table's fields;
  their members (a key's answer, a token's words, a choice, a side of a board). A longer list
  whose start is the old list gets its new items appended (`/-`: a card played to the trick, a
  trick to the deal's tricks); anything else that changed is replaced whole, and so is an object
  or list more than half of whose members changed.
- The first state of a connection, the answer to a `sync` and a catch-up after a slow client
  skipped ahead are whole states (`Deltas.whole`): a client that holds another version than a
  delta's `base` sends a `sync` and gets one.

`apply_patch` applies such a patch to a state held as JSON data (the terminal client, the bench,
a bot), copying what it changes so the old state is left as it was.
"""

from __future__ import annotations

import copy
from collections import OrderedDict
from typing import Any

import msgspec

from cardhall.room.messages import Delta, PatchOp, State

DEPTH = 3
"""How deep objects are compared: the state's fields (1), a view's, the words' or the table's
fields (2), and their members (3: a key's answer, a token's words, a choice, the last trick's
cards, a side of a board). Deeper, a changed value is replaced whole."""

KEPT = 16
"""Patches kept by the identity of the two states (a state is shared by every connection of one
viewer, words and language): connections that hold the same state share the patch and its
encoding. They receive it at once, so a few are enough (each keeps two states alive, and the more
objects live, the dearer the garbage collector)."""

_WALKED = (dict, list, msgspec.Struct)
_GONE = object()
_MADE: OrderedDict[tuple[int, int], tuple[State, State, Delta]] = OrderedDict()
_FIELDS: dict[type, tuple[tuple[str, ...], tuple[tuple[str, Any], ...]]] = {}


class Deltas:
    """One connection's last state, from which its next state is sent as a `Delta`."""

    def __init__(self) -> None:
        self.last: State | None = None

    def whole(self) -> None:
        """The next state goes whole (a sync's answer, a catch-up): the client may hold another."""
        self.last = None

    def message(self, state: State) -> State | Delta:
        """What to send for `state`: a `Delta` from the last state sent, else the state itself."""
        last, self.last = self.last, state
        if last is None or last.version >= state.version:
            return state
        return delta(last, state)


def delta(old: State, new: State) -> Delta:
    """The `Delta` from `old` to `new`, made once per pair of state objects (`KEPT`)."""
    key = (id(old), id(new))
    found = _MADE.get(key)
    if found is not None and found[0] is old and found[1] is new:
        _MADE.move_to_end(key)
        return found[2]
    ops: list[PatchOp] = []
    diff(old, new, "", DEPTH, ops)  # (two states of two versions: their members are compared one by one)
    made = Delta(version=new.version, base=old.version, patch=ops)
    _MADE[key] = (old, new, made)
    if len(_MADE) > KEPT:
        _MADE.popitem(last=False)
    return made


def _fields(kind: type) -> tuple[tuple[str, ...], tuple[tuple[str, Any], ...]]:
    """A struct type's JSON names, and (for `omit_defaults`) the fields its JSON leaves out when
    they hold their default: (JSON name, default)."""
    found = _FIELDS.get(kind)
    if found is None:
        fields = msgspec.structs.fields(kind)
        omitted = tuple((f.encode_name, f.default) for f in fields if f.default is not msgspec.NODEFAULT) \
            if kind.__struct_config__.omit_defaults else ()  # type: ignore[attr-defined]
        found = _FIELDS[kind] = (tuple(f.encode_name for f in fields), omitted)
    return found


def members(value: Any) -> dict[Any, Any] | None:
    """An object's members as they are encoded (a struct without the fields it leaves out), or
    None for anything that is not an object."""
    if isinstance(value, dict):
        return value
    if isinstance(value, msgspec.Struct):
        names, omitted = _fields(type(value))
        out = dict(zip(names, msgspec.structs.astuple(value), strict=True))
        for name, default in omitted:
            if out[name] == default:
                del out[name]
        return out
    return None


def pointer(key: object) -> str:
    """A member's name as one step of an RFC 6901 JSON Pointer."""
    text = key if isinstance(key, str) else str(key)
    if "~" in text or "/" in text:
        text = text.replace("~", "~0").replace("/", "~1")
    return "/" + text


def diff(old: Any, new: Any, path: str, depth: int, ops: list[PatchOp]) -> None:
    """Append to `ops` the operations that turn `old` into `new` at `path` (see the module); the
    caller has found them different. Values are compared in C (`==`); only what differs is
    walked here."""
    if depth > 0:
        before, after = members(old), members(new)
        if before is None and type(old) is list and type(new) is list:
            if len(new) > len(old) and new[:len(old)] == old:
                ops.extend(PatchOp("add", path + "/-", item) for item in new[len(old):])
                return
            if len(new) == len(old) and new and isinstance(new[0], _WALKED):  # rows of a board, a player's side
                before, after = dict(enumerate(old)), dict(enumerate(new))
        if before is not None and after is not None:
            _members_diff(before, after, new, path, depth, ops)
            return
    ops.append(PatchOp("replace", path, new))


def _members_diff(before: dict[Any, Any], after: dict[Any, Any], new: Any, path: str, depth: int,
                  ops: list[PatchOp]) -> None:
    """`diff` of two objects (or lists of one length) given as their members."""
    changes: list[PatchOp] = []
    for key, value in after.items():
        was = before.get(key, _GONE)
        if was is value:
            continue
        if was is _GONE:
            changes.append(PatchOp("add", path + pointer(key), value))
        elif was != value:
            if depth > 1 and isinstance(value, _WALKED):
                diff(was, value, path + pointer(key), depth - 1, changes)
            else:
                changes.append(PatchOp("replace", path + pointer(key), value))
    if before.keys() != after.keys():  # (compared in C)
        changes.extend(PatchOp("remove", path + pointer(key)) for key in before if key not in after)
    if path and len(changes) * 2 > len(after) + 1:  # most of it changed: the object whole is shorter
        ops.append(PatchOp("replace", path, new))
    else:
        ops.extend(changes)


def apply_patch(document: Any, ops: list[dict[str, Any]]) -> Any:
    """`document` (JSON data) with the patch's operations applied, as a new document: every
    object and list on an operation's path is copied once, so `document` is left unchanged.
    Raises `ValueError` for an operation this module does not make or a path that is not there."""
    root = copy.copy(document)
    copied = {id(root)}
    for op in ops:
        steps = [s.replace("~1", "/").replace("~0", "~") for s in op["path"].split("/")[1:]]
        if not steps:
            raise ValueError(f"a patch cannot {op['op']} the whole state")
        parent = root
        for step in steps[:-1]:
            key: Any = int(step) if isinstance(parent, list) else step
            child = parent[key]
            if id(child) not in copied:
                child = copy.copy(child)
                copied.add(id(child))
                parent[key] = child
            parent = child
        last = steps[-1]
        kind = op["op"]
        if isinstance(parent, list):
            if kind == "add" and last == "-":
                parent.append(op["value"])
            elif kind == "replace" and last.isdigit() and int(last) < len(parent):
                parent[int(last)] = op["value"]
            else:
                raise ValueError(f"unexpected list operation {kind} {op['path']}")
        elif kind in ("add", "replace"):
            if kind == "replace" and last not in parent:
                raise ValueError(f"nothing to replace at {op['path']}")
            parent[last] = op["value"]
        elif kind == "remove":
            del parent[last]
        else:
            raise ValueError(f"unknown patch operation {kind!r}")
    return root
