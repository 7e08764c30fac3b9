"""The rules page (no browser): `Game.rules_text(lang)` as accessible HTML in the page's
language — headings, the `lang` of the page and of the rules, raw HTML in the markdown shown as
text — English where a language has none yet (and the page says so), a sentence and 404 where a
game has no rules or does not exist."""

from __future__ import annotations

import pytest
from starlette.applications import Starlette
from starlette.testclient import TestClient

from cardhall.core.errors import OptionError
from cardhall.core.i18n import N_, Msg
from cardhall.games.hearts.game import Hearts
from cardhall.web.pages import install

RULES = {
    "en": "# Hearts\n\n## How to play\n\nAvoid hearts. <script>alert(1)</script>\n\n## Keys\n\n- **C**: the cards",
    "ru": "# Червы\n\n## Как играть\n\nИзбегайте червей.\n\n## Клавиши\n\n- **C**: карты",
}


@pytest.fixture
def client(monkeypatch: pytest.MonkeyPatch) -> TestClient:
    def rules_text(cls: type, lang: str = "en") -> str:
        if lang not in RULES:
            raise OptionError(Msg(N_("the rules of {game} are not written in {language}; they are written in: {languages}"),
                                  game="hearts", language=lang, languages="en, ru"))
        return RULES[lang]
    monkeypatch.setattr(Hearts, "rules_text", classmethod(rules_text))
    return TestClient(install(Starlette()))


def test_rules_in_the_language_asked_for(client: TestClient) -> None:
    page = client.get("/rules/hearts", params={"lang": "ru"})
    assert page.status_code == 200
    assert '<html lang="ru">' in page.text and '<article class="rules" lang="ru">' in page.text
    assert "<h1>Червы</h1>" in page.text and "<h2>Как играть</h2>" in page.text
    assert page.text.count("<h1") == 1  # the rules' own title; the page adds none
    assert "<strong>C</strong>" in page.text


def test_english_where_a_language_has_no_rules_yet(client: TestClient) -> None:
    page = client.get("/rules/hearts", params={"lang": "cs"})
    assert page.status_code == 200
    assert '<html lang="cs">' in page.text and '<article class="rules" lang="en">' in page.text
    assert "Tato pravidla zatím nejsou přeložena do vašeho jazyka; zde je máte v angličtině." in page.text
    assert "<script>alert(1)</script>" not in page.text and "&lt;script&gt;" in page.text


def test_no_such_game_or_no_rules_is_a_sentence(client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    page = client.get("/rules/chess", params={"lang": "es"})
    assert page.status_code == 404 and "Aquí no hay ningún juego «chess»" in page.text
    def unwritten(cls: type, lang: str = "en") -> str:
        raise OptionError(Msg(N_("the rules of {game} are not written in {language}; they are written in: {languages}"),
                              game="hearts", language=lang, languages=Msg(N_("none"))))
    monkeypatch.setattr(Hearts, "rules_text", classmethod(unwritten))
    page = client.get("/rules/hearts", params={"lang": "en"})
    assert page.status_code == 404 and "the rules of hearts are not written in en" in page.text
    assert '<html lang="en">' in page.text
