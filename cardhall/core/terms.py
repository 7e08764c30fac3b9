"""Each language's game terms, as data: one translation per term, checked against every catalog.

``cardhall/locale/terms/<code>.toml`` lists the terms of one language (docs/glossary/<code>.md
made machine-readable; the rulebooks in the language are their source where they say)::

    [[term]]
    en = "led suit"                       # the English, a regular expression (whole words, any case)
    domains = ["hearts", "jass", "web"]   # the catalogs whose messages use the term
    context = "tower"                     # optional: only messages of this message context
    unless = ["…"]                        # optional: message ids that say it otherwise, on purpose
    translation = "ведущая масть"         # the one translation
    forms = ["ведущ\\w* маст\\w*"]         # how it may appear inflected (regular expressions, any case)
    never = ["масть захода"]               # translations it replaced: no catalog may use them
    source = "seed 003"

`problems(code)` says every message of the listed domains whose English has the term but whose
translation uses none of its forms, and every translation anywhere in the language that uses a
`never` form — so that the browser's words (``web``) can never drift from a game's own again.
For the Cyrillic languages it also says every word that mixes Latin and Cyrillic letters and
every Latin word that is not copied from the English message (card notation, commands, names):
a screen reader reads Latin letters as English. The players' rules of each game in the language
(``games/*/rules/*.<code>.md``) may not use a `never` form either.
"""

from __future__ import annotations

import functools
import re
import tomllib
from dataclasses import dataclass
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po

from cardhall.core.i18n import DOMAINS, LOCALE_DIR

TERMS_DIR = LOCALE_DIR / "terms"
CYRILLIC = frozenset({"bg", "ru"})
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
LATIN = re.compile(r"[A-Za-z]+")
MIXED = re.compile(r"\b(?=\w*[а-яёА-ЯЁ])(?=\w*[A-Za-z])\w+\b")


@dataclass(frozen=True)
class Term:
    """One game term of one language (see the module's docstring)."""

    en: str
    domains: tuple[str, ...]
    translation: str
    forms: tuple[str, ...]
    never: tuple[str, ...] = ()
    context: str | None = None
    source: str = ""
    unless: tuple[str, ...] = ()

    def english(self) -> re.Pattern[str]:
        return re.compile(rf"(?<!\w)(?:{self.en})(?!\w)", re.IGNORECASE)

    def used_in(self, text: str) -> bool:
        return any(re.search(form, text, re.IGNORECASE) for form in self.forms)


def terms_path(code: str) -> Path:
    return TERMS_DIR / f"{code}.toml"


@functools.cache
def load(code: str) -> tuple[Term, ...]:
    """The terms of the language `code` (none when it has no terms file)."""
    path = terms_path(code)
    if not path.is_file():
        return ()
    data = tomllib.loads(path.read_text(encoding="utf-8"))
    out = []
    for i, entry in enumerate(data.get("term", []), 1):
        try:
            term = Term(en=entry["en"], domains=tuple(entry["domains"]), translation=entry["translation"],
                        forms=tuple(entry.get("forms") or [re.escape(entry["translation"])]),
                        never=tuple(entry.get("never", ())), context=entry.get("context"),
                        source=entry.get("source", ""), unless=tuple(entry.get("unless", ())))
        except (KeyError, TypeError) as exc:
            raise ValueError(f"{path.name}: term {i} needs en, domains and translation ({exc})") from None
        unknown = [d for d in term.domains if d not in DOMAINS]
        if unknown:
            raise ValueError(f"{path.name}: term {term.en!r} names unknown domains {unknown}; the domains are {DOMAINS}")
        if not term.used_in(term.translation):
            raise ValueError(f"{path.name}: term {term.en!r}: its translation {term.translation!r} matches none "
                             f"of its forms {list(term.forms)}")
        out.append(term)
    return tuple(out)


@functools.cache
def _catalog(code: str, domain: str) -> Catalog:
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        return read_po(f, locale=code, domain=domain)


def _texts(strings: object) -> list[str]:
    items = [strings] if isinstance(strings, str) else list(strings or ())  # type: ignore[call-overload]
    return [PLACEHOLDER.sub(" ", s) for s in items if s]


def problems(code: str) -> list[str]:
    """Every place where a catalog of `code` does not use its terms, one sentence each."""
    out: list[str] = []
    terms = load(code)
    for domain in DOMAINS:
        for message in _catalog(code, domain):
            if not message.id:
                continue
            ids = [message.id] if isinstance(message.id, str) else list(message.id)
            english = PLACEHOLDER.sub(" ", " ".join(ids))
            texts = _texts(message.string)
            where = f"{code}/{domain}: {ids[0]!r}"
            for term in terms:
                for text in texts:
                    wrong = next((n for n in term.never if re.search(n, text, re.IGNORECASE)), None)
                    if wrong is not None:
                        out.append(f"{where} → {text!r} uses {wrong!r}; the term is {term.translation!r}")
                if (domain in term.domains and (term.context is None or term.context == message.context)
                        and ids[0] not in term.unless and term.english().search(english)):
                    out.extend(f"{where} → {text!r} does not say {term.en!r} as {term.translation!r}"
                               for text in texts if not term.used_in(text))
            if code in CYRILLIC:
                known = {w.lower() for w in LATIN.findall(PLACEHOLDER.sub(" ", english))}
                for text in texts:
                    out.extend(f"{where} → {text!r}: {w!r} mixes Latin and Cyrillic letters" for w in MIXED.findall(text))
                    out.extend(f"{where} → {text!r}: the Latin word {w!r} is not in the English (notation or a name)"
                               for w in LATIN.findall(text) if w.lower() not in known)
    for path in sorted((LOCALE_DIR.parent / "games").glob(f"*/rules/*.{code}.md")):
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for term in terms:
                wrong = next((w for w in term.never if re.search(w, line, re.IGNORECASE)), None)
                if wrong is not None:
                    out.append(f"{path.name}:{n} uses {wrong!r}; the term is {term.translation!r}")
    return out
