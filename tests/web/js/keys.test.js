// L says the choices as the page shows them: the choice buttons' own words in their order (a
// picker step's answers with "…", "Back one step"), then the playable cards of the hand.
import { choicesSaid } from "/static/table/keys.js";
import { equal } from "./assert.js";

function buttons(id, labels, cards = false) {
  let box = document.getElementById(id);
  if (!box) { box = document.createElement("div"); box.id = id; document.body.append(box); }
  box.replaceChildren(...labels.map(([label, disabled]) => {
    const b = document.createElement("button");
    if (cards) {
      const name = document.createElement("span");
      name.className = "name";
      name.textContent = label;
      b.append(name);
      b.setAttribute("aria-disabled", disabled ? "true" : "false");
    } else b.textContent = label;
    return b;
  }));
}

export function test_l_lists_the_buttons_as_they_are() {
  buttons("choices", [["take Candy 12 and Tree 10 …"], ["take Sand 3, then place 3 on the Sand tower"], ["Back one step"]]);
  buttons("hand", [["queen of spades ♠", false], ["two of hearts ♥", true]], true);
  equal(choicesSaid(), "Your choices: take Candy 12 and Tree 10 …; take Sand 3, then place 3 on the Sand tower; "
    + "Back one step; queen of spades ♠.");
  buttons("choices", []);
  buttons("hand", [], true);
  equal(choicesSaid(), "Nothing to choose.");
}

export function test_l_lists_the_confirm_button_of_a_selection() {
  buttons("choices", []);
  buttons("hand", [["queen of spades ♠", false]], true);
  let bar = document.getElementById("select-bar");
  if (!bar) {
    bar = document.createElement("div"); bar.id = "select-bar";
    const ok = document.createElement("button"); ok.id = "select-confirm"; ok.textContent = "Pass these cards";
    bar.append(ok); document.body.append(bar);
  }
  const ok = document.getElementById("select-confirm");
  ok.setAttribute("aria-disabled", "true");
  equal(choicesSaid(), "Your choices: queen of spades ♠.");
  ok.setAttribute("aria-disabled", "false");
  equal(choicesSaid(), "Your choices: queen of spades ♠; Pass these cards.");
  bar.hidden = true;
  equal(choicesSaid(), "Your choices: queen of spades ♠.");
  bar.remove();
  buttons("hand", [], true);
}
