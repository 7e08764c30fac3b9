"""What a game's text in another language must not contain: English words of the game's own
messages. Shared by the games' language tests (tests/<game>/test_languages.py)."""

from __future__ import annotations

import functools
import re

from babel.messages.pofile import read_po

from cardhall.core.card_words import CARD_NAMES, RANK_WORDS, SUIT_WORDS
from cardhall.core.i18n import LOCALE_DIR

WORD = re.compile(r"[^\W\d_]{4,}")
"""A word of four letters or more (shorter ones are notation such as QS, or too common to tell)."""
PLACEHOLDER = re.compile(r"\{[^{}]*\}")
CARD_WORDS = {w for name in (*CARD_NAMES, *SUIT_WORDS, *RANK_WORDS) for w in name.split()}
"""Card names in words belong to the shared ``cardhall`` domain and are checked there."""


def _words(text: str) -> set[str]:
    return {w.lower() for w in WORD.findall(PLACEHOLDER.sub(" ", text))}


@functools.cache
def english_words(domain: str) -> frozenset[str]:
    """The words of the domain's English messages (placeholders and card names aside)."""
    with (LOCALE_DIR / f"{domain}.pot").open("rb") as f:
        catalog = read_po(f)
    found: set[str] = set()
    for message in catalog:
        for msgid in [message.id] if isinstance(message.id, str) else message.id:
            found |= _words(msgid)
    return frozenset(found - CARD_WORDS)


@functools.cache
def own_words(code: str, domain: str) -> frozenset[str]:
    """The words of the language's own translations of the domain (commands such as ``pass``
    stay as they are written)."""
    with (LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
        catalog = read_po(f, locale=code)
    found: set[str] = set()
    for message in catalog:
        for text in [message.string] if isinstance(message.string, str) else message.string or ():
            found |= _words(text or "")
    return frozenset(found)


def english_left(text: str, code: str, domain: str) -> set[str]:
    """The English words of `domain`'s messages left in `text`, said in the language `code`."""
    return (_words(text) & english_words(domain)) - own_words(code, domain)


ENTER_KEY = {"es": "Intro", "fr": "Entrée"}
"""The Enter key as each language's keyboards label it (docs/glossary/es.md: «Intro»)."""


def enter_key(code: str) -> str:
    """What the rules and catalogs of `code` call the Enter key."""
    return ENTER_KEY.get(code, "Enter")
