// Clash of Decks at the table page: the battle board (aria-hidden: the words of the C key and
// the table in words say the same). The opponent's side on top, yours below; each side's
// Bastion or Fort with its life bar (how far it is from the right end of its hand) and the
// mana; two lanes, each with the opponent's creatures above the bridge and yours below, the
// nearest to the bridge first, as cards with attack and health (damage shown) and their
// abilities on hover. In the hand, the playable window (the four leftmost cards) is marked, and
// each card shows its cost, attack and health (an incantation: its damage) and its abilities,
// from the game's card data (`data.json`, served from the game's package: never copied here);
// the ability names are translated through the game's catalog (context "ability").
import { _, el, ngettext, pgettext } from "/static/common.js";

const WINDOW = 4;  // the rules: cards are played from the four leftmost (the Bastion/Fort not counted)

// The abilities' names in the reader's language (the same messages as the game's text).
const ABILITIES = {
  Splash: pgettext("ability", "Splash"), Perforation: pgettext("ability", "Perforation"), Rage: pgettext("ability", "Rage"),
  Protection: pgettext("ability", "Protection"), Indestructible: pgettext("ability", "Indestructible"),
  Berserk: pgettext("ability", "Berserk"), Sprint: pgettext("ability", "Sprint"), Aura: pgettext("ability", "Aura"),
};
export const ability = (name) => ABILITIES[name] || name;

/** A card's abilities in words: its own, then "aura of …" for those it gives its neighbours. */
export function abilityWords(card) {
  const own = (card.abilities || []).map(ability);
  if ((card.aura || []).length) own.push(_("aura of {abilities}", { abilities: card.aura.map(ability).join(", ") }));
  return own;
}

/** A hand card in words, as the game's text says it (its name, kind, cost, numbers, abilities). */
export function cardWords(word, card) {
  const extra = abilityWords(card).map((a) => `, ${a}`).join("");
  return card.kind === "creature"
    ? _("{name} (creature, cost {cost}, attack {attack}, health {health}{extra})",
      { name: word, cost: card.cost, attack: card.attack, health: card.health, extra })
    : _("{name} (incantation, cost {cost}, damage {damage}{extra})", { name: word, cost: card.cost, damage: card.damage, extra });
}

/** A hand card's numbers and abilities as drawn on its tile (aria-hidden: the button's name and description say them). */
function handStats(card) {
  const numbers = card.kind === "creature"
    ? [el("span", { class: "atk", text: `⚔ ${card.attack}` }), el("span", { class: "hp", text: `♥ ${card.health}` })]
    : [el("span", { class: "dmg", text: `✹ ${card.damage}` })];
  const words = abilityWords(card);
  return el("span", { class: `cstats kind-${card.kind}`, "aria-hidden": "true" },
    el("span", { class: "cost", text: String(card.cost) }), el("span", { class: "nums" }, ...numbers),
    ...(words.length ? [el("span", { class: "abil", text: words.join(" · ") })] : []));
}

/** Draw each hand button's cost, numbers and abilities, and describe them in words (title). */
function decorateHand(model, cards) {
  [...document.querySelectorAll("#hand button[data-card]")].forEach((b, i) => {
    b.classList.toggle("window", i < WINDOW);
    const card = cards && cards[b.dataset.card];
    if (!card) return;
    if (!b.querySelector(".cstats")) b.append(handStats(card));
    const said = cardWords(model.word(b.dataset.card), card);
    if (!b.title.endsWith(said)) b.title = `${b.title} — ${said}`;
  });
}

function creature(c) {
  const left = c.health - (c.damage || 0);
  const abilities = (Array.isArray(c.abilities) ? c.abilities : []).map(ability);
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
  let cards = null;
  const where = model.summary && model.summary.presenter && model.summary.presenter.data;
  if (where) {
    fetch(where).then((r) => r.json()).then((data) => { cards = data.cards || null; if (model.state) decorateHand(model, cards); })
      .catch(() => {});  // without the data the hand still shows each card's name
  }
  model.on("state", () => {
    const view = model.view();
    box.hidden = model.state.status === "waiting";
    const sig = JSON.stringify([view.board, view.hands && view.hands.map((h) => [h.size, h.bastion, h.fort]), view.mana, view.active, model.seat()]);
    if (box.dataset.sig !== sig) {
      box.dataset.sig = sig;
      box.replaceChildren(...board(view, model));
    }
    decorateHand(model, cards);  // the playable window (the four leftmost cards), each card's numbers
  });
}
