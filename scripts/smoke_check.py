"""The README's first command, checked from outside: a room that `scripts/smoke` started answers
its lobby and `/api/games`, and plays one move of a Hearts table with bots over the WebSocket.

    python scripts/smoke_check.py http://127.0.0.1:PORT/

Uses only what the plain install brings (the standard library and `websockets`, which Uvicorn's
standard extra installs), so that it runs in the base venv. Each step prints one line; a failure
is one line saying what was expected and exits 1.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
import urllib.error
import urllib.request
from typing import Any

import websockets

TIMEOUT = 30.0


def http(base: str, method: str, path: str, body: Any = None, token: str | None = None) -> tuple[int, Any]:
    headers = {"Content-Type": "application/json"}
    if token:
        headers["Authorization"] = f"Bearer {token}"
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base.rstrip("/") + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=TIMEOUT) as answer:
            raw = answer.read()
            status = answer.status
    except urllib.error.HTTPError as exc:
        raw, status = exc.read(), exc.code
    text = raw.decode("utf-8", "replace")
    try:
        return status, json.loads(text)
    except ValueError:
        return status, text


def expect(ok: bool, what: str) -> None:
    if not ok:
        print(f"smoke: FAILED: {what}")
        sys.exit(1)
    print(f"smoke: ok: {what}")


def wait_for(base: str) -> None:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(base, timeout=5) as answer:
                if answer.status == 200:
                    return
        except OSError:
            time.sleep(0.5)
    expect(False, f"the room answers at {base} within 120 s")


async def one_move(base: str, table: str, token: str) -> None:
    url = "ws" + base.rstrip("/").removeprefix("http") + f"/ws/tables/{table}?token={token}"
    async with websockets.connect(url, open_timeout=TIMEOUT) as ws:
        played: int | None = None
        deadline = time.monotonic() + TIMEOUT
        while time.monotonic() < deadline:
            message = json.loads(await asyncio.wait_for(ws.recv(), timeout=TIMEOUT))
            if message["type"] == "error":
                expect(False, f"the room accepts a legal move (it said: {message['message']})")
            if message["type"] != "state":
                continue
            if played is None and message.get("legal"):
                move = message["legal"][0]
                await ws.send(json.dumps({"type": "act", "action": move, "version": message["version"]}))
                played = message["version"]
                print(f"smoke: sent {move!r} at version {played}")
            elif played is not None and message["version"] > played:
                expect(True, f"the move was stored and the table went on to version {message['version']}")
                return
        expect(False, f"a Hearts move is answered with a new state within {TIMEOUT:.0f} s")


def main(base: str) -> None:
    wait_for(base)
    status, page = http(base, "GET", "/")
    expect(status == 200 and isinstance(page, str) and "<html" in page.lower(), "the lobby page answers 200 with HTML")
    # every file the page asks for is in the plain install (package data): the app's manifest and
    # its icons, a game's presenter and its tile picture, the table page's modules
    status, manifest = http(base, "GET", "/manifest.webmanifest")
    files = [icon.get("src", "") for icon in manifest.get("icons", [])] if isinstance(manifest, dict) else []
    files += ["/static/sw.js", "/static/table/main.js", "/games/hearts/web/presenter.js", "/games/hearts/web/tile-hearts.svg"]
    missing = [f for f in files if http(base, "GET", f)[0] != 200]
    expect(status == 200 and len(files) > 4 and not missing,
           f"the manifest, its icons and the page's files are installed (missing: {', '.join(missing) or 'none'})")
    status, games = http(base, "GET", "/api/games")
    names = [g.get("name") for g in games] if isinstance(games, list) else []
    expect(status == 200 and "hearts" in names, f"/api/games lists the games ({', '.join(map(str, names))})")
    status, player = http(base, "POST", "/api/players", {"name": "Smoke"})
    expect(status == 200 and "token" in player, "a guest gets a token")
    token = player["token"]
    status, table = http(base, "POST", "/api/tables",
                         {"game": "hearts", "seats": ["me", "bot:random", "bot:random", "bot:random"]}, token)
    expect(status == 201 and "id" in table, "a Hearts table with three bots is made")
    status, started = http(base, "POST", f"/api/tables/{table['id']}/start", {}, token)
    said = started.get("status") if isinstance(started, dict) else started
    expect(status == 200 and said == "playing", f"the table starts (status {said!r})")
    asyncio.run(one_move(base, table["id"], token))


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python scripts/smoke_check.py http://127.0.0.1:PORT/")
    main(sys.argv[1])
