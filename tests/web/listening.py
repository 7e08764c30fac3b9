"""What a screen reader would hear on the table page: every announcement of the live regions
(of the status, said and alert lines, those that are live regions) and every line added to the history log (`role="log"`)
but those added aria-hidden (your own move's echo while its earcon says it),
recorded in order by a MutationObserver installed before the page's scripts run.

Each announcement notes how many "segment ends" (a trick won, a round started, a turn started)
the model's timeline held up to the event whose words it says, so speech is measured per trick,
round or turn."""

from __future__ import annotations

import re
import statistics
from typing import Any

from playwright.sync_api import Page

RECORDER = """
(() => {
  window.heard = [];
  // a line counts in the segment of the event that said it: the timeline up to the next entry
  // (from the last one matched) whose words are the line; a line of no event's words (a turn
  // line, an answer) counts where the last matched one did. The page may say an event's line a
  // moment after later events came (paced), so counting the whole timeline at the time the line
  // is said would put a trick's last card into the next trick.
  let cursor = 0;
  const ends = (text) => {
    const m = window.cardhallModel, kinds = window.segmentKinds || [];
    if (!m) return 0;
    const timeline = m.timeline;
    for (let i = cursor; i < timeline.length; i++) {
      if ((timeline[i].words || '').trim() === text) { cursor = i + 1; break; }
    }
    return timeline.slice(0, cursor).filter((e) => kinds.includes(e.event.type)).length;
  };
  const live = (node) => ['status', 'alert', 'log'].includes(node.getAttribute('role'))
    || ['polite', 'assertive'].includes(node.getAttribute('aria-live'));
  const note = (region, text) => {
    text = (text || '').trim();
    if (text) window.heard.push({region, text, ends: ends(text)});
  };
  const watch = () => {
    for (const id of ['status', 'said', 'alert']) {
      const node = document.getElementById(id);
      if (!node) continue;
      new MutationObserver(() => { if (live(node)) note(id, node.textContent); })
        .observe(node, {childList: true, characterData: true, subtree: true});
    }
    const log = document.getElementById('log');
    if (log) new MutationObserver((records) => {
      // a line added aria-hidden (your own move's echo under its earcon) is not announced
      const hidden = (n) => n.getAttribute && n.getAttribute('aria-hidden') === 'true';
      for (const r of records) for (const n of r.addedNodes) if (!hidden(n)) note('log', n.textContent);
    }).observe(log, {childList: true});
  };
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', watch); else watch();
})();
"""

CARD_CODE = re.compile(r"\b(?:10|[2-9TJQKA])[CDHS]\b|\b[A-Z]{1,2}\d{1,2}\b|\((?=[^)]*[A-Z])[A-Z0-9 ]+\)")
TERMINAL = re.compile(r"\b(?:write|type) (?:pass|trump|bid|a |the |[A-Z]\b)|choice's number", re.I)


def record(page: Page, kinds: list[str]) -> None:
    """Record what the page says from now on (call before the first `goto` of the table)."""
    page.add_init_script(f"window.segmentKinds = {kinds!r};" + RECORDER)


def heard(page: Page) -> list[dict[str, Any]]:
    return list(page.evaluate("() => window.heard || []"))


def words(text: str) -> int:
    return len(text.split())


# a step of your own multi-choice move answered ("Chosen: take Candy 9 and Sand 8. Step 2 of 3: Which
# tower top do you demolish?"): said to your own keys while the table waits for you, not the table's speech
OWN_STEP = re.compile(r"^(?:Chosen: .*)?Step \d+ of \d+: ")


def per_segment(lines: list[dict[str, Any]], size: int = 1) -> list[int]:
    """Words heard in each whole segment (`size` segment ends make one: 2 turns a turn pair) of
    the table's speech (not the answers to your own build's steps, OWN_STEP); what came before
    the first end and after the last is not counted."""
    counts: dict[int, int] = {}
    for line in lines:
        if OWN_STEP.match(line["text"]):
            continue
        counts[line["ends"] // size] = counts.get(line["ends"] // size, 0) + words(line["text"])
    last = max(counts, default=0)
    return [counts.get(i, 0) for i in range(1, last)]


def median(values: list[int]) -> float:
    return statistics.median(values) if values else 0.0
