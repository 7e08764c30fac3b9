"""People's names: what a name may be, and when two names are the same name.

The rules (issue "people"):

- A name is read in Unicode normal form NFKC (so a full-width `Ａｎｎ` is `Ann`), stripped of
  spaces at its ends, and has 1 to `MAX_ACCOUNT` characters (accounts) or 1 to `MAX_GUEST`
  (guests, as before accounts); a control, format, surrogate or unassigned character is refused
  with a sentence (it is never silently dropped: the person would not see the name they typed).
- Two names are **the same** when their keys are equal (`keys`): the *folded* key (NFKC, then
  Unicode case folding: `Ann`, `ANN` and `ann` are one name) or the *skeleton* key (every
  character replaced by one representative of its confusable group, from Unicode's
  confusables data as the maintained `confusable-homoglyphs` package ships it, then folded:
  Latin `Ann` and `Аnn` with a Cyrillic `А` are one name, as are `Iris` and `lris`).
- An account's name is unique in the room under both keys (the store has a unique index on
  each); a guest may not take a name an account holds, and at one table no two people share a
  name (`same_name`).

The representative of a confusable group is its ASCII member if it has one, else its smallest
code point, so that the key does not depend on which member of the group was typed.
"""

from __future__ import annotations

import functools
import json
import unicodedata
from importlib import resources

from cardhall.core.errors import CardhallError
from cardhall.core.i18n import N_, Msg, Plural

MAX_ACCOUNT = 32
"""The longest account name, in characters (after NFKC)."""
MAX_GUEST = 40
"""The longest guest name, in characters (after NFKC)."""


class NameRefused(CardhallError):
    """A name that breaks the rules above, or that someone else holds."""


def clean(name: object, limit: int) -> str:
    """`name` in NFKC without surrounding spaces, checked (a `NameRefused` sentence otherwise)."""
    if not isinstance(name, str):
        raise NameRefused(Msg(N_("a name is text, got {value}"), value=repr(name)))
    text = unicodedata.normalize("NFKC", name).strip()
    bad = next((ch for ch in text if unicodedata.category(ch)[0] == "C"), None)
    if bad is not None:
        raise NameRefused(Msg(N_("a name may not contain control or invisible characters such as {character}; "
                                "use letters, digits, spaces and punctuation"),
                             character=f"U+{ord(bad):04X}"))
    if not 1 <= len(text) <= limit:
        raise NameRefused(Plural("a name is 1 to {count} character; this one has {length}",
                                 "a name is 1 to {count} characters; this one has {length}", count=limit, length=len(text)))
    return text


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each character with confusables → its group's representative (see the module docstring)."""
    data = json.loads(resources.files("confusable_homoglyphs").joinpath("confusables.json").read_text("utf-8"))
    groups: dict[str, set[str]] = {}
    for char, entries in data.items():
        if len(char) != 1:
            continue
        group = {char, *(e["c"] for e in entries if len(e["c"]) == 1)}
        for member in list(group):  # join overlapping groups
            group |= groups.get(member, set())
        for member in group:
            groups[member] = group
    return {char: min(group, key=lambda c: (not c.isascii(), ord(c))) for char, group in groups.items()}


def skeleton(text: str) -> str:
    """`text` with every character replaced by its confusable group's representative."""
    table = _prototypes()
    return "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFKC", text))


def keys(name: str) -> tuple[str, str]:
    """The folded and the skeleton key of a (clean) name; two names are the same if either matches."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return folded, skeleton(skeleton(name).casefold()).casefold()


def same_name(a: str, b: str) -> bool:
    """Whether `a` and `b` are the same name under the rules above."""
    ka, kb = keys(a), keys(b)
    return ka[0] == kb[0] or ka[1] == kb[1]
