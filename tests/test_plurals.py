"""Every number said with a noun goes through a plural form (issue 46): a message that puts a
number before a counted noun ("{seconds} seconds", "{count} games, {won} won") is a plural entry
(`ngettext`, `Plural`), with only that one number in it, so that Czech says «za 3 sekundy», «1 hra»
and Russian «через 5 секунд», never «za 3 sekund» or «1 игра, 1 спечелени». A time from now is a
`FromNow` (Babel's words: "in 3 seconds"), never a number in a sentence."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from babel.messages.pofile import read_po

from cardhall.core.i18n import DOMAINS, LOCALE_DIR, FromNow, Msg, Plural, lang

COUNTED = ("seconds", "minutes", "hours", "days", "weeks", "cards", "points", "turns", "games", "tricks", "bytes",
           "characters", "messages", "tables", "moves", "deals", "rounds", "boards", "entries", "players", "seats",
           "won", "lost", "wins", "people", "bots", "words", "keys", "times", "marks", "tokens", "members", "events")
NAMES = ("player", "winner", "owner", "name", "who", "seat", "puller", "victim", "partner", "game")
"""Placeholders that hold a name, not a number ("{player} wins")."""
NUMBER_BEFORE_NOUN = re.compile(r"\{(?!(?:" + "|".join(NAMES) + r")\})(\w+)\}\s+(?:more\s+)?(" + "|".join(COUNTED) + r")\b")


def singular_messages() -> list[tuple[str, str]]:
    found = []
    for domain in DOMAINS:
        with (LOCALE_DIR / f"{domain}.pot").open("rb") as f:
            for m in read_po(f):
                if m.id and isinstance(m.id, str):
                    found.append((domain, m.id))
    return found


def number_before_noun(text: str) -> list[str]:
    return [m.group(0) for m in NUMBER_BEFORE_NOUN.finditer(text)]


def test_no_number_is_said_with_a_noun_outside_a_plural_form():
    wrong = [f"{domain}: {msgid!r} ({', '.join(hits)})" for domain, msgid in singular_messages()
             if (hits := number_before_noun(msgid))]
    assert not wrong, "say these through ngettext or Plural:\n" + "\n".join(wrong)


def test_a_plural_entry_counts_one_number():
    """A plural entry's forms follow `{count}`; a second number in it would take the first's form."""
    wrong = []
    for domain in DOMAINS:
        with (LOCALE_DIR / f"{domain}.pot").open("rb") as f:
            for m in read_po(f):
                if m.id and not isinstance(m.id, str) and len(number_before_noun(m.id[1])) > 1:
                    wrong.append(f"{domain}: {m.id[1]!r}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("text, hits", [("you can write again in {seconds} seconds", 1),
                                        ("{game}: {count} games, {won} won", 2),
                                        ("at most {count} an hour", 0)])
def test_the_check_catches_a_number_before_a_noun(text, hits):
    assert len(number_before_noun(text)) == hits


@pytest.mark.parametrize("code, seconds, said", [
    ("cs", 1, "za 1 sekundu"), ("cs", 3, "za 3 sekundy"), ("cs", 5, "za 5 sekund"),
    ("ru", 1, "через 1 секунду"), ("ru", 3, "через 3 секунды"), ("ru", 21, "через 21 секунду"),
    ("bg", 3, "след 3 секунди"), ("es", 1, "dentro de 1 segundo"), ("en", 2.2, "in 3 seconds"),
    ("ru", 900, "через 15 минут"), ("cs", 7_776_000, "za 90 dní")])
def test_a_time_from_now_is_said_in_the_readers_words(code, seconds, said):
    assert lang(code).say(FromNow(seconds)) == said


@pytest.mark.parametrize("code, count, said", [("cs", 1, "1 den"), ("cs", 3, "3 dny"), ("cs", 90, "90 dní"),
                                               ("ru", 21, "21 день"), ("ru", 90, "90 дней"), ("en", 1, "1 day")])
def test_a_plural_message_takes_the_readers_form(code, count, said):
    assert lang(code, "web").say(Plural("{count} day", "{count} days", count=count)) == said


@pytest.mark.parametrize("code, said", [("cs", "znovu můžete psát za 3 sekundy"), ("ru", "снова писать можно через 3 секунды"),
                                        ("es", "puedes volver a escribir dentro de 3 segundos"),
                                        ("en", "you can write again in 3 seconds")])
def test_a_limits_refusal_counts_its_seconds_in_the_readers_words(code, said):
    from cardhall.people.limits import LimitError, Limits, Rate

    limits = Limits({("chat", "person"): Rate(1, 3.0)})
    limits.take("chat", 0.0, person="ann")
    with pytest.raises(LimitError) as refused:
        limits.take("chat", 0.5, person="ann")
    assert lang(code).say(refused.value).endswith(said)


def test_plural_and_time_travel_between_nodes():
    message = Msg("try again {wait}", wait=FromNow(3), days=Plural("{count} day", "{count} days", count=2))
    again = Msg.from_data(message.to_data())
    assert str(again) == str(message) == "try again in 3 seconds"
    assert lang("ru").say(again.params["wait"]) == "через 3 секунды"
    assert lang("ru").say(again.params["days"]) == lang("ru").say(message.params["days"])


RU_BARE_COUNT = re.compile(r"(?:^|[\s(])[Уу] \{count\}(?!\s+[а-яё])")
"""«у {count} — {score}» ("3 had 12" in the terminal's event table): a count after «у» with no noun
reads «у трёх — …» of nobody; Russian names what is counted, and the noun takes the plural form
(«{score} — у {count} участников»)."""


def test_a_russian_count_names_what_it_counts():
    wrong = []
    for domain in DOMAINS:
        with (LOCALE_DIR / "ru" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="ru", domain=domain):
                for s in [m.string] if isinstance(m.string, str) else m.string:
                    if s and RU_BARE_COUNT.search(s):
                        wrong.append(f"ru/{domain}: {s!r}")
    assert not wrong, "\n".join(wrong)
    assert RU_BARE_COUNT.search("у {count} — {score}") and not RU_BARE_COUNT.search("{score} — у {count} участников")


CZECH_SINGULAR_AFTER_MANY = re.compile(r"\{\w+\}\s+(?:\w+ého\s+)?\w+ého\b|\{\w+\}\s+\w+ého\s+\w+(?:ku|u)\b")
"""Czech's third plural form (5 and more: «5 nových řádků», genitive plural) with a genitive
singular after the number («5 nového řádku», the form for fractions), found in review2's read."""


def test_czech_says_the_genitive_plural_from_five_on():
    wrong = []
    for domain in DOMAINS:
        with (LOCALE_DIR / "cs" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="cs"):
                if m.id and not isinstance(m.id, str) and len(m.string) == 3 and m.string[2] \
                        and CZECH_SINGULAR_AFTER_MANY.search(m.string[2]):
                    wrong.append(f"cs/{domain}: {m.string[2]!r}")
    assert not wrong, "\n".join(wrong)
    assert CZECH_SINGULAR_AFTER_MANY.search("Chat herny ({count} nového řádku)")
    assert not CZECH_SINGULAR_AFTER_MANY.search("Chat herny ({count} nových řádků), {count} dalšího hráče nečekáme")


CZECH_PLURAL_NOUN = re.compile(r"\{\w+\}\s+\w+y\b")
"""A noun in «-y» after the number («3 many», «2 body»): a plural, never the form for one."""


def czech_says_a_plural_for_one(forms: list[str]) -> bool:
    """The form for 1 is the few-form and that form puts a plural noun after the number
    («{count} many» for 1 mana, review2's read): «1 mana», «3 many»."""
    return len(forms) == 3 and bool(forms[0]) and forms[0] == forms[1] and bool(CZECH_PLURAL_NOUN.search(forms[0]))


def test_czech_says_the_singular_for_one():
    wrong = []
    for domain in DOMAINS:
        with (LOCALE_DIR / "cs" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="cs"):
                if m.id and not isinstance(m.id, str) and czech_says_a_plural_for_one(list(m.string)):
                    wrong.append(f"cs/{domain}: {m.string[0]!r}")
    assert not wrong, "\n".join(wrong)
    assert czech_says_a_plural_for_one(["{count} many", "{count} many", "{count} many"])
    assert not czech_says_a_plural_for_one(["{count} mana", "{count} many", "{count} many"])
    assert not czech_says_a_plural_for_one(["{shown} a {count} další", "{shown} a {count} další", "{shown} a {count} dalších"])


def plural_forms(code: str) -> Iterator[tuple[str, str]]:
    """(domain, form) for each translated plural form of language `code`, in every catalog."""
    for domain in DOMAINS:
        with (LOCALE_DIR / code / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale=code):
                if m.id and not isinstance(m.id, str):
                    yield from ((domain, s) for s in m.string if s)


BG_PLURAL_NOT_COUNTED = re.compile(r"\{\w+\}\s+[а-я]+(?:ове|еве)(?![а-я])")
"""Bulgarian counts a masculine noun with its counted form («5 члена», «3 възела», «2 рунда»), never
the plain plural in «-ове/-еве» («5 членове», review3's native read of the clubs' lists)."""


def test_bulgarian_counts_with_the_counted_form():
    wrong = [f"bg/{domain}: {s!r}" for domain, s in plural_forms("bg") if BG_PLURAL_NOT_COUNTED.search(s)]
    assert not wrong, "\n".join(wrong)
    assert BG_PLURAL_NOT_COUNTED.search("{count} членове.") and BG_PLURAL_NOT_COUNTED.search("{id}: {name}, {count} рундове")
    assert not BG_PLURAL_NOT_COUNTED.search("{count} члена; {count} рунда; {count} маси; членовете му")



# Native review, second round (rev-fr): «and {more} more» is one message for every number
FRENCH_PLURAL_FOR_ANY_MORE = re.compile(r"\{more\}\s+autres\b")
"""«… et {more} autres»: «{more}» may be 1 (five_towers shows six builds and counts the rest), and
«et 1 autres» is wrong; «et {more} de plus» is right for every number."""


def test_french_says_de_plus_after_a_count_of_the_rest():
    wrong = []
    for domain in DOMAINS:
        with (LOCALE_DIR / "fr" / "LC_MESSAGES" / f"{domain}.po").open("rb") as f:
            for m in read_po(f, locale="fr"):
                if m.id and isinstance(m.id, str) and m.string and FRENCH_PLURAL_FOR_ANY_MORE.search(m.string):
                    wrong.append(f"fr/{domain}: {m.string!r}")
    assert not wrong, "\n".join(wrong)
    assert FRENCH_PLURAL_FOR_ANY_MORE.search("coups permis : {legal} et {more} autres")
    assert not FRENCH_PLURAL_FOR_ANY_MORE.search("coups permis : {legal} et {more} de plus ; (et {more} de plus)")


# --- ru, third native review (rev3-ru): a count after a preposition needs a noun that shows the case ---
RU_PREPOSITION_BEFORE_BARE_COUNT = re.compile(r"(?i:(?:^|[\s(«])(?:за|с|со|перед|над|под|о|об|к|ко|по|при)\s+\{count\}\s+из\b)")
"""«За {count} из них игра окончена»: after «за», «с», «к»… a number must be read in the instrumental,
dative… («за двумя из них»), but a screen reader reads a bare «2» as «два»; with a counted noun the
case shows and the plural forms carry it («Из них окончено {count} партий», review3's "{count} of them
ended")."""


def test_russian_puts_no_bare_count_after_a_preposition():
    wrong = [f"ru/{domain}: {s!r}" for domain, s in plural_forms("ru") if RU_PREPOSITION_BEFORE_BARE_COUNT.search(s)]
    assert not wrong, "\n".join(wrong)
    assert RU_PREPOSITION_BEFORE_BARE_COUNT.search("За {count} из них игра окончена.")
    assert RU_PREPOSITION_BEFORE_BARE_COUNT.search("игра идёт с {count} из них")
    assert not RU_PREPOSITION_BEFORE_BARE_COUNT.search("Из них окончено {count} партий; за {count} вашими столами")
    assert not RU_PREPOSITION_BEFORE_BARE_COUNT.search("{count} из {all}")
