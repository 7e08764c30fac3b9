// Joining a table from its page, before the game starts: the host of a private table gets its
// invite link with a Copy button; a person who has no name here yet (a friend who followed
// the link) types one next to the seat buttons, and a seat button then names them and sits
// them in one step.
import { _, el, me, register, tableLink } from "../common.js";

const $ = (id) => document.getElementById(id);

/** Draw the invite link and the name field in the waiting area on every state of `model`. */
export function showJoining(model, { tableId }) {
  const invite = el("div", { id: "invite-box", class: "invite", hidden: true },
    el("p", { id: "invite-text", text: _("This table is private: only people with its invite link can see or join it.") }),
    el("div", { class: "row" },
      el("input", { id: "invite-link", readonly: true, "aria-labelledby": "invite-text", class: "invite-link" }),
      el("button", { type: "button", id: "invite-copy", text: _("Copy invite link"), onclick: copy })),
    el("p", { id: "invite-said", class: "hint", "aria-live": "polite" }));
  const name = el("div", { id: "join-name", class: "field", hidden: true },
    el("label", { for: "join-name-input", text: _("Your name at this table") }),
    el("input", { id: "join-name-input", maxlength: "40", autocomplete: "nickname" }),
    el("span", { class: "hint", text: _("Type your name, then choose a seat.") }));
  $("waiting-text").after(invite, name);

  async function copy() {
    const field = $("invite-link");
    try {
      await navigator.clipboard.writeText(field.value);
      $("invite-said").textContent = _("The invite link is copied; paste it to your friends.");
    } catch {
      field.select();  // no clipboard here: the link is selected, for Ctrl+C
      $("invite-said").textContent = _("The link is selected: copy it with Ctrl+C.");
    }
  }

  // the host's summary carries the invite (later summaries may not); a guest's page has it in its address
  const code = (model.summary || {}).invite || new URLSearchParams(location.search).get("invite");
  model.on("state", () => {
    const waiting = model.state.status === "waiting";
    const t = model.summary || {};
    invite.hidden = !(waiting && t.private && code);
    if (!invite.hidden) $("invite-link").value = new URL(tableLink(tableId, code), location.href).href;
    name.hidden = !(waiting && !me() && model.seat() === null);
  });
}

/** Before sitting: a person without a name here registers the one typed; throws a sentence if none. */
export async function nameFirst() {
  if (me()) return;
  const typed = ($("join-name-input") || { value: "" }).value.trim();
  if (!typed) {
    $("join-name-input").focus();
    throw new Error(_("Type your name first, in the field above the seat buttons."));
  }
  await register(typed);
}
