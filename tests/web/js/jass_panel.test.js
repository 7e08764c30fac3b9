// The Jass panel says the trump and the led suit as the faces drawn name them: with the German
// faces «Schilten» and its sign, never «♠ spades»; with the French faces the common suit words.
import { panelSuit, germanSuitText } from "/games/jass/web/presenter.js";
import { suitText } from "/static/table/trick.js";
import { equal, ok } from "./assert.js";

const FACES_KEY = "cardhall.jass.faces";

function withFaces(faces, fn) {
  const kept = localStorage.getItem(FACES_KEY);
  localStorage.setItem(FACES_KEY, faces);
  try { return fn(); } finally { if (kept === null) localStorage.removeItem(FACES_KEY); else localStorage.setItem(FACES_KEY, kept); }
}

export function test_german_faces_name_the_german_suit_in_the_panel() {
  const said = withFaces("german", () => panelSuit("S"));
  equal(said.textContent.trim(), "shields", "spades with German faces are shields (Schilten)");
  ok(!said.textContent.includes("♠"), "no French suit symbol beside a German suit");
  ok(said.querySelector("svg[aria-hidden=true]"), "the German sign is drawn, hidden from the reader");
  equal(["H", "D", "C"].map((l) => germanSuitText(l).textContent.trim()), ["roses", "acorns", "bells"]);
  equal(germanSuitText("X"), null);
}

export function test_french_faces_keep_the_common_suit_words() {
  const said = withFaces("french", () => panelSuit("S"));
  equal(said.textContent, suitText("S").textContent);
  ok(said.textContent.includes("♠"));
}
