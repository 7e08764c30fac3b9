"""Errors as pages (issue 37): a missing table, a private one asked for without its invitation,
and a page that does not exist each answer 404 with a page saying why, in the reader's language,
and the way back to the lobby — never a 200 with an empty table page."""

from __future__ import annotations

import html

from tests.room.helpers import Person, Server

HTML = {"Accept": "text/html"}


def test_a_missing_table_is_a_page_saying_why(server: Server) -> None:
    ann = Person(server, "Ann")
    page = ann.http.get("/tables/nothing-here", headers=HTML)
    assert page.status_code == 404 and "This table is not here" in page.text
    assert 'There is no table "nothing-here" here' in html.unescape(page.text)
    assert "Back to the lobby" in page.text and 'id="table-root"' not in page.text
    russian = ann.http.get("/tables/nothing-here?lang=ru", headers=HTML)
    assert russian.status_code == 404 and 'lang="ru"' in russian.text and "Назад в лобби" in russian.text


def test_a_private_table_opens_with_its_invitation_only(server: Server) -> None:
    ann, bo = Person(server, "Ann"), Person(server, "Bo")
    made = ann.create("hearts", ["me", "open", "open", "open"], private=True)
    assert bo.http.get(f"/tables/{made['id']}", headers={**HTML, **bo.headers}).status_code == 404
    invited = bo.http.get(f"/tables/{made['id']}?invite={made['invite']}", headers={**HTML, **bo.headers})
    assert invited.status_code == 200 and "This table is not here" not in invited.text
    assert ann.http.get(f"/tables/{made['id']}", headers={**HTML, **ann.headers}).status_code == 200  # the host
    public = ann.create("hearts", ["me", "open", "open", "open"])
    assert Person(server, None).http.get(f"/tables/{public['id']}", headers=HTML).status_code == 200


def test_a_page_that_does_not_exist_is_a_page_and_the_api_a_sentence(server: Server) -> None:
    visitor = Person(server, None)
    page = visitor.http.get("/no/such/page", headers=HTML)
    assert page.status_code == 404 and "There is no such page" in page.text and "Back to the lobby" in page.text
    api = visitor.http.get("/api/no/such/thing")
    assert api.status_code == 404 and "the API is under /api" in api.json()["error"]
