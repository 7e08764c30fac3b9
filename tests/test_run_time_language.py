"""No English at run time outside the catalogs (issue 32): `cardhall replay` says its game, scores,
winners and options in the reader's words; the CLI's unknown-game error lists the games' other
names in the reader's language; numbers are written as each language writes them (Babel's
`format_decimal`: «2,5» in Russian); one `Lang` chains several domains without changing another's.
The same over the WebSocket and the API: tests/web/test_no_english.py."""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

import cardhall
from cardhall.cli import app
from cardhall.core.i18n import Msg, lang, listing
from cardhall.core.record import Record
from cardhall.core.registry import canonical_name
from cardhall.core.text import text_ui
from tests.language_check import english_left

LANGS = ("bg", "cs", "de", "es", "ru")
DECIMAL = {"en": "2.5", "bg": "2,5", "cs": "2,5", "de": "2.5", "es": "2,5", "ru": "2,5"}  # de: Swiss (de_CH)


@pytest.fixture(scope="module")
def record(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A finished one-deal game of Hearts (4 players, target 1), saved as a record."""
    game = cardhall.load("hearts", target=1, queen_breaks_hearts=True)
    state = game.new_state(7)
    while not state.is_over():
        state.apply(state.legal_actions()[0])
    path = tmp_path_factory.mktemp("replay") / "hearts.json"
    path.write_text(Record.of(state).dumps(), encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("code", LANGS)
def test_replay_check_says_the_game_scores_and_winners_in_words(record, code):
    out = CliRunner().invoke(app, ["replay", "--check", "--lang", code, record])
    assert out.exit_code == 0, out.output
    ui = text_ui(cardhall.load("hearts"), code)
    text = out.output
    assert "[" not in text and "hearts" not in text and "OK" not in text.split()[0], text
    assert ui.tr.pgettext("game", "Hearts") in text and ui.seat(0) in text, text
    assert not english_left(text, code, "terminal"), text


@pytest.mark.parametrize("code", LANGS)
def test_replay_names_the_options_as_a_command_line_does(record, code):
    out = CliRunner().invoke(app, ["replay", "--lang", code, record])
    assert out.exit_code == 0, out.output
    first = out.output.splitlines()[0]
    assert "{" not in first and "False" not in first and "'" not in first, first
    assert "--queen-breaks-hearts true" in first and "--target 1" in first, first


@pytest.mark.parametrize("code", LANGS)
def test_the_unknown_game_error_lists_other_names_in_the_readers_words(code):
    out = CliRunner().invoke(app, ["play", "chess", "--lang", code])
    assert out.exit_code != 0
    said = " ".join(out.output.split())
    assert "chess" in said and "five-towers (" in said and "(also" not in said, said
    with pytest.raises(cardhall.CardhallError) as caught:
        canonical_name("chess")
    assert lang(code).say(caught.value) != str(caught.value)
    assert "(also" in str(caught.value)  # the English stays English


@pytest.mark.parametrize("code", [*LANGS, "en"])
def test_numbers_are_written_as_the_language_writes_them(code):
    tr = lang(code)
    assert tr.number(2.5) == DECIMAL[code]
    assert tr.number(1000) == "1000" and tr.number(-0.0) == "0" and tr.number(3) == "3" and tr.number(100.0) == "100"
    mark = DECIMAL[code][1]
    assert tr.number(0.055) == f"0{mark}055" and tr.number(1 / 3) == f"0{mark}333333"  # six digits, as :g
    # a fraction in a message: the placeholder and the plural's {count}
    said = tr._("{player} {score}", player="Ana", score=2.5)
    assert said.endswith(DECIMAL[code]), said
    plural = tr.ngettext("{count} point", "{count} points", 2.5)
    assert DECIMAL[code] in plural, plural
    assert Msg("{n} left", n=2.5) == "2.5 left"  # a Msg's own English keeps Python's numbers


def test_a_score_list_writes_fractions_in_the_readers_way():
    ui = text_ui(cardhall.load("hearts"), "ru")
    assert ui.score_list([2.5, 0, 13, 1], None).startswith(f"{ui.seat(0)} 2,5, ")


def test_a_listing_says_each_item_in_the_readers_language():
    games = listing([Msg("{game} (also {aliases})", game="putz", aliases="apple"), "hearts"])
    assert str(games) == "putz (also apple), hearts"
    assert lang("es").say(games) == "putz (también apple), hearts"
    assert Msg.from_data(games.to_data()) == games and lang("ru").say(Msg.from_data(games.to_data())) == \
        "putz (или apple), hearts"


def test_a_chain_of_domains_leaves_the_others_unchanged():
    """``lang(code, game, "web")`` finds both domains' messages; the single-domain `Lang`s are
    built of their own catalog objects and do not grow the other's fallbacks."""
    both = lang("ru", "hearts", "web")
    assert both.pgettext("game", "Hearts") == lang("ru").pgettext("game", "Hearts")
    web_only = "Bot ({level})"
    assert both._(web_only, level="x") == lang("ru", "web")._(web_only, level="x")
    assert lang("ru", "web")._("Leave the table") != "Leave the table"
    assert lang("ru", "hearts")._("Leave the table") == "Leave the table"  # a web message: not in Hearts' chain


@pytest.mark.parametrize("code", LANGS)
def test_a_you_refusal_inside_another_sentence_stays_in_lower_case(code):
    """5 Towers: "the start player cannot pass: {reason}" with the reason in the "you" form —
    said through the game's catalog (not in English) and not capitalised after the colon."""
    from cardhall.web.languages import say_error

    game = cardhall.load("five-towers", players=3)
    state = game.new_state(5)
    seat = state.to_move()
    with pytest.raises(cardhall.CardhallError) as caught:
        state.apply(game.parse_action("pass", state))
    said = say_error(caught.value, code, game, seat)
    hint = text_ui(game, code).say(caught.value.args[0].params["hint"], seat)
    _, _, tail = said.partition(": ")
    assert tail and tail[0].islower(), said
    assert not english_left(said, code, "five_towers"), said
    assert hint[0].isupper() and hint[1:] in tail  # alone, the same sentence starts with a capital
    assert say_error(caught.value, "en", game, seat) == "the start player cannot pass: you must bid 0 to 5"


@pytest.mark.parametrize("code", [*LANGS, "en"])
def test_numbers_no_game_counts_are_still_said(code):
    """A client may send any number (a view with players 10**25): saying it in a refusal must not
    fail (Babel cannot quantize it); it is written as :g writes it."""
    tr = lang(code)
    assert tr.number(10**25) == "10000000000000000000000000" and tr.number(-1e300) == "-1e+300"
    assert tr.number(2**63 - 1) == "9223372036854775807" and tr.number(1e25) == "1e+25"
    assert tr.number(10**15 - 1) == "999999999999999"
    assert tr.number(float("inf")) == "∞"
