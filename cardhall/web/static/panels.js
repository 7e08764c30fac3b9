// The lobby's panels, collapsed by default so the first screen is the games, the tables and the
// events: Friends (with messages and the people you block or mute) and the room's chat. Each opens
// from its button in the header or a key (F, C) pressed outside a field; one panel is open at a
// time, opening takes the focus to its heading, and Escape or its Close button closes it and gives
// the focus back to the header's button. A chat line that arrives while the chat is closed is
// counted on its button.
import { _, ngettext, pgettext } from "./common.js";

const $ = (id) => document.getElementById(id);
const PANELS = { "friends-panel": "friends-toggle", "chat-panel": "chat-toggle" };
const KEYS = { f: "friends-panel", c: "chat-panel" };
let unread = 0;

function toggleOf(id) { return $(PANELS[id]); }

/** Open (or close) the panel `id`; `focus` takes the focus to its heading, or back to its button. */
export function showPanel(id, open, focus = true) {
  for (const other of Object.keys(PANELS)) {
    if (other !== id && open && !$(other).hidden) showPanel(other, false, false);
  }
  const panel = $(id);
  panel.hidden = !open;
  toggleOf(id).setAttribute("aria-expanded", String(open));
  if (id === "chat-panel" && open) { unread = 0; countUnread(); }
  if (!focus) return;
  if (open) panel.querySelector("h2").focus();
  else toggleOf(id).focus();
}

/** The chat's button: a short word and the count shown ("Chat (2)"), the whole name said. */
function countUnread() {
  const button = $("chat-toggle");
  button.querySelector(".short").textContent = unread ? pgettext("header button", "Chat ({count})", { count: unread })
    : pgettext("header button", "Chat");
  button.querySelector(".visually-hidden").textContent = unread
    ? ngettext("The room's chat ({count} new line)", "The room's chat ({count} new lines)", unread) : _("The room's chat");
}

function typing(target) {
  return target instanceof HTMLElement && (target.isContentEditable || /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName));
}

for (const [id, button] of Object.entries(PANELS)) {
  $(button).addEventListener("click", () => showPanel(id, $(id).hidden));
  $(id).addEventListener("keydown", (e) => { if (e.key === "Escape") { e.preventDefault(); showPanel(id, false); } });
}
for (const close of document.querySelectorAll(".drawer-close")) {
  close.addEventListener("click", () => showPanel(close.dataset.panel, false));
}
document.addEventListener("keydown", (e) => {
  if (e.ctrlKey || e.altKey || e.metaKey || typing(e.target) || document.querySelector("dialog[open]")) return;
  const id = KEYS[e.key.toLowerCase()];
  if (!id) return;
  e.preventDefault();
  showPanel(id, $(id).hidden);
});
document.addEventListener("cardhall:people", (e) => {
  if (e.detail && e.detail.type === "lobby_chat" && $("chat-panel").hidden) { unread += 1; countUnread(); }
});
document.addEventListener("cardhall:open-panel", (e) => showPanel(e.detail, true));
