"""Who a person is to the room: `POST /api/players` (a guest), `POST /api/accounts` (register),
`POST`/`DELETE /api/sessions` (log in, log out), `POST /api/accounts/password`, `GET
/api/players/me` and `POST /api/players/lang`. A new session's token comes in the answer and
in the (rotated) HttpOnly cookie (docs/room.md, "Identity")."""

from __future__ import annotations

import contextlib
import time

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.routing import BaseRoute

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg
from cardhall.web.auth import COOKIE, COOKIE_AGE, AuthError, Forbidden, presented_token
from cardhall.web.languages import chosen
from cardhall.web.mail import check_address
from cardhall.web.protocol import Login, NewAccount, NewPlayer, PasswordChange, PlayerLang
from cardhall.web.routes.answers import address, api, read_body
from cardhall.web.routes.deps import Deps


async def logged_in(deps: Deps, request: Request, player: str, status: int = 200) -> Response:
    """A new session for `player`: its token in the answer and in the (rotated) cookie."""
    token = await deps.tokens.make(player)
    response = JSONResponse({"player": player, "name": await deps.room.player_name(player), "token": token,
                             "account": await deps.accounts.is_account(player)}, status_code=status)
    response.set_cookie(COOKIE, token, max_age=COOKIE_AGE, httponly=True, samesite="lax",
                        secure=request.url.scheme == "https")
    return response


async def new_player(deps: Deps, request: Request) -> Response:
    """`POST /api/players {"name": ...}`: a guest, at once (not under an account's name)."""
    body = await read_body(request, NewPlayer)
    token = None
    with contextlib.suppress(AuthError):
        token = presented_token(request, changes=False)
    if token is not None:  # a banned person's session makes no guest: Forbidden, with the reason
        try:
            await deps.tokens.player(token)
        except Forbidden:
            raise
        except AuthError:
            pass
    await deps.accounts.check_guest_name(str(body.name))
    player = await deps.room.new_player(body.name, body.lang or chosen(request, None), address(request))
    return await logged_in(deps, request, player)


async def new_account(deps: Deps, request: Request) -> Response:
    """`POST /api/accounts {"name", "password"}`: register and log in; a guest's token in the
    request makes that guest the account (their tables and history come along)."""
    body = await read_body(request, NewAccount)
    room, notices = deps.room, deps.notices
    if body.email is not None and (notices.mail is None or check_address(body.email) is None):
        raise CardhallError(Msg(N_("this room sends no e-mail: its operator has not set up a mail server; "
                                   "leave the address out")))
    try:
        guest = await deps.player_of(request)
    except Forbidden:  # a banned person's session makes no account either
        raise
    except AuthError:  # an ended session or a stale cookie: register as a new person
        guest = None
    if guest is None:  # a new person: counted as a new guest is (`room.limits`)
        room.limits.take("player", time.time(), address=address(request))
    player = await deps.accounts.register(body.name, body.password, guest=guest,
                                          lang=body.lang or chosen(request, None))
    if guest is not None:
        await room.registered(player, await room.store.player_name(player) or str(body.name))
    if body.email is not None:
        await notices.set_address(player, body.email, body.lang or chosen(request, None))
    return await logged_in(deps, request, player, 201)


async def new_session(deps: Deps, request: Request) -> Response:
    """`POST /api/sessions {"name", "password"}`: log in (a new session; the former cookie is replaced)."""
    body = await read_body(request, Login)
    player = await deps.accounts.login(body.name, body.password, address(request) or "?")
    await deps.social.check_ban(player)
    return await logged_in(deps, request, player)


async def end_session(deps: Deps, request: Request) -> Response:
    """`DELETE /api/sessions`: log out; `?everywhere=true` ends every session of the person."""
    token = presented_token(request, changes=True)
    if token is None:
        raise AuthError(Msg(N_("there is no session to end: send its token")))
    player = await deps.tokens.player(token)
    everywhere = request.query_params.get("everywhere", "") in ("1", "true", "yes")
    if everywhere:
        await deps.accounts.end_all(player)
    else:
        await deps.accounts.end_session(token)
    response = JSONResponse({"player": player, "ended": "everywhere" if everywhere else "this"})
    response.delete_cookie(COOKIE, httponly=True, samesite="lax")
    return response


async def change_password(deps: Deps, request: Request) -> Response:
    """`POST /api/accounts/password {"old", "new"}`: every other session ends; this one goes on."""
    player = await deps.signed_in(request)
    body = await read_body(request, PasswordChange)
    await deps.accounts.change_password(player, body.old, body.new)
    token = presented_token(request, changes=True)
    await deps.accounts.end_all(player, keep=token)
    return JSONResponse({"player": player, "changed": True})


async def whoami(deps: Deps, request: Request) -> Response:
    """`GET /api/players/me`: the person this request speaks for (401 if none)."""
    player = await deps.signed_in(request, changes=False)
    return JSONResponse({"player": player, "name": await deps.room.player_name(player),
                         "account": await deps.accounts.is_account(player)})


async def player_lang(deps: Deps, request: Request) -> Response:
    """`POST /api/players/lang {"lang": "cs"}`: the language the player reads, remembered."""
    player = await deps.signed_in(request)
    body = await read_body(request, PlayerLang)
    code = await deps.room.set_player_lang(player, body.lang)
    return JSONResponse({"player": player, "lang": code})


def routes(deps: Deps) -> list[BaseRoute]:
    return [
        api(deps, "POST", "/api/players", new_player),
        api(deps, "GET", "/api/players/me", whoami),  # before /api/players/{name} (records)
        api(deps, "POST", "/api/accounts", new_account),
        api(deps, "POST", "/api/accounts/password", change_password),
        api(deps, "POST", "/api/sessions", new_session),
        api(deps, "DELETE", "/api/sessions", end_session),
        api(deps, "POST", "/api/players/lang", player_lang),
    ]
