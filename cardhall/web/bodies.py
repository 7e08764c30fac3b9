"""Request bodies read within a limit: refused on their `Content-Length` before a byte is read,
and counted while they stream in (a body without a length, or one that lies about it), so a
large POST never grows the room's memory past the limit. The refusal is `BodyTooLarge` (413)."""

from __future__ import annotations

from starlette.requests import Request

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural


class BodyTooLarge(CardhallError):
    """A request body over its limit (HTTP 413)."""


def _too_large(size: int | str, limit: int) -> BodyTooLarge:
    said = Plural("{count} byte", "{count} bytes", count=size) if isinstance(size, int) else size
    return BodyTooLarge(Msg(N_("the request body is too large: {size}; at most {limit}"), size=said,
                            limit=Plural("{count} byte", "{count} bytes", count=limit)))


async def read_limited(request: Request, limit: int) -> bytes:
    """The body of `request`, at most `limit` bytes (`BodyTooLarge` beyond, said before reading
    when the request announces its length, else as soon as the count passes the limit)."""
    length = request.headers.get("content-length")
    if length is not None and length.strip().isdigit() and int(length) > limit:
        raise _too_large(int(length), limit)
    chunks: list[bytes] = []
    size = 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > limit:
            raise _too_large(f"{size}+", limit)
        chunks.append(chunk)
    return b"".join(chunks)
