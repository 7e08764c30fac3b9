// The replay page: a finished game, move by move, from GET /api/tables/{id}/replay. Each step is
// said in words (the game's own text, in the reader's language) in one polite live region; every
// hand and the scores follow the step. Keys: Left/Right a move, Page Up/Page Down a deal,
// Home/End the start and the end; the buttons do the same for a pointer. Each hand is drawn too, in
// the faces the words name (`replay.faces`: Jass and Putz in the Swiss German suits when the reader
// sees those, drawn by the game's presenter, which exports `useNamedFaces`).
import { LANG, _, api, el, face } from "./common.js";
import { cardFace } from "./table/cardface.js";

const $ = (id) => document.getElementById(id);
const root = $("replay-root");
const tableId = root.dataset.table;
let replay = null;
let at = 0; // moves played: 0 (the start) to replay.steps.length (the end)

function cardText(token) {
  return (replay.words && replay.words[token]) || token;
}

function handItem(seat, hand) {
  const li = document.createElement("li");
  // the seat, then who sat there: «West — Bot (random)», never brackets inside brackets
  const who = `${seat.seat_name} — ${seat.label || seat.name}`;
  if (!Array.isArray(hand)) {
    li.textContent = _("{seat}: no hand", { seat: who });
    return li;
  }
  const words = hand.map(cardText).join(", ") || _("no cards");
  li.textContent = _("{seat}: {cards}", { seat: who, cards: words });
  li.title = replay.faces === "french" ? hand.map((c) => (face(c) ? face(c).text : c)).join(" ") : words;
  if (hand.length && hand.every((c) => face(c))) li.append(el("span", { class: "replay-faces" }, ...hand.map((c) => cardFace(c))));
  return li;
}

/** The game's own faces (the presenter's `useNamedFaces`) when the words name other than French ones. */
async function useGameFaces() {
  const found = replay.presenter;
  if (!found || !replay.faces || replay.faces === "french") return;
  if (found.style) document.head.append(el("link", { rel: "stylesheet", href: found.style }));
  const module = await import(found.script);
  if (module.useNamedFaces) module.useNamedFaces(replay.faces);
}

function dealOf(position) {
  const steps = replay.steps;
  if (!steps.length) return 1;
  return position < steps.length ? steps[position].deal : steps[steps.length - 1].deal;
}

function startOf(deal) {
  const i = replay.steps.findIndex((s) => s.deal === deal);
  return i < 0 ? null : i;
}

/** Where the reader is: the move, and the deal (a 5 Towers round) of a game played in parts. */
function position(number, count, deal) {
  const values = { number, count, deal, deals: replay.deals };
  if (replay.part === "round") return _("Move {number} of {count}, round {deal} of {deals}.", values);
  if (replay.part === "deal") return _("Move {number} of {count}, deal {deal} of {deals}.", values);
  return _("Move {number} of {count}.", values);
}

function show() {
  const steps = replay.steps;
  const step = at > 0 ? steps[at - 1] : null;
  const where = position(at, steps.length, dealOf(Math.max(0, at - 1)));
  const said = step ? step.said.join(" ") : _("The start: the cards are dealt.");
  $("step").textContent = `${where} ${said}`;
  const board = step ? step.table : "";
  $("board").replaceChildren(...(board || _("The start: the cards are dealt.")).split("\n").map((line) => {
    const p = document.createElement("p");
    p.textContent = line;
    return p;
  }));
  const hands = step ? step.hands : replay.start.hands;
  $("hands").replaceChildren(...replay.seats.map((seat, i) => handItem(seat, hands[i])));
  const scores = step ? step.scores : replay.seats.map(() => 0);
  $("scores").textContent = replay.seats.map((seat, i) => _("{seat}: {score}", { seat: seat.label || seat.name, score: scores[i] })).join(", ");
  $("result").textContent = at === steps.length ? replay.result : "";
  for (const [id, off] of [["first", at === 0], ["prev", at === 0], ["prev-deal", at === 0],
    ["next", at === steps.length], ["next-deal", at === steps.length], ["last", at === steps.length]]) {
    $(id).setAttribute("aria-disabled", off ? "true" : "false");
  }
}

function go(position) {
  at = Math.max(0, Math.min(replay.steps.length, position));
  show();
}

function nextDeal() {
  const start = startOf(dealOf(at) + 1);
  go(start === null ? replay.steps.length : start);
}

function previousDeal() {
  const deal = dealOf(at);
  const start = startOf(deal) ?? 0;
  if (at > start) go(start);
  else go(deal > 1 ? startOf(deal - 1) ?? 0 : 0);
}

const KEYS = {
  ArrowRight: () => go(at + 1), ArrowLeft: () => go(at - 1), Home: () => go(0),
  End: () => go(replay.steps.length), PageDown: nextDeal, PageUp: previousDeal,
};

async function main() {
  try {
    const invite = new URLSearchParams(location.search).get("invite");
    const query = new URLSearchParams({ lang: LANG, ...(invite ? { invite } : {}) });
    replay = await api(`/api/tables/${encodeURIComponent(tableId)}/replay?${query}`);
    await useGameFaces();
  } catch (err) {
    $("alert").textContent = err.message || String(err);
    return;
  }
  $("title").textContent = _("Replay of {game}", { game: replay.title });
  $("record-link").href = `/api/tables/${encodeURIComponent(tableId)}/record`;
  $("first").addEventListener("click", KEYS.Home);
  $("last").addEventListener("click", KEYS.End);
  $("prev").addEventListener("click", KEYS.ArrowLeft);
  $("next").addEventListener("click", KEYS.ArrowRight);
  $("prev-deal").addEventListener("click", KEYS.PageUp);
  $("next-deal").addEventListener("click", KEYS.PageDown);
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    if (event.target.closest && event.target.closest("input, select, textarea")) return;
    const act = KEYS[event.key];
    if (!act) return;
    event.preventDefault();
    act();
  });
  root.dataset.ready = "true";
  show();
}

main();
