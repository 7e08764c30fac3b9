"""The digest window in a real browser (Chromium) against `cardhall serve --smtp` with a real SMTP
server on the loopback (aiosmtpd): hidden until mail is on for the reader; once their address is
confirmed (the link in the mail followed), the lobby's notices part offers "At once", "At most one
an hour", "At most one a day"; a choice made with the keyboard is stored at once and said in
words; axe finds nothing."""

from __future__ import annotations

import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import expect

from tests.room import test_mail
from tests.room.test_mail import Inbox, link
from tests.web.conftest import Server
from tests.web.helpers import pick_name
from tests.web.test_games import axe_violations

inbox = test_mail.inbox  # the real SMTP server's fixture


class MailingServer(Server):
    """`python -m cardhall serve` with mail on (`--smtp` the test's SMTP server)."""

    def __init__(self, tmp: Path, smtp_port: int) -> None:
        self.smtp_port = smtp_port
        super().__init__(tmp)

    def extra(self) -> tuple[list[str], dict[str, str]]:
        return (["--smtp", f"127.0.0.1:{self.smtp_port}", "--mail-from", "room@cardhall.test"],
                {"CARDHALL_PUBLIC_URL": "http://room/"})


@pytest.fixture
def mailing(tmp_path: Path, inbox: tuple[Inbox, int]) -> Iterator[tuple[MailingServer, Inbox]]:
    box, port = inbox
    srv = MailingServer(tmp_path, port)
    yield srv, box
    srv.stop()


def test_the_digest_window_is_chosen_with_the_keyboard(mailing, browser) -> None:
    server, box = mailing
    ctx = browser.new_context()
    page = ctx.new_page()
    pick_name(page, server.url, "Mia")
    page.reload()  # the notices part is for a reader with a name
    expect(page.locator("#notices-part")).to_be_visible()
    expect(page.locator("#digest-field")).to_be_hidden()  # no mail for her yet
    answer = page.evaluate("""async () => (await fetch("/api/players/me/email", {method: "PUT",
        headers: {"Content-Type": "application/json"}, body: JSON.stringify({email: "mia@example.org"})})).status""")
    assert answer == 200
    for _ in range(100):
        if box.mails:
            break
        time.sleep(0.1)
    token = link(box.mails[0][1], "api/mail/verify")
    assert httpx.get(server.url + "/api/mail/verify", params={"token": token}).status_code == 200
    page.goto(server.url + "/")
    pick = page.locator("#digest-pick")
    expect(pick).to_be_visible()
    expect(pick).to_have_value("now")
    pick.focus()
    page.keyboard.press("ArrowDown")  # the keyboard alone: "At most one an hour"
    page.keyboard.press("ArrowDown")
    expect(pick).to_have_value("daily")
    expect(page.locator("#digest-status")).to_have_text("Saved: At most one a day.")
    stored = page.evaluate("""async () => (await fetch("/api/players/me/notifications")).json()""")
    assert stored["digest"] == "daily" and stored["email"] is True, stored
    page.reload()
    expect(page.locator("#digest-pick")).to_have_value("daily")
    assert axe_violations(page) == []
    ctx.close()
