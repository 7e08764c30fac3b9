"""A card is said in the case its place in the sentence needs (issue 46): after a colon or a dash it
names a card on its own, so it is in the subject form («старшая карта — дама пик», «Poslední zdvih:
křížová sedmička»), never the object form a verb takes («…— даму пик», «…: křížovou sedmičku»).

Whole random games of every trick-taking game are phrased in Russian and Czech (where the two forms
differ) — every event for every seat, and every key's answer before every move — and no object form
of a card may follow ":" or "—"."""

from __future__ import annotations

import random
import re

import pytest

import cardhall
from cardhall.core.card_words import CARD_NAMES, CARD_OBJECTS
from cardhall.core.i18n import lang
from cardhall.core.text import text_ui

GAMES = [("hearts", {}), ("three-two-five", {}), ("jass", {}), ("putz", {"players": 3})]


def object_only(code: str) -> list[str]:
    """The object forms of cards that differ from their subject forms in `code` («даму пик»)."""
    tr = lang(code)
    pairs = [(tr.pgettext("card", s), tr.pgettext("card, object", o)) for s, o in zip(CARD_NAMES, CARD_OBJECTS, strict=True)]
    return sorted({o for s, o in pairs if o != s}, key=len, reverse=True)


def after_a_colon(code: str) -> re.Pattern[str]:
    """An object form after a colon, a dash, a bracket or the word "card" itself («karta …»)."""
    card = {"ru": "карта", "cs": "karta"}[code]
    return re.compile(r"(?:[:—]\s+|\(\s*|\b" + card + r"\s+)(?:" + "|".join(re.escape(o) for o in object_only(code)) + r")\b")


def phrased(name: str, options: dict, code: str, seed: int) -> list[str]:
    game = cardhall.load(name, **options)
    ui = text_ui(game, code, notation=False)
    state = game.new_state(seed)
    rng = random.Random(seed)
    said: list[str] = []
    while not state.is_over():
        seat = state.to_move()
        view = state.view(seat)
        said.extend(str(fn(view, seat) or "") for _what, fn in ui.shortcuts().values())
        for viewer, events in state.apply_with_events(rng.choice(state.legal_actions())).items():
            said.extend(ui.phrase(e, viewer) or "" for e in events)
    return said


@pytest.mark.parametrize("code", ["ru", "cs"])
@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_card_after_a_colon_or_a_dash_is_in_the_subject_form(name, options, code):
    wrong = after_a_colon(code)
    found = sorted({line for seed in (1, 2) for line in phrased(name, options, code, seed) if wrong.search(line)})
    assert not found, "\n".join(found[:20])


def test_the_check_catches_an_object_form_after_a_dash():
    assert after_a_colon("ru").search("Север берёт взятку; старшая карта — даму пик.")
    assert not after_a_colon("ru").search("Север берёт взятку; старшая карта — дама пик.")
    assert after_a_colon("cs").search("Poslední zdvih: křížovou sedmičku.")
    assert after_a_colon("cs").search("Sever bere zdvih, rozhodla karta srdcovou dámu.")
