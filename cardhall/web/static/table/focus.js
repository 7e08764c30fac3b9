// Focus that survives redrawing: buttons are updated in place, never re-created under the
// user's focus; a focused button that disappears hands focus to its neighbour.

/** The index of the focused button among `group`'s children, if it is one of `removed`. */
export function focusLost(group, removed) {
  if (!removed.includes(document.activeElement)) return null;
  return [...group.children].indexOf(document.activeElement);
}

/** Move focus to the first playable choice or card; false if there is none. */
export function focusFirstChoice() {
  const target = document.querySelector("#choices button") || document.querySelector('#hand button[aria-disabled="false"]');
  if (target) target.focus();
  return Boolean(target);
}

/** Focus a heading (or any element) that is not a control, so focus never falls to the page's
 * body: the hand's heading after the last card of a deal, "Your move" after the keys list. */
export function focusPlace(node) {
  const target = node && !node.hidden ? node : document.getElementById("play-h");
  if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
  target.focus();
}
