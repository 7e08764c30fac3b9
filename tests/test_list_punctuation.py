"""Lists and labels in the games' words are punctuated as each language punctuates (issue 46):
French sets U+202F NARROW NO-BREAK SPACE before ";" and ":" in the hands, tricks and bids read out
(`Lang.items`, `Lang.labelled`), never a bare «pique: as» or «…; trèfle» glued by the code."""

from __future__ import annotations

import random
import re

import pytest

import cardhall
from cardhall.core.i18n import lang
from cardhall.core.text import text_ui

BARE = re.compile(r"[^\u202f][;:]")  # a ";" or ":" without the narrow space before it


def test_the_helpers_punctuate_per_language():
    assert lang("fr").items(["pique : as", "trèfle"]) == "pique : as\u202f; trèfle"
    assert lang("fr").labelled("pique", "as, roi") == "pique\u202f: as, roi"
    assert lang("de").items(["Pik: Ass", "Kreuz"]) == "Pik: Ass; Kreuz"
    assert lang("en").labelled("spades", "ace") == "spades: ace"


@pytest.mark.parametrize("name", ["three-two-five", "jass", "putz", "hearts", "five-towers", "clash-of-decks"])
@pytest.mark.parametrize("notation", [False, True])
def test_french_hands_and_tables_set_the_narrow_space_before_semicolons_and_colons(name, notation):
    game = cardhall.load(name)
    ui = text_ui(game, "fr", notation=notation)
    for seed in range(3):
        state, pick = game.new_state(seed), random.Random(seed)
        for _ in range(25):
            if state.is_over():
                break
            seat = state.to_move()
            if seat is not None:
                said = ui.render(state.view(seat), seat)
                said = re.sub(r"\b\d{1,2}:\d{2}\b", "", said)  # a time of day ("10:30") is no punctuation
                assert not BARE.search(said), (BARE.search(said), said)
            state.apply(pick.choice(state.legal_actions()))


@pytest.mark.parametrize("name", ["jass", "putz"])
@pytest.mark.parametrize("code", ["fr", "de", "en"])
def test_a_listener_hears_no_notation_before_the_narrow_space(name, code):
    """Jass's spoken choices drop the notation a listener need not hear («atout cœur», not
    «trump H\u202f: atout cœur»): the prefix is cut as the language punctuates it (`Lang.labelled`)."""
    game = cardhall.load(name)
    ui = text_ui(game, code, notation=False)
    for seed in range(4):
        state, pick = game.new_state(seed), random.Random(seed)
        for _ in range(12):
            seat = state.to_move()
            if state.is_over() or seat is None:
                break
            view = state.view(seat)
            for action in state.legal_actions():
                said = ui.spoken_choice(action, view, seat)
                note = game.format_action(action)
                assert not re.match(re.escape(note) + r"[\s\u202f]*:", said), (note, said)
            state.apply(pick.choice(state.legal_actions()))
