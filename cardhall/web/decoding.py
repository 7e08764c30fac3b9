"""Any bytes a client sends become a value or a sentence (issue 45): the one place where the room
reads JSON from a request body, a query parameter or a socket message.

msgspec decodes the JSON; what it lets through or raises that is no mistake of ours becomes a
`CardhallError` saying what was wrong and what would be right — bytes that are not UTF-8 (msgspec
0.22 raises `UnicodeDecodeError`, 0.23 a `DecodeError` "Invalid UTF-8 encoded string": both become
the one sentence, with Python's own reason and the byte's place), nesting deeper than the
interpreter's stack (`RecursionError`), and text that no store keeps: NUL (PostgreSQL refuses it)
and half of a surrogate pair (``"\\ud800"``: valid JSON, but no UTF-8 encoder writes it).
msgspec's own `DecodeError` and `ValidationError` pass through for the caller to phrase, as each
does for its own kind of message.
"""

from __future__ import annotations

from typing import Any

import msgspec

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg

_ANY = msgspec.json.Decoder()


def decode(raw: bytes | str, decoder: msgspec.json.Decoder[Any] = _ANY) -> Any:
    """`raw` decoded by `decoder` (any JSON by default), its strings checked (`check_text`)."""
    try:
        value = decoder.decode(raw)
    except (UnicodeDecodeError, msgspec.DecodeError):
        _check_utf8(raw)
        raise
    except RecursionError:
        raise CardhallError(Msg(N_("this JSON is nested too deeply to read; send a flat object such as "
                                   "{example}"), example='{"name": "Ann"}')) from None
    check_text(value)
    return value


def _check_utf8(raw: bytes | str) -> None:
    """Refuse bytes that are not UTF-8 with a sentence; checked only once the decoder failed."""
    if isinstance(raw, str):
        return
    try:
        raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise CardhallError(Msg(N_("this is not UTF-8 text ({problem}); send JSON written in UTF-8"),
                                problem=f"{exc.reason} at byte {exc.start}")) from None


def check_text(value: Any) -> None:
    """Refuse a string anywhere in `value` (a key, a list item, a struct field) holding NUL or
    half of a surrogate pair, with a sentence; walks without recursion (a deep list is no risk)."""
    todo = [value]
    while todo:
        item = todo.pop()
        if isinstance(item, str):
            _check_string(item)
        elif isinstance(item, dict):
            todo.extend(item.keys())
            todo.extend(item.values())
        elif isinstance(item, list | tuple):
            todo.extend(item)
        elif isinstance(item, msgspec.Struct):
            todo.extend(getattr(item, field) for field in item.__struct_fields__)


def _check_string(text: str) -> None:
    if "\x00" in text:
        raise CardhallError(Msg(N_("text may not hold the character NUL (\\u0000); remove it and send again")))
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        raise CardhallError(Msg(N_("text may not hold half of a surrogate pair ({code}); send whole characters"),
                                code=f"U+{ord(text[exc.start]):04X}")) from None
