"""The locale each language writes its numbers in (issue 46): German is Swiss (Babel's `de_CH`:
«2.5», «1'000» where grouped; docs/glossary/de.md, "Numbers"), the other languages their own."""

from __future__ import annotations

from babel.numbers import format_decimal

from cardhall.core.i18n import FromNow, LanguageName, babel_locale, lang


def test_german_numbers_are_swiss():
    assert babel_locale("de") == "de_CH" and babel_locale("fr") == "fr" and babel_locale("ru") == "ru"
    de = lang("de")
    assert de.number(2.5) == "2.5" and de.number(0.055) == "0.055" and de.number(1000) == "1000"
    assert de.ngettext("{count} point", "{count} points", 2.5) == "2.5 Punkte"
    assert format_decimal(1000, locale=babel_locale("de")) in ("1'000", "1\u2019000")  # the Swiss apostrophe when grouped
    assert de.say(FromNow(30)) == "in 30 Sekunden" and de.say(LanguageName("fr")) == "Französisch"


def test_the_other_languages_keep_their_own_marks():
    assert lang("fr").number(2.5) == "2,5" and lang("ru").number(2.5) == "2,5" and lang("en").number(2.5) == "2.5"
