"""The language of each browser page, request and connection, and the catalog the page's
scripts read.

A page speaks the language its reader chose: `?lang=` when a link or the picker asks for one,
else the language stored with the player (their token), else the `cardhall_lang` cookie (the
picker's choice before the reader has a name), else the browser's Accept-Language, else
English. The scripts (`static/*.js`) translate with the web domain's catalog, which the page
embeds as JSON (`js_catalog`), and choose plural forms with the browser's `Intl.PluralRules`:
the catalog maps each CLDR plural category of the language to the gettext form it takes.
"""

from __future__ import annotations

import functools
import gettext
from collections.abc import Awaitable, Callable, Iterable
from typing import Any

from babel import Locale
from babel.messages.catalog import Message
from babel.messages.pofile import read_po
from starlette.requests import HTTPConnection

import cardhall
from cardhall.core.errors import CardhallError, OptionError
from cardhall.core.game import Game, Viewer
from cardhall.core.i18n import DEFAULT, LANGUAGES, SOURCE, Lang, check, from_accept_language, lang
from cardhall.core.text import text_ui

LANG_COOKIE = "cardhall_lang"
DOMAIN = "web"

PlayerLang = Callable[[HTTPConnection], Awaitable[str | None]]
"""The language stored with the player a request speaks for (None: no player, or unknown)."""


def web(code: str) -> Lang:
    """The web domain in the language `code` (falls back to ``cardhall``)."""
    return lang(code, DOMAIN)


def known(code: str | None) -> str | None:
    """`code` as a language cardhall speaks, or None."""
    if not code:
        return None
    try:
        return check(code)
    except OptionError:
        return None


def chosen(conn: HTTPConnection, stored: str | None) -> str:
    """The language of a page or request: `?lang=`, the player's stored language, the cookie,
    Accept-Language, English — the first that names a language cardhall speaks."""
    return (known(conn.query_params.get("lang")) or known(stored) or known(conn.cookies.get(LANG_COOKIE))
            or from_accept_language(conn.headers.get("accept-language")) or DEFAULT)


def languages() -> list[dict[str, str]]:
    """Every language as the picker offers it: code and the language's name in itself."""
    return [{"code": code, "name": name} for code, name in LANGUAGES.items()]


@functools.cache
def plural_forms(code: str) -> dict[str, int]:
    """Which gettext form (index into a plural msgstr) each CLDR plural category takes in
    `code`, e.g. Russian ``{"one": 0, "few": 1, "many": 2}``: the browser asks
    `Intl.PluralRules` for the category of a count and looks its form up here."""
    locale = Locale.parse(code)
    if code == SOURCE:
        expression = "(n != 1)"
    else:
        from babel.messages.plurals import get_plural

        expression = get_plural(locale).plural_expr
    form = gettext.c2py(expression)
    out: dict[str, int] = {}
    for n in range(0, 1000):
        out.setdefault(locale.plural_form(n), form(n))
    return out


@functools.cache
def js_catalog(code: str) -> dict[str, Any]:
    """The web domain's translations into `code` for the scripts: ``messages`` maps a message
    id (``context\\u0004id`` with a context) to its translation, or to the list of plural
    forms; ``plural`` is `plural_forms`. English has no messages: the ids are the English."""
    messages: dict[str, str | list[str]] = {}
    if code != SOURCE:
        from cardhall.core.catalogs import po_path

        path = po_path(code, DOMAIN)
        if path.is_file():
            with path.open("rb") as f:
                catalog = read_po(f, locale=code, domain=DOMAIN)
            messages = script_messages(catalog)
    return {"lang": code, "plural": plural_forms(code), "messages": messages}


def script_messages(catalog: Iterable[Message], keep: Callable[[Message], bool] = lambda _: True) -> dict[str, Any]:
    """The translated messages of `catalog` (those `keep` accepts) as the page's scripts read
    them: ``context\u0004id`` (or the id) → the translation, or the list of plural forms; a
    fuzzy, empty or partly translated plural message is left out (the script says the English)."""
    messages: dict[str, Any] = {}
    for message in catalog:
        if not message.id or message.fuzzy or not message.string or not keep(message):
            continue
        msgid = message.id if isinstance(message.id, str) else message.id[0]
        key = f"{message.context}\u0004{msgid}" if message.context else msgid
        strings = message.string
        if isinstance(strings, str):
            messages[key] = strings
        elif all(strings):
            messages[key] = list(strings)
    return messages


def say_error(error: BaseException | str, code: str, game: Game | str | None = None, viewer: Viewer = None,
              faces: str = "french") -> str:
    """An error's sentence in the language `code` for the reader `viewer`: the web domain's and
    ``cardhall``'s messages, and with `game` (the game or its name) the game's own too (its
    options, its moves), through one chain of catalogs — the game's first, then the web's, then
    ``cardhall`` — so that a message is found wherever it lives, and a game's message inside a
    room's sentence is said too; other text as it is. `faces`: the card faces the reader sees
    (a Jass refusal names the Swiss German cards to a reader of those)."""
    if game is not None:
        try:
            ui = text_ui(cardhall.load(game) if isinstance(game, str) else game, code, faces=faces)
        except (CardhallError, ModuleNotFoundError, KeyError):
            pass
        else:
            return lang(code, ui.tr.domain, DOMAIN).seeing(ui.faces).say(error, viewer)
    return web(code).say(error, viewer)
