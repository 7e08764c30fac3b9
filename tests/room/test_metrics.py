"""`cardhall serve --metrics HOST:PORT` (cardhall/room/metrics.py): a real room's Prometheus text,
scraped over HTTP on its own listener and parsed with prometheus_client.parser, counts the
moves of a finished game by game, the act and commit latencies, the bots' think time, tables
by state and connections; the public port serves no metrics, and the listener may not share it."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import httpx
from prometheus_client.parser import text_string_to_metric_families

from cardhall.web.testbed import free_port
from tests.room.helpers import ROOT, Person, Server


def scrape(url: str) -> dict[str, list[tuple[dict[str, str], float]]]:
    """Every sample of the metrics at `url`, by sample name."""
    samples: dict[str, list[tuple[dict[str, str], float]]] = {}
    for family in text_string_to_metric_families(httpx.get(url, timeout=30).text):
        for sample in family.samples:
            samples.setdefault(sample.name, []).append((sample.labels, sample.value))
    return samples


def total(samples: dict[str, list[tuple[dict[str, str], float]]], name: str, **labels: str) -> float:
    return sum(v for lab, v in samples.get(name, []) if all(lab.get(k) == w for k, w in labels.items()))


def test_a_real_room_counts_a_bots_game_on_its_own_listener(tmp_path: Path) -> None:
    port = free_port()
    room = Server(f"sqlite:///{tmp_path / 'room.sqlite3'}", tmp_path / "server.log",
                  ["--metrics", f"127.0.0.1:{port}"]).start()
    metrics = f"http://127.0.0.1:{port}/metrics"
    try:
        before = scrape(metrics)
        assert total(before, "cardhall_tables", state="playing") == 0
        host = Person(room, "Ana")
        table = host.create("three-two-five", ["bot:random"] * 3, {"deals": 1})
        watcher = host.watch(table["id"])
        host.start(table["id"])
        watcher.until(lambda m: m["type"] == "state" and m["over"], timeout=120)
        after = scrape(metrics)
        assert total(after, "cardhall_moves_total", game="three-two-five") >= 30  # a whole deal: 3 × 10 cards
        assert total(after, "cardhall_act_seconds_count") >= total(after, "cardhall_moves_total")
        assert total(after, "cardhall_commit_seconds_count") >= total(after, "cardhall_moves_total")
        assert total(after, "cardhall_bot_think_seconds_count") >= 30
        assert total(after, "cardhall_tables", state="over") == 1
        assert total(after, "cardhall_connections") == 1
        assert httpx.get(room.url + "/metrics").status_code == 404  # never on the public port
        assert host.token not in httpx.get(metrics).text
    finally:
        assert room.stop() == 0, room.log.read_text()


def test_the_metrics_listener_may_not_be_the_public_port(tmp_path: Path) -> None:
    port = free_port()
    done = subprocess.run([sys.executable, "-m", "cardhall", "serve", "--port", str(port), "--db",
                           f"sqlite:///{tmp_path / 'room.sqlite3'}", "--metrics", f"127.0.0.1:{port}"],
                          capture_output=True, text=True, timeout=60, env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"})
    assert done.returncode != 0
    assert "may not share the room's public port" in done.stdout + done.stderr
    assert "Traceback" not in done.stdout + done.stderr


def test_the_grafana_dashboard_asks_only_for_metrics_the_room_serves() -> None:
    """Every metric name in docs/grafana-dashboard.json is one cardhall.room.metrics defines."""
    import json
    import re

    from cardhall.room import metrics

    served = {name for collector in (metrics.MOVES, metrics.ACT, metrics.COMMIT, metrics.THINKING, metrics.LIMITS,
                                     metrics.ERRORS) for family in collector.collect() for name in
              [family.name, family.name + "_total", family.name + "_bucket"]}
    served |= {"cardhall_tables", "cardhall_connections", "cardhall_bot_queue"}
    dashboard = json.loads((ROOT / "docs" / "grafana-dashboard.json").read_text())
    asked = {name for panel in dashboard["panels"] for target in panel["targets"]
             for name in re.findall(r"cardhall_[a-z_]+", target["expr"])}
    asked |= set(re.findall(r"cardhall_[a-z_]+", json.dumps(dashboard["templating"])))
    assert asked and asked <= served, asked - served
