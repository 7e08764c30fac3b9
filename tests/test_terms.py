"""One set of game terms per language (cardhall/locale/terms/<code>.toml): every catalog says each
term with its one translation, none uses a translation a term replaced, and the Cyrillic
languages write no word in Latin letters but what is copied from the English (notation, names).
The checker itself is shown to catch each kind of drift on a broken copy of a catalog."""

from __future__ import annotations

import shutil

import pytest
from babel.messages.pofile import read_po, write_po

from cardhall.core import terms
from cardhall.core.i18n import LANGUAGES, SOURCE

TRANSLATED = [code for code in LANGUAGES if code != SOURCE]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_language_has_its_terms(code):
    found = terms.load(code)
    assert len(found) >= 10, f"{terms.terms_path(code)} lists {len(found)} terms"
    assert all(t.source for t in found), [t.en for t in found if not t.source]


@pytest.mark.parametrize("code", TRANSLATED)
def test_every_catalog_uses_the_languages_terms(code):
    found = terms.problems(code)
    assert not found, "\n".join(found)


@pytest.fixture
def broken_in(tmp_path, monkeypatch):
    """A copy of every catalog and the terms files in a temporary folder; `change(code, domain,
    msgid, text)` breaks one translation of the language `code` and returns what the checker says
    of that language."""
    shutil.copytree(terms.LOCALE_DIR, tmp_path, dirs_exist_ok=True, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copytree(terms.TERMS_DIR, tmp_path / "terms", dirs_exist_ok=True)
    monkeypatch.setattr(terms, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(terms, "TERMS_DIR", tmp_path / "terms")
    terms.load.cache_clear()
    terms._catalog.cache_clear()

    def change(code: str, domain: str, msgid: str, text: str, context: str | None = None) -> list[str]:
        path = tmp_path / code / "LC_MESSAGES" / f"{domain}.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale=code, domain=domain)
        message = catalog.get(msgid, context=context)
        assert message is not None, msgid
        message.string = text
        with path.open("wb") as f:
            write_po(f, catalog, width=100, include_lineno=False)
        terms._catalog.cache_clear()
        return terms.problems(code)

    yield change
    terms.load.cache_clear()
    terms._catalog.cache_clear()


@pytest.fixture
def broken(broken_in):
    """`broken_in` for Russian: `change(domain, msgid, text)`."""
    return lambda domain, msgid, text, context=None: broken_in("ru", domain, msgid, text, context)


def test_the_copy_is_clean_before_it_is_broken(broken):
    assert broken("web", "Led suit", "Ведущая масть") == []


def test_web_drifting_from_a_game_is_caught(broken):
    found = broken("web", "Led suit", "Масть захода")
    assert any("does not say 'led suit'" in p for p in found), found
    assert any("uses 'масть захода'" in p for p in found), found


def test_a_tower_named_otherwise_is_caught(broken):
    found = broken("five_towers", "Scrap", "Металлолом", context="tower")
    assert len(found) == 2 and all("'Scrap'" in p for p in found), found


def test_an_ability_named_otherwise_is_caught(broken):
    """The hand's and the board's ability names (Clash of Decks) are the glossary's."""
    found = broken("clash_of_decks", "Splash", "Брызги", context="ability")
    assert any("Осколки" in line for line in found), found


def test_latin_letters_in_a_russian_word_are_caught(broken):
    found = broken("clash_of_decks", "player A's side", "сторона игрока A")  # a Latin A
    assert any("игрок А / игрок Б" in p for p in found), found
    found = broken("web", "Led suit", "Beдущая масть")  # a Latin B and e inside a Cyrillic word
    assert any("mixes Latin and Cyrillic" in p for p in found), found


def test_a_latin_word_not_in_the_english_is_caught(broken):
    """"Led" may stay (it is in the English); "trump" is not: an English word left in Russian."""
    assert broken("web", "Led suit", "Ведущая масть (Led)") == []
    found = broken("web", "Led suit", "Ведущая масть (trump)")
    assert found == ["ru/web: 'Led suit' → 'Ведущая масть (trump)': the Latin word 'trump' is not in the English "
                     "(notation or a name)"], found


def test_the_hearts_suit_is_one_word_the_seeds_word(broken):
    """Seed 003 names the suit «червы» (four times: «(червы, бубны, пики, трефы)», «червы — козырь»,
    the game «Червы») and once «черви»; our screens say «червы» only (docs/glossary/ru.md), and the
    other spelling on any screen is caught."""
    assert broken("hearts", "The queen of spades breaks hearts", "Пиковая дама «ломает» червы") == []
    found = broken("hearts", "The queen of spades breaks hearts", "Пиковая дама «ломает» черви")
    assert any("черви" in p for p in found), found


def test_a_bulgarian_deal_named_by_its_verb_is_caught(tmp_path, monkeypatch):
    """bg «В тази раздава» (the verb «раздава», "deals", standing for the deal) is caught; «В това
    раздаване» is the deal."""
    shutil.copytree(terms.LOCALE_DIR / "bg", tmp_path / "bg")
    shutil.copytree(terms.TERMS_DIR, tmp_path / "terms")
    monkeypatch.setattr(terms, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(terms, "TERMS_DIR", tmp_path / "terms")
    terms.load.cache_clear()
    terms._catalog.cache_clear()
    try:
        path = tmp_path / "bg" / "LC_MESSAGES" / "jass.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale="bg", domain="jass")
        message = next(m for m in catalog if m.id and "took the talon this deal" in str(m.id))
        message.string = message.string.replace("В това раздаване", "В тази раздава")
        with path.open("wb") as f:
            write_po(f, catalog, width=100, include_lineno=False)
        found = terms.problems("bg")
        assert any("тази раздава" in p for p in found), found
    finally:
        terms.load.cache_clear()
        terms._catalog.cache_clear()


def test_an_account_is_one_word_on_every_screen(broken):
    """«учётная запись» everywhere (docs/glossary/ru.md); the lobby's «Ваш аккаунт» beside «с учётной
    записью» on the events page was caught in review1."""
    assert broken("web", "Your account: {name}", "Ваша учётная запись: {name}") == []
    found = broken("web", "Your account: {name}", "Ваш аккаунт: {name}")
    assert any("аккаунт" in p for p in found) and any("does not say 'accounts?'" in p for p in found), found


def test_a_bulgarian_account_called_akaunt_is_caught(broken_in):
    """bg says «профил» for an account on every screen («Вашият профил»); «Вашият акаунт: {name}»
    under that heading (review2's native read) is caught."""
    assert not [p for p in terms.problems("bg") if "акаунт" in p or "'профил'" in p]
    found = broken_in("bg", "web", "Your account: {name}", "Вашият акаунт: {name}")
    assert any("акаунт" in p for p in found), found


def test_a_bulgarian_game_named_otherwise_is_caught(tmp_path, monkeypatch):
    """The games keep the game list's names in every sentence (review3's native read found the room's
    description saying «5 кули, Сблъсък на тестета, Яс, Сърца» beside «5 Кули», «Clash of Decks», «Купи»)."""
    shutil.copytree(terms.LOCALE_DIR / "bg", tmp_path / "bg")
    shutil.copytree(terms.TERMS_DIR, tmp_path / "terms")
    monkeypatch.setattr(terms, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(terms, "TERMS_DIR", tmp_path / "terms")
    terms.load.cache_clear()
    terms._catalog.cache_clear()
    msgid = "A card room: play 5 Towers, Clash of Decks, Jass, Hearts and 3-2-5 with people and bots, live or over days."
    try:
        assert not [p for p in terms.problems("bg") if msgid in p]
        path = tmp_path / "bg" / "LC_MESSAGES" / "web.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale="bg", domain="web")
        catalog.get(msgid).string = ("Зала за карти: играйте 5 кули, Сблъсък на тестета, Яс, Сърца и 3-2-5 с хора и ботове, "
                                     "на живо или по кореспонденция.")
        with path.open("wb") as f:
            write_po(f, catalog, width=100, include_lineno=False)
        terms._catalog.cache_clear()
        found = [p for p in terms.problems("bg") if msgid in p]
        assert any("'5 Кули'" in p for p in found) and any("Сблъсък" in p for p in found), found
        assert any("Сърца" in p for p in found), found
    finally:
        terms.load.cache_clear()
        terms._catalog.cache_clear()


# review3 (es): the Spanish terms' `never` lists catch a slip the native read found.
def test_a_spanish_second_word_for_log_in_or_stderr_is_caught(tmp_path, monkeypatch):
    """es says «inicia sesión» (never «entra con una cuenta»), «salida de error estándar» (never
    «salida de errores estándar») and keeps the names «5 Towers», «Clash of Decks» (never «5 Torres»,
    «Choque de Mazos»): review3's native read found each; a broken copy is caught."""
    shutil.copytree(terms.LOCALE_DIR / "es", tmp_path / "es")
    shutil.copytree(terms.TERMS_DIR, tmp_path / "terms")
    monkeypatch.setattr(terms, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(terms, "TERMS_DIR", tmp_path / "terms")
    terms.load.cache_clear()
    terms._catalog.cache_clear()
    try:
        assert not [p for p in terms.problems("es") if "entra con" in p or "errores estándar" in p or "Torres" in p]
        broken = {("web", "This page is for the room's moderators: log in with a moderator's account."):
                  "Esta página es para los moderadores de la sala: entra con una cuenta de moderador.",
                  ("terminal", "How the log (standard error) is written: text, or json (one object a line; docs/deploy.md)."):
                  "Cómo se escribe el registro (salida de errores estándar): text, o json (un objeto por línea; docs/deploy.md).",
                  ("web", "A card room: play 5 Towers, Clash of Decks, Jass, Hearts and 3-2-5 with people and bots, "
                          "live or over days."):
                  "Una sala de cartas: juega a 5 Torres, Choque de Mazos, Jass, Corazones y 3-2-5 con personas y bots."}
        for (domain, msgid), text in broken.items():
            path = tmp_path / "es" / "LC_MESSAGES" / f"{domain}.po"
            with path.open("rb") as f:
                catalog = read_po(f, locale="es", domain=domain)
            catalog.get(msgid).string = text
            with path.open("wb") as f:
                write_po(f, catalog, width=100, include_lineno=False)
        terms._catalog.cache_clear()
        found = terms.problems("es")
        assert any("entra con" in p for p in found) and any("errores estándar" in p for p in found), found
        assert any("5 Torres" in p for p in found) and any("Choque de Mazos" in p for p in found), found
    finally:
        terms.load.cache_clear()
        terms._catalog.cache_clear()


# --- ru, second native review (rev-ru): "X are for accounts" read word for word -----------------

def test_russian_clubs_for_accounts_calque_is_caught(broken):
    """"Clubs are for accounts" was «Клубы — для учётных записей» (the account word right, the
    sentence English); Russian says «Клубы доступны только с учётной записью» (ru.toml `never`)."""
    msgid = "Clubs are for accounts: log in or register in the lobby to make or join one."
    assert broken("web", msgid, "Клубы доступны только с учётной записью: войдите или зарегистрируйтесь в лобби, "
                                "чтобы создать клуб или вступить в него.") == []
    found = broken("web", msgid, "Клубы — для учётных записей: войдите или зарегистрируйтесь в лобби, чтобы "
                                 "создать клуб или вступить в него.")
    assert any("для учётных записей" in p for p in found), found
    found = broken("web", "Events are for accounts: log in or register in the lobby to take part.",
                   "Турниры только для учётных записей: войдите или зарегистрируйтесь в лобби, чтобы участвовать.")
    assert any("для учётных записей" in p for p in found), found


def test_clash_of_decks_keeps_its_name_in_russian(broken):
    """Seed 003 and docs/glossary/ru.md keep "Clash of Decks" as it is; the lobby's description said
    «Битву колод» (review2), a name no other Russian screen uses."""
    msgid = "A card room: play 5 Towers, Clash of Decks, Jass, Hearts and 3-2-5 with people and bots, live or over days."
    good = "Игровая комната для карточных игр: играйте в «5 башен», Clash of Decks, ясс, «Червы» и 3-2-5 с людьми и ботами."
    assert broken("web", msgid, good) == []
    found = broken("web", msgid, good.replace("Clash of Decks", "«Битву колод»"))
    assert any("битв" in p for p in found) and any("does not say 'Clash of Decks'" in p for p in found), found



def test_a_german_withdrawal_called_knocked_out_is_caught(broken_in):
    """de says «zurückgezogen» for a player who withdrew, as the «Teilnahme zurückziehen» button
    does; «(ausgeschieden)» (knocked out) in the standings was caught in rev-de's native read."""
    assert not [p for p in terms.problems("de") if "zurückziehen" in p or "ausgeschieden" in p]
    found = broken_in("de", "terminal", "(withdrawn)", "(ausgeschieden)")
    assert any("'\\\\bausgeschieden\\\\b'" in p for p in found), found
    assert any("does not say 'withdr[ae]wn?|withdraws?'" in p for p in found), found



def test_a_czech_game_named_otherwise_than_its_title_is_caught(tmp_path, monkeypatch):
    """cs names the games as the title list does, «5 Věží» and «Clash of Decks»; the web's
    description «hrajte 5 věží, Střet balíčků» (review3's native read) is caught twice."""
    shutil.copytree(terms.LOCALE_DIR / "cs", tmp_path / "cs")
    shutil.copytree(terms.TERMS_DIR, tmp_path / "terms")
    monkeypatch.setattr(terms, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(terms, "TERMS_DIR", tmp_path / "terms")
    terms.load.cache_clear()
    terms._catalog.cache_clear()
    try:
        assert not [p for p in terms.problems("cs") if "Věží" in p or "Clash" in p]
        path = tmp_path / "cs" / "LC_MESSAGES" / "web.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale="cs", domain="web")
        message = next(m for m in catalog if m.id and str(m.id).startswith("A card room: play 5 Towers"))
        message.string = message.string.replace("5 Věží, Clash of Decks", "5 věží, Střet balíčků")
        with path.open("wb") as f:
            write_po(f, catalog, width=100, include_lineno=False)
        terms._catalog.cache_clear()
        found = terms.problems("cs")
        assert any("does not say '5 Towers'" in p for p in found), found
        assert any("Střet" in p and "uses" in p for p in found), found
    finally:
        terms.load.cache_clear()
        terms._catalog.cache_clear()



def test_french_never_says_choc_des_paquets_nor_rejouer_la_table(tmp_path, monkeypatch):
    """rev-fr's native read: the room's description said «au Choc des paquets» while the list of games
    says «Clash of Decks», and «Replay of table {number}» was «Rejouer la table» (play it again) where
    every other replay is «Revoir». Both old forms are caught by fr.toml."""
    shutil.copytree(terms.LOCALE_DIR / "fr", tmp_path / "fr")
    shutil.copytree(terms.TERMS_DIR, tmp_path / "terms")
    monkeypatch.setattr(terms, "LOCALE_DIR", tmp_path)
    monkeypatch.setattr(terms, "TERMS_DIR", tmp_path / "terms")
    terms.load.cache_clear()
    terms._catalog.cache_clear()
    try:
        assert not [p for p in terms.problems("fr") if "Choc des paquets" in p or "ejouer la table" in p]
        path = tmp_path / "fr" / "LC_MESSAGES" / "web.po"
        with path.open("rb") as f:
            catalog = read_po(f, locale="fr", domain="web")
        catalog.get("Replay of table {number}").string = "Rejouer la table {number}"
        description = "A card room: play 5 Towers, Clash of Decks, Jass, Hearts and 3-2-5 with people and bots, live or over days."  # noqa: E501
        catalog.get(description).string = catalog.get(description).string.replace("à Clash of Decks", "au Choc des paquets")
        with path.open("wb") as f:
            write_po(f, catalog, width=100, include_lineno=False)
        terms._catalog.cache_clear()
        found = terms.problems("fr")
        assert any("Rejouer la table" in p or "rejouer la table" in p for p in found), found
        assert any("Choc des paquets" in p for p in found), found
    finally:
        terms.load.cache_clear()
        terms._catalog.cache_clear()


# --- ru, third native review (rev3-ru): a trump said word for word; the standby list's places -------

def test_russian_trump_and_standby_slips_are_caught(broken):
    """"West: six of trumps" was «Запад: шестёрка козырей» (English word order); Russian says
    «Запад: козырь, шестёрка». Places "go to the standby list" were «переходят к листу ожидания»;
    they «по порядку достаются тем, кто в листе ожидания», and the list is «лист ожидания», never also «список ожидания»."""
    assert broken("jass", "{player}: {rank} of trumps.", "{player}: козырь, {rank}.") == []
    found = broken("jass", "{player}: {rank} of trumps.", "{player}: {rank} козырей.")
    assert any("козырей" in p for p in found), found
    assert broken("jass", "{player}: {rank} of trumps.", "{player}: козырь, {rank}.") == []  # mended again
    msgid = "Places left by withdrawals go to its standby list, in order."
    assert broken("web", msgid, "Места выбывших по порядку достаются тем, кто в листе ожидания.") == []
    found = broken("web", msgid, "Места выбывших переходят к листу ожидания по порядку.")
    assert any("переходят к" in p for p in found), found
    assert broken("web", msgid, "Места выбывших по порядку достаются тем, кто в листе ожидания.") == []
    found = broken("web", "Standby list", "Список ожидания")
    assert any("список" in p.lower() for p in found), found


# rev3-de: German's `never` lists catch «Raum» for the room and «rückt an Stelle» on the track.
def test_a_german_raum_or_an_stelle_is_caught(broken_in):
    """de says «dieser Spielsaal» (never «dieser Raum», «Kartenraum», «den laufenden Saal») and a
    fort or bastion «rückt auf Stelle ⟨⟩» (never «rückt an Stelle»): rev3-de's read found each."""
    found = broken_in("de", "web", "this room sends no e-mail: its operator has not set up a mail server; "
                      "leave the address out",
                      "dieser Raum sendet keine Mails: sein Betreiber hat keinen Mailserver eingerichtet; lass die Adresse weg")
    assert any("Raum" in p and "Spielsaal" in p for p in found), found
    found = broken_in("de", "terminal", "Close a club for a reason (moderators): with --url through the running "
                      "room, else in the database --db.",
                      "Einen Club mit einem Grund schliessen (Moderatoren): mit --url über den laufenden Saal, sonst "
                      "in der Datenbank --db.")
    assert any("laufenden Saal" in p for p in found), found
    found = broken_in("de", "clash_of_decks", "You take {damage} damage: the Bastion moves to place {place} of {size}.",
                      "Du erleidest {damage} Schaden: die Bastion rückt an Stelle {place} von {size}.")
    assert any("rückt an Stelle" in p for p in found), found
