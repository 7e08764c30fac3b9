"""The message catalogs: extracted from the code, kept up to date, and checked.

    python -m cardhall.core.catalogs update [DOMAIN…]  # after changing messages: new ids into every .po
    python -m cardhall.core.catalogs check    # what is missing or broken (also a test)

Each domain (`cardhall.core.i18n.DOMAINS`) is extracted from its own source files with Babel:
Python (`_`, `gettext`, `ngettext`, `pgettext`, `npgettext`, `N_`, `NP_`), the Jinja2 templates
and the browser's JavaScript (`_`, `ngettext`, `pgettext`). `update` writes
``cardhall/locale/<domain>.pot`` and merges it into each language's ``<domain>.po`` (new
messages arrive untranslated; translations of removed messages are dropped); translators then
fill in the ``msgstr`` lines. `check` reports every untranslated or fuzzy message, every
translation whose ``{placeholders}`` differ from its message's, every plural entry without all of
its language's forms, and every .po that is not in step with the code; and every place where a
catalog does not use its language's game terms (`cardhall.core.terms`, locale/terms/<code>.toml).
"""

from __future__ import annotations

import datetime
import re
import sys
from collections.abc import Iterator
from pathlib import Path

from babel.messages.catalog import Catalog, Message
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

from cardhall.core.i18n import DOMAINS, LANGUAGES, LOCALE_DIR, SOURCE

PACKAGE = LOCALE_DIR.parent
STAMP = datetime.datetime(2026, 11, 24, tzinfo=datetime.UTC)
"""Catalog headers carry this fixed date, so that an update changes only what changed."""
KEYWORDS = {
    "_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "N_": None, "NP_": ((1, "c"), 2), "Plural": (1, 2),
}
METHODS = [("**.py", "python"), ("**.html", "jinja2"), ("**.js", "javascript")]


def sources(domain: str) -> list[Path]:
    """The folders (or files) whose messages belong to `domain`."""
    if domain == "cardhall":
        return [PACKAGE / p for p in ("core", "room", "people", "events", "clubs", "bots", "arena")]
    if domain == "terminal":
        return [PACKAGE / "tui", PACKAGE / "cli"]
    if domain == "web":
        return [PACKAGE / "web"]
    return [PACKAGE / "games" / domain]


def extract(domain: str) -> Catalog:
    """Every message of `domain` found in its sources, as a template catalog."""
    catalog = Catalog(domain=domain, project="cardhall", charset="utf-8", fuzzy=False,
                      creation_date=STAMP, revision_date=STAMP)
    for root in sources(domain):
        if root.is_file():
            found: Iterator[tuple[str, int, str | tuple[str, ...], list[str], str | None]] = (
                (root.name, *rest) for rest in _extract_file(root))
            base = root.parent
        else:
            found = extract_from_dir(str(root), METHODS, keywords=KEYWORDS, comment_tags=("Translators:",),
                                     options_map={"**.html": {"extensions": "jinja2.ext.i18n"}})
            base = root
        for filename, lineno, message, comments, context in found:
            where = (str((base / filename).relative_to(PACKAGE)), lineno)
            catalog.add(message, None, [where], auto_comments=comments, context=context)
    return catalog


def _extract_file(path: Path) -> Iterator[tuple[int, str | tuple[str, ...], list[str], str | None]]:
    from babel.messages.extract import extract

    with path.open("rb") as f:
        yield from extract("python", f, keywords=KEYWORDS, comment_tags=("Translators:",))


def po_path(code: str, domain: str) -> Path:
    return LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po"


def update(domains: tuple[str, ...] = DOMAINS) -> list[Path]:
    """Write each domain's template and bring every language's catalog in step with it."""
    written = []
    for domain in domains:
        template = extract(domain)
        pot = LOCALE_DIR / f"{domain}.pot"
        pot.parent.mkdir(parents=True, exist_ok=True)
        with pot.open("wb") as f:
            write_po(f, template, width=100, omit_header=False, sort_output=False, include_lineno=False)
        written.append(pot)
        for code in LANGUAGES:
            if code == SOURCE:
                continue
            path = po_path(code, domain)
            if path.is_file():
                with path.open("rb") as f:
                    catalog = read_po(f, locale=code, domain=domain)
            else:
                catalog = Catalog(locale=code, domain=domain, project="cardhall", charset="utf-8", fuzzy=False,
                                  creation_date=STAMP, revision_date=STAMP)
            catalog.update(template, no_fuzzy_matching=True)
            catalog.obsolete.clear()
            catalog.revision_date = STAMP
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("wb") as f:
                write_po(f, catalog, width=100, include_lineno=False, ignore_obsolete=True)
            written.append(path)
    return written


PLACEHOLDER = re.compile(r"(?<!\{)\{([a-zA-Z_][a-zA-Z0-9_]*)[^{}]*\}")
MARKUP = re.compile(r"</?[a-zA-Z][^>]*>|\*\*|`")


def _fields(text: str) -> tuple[set[str], list[str]]:
    return set(PLACEHOLDER.findall(text)), sorted(MARKUP.findall(text))


def problems(domain: str | None = None) -> list[str]:
    """Every missing, stale or broken translation, one sentence each (empty: all is well)."""
    out: list[str] = []
    for dom in DOMAINS if domain is None else (domain,):
        expected = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in extract(dom) if m.id}
        for code in LANGUAGES:
            if code == SOURCE:
                continue
            path = po_path(code, dom)
            if not path.is_file():
                out.append(f"{path.relative_to(PACKAGE)} is missing; run python -m cardhall.core.catalogs update")
                continue
            with path.open("rb") as f:
                catalog = read_po(f, locale=code, domain=dom)
            have = {(m.id if isinstance(m.id, str) else m.id[0], m.context) for m in catalog if m.id}
            for msgid, context in sorted(expected - have, key=str):
                out.append(f"{code}/{dom}: {msgid!r} ({context or 'no context'}) is not in the catalog; run update")
            for msgid, context in sorted(have - expected, key=str):
                out.append(f"{code}/{dom}: {msgid!r} ({context or 'no context'}) is no longer in the code; run update")
            forms = catalog.num_plurals
            for message in catalog:
                if message.id:
                    out.extend(_check_message(code, dom, message, forms))
    return out


def _check_message(code: str, domain: str, message: Message, forms: int) -> list[str]:
    where = f"{code}/{domain}: {message.id if isinstance(message.id, str) else message.id[0]!r}"
    if message.fuzzy:
        return [f"{where} is marked fuzzy; check the translation and remove the mark"]
    ids = [message.id] if isinstance(message.id, str) else list(message.id)
    strings = [message.string] if isinstance(message.string, str) else list(message.string or ())
    if isinstance(message.id, tuple) and len(strings) != forms:
        return [f"{where} has {len(strings)} plural forms; {LANGUAGES[code]} needs {forms}"]
    if not all(strings):
        return [f"{where} is not translated"]
    out = []
    fields, markup = _fields(ids[0])
    plural_fields = fields | (_fields(ids[-1])[0])
    for text in strings:
        got, got_markup = _fields(text)
        if not (got <= plural_fields and fields - {"count"} <= got):
            out.append(f"{where} → {text!r}: placeholders {sorted(got)} differ from {sorted(fields)}")
        if got_markup != markup:
            out.append(f"{where} → {text!r}: markup {got_markup} differs from {markup}")
    return out


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "update":
        unknown = [d for d in argv[1:] if d not in DOMAINS]
        if unknown:
            print(f"unknown domain(s) {', '.join(unknown)}; the domains are {', '.join(DOMAINS)}", file=sys.stderr)
            return 2
        for path in update(tuple(argv[1:]) or DOMAINS):
            print(path.relative_to(PACKAGE.parent))
        return 0
    if command == "check":
        from cardhall.core import terms

        found = problems() + [p for code in LANGUAGES if code != SOURCE for p in terms.problems(code)]
        for line in found:
            print(line)
        print(f"{len(found)} problem(s)" if found else "Every catalog is complete.")
        return 1 if found else 0
    print(f"unknown command {command!r}; use update or check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
