// The hand: one button per card, drawn as the card's face and named in words ("queen of
// spades"); a card that cannot be played now is aria-disabled, says so, and is drawn lower and
// dimmed in its own suit colour. Buttons are kept and reordered, never re-created.
import { _, el, face } from "../common.js";
import { cardFace } from "./cardface.js";
import { focusLost, focusPlace } from "./focus.js";
import { cardUses } from "./uses.js";

const $ = (id) => document.getElementById(id);

/** Draw the hand on every state of `model`; `tryCard(card)` plays (or asks about) a card. */
export function showHand(model, { tryCard }) {
  model.on("state", () => drawHand(model, tryCard));
}

function drawHand(model, tryCard) {
  const hand = model.hand() || [];
  const legal = model.legal();
  const box = $("hand");
  $("hand-h").hidden = box.hidden = model.seat() === null || model.hand() === null;
  const keep = new Set(hand);
  const gone = [...box.children].filter((b) => !keep.has(b.dataset.card));
  const focusAt = focusLost(box, gone);
  gone.forEach((b) => b.remove());
  hand.forEach((card, i) => {
    let b = box.querySelector(`button[data-card="${CSS.escape(card)}"]`);
    if (!b) {
      const french = Boolean(face(card));  // other cards (a creature, a tower's card) are tiles in words
      b = el("button", { type: "button", class: french ? "card" : "card plain", "data-card": card, onclick: () => tryCard(card, b) },
        ...(french ? [cardFace(card)] : []), el("span", { class: "name" }));
    }
    if (box.children[i] !== b) box.insertBefore(b, box.children[i] || null);
    const ways = cardUses(card, legal);
    const words = model.word(card);
    b.querySelector(".name").textContent = words;
    b.setAttribute("aria-disabled", ways.length ? "false" : "true");
    b.title = ways.length === 1 ? words : ways.length ? _("{card}: several ways to play it", { card: words })
      : _("{card}: not playable now", { card: words });
  });
  if (focusAt === null) return;
  const next = box.children[Math.min(focusAt, box.children.length - 1)];
  if (next) next.focus(); else focusPlace($("hand-h"));  // the last card went: never to the page's body
}
