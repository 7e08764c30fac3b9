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
  let sweeping = false; // it is going to its winner
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

  let placed = null;  // what place() drew last, to draw again when the felt's size changes
  function place(cards, n, winner = null) {
    placed = { cards, n, winner };
    const me = model.seat();
    const narrow = felt.clientWidth < 480;
    const next = new Set();
    const faces = cards.map(({ seat, card }) => {
      const at = spot(seat, me, n, narrow ? 18 : 14, narrow ? 19 : 20);
      const key = `${seat}:${card}`;
      next.add(key);
      const face = cardFace(card, { extra: `${drawn.has(key) || still() ? "" : "arrive"} ${seat === winner ? "wins" : ""}` });
      face.style.left = `${at.x}%`;
      face.style.top = `${at.y}%`;
      return [face, seat];
    });
    middle.replaceChildren(...faces.map(([face]) => face));
    clearOfPlates(felt, faces.map(([face]) => face), [...plates.children]);
    for (const [face, seat] of faces) {
      const from = spot(seat, me, n, 44, 42);
      face.style.setProperty("--from-x", `${(from.x - parseFloat(face.style.left)) * felt.clientWidth / 100}px`);
      face.style.setProperty("--from-y", `${(from.y - parseFloat(face.style.top)) * felt.clientHeight / 100}px`);
    }
    drawn = next;
    felt.dataset.cards = String(cards.length);
    felt.dataset.width = String(felt.clientWidth);  // the width the cards were placed for (tests wait for it after a resize)
  }
  // a new size (a phone turned, a window resized) moves the plates: the cards find their places again
  new ResizeObserver(() => {
    if (!model.state || felt.hidden || sweeping) return;
    drawPlates(plates, model, model.words().seats.length, lastLines);
    if (placed) place(placed.cards, placed.n, placed.winner);
  }).observe(felt);

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
      sweeping = true;
      if (!still()) sweep(shown.winner, n);
      setTimeout(() => { shown = null; sweeping = false; felt.dataset.held = ""; draw(); }, still() ? 0 : SWEEP);
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
    if (shown) {  // a plate may have changed its size (whose turn it is): the held trick finds its places again
      if (!sweeping) place(shown.cards, n, shown.winner);
      return;
    }
    if (finished.length && Number(settings.hold ?? 1000) > 0) { showFinished(n); return; }
    finished.length = 0;
    place(trickOf(view, n), n);
  }
  return { draw };
}

/** A box {l, t, r, b} in px inside the felt's padding box. */
function boxIn(felt, node) {
  const f = felt.getBoundingClientRect();
  const r = node.getBoundingClientRect();
  const x = f.left + felt.clientLeft;
  const y = f.top + felt.clientTop;
  return { l: r.left - x, t: r.top - y, r: r.right - x, b: r.bottom - y };
}

const area = (a, b) => Math.max(0, Math.min(a.r, b.r) - Math.max(a.l, b.l)) * Math.max(0, Math.min(a.b, b.b) - Math.max(a.t, b.t));
const overlaps = (a, b, gap = 3) => a.l < b.r + gap && b.l < a.r + gap && a.t < b.b + gap && b.t < a.b + gap;

/**
 * Move each card of the trick (placed at its seat's spot, left/top in percent) toward the middle
 * until no seat's plate covers any of it, and no card placed before it either where there is room
 * (on a phone the plates take much of the felt): every card of the trick is seen whole.
 */
export function clearOfPlates(felt, faces, plateNodes) {
  const w = felt.clientWidth;
  const h = felt.clientHeight;
  if (!w || !h) return;
  const blocks = plateNodes.map((p) => boxIn(felt, p));
  const taken = [];
  const STEPS = 24;
  for (const face of faces) {
    const x0 = parseFloat(face.style.left);
    const y0 = parseFloat(face.style.top);
    const half = { w: face.offsetWidth / 2, h: face.offsetHeight / 2 };
    const at = (k) => {
      const x = x0 + ((50 - x0) * k) / STEPS;
      const y = y0 + ((50 - y0) * k) / STEPS;
      const px = (x * w) / 100;
      const py = (y * h) / 100;
      return { x, y, box: { l: px - half.w, t: py - half.h, r: px + half.w, b: py + half.h } };
    };
    // the first spot toward the middle clear of plates and cards; else the spot clear of plates
    // that the cards already placed cover least; else the middle
    let best = null;
    let least = Infinity;
    for (let k = 0; k <= STEPS; k += 1) {
      const spot = at(k);
      if (blocks.some((b) => overlaps(spot.box, b))) continue;
      const covered = taken.reduce((sum, b) => sum + area(spot.box, b), 0);
      if (covered < least) { best = spot; least = covered; }
      if (!covered) break;
    }
    best = best || at(STEPS);
    face.style.left = `${best.x}%`;
    face.style.top = `${best.y}%`;
    taken.push(best.box);
  }
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
  const sig = JSON.stringify([seats, places, lines, me, state.to_move, state.status, away, box.parentElement.clientWidth < 480]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  const narrow = box.parentElement.clientWidth < 480;
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
      el("span", { class: "who" }, el("b", { text: s.kind === "open" ? _("open") : model.words().names?.[i] || s.name || place }),
        ...tags.map((t) => el("span", { class: "tag", text: t }))),
      ...((lines[i] || []).length ? [el("span", { class: "line", text: lines[i].join(" · ") })] : []),
      ...(turn ? [el("span", { class: "to-play", text: i === me ? _("your turn") : _("to play") })] : []));
    // a phone's felt is narrow: the plates beside the middle row go up to the corners, and the trick has the middle
    if (!edge) plate.style.top = `${narrow && Math.abs(at.y - 50) < 1 ? 24 : at.y}%`;
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
