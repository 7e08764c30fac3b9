"""The lanes' dealing (tests/lanes.py): with xdist the files go out whole, the longest first."""

from __future__ import annotations

from pathlib import Path
from types import SimpleNamespace
from typing import Any

from tests import lanes

ROOT = Path(__file__).resolve().parent.parent


def items(*nodeids: str) -> list[Any]:
    return [SimpleNamespace(nodeid=n) for n in nodeids]


def test_the_longest_files_go_first_then_the_others_by_their_number_of_tests() -> None:
    long_a, long_b = lanes.LONGEST[0], lanes.LONGEST[1]
    collected = items("tests/a.py::one", f"{long_b}::x", "tests/b.py::one", "tests/b.py::two",
                      f"{long_a}::y", f"{long_b}::z", "tests/a.py::two", "tests/a.py::three")
    lanes.order(collected)
    assert [i.nodeid for i in collected] == [
        f"{long_a}::y", f"{long_b}::x", f"{long_b}::z",  # LONGEST's order, each file's tests in theirs
        "tests/a.py::one", "tests/a.py::two", "tests/a.py::three",  # three tests before two
        "tests/b.py::one", "tests/b.py::two"]


def test_every_file_named_longest_is_a_test_file() -> None:
    assert len(set(lanes.LONGEST)) == len(lanes.LONGEST)
    assert all((ROOT / name).is_file() and Path(name).name.startswith("test_") for name in lanes.LONGEST)
