"""Every game option says itself for a form (issue 28): a label of its own (never the raw name),
the control that fits its type, and each value in words, in every language."""

from __future__ import annotations

import pytest

import cardhall
from cardhall.core.i18n import LANGUAGES
from cardhall.core.options import Option
from cardhall.core.registry import game_class, game_names
from cardhall.core.text import text_ui


@pytest.mark.parametrize("name", game_names())
def test_every_option_has_a_label_a_control_and_words_for_its_values(name: str) -> None:
    for code in LANGUAGES:
        tr = text_ui(cardhall.load(name), code).tr
        for option in game_class(name).OPTIONS:
            fields = option.form_fields(tr)
            assert option.label and fields["label"] not in (option.name, option.name.replace("_", " ")), option.name
            assert fields["help"], option.name
            if code != "en":
                assert fields["label"] != option.label, (code, option.name)  # translated
            expected = "bool" if option.kind is bool else "choice" if (option.choices or option.offers) else \
                "int" if option.kind is int else "text"
            assert fields["kind"] == expected, option.name
            for choice in fields.get("choices", []):
                value = choice["value"]
                assert isinstance(value, int) or value in dict(option.labels) or option.words, (option.name, value)
                assert choice["label"], (code, option.name, value)


def test_a_value_without_words_is_said_as_a_number_or_as_it_is() -> None:
    tr = text_ui(cardhall.load("hearts"), "ru").tr
    bare = Option("size", 4, "a size", choices=(3, 4))
    assert bare.form_fields(tr)["label"] == "size" and bare.value_words(4, tr) == "4"
    free = Option("code", "x", "a code", form="a code such as X")
    assert free.form_fields(tr)["kind"] == "text" and "a code such as X" in free.form_fields(tr)["help"]
    hearts = {o.name: o for o in game_class("hearts").OPTIONS}
    assert hearts["removed_card"].value_words("QD", tr) == "дама бубен"
    assert hearts["moon_mode"].value_words("subtract", tr) == "выстрелившему минус 26"
