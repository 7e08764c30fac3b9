"""People in the terminal: `cardhall login` (a session kept for `cardhall join`), `cardhall
profile NAME --url URL` and `cardhall replay URL` (a finished game from the room, step by step).

`login` logs in to an account (or, with `register`, makes one) and keeps the session token where
`cardhall join` keeps its guests' (`remote.identities_path()`, readable only by this user), under
the server and the name: `cardhall join URL --name NAME` then plays as the account.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any
from urllib.parse import urlencode, urlsplit

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import Lang
from cardhall.core.registry import game_class
from cardhall.core.titles import game_title
from cardhall.room.words import seat_label
from cardhall.tui.remote import identities_path, load_identities
from cardhall.web.client import RoomClient, parse_table_url

Output = Callable[[str], None]


def server_of(url: str, tr: Lang) -> str:
    """The room's base URL from a room or table URL (`http://host:8000`, `…/tables/ID`)."""
    parts = urlsplit(url.strip())
    if parts.scheme not in ("http", "https") or not parts.netloc:
        raise CardhallError(tr._("{url} is not the address of a room; write it as http://127.0.0.1:8000", url=repr(url)))
    path = parts.path.split("/tables/")[0].rstrip("/")
    return f"{parts.scheme}://{parts.netloc}{path}"


def remember(server: str, name: str, answer: dict[str, Any]) -> None:
    identities = load_identities()
    identities[f"{server} {name}"] = {"player": answer["player"], "token": answer["token"], "account": True}
    path = identities_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(identities, indent=1))
    path.chmod(0o600)  # the tokens act for this user


async def login(url: str, name: str, password: str, tr: Lang, say: Output, *, register: bool = False) -> dict[str, Any]:
    """Log in (or register) and keep the session for `cardhall join`; the server's answer."""
    server = server_of(url, tr)
    async with RoomClient(server) as client:
        path = "/api/accounts" if register else "/api/sessions"
        answer: dict[str, Any] = await client.request("POST", path, {"name": name, "password": password})
    remember(server, answer["name"], answer)
    if answer["name"] != name:
        remember(server, name, answer)
    say(tr._("You are logged in to {server} as {name}; `cardhall join URL --name {name}` plays as you.",
             server=server, name=answer["name"]))
    return answer


def game_words(game: str, tr: Lang) -> str:
    try:
        return game_title(game_class(game), tr)
    except (CardhallError, ModuleNotFoundError):
        return game


def pool_words(pool: str, tr: Lang) -> str:
    """A rating pool in words: "Hearts, 4 players"."""
    game, _, count = pool.partition(":")
    return tr.ngettext("{game}, {count} player", "{game}, {count} players", int(count or 0), game=game_words(game, tr))


async def profile(url: str, name: str, tr: Lang, say: Output) -> dict[str, Any]:
    """Print a person's profile: ratings, games per game, the last games with their replays."""
    server = server_of(url, tr)
    async with RoomClient(server) as client:
        found: dict[str, Any] = await client.request("GET", f"/api/players/{name}")
    kind = tr._("an account") if found["account"] else tr._("a guest")
    say(tr._("{name} ({kind})", name=found["name"], kind=kind))
    if not found["ratings"]:
        say(tr._("No rated games yet."))
    for pool, r in sorted(found["ratings"].items()):
        mark = "?" if r["provisional"] else ""
        say(tr.ngettext("{pool}: rating {rating}{mark} ± {deviation}, {count} rated game",
                        "{pool}: rating {rating}{mark} ± {deviation}, {count} rated games", r["games"],
                        pool=pool_words(pool, tr), rating=r["rating"], mark=mark, deviation=r["deviation"]))
    for game, r in sorted(found["record"].items()):
        say(tr._("{game}: {played}, {won}", game=game_words(game, tr),
                 played=tr.ngettext("{count} game", "{count} games", r["played"]),
                 won=tr.ngettext("{count} won", "{count} won", r["won"])))
    for g in found["games"][:10]:
        seats = ", ".join(seat_label(s, tr) for s in g["seats"])
        say(tr._("{game}: place {place} of {seats} ({names}); replay: {url}", game=pool_words(g["pool"], tr),
                 place=g["place"], seats=len(g["seats"]), names=seats, url=server + g["replay"]))
    return found


async def replay(url: str, tr: Lang, say: Output, code: str, faces: str = "french") -> dict[str, Any]:
    """Print a finished game of the room step by step, in the language `code`, every hand at the end,
    naming the cards of the faces `faces` (sent as a browser sends the faces its page draws: the
    `cardhall_faces` cookie)."""
    from cardhall.web.words import FACES_COOKIE

    where = parse_table_url(url)
    query = {"lang": code, **({"invite": where.invite} if where.invite else {})}
    async with RoomClient(where.server) as client:
        client.http.headers["Cookie"] = f"{FACES_COOKIE}={faces}"
        found: dict[str, Any] = await client.request("GET", f"/api/tables/{where.table}/replay?{urlencode(query)}")
    options = ", ".join(f"{key}={value}" for key, value in found["options"].items())
    say(tr._("{game}, seed {seed}, options: {options}", game=found["title"], seed=found["seed"], options=options))
    deal = 0
    hands = found["start"]["hands"]
    words = found.get("words", {})
    for step in found["steps"]:
        if step["deal"] != deal:
            deal = step["deal"]
            if found.get("part") == "round":
                say(tr._("Round {deal} of {deals}", deal=deal, deals=found["deals"]))
            elif found.get("part") == "deal":
                say(tr._("Deal {deal} of {deals}", deal=deal, deals=found["deals"]))
            for seat, hand in zip(found["seats"], hands, strict=False):
                if isinstance(hand, list):
                    who = "{} — {}".format(seat["seat_name"], seat_label(seat, tr))  # no brackets in brackets
                    say("      " + tr._("{seat}: {cards}", seat=who, cards=", ".join(words.get(c, c) for c in hand)))
        say(f"{step['number']:>4}. " + " ".join(step["said"]))
        hands = step["hands"]
    say(found["result"])
    return found
