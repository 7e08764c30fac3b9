"""Where `cardhall` (the room) listens, and opening its lobby in the person's browser.

The bare command is the first thing a new person runs: a port that another program holds is a
sentence, not a server log line. Without ``--port`` the room takes 8000, or the next free port
after it and says so; with ``--port P`` a taken port is refused with the next free one named.
The socket is bound here and handed to the server, so nothing can take the port in between.
"""

from __future__ import annotations

import errno
import os
import socket
import sys
import webbrowser

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg

SEARCH = 100
"""How many ports after a taken one are tried for a free one."""


class PortTaken(CardhallError):
    """The port asked for is held by another program (or not allowed to this user)."""


def bind(host: str, port: int) -> socket.socket:
    """A listening TCP socket on `host`:`port` (IPv6 when `host` is an IPv6 address).
    Raises OSError when the port is taken or not allowed. Its protocol is named (TCP): asyncio
    turns Nagle's algorithm off (TCP_NODELAY) only on connections accepted on such a socket;
    without it a response's body, written after its head, waited 40 ms for the client's delayed
    ACK on every kept-alive request (tests/web/test_no_delay.py)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)  # as Uvicorn does: a restart need not wait
        sock.bind((host, port))
        sock.listen(2048)
        sock.set_inheritable(True)
    except OSError:
        sock.close()
        raise
    return sock


def next_free(host: str, after: int) -> int | None:
    """The first port after `after` that `host` can listen on, within `SEARCH` ports."""
    for candidate in range(after + 1, min(after + 1 + SEARCH, 65536)):
        try:
            bind(host, candidate).close()
        except OSError:
            continue
        return candidate
    return None


def listening_socket(host: str, port: int | None, default: int) -> tuple[socket.socket, Msg | None]:
    """The socket the room serves on, and a note to say when it is not the port one expects.

    `port` None: `default`, else the next free port (the note says which and why). A port
    asked for that is taken raises `PortTaken` with the next free port to use; an address that
    is not this machine's raises it too."""
    wanted = default if port is None else port
    try:
        return bind(host, wanted), None
    except OSError as exc:
        problem = exc
    if problem.errno == errno.EADDRNOTAVAIL or isinstance(problem, socket.gaierror):
        raise PortTaken(Msg(N_("cannot listen on {host}: it is not an address of this machine; use 127.0.0.1 "
                               "(this machine only) or 0.0.0.0 (every network it is on)"), host=host))
    free = next_free(host, wanted)
    if port is None and free is not None:
        return bind(host, free), Msg(N_("Port {port} is taken by another program (is a room already running?); "
                                        "this room listens on port {free} instead."), port=wanted, free=free)
    if problem.errno == errno.EACCES:
        reason = Msg(N_("port {port} needs administrator rights"), port=wanted)
    else:
        reason = Msg(N_("port {port} is taken by another program (is a room already running?)"), port=wanted)
    if free is None:
        raise PortTaken(Msg(N_("{reason}; choose another with --port"), reason=reason))
    raise PortTaken(Msg(N_("{reason}; the next free one is {free}: cardhall --port {free}"), reason=reason, free=free))


def has_desktop() -> bool:
    """Whether a browser window can be shown to the person at this terminal: stdout is a
    terminal, this is not CI, and (on Linux and the BSDs) a display is set."""
    if os.environ.get("CI") or not sys.stdout.isatty():
        return False
    if sys.platform.startswith(("win", "darwin")):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def desktop_browser(url: str) -> bool:
    """Open `url` in the default browser where `has_desktop`; whether it was asked to."""
    if not has_desktop():
        return False
    try:
        return webbrowser.open(url, new=2)
    except webbrowser.Error:
        return False
