// The create-event page (templates/event_new.html): its form is POST /api/events (docs/room.md,
// "Events"); the room's refusal, a sentence in the reader's language, is shown on the page and
// the field it is about is marked, and a made event opens its own page.
import { _, authed, onSubmit } from "./common.js";

const $ = (id) => document.getElementById(id);
const form = $("new-event");
const FIELDS = ["game", "boards", "bots", "hours"];

/** A number field's value as typed: a number when it reads as one, else the text (the room says what is wrong). */
function numberOf(input) {
  const text = input.value.trim();
  return text !== "" && Number.isFinite(Number(text)) ? Number(text) : text;
}

function mark(message) {
  for (const name of FIELDS) {
    const input = $(`new-${name}`);
    const lower = message.toLowerCase();
    const about = lower.startsWith(name) || lower.includes(` ${name} `);
    if (about) input.setAttribute("aria-invalid", "true"); else input.removeAttribute("aria-invalid");
  }
}

async function submit(e) {
  e.preventDefault();
  $("new-error").textContent = "";
  $("new-status").textContent = _("Making the event…");
  const body = { kind: "duplicate", game: $("new-game").value, options: {}, boards: numberOf($("new-boards")),
    bots: $("new-bots").value, hours: numberOf($("new-hours")) };
  try {
    const made = await authed("/api/events", { method: "POST", body });
    $("new-status").textContent = _("The event is made: going to its page.");
    location.assign(`/events/${encodeURIComponent(made.id)}`);
  } catch (err) {
    $("new-status").textContent = "";
    const message = err.message || String(err);
    mark(message);
    $("new-error").textContent = message;
    const invalid = form.querySelector("[aria-invalid=true]");
    if (invalid) invalid.focus();
  }
}

if (form) onSubmit(form, submit);
