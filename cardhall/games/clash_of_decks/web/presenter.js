// Clash of Decks at the table page: the battle board (aria-hidden: the words of the C key and
// the table in words say the same). The opponent's side on top, yours below; each side's
// Bastion or Fort with its life bar (how far it is from the right end of its hand) and the
// mana; two lanes, each with the opponent's creatures above the bridge and yours below, the
// nearest to the bridge first, as cards with attack and health (damage shown) and their
// abilities on hover. In the hand, the playable window (the four leftmost cards) is marked.
import { _, el, ngettext, pgettext } from "/static/common.js";

const WINDOW = 4;  // the rules: cards are played from the four leftmost (the Bastion/Fort not counted)

function creature(c) {
  const left = c.health - (c.damage || 0);
  const abilities = Array.isArray(c.abilities) ? c.abilities : [];
  return el("span", { class: `creature ${c.new ? "new" : ""}`.trim(), title: abilities.join(", ") },
    el("b", { class: "cname", text: c.name }),
    el("span", { class: "stats" }, el("span", { class: "atk", text: `⚔ ${c.attack + (c.bonus || 0)}` }),
      el("span", { class: `hp ${left < c.health ? "hurt" : ""}`.trim(), text: `♥ ${left}/${c.health}` })),
    ...(abilities.length ? [el("span", { class: "abil", text: abilities.join(" · ") })] : []));
}

/** A side's Bastion or Fort: its life left is how many places it may still move right in the hand. */
function stronghold(hand, who, mana) {
  if (!hand || typeof hand.size !== "number" || typeof hand.bastion !== "number") return el("div");
  const room = Math.max(1, hand.size - 1);
  const left = Math.max(0, hand.size - 1 - hand.bastion);
  const name = hand.fort ? _("Fort") : _("Bastion");
  const bar = el("span", { class: `life ${hand.fort ? "fort" : ""}`.trim() }, el("span", { class: "fill" }));
  bar.firstChild.style.width = `${Math.round((100 * left) / room)}%`;
  return el("div", { class: "hold" }, el("b", { text: who }), el("span", { text: _("{name}: life {count}", { name, count: left }) }), bar,
    ...(mana === null ? [] : [el("span", { class: "mana", text: ngettext("{count} mana", "{count} mana", mana) })]));
}

function board(view, model) {
  const rows = view.board;
  if (!Array.isArray(rows) || rows.length !== 2) return [];
  const me = model.seat() === 1 ? 1 : 0;
  const them = 1 - me;
  const hands = Array.isArray(view.hands) ? view.hands : [];
  const names = model.words().seats;
  const mine = view.active === me && typeof view.mana === "number" ? view.mana : null;
  const theirs = view.active === them && typeof view.mana === "number" ? view.mana : null;
  const lanes = [pgettext("lane, short", "top"), pgettext("lane, short", "bottom")].map((lane, l) => el("div", { class: "lane" },
    el("span", { class: "label", text: lane }),
    el("div", { class: "side them" }, ...[...(rows[them][l] || [])].reverse().map(creature)),
    el("div", { class: "bridge", text: _("bridge") }),
    el("div", { class: "side me" }, ...(rows[me][l] || []).map(creature))));
  const sat = (model.state.seats || [])[them] || {};
  return [stronghold(hands[them], sat.name || names[them] || "", theirs), el("div", { class: "lanes" }, ...lanes),
    stronghold(hands[me], model.seat() === null ? names[me] || "" : _("You"), mine)];
}

export default function attach(root, model) {
  const box = el("div", { id: "board", class: "board-picture clash", "aria-hidden": "true" });
  root.append(box);
  model.on("state", () => {
    const view = model.view();
    box.hidden = model.state.status === "waiting";
    const sig = JSON.stringify([view.board, view.hands && view.hands.map((h) => [h.size, h.bastion, h.fort]), view.mana, view.active, model.seat()]);
    if (box.dataset.sig !== sig) {
      box.dataset.sig = sig;
      box.replaceChildren(...board(view, model));
    }
    // the hand's playable window: the four leftmost cards
    [...document.querySelectorAll("#hand button[data-card]")].forEach((b, i) => b.classList.toggle("window", i < WINDOW));
  });
}
