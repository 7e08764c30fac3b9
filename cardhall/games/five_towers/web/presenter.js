// 5 Towers at the table page (aria-hidden: the words of the C, O and B keys say the same): the
// offer as coloured cards with their numbers, each player's bid, and each player's five towers
// as coloured stacks, the top card on top, a roof on a tower topped with a 0 (complete).
//
// By mouse or touch:
//   - bidding: a click on the offer's k-th card bids k (takes that many cards), when that bid is
//     legal;
//   - building: a click on an offer card takes it, a click on your tower of its colour puts it
//     there (drawn dashed on top until the build is played); a click on one of your tower tops
//     (with no card taken) demolishes it, again to keep it; a click on a card put on a tower, or
//     on the taken card, takes it back. Once every card is put, the one legal build that matches
//     is played (without a demolition unless one was chosen, or only a demolition allows it).
// Clicks choose among the legal builds only (the draft narrows them; nothing here knows the
// building rules), and each click sets the picker's path to the answers the remaining builds
// share, so the picker's buttons (the keyboard's way) show the same step.
import { _, el, ngettext, pgettext } from "/static/common.js";

const TOWERS = [["P", pgettext("tower", "Candy")], ["V", pgettext("tower", "Spooky")], ["G", pgettext("tower", "Tree")],
  ["S", pgettext("tower", "Scrap")], ["Y", pgettext("tower", "Sand")]];

function tile(card, extra = "") {
  const c = String(card);
  return el("span", { class: `ft-card tower-${c[0]} ${extra}`.trim(), text: c.slice(1), "data-card": c });
}

// --- the build draft: pure functions of the legal notations ------------------------------------

/** A legal build's notation ("take Y7 P9; demolish Y6; place P9 Y7") as {notation, take, demolish, place}; null for a bid. */
export function parseBuild(notation) {
  if (!notation.startsWith("take ")) return null;
  const parts = {};
  for (const clause of notation.split(";")) {
    const [key, ...cards] = clause.trim().split(/\s+/);
    parts[key] = cards;
  }
  return { notation, take: parts.take || [], demolish: parts.demolish ? parts.demolish[0] : null, place: parts.place || [] };
}

const count = (list, x) => list.filter((y) => y === x).length;
const ofColour = (cards, letter) => cards.filter((c) => c[0] === letter);

/**
 * Whether build `b` agrees with the draft {placed: [card], held: card|null, demolish: card|null}:
 * the chosen demolition (if any) is the build's, each tower's cards put so far are the first of
 * the build's on that tower, in order, and the taken card is still to be put.
 */
export function agrees(b, draft) {
  if (draft.demolish && b.demolish !== draft.demolish) return false;
  for (const [letter] of TOWERS) {
    const mine = ofColour(draft.placed, letter);
    const theirs = ofColour(b.place, letter);
    if (mine.some((c, i) => theirs[i] !== c)) return false;
  }
  return !draft.held || count(b.place, draft.held) > count(draft.placed, draft.held);
}

/** The builds of `builds` that agree with `draft`. */
export function agreeing(builds, draft) {
  return builds.filter((b) => agrees(b, draft));
}

/** The build a finished draft plays: the one agreeing build, preferring no demolition when none was chosen. */
export function finished(builds, draft) {
  if (!builds.length || draft.placed.length !== builds[0].place.length) return null;
  let left = agreeing(builds, draft);
  if (!draft.demolish && left.some((b) => !b.demolish)) left = left.filter((b) => !b.demolish);
  return left.length === 1 ? left[0] : null;
}

/** The demolition every agreeing build makes (the only way on), or null. */
export function implied(builds, draft) {
  const left = agreeing(builds, draft);
  const d = left.length ? left[0].demolish : null;
  return d && left.every((b) => b.demolish === d) ? d : null;
}

/** The picker's answers that every build in `left` shares, from the first step on. */
export function sharedPath(left, steps) {
  if (!left.length || !steps || !left.every((b) => Array.isArray(steps[b.notation]))) return [];
  const path = [];
  for (let k = 0; k < steps[left[0].notation].length; k += 1) {
    const answers = new Set(left.map((b) => (steps[b.notation][k] || [])[1]));
    if (answers.size !== 1) break;
    path.push([...answers][0]);
  }
  return path;
}

// --- drawing -----------------------------------------------------------------------------------

function bidOf(view, seat) {
  const b = Array.isArray(view.bids) ? view.bids[seat] : null;
  if (typeof b !== "number") return "";
  return view.high_bidder === seat ? _("bid {count} (highest)", { count: b }) : _("bid {count}", { count: b });
}

export default function attach(root, model) {
  const box = el("div", { id: "board", class: "board-picture five-towers", "aria-hidden": "true" });
  root.append(box);
  const play = (notation) => document.dispatchEvent(new CustomEvent("cardhall:play", { detail: notation }));
  let draft = { placed: [], from: [], held: null, heldAt: null, demolish: null };
  let legalSig = "";

  const builds = () => model.legal().map(parseBuild).filter(Boolean);

  /** The draft changed: play it once finished, else redraw and show the picker the same step. */
  function changed() {
    const all = builds();
    const done = finished(all, draft);
    if (done) { play(done.notation); return; }
    const left = agreeing(all, draft);
    const path = draft.placed.length || draft.demolish ? sharedPath(left, model.words().steps) : [];
    model.update((local) => { local.path = path; local.byUser = path.map(() => true); });
    draw(true);
  }

  function takeFromOffer(i, card) {
    if (draft.heldAt === i) { draft = { ...draft, held: null, heldAt: null }; changed(); return; }
    const next = { ...draft, held: card, heldAt: i };
    if (!agreeing(builds(), next).length) return;  // no legal build takes it now
    draft = next;
    changed();
  }

  function clickTower(letter) {
    if (!draft.held || draft.held[0] !== letter) return;  // a card goes on the tower of its colour only
    draft = { ...draft, placed: [...draft.placed, draft.held], from: [...draft.from, draft.heldAt], held: null, heldAt: null };
    changed();
  }

  function clickTop(top) {
    const mark = draft.demolish === top ? null : top;
    if (mark && !agreeing(builds(), { ...draft, demolish: mark }).length) return;
    draft = { ...draft, demolish: mark };
    changed();
  }

  /** Take back the card at `index` of the draft's placed cards and every card put after it on that tower. */
  function takeBack(index) {
    const letter = draft.placed[index][0];
    const keep = draft.placed.map((c, i) => i < index || c[0] !== letter);
    draft = { ...draft, placed: draft.placed.filter((_c, i) => keep[i]), from: draft.from.filter((_c, i) => keep[i]) };
    changed();
  }

  function offer(view, building) {
    if (!Array.isArray(view.offer) || !view.offer.length) return null;
    const legal = new Set(model.legal());
    const all = building ? builds() : [];
    const cards = view.offer.map((c, i) => {
      if (building) {
        const used = draft.from.includes(i);
        const can = !used && (draft.heldAt === i || agreeing(all, { ...draft, held: c }).length > 0);
        const t = tile(c, `${used ? "used" : ""} ${draft.heldAt === i ? "held" : ""} ${can ? "can-take" : ""}`);
        if (can) t.addEventListener("click", () => takeFromOffer(i, c));
        return t;
      }
      const bid = `bid ${i + 1}`;
      const t = tile(c, legal.has(bid) ? "can-bid" : "");
      if (legal.has(bid)) {
        t.title = model.choice(bid);
        t.addEventListener("click", () => play(bid));
      }
      return t;
    });
    const hint = building ? [el("span", { class: "ft-hint", text: _("Take a card of the offer, then click the tower it goes on.") })] : [];
    return el("div", { class: "offer" }, el("span", { class: "label", text: _("Offer") }), ...cards, ...hint);
  }

  function player(view, towers, seat, building) {
    const names = model.words().seats;
    const sat = (model.state.seats || [])[seat] || {};
    const mine = building && seat === model.seat();
    const who = seat === model.seat() ? _("You") : sat.name || names[seat] || "";
    const row = el("div", { class: `ft-player ${view.to_move === seat ? "turn" : ""} ${mine ? "building" : ""}`.trim() },
      el("div", { class: "ft-who" }, el("b", { text: who }), el("span", { text: bidOf(view, seat) }),
        el("span", { text: ngettext("{count} point", "{count} points", (view.scores || [])[seat] ?? 0) })));
    const stacks = el("div", { class: "ft-towers" });
    const all = mine ? builds() : [];
    const gone = mine ? draft.demolish || implied(all, draft) : null;
    for (const [letter, name] of TOWERS) {
      const cards = (towers[letter] || []).map((v) => `${letter}${v}`);
      const roofed = cards.length && cards[cards.length - 1] === `${letter}0`;
      const top = cards.length ? cards[cards.length - 1] : null;
      const pending = draft.placed.map((c, i) => [c, i]).filter(([c]) => mine && c[0] === letter);
      const target = mine && draft.held && draft.held[0] === letter;
      const canDemolish = mine && !draft.held && top && (draft.demolish === top || agreeing(all, { ...draft, demolish: top }).length > 0);
      const tower = el("div", { class: `ft-tower tower-${letter} ${roofed ? "roofed" : ""} ${target ? "target" : ""}`
        .replace(/\s+/g, " ").trim(), "data-tower": letter },
      ...[...pending].reverse().map(([c, i]) => {
        const t = tile(c, "pending");
        t.addEventListener("click", (e) => { if (!draft.held) { e.stopPropagation(); takeBack(i); } });  // with a card taken: the tower's click
        return t;
      }),
      ...(roofed ? [el("span", { class: "roof" })] : []),
      ...[...cards].reverse().map((c, i) => {
        const t = tile(c, `${i === 0 && gone === c ? "demolished" : ""} ${i === 0 && canDemolish ? "can-demolish" : ""}`);
        if (i === 0 && canDemolish) t.addEventListener("click", (e) => { if (!draft.held) { e.stopPropagation(); clickTop(c); } });
        return t;
      }),
      el("span", { class: "tname", text: name }));
      if (mine) tower.addEventListener("click", () => clickTower(letter));
      stacks.append(tower);
    }
    row.append(stacks);
    return row;
  }

  function draw(force = false) {
    const view = model.view();
    box.hidden = model.state.status === "waiting";
    const building = builds().length > 0;
    const legal = JSON.stringify(model.legal());
    if (legal !== legalSig) { legalSig = legal; draft = { placed: [], from: [], held: null, heldAt: null, demolish: null }; }
    const sig = JSON.stringify([view.offer, view.towers, view.bids, view.scores, view.to_move, model.seat(), legal]);
    if (box.dataset.sig === sig && !force) return;
    box.dataset.sig = sig;
    box.dataset.placed = String(draft.placed.length);
    const me = model.seat();
    const order = (view.towers || []).map((_t, i) => i).sort((a, b) => (a === me) - (b === me));
    box.replaceChildren(...[offer(view, building), ...order.map((i) => player(view, view.towers[i], i, building))].filter(Boolean));
  }

  model.on("state", () => draw());
}
