// Clash of Decks at the table page: both lanes with each side's creatures (attack/health),
// the bridge between them (aria-hidden: the words of the C key say the same).
import { _, el, pgettext } from "/static/common.js";

function creature(c) {
  const hp = c.health - (c.damage || 0);
  return el("span", { class: "creature" }, el("b", { text: c.name }), ` ${c.attack}/${hp}`);
}

function lanes(view) {
  const board = view.board;
  if (!Array.isArray(board) || board.length !== 2) return [];
  return [pgettext("lane, short", "top"), pgettext("lane, short", "bottom")].map((lane, l) => el("div", { class: "lane" },
    el("span", { class: "label", text: lane }),
    el("span", { class: "side a" }, ...[...(board[0][l] || [])].reverse().map(creature)),
    el("span", { class: "bridge", text: _("bridge") }),
    el("span", { class: "side b" }, ...(board[1][l] || []).map(creature))));
}

export default function attach(root, model) {
  const box = el("div", { id: "board", class: "board-picture", "aria-hidden": "true" });
  root.append(box);
  model.on("state", () => {
    const view = model.view();
    const sig = JSON.stringify(view.board);
    if (box.dataset.sig === sig) return;
    box.dataset.sig = sig;
    box.replaceChildren(...lanes(view));
  });
}
