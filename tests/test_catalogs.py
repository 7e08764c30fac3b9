"""Every message a player reads is translated in every language: the catalogs are complete,
in step with the code, and keep each message's placeholders, markup and plural forms.

One test per domain and language, so that a game whose catalog has not landed shows as its
own failure (`python -m cardhall.core.catalogs check` lists the same problems)."""

from __future__ import annotations

import functools
import shutil
from pathlib import Path

import pytest
from babel.messages.pofile import read_po, write_po

from cardhall.core import catalogs
from cardhall.core.i18n import DOMAINS, LANGUAGES, SOURCE

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]


@functools.cache
def problems_of(domain: str) -> tuple[str, ...]:
    return tuple(catalogs.problems(domain))


@pytest.mark.parametrize("code", TRANSLATED)
@pytest.mark.parametrize("domain", DOMAINS)
def test_catalog_is_complete(domain, code):
    mine = [p for p in problems_of(domain)
            if p.startswith(f"{code}/{domain}:") or p.startswith(f"locale/{code}/LC_MESSAGES/{domain}.po")]
    assert not mine, "\n".join(mine)


def test_every_language_has_its_plural_forms():
    forms = {"bg": 2, "cs": 3, "de": 2, "es": 2, "ru": 3, "fr": 2}
    for code, count in forms.items():
        with catalogs.po_path(code, "cardhall").open("rb") as f:
            catalog = read_po(f, locale=code, domain="cardhall")
        assert catalog.num_plurals == count
        plural = [m for m in catalog if isinstance(m.id, tuple)]
        assert plural and all(len(m.string) == count and all(m.string) for m in plural)



def test_french_counts_zero_and_one_as_singular():
    """French has two forms and says «0 point», «1 point», «2 points» (the header's rule, not CLDR's three)."""
    for domain in DOMAINS:
        with catalogs.po_path("fr", domain).open("rb") as f:
            catalog = read_po(f, locale="fr", domain=domain)
        assert catalog.num_plurals == 2 and catalog.plural_expr == "(n > 1)", domain
        plural = [m for m in catalog if isinstance(m.id, tuple) and any(m.string)]
        assert all(len(m.string) == 2 and all(m.string) for m in plural), domain

@pytest.fixture
def broken(tmp_path, monkeypatch):
    """A copy of the Russian `cardhall` catalog in a temporary locale folder, to break."""
    target = tmp_path / "ru" / "LC_MESSAGES"
    target.mkdir(parents=True)
    shutil.copy(catalogs.po_path("ru", "cardhall"), target / "cardhall.po")
    monkeypatch.setattr(catalogs, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(catalogs, "LANGUAGES", {"en": "English", "ru": "Русский"})
    path = target / "cardhall.po"

    def change(msgid: str, string: object = None, *, fuzzy: bool = False, context: str | None = None) -> list[str]:
        with path.open("rb") as f:
            catalog = read_po(f, locale="ru", domain="cardhall")
        message = catalog.get(msgid, context=context)
        assert message is not None, msgid
        message.string = string
        if fuzzy:
            message.flags.add("fuzzy")
        with path.open("wb") as f:
            write_po(f, catalog, width=100, include_lineno=False)
        return catalogs.problems("cardhall")

    return change


def test_the_copy_is_complete_before_it_is_broken(broken):
    assert broken("The game starts.", "Игра начинается.") == []


def test_a_missing_translation_is_caught(broken):
    assert broken("The game starts.", "") == ["ru/cardhall: 'The game starts.' is not translated"]


def test_a_fuzzy_translation_is_caught(broken):
    found = broken("The game starts.", "Игра начинается.", fuzzy=True)
    assert found == ["ru/cardhall: 'The game starts.' is marked fuzzy; check the translation and remove the mark"]


def test_a_lost_placeholder_is_caught(broken):
    found = broken("{player} is to move.", "Ходит игрок.")
    assert len(found) == 1 and "placeholders [] differ from ['player']" in found[0]


def test_a_misspelt_placeholder_is_caught(broken):
    found = broken("{player} is to move.", "Ходит {igrok}.")
    assert len(found) == 1 and "placeholders ['igrok'] differ from ['player']" in found[0]


def test_added_markup_is_caught(broken):
    found = broken("The game starts.", "Игра **начинается**.")
    assert len(found) == 1 and "markup" in found[0]


def test_a_missing_plural_form_is_caught(broken, tmp_path):
    """Russian needs three forms (1 очко, 2 очка, 5 очков); a catalog with two is caught."""
    assert broken("The game starts.", "Игра начинается.") == []
    path = tmp_path / "ru" / "LC_MESSAGES" / "cardhall.po"
    text = path.read_text(encoding="utf-8")
    assert 'msgstr[2] "{count} очков"\n' in text
    path.write_text(text.replace('msgstr[2] "{count} очков"\n', "", 1), encoding="utf-8")
    assert catalogs.problems("cardhall") == ["ru/cardhall: '{count} point' is not translated"]


def test_a_card_name_in_a_context_is_checked_too(broken):
    found = broken("queen of spades", "", context="card, object")
    assert found == ["ru/cardhall: 'queen of spades' is not translated"]


def test_a_removed_message_is_caught(broken, tmp_path):
    path = tmp_path / "ru" / "LC_MESSAGES" / "cardhall.po"
    with path.open("rb") as f:
        catalog = read_po(f, locale="ru", domain="cardhall")
    catalog.delete("The game starts.")
    with path.open("wb") as f:
        write_po(f, catalog, width=100, include_lineno=False)
    assert catalogs.problems("cardhall") == [
        "ru/cardhall: 'The game starts.' (no context) is not in the catalog; run update"]


def test_catalogs_and_player_rules_are_in_the_built_package(tmp_path):
    """`pip install .` (the quick start) installs a wheel, not the checkout: every catalog and every
    rules file for players must be inside it."""
    import subprocess
    import sys
    import zipfile

    root = Path(__file__).resolve().parents[1]
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                    "-w", str(tmp_path), str(root)], check=True, capture_output=True)
    (wheel,) = tmp_path.glob("cardhall-*.whl")
    names = set(zipfile.ZipFile(wheel).namelist())
    shipped = {str(p.relative_to(root)) for p in (root / "cardhall").glob("locale/**/*.po")}
    shipped |= {str(p.relative_to(root)) for p in (root / "cardhall").glob("games/*/rules/*.md")}
    shipped |= {str(p.relative_to(root)) for p in (root / "cardhall").glob("locale/terms/*.toml")}
    assert len(shipped) >= 4 * 8 + 5 * 6 + 4
    assert shipped <= names, sorted(shipped - names)
