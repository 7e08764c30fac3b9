// One key answers an invitation (issue 38): I accepts the newest pending invitation and sits you
// down, from any page of the room (the lobby, a table, a profile, an event's page). At a table
// whose game has its own I (Clash of Decks: the abilities), or where the person moved one of the
// table's keys to I, the invitation's key is Shift+I and the game keeps its I. The invitation's
// words say which key it is ("Press I to accept and sit."), in the reader's language.
import { _ } from "./common.js";
import { settings } from "./table/settings.js";

const KEY = "I";

/** Does the table on this page use I itself (its game's keys, or a key the person moved there)? */
export function tableTakesKey() {
  const model = window.cardhallModel;
  if (!model || !model.state || settings.keys === false) return false;
  const ids = new Set([...Object.keys((model.words() || {}).keys || {}), ...Object.keys(settings.map || {})]);
  return [...ids].some((id) => String(id in (settings.map || {}) ? settings.map[id] : id).toUpperCase() === KEY);
}

/** Resolves once the key is known: at once off a table page; at a table when its first state
 * (the game, so its keys) has come, or after 3 s. */
export async function keyKnown() {
  if (!document.getElementById("table-root")) return;
  for (let waited = 0; waited < 3000 && !(window.cardhallModel && window.cardhallModel.state); waited += 100) {
    await new Promise((done) => { setTimeout(done, 100); });
  }
}

/** The key that accepts, as the page shows and says it: "I", or "Shift+I" at such a table. */
export function acceptKey() { return tableTakesKey() ? `${_("Shift")}+${KEY}` : KEY; }

/** "Press I to accept and sit." */
export function acceptHint() { return _("Press {key} to accept and sit.", { key: acceptKey() }); }

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));
}

/** Answer the key on this page: `newest()` gives the newest pending invitation or null,
 * `accept(invitation)` accepts it, `tell(text)` says a sentence. Runs before the table's keys. */
export function listenForAccept({ newest, accept, tell }) {
  document.addEventListener("keydown", (e) => {
    if (e.key.toUpperCase() !== KEY || e.ctrlKey || e.altKey || e.metaKey || typing(e.target)) return;
    if (document.querySelector("dialog[open]")) return;
    const taken = tableTakesKey();
    if (taken && !e.shiftKey) return;  // the game's own I
    const invitation = newest();
    if (!invitation) {
      if (!taken) tell(_("No invitation is waiting."));
      return;
    }
    e.preventDefault();
    e.stopImmediatePropagation();
    accept(invitation);
  }, true);
}
