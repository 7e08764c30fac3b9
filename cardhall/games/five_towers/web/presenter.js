// 5 Towers at the table page (aria-hidden: the words of the C, O and B keys say the same): the
// offer as coloured cards with their numbers, each player's bid, and each player's five towers
// as coloured stacks, the top card on top, a roof on a tower topped with a 0 (complete).
// Bidding by mouse: a click on the offer's k-th card bids k (takes that many cards), when that
// bid is legal; the picker's buttons offer every bid and build for the keyboard.
import { _, el, ngettext, pgettext } from "/static/common.js";

const TOWERS = [["P", pgettext("tower", "Candy")], ["V", pgettext("tower", "Spooky")], ["G", pgettext("tower", "Tree")],
  ["S", pgettext("tower", "Scrap")], ["Y", pgettext("tower", "Sand")]];

function tile(card, extra = "") {
  const c = String(card);
  return el("span", { class: `ft-card tower-${c[0]} ${extra}`.trim(), text: c.slice(1) });
}

function offer(view, model, play) {
  if (!Array.isArray(view.offer) || !view.offer.length) return null;
  const legal = new Set(model.legal());
  const cards = view.offer.map((c, i) => {
    const bid = `bid ${i + 1}`;
    const t = tile(c, legal.has(bid) ? "can-bid" : "");
    if (legal.has(bid)) {
      t.title = model.choice(bid);
      t.addEventListener("click", () => play(bid));
    }
    return t;
  });
  return el("div", { class: "offer" }, el("span", { class: "label", text: _("Offer") }), ...cards);
}

function bidOf(view, seat) {
  const b = Array.isArray(view.bids) ? view.bids[seat] : null;
  if (typeof b !== "number") return "";
  return view.high_bidder === seat ? _("bid {count} (highest)", { count: b }) : _("bid {count}", { count: b });
}

function player(view, model, towers, seat) {
  const names = model.words().seats;
  const sat = (model.state.seats || [])[seat] || {};
  const who = seat === model.seat() ? _("You") : sat.name || names[seat] || "";
  const row = el("div", { class: `ft-player ${view.to_move === seat ? "turn" : ""}`.trim() },
    el("div", { class: "ft-who" }, el("b", { text: who }), el("span", { text: bidOf(view, seat) }),
      el("span", { text: ngettext("{count} point", "{count} points", (view.scores || [])[seat] ?? 0) })));
  const stacks = el("div", { class: "ft-towers" });
  for (const [letter, name] of TOWERS) {
    const cards = towers[letter] || [];
    const roofed = cards.length && cards[cards.length - 1] === 0;
    stacks.append(el("div", { class: `ft-tower tower-${letter} ${roofed ? "roofed" : ""}`.trim() },
      ...(roofed ? [el("span", { class: "roof" })] : []),
      ...[...cards].reverse().map((v) => tile(`${letter}${v}`)),
      el("span", { class: "tname", text: name })));
  }
  row.append(stacks);
  return row;
}

export default function attach(root, model) {
  const box = el("div", { id: "board", class: "board-picture five-towers", "aria-hidden": "true" });
  root.append(box);
  const play = (notation) => document.dispatchEvent(new CustomEvent("cardhall:play", { detail: notation }));
  model.on("state", () => {
    const view = model.view();
    box.hidden = model.state.status === "waiting";
    const sig = JSON.stringify([view.offer, view.towers, view.bids, view.scores, view.to_move, model.seat(), model.legal()]);
    if (box.dataset.sig === sig) return;
    box.dataset.sig = sig;
    const me = model.seat();
    const order = (view.towers || []).map((_t, i) => i).sort((a, b) => (a === me) - (b === me));
    box.replaceChildren(...[offer(view, model, play), ...order.map((i) => player(view, model, view.towers[i], i))].filter(Boolean));
  });
}
