// Hearts at the table page: the card table and the panel, which also says whether hearts are
// broken; passing is "select three cards, then confirm" (uses.js does the selecting).
import { _ } from "/static/common.js";
import { trickPresenter } from "/static/table/trick.js";

const trick = trickPresenter({
  facts: (view) => (typeof view.hearts_broken === "boolean" ? [[_("Hearts broken"), view.hearts_broken ? _("yes") : _("no")]] : []),
});

/** Passing is three cards chosen together: select them in the hand, then confirm (or undo). */
function select(view) {
  if (view.phase !== "pass" || !Array.isArray(view.passed)) return null;
  return { verb: "pass", count: 3 - view.passed.length, confirm: _("Pass these cards") };
}

export default function attach(root, model) {
  model.presenter = { select };
  trick(root, model);
}
