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
