"""`cardhall serve` (and `cardhall` with no command): run the game room on this machine."""

from __future__ import annotations

from typing import Any

import typer

from cardhall.cli.common import LANG_HELP, chosen_language, fail, speaking
from cardhall.cli.group import show_version
from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_

app = typer.Typer()

HOST_OPTION = typer.Option("127.0.0.1", help=N_("The address to listen on."))
PORT_OPTION = typer.Option(None, min=1, max=65535, show_default=False,
                           help=N_("The port to listen on (default: 8000, or the next free one when 8000 is taken)."))
DB_OPTION = typer.Option(None, envvar="CARDHALL_DB", help=N_("Database URL: sqlite:///FILE or postgresql://USER@HOST/DB "
                                       "(default: room.sqlite3 in your data directory)."))
REDIS_OPTION = typer.Option(None, envvar="CARDHALL_REDIS",
                            help=N_("Redis URL (redis://HOST:6379/0): run as one node of several sharing the "
                                    "PostgreSQL database --db (docs/deploy.md)."))
NODE_OPTION = typer.Option(None, help=N_("This node's name in the cluster (default: host-pid-random)."))
LEASE_OPTION = typer.Option(10.0, min=0.1, help=N_("Seconds a node holds a table without renewing its lease: how soon "
                                                   "another node takes over the tables of a dead one."))
# 0.8 is cardhall.room.pacing.BOT_PACE (not imported here: it would load the room for every command)
BOT_PACE_OPTION = typer.Option(0.8, min=0.0, max=10.0, help=N_("Seconds a bot's move waits after the table's previous "
                                                               "change where a person sits or watches, so people can "
                                                               "follow (0: bots move at once; tables of bots nobody "
                                                               "watches never wait)."))
BROWSER_OPTION = typer.Option(True, "--browser/--no-browser",
                              help=N_("Open the lobby in your web browser once the room is ready (only on a desktop, "
                                      "when the output is a terminal, never in CI)."))
DEFAULT_PORT = 8000


@app.command(help=N_("Run the game room: the HTTP API and WebSockets of docs/room.md. Ctrl-C stops it."))
def serve(
    host: str = HOST_OPTION,
    port: int | None = PORT_OPTION,
    db: str | None = DB_OPTION,
    redis: str | None = REDIS_OPTION,
    node: str | None = NODE_OPTION,
    lease: float = LEASE_OPTION,
    bot_pace: float = BOT_PACE_OPTION,
    browser: bool = typer.Option(False, "--browser/--no-browser", help=BROWSER_OPTION.help),
    limits: bool = typer.Option(True, "--limits/--no-limits",
                                help=N_("Limit how many guests, tables and chat lines one person and one address make "
                                        "(docs/room.md); --no-limits is for benchmarks and tests.")),
    metrics: str | None = typer.Option(None, metavar="HOST:PORT",
                                       help=N_("Serve Prometheus metrics on a listener of their own at HOST:PORT (off "
                                               "by default; never the public port; docs/deploy.md).")),
    daily: bool = typer.Option(True, "--daily/--no-daily",
                               help=N_("Open a duplicate event per game every day (UTC), as docs/room.md says.")),
    smtp: str | None = typer.Option(None, "--smtp", help=N_("Send mail (\"your turn\", address checks) through this "
                                                            "SMTP server, HOST:PORT; STARTTLS and login from the "
                                                            "environment (docs/deploy.md). Without it: no mail.")),
    mail_from: str | None = typer.Option(None, "--mail-from", help=N_("The sender of the room's mails, with --smtp.")),
    log_format: str = typer.Option("text", "--log-format", metavar="text|json",
                                   help=N_("How the log (standard error) is written: text, or json (one object a "
                                           "line; docs/deploy.md).")),
    log_level: str = typer.Option("info", "--log-level", metavar="debug|info|warning|error",
                                  help=N_("The least important lines written (debug adds every move's kind).")),
    push_contact: str | None = typer.Option(None, "--push-contact", help=N_(
        "Send Web Push notices, signed with a key kept in the database; a mailto: or https: address the push "
        "services may write to (docs/deploy.md). Without it: no push.")),
) -> None:
    """Run the game room: the HTTP API and WebSockets of docs/room.md. Ctrl-C stops it."""
    from cardhall.room.logs import FORMATS, LEVELS

    if log_format not in FORMATS or log_level not in LEVELS:
        tr = speaking(None)
        raise fail(tr._("--log-format is text or json and --log-level one of {levels}; got {form} and {level}",
                        levels=", ".join(LEVELS), form=log_format, level=log_level), tr)
    run_room(host, port, db, redis, node, lease, bot_pace, browser, limits=limits, metrics=metrics, daily=daily,
             mail=(smtp, mail_from), log=(log_format, log_level), push_contact=push_contact)


def run_room(host: str, port: int | None, db: str | None, redis: str | None, node: str | None, lease: float,
             bot_pace: float, browser: bool, language: str | None = None, limits: bool = True,
             metrics: str | None = None, daily: bool = True,
             mail: tuple[str | None, str | None] = (None, None), log: tuple[str, str] = ("text", "info"),
             push_contact: str | None = None) -> None:
    """Listen on `host`:`port` (without a port: 8000, or the next free one, said), open the room
    and serve it until Ctrl-C; with `browser`, open the lobby where a desktop can show it."""
    import asyncio

    from cardhall.tui.listen import desktop_browser, listening_socket
    from cardhall.web.server import serve as run

    tr = speaking(language)
    if (mail[0] is None) != (mail[1] is None):
        raise fail(tr._("--smtp and --mail-from go together: give both, or neither for a room without mail"), tr)
    try:
        sock, note = listening_socket(host, port, DEFAULT_PORT)
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None
    if note is not None:
        typer.echo(tr.say(note))

    def ready(url: str, database: str) -> None:
        typer.echo(tr._("cardhall room at {url} (database {database}); Ctrl-C stops it.", url=url, database=database))
        if browser:
            desktop_browser(url)

    # A plain loop, not asyncio.run: its Ctrl-C handler would cancel the room while it closes.
    loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(run(host, sock.getsockname()[1], db, ready, redis=redis, node=node, lease=lease,
                                    bot_pace=bot_pace, sock=sock, limits=limits, metrics=metrics,
                                    daily=daily, mail=mail, log_format=log[0], log_level=log[1],
                                    push_contact=push_contact))
    except CardhallError as exc:
        raise fail(tr.say(exc), tr) from None
    except KeyboardInterrupt:
        pass
    finally:
        sock.close()
        close_loop(loop)
    typer.echo(tr._("cardhall room stopped."))


def close_loop(loop: Any) -> None:
    """Close the room's event loop so that the process ends at once. Uvicorn re-raises the Ctrl-C
    it caught once the room is closed, which leaves the loop before the callbacks of the finished
    task run; one of them stops AnyIO's worker threads (Starlette's thread pool), which are not
    daemons: without this turn of the loop the interpreter waits for them for ever."""
    import asyncio

    try:
        loop.run_until_complete(asyncio.sleep(0))
        loop.run_until_complete(loop.shutdown_asyncgens())
        loop.run_until_complete(loop.shutdown_default_executor())
    finally:
        loop.close()


def room(ctx: typer.Context,
         version: bool = typer.Option(False, "--version", callback=show_version, is_eager=True,
                                      help=N_("Print cardhall's version and stop.")),
         language: str | None = typer.Option(None, "--lang", help=LANG_HELP),
         host: str = HOST_OPTION,
         port: int | None = PORT_OPTION,
         db: str | None = DB_OPTION,
         redis: str | None = REDIS_OPTION,
         node: str | None = NODE_OPTION,
         lease: float = LEASE_OPTION,
         bot_pace: float = BOT_PACE_OPTION,
         browser: bool = BROWSER_OPTION) -> None:
    """With no command, `cardhall` starts the game room (as `cardhall serve`, with its options) on
    http://127.0.0.1:8000/ and opens it in your browser — or open that address yourself to play."""
    chosen_language(language)  # an unknown language is said before anything starts
    if ctx.invoked_subcommand is None:  # (a desktop's room: its log says only what went wrong)
        run_room(host, port, db, redis, node, lease, bot_pace, browser, language, log=("text", "warning"))

