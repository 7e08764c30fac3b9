// Hearts at the table page: the trick and the panel, which also says whether hearts are broken.
import { _ } from "/static/common.js";
import { trickPresenter } from "/static/table/trick.js";

export default trickPresenter({
  facts: (view) => (typeof view.hearts_broken === "boolean" ? [[_("Hearts broken"), view.hearts_broken ? _("yes") : _("no")]] : []),
});
