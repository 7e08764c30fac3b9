"""Webhook requests that cannot reach the room's own network (server-side request forgery).

The rules, for every URL a person gives and every redirect it answers:

- `http` or `https` only, a host name, no user or password in it, at most `URL_LIMIT` characters;
- the name is resolved here and **every** address it has must be public: loopback, private,
  link-local (which holds the clouds' metadata address 169.254.169.254), shared, multicast,
  reserved and unspecified addresses are refused (IPv4-mapped IPv6 addresses are read as IPv4);
  a self-hoster may allow ranges (`cardhall serve --webhook-allow 10.0.0.0/8`);
- the request goes to the address that was checked (the name is not resolved a second time, so
  it cannot be rebound between the check and the connection); TLS still checks the certificate
  against the name (SNI);
- redirects are followed by hand, at most `REDIRECTS`, each checked as above;
- at most `TIMEOUT` seconds per request, and no more than `BODY_LIMIT` bytes of an answer are read.
"""

from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Sequence
from urllib.parse import urljoin, urlsplit

import httpx

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural

URL_LIMIT = 2000
REDIRECTS = 3
TIMEOUT = 5.0
BODY_LIMIT = 64 * 1024

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Address = ipaddress.IPv4Address | ipaddress.IPv6Address


class WebhookRefused(CardhallError):
    """A webhook URL that is malformed or reaches an address the room does not call."""


class HostUnknown(WebhookRefused):
    """A host name that cannot be resolved (`host` says which: another caller may word it its own way)."""

    def __init__(self, host: str) -> None:
        super().__init__(Msg(N_("the webhook's host {host} cannot be found"), host=host))
        self.host = host


class HostNotPublic(WebhookRefused):
    """A host with an address the room does not call (`host`, `address`)."""

    def __init__(self, host: str, address: str) -> None:
        super().__init__(Msg(N_("the webhook's host {host} is at {address}, a loopback, private, link-local "
                                "or reserved address, which the room does not call"), host=host, address=address))
        self.host = host
        self.address = address


ALLOW_ENV = "CARDHALL_WEBHOOK_ALLOW"
"""The setting that allows private ranges, comma-separated (`CARDHALL_WEBHOOK_ALLOW=10.0.0.0/8,fd00::/8`)."""


def networks(ranges: Sequence[str]) -> list[Network]:
    """Ranges a self-hoster allows (`10.0.0.0/8`, `fd00::/8`); WebhookRefused names a bad one."""
    found = []
    for text in (r.strip() for r in ranges):
        if not text:
            continue
        try:
            found.append(ipaddress.ip_network(text, strict=False))
        except ValueError:
            raise WebhookRefused(Msg(N_("{value} is not an address range; write it like 10.0.0.0/8 or fd00::/8"),
                                     value=repr(text))) from None
    return found


def public(address: Address, allow: Sequence[Network] = ()) -> bool:
    """Whether the room may call `address`: a public unicast address, or one in `allow`."""
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    if any(address in net for net in allow if net.version == address.version):
        return True
    return not (address.is_private or address.is_loopback or address.is_link_local or address.is_multicast
                or address.is_reserved or address.is_unspecified
                or (isinstance(address, ipaddress.IPv4Address) and address in ipaddress.ip_network("100.64.0.0/10")))


def check_url(url: object) -> tuple[str, str, int]:
    """(scheme, host, port) of a well-formed webhook URL; WebhookRefused with a sentence otherwise."""
    if not isinstance(url, str) or not url or len(url) > URL_LIMIT:
        raise WebhookRefused(Plural("a webhook is an http or https URL of at most {count} character",
                                    "a webhook is an http or https URL of at most {count} characters", count=URL_LIMIT))
    if any(c.isspace() or ord(c) < 32 for c in url):
        raise WebhookRefused(Msg(N_("a webhook URL has no spaces or control characters")))
    try:
        parts = urlsplit(url)
        port = parts.port
    except ValueError:
        raise WebhookRefused(Msg(N_("this webhook URL cannot be read; write it as https://example.org/path"))) from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise WebhookRefused(Msg(N_("a webhook is an http or https URL with a host name, like "
                                    "https://example.org/path")))
    if parts.username is not None or parts.password is not None:
        raise WebhookRefused(Msg(N_("a webhook URL holds no user name or password; put a secret in its path "
                                    "or check the signature instead")))
    return parts.scheme, parts.hostname, port or (443 if parts.scheme == "https" else 80)


async def resolve(host: str, port: int, allow: Sequence[Network] = ()) -> Address:
    """The address to call for `host`: every address it resolves to must be public (or allowed)."""
    try:
        found = await asyncio.get_running_loop().getaddrinfo(host, port, type=socket.SOCK_STREAM)
    except (OSError, UnicodeError):
        raise HostUnknown(host) from None
    addresses = [ipaddress.ip_address(str(info[4][0]).split("%")[0]) for info in found]
    if not addresses:
        raise HostUnknown(host)
    for address in addresses:
        if not public(address, allow):
            raise HostNotPublic(host, str(address))
    return addresses[0]


async def check(url: object, allow: Sequence[Network] = ()) -> str:
    """A webhook URL the room may call now (its form and its host's addresses), or WebhookRefused."""
    _, host, port = check_url(url)
    await resolve(host, port, allow)
    assert isinstance(url, str)
    return url


async def post(client: httpx.AsyncClient, url: str, body: bytes, headers: dict[str, str],
               allow: Sequence[Network] = (), schemes: Sequence[str] = ("http", "https")) -> int:
    """POST `body` to `url` as the rules say; the final answer's status. WebhookRefused for a URL
    or redirect the room does not call (or whose scheme is not in `schemes`: Web Push takes https
    only); httpx errors (timeouts, refused connections) pass through."""
    for _ in range(REDIRECTS + 1):
        scheme, host, port = check_url(url)
        if scheme not in schemes:
            raise WebhookRefused(Msg(N_("this address must be an https URL")))
        address = await resolve(host, port, allow)
        shown = f"[{address}]" if address.version == 6 else str(address)
        parts = urlsplit(url)
        target = parts._replace(netloc=f"{shown}:{port}").geturl()
        named = {**headers, "Host": parts.netloc.rpartition("@")[2]}
        request = client.build_request("POST", target, content=body, headers=named,
                                       extensions={"sni_hostname": host, "timeout": httpx.Timeout(TIMEOUT).as_dict()})
        response = await asyncio.wait_for(client.send(request, stream=True), TIMEOUT)
        try:
            read = 0
            async for chunk in response.aiter_raw():
                read += len(chunk)
                if read >= BODY_LIMIT:
                    break
        finally:
            await response.aclose()
        if response.status_code in (301, 302, 303, 307, 308) and "location" in response.headers:
            url = urljoin(url, response.headers["location"])
            continue
        return response.status_code
    raise WebhookRefused(Plural("the webhook redirected more than {count} time", "the webhook redirected more than "
                                "{count} times", count=REDIRECTS))
