// A Swiss event's or an arena's page: enter, withdraw, start, ask for an arena table (the API of docs/room.md, "Swiss"), each said in
// words, a refusal in the room's sentence; while the event runs, its standings and rounds are
// read again when a round notice for it comes on the room socket, and every 20 seconds.
import { _, authed, tableLink } from "./common.js";

const $ = (id) => document.getElementById(id);
const box = $("event-you");
const event = box ? box.dataset.event : null;
const base = `/api/events/${encodeURIComponent(event)}`;

function fail(err) { $("event-error").textContent = err.message || String(err); }

async function act(path, method, said) {
  $("event-error").textContent = "";
  try {
    await authed(path, { method, body: {} });
    $("event-status").textContent = said;
    location.reload();
  } catch (err) { fail(err); }
}

$("event-enter")?.addEventListener("click", () => act(`${base}/entries`, "POST", _("You have entered this event.")));
$("event-withdraw")?.addEventListener("click", () => act(`${base}/entries`, "DELETE", _("You have withdrawn from this event.")));
$("event-standby")?.addEventListener("click", () => act(`${base}/standby`, "POST", _("You are on the standby list.")));
$("event-standby-leave")?.addEventListener("click", () => act(`${base}/standby`, "DELETE", _("You have left the standby list.")));
$("event-start")?.addEventListener("click", () => act(`${base}/start`, "POST", _("The event has started.")));

let asking = null;  // the next look while waiting

/** An arena: ask for a table, and keep asking while waiting; go to it when it is made. */
async function ask() {
  $("event-error").textContent = "";
  try {
    const answer = await authed(`${base}/next`, { method: "POST", body: {} });
    if (answer.table) {
      $("event-status").textContent = _("Your next table is ready: going there.");
      location.assign(tableLink(answer.table, answer.invite));
    } else if (answer.done) {
      $("event-status").textContent = _("You have nothing more to play in this event.");
    } else {
      if (!asking) $("event-status").textContent = _("Waiting for a table…");
      asking = setTimeout(ask, 2000);
    }
  } catch (err) { fail(err); }
}
$("event-ask")?.addEventListener("click", () => { if (!asking) ask(); });

/** Read the page again and put its standings and rounds in place (the focus stays where it is). */
async function refresh() {
  try {
    const page = new DOMParser().parseFromString(await (await fetch(location.href)).text(), "text/html");
    for (const id of ["swiss-standings", "swiss-rounds"]) {
      const fresh = page.getElementById(id);
      const here = $(id);
      if (fresh && here && !here.contains(document.activeElement)) here.replaceChildren(...fresh.childNodes);
    }
  } catch { /* the next look tries again */ }
}

document.addEventListener("cardhall:people", (e) => {
  if (e.detail.event === event && (e.detail.type === "event_table" || e.detail.type === "event_over")) refresh();
});
if (box && box.dataset.status === "running") setInterval(refresh, 20_000);
if (box) box.dataset.ready = "1";  // the buttons answer from now on
