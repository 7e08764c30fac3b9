// The card table as a sighted player sees it (aria-hidden: the words, the seats list and the
// panel say all of it): the seats around the table with each one's name, bots marked, whose
// turn it is and each seat's tricks and score beside it; the cards of the trick in front of
// the seats that played them, each coming from its seat.
//
// A finished trick stays whole on the table — its last card too — for the "trick held" setting
// (about a second) and then goes to its winner; meanwhile the next trick's cards wait. Tricks
// finished while the page was away (a reload, a reconnection) are not replayed. With
// prefers-reduced-motion nothing moves: cards appear and go at once.
import { _, el, ngettext } from "../common.js";
import { cardFace } from "./cardface.js";
import { settings } from "./settings.js";

const SWEEP = 350;  // ms a finished trick takes to go to its winner
const still = () => window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/** Where seat `seat` sits, seen from `me` (at the bottom): its angle, clockwise from the bottom. */
function angleOf(seat, me, n) {
  const r = (seat - (me ?? 0) + n) % n;
  return Math.PI / 2 + (r * 2 * Math.PI) / n;
}

/** A point on the ellipse at `radius` (percent of the table's width and height) for a seat. */
function spot(seat, me, n, rx, ry) {
  const a = angleOf(seat, me, n);
  return { x: 50 + rx * Math.cos(a), y: 50 + ry * Math.sin(a), side: Math.cos(a) < -0.3 ? "left" : Math.cos(a) > 0.3 ? "right" : "middle" };
}

/**
 * The felt in `root`; `stats(view, n)` gives each seat's short lines ("3 tricks", "12 points").
 * Returns {draw()} to call on every state.
 */
export function createFelt(root, model, { stats = () => [] } = {}) {
  const felt = el("div", { id: "felt", class: "felt", "aria-hidden": "true" });
  const plates = el("div", { class: "plates" });
  const middle = el("div", { class: "pot" });
  felt.append(middle, plates);
  root.append(felt);
  const finished = [];  // tricks finished while we watched, waiting to be shown: [{cards, winner}]
  let shown = null;     // the finished trick on the table now
  let catchingUp = false;
  let lastLines = [];
  let drawn = new Set(); // "seat:card" drawn in the middle, so only new cards come from their seat

  model.on("sync", () => { catchingUp = true; });
  setInterval(() => { if (model.state && model.away && model.away.ticking()) drawPlates(plates, model, model.words().seats.length, lastLines); }, 1000);
  model.on("event", ({ event }) => {
    if (catchingUp || !event || event.type !== "trick_won" || !Array.isArray(event.cards)) return;
    const n = model.words().seats.length || event.cards.length;
    finished.push({ winner: event.seat, cards: event.cards.map((card, i) => ({ seat: (event.leader + i) % n, card })) });
    if (finished.length > 3) finished.splice(0, finished.length - 3);
  });

  function place(cards, n, winner = null) {
    const me = model.seat();
    const narrow = felt.clientWidth < 480;
    const next = new Set();
    middle.replaceChildren(...cards.map(({ seat, card }) => {
      const at = spot(seat, me, n, narrow ? 18 : 14, narrow ? 19 : 20);
      const from = spot(seat, me, n, 44, 42);
      const key = `${seat}:${card}`;
      next.add(key);
      const face = cardFace(card, { extra: `${drawn.has(key) || still() ? "" : "arrive"} ${seat === winner ? "wins" : ""}` });
      face.style.left = `${at.x}%`;
      face.style.top = `${at.y}%`;
      face.style.setProperty("--from-x", `${(from.x - at.x) * felt.clientWidth / 100}px`);
      face.style.setProperty("--from-y", `${(from.y - at.y) * felt.clientHeight / 100}px`);
      return face;
    }));
    drawn = next;
    felt.dataset.cards = String(cards.length);
  }

  function sweep(winner, n) {
    const to = spot(winner, model.seat(), n, 44, 42);
    for (const face of middle.children) {
      const x = (to.x - parseFloat(face.style.left)) * felt.clientWidth / 100;
      const y = (to.y - parseFloat(face.style.top)) * felt.clientHeight / 100;
      face.classList.add("gone");
      face.style.transform = `translate(calc(-50% + ${x}px), calc(-50% + ${y}px)) scale(.6)`;
    }
  }

  function showFinished(n) {
    shown = finished.shift();
    felt.dataset.held = "1";
    place(shown.cards, n, shown.winner);
    const hold = Math.max(0, Number(settings.hold ?? 1000));
    setTimeout(() => {
      if (!still()) sweep(shown.winner, n);
      setTimeout(() => { shown = null; felt.dataset.held = ""; draw(); }, still() ? 0 : SWEEP);
    }, hold);
  }

  function draw() {
    const state = model.state;
    if (!state) return;
    const view = model.view();
    const n = model.words().seats.length;
    catchingUp = false;
    felt.hidden = state.status === "waiting";
    lastLines = stats(view, n);
    drawPlates(plates, model, n, lastLines);
    if (shown) return;
    if (finished.length && Number(settings.hold ?? 1000) > 0) { showFinished(n); return; }
    finished.length = 0;
    place(trickOf(view, n), n);
  }
  return { draw };
}

/** The cards of the current trick: the view lists them from the leader on, or as [seat, card] pairs. */
export function trickOf(view, n) {
  const raw = Array.isArray(view.trick) ? view.trick : [];
  return raw.map((item, i) => (Array.isArray(item) ? { seat: item[0], card: item[1] }
    : { seat: typeof view.leader === "number" ? (view.leader + i) % n : 0, card: item }))
    .filter((p) => typeof p.card === "string");
}

function drawPlates(box, model, n, lines) {
  const state = model.state;
  const me = model.seat();
  const seats = state.seats || [];
  const places = model.words().seats;
  const away = places.map((_p, i) => (model.away ? model.away.words(i) : ""));
  const sig = JSON.stringify([seats, places, lines, me, state.to_move, state.status, away]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren(...places.map((place, i) => {
    const s = seats[i] || {};
    const at = spot(i, me, n, 50, 50);
    const tags = [];
    if (i === me) tags.push(_("you"));
    if (s.kind === "bot" || s.takeover) tags.push(_("bot"));
    const gone = model.away ? model.away.words(i) : s.kind === "person" && !s.connected ? _("away") : "";
    if (gone) tags.push(gone);
    const turn = state.status === "playing" && state.to_move === i;
    const edge = at.y > 90 ? "bottom" : at.y < 10 ? "top" : "";
    const plate = el("div", { class: `plate ${at.side} ${edge} ${turn ? "turn" : ""} ${i === me ? "me" : ""}`.replace(/\s+/g, " ").trim() },
      el("span", { class: "who" }, el("b", { text: s.kind === "open" ? _("open") : s.name || place }),
        ...tags.map((t) => el("span", { class: "tag", text: t }))),
      ...((lines[i] || []).length ? [el("span", { class: "line", text: lines[i].join(" · ") })] : []),
      ...(turn ? [el("span", { class: "to-play", text: i === me ? _("your turn") : _("to play") })] : []));
    if (!edge) plate.style.top = `${at.y}%`;
    if (at.side === "middle") plate.style.left = `${at.x}%`;
    return plate;
  }));
}

/** Each seat's short lines for its plate: tricks won and points, from the panel's columns. */
export function plateLines(cols, n) {
  const out = Array.from({ length: n }, () => []);
  for (const [, xs, kind] of cols) {
    xs.forEach((x, i) => {
      if (kind === "tricks") out[i].push(ngettext("{count} trick", "{count} tricks", x));
      else if (kind === "points") out[i].push(ngettext("{count} point", "{count} points", x));
      else if (kind === "contract") out[i].push(_("contract {count}", { count: x }));
    });
  }
  return out;
}
