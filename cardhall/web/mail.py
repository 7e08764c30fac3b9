"""E-mail: checked addresses, signed single-purpose links, and mails sent over SMTP.

The rules:

- **Off until configured**: `cardhall serve --smtp HOST:PORT --mail-from ADDR` turns mail on;
  `CARDHALL_SMTP_STARTTLS=1` asks for STARTTLS, `CARDHALL_SMTP_USER` and `CARDHALL_SMTP_PASSWORD`
  log in (from the environment, never the command line); `CARDHALL_PUBLIC_URL` is the room's
  address in links (default: where it listens).
- **Addresses** are at most 254 characters, one `@`, no spaces and no control characters (no CR
  or LF: nothing a person gives can add a header); every header is also written by the standard
  library's SMTP policy, which refuses a line break in a header value.
- **Links** are signed tokens (itsdangerous) with one purpose each (a salt per purpose): a
  verification link (for one player and one address) expires after `VERIFY_TTL`, an unsubscribe
  link after `UNSUBSCRIBE_TTL`; one kind is never accepted as the other.
- **Rate limits**: per person and per address, at most `PER_HOUR` mails an hour (a verification
  mail at most once every `VERIFY_EVERY` seconds).
- **Errors are logged, never fatal**: an unreachable server or a refused mail is a log line.
"""

from __future__ import annotations

import asyncio
import logging
import os
import smtplib
import ssl
import time
from collections import deque
from dataclasses import dataclass
from email.message import EmailMessage
from email.policy import SMTP
from typing import Any

from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural

ADDRESS_LIMIT = 254
VERIFY_TTL = 2 * 86400
UNSUBSCRIBE_TTL = 90 * 86400
PER_HOUR = 20
VERIFY_EVERY = 60.0
SEND_TIMEOUT = 20.0

log = logging.getLogger("cardhall.mail")


class MailError(CardhallError):
    """A bad address, a bad or expired link, or a mail the limits hold back."""


def check_address(value: object) -> str:
    """A well-formed e-mail address (stripped), or MailError with a sentence."""
    if not isinstance(value, str) or not value.strip() or len(value.strip()) > ADDRESS_LIMIT:
        raise MailError(Plural("an e-mail address is text of at most {count} character like ann@example.org",
                               "an e-mail address is text of at most {count} characters like ann@example.org",
                               count=ADDRESS_LIMIT))
    text = value.strip()
    if any(c.isspace() or ord(c) < 32 or ord(c) == 127 for c in text):
        raise MailError(Msg(N_("an e-mail address has no spaces, line breaks or control characters")))
    local, at, domain = text.rpartition("@")
    if not at or not local or "@" in local or "." not in domain.strip(".") or any(c in text for c in "<>,;\"()[]\\"):
        raise MailError(Msg(N_("{value} is not an e-mail address; write it like ann@example.org"), value=repr(text)))
    return text


@dataclass(frozen=True)
class MailConfig:
    """Where mail goes out, from whom, and the room's address for links."""

    host: str
    port: int
    sender: str
    base_url: str
    starttls: bool = False
    user: str | None = None
    password: str | None = None

    @classmethod
    def from_options(cls, smtp: str, sender: str, base_url: str) -> MailConfig:
        """`--smtp HOST:PORT --mail-from ADDR`, with STARTTLS and login from the environment."""
        host, _, port = smtp.rpartition(":")
        if not host or not port.isdigit() or not 0 < int(port) < 65536:
            raise MailError(Msg(N_("--smtp is HOST:PORT, like mail.example.org:587, not {value}"), value=repr(smtp)))
        return cls(host.strip("[]"), int(port), check_address(sender),
                   os.environ.get("CARDHALL_PUBLIC_URL", base_url).rstrip("/") + "/",
                   os.environ.get("CARDHALL_SMTP_STARTTLS", "") in ("1", "true", "yes"),
                   os.environ.get("CARDHALL_SMTP_USER") or None, os.environ.get("CARDHALL_SMTP_PASSWORD") or None)


class Links:
    """Signed single-purpose tokens: "verify" (player and address) and "unsubscribe" (player)."""

    def __init__(self, secret: str) -> None:
        self._verify = URLSafeTimedSerializer(secret, salt="cardhall-mail-verify")
        self._unsubscribe = URLSafeTimedSerializer(secret, salt="cardhall-mail-unsubscribe")

    def verify_token(self, player: str, address: str) -> str:
        return self._verify.dumps([player, address])

    def unsubscribe_token(self, player: str) -> str:
        return self._unsubscribe.dumps(player)

    def verified(self, token: object) -> tuple[str, str]:
        """(player, address) of a verification token; MailError if bad or expired."""
        data = self._load(self._verify, token, VERIFY_TTL)
        if not (isinstance(data, list) and len(data) == 2 and all(isinstance(x, str) for x in data)):
            raise MailError(Msg(N_("this link is not a verification link of this room")))
        return data[0], data[1]

    def unsubscribed(self, token: object) -> str:
        data = self._load(self._unsubscribe, token, UNSUBSCRIBE_TTL)
        if not isinstance(data, str):
            raise MailError(Msg(N_("this link is not an unsubscribe link of this room")))
        return data

    @staticmethod
    def _load(serializer: URLSafeTimedSerializer, token: object, ttl: int) -> Any:
        if not isinstance(token, str) or not token or len(token) > 1000:
            raise MailError(Msg(N_("this link has no token; open the whole link from the mail")))
        try:
            return serializer.loads(token, max_age=ttl)
        except SignatureExpired:
            raise MailError(Msg(N_("this link has expired; ask for a new one"))) from None
        except BadSignature:
            raise MailError(Msg(N_("this link is not valid here; open the whole link from the mail"))) from None


class Mailer:
    """Sends mails over SMTP in a worker thread, within the rate limits; counts what it did."""

    def __init__(self, config: MailConfig) -> None:
        self.config = config
        self.sent = 0
        self.failed = 0
        self._times: dict[str, deque[float]] = {}

    def allowed(self, keys: list[str], now: float | None = None, every: float | None = None) -> bool:
        """Whether a mail for these keys (a person, an address) stays within the limits; counted if so."""
        now = time.monotonic() if now is None else now
        for key in keys:
            times = self._times.setdefault(key, deque())
            while times and times[0] < now - 3600:
                times.popleft()
            if len(times) >= PER_HOUR or (every is not None and times and times[-1] > now - every):
                return False
        for key in keys:
            self._times[key].append(now)
        return True

    async def send(self, to: str, subject: str, text: str) -> bool:
        """Send one plain-text mail; False (logged) if it could not be sent."""
        message = EmailMessage(policy=SMTP)
        try:
            message["From"] = self.config.sender
            message["To"] = check_address(to)
            message["Subject"] = subject
        except (ValueError, MailError) as exc:  # a line break in a header: refused, never sent
            log.warning("a mail was refused before sending: %s", type(exc).__name__)
            self.failed += 1
            return False
        message.set_content(text)
        try:
            await asyncio.wait_for(asyncio.to_thread(self._send, message), SEND_TIMEOUT)
        except (OSError, smtplib.SMTPException, TimeoutError) as exc:
            log.warning("a mail could not be sent: %s", type(exc).__name__)  # never the address
            self.failed += 1
            return False
        self.sent += 1
        return True

    def _send(self, message: EmailMessage) -> None:
        c = self.config
        with smtplib.SMTP(c.host, c.port, timeout=SEND_TIMEOUT) as smtp:
            if c.starttls:
                smtp.starttls(context=ssl.create_default_context())
            if c.user and c.password:
                smtp.login(c.user, c.password)
            smtp.send_message(message)
