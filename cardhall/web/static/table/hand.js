// The hand: one button per card, drawn as the card's face and named in words once ("queen of
// spades": the face is hidden from readers, no label or title repeats the name); a card that cannot
// be played now is aria-disabled, says so in its hint ("not playable now"), and is drawn lower and
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
    // the suit's sign is seen on the face, not said: a reader would say the suit twice ("three of spades, black spade suit")
    b.querySelector(".name").textContent = spokenAndSign(words)[0];
    b.setAttribute("aria-disabled", ways.length ? "false" : "true");
    // the name is said once (the button's text); a hint (the title, which a reader says after it) adds only
    // what the name does not say
    const hint = ways.length === 1 ? "" : ways.length ? _("several ways to play it") : _("not playable now");
    if (hint) b.title = hint; else b.removeAttribute("title");
  });
  if (focusAt === null) return;
  const next = nearestPlayable(box, focusAt);
  if (next) next.focus(); else focusPlace($("hand-h"));  // no card to play now: the hand's heading, never the body
}

/** A card's words split into what is said and the suit's sign after it ("three of spades ♠"). */
export function spokenAndSign(words) {
  const found = /^(.*\S)\s*([♠♥♦♣])$/u.exec(words);
  return found ? [found[1], found[2]] : [words, ""];
}

/** The playable card nearest to where the played one stood (the next one first), or null: focus
 * never lands on a card that cannot be played (after your move, until your next turn, none can). */
function nearestPlayable(box, at) {
  const cards = [...box.children];
  for (let d = 0; d < cards.length; d += 1) {
    for (const i of [at + d, at - 1 - d]) {
      if (cards[i] && cards[i].getAttribute("aria-disabled") === "false") return cards[i];
    }
  }
  return null;
}
