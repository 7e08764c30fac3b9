"""The room's people over HTTP and the room socket, on a real server (SQLite and PostgreSQL):
friends and presence, invitations with privacy, the lobby chat and private messages, block and
mute, reports with a table's log, moderators (granted by `cardhall admin grant`), and limits."""

from __future__ import annotations

import contextlib
import json
import os
import subprocess
import sys
import time
import uuid
from collections.abc import Iterator
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from tests.room.helpers import ROOT, Server

PASSWORD = "correct horse battery"


class Member:
    """An account over HTTP, with its room socket when `online()`."""

    def __init__(self, server: Server, prefix: str) -> None:
        self.server = server
        self.name = f"{prefix}{uuid.uuid4().hex[:5]}"
        self.http = httpx.Client(base_url=server.url, timeout=30)
        made = self.http.post("/api/accounts", json={"name": self.name, "password": PASSWORD})
        assert made.status_code == 201, made.text
        self.token, self.player = made.json()["token"], made.json()["player"]
        self.http.cookies.clear()
        self.ws: ClientConnection | None = None
        self._stack = contextlib.ExitStack()
        self.heard: list[dict[str, Any]] = []

    def call(self, method: str, path: str, body: Any = None, status: int | tuple[int, ...] = (200, 201)) -> Any:
        answer = self.http.request(method, path, json=body, headers={"Authorization": f"Bearer {self.token}"})
        wanted = status if isinstance(status, tuple) else (status,)
        assert answer.status_code in wanted, (answer.status_code, answer.text)
        return answer.json()

    def online(self, where: str = "lobby") -> dict[str, Any]:
        url = f"ws://127.0.0.1:{self.server.port}/ws/room?token={self.token}&where={where}"
        self.ws = self._stack.enter_context(connect(url, open_timeout=30, ping_interval=None))
        return self.hear("hello")

    def hear(self, kind: str, timeout: float = 10) -> dict[str, Any]:
        assert self.ws is not None
        for message in self.heard:
            if message["type"] == kind:
                self.heard.remove(message)
                return message
        end = time.monotonic() + timeout
        while True:
            message = json.loads(self.ws.recv(max(0.01, end - time.monotonic())))
            if message["type"] == kind:
                return message
            self.heard.append(message)

    def quiet(self, kind: str, wait: float = 0.7) -> bool:
        """Nothing of `kind` arrives within `wait` seconds."""
        try:
            self.hear(kind, wait)
        except TimeoutError:
            return True
        return False

    def offline(self) -> None:
        if self.ws is not None:
            self._stack.close()
            self.ws = None


def friends(a: Member, b: Member) -> None:
    a.call("POST", "/api/friends", {"name": b.name})
    b.call("POST", f"/api/friends/{a.name}/accept")


def admin(server: Server, *args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "cardhall", "admin", *args, "--db", server.db],
                          capture_output=True, text=True, env=env, timeout=60, check=False)


def test_friend_requests_accept_decline_remove(server: Server) -> None:
    ann, bob, cid = Member(server, "Ann"), Member(server, "Bob"), Member(server, "Cid")
    bob.online()
    assert ann.call("POST", "/api/friends", {"name": bob.name.upper()})["state"] == "requested"
    assert bob.hear("friend_request")["name"] == ann.name
    assert [p["name"] for p in bob.call("GET", "/api/friends")["incoming"]] == [ann.name]
    assert [p["name"] for p in ann.call("GET", "/api/friends")["outgoing"]] == [bob.name]
    bob.call("POST", f"/api/friends/{ann.name}/accept")
    assert [f["name"] for f in ann.call("GET", "/api/friends")["friends"]] == [bob.name]
    # a request to someone who asked me first accepts theirs
    cid.call("POST", "/api/friends", {"name": ann.name})
    assert ann.call("POST", "/api/friends", {"name": cid.name})["state"] == "accepted"
    ann.call("DELETE", f"/api/friends/{cid.name}")
    assert cid.name not in [f["name"] for f in ann.call("GET", "/api/friends")["friends"]]
    cid.call("POST", "/api/friends", {"name": bob.name})
    bob.call("POST", f"/api/friends/{cid.name}/decline")
    assert bob.call("GET", "/api/friends")["incoming"] == []
    said = ann.call("POST", "/api/friends", {"name": ann.name}, status=400)["error"]
    assert "your own friend" in said
    nobody = ann.call("POST", "/api/friends", {"name": "Nobody" + uuid.uuid4().hex[:4]}, status=404)["error"]
    assert "no account called" in nobody
    guest = httpx.post(server.url + "/api/players", json={"name": "Gus"}).json()
    refused = httpx.post(server.url + "/api/friends", json={"name": ann.name},
                         headers={"Authorization": f"Bearer {guest['token']}"})
    assert refused.status_code == 403 and "register first" in refused.json()["error"]
    bob.offline()


def test_presence_where_and_status(server: Server) -> None:
    ann, bob = Member(server, "Ann"), Member(server, "Bob")
    friends(ann, bob)
    shown = ann.call("GET", "/api/friends")["friends"][0]
    assert (shown["online"], shown["status"], shown["where"]) == (False, "offline", [])
    table = bob.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3},
                                             "seats": ["me", "open", "bot:random"]})
    bob.online(table["id"])
    shown = ann.call("GET", "/api/friends")["friends"][0]
    assert shown["online"] and shown["status"] == "available"
    assert shown["where"] == [{"table": table["id"], "game": "hearts", "status": "waiting"}]
    bob.call("POST", "/api/status", {"status": "busy"})
    assert ann.call("GET", "/api/friends")["friends"][0]["status"] == "busy"
    assert "available, busy, away" in bob.call("POST", "/api/status", {"status": "asleep"}, status=400)["error"]
    private = bob.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "private": True,
                                               "seats": ["me", "open", "bot:random"]})
    assert bob.ws is not None
    bob.ws.send(json.dumps({"type": "where", "where": private["id"]}))
    time.sleep(0.3)
    assert ann.call("GET", "/api/friends")["friends"][0]["where"] == [{"private": True, "game": "hearts"}]
    bob.offline()
    time.sleep(0.3)
    assert ann.call("GET", "/api/friends")["friends"][0]["online"] is False


def test_invite_a_friend_who_sits_in_one_step_and_privacy(server: Server) -> None:
    ann, bob, cid = Member(server, "Ann"), Member(server, "Bob"), Member(server, "Cid")
    friends(ann, bob)
    table = ann.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "private": True,
                                             "seats": ["me", "open", "open"]})
    bob.online()
    made = ann.call("POST", "/api/invitations", {"name": bob.name, "table": table["id"]})
    heard = bob.hear("invitation")
    assert (heard["id"], heard["name"], heard["table"], heard["game"]) == (made["id"], ann.name, table["id"], "hearts")
    assert [i["id"] for i in bob.call("GET", "/api/invitations")] == [made["id"]]
    ann.online()
    sat = bob.call("POST", f"/api/invitations/{made['id']}/accept")
    assert sat["invite"] == table["invite"] and [s["name"] for s in sat["seats"]][:2] == [ann.name, bob.name]
    assert ann.hear("invitation_accepted")["name"] == bob.name
    assert bob.call("POST", f"/api/invitations/{made['id']}/accept", status=404)["error"]
    # privacy: Cid takes invitations from friends only; Ann is not one
    cid.call("POST", "/api/privacy", {"invite_from": "friends", "message_from": "nobody"})
    assert cid.call("GET", "/api/privacy") == {"invite_from": "friends", "message_from": "nobody", "join_from": "everyone"}
    said = ann.call("POST", "/api/invitations", {"name": cid.name, "table": table["id"]}, status=403)["error"]
    assert "only from their friends" in said
    assert "takes no messages" in ann.call("POST", "/api/messages", {"to": cid.name, "text": "hi"}, status=403)["error"]
    assert "one of everyone, friends, nobody" in cid.call("POST", "/api/privacy", {"join_from": "all"}, status=400)["error"]
    # who may join my tables: friends only; an invitation lets a non-friend in
    ann.call("POST", "/api/privacy", {"join_from": "friends"})
    public = ann.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "open"]})
    said = cid.call("POST", f"/api/tables/{public['id']}/sit", {"seat": None}, status=403)["error"]
    assert "choose who joins" in said
    bob.call("POST", f"/api/tables/{public['id']}/sit", {"seat": None})
    ann.call("POST", "/api/invitations", {"name": cid.name, "table": public["id"]}, status=403)  # Cid: friends only
    cid.call("POST", "/api/privacy", {"invite_from": "everyone"})
    invited = ann.call("POST", "/api/invitations", {"name": cid.name, "table": public["id"]})
    cid.call("POST", f"/api/invitations/{invited['id']}/accept")
    # only a table's host or people may invite to it
    other = cid.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "open"]})
    assert "host or sit at" in ann.call("POST", "/api/invitations", {"name": bob.name, "table": other["id"]},
                                        status=403)["error"]
    ann.offline()
    bob.offline()


def test_block_hides_invitations_messages_and_seats_and_mute_hides_chat(server: Server) -> None:
    ann, bob, eve = Member(server, "Ann"), Member(server, "Bob"), Member(server, "Eve")
    friends(ann, eve)
    ann.online()
    ann.call("POST", "/api/blocks", {"name": eve.name})
    table = eve.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "open"]})
    made = eve.call("POST", "/api/invitations", {"name": ann.name, "table": table["id"]})  # Eve is not told
    assert made["id"]
    sent = eve.call("POST", "/api/messages", {"to": ann.name, "text": "hello?"})
    assert sent["text"] == "hello?"
    assert ann.quiet("invitation") and ann.quiet("message")
    assert ann.call("GET", "/api/invitations") == [] and ann.call("GET", "/api/messages")["unread"] == 0
    mine = ann.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "open"]})
    said = eve.call("POST", f"/api/tables/{mine['id']}/sit", {"seat": None}, status=403)["error"]
    assert "choose who joins" in said and "block" not in said
    assert ann.call("GET", "/api/blocks") == {"blocked": [eve.name], "muted": []}
    # mute: Bob's lobby chat and table chat are not heard by Ann; Bob is not told
    ann.call("POST", "/api/mutes", {"name": bob.name})
    bob.call("POST", "/api/lobby/chat", {"text": "<b>hi</b> all"})
    assert ann.quiet("lobby_chat")
    assert all(m["from"] != bob.player for m in ann.call("GET", "/api/lobby/chat"))
    assert any(m["text"] == "<b>hi</b> all" for m in eve.call("GET", "/api/lobby/chat"))  # kept as text; pages escape it
    bob.call("POST", f"/api/tables/{mine['id']}/sit", {"seat": None})
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{mine['id']}?token={ann.token}", open_timeout=30) as at, \
            connect(f"ws://127.0.0.1:{server.port}/ws/tables/{mine['id']}?token={bob.token}", open_timeout=30) as bt:
        bt.send(json.dumps({"type": "chat", "text": "muted words"}))
        at.send(json.dumps({"type": "chat", "text": "heard words"}))
        seen: list[str] = []
        end = time.monotonic() + 5
        while "heard words" not in seen and time.monotonic() < end:
            message = json.loads(at.recv(5))
            if message["type"] == "event" and message["event"]["type"] == "chat":
                seen.append(message["event"]["text"])
        assert seen == ["heard words"]
    ann.call("DELETE", f"/api/mutes/{bob.name}")
    ann.call("DELETE", f"/api/blocks/{eve.name}")
    assert ann.call("GET", "/api/blocks") == {"blocked": [], "muted": []}
    ann.offline()


def test_private_messages_kept_unread_and_read(server: Server) -> None:
    ann, bob = Member(server, "Ann"), Member(server, "Bob")
    bob.online()
    ann.call("POST", "/api/messages", {"to": bob.name, "text": "game tonight?\x07"})
    heard = bob.hear("message")
    assert (heard["name"], heard["text"]) == (ann.name, "game tonight?")
    assert bob.call("GET", "/api/messages")["unread"] == 1
    talk = bob.call("GET", f"/api/messages/{ann.name}")
    assert [m["text"] for m in talk["messages"]] == ["game tonight?"]
    assert bob.call("GET", "/api/messages")["unread"] == 0
    assert "at most 500 characters" in ann.call("POST", "/api/messages", {"to": bob.name, "text": "x" * 501},
                                                status=400)["error"]
    assert "empty" in ann.call("POST", "/api/messages", {"to": bob.name, "text": " \x01 "}, status=400)["error"]
    hello = bob.online()
    assert hello["unread"] == 0
    bob.offline()


def test_reports_moderators_ban_and_its_reason(server: Server) -> None:
    mod, ann, eve = Member(server, "Mod"), Member(server, "Ann"), Member(server, "Eve")
    table = ann.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "open"]})
    eve.call("POST", f"/api/tables/{table['id']}/sit", {"seat": None})
    with connect(f"ws://127.0.0.1:{server.port}/ws/tables/{table['id']}?token={eve.token}", open_timeout=30) as et:
        et.send(json.dumps({"type": "chat", "text": "you are all idiots"}))
        json.loads(et.recv(5))
        time.sleep(0.3)
    number = ann.call("POST", "/api/reports", {"name": eve.name, "text": "insults", "table": table["id"]})["id"]
    assert "only a moderator" in mod.call("GET", "/api/moderation/reports", status=403)["error"]
    granted = admin(server, "grant", mod.name, "moderator")
    assert granted.returncode == 0 and f"{mod.name} is now a moderator" in granted.stdout, granted.stderr
    found = next(r for r in mod.call("GET", "/api/moderation/reports") if r["id"] == number)
    assert found["subject"] == eve.name and found["text"] == "insults"
    assert {"kind": "chat", "player": eve.player, "name": eve.name, "text": "you are all idiots"} in [
        {k: e.get(k) for k in ("kind", "player", "name", "text")} for e in found["attached"]["log"]]
    listed = admin(server, "reports")
    assert f"Report {number}" in listed.stdout and "you are all idiots" in listed.stdout
    # a mute: no chat, no messages, the reason said
    mod.call("POST", "/api/moderation/sanctions", {"name": eve.name, "kind": "mute", "duration": "1h", "reason": "insults"})
    said = eve.call("POST", "/api/lobby/chat", {"text": "hello"}, status=403)["error"]
    assert "muted you until" in said and "insults" in said
    mod.call("DELETE", f"/api/moderation/sanctions/{eve.name}/mute")
    eve.call("POST", "/api/lobby/chat", {"text": "sorry"})
    # a ban: her room socket closes with the reason; requests, logins and new guests from her session refused
    eve.online()
    mod.call("POST", "/api/moderation/sanctions", {"name": eve.name, "kind": "ban", "duration": "7d", "reason": "threats"})
    closed = eve.hear("banned")
    assert "banned from this room until" in closed["message"] and "threats" in closed["message"]
    refused = eve.call("GET", "/api/friends", status=403)["error"]
    assert "banned" in refused and "threats" in refused
    login = httpx.post(server.url + "/api/sessions", json={"name": eve.name, "password": PASSWORD})
    assert login.status_code == 403 and "threats" in login.json()["error"]
    guest = httpx.post(server.url + "/api/players", json={"name": "Fresh"}, headers={"Authorization": f"Bearer {eve.token}"})
    assert guest.status_code == 403 and "banned" in guest.json()["error"]
    with connect(f"ws://127.0.0.1:{server.port}/ws/room?token={eve.token}", open_timeout=30) as again:
        assert "banned" in json.loads(again.recv(5))["message"]
    audit = [e["action"] for e in mod.call("GET", "/api/moderation/audit")]
    assert audit[:4] == ["ban", "unmute", "mute", "grant"]
    lifted = admin(server, "lift", eve.name, "ban")
    assert lifted.returncode == 0, lifted.stderr
    assert eve.call("GET", "/api/friends")["friends"] == []
    # a kick takes her from the table, and she may not sit there again
    mod.call("POST", "/api/moderation/sanctions", {"name": eve.name, "kind": "kick", "table": table["id"],
                                                   "reason": "flooding"})
    assert eve.player not in [s["player"] for s in ann.call("GET", f"/api/tables/{table['id']}")["seats"]]
    said = eve.call("POST", f"/api/tables/{table['id']}/sit", {"seat": None}, status=403)["error"]
    assert "removed you from this table" in said and "flooding" in said


@pytest.fixture(scope="module")
def limited(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """A room with its limits on (the other tests' rooms run with --no-limits)."""
    folder = tmp_path_factory.mktemp("limited")
    running = Server(f"sqlite:///{folder / 'room.sqlite3'}", folder / "server.log", extra=["--limits"]).start()
    yield running
    assert running.stop() == 0
    assert "Traceback" not in running.log.read_text(), running.log.read_text()


def test_a_script_meets_a_limit_that_says_which_and_when_it_resets(limited: Server) -> None:
    ann, bob = Member(limited, "Ann"), Member(limited, "Bob")
    for _ in range(10):
        ann.call("POST", "/api/reports", {"name": bob.name, "text": "spam"})
    answer = ann.http.post("/api/reports", json={"name": bob.name, "text": "spam"},
                           headers={"Authorization": f"Bearer {ann.token}"})
    assert answer.status_code == 429 and int(answer.headers["Retry-After"]) > 300
    assert answer.json()["error"].startswith("you sent too many reports: at most 10 an hour; you can report again in ")
    bob.call("POST", "/api/reports", {"name": ann.name, "text": "fine"})  # per person: Bob still may
    sent = 0  # a script sending as fast as it can meets the limit (the bucket refills one every 2 s meanwhile)
    while (answer := ann.http.post("/api/messages", json={"to": bob.name, "text": f"message {sent}"},
                                   headers={"Authorization": f"Bearer {ann.token}"})).status_code == 201:
        sent += 1
        assert sent < 60, "no limit met"
    assert answer.status_code == 429 and sent >= 30
    assert "you are sending messages too fast: at most 30 a minute" in answer.json()["error"]


@pytest.mark.parametrize("lang", ["cs", "ru"])
def test_refusals_in_the_readers_language(server: Server, lang: str) -> None:
    ann = Member(server, "Ann")
    ann.call("POST", "/api/players/lang", {"lang": lang})
    said = ann.call("POST", "/api/friends", {"name": ann.name}, status=400)["error"]
    assert "your own friend" not in said and said


def test_the_command_line_mutes_and_bans_in_the_database(server: Server) -> None:
    ann, zed = Member(server, "Ann"), Member(server, "Zed")
    muted = admin(server, "mute", zed.name, "30m", "--reason", "shouting")
    assert muted.returncode == 0 and f"{zed.name} is muted until" in muted.stdout, muted.stderr
    said = zed.call("POST", "/api/messages", {"to": ann.name, "text": "hi"}, status=403)["error"]
    assert "shouting" in said
    banned = admin(server, "ban", zed.name, "forever", "--reason", "spam")
    assert banned.returncode == 0 and f"{zed.name} is banned for good." in banned.stdout, banned.stderr
    assert "for good" in zed.call("GET", "/api/friends", status=403)["error"]
    wrong = admin(server, "ban", zed.name, "soon")
    assert wrong.returncode != 0 and "a number and a unit" in wrong.stderr
    kick = subprocess.run([sys.executable, "-m", "cardhall", "admin", "kick", zed.name, "t1"], capture_output=True,
                          text=True, env={**os.environ, "PYTHONPATH": str(ROOT)}, timeout=60, check=False)
    assert kick.returncode != 0 and "--url" in kick.stderr  # a kick needs the running room
    audit = admin(server, "audit")
    assert f"command line: ban {zed.name} (spam)" in audit.stdout
    assert admin(server, "lift", zed.name, "ban").returncode == 0
    assert admin(server, "lift", zed.name, "mute").returncode == 0
    zed.call("POST", "/api/messages", {"to": ann.name, "text": "sorry"})


def cli(data: Any, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    """`cardhall ARGS` with its kept sessions in the folder `data` (as a moderator's own machine)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT), "CARDHALL_DATA_DIR": str(data)}
    return subprocess.run([sys.executable, "-m", "cardhall", *args], input=stdin, capture_output=True, text=True,
                          env=env, timeout=60, check=False)


def test_the_command_line_acts_through_a_running_room(server: Server, tmp_path: Any) -> None:
    """`cardhall admin … --url URL --name MOD` after `cardhall login`: the moderator's session acts
    through the room, so the person is told at once (a ban closes their room socket, a kick takes
    them from the table), and the audit log names the moderator, not "command line"."""
    mod, ann, eve = Member(server, "Mod"), Member(server, "Ann"), Member(server, "Eve")
    through = ("--url", server.url, "--name", mod.name)
    # no session kept yet: the sentence says how to log in
    early = cli(tmp_path, "admin", "reports", *through)
    assert early.returncode != 0 and f"cardhall login {server.url} --name {mod.name}" in early.stderr, early.stderr
    logged = cli(tmp_path, "login", server.url, "--name", mod.name, stdin=PASSWORD + "\n")
    assert logged.returncode == 0, logged.stderr
    # logged in but not a moderator yet: the room's own refusal, as one sentence
    refused = cli(tmp_path, "admin", "mute", eve.name, "1h", *through)
    assert refused.returncode != 0 and "only a moderator can do this" in refused.stderr, refused.stderr
    assert "Traceback" not in refused.stderr
    assert admin(server, "grant", mod.name, "moderator").returncode == 0

    table = ann.call("POST", "/api/tables", {"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "open"]})
    eve.call("POST", f"/api/tables/{table['id']}/sit", {"seat": None})
    number = ann.call("POST", "/api/reports", {"name": eve.name, "text": "insults", "table": table["id"]})["id"]
    listed = cli(tmp_path, "admin", "reports", *through)
    assert listed.returncode == 0 and f"Report {number}" in listed.stdout and "insults" in listed.stdout, listed.stderr

    muted = cli(tmp_path, "admin", "mute", eve.name, "1h", "--reason", "shouting", *through)
    assert muted.returncode == 0 and f"{eve.name} is muted until" in muted.stdout, muted.stderr
    said = eve.call("POST", "/api/lobby/chat", {"text": "hello"}, status=403)["error"]
    assert "shouting" in said
    assert cli(tmp_path, "admin", "lift", eve.name, "mute", *through).returncode == 0
    eve.call("POST", "/api/lobby/chat", {"text": "sorry"})

    # a ban through the room is heard at once on the person's room socket
    eve.online()
    banned = cli(tmp_path, "admin", "ban", eve.name, "7d", "--reason", "threats", *through)
    assert banned.returncode == 0 and f"{eve.name} is banned until" in banned.stdout, banned.stderr
    closed = eve.hear("banned")
    assert "threats" in closed["message"]
    eve.offline()
    assert cli(tmp_path, "admin", "lift", eve.name, "ban", *through).returncode == 0
    assert eve.call("GET", "/api/friends")["friends"] == []

    # a kick needs the running room: through it, the person leaves the table and may not sit again
    kicked = cli(tmp_path, "admin", "kick", "--reason", "flooding", *through, "--", eve.name, table["id"])
    assert kicked.returncode == 0 and f"{eve.name} is removed from table {table['id']}" in kicked.stdout, kicked.stderr
    assert eve.player not in [s["player"] for s in ann.call("GET", f"/api/tables/{table['id']}")["seats"]]
    again = eve.call("POST", f"/api/tables/{table['id']}/sit", {"seat": None}, status=403)["error"]
    assert "flooding" in again

    audit = cli(tmp_path, "admin", "audit", *through)
    assert audit.returncode == 0, audit.stderr
    lines = audit.stdout.splitlines()
    assert any(f"{mod.name}: kick {eve.name} (flooding)" in line for line in lines), audit.stdout
    assert any(f"{mod.name}: ban {eve.name} (threats)" in line for line in lines), audit.stdout
    assert any(f"{mod.name}: mute {eve.name} (shouting)" in line for line in lines), audit.stdout
