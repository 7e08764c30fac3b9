// Away people: when this page sees a seated person's last connection close, it counts down the
// table's away time (its policy's `grace`) to the moment the takeover bot plays for them. A page
// that opens while someone is already away does not know since when: it says "away" only.
import { _ } from "../common.js";

/** Track `model`'s away seats; `onTick()` is called every second while a countdown runs.
 * Returns {words(i)}: the seat's away words now ("" when not away). */
export function trackAway(model, onTick) {
  const since = new Map();  // seat → when this page saw it go away (ms)
  let timer = null;
  model.on("state", ({ first }) => {
    (model.state.seats || []).forEach((s, i) => {
      const away = s.kind === "person" && !s.connected && !s.takeover;
      if (!away) since.delete(i);
      else if (!since.has(i)) since.set(i, first ? null : Date.now());
    });
    const ticking = [...since.values()].some((t) => t !== null);
    if (ticking && !timer) timer = setInterval(onTick, 1000);
    if (!ticking && timer) { clearInterval(timer); timer = null; }
  });
  return {
    /** Whether a countdown runs (the words change every second). */
    ticking() { return timer !== null; },
    words(i) {
      if (!since.has(i)) return "";
      const start = since.get(i);
      const grace = Number((model.summary && model.summary.policy && model.summary.policy.grace) ?? 60);
      if (start === null) return _("away");
      const left = Math.max(0, Math.ceil(grace - (Date.now() - start) / 1000));
      return _("away: a bot plays for them in {seconds} s", { seconds: left });
    },
  };
}
