"""Bad files and values get a sentence, never a traceback (issue #17, point 1 and 11)."""

from __future__ import annotations

import json

import pytest

import cardhall
from cardhall.core.errors import IllegalAction, RecordError
from cardhall.core.record import Record

GAMES = ["five-towers", "hearts", "jass", "putz", "three-two-five", "clash-of-decks"]


def _record(**meta: object) -> dict[str, object]:
    return {"format": "cardhall-record/1", "game": "hearts", "options": {}, "seed": 1, "actions": [], "meta": meta}


def test_a_file_that_is_not_utf8_is_named_as_not_a_record(tmp_path):
    path = tmp_path / "game.json"
    path.write_bytes(b"\xff\xfe\x00garbage\x80")
    with pytest.raises(RecordError, match="not UTF-8 text"):
        Record.load(path)


def test_deeply_nested_json_is_refused_in_a_sentence(tmp_path):
    path = tmp_path / "deep.json"
    path.write_text("[" * 200_000 + "]" * 200_000, encoding="utf-8")
    with pytest.raises(RecordError, match="nested too deeply"):
        Record.load(path)


@pytest.mark.parametrize(("meta", "field"), [
    ({"human_seat": "x"}, "human_seat"), ({"human_seat": None}, "human_seat"), ({"human_seat": True}, "human_seat"),
    ({"human_seat": -1}, "human_seat"), ({"bot_kind": 5}, "bot_kind"), ({"final_scores": "12"}, "final_scores"),
    ({"final_scores": [1, "x"]}, "final_scores"),
])
def test_meta_fields_cardhall_reads_must_have_their_types(meta, field):
    with pytest.raises(RecordError, match=f"meta.{field} must be"):
        Record.from_json(_record(**meta))


def test_meta_that_is_not_an_object_is_refused():
    data = _record()
    data["meta"] = [1, 2]
    with pytest.raises(RecordError, match="meta must be an object"):
        Record.from_json(data)


def test_good_meta_and_unknown_meta_fields_are_kept():
    rec = Record.from_json(_record(human_seat=2, bot_kind="hard", final_scores=[1, 2.5, 0, 3], note={"a": 1}))
    assert rec.meta["note"] == {"a": 1}
    assert Record.loads(json.dumps(rec.to_json())).meta == rec.meta


@pytest.mark.parametrize("name", GAMES)
def test_applying_notation_says_to_use_apply_text(name):
    state = cardhall.load(name).new_state(seed=3)
    before = state.to_json()
    with pytest.raises(IllegalAction, match=r"use state.apply_text\('QS'\)"):
        state.apply("QS")
    assert state.to_json() == before
