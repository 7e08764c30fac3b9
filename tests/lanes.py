"""The lanes of the suite: every test runs in CI (`scripts/test`), and the fast lane
(`scripts/test --quick`, i.e. `-m quick`... see `QUICK`) leaves out what needs a browser, a
real PostgreSQL or a long property run.

The marks are given here, from what a test uses, so that a new test lands in the right lane
without anyone remembering to mark it:
- `browser`: the test uses the `browser` fixture (Chromium through Playwright, tests/web/conftest.py);
- `postgres`: it uses a real PostgreSQL cluster (the `postgres`, `pg`, `cluster` or `pair` fixture,
  or a `postgresql` parameter), or says so with `@pytest.mark.postgres`;
- `property`: a Hypothesis run of many examples, or a test marked `@pytest.mark.property` by hand;
- `long` (by hand, `@pytest.mark.long`): a test that waits out a clock of the room — an arena's
  minute, a Swiss event's grace — so most of its time is waiting, not work (its file would
  otherwise hold the fast lane's end for a minute).
"""

from __future__ import annotations

import pytest

QUICK = "not browser and not postgres and not property and not long"
"""The fast lane's marker expression (scripts/test --quick)."""

BROWSER_FIXTURES = frozenset({"browser"})
POSTGRES_FIXTURES = frozenset({"postgres", "pg", "cluster", "pair"})


def uses_postgres(item: pytest.Item) -> bool:
    if POSTGRES_FIXTURES & set(getattr(item, "fixturenames", ())):
        return True
    callspec = getattr(item, "callspec", None)
    return callspec is not None and "postgresql" in callspec.params.values()


def is_property_run(item: pytest.Item) -> bool:
    """A Hypothesis test (`@given`)."""
    return bool(getattr(getattr(item, "obj", None), "is_hypothesis_test", False))


def mark(items: list[pytest.Item]) -> None:
    """Give each collected test the marks of what it uses."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        if uses_postgres(item):
            item.add_marker(pytest.mark.postgres)
        if is_property_run(item):
            item.add_marker(pytest.mark.property)
