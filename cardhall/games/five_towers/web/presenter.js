// 5 Towers at the table page: the offer and each player's five towers as coloured chips
// (aria-hidden: the words of the C, O and B keys say the same).
import { _, el, pgettext } from "/static/common.js";

const TOWERS = [["P", pgettext("tower", "Candy")], ["V", pgettext("tower", "Spooky")], ["G", pgettext("tower", "Tree")],
  ["S", pgettext("tower", "Scrap")], ["Y", pgettext("tower", "Sand")]];

function board(view, model) {
  const parts = [];
  if (Array.isArray(view.offer) && view.offer.length) {
    parts.push(el("div", { class: "offer" }, el("span", { class: "label", text: _("Offer") }),
      ...view.offer.map((c) => el("span", { class: `chip tower-${String(c)[0]}`, text: String(c).slice(1) }))));
  }
  const names = model.words().seats;
  (view.towers || []).forEach((towers, seat) => {
    const row = el("div", { class: "towers" }, el("span", { class: "label", text: seat === model.seat() ? _("You") : names[seat] || "" }));
    for (const [letter, name] of TOWERS) {
      const cards = towers[letter] || [];
      row.append(el("span", { class: `tower tower-${letter}` }, el("span", { class: "tname", text: name }),
        ...[...cards].reverse().map((v) => el("span", { class: "chip", text: String(v) }))));
    }
    parts.push(row);
  });
  return parts;
}

export default function attach(root, model) {
  const box = el("div", { id: "board", class: "board-picture", "aria-hidden": "true" });
  root.append(box);
  model.on("state", () => {
    const view = model.view();
    const sig = JSON.stringify([view.offer, view.towers, model.seat()]);
    if (box.dataset.sig === sig) return;
    box.dataset.sig = sig;
    box.replaceChildren(...board(view, model));
  });
}
