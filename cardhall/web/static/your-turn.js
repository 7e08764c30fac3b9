// "Your turn" on every page of the room: the turn-based tables waiting for my move (oldest first,
// GET /api/players/me/turns), listed in the people bar, their count in the page's title ("(2) …"),
// and said once in the bar's live region when a new table starts waiting. Asked again every
// minute and when the page comes back into view; nothing is shown to someone who is not signed in.
import { _, api, el, me, ngettext, pgettext, tableLink } from "./common.js";
import { announce } from "./people.js";

const EVERY = 60_000;
const baseTitle = document.title;
let known = null; // the table ids listed last (null: not asked yet)

function waited(since) {
  const hours = Math.max(0, Math.floor((Date.now() / 1000 - since) / 3600));
  return hours < 1 ? _("waiting for less than an hour")
    : ngettext("waiting for {count} hour", "waiting for {count} hours", hours);
}

function show(tables) {
  const box = document.getElementById("your-turn");
  const list = document.getElementById("your-turn-list");
  if (!box || !list) return;
  list.replaceChildren(...tables.map((t) => el("li", {},
    el("a", { href: tableLink(t.id, t.invite), text: _("{game}, table {table}", { game: t.title || pgettext("game", t.game), table: t.id }) }),
    " ", el("span", { text: `(${waited(t.turn.since || Date.now() / 1000)})` }))));
  box.hidden = tables.length === 0;
  document.title = tables.length ? `(${tables.length}) ${baseTitle}` : baseTitle;
  const ids = tables.map((t) => t.id);
  if (known !== null && ids.some((id) => !known.includes(id))) {
    announce(ngettext("It is your turn at {count} table.", "It is your turn at {count} tables.", tables.length));
  }
  known = ids;
}

async function refresh() {
  if (!me()) return;
  try { show(await api("/api/players/me/turns")); } catch { /* signed out or offline: the list stays as it was */ }
}

refresh();
setInterval(refresh, EVERY);
document.addEventListener("visibilitychange", () => { if (!document.hidden) refresh(); });
