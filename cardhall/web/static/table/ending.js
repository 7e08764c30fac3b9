// Between deals and at the end.
//
// A deal's summary: when a deal is scored (`deal_scored`), a panel over the top of the table
// says each seat's points this deal and totals; it stays a few seconds (the "deal summary"
// setting) or until closed, and never moves the page (it floats over the table). It is said
// once, by the deal's line in the history: the panel is no live region. The keyboard reaches its
// Close button (Shift+Tab from the command field), Enter there or Escape anywhere closes it, and
// focus then goes back where it was before it entered the panel (never to the page's body); while
// focus is in it, it does not go away by itself.
//
// The end screen: once the game is over, the standings (the winners first, then by score in
// the game's direction), and two ways on: Play again (a new table of the same game, options
// and bots; the people of this table are invited with a line in its chat carrying the new
// table's invite link, which their end screens offer as "Join") and Back to the lobby.
import { _, authed, el, tableLink } from "../common.js";
import { focusFirstChoice, focusPlace } from "./focus.js";
import { settings } from "./settings.js";

const $ = (id) => document.getElementById(id);
const NEW_TABLE = /\/tables\/([A-Za-z0-9_-]+)\?invite=([A-Za-z0-9_-]+)/;

/** The seats in order of standing: winners first, then by score (lower first when the winners
 * have the lowest score, as in Hearts). */
export function standings(scores, winners) {
  const seats = scores.map((_s, i) => i);
  const win = new Set(winners || []);
  const low = winners && winners.length && scores.length > 1 && winners.every((w) => scores[w] === Math.min(...scores));
  return seats.sort((a, b) => (win.has(b) - win.has(a)) || (low ? scores[a] - scores[b] : scores[b] - scores[a]) || a - b);
}

/** Each seat's occupant as the reader calls them (a bot by its level in the reader's language, the
 * room's `names`), or the seat's name; yours marked. */
function names(model) {
  const places = model.words().seats;
  const said = model.words().names || [];
  return places.map((p, i) => {
    const s = (model.state.seats || [])[i] || {};
    const who = said[i] || s.name || p;
    return i === model.seat() ? _("{name} (you)", { name: who }) : who;
  });
}

export function showEnding(model, { tableId, send, sayLine }) {
  const summary = el("section", { id: "deal-summary", class: "deal-summary", "aria-labelledby": "deal-summary-h", hidden: true },
    el("h2", { id: "deal-summary-h" }), el("table", { class: "scores" }),
    el("button", { type: "button", id: "deal-summary-close", text: _("Close the summary"), onclick: () => closeSummary() }));
  const end = el("section", { id: "end", class: "game-end", "aria-labelledby": "end-h", hidden: true },
    el("h2", { id: "end-h", text: _("The game is over") }), el("p", { id: "end-result", class: "end-result" }),
    el("ol", { id: "standings", class: "standings" }),
    el("div", { class: "buttons" },
      el("button", { type: "button", id: "play-again", text: _("Play again"), onclick: playAgain }),
      el("a", { id: "join-again", class: "button", href: "/", hidden: true }),
      el("a", { id: "to-lobby", class: "button", href: "/", text: _("Back to the lobby") })));
  $("picture").before(summary);
  $("table-root").querySelector(".layout").before(end);
  let timer = null;
  let catchingUp = false;
  let cameFrom = null;  // where focus was before it entered the summary
  summary.addEventListener("focusin", (e) => { if (!summary.contains(e.relatedTarget)) cameFrom = e.relatedTarget; });
  document.addEventListener("keydown", (e) => { if (e.key === "Escape" && !summary.hidden) closeSummary(); });

  /** Hide the summary; focus inside it goes back where it came from (or to your choices). */
  function closeSummary() {
    const inside = summary.contains(document.activeElement);
    summary.hidden = true;
    clearTimeout(timer);
    if (!inside) return;
    if (cameFrom && cameFrom.isConnected && cameFrom !== document.body && !cameFrom.closest("[hidden]")) cameFrom.focus();
    else if (!focusFirstChoice()) focusPlace($("hand-h"));
  }

  model.on("sync", () => { catchingUp = true; });
  model.on("event", ({ event }) => {
    if (!event) return;
    if (event.type === "chat" && typeof event.text === "string" && event.seat !== null && event.seat !== undefined) {
      const m = NEW_TABLE.exec(event.text);
      if (m && m[1] !== tableId) offerJoin(event.name, m[1], m[2]);
    }
    if (catchingUp || event.type !== "deal_scored" || model.isOver()) return;
    showDeal(event);
  });
  model.on("state", () => { catchingUp = false; if (model.isOver()) showEnd(); });

  function showDeal(event) {
    const who = names(model);
    const cols = [];
    if (Array.isArray(event.contracts)) cols.push([_("Contract (tricks)"), event.contracts]);
    if (Array.isArray(event.tricks)) cols.push([_("Tricks won"), event.tricks]);
    if (Array.isArray(event.points)) cols.push([_("Points this deal"), event.points]);
    if (Array.isArray(event.scores)) cols.push([_("Total"), event.scores]);
    summary.querySelector("h2").textContent = typeof event.deal === "number" ? _("Deal {number} is over", { number: event.deal }) : _("The deal is over");
    summary.querySelector("table").replaceChildren(
      el("thead", {}, el("tr", {}, el("th", { scope: "col", text: _("Seat") }), ...cols.map(([h]) => el("th", { scope: "col", text: h })))),
      el("tbody", {}, ...who.map((name, i) => el("tr", {}, el("th", { scope: "row", text: name }),
        ...cols.map(([, xs]) => el("td", { text: String(xs[i] ?? "") }))))));
    summary.hidden = false;
    clearTimeout(timer);
    const wait = Math.max(2000, Number(settings.summary ?? 6000));
    const later = () => { if (summary.contains(document.activeElement)) timer = setTimeout(later, wait); else summary.hidden = true; };
    timer = setTimeout(later, wait);
  }

  function showEnd() {
    if (!end.hidden) return;
    const inside = summary.contains(document.activeElement);
    summary.hidden = true;
    clearTimeout(timer);
    const view = model.view();
    const scores = Array.isArray(view.scores) ? view.scores : model.state.scores || [];
    const winners = view.winners || model.state.winners || [];
    const who = names(model);
    $("end-result").textContent = model.words().result || "";
    $("standings").replaceChildren(...standings(scores, winners).map((i) => el("li", { class: winners.includes(i) ? "winner" : "" },
      el("span", { class: "name", text: who[i] || "" }), el("span", { class: "score", text: String(scores[i] ?? "") }),
      ...(winners.includes(i) ? [el("span", { class: "tag", text: _("winner") })] : []))));
    $("play-again").hidden = model.seat() === null;
    end.hidden = false;
    if (inside) focusPlace($("end-h"));  // the summary had focus: the end screen takes it
    else end.scrollIntoView({ block: "nearest" });  // above the screen while one looks at the hand: brought into view
  }

  function offerJoin(name, id, invite) {
    const a = $("join-again");
    a.href = tableLink(id, invite);
    a.textContent = _("Join {name}'s new game", { name });
    a.hidden = false;
    $("play-again").hidden = true;
  }

  async function playAgain() {
    const t = model.summary;
    if (!t) return;
    const seats = (model.state.seats || []).map((s, i) => (i === model.seat() ? "me" : s.kind === "bot" && s.bot ? `bot:${s.bot}` : "open"));
    try {
      const made = await authed("/api/tables", { method: "POST", body: { game: t.game, options: t.options || {}, seats, private: true,
        clock: t.policy ? t.policy.clock ?? null : null, grace: t.policy ? t.policy.grace ?? null : null } });
      const link = new URL(tableLink(made.id, made.invite), location.href).href;
      if (seats.includes("open") && send({ type: "chat", text: _("A new game at a new table, join me: {link}", { link }) })) {
        await new Promise((done) => {  // the invitation is in the chat (or a second passed) before we go
          const off = model.on("event", ({ event }) => { if (event && event.type === "chat" && event.text.includes(made.id)) { off(); done(); } });
          setTimeout(done, 1500);
        });
      }
      location.href = tableLink(made.id, made.invite);
    } catch (err) { sayLine(err.message); }
  }
}
