// Away people: a seated person whose last connection closed is counted down to the moment the
// takeover bot plays for them (the table's away time, its policy's `grace`). The seat says since
// when (`away_since`, the room's clock), so a page opened or reloaded later counts the same.
import { _, serverNow } from "../common.js";

/** Track `model`'s away seats; `onTick()` is called every second while a countdown runs.
 * Returns {words(i)}: the seat's away words now ("" when not away). */
export function trackAway(model, onTick) {
  const since = new Map();  // seat → since when it is away (ms, the room's clock), null: not known
  let timer = null;
  model.on("state", () => {
    (model.state.seats || []).forEach((s, i) => {
      const away = s.kind === "person" && !s.connected && !s.takeover;
      if (!away) since.delete(i);
      else since.set(i, typeof s.away_since === "number" ? s.away_since * 1000 : since.get(i) ?? null);
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
      const left = Math.max(0, Math.ceil(grace - (serverNow() - start) / 1000));
      return _("away: a bot plays for them in {seconds} s", { seconds: left });
    },
  };
}
