// The event page's buttons: enter, withdraw, play the next board (the API of docs/room.md,
// "Events"); each says what happened in words, and a refusal is the room's sentence.
import { _, authed, tableLink } from "./common.js";

const $ = (id) => document.getElementById(id);
const box = $("event-you");
const event = box ? box.dataset.event : null;

function fail(err) { $("event-error").textContent = err.message || String(err); }

async function act(path, method, done) {
  $("event-error").textContent = "";
  try {
    const answer = await authed(path, { method, body: {} });
    await done(answer);
  } catch (err) { fail(err); }
}

const base = `/api/events/${encodeURIComponent(event)}`;
$("event-enter")?.addEventListener("click", () => act(`${base}/entries`, "POST", () => {
  $("event-status").textContent = _("You have entered this event.");
  location.reload();
}));
$("event-withdraw")?.addEventListener("click", () => act(`${base}/entries`, "DELETE", () => {
  $("event-status").textContent = _("You have withdrawn from this event.");
  location.reload();
}));
$("event-next")?.addEventListener("click", () => act(`${base}/next`, "POST", (answer) => {
  if (answer.done) { location.reload(); return; }
  $("event-status").textContent = _("Board {board}: going to its table.", { board: answer.board });
  location.assign(tableLink(answer.table, answer.invite));
}));
if (box) box.dataset.ready = "1";  // the buttons answer from now on
