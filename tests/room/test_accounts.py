"""Accounts and sessions over HTTP, on a real server (SQLite and PostgreSQL): register, log in
from a second client, one name regardless of case and look-alikes, a guest who registers keeps
their table, log out and log out everywhere, password change, failed logins limited, and the
cross-site refusals (issue 33, points 2, 3 and 9)."""

from __future__ import annotations

import uuid

import httpx
import pytest

from tests.room.helpers import Server

PASSWORD = "correct horse battery"


def unique(prefix: str) -> str:
    return f"{prefix}{uuid.uuid4().hex[:6]}"


def bearer(token: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {token}"}


def register(server: Server, name: str, password: str = PASSWORD, token: str | None = None) -> httpx.Response:
    return httpx.post(server.url + "/api/accounts", json={"name": name, "password": password},
                      headers=bearer(token) if token else {})


def me(server: Server, token: str) -> httpx.Response:
    return httpx.get(server.url + "/api/players/me", headers=bearer(token))


def test_register_and_log_in_from_a_second_client(server: Server) -> None:
    name = unique("Ann")
    made = register(server, name)
    assert made.status_code == 201, made.text
    first = made.json()
    assert first["account"] is True and first["name"] == name
    cookie = made.headers["set-cookie"].lower()
    assert "httponly" in cookie and "samesite=lax" in cookie and "cardhall_token=" in cookie
    with httpx.Client(base_url=server.url) as other:  # another device: only the name and password
        logged = other.post("/api/sessions", json={"name": name.upper(), "password": PASSWORD})
        assert logged.status_code == 200, logged.text
        second = logged.json()
    assert second["player"] == first["player"] and second["token"] != first["token"]
    assert me(server, first["token"]).json()["player"] == first["player"]
    assert me(server, second["token"]).json() == {"player": first["player"], "name": name, "account": True}
    wrong = httpx.post(server.url + "/api/sessions", json={"name": name, "password": "not the password"})
    assert wrong.status_code == 401 and "wrong name or password" in wrong.json()["error"]
    nobody = httpx.post(server.url + "/api/sessions", json={"name": unique("Nobody"), "password": PASSWORD})
    assert nobody.status_code == 401 and nobody.json() == wrong.json()  # names cannot be probed


@pytest.mark.parametrize("twin", ["{}", "{upper}", "\u0410{rest}", "\uff21{rest}"])
def test_one_name_regardless_of_case_and_look_alikes(server: Server, twin: str) -> None:
    name = "A" + unique("nn")
    assert register(server, name).status_code == 201
    other = twin.format(name, upper=name.upper(), rest=name[1:])  # Cyrillic А, full-width Ａ
    taken = register(server, other)
    assert taken.status_code == 400 and "is taken" in taken.json()["error"], taken.text
    guest = httpx.post(server.url + "/api/players", json={"name": other})
    assert guest.status_code == 400 and "belongs to an account" in guest.json()["error"]


@pytest.mark.parametrize(("name", "problem"), [("x" * 33, "1 to 32 characters"), ("", "1 to 32 characters"),
                                                ("Bad\u200bName", "U+200B"), ("Tab\tName", "U+0009")])
def test_bad_names_and_passwords_are_sentences(server: Server, name: str, problem: str) -> None:
    answer = register(server, name)
    assert answer.status_code == 400 and problem in answer.json()["error"], answer.text
    short = register(server, unique("Pat"), password="short")
    assert short.status_code == 400 and "8 to 1024 characters" in short.json()["error"]


def test_a_guest_who_registers_keeps_their_unfinished_table(server: Server) -> None:
    guest = httpx.post(server.url + "/api/players", json={"name": unique("Gus")}).json()
    table = httpx.post(server.url + "/api/tables", headers=bearer(guest["token"]),
                       json={"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "bot:random"]})
    assert table.status_code == 201, table.text
    assert table.json()["seats"][0]["guest"] is True
    name = unique("Gustav")
    made = register(server, name, token=guest["token"])
    assert made.status_code == 201, made.text
    account = made.json()
    assert account["player"] == guest["player"] and account["name"] == name
    mine = httpx.get(server.url + "/api/tables?mine=1", headers=bearer(account["token"])).json()
    assert table.json()["id"] in [t["id"] for t in mine]
    seat = next(t for t in mine if t["id"] == table.json()["id"])["seats"][0]
    assert (seat["name"], seat["guest"]) == (name, False)  # the seat now shows the account
    ended = me(server, guest["token"])  # the guest's session ended with the upgrade (no fixation)
    assert ended.status_code == 401 and "session has ended" in ended.json()["error"]
    again = register(server, unique("Other"), token=account["token"])
    assert again.status_code == 400 and "already logged in" in again.json()["error"]
    fresh = register(server, unique("Fresh"), token=guest["token"])  # an ended session: a new person registers
    assert fresh.status_code == 201 and fresh.json()["player"] != guest["player"]
    bad_lang = httpx.post(server.url + "/api/accounts", json={"name": unique("Lang"), "password": PASSWORD, "lang": "xx"})
    assert bad_lang.status_code == 400 and "does not speak" in bad_lang.json()["error"]


def test_log_out_and_log_out_everywhere(server: Server) -> None:
    name = unique("Lou")
    one = register(server, name).json()["token"]
    two = httpx.post(server.url + "/api/sessions", json={"name": name, "password": PASSWORD}).json()["token"]
    three = httpx.post(server.url + "/api/sessions", json={"name": name, "password": PASSWORD}).json()["token"]
    out = httpx.delete(server.url + "/api/sessions", headers=bearer(one))
    assert out.status_code == 200 and out.json()["ended"] == "this"
    assert me(server, one).status_code == 401
    assert me(server, two).status_code == 200
    everywhere = httpx.delete(server.url + "/api/sessions?everywhere=true", headers=bearer(two))
    assert everywhere.status_code == 200 and everywhere.json()["ended"] == "everywhere"
    assert me(server, two).status_code == 401 and me(server, three).status_code == 401


def test_changing_the_password_ends_the_other_sessions(server: Server) -> None:
    name = unique("Pia")
    one = register(server, name).json()["token"]
    two = httpx.post(server.url + "/api/sessions", json={"name": name, "password": PASSWORD}).json()["token"]
    wrong = httpx.post(server.url + "/api/accounts/password", headers=bearer(one),
                       json={"old": "not it at all", "new": "a new password"})
    assert wrong.status_code == 401 and "current password is wrong" in wrong.json()["error"]
    changed = httpx.post(server.url + "/api/accounts/password", headers=bearer(one),
                         json={"old": PASSWORD, "new": "a new password"})
    assert changed.status_code == 200, changed.text
    assert me(server, one).status_code == 200 and me(server, two).status_code == 401
    old = httpx.post(server.url + "/api/sessions", json={"name": name, "password": PASSWORD})
    assert old.status_code == 401
    new = httpx.post(server.url + "/api/sessions", json={"name": name, "password": "a new password"})
    assert new.status_code == 200


def test_failed_logins_are_limited_per_name(server: Server) -> None:
    name = unique("Rita")
    assert register(server, name).status_code == 201
    for _ in range(5):
        assert httpx.post(server.url + "/api/sessions", json={"name": name, "password": "guess guess"}).status_code == 401
    held = httpx.post(server.url + "/api/sessions", json={"name": name, "password": PASSWORD})
    assert held.status_code == 429 and "too many failed logins" in held.json()["error"]


def test_cross_site_and_non_json_requests_are_refused(server: Server) -> None:
    host = server.url.removeprefix("http://")
    form = httpx.post(server.url + "/api/players", content='{"name": "Victim"}', headers={"Content-Type": "text/plain"})
    assert form.status_code == 415 and "application/json" in form.json()["error"]
    assert "set-cookie" not in form.headers
    for origin in ("http://evil.example", f"https://{host}", "null"):  # another site; our host, other scheme
        forged = httpx.post(server.url + "/api/players", json={"name": "Victim"}, headers={"Origin": origin})
        assert forged.status_code == 403, (origin, forged.text)
        assert "set-cookie" not in forged.headers and "another site" in forged.json()["error"]
        assert forged.headers["x-frame-options"] == "DENY"  # refusals carry the security headers too
        out = httpx.delete(server.url + "/api/sessions", headers={"Origin": origin, "Cookie": "cardhall_token=x"})
        assert out.status_code == 403
    own = httpx.post(server.url + "/api/players", json={"name": unique("Kim")}, headers={"Origin": f"http://{host}"})
    assert own.status_code == 200, own.text
    token = own.json()["token"]
    cookie_only = httpx.post(server.url + "/api/tables", json={"game": "hearts"}, cookies={"cardhall_token": token})
    assert cookie_only.status_code == 401 and "expected http://" in cookie_only.json()["error"]


def test_names_are_unique_at_a_table_and_guests_are_marked(server: Server) -> None:
    ann = httpx.post(server.url + "/api/players", json={"name": "Ann"}).json()
    twin = httpx.post(server.url + "/api/players", json={"name": "ann"}).json()
    account_name = unique("Acc")
    account = register(server, account_name).json()
    table = httpx.post(server.url + "/api/tables", headers=bearer(ann["token"]),
                       json={"game": "hearts", "options": {"players": 3}, "seats": ["me", "open", "open"]}).json()
    sit = httpx.post(server.url + f"/api/tables/{table['id']}/sit", headers=bearer(twin["token"]), json={})
    assert sit.status_code == 400 and "Ann already sits at this table" in sit.json()["error"], sit.text
    sat = httpx.post(server.url + f"/api/tables/{table['id']}/sit", headers=bearer(account["token"]), json={})
    assert sat.status_code == 200, sat.text
    seats = sat.json()["seats"]
    assert [(s["name"], s["guest"]) for s in seats[:2]] == [("Ann", True), (account_name, False)]
