"""Languages: every player reads every word in their own language.

English is the source language: messages are written in English in the code and marked for
extraction; `cardhall/locale/<code>/LC_MESSAGES/<domain>.po` holds each other language's
translations (gettext catalogs, edited with any PO editor, read with Babel). One domain per
part of cardhall — ``cardhall`` (core, room, bots), ``terminal`` (the terminal client and the
command line), ``web`` (pages and the
browser's scripts) and one per game package (``hearts``, ``jass`` for Jass and Putz,
``five_towers``, ``three_two_five``, ``clash_of_decks``) — so that each game keeps its own
terms (a "trick" of Jass and of Hearts may be translated differently) and falls back to the
``cardhall`` domain for shared words.

How code speaks::

    tr = lang("cs", "hearts")
    tr._("Your turn to lead.")
    tr.ngettext("{count} card", "{count} cards", n)              # plural forms of the language
    tr.pgettext("card", "queen of spades")                     # a context: same English, other words
    tr._("{who} plays the {card}.", who=..., card=...)       # named placeholders, str.format style

Marking without translating (a module-level constant, a message built in an engine):
`N_("…")` and `NP_("context", "…")` return their argument; `Msg` is an English sentence that
also remembers its message id and parameters, so that an engine can raise it (``str(msg)`` is
the English) and the room or the terminal can say it again in each reader's language with
`Lang.say`. A count said with a noun is a `Plural` (``Plural("{count} day", "{count} days",
count=n)``: each language's plural forms), a time from now a `FromNow` ("in 3 seconds", «через 3
секунды», «za 3 sekundy»: Babel's CLDR words), so that no number reaches a sentence outside a
plural form (tests/test_plurals.py).
"""

from __future__ import annotations

import copy
import functools
import gettext
import io
import math
import os
import re
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Literal

from cardhall.core.errors import OptionError

LANGUAGES: dict[str, str] = {
    "en": "English",
    "bg": "Български",
    "cs": "Čeština",
    "de": "Deutsch",
    "es": "Español",
    "ru": "Русский",
    "fr": "Français",
}
"""The languages cardhall speaks: code → the language's name in itself."""

DEFAULT = "en"
SOURCE = "en"
"""The language messages are written in (their ids); it needs no catalog."""

DOMAINS: tuple[str, ...] = ("cardhall", "terminal", "web", "five_towers", "clash_of_decks", "jass", "hearts", "three_two_five")
"""Catalog domains: ``cardhall`` (shared words), ``web`` (the browser) and one per game package."""

LOCALE_DIR = Path(__file__).resolve().parent.parent / "locale"


def N_(msgid: str) -> str:
    """Marks `msgid` for extraction and returns it untranslated (translate later with `Lang._`)."""
    return msgid


def NP_(context: str, msgid: str) -> str:
    """Marks `msgid` in `context` for extraction; translate later with `Lang.pgettext(context, msgid)`."""
    return msgid


class Msg(str):
    """An English sentence that can be said again in another language.

    ``Msg("{seat} does not hold {card}", seat=Msg("North"), card="QS")`` is the string
    "North does not hold QS" and remembers its message id and parameters; a parameter may be
    another `Msg` (translated too) or plain text and numbers (kept as they are: card
    notation, names, counts). `you` is the message to use when the reader is the seat
    `subject` (``you="You do not hold {card}"``), so that a player hears "You …", never their
    own seat's name in the third person. `context` is a message context (`pgettext`).
    Mark the message ids for extraction with `N_` (``Msg(N_("…"), you=N_("…"), …)``).
    """

    msgid: str
    params: dict[str, Any]
    you: str | None
    subject: int | None
    context: str | None

    def __new__(cls, msgid: str, /, *, you: str | None = None, subject: int | None = None,
                context: str | None = None, **params: Any) -> Msg:
        self = super().__new__(cls, _format(msgid, params, None))
        self.msgid, self.params, self.you, self.subject, self.context = msgid, params, you, subject, context
        return self

    def __reduce__(self) -> tuple[Any, ...]:  # pickles (process pools) keep what it can be said as
        return (_rebuild, (self.msgid, self.you, self.subject, self.context, self.params))

    def to_data(self) -> dict[str, Any]:
        """The message as JSON data (to send it to another process or node); `from_data` reads it.
        A parameter that is a `Msg` is nested as ``{"msg": …}``; other parameters are kept as
        numbers or text."""
        params = {k: {"msg": v.to_data()} if isinstance(v, Msg) else v if isinstance(v, int | float) else str(v)
                  for k, v in self.params.items()}
        return {"id": self.msgid, "you": self.you, "subject": self.subject, "context": self.context, "params": params}

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Msg:
        """The `Msg` that `to_data` wrote (a `Plural` or a `FromNow` too)."""
        if "from_now" in data:
            return FromNow(float(data["from_now"]))
        if "language" in data:
            return LanguageName(str(data["language"]))
        if "faced" in data:
            return Faced(*(Msg.from_data(p["msg"]) if isinstance(p, dict) else p for p in data["faced"]))
        params: dict[str, Any] = {k: Msg.from_data(v["msg"]) if isinstance(v, dict) else v
                                  for k, v in data.get("params", {}).items()}
        if "plural" in data:
            count = params.pop("count", 0)
            return Plural(str(data["id"]), str(data["plural"]), count=count, **params)
        return cls(str(data["id"]), you=data.get("you"), subject=data.get("subject"), context=data.get("context"),
                   **params)


class Plural(Msg):
    """A message whose words depend on a number: ``Plural("{count} day", "{count} days", count=n)``
    is said in the reader's plural form for `count` (`Lang.ngettext`); the English is the singular
    for 1, else the plural. Extracted as a plural entry (the keyword ``Plural``, see
    `cardhall.core.catalogs`)."""

    plural: str

    def __new__(cls, singular: str, plural: str, /, *, count: float, **params: Any) -> Plural:
        english = singular if count == 1 else plural
        shown = {k: _number(v) if isinstance(v, int | float) and not isinstance(v, bool) else v
                 for k, v in {"count": count, **params}.items()}
        self = str.__new__(cls, _format(english, shown, None))  # "10 seconds", never "10.0 seconds"
        self.msgid, self.plural, self.you, self.subject, self.context = singular, plural, None, None, None
        self.params = {"count": count, **params}
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (_rebuild_plural, (self.msgid, self.plural, self.params))

    def to_data(self) -> dict[str, Any]:
        return {**super().to_data(), "plural": self.plural}


def _rebuild_plural(singular: str, plural: str, params: dict[str, Any]) -> Plural:
    return Plural(singular, plural, **params)


class FromNow(Msg):
    """A time from now, said as the reader's language says it: "in 3 seconds", «через 3 секунды»,
    «za 3 sekundy», «след 3 секунди» (Babel's `format_timedelta` with the CLDR's plural forms and
    cases); whole seconds up to two minutes, then minutes, hours and days, rounded up."""

    seconds: float

    def __new__(cls, seconds: float) -> FromNow:
        self = str.__new__(cls, _from_now(seconds, SOURCE))
        self.msgid, self.you, self.subject, self.context, self.params = "", None, None, None, {}
        self.seconds = float(seconds)
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (FromNow, (self.seconds,))

    def to_data(self) -> dict[str, Any]:
        return {"id": "", "from_now": self.seconds}


class LanguageName(Msg):
    """A language named inside a sentence, as the reader's language names it: «руски» to a Bulgarian,
    "Russian" in English (Babel's CLDR names, lower case where the language writes them so), never
    the language's own name («Русский») that the language picker shows."""

    language: str

    def __new__(cls, code: str) -> LanguageName:
        self = str.__new__(cls, language_name(code, SOURCE))
        self.msgid, self.you, self.subject, self.context, self.params = "", None, None, None, {}
        self.language = code
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (LanguageName, (self.language,))

    def to_data(self) -> dict[str, Any]:
        return {"id": "", "language": self.language}


class Faced(Msg):
    """Words that depend on the card faces the reader sees (`Lang.faces`, `cardhall.core.card_words.FACES`):
    `french` to a reader of the French-suited cards, `german` to one of the Swiss German-suited pack
    (Jass and Putz): ``Faced(Msg("spades", context="suit"), Msg("shields", context="suit, German
    suits"))`` is «Pik» or «Schilten». Each part is a `Msg` or plain text (card notation); the
    English of the message is the French part."""

    french: Any
    german: Any

    def __new__(cls, french: Any, german: Any) -> Faced:
        self = str.__new__(cls, str(french))
        self.msgid, self.you, self.subject, self.context, self.params = "", None, None, None, {}
        self.french, self.german = french, german
        return self

    def __reduce__(self) -> tuple[Any, ...]:
        return (Faced, (self.french, self.german))

    def to_data(self) -> dict[str, Any]:
        return {"id": "", "faced": [{"msg": p.to_data()} if isinstance(p, Msg) else str(p)
                                    for p in (self.french, self.german)]}


def language_name(code: str, reader: str) -> str:
    """The language `code` as the language `reader` names it in a sentence ("Russian", «руски»)."""
    from babel import Locale

    try:
        return str(Locale.parse(babel_locale(reader)).languages.get(code) or LANGUAGES.get(code, code))
    except (ValueError, TypeError):
        return LANGUAGES.get(code, code)


def _from_now(seconds: float, code: str) -> str:
    from datetime import timedelta

    from babel.dates import format_timedelta

    whole = max(1, math.ceil(seconds))
    unit: Literal["second", "minute", "hour", "day"] = (
        "second" if whole <= 120 else "minute" if whole <= 7200 else "hour" if whole <= 172800 else "day")
    size = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}[unit]
    return format_timedelta(timedelta(seconds=math.ceil(whole / size) * size), granularity=unit, threshold=10**9,
                            add_direction=True, format="long", locale=babel_locale(code))


def reason(exc: BaseException, limit: int | None = None) -> str:
    """What an exception says, keeping its `Msg` (so it can be said again in another language)
    when it carries one; a text longer than `limit` characters is cut (and is then plain text)."""
    text = str(exc)
    if exc.args and isinstance(exc.args[0], Msg) and (limit is None or len(text) <= limit):
        return exc.args[0]
    return text if limit is None or len(text) <= limit else text[:limit] + "…"


def _rebuild(msgid: str, you: str | None, subject: int | None, context: str | None, params: dict[str, Any]) -> Msg:
    return Msg(msgid, you=you, subject=subject, context=context, **params)


def listing(items: Iterable[Any], separator: str = ", ") -> Msg:
    """Items (each a `Msg` or plain text) joined by `separator`, as one `Msg`: each item is
    said in the reader's language ("five-towers (also 5-towers, towers), hearts")."""
    parts = list(items)
    # The message id is only placeholders: no catalog holds it, so it is "translated" to itself
    # and each item is said in the reader's language.
    return Msg(separator.join(f"{{item{i}}}" for i in range(len(parts))), **{f"item{i}": p for i, p in enumerate(parts)})


def _format(text: str, params: Mapping[str, Any], tr: Lang | None, viewer: int | None = None) -> str:
    """`text` with its placeholders filled: a `Msg` said in `tr`'s language, a number written as
    `tr`'s language writes it (`Lang.number`); the English of a `Msg` itself (`tr` None) keeps
    numbers as Python writes them."""
    if not params:
        return text
    if tr is None:
        return text.format_map(params)
    shown = {k: tr.say(v, viewer, capital=_opens_sentence(text, k)) if isinstance(v, Msg)
             else tr.number(v) if isinstance(v, int | float) and not isinstance(v, bool) else v
             for k, v in params.items()}
    return text.format_map(shown)


def _opens_with_notation(text: str, params: Mapping[str, Any]) -> bool:
    """Whether `text` opens with a placeholder filled with plain text (notation a player types:
    «trump S n'est pas possible…»), which keeps its own case; a `Msg` or the text's own words
    take the capital."""
    m = re.match(r"\{(\w+)", text)
    return m is not None and m[1] in params and not isinstance(params[m[1]], Msg)


@functools.lru_cache(maxsize=4096)
def _opens_sentence(text: str, key: str) -> bool:
    """Whether the placeholder `key` opens a sentence of `text` (at its start, or after . ! ?)."""
    return re.search(r"(?:^|[.!?]\s+)\{" + re.escape(key) + r"[}!:]", text) is not None


class Lang:
    """Translations into one language for one domain (falling back to the ``cardhall`` domain)."""

    faces = "french"
    """The card faces the reader sees (`Faced` words follow them): "french", or "german" (`seeing`)."""

    def __init__(self, code: str, domain: str, translations: gettext.NullTranslations) -> None:
        self.code = code
        self.domain = domain
        self.name = LANGUAGES[code]
        self._t = translations

    def __repr__(self) -> str:
        return f"Lang({self.code!r}, {self.domain!r})"

    def seeing(self, faces: str) -> Lang:
        """This language for a reader who sees the card faces `faces` ("german": a `Faced` message
        names the Swiss German-suited cards); itself when they are the French ones."""
        if faces == self.faces:
            return self
        other = copy.copy(self)
        other.faces = faces
        return other

    def _(self, msgid: str, /, **params: Any) -> str:
        """`msgid` in this language, its ``{placeholders}`` filled from `params`."""
        return _format(self._t.gettext(msgid), params, self)

    gettext = _

    def ngettext(self, singular: str, plural: str, count: float, /, **params: Any) -> str:
        """The form of the language's plural rule for `count` (``{count}`` is filled in too)."""
        n = int(abs(count)) if float(count).is_integer() else 2  # fractions take the "many" form
        text = self._t.ngettext(singular, plural, n)
        return _format(text, {"count": count, **params}, self)

    def pgettext(self, context: str, msgid: str, /, **params: Any) -> str:
        """`msgid` as translated in `context` (e.g. a card's name as the object of a verb)."""
        return _format(self._t.pgettext(context, msgid), params, self)

    def npgettext(self, context: str, singular: str, plural: str, count: float, /, **params: Any) -> str:
        n = int(abs(count)) if float(count).is_integer() else 2
        text = self._t.npgettext(context, singular, plural, n)
        return _format(text, {"count": count, **params}, self)

    def say(self, message: Any, viewer: int | None = None, *, capital: bool = True) -> str:
        """A `Msg` (or an exception carrying one) in this language, for the reader `viewer`;
        other text is returned as it is. A "you" message that stands alone starts with a capital
        letter (its English id is lower case, to be said inside another sentence too);
        `capital=False` when it is said inside another sentence («…не может пасовать: вы должны…»)."""
        if isinstance(message, BaseException):
            message = message.args[0] if message.args and isinstance(message.args[0], Msg) else str(message)
        if not isinstance(message, Msg):
            return str(message)
        if isinstance(message, FromNow):
            return _from_now(message.seconds, self.code)
        if isinstance(message, LanguageName):
            return language_name(message.language, self.code)
        if isinstance(message, Faced):
            return self.say(message.german if self.faces == "german" else message.french, viewer, capital=capital)
        if isinstance(message, Plural):
            count = message.params["count"]
            n = int(abs(count)) if float(count).is_integer() else 2
            return _format(self._t.ngettext(message.msgid, message.plural, n), message.params, self, viewer)
        msgid = message.msgid
        if message.you is not None and viewer is not None and message.subject == viewer:
            msgid = message.you
        text = self._t.pgettext(message.context, msgid) if message.context else self._t.gettext(msgid)
        out = _format(text, message.params, self, viewer)
        if capital and message.you is not None and msgid == message.you and not _opens_with_notation(text, message.params):
            return out[:1].upper() + out[1:]
        return out

    def number(self, x: float) -> str:
        """A number as this language writes it (Babel's `format_decimal`): «2,5» in Russian,
        "2.5" in English; never "-0", and no thousands separator (scores and targets read as
        they are typed: «1000»)."""
        return _number(x, self.code)

    def items(self, parts: Iterable[str]) -> str:
        """Parts of a list that hold commas themselves, one after another: "spades: ace, king;
        hearts: nine", each ";" set as the language sets it (French: U+202F before it, `SPACE_BEFORE`)."""
        return f"{SPACE_BEFORE.get(self.code, '')}; ".join(str(p) for p in parts)

    def labelled(self, label: str, text: str) -> str:
        """A label and what it labels: "spades: ace, king" («pique : as, roi» in French)."""
        return f"{label}{SPACE_BEFORE.get(self.code, '')}: {text}"

    def join(self, items: Iterable[str]) -> str:
        """"a, b and c" in this language."""
        words = [str(w) for w in items]
        if len(words) <= 1:
            return "".join(words)
        return self._("{items} and {last}", items=", ".join(words[:-1]), last=words[-1])


NUMBER_LOCALES = {"de": "de_CH"}
"""The Babel locale a language's numbers, times and language names are written in, where it is not
the language's own: German is the Swiss Standard German of a Jass room (as its «ss» for «ß»), so
«2.5» with a point and «1'000» where numbers are grouped (docs/glossary/de.md, "Numbers")."""


def babel_locale(code: str) -> str:
    """The Babel locale of the language `code` (`NUMBER_LOCALES`): "de_CH" for German, else `code`."""
    return NUMBER_LOCALES.get(code, code)


SPACE_BEFORE = {"fr": "\u202f"}
"""The space a language sets before ";" and ":" (French typography: U+202F NARROW NO-BREAK SPACE,
as its catalogs write it, tests/test_register.py); none in the others."""


HUGE = 10**15
"""Numbers from this size on bypass Babel (its decimal context cannot quantize 10**25): whole
numbers in every digit, fractions as ``:g`` writes them ("1e+25"); no game's count comes near."""


def _number(x: float, code: str = SOURCE) -> str:
    """`x` as the language `code` writes it, to six significant digits as ``:g`` would: "3",
    "2.5" / «2,5», "0.055" / «0,055», never "-0". Kept for the numbers said most (scores, seats,
    counts): Babel takes about 0.1 ms a number, and a table's words say hundreds a move."""
    return _number_in(x, code) if x == x else _babel_number(x, code)  # NaN is never a key


@functools.lru_cache(maxsize=8192)
def _number_in(x: float, code: str) -> str:
    return _babel_number(x, code)


def _babel_number(x: float, code: str) -> str:
    from babel.numbers import format_decimal

    if isinstance(x, float):
        x = float(f"{x:.6g}")
    if isinstance(x, int) and abs(x) >= HUGE:  # every digit (a seed's bound), as typed: Babel's context rounds
        return str(x)
    if math.isfinite(x) and abs(x) >= HUGE:  # no game counts this far: a bad input, said as plainly as possible
        return f"{x:.6g}"
    return format_decimal(0 if x == 0 else x, locale=babel_locale(code), group_separator=False,
                          decimal_quantization=False)


@functools.cache
def _compiled(code: str, domain: str) -> bytes | None:
    """One catalog compiled (.mo bytes), or None when the language has no file for the domain."""
    from babel.messages.mofile import write_mo
    from babel.messages.pofile import read_po

    path = LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"
    if not path.is_file():
        return None
    with path.open("rb") as f:
        catalog = read_po(f, locale=code, domain=domain)
    buffer = io.BytesIO()
    write_mo(buffer, catalog, use_fuzzy=False)
    return buffer.getvalue()


@functools.cache
def lang(code: str = DEFAULT, domain: str = "cardhall", *more: str) -> Lang:
    """The translations of `domain` into the language `code` (``en``, ``bg``, ``cs``, ``es``, ``ru``),
    falling back to the domains `more` (in order) and then to ``cardhall``: ``lang("ru",
    "hearts", "web")`` says a Hearts message and a web page's message alike."""
    code = check(code)
    for name in (domain, *more):
        if name not in DOMAINS:
            raise ValueError(f"unknown catalog domain {name!r}; the domains are {', '.join(DOMAINS)}")
    chain: gettext.NullTranslations = gettext.NullTranslations()
    if code != SOURCE:
        order = list(dict.fromkeys((domain, *more, "cardhall")))
        for name in reversed(order):  # each chain is built of its own objects: add_fallback changes them
            compiled = _compiled(code, name)
            if compiled is not None:
                found = gettext.GNUTranslations(io.BytesIO(compiled))
                found.add_fallback(chain)
                chain = found
    return Lang(code, domain, chain)


def check(code: str) -> str:
    """`code` as a known language code (case and region ignored: ``cs_CZ.UTF-8`` → ``cs``),
    or an `OptionError` naming the languages there are."""
    short = code.strip().replace("-", "_").split(".")[0].split("_")[0].lower()
    if short in LANGUAGES:
        return short
    known = ", ".join(f"{c} ({n})" for c, n in LANGUAGES.items())
    raise OptionError(Msg(N_("cardhall does not speak {code}; choose one of {languages}"), code=repr(code), languages=known))


def domain_of(module: str) -> str:
    """The catalog domain of a module: its game package (Putz shares ``jass``), else ``cardhall``."""
    parts = module.split(".")
    if len(parts) > 2 and parts[:2] == ["cardhall", "games"] and parts[2] in DOMAINS:
        return parts[2]
    if len(parts) > 1 and parts[:2] == ["cardhall", "web"]:
        return "web"
    if len(parts) > 1 and (parts[:2] == ["cardhall", "tui"] or parts[:2] == ["cardhall", "cli"]):
        return "terminal"
    return "cardhall"


def negotiate(preferred: Iterable[str], default: str = DEFAULT) -> str:
    """The first of the reader's languages (most preferred first) that cardhall speaks."""
    for code in preferred:
        try:
            return check(code)
        except OptionError:
            continue
    return default


def from_accept_language(header: str | None) -> str:
    """The language a browser asks for (``Accept-Language: cs-CZ,cs;q=0.9,en;q=0.8``)."""
    weighted: list[tuple[float, int, str]] = []
    for i, part in enumerate((header or "").split(",")):
        code, _, params = part.strip().partition(";")
        quality = 1.0
        for p in params.split(";"):
            key, _, value = p.strip().partition("=")
            if key == "q":
                try:
                    quality = float(value)
                except ValueError:
                    quality = 0.0
        if code and code != "*" and quality > 0:
            weighted.append((-quality, i, code))
    return negotiate(code for _, _, code in sorted(weighted))


def from_environment(environ: Mapping[str, str] | None = None) -> str:
    """The language of the terminal's locale: ``LANGUAGE``, ``LC_ALL``, ``LC_MESSAGES``, ``LANG``
    (gettext's order); English when none names a language cardhall speaks."""
    env = os.environ if environ is None else environ
    for key in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(key, "")
        if value and value not in ("C", "POSIX") and not value.startswith(("C.", "POSIX.")):
            return negotiate(value.split(":"))
    return DEFAULT
