// "While you were away": asked once when any page of the room opens (the shared part in base.html;
// POST /api/players/me/away, which also stores this visit, so the next page has nothing to say);
// the sentence is said once in the part's live region, and each table that moved on or ended is
// listed with what happened there, its name a link to the table.
import { _, authed, el, me } from "./common.js";

const $ = (id) => document.getElementById(id);

function drawn(table) {
  const name = _("{game}, table {table}", { game: table.title, table: table.id });
  const text = table.your_turn ? _("{table} — your turn", { table: name })
    : table.ended ? _("{table} — ended", { table: name }) : name;
  const link = el("a", { href: table.path, text });
  return el("li", {}, el("h3", {}, link), el("ul", {}, ...table.lines.map((line) => el("li", { text: line }))));
}

async function start() {
  const part = $("away");
  if (!part || !me()) return;
  let answer;
  try { answer = await authed("/api/players/me/away", { method: "POST", body: {} }); } catch { return; }
  if (!answer.tables.length) return;
  $("away-list").replaceChildren(...answer.tables.map(drawn));
  part.hidden = false;
  setTimeout(() => { $("away-said").textContent = answer.said; }, 50);  // said once: the visit is stored
}

start();
