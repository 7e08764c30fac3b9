// Jass and Putz at the table page: the trick and the panel, which also says the talon's state
// (Putz: taken by whom, or how many cards lie there; 5-player Putz has none). Jass's total is
// a team's. The card faces are French- or German-suited (the Swiss cards: Rosen, Eicheln,
// Schilten, Schellen; 6–9, Banner, Under, Ober, König, Ass), a setting of this browser (German by
// default when the page is German); the German faces are drawn here as SVG, aria-hidden like
// every face. The words say the card the page draws: the choice goes to the room in the
// `cardhall_faces` cookie (cardhall.web.words.faces_of), so the table's sentences name the German
// cards ("Schellen-Under", «унтер бубенцов») — set before the page connects, and on a change the
// page comes back with the new words.
import { _, ngettext, pgettext, el } from "/static/common.js";
import { trickPresenter, suitText } from "/static/table/trick.js";
import { cardFace, useFaces } from "/static/table/cardface.js";

function talon(view, model) {
  if (typeof view.talon_size !== "number" || typeof view.talon_taken_by !== "number"
      || !(view.talon_size > 0 || view.talon_taken_by >= 0)) return [];
  const by = view.talon_taken_by;
  const names = model.words().seats;
  return [[_("Talon"), by >= 0 ? (by === model.seat() ? _("taken by you")
    : _("taken by {seat}", { seat: names[by] || _("Seat {number}", { number: by + 1 }) }))
    : ngettext("{count} card, not taken", "{count} cards, not taken", view.talon_size)]];
}

/** A suit letter as the panel says it (trump, led suit): with the German faces, the German
 * suit's sign and name («Schilten», not «♠ Pik»); with the French faces, the common suitText. */
export function panelSuit(letter) {
  return facesChosen() === "german" ? germanSuitText(letter) : suitText(letter);
}

const jass = trickPresenter({ facts: talon, total: _("Total (team)"), suit: panelSuit });
const putz = trickPresenter({ facts: talon, suit: panelSuit });

// --- the Swiss German-suited faces --------------------------------------------------------------
const SVG = "http://www.w3.org/2000/svg";
const FACES_KEY = "cardhall.jass.faces";
/** French suit letter → the German suit drawn for it, as Swiss Jass players pair the two packs
 * (Swisslos's Schieber rules: Rose/Herz, Eichel/Ecken, Schilten/Schaufel, Schellen/Kreuz). */
export const GERMAN = { H: "rosen", D: "eicheln", S: "schilten", C: "schellen" };
/** The index printed in a German face's corner: 6–9, 10 (the Banner), Under, Ober, König, Ass. */
const INDEX = { T: "10", J: "U", Q: "O", K: "K", A: "A" };
const COURTS = new Set(["J", "Q", "K"]);

function svg(tag, attrs, ...kids) {
  const node = document.createElementNS(SVG, tag);
  for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
  node.append(...kids);
  return node;
}

/** The four German suit signs on a 20×20 grid. */
const SIGNS = {
  rosen: () => [0, 72, 144, 216, 288].map((a) => svg("circle", { cx: 10 + 5 * Math.sin(a * Math.PI / 180),
    cy: 10 - 5 * Math.cos(a * Math.PI / 180), r: 4.2, fill: "#c8102e", stroke: "#7a0a1c", "stroke-width": ".6" }))
    .concat([svg("circle", { cx: 10, cy: 10, r: 3, fill: "#f4c430", stroke: "#7a0a1c", "stroke-width": ".5" })]),
  schellen: () => [svg("circle", { cx: 10, cy: 10.5, r: 8, fill: "#e0a800", stroke: "#6b4f00", "stroke-width": ".8" }),
    svg("path", { d: "M2.6 9 H17.4", stroke: "#6b4f00", "stroke-width": "1.2" }),
    svg("circle", { cx: 10, cy: 14, r: 1.6, fill: "#3b2b00" }),
    svg("path", { d: "M10 14 V18", stroke: "#3b2b00", "stroke-width": "1" })],
  schilten: () => [svg("path", { d: "M3 2 H17 V9 C17 14 13.5 17 10 19 C6.5 17 3 14 3 9 Z", fill: "#1f1f1f" }),
    svg("path", { d: "M5 4 H15 V9 C15 12.8 12.5 15.2 10 16.7 C7.5 15.2 5 12.8 5 9 Z", fill: "#e8b800" }),
    svg("path", { d: "M5 4 H15 V8 H5 Z", fill: "#c8102e" })],
  eicheln: () => [svg("path", { d: "M10 1.5 V4", stroke: "#4a3216", "stroke-width": "1.2" }),
    svg("ellipse", { cx: 10, cy: 12.5, rx: 5.2, ry: 6.5, fill: "#b5702a", stroke: "#5a3812", "stroke-width": ".7" }),
    svg("path", { d: "M3.8 9.5 C4 5 16 5 16.2 9.5 Z", fill: "#5b6e2e", stroke: "#33401a", "stroke-width": ".7" })],
};

/** The German suits' names, as the panel says them. */
const GERMAN_WORDS = { rosen: pgettext("suit, German", "roses"), eicheln: pgettext("suit, German", "acorns"),
  schilten: pgettext("suit, German", "shields"), schellen: pgettext("suit, German", "bells") };

/** A suit letter as its German suit: the sign (aria-hidden) and the name; null for others. */
export function germanSuitText(letter) {
  const suit = GERMAN[letter];
  if (!suit) return null;
  const mark = sign(suit, "inline");
  mark.setAttribute("width", "1em");
  mark.setAttribute("height", "1em");
  return el("span", { class: `german-suit ${suit}` }, mark, " ", GERMAN_WORDS[suit]);  // coloured as its faces
}

function sign(suit, cls) {
  return svg("svg", { viewBox: "0 0 20 20", class: `sign ${cls}`, "aria-hidden": "true", focusable: "false" }, ...SIGNS[suit]());
}

/** The Banner: a flag on its pole carrying the suit's sign. */
function banner(suit) {
  return svg("svg", { viewBox: "0 0 40 40", class: "sign banner", "aria-hidden": "true", focusable: "false" },
    svg("path", { d: "M8 3 V38", stroke: "#4a3216", "stroke-width": "2" }),
    svg("path", { d: "M9 4 H34 L29 13 L34 22 H9 Z", fill: "#f6f1e1", stroke: "#4a3216", "stroke-width": "1" }),
    svg("g", { transform: "translate(12 5) scale(.8)" }, ...SIGNS[suit]()));
}

/** A German-suited face for `card` ("JD" → Schellen-Under), or null for a card that is not one. */
export function germanFace(card, extra = "") {
  const m = /^([6-9TJQKA])([CDHS])$/.exec(card);
  if (!m) return null;
  const [, rank, letter] = m;
  const suit = GERMAN[letter];
  const index = INDEX[rank] || rank;
  const corner = () => el("span", { class: "corner" }, el("span", { class: "rank", text: index }), sign(suit, "s"));
  const middle = rank === "T" ? el("span", { class: "middle" }, banner(suit))
    : COURTS.has(rank) ? el("span", { class: "middle" }, el("span", { class: "court-letter", text: index }), sign(suit, "small"))
      : el("span", { class: "middle" }, sign(suit, rank === "A" ? "big ace" : "big"));
  return el("span", { class: `pcard german suit-${letter} ${suit} ${COURTS.has(rank) ? "court" : ""} ${extra}`.trim(),
    "aria-hidden": "true", "data-card": card }, corner(), middle, el("span", { class: "corner end" }, ...corner().childNodes));
}

/** The faces this browser shows at Jass and Putz: "german" or "french" (German by default when
 * the page is German). */
export function facesChosen() {
  const kept = (() => { try { return localStorage.getItem(FACES_KEY); } catch { return null; } })();
  if (kept === "german" || kept === "french") return kept;
  return (document.documentElement.lang || "").startsWith("de") ? "german" : "french";
}

/** Draw `faces` ("german": the Swiss German-suited pack; else the French) wherever a page draws a
 * card (the replay page calls this for the faces its words name). */
export function useNamedFaces(faces) {
  useFaces(faces === "german" ? germanFace : null);
}

function useChosen(faces) {
  useNamedFaces(faces);
  document.cookie = `cardhall_faces=${faces}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
}

/** Every face on the page drawn again in the chosen suits (its other classes kept). */
function redraw() {
  for (const old of document.querySelectorAll(".pcard[data-card]")) {
    const keep = [...old.classList].filter((c) => !["pcard", "german", "court", "rosen", "schellen", "schilten", "eicheln"].includes(c)
      && !c.startsWith("suit-"));
    old.replaceWith(cardFace(old.dataset.card, { extra: keep.join(" ") }));
  }
}

/** The setting: French suits or German suits, kept in this browser. */
function facesSetting() {
  const select = el("select", { id: "jass-faces" },
    el("option", { value: "french", text: _("French suits (hearts, diamonds, spades, clubs)") }),
    el("option", { value: "german", text: _("German suits (roses, acorns, shields, bells)") }));
  select.value = facesChosen();
  select.addEventListener("change", () => {
    try { localStorage.setItem(FACES_KEY, select.value); } catch { /* private mode: this page only */ }
    useChosen(select.value);
    redraw();
    location.reload();  // the table's words come again, naming the cards of the faces now drawn
  });
  return el("p", { class: "jass-faces" }, el("label", { for: "jass-faces", text: _("Card faces") }), " ", select);
}

export default function attach(root, model) {
  useChosen(facesChosen());
  const drawn = (model.summary && model.summary.game === "putz" ? putz : jass)(root, model);
  root.append(facesSetting());
  return drawn;
}
