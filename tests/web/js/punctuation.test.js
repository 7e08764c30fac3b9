// A list the page joins itself («Vos choix : …») sets ";" as its language does: French puts
// U+202F before it (as `Lang.items` does in Python), the others nothing.
import { items } from "/static/common.js";
import { equal } from "./assert.js";

export function test_french_lists_take_the_narrow_space_before_semicolons() {
  equal(items(["jouer le roi de pique", "passer"], "fr"), "jouer le roi de pique\u202f; passer");
  equal(items(["König spielen", "passen"], "de"), "König spielen; passen");
  equal(items(["play the king of spades"]), "play the king of spades");  // the page's own language (en here)
}
