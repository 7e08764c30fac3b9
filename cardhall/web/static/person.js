// A person's menu where the person is named (a line of the room's chat, a friend, a seat at a
// table): their name is a button that opens what one may do about them — their profile, a
// private message (where the page can write one), a friend request, block, mute and report (with
// a sentence on what happened; at a table its recent chat is attached). The answers are said in
// the people bar's live region; an error is said on the page in words, never only in a tooltip.
// Escape closes the menu and gives the focus back to the name.
import { _, api, el, me, onSubmit } from "./common.js";
import { announce } from "./people.js";

let openBox = null;

function alertText(text) {
  const alert = document.getElementById("people-alert");
  if (alert) alert.textContent = text;
}

/** Do `what` (an API call) and say `said` on success, the room's sentence on failure. */
async function act(what, said) {
  alertText("");
  try {
    await what();
    announce(said);
    document.dispatchEvent(new CustomEvent("cardhall:shunned"));
    return true;
  } catch (err) {
    alertText(err.message || String(err));
    return false;
  }
}

function close(box, toggle, focus) {
  box.hidden = true;
  box.replaceChildren();  // a closed menu says nothing (the seats' W key reads the list's text)
  toggle.setAttribute("aria-expanded", "false");
  if (openBox === box) openBox = null;
  if (focus) toggle.focus();
}

/** The report's own small form: what happened, then Send (the table, if any, is attached). */
function reportForm(name, table, done) {
  const id = `report-${Math.random().toString(36).slice(2, 9)}`;
  const text = el("input", { id, maxlength: 500, autocomplete: "off" });
  const form = el("form", { class: "row person-report", hidden: true },
    el("label", { for: id, text: _("What happened") }), text,
    el("button", { type: "submit", text: _("Send the report on {name}", { name }) }));
  onSubmit(form, async (e) => {
    e.preventDefault();
    const ok = await act(() => api("/api/reports", { method: "POST", body: { name, text: text.value, table } }),
      _("Your report was sent to the moderators."));
    if (ok) { text.value = ""; done(); }
  });
  return { form, text };
}

/** A private message written in the menu itself (a page with no conversation of its own: the
 * table's history): what to say, then Send; the answer is said in the people bar. */
function messageForm(name, done) {
  const id = `message-${Math.random().toString(36).slice(2, 9)}`;
  const text = el("input", { id, maxlength: 500, autocomplete: "off" });
  const form = el("form", { class: "row person-report", hidden: true },
    el("label", { for: id, text: _("Your message to {name}", { name }) }), text,
    el("button", { type: "submit", text: _("Send") }));
  onSubmit(form, async (e) => {
    e.preventDefault();
    const ok = await act(() => api("/api/messages", { method: "POST", body: { to: name, text: text.value } }),
      _("Your message was sent to {name}.", { name }));
    if (ok) { text.value = ""; done(); }
  });
  return { form, text };
}

/** What one may do about a person called `name` (not the reader): the items of their menu, or of
 * their profile page (`profile` false: no link to the page one is on); `finish` after each.
 * `message` is how this page writes to them: a function(name), or `true` for a form in the menu. */
export function personActions(name, { table = null, message = null, profile = true } = {}, finish = () => {}) {
  const account = Boolean(me() && me().account);
  const { form, text } = reportForm(name, table, () => { form.hidden = true; finish(); });
  const button = (label, onclick) => el("button", { type: "button", text: label, onclick });
  const items = profile ? [el("a", { href: `/players/${encodeURIComponent(name)}`, text: _("{name}'s profile", { name }) })] : [];
  if (account && message === true) {
    const write = messageForm(name, () => { write.form.hidden = true; finish(); });
    items.push(button(_("Message {name}", { name }), () => { write.form.hidden = false; write.text.focus(); }), write.form);
  } else if (account && message) items.push(button(_("Message {name}", { name }), () => { finish(); message(name); }));
  if (account) {
    items.push(button(_("Ask {name} to be friends", { name }), async () => {
      if (await act(() => api("/api/friends", { method: "POST", body: { name } }), _("You asked {name} to be friends.", { name }))) finish();
    }));
  }
  items.push(
    button(_("Block {name}", { name }), async () => {
      if (await act(() => api("/api/blocks", { method: "POST", body: { name } }), _("You block {name}.", { name }))) finish();
    }),
    button(_("Mute {name}", { name }), async () => {
      if (await act(() => api("/api/mutes", { method: "POST", body: { name } }), _("You mute {name}.", { name }))) finish();
    }),
    button(_("Report {name}", { name }), () => { form.hidden = false; text.focus(); }),
    form);
  return items;
}

/** A person's name as a button that opens their menu; `label` is what the button says (the
 * name, or a seat's words), `table` the table the person was met at, `message(name)` how this
 * page writes to them (or null). The reader's own name is plain text. */
export function personMenu(name, { label = name, table = null, message = null } = {}) {
  const who = me();
  if (!name || (who && who.name === name)) return el("span", { class: "person", text: label });
  const toggle = el("button", { type: "button", class: "person-name", "aria-expanded": "false", text: label });
  // the menu is not news: inside a live region (the table's history, the room's chat) it is not read out as it opens
  const box = el("div", { class: "person-menu", role: "group", "aria-label": _("What to do about {name}", { name }), "aria-live": "off",
    hidden: true });
  const wrap = el("span", { class: "person" }, toggle, box);
  const finish = () => close(box, toggle, true);
  toggle.addEventListener("click", () => {
    if (!box.hidden) { finish(); return; }
    if (openBox && openBox !== box) openBox.hidden = true;
    box.replaceChildren(...personActions(name, { table, message }, finish));
    box.hidden = false;
    openBox = box;
    toggle.setAttribute("aria-expanded", "true");
    box.querySelector("a, button").focus();
  });
  box.addEventListener("keydown", (e) => { if (e.key === "Escape") { e.stopPropagation(); finish(); } });
  return wrap;
}

/** A sentence of the reader's language with a person's name in it as their menu: `said(marker)`
 * gives the translated sentence with `marker` where the name goes (so the words around the name
 * stay as each language puts them, "Ann: hi", «Ann : salut»). */
export function named(said, name, options = {}) {
  const marker = "\u0000";
  const [before, after = ""] = said(marker).split(marker);
  return el("span", { class: "named" }, before, personMenu(name, options), after);
}

document.addEventListener("click", (e) => {
  if (openBox && !openBox.parentElement.contains(e.target)) {
    const toggle = openBox.parentElement.querySelector(".person-name");
    close(openBox, toggle, false);
  }
});
