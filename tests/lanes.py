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

With xdist the files are dealt out whole (`--dist loadfile`), the longest first (`order`,
`LONGEST`): a file of two long tests (the container image, mypy) dealt last would otherwise hold
the lane's end alone while the other workers stand idle.
"""

from __future__ import annotations

from collections import Counter

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


LONGEST = (
    "tests/room/test_social.py",
    "tests/web/test_no_english.py",
    "tests/deploy/test_container.py",
    "tests/test_lint.py",
    "tests/envs/test_example.py",
    "tests/events/test_duplicate_api.py",
    "tests/room/test_remote.py",
    "tests/events/test_standby.py",
    "tests/test_interrupt.py",
    "tests/bots/test_levels.py",
    "tests/room/test_join_prompt.py",
    "tests/test_terms.py",
    "tests/jass/test_languages.py",
    "tests/room/test_e2e.py",
    "tests/room/test_backup.py",
    "tests/arena/test_arena.py",
    "tests/events/test_swiss_wire.py",
    "tests/room/test_accounts.py",
)
"""The files that took longest in the fast lane (`--durations` of `scripts/test --quick`, the
file's tests summed; test_lint's mypy with a cold cache, 70 s; docs/web.md "Tests"), longest
first. A file not named here comes after them, files with more tests first (xdist's own order
for `loadfile`)."""


def order(items: list[pytest.Item]) -> None:
    """Deal the files out longest first: the files of `LONGEST` in its order, then the others by
    their number of tests; within a file the tests keep their order (module fixtures stay whole)."""
    def file_of(item: pytest.Item) -> str:
        return item.nodeid.split("::", 1)[0]

    rank = {name: i for i, name in enumerate(LONGEST)}
    count = Counter(file_of(item) for item in items)
    first_seen: dict[str, int] = {}
    for i, item in enumerate(items):
        first_seen.setdefault(file_of(item), i)
    items.sort(key=lambda item: (rank.get(file_of(item), len(rank)), -count[file_of(item)], first_seen[file_of(item)]))


class Dealing:
    """The plugin that orders an xdist worker's collection (`order`), after `-m` has deselected
    (so the counts are the lane's). Registered by tests/conftest.py only in xdist workers: a run
    without workers keeps pytest's order."""

    @pytest.hookimpl(trylast=True)
    def pytest_collection_modifyitems(self, config: pytest.Config, items: list[pytest.Item]) -> None:
        order(items)
