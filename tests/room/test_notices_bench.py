"""The notices benchmark runs and counts what it says: a few tables, one move each, one notice
each delivered (webhooks to the receiver; pushes checked and decrypted by the local push service,
a wrong one would make the count negative), none failed."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from cardhall.web.notices_bench import bench


@pytest.mark.parametrize("channel", ["webhook", "push"])
def test_the_bench_delivers_one_notice_per_move(tmp_path: Path, channel: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SSL_CERT_FILE", raising=False)  # the bench sets it for its push service
    said = asyncio.run(bench(12, tmp_path, channel))
    assert said["channel"] == channel and said["notices"] == 12 and said["failed"] == 0, said
    assert said["notices_per_s"] > 0 and said["room_cpu_s"] > 0
