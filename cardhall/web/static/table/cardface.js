// A playing card's face, drawn by the page (HTML and CSS, no images): the rank and suit in two
// corners, the suit (or the court's letter) large in the middle, in the suit's colour (the
// four-colour deck is the body's class). Decorative: a face is aria-hidden, the words say the card.
import { el, face } from "../common.js";

const COURT = new Set(["J", "Q", "K"]);
let own = null;

/** A game's own faces (Jass's German-suited Swiss cards): `draw(card, extra)` returns a face, or
 * null to draw the French one. */
export function useFaces(draw) { own = draw; }

/** The face of `card` ("QS"), or a plain tile with the token for a card that is not a French one. */
export function cardFace(card, { extra = "" } = {}) {
  const drawn = own && own(card, extra);
  if (drawn) return drawn;
  const f = face(card);
  if (!f) return el("span", { class: `pcard plain ${extra}`.trim(), "aria-hidden": "true" }, el("span", { class: "token", text: card }));
  const rank = f.text.slice(0, -1);
  const symbol = f.text.slice(-1);
  const corner = () => el("span", { class: "corner" }, el("span", { class: "rank", text: rank }), el("span", { class: "s", text: symbol }));
  return el("span", { class: `pcard suit-${f.suit} ${COURT.has(rank) ? "court" : ""} ${extra}`.trim(), "aria-hidden": "true", "data-card": card },
    corner(), el("span", { class: "middle", text: COURT.has(rank) ? rank : symbol }), el("span", { class: "corner end" }, ...corner().childNodes));
}

/** The back of a card (a hidden card). */
export function cardBack() {
  return el("span", { class: "pcard back", "aria-hidden": "true" });
}
