// Jass and Putz at the table page: the trick and the panel, which also says the talon's state
// (Putz: taken by whom, or how many cards lie there; 5-player Putz has none). Jass's total is
// a team's.
import { _, ngettext } from "/static/common.js";
import { trickPresenter } from "/static/table/trick.js";

function talon(view, model) {
  if (typeof view.talon_size !== "number" || typeof view.talon_taken_by !== "number"
      || !(view.talon_size > 0 || view.talon_taken_by >= 0)) return [];
  const by = view.talon_taken_by;
  const names = model.words().seats;
  return [[_("Talon"), by >= 0 ? (by === model.seat() ? _("taken by you")
    : _("taken by {seat}", { seat: names[by] || _("Seat {number}", { number: by + 1 }) }))
    : ngettext("{count} card, not taken", "{count} cards, not taken", view.talon_size)]];
}

const jass = trickPresenter({ facts: talon, total: _("Total (team)") });
const putz = trickPresenter({ facts: talon });

export default function attach(root, model) {
  return (model.summary && model.summary.game === "putz" ? putz : jass)(root, model);
}
