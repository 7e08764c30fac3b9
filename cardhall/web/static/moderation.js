// The moderation page: the open reports (each with what was attached), a form to mute, ban or
// kick a person with a reason shown to them, and the audit log. The API refuses non-moderators.
import { _, api, el, onSubmit, pgettext } from "./common.js";

const $ = (id) => document.getElementById(id);
const fail = (err) => { $("mod-error").textContent = err.message || String(err); };
const when = (t) => new Date(t * 1000).toISOString().slice(0, 16).replace("T", " ");

/** A line of the audit log in the reader's words: who did what to whom (the log keeps the sanction's
 * own word, "mute", and "command line" for `cardhall admin`). */
const ACTIONS = {
  mute: pgettext("audit", "muted"), ban: pgettext("audit", "banned"), kick: pgettext("audit", "removed from a table"),
  unmute: pgettext("audit", "unmuted"), unban: pgettext("audit", "lifted the ban on"), unkick: pgettext("audit", "let back to the table"),
  grant: pgettext("audit", "made a moderator"), revoke: pgettext("audit", "took the moderator role from"),
  close: pgettext("audit", "closed a report"),
};
function auditLine(a) {
  const actor = a.actor === "command line" ? _("the command line") : a.actor;
  const reason = a.detail && a.detail.reason ? a.detail.reason : "";
  const line = _("{when}: {actor} {action} {subject}", { when: when(a.at), actor, action: ACTIONS[a.action] || a.action,
    subject: a.subject || "" }).trim();
  return reason ? _("{line} (reason: {reason})", { line, reason }) : line;
}

function reportItem(r) {
  const chat = ((r.attached && r.attached.log) || []).filter((e) => e.kind === "chat")
    .map((e) => el("li", { text: _("{name}: {text}", { name: e.name, text: e.text }) }));
  const message = r.attached && r.attached.message
    ? [el("p", { text: _("The message: {text}", { text: r.attached.message.text }) })] : [];
  return el("li", {},
    el("p", { text: _("Report {id} ({when}): {reporter} reports {subject}: {text}",
      { id: r.id, when: when(r.created), reporter: r.reporter, subject: r.subject, text: r.text || "—" }) }),
    ...message, chat.length ? el("ul", {}, ...chat) : "",
    el("button", { type: "button", text: _("Close report {id}", { id: r.id }), onclick: () => close(r.id) }), " ",
    el("button", { type: "button", text: _("Fill in the form for {name}", { name: r.subject }), onclick: () => {
      $("s-name").value = r.subject_id;
      if (r.table) $("s-table").value = r.table;
      $("s-kind").focus();
    } }));
}

async function load() {
  try {
    const reports = await api("/api/moderation/reports");
    $("reports").replaceChildren(...reports.map(reportItem));
    $("reports-empty").hidden = reports.length > 0;
    const audit = await api("/api/moderation/audit");
    $("audit").replaceChildren(...audit.map((a) => el("li", { text: auditLine(a) })));
  } catch (err) { fail(err); }
}

async function close(id) {
  try {
    await api(`/api/moderation/reports/${id}/close`, { method: "POST", body: {} });
    $("mod-status").textContent = _("Report {id} is closed.", { id });
    await load();
    $("reports-h").focus?.();
  } catch (err) { fail(err); }
}

onSubmit($("sanction-form"), async (e) => {
  e.preventDefault();
  $("mod-error").textContent = "";
  const body = { name: $("s-name").value.trim(), kind: $("s-kind").value, duration: $("s-duration").value.trim() || null,
    reason: $("s-reason").value, table: $("s-table").value.trim() || null };
  try {
    const done = await api("/api/moderation/sanctions", { method: "POST", body });
    $("mod-status").textContent = _("Done: {name} ({kind}).", { name: done.name, kind: $("s-kind").selectedOptions[0].text });
    $("sanction-form").reset();
    load();
  } catch (err) { fail(err); }
});

load();
