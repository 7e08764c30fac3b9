// Speech: the live regions (status, said, alert) and the history log, fed by the model.
//
// Each event's sentence comes with it over the wire; the log gets one line per event worth
// saying, in order, and a note when a returning page hears what it missed. The status line
// says whose turn it is (and the result once, at the end).
import { _, ngettext } from "../common.js";

const $ = (id) => document.getElementById(id);
export const NOT_YOUR_TURN = _("It is not your turn.");
const LOG_LINES = 500;
let review = -1;  // Page Up/Down position in the log

export function alertText(s) { $("alert").textContent = s; }

/** The status line says a sentence once on screen: an answer to a key that repeats it (T on
 * your turn) is still announced, but only to screen readers (the "echo" class hides it). */
function echo() { $("said").classList.toggle("echo", $("said").textContent.trim() === $("status").textContent.trim()); }

export function status(s) { $("status").textContent = s; echo(); }

/** Say `s` in the polite live region (again, even the same sentence). */
export function say(s) {
  const node = $("said");
  node.textContent = "";
  setTimeout(() => { node.textContent = s; echo(); }, 30);
}

/** One line of the history: `kind` event, note or result; `version` the change it tells. */
export function log(line, kind = "event", version = null) {
  const box = $("log");
  const p = document.createElement("p");
  p.className = `line ${kind}`;
  p.textContent = line;
  if (version !== null) p.dataset.version = String(version);
  box.append(p);
  while (box.children.length > LOG_LINES) box.firstElementChild.remove();
  box.scrollTop = box.scrollHeight;
  review = -1;
}

/** Page Up/Down: read the previous or next line of the history. */
export function reviewLog(step) {
  const lines = [...$("log").children];
  if (!lines.length) return;
  if (review < 0) review = lines.length;
  review = Math.max(0, Math.min(lines.length - 1, review + step));
  lines.forEach((l, i) => l.classList.toggle("reviewing", i === review));
  lines[review].scrollIntoView({ block: "nearest" });
  say(_("{number} of {total}: {line}", { number: review + 1, total: lines.length, line: lines[review].textContent }));
}

function said(events) { return events.map((e) => e.words).filter(Boolean); }

/** Subscribe the live regions and the log to `model`; `onMyTurn()` runs when the turn comes. */
export function speak(model, { onMyTurn = () => {}, tableId = "" } = {}) {
  let wasMyTurn = false;
  let over = false;
  model.on("sync", ({ events, first }) => {
    const lines = said(events);
    if (!first) {
      const gist = lines.length ? ngettext("Reconnected. {count} thing happened: {events}", "Reconnected. {count} things happened: {events}",
        lines.length, { events: lines.slice(-3).join(" ") }) : _("Reconnected. Nothing happened meanwhile.");
      log(gist, "note");
      say(gist);
    } else if (lines.length) {
      log(ngettext("While you were away: {count} event.", "While you were away: {count} events.", lines.length), "note");
      say(_("Welcome back. While you were away: {events}", { events: lines.slice(-3).join(" ") }));
    }
  });
  model.on("event", (entry) => { if (entry.words) log(entry.words, "event", entry.version); });
  model.on("state", ({ first }) => {
    const words = model.words();
    const seat = model.seat();
    if (first) {
      $("title").textContent = _("{game} — table {table}", { game: words.title, table: tableId });
      document.title = `${words.title} — cardhall`;
      $("rules-link").textContent = _("The rules of {game}", { game: words.title });
      log(seat === null ? _("You watch this {game} table as a spectator.", { game: words.title })
        : _("You are at seat {number} of this {game} table.", { number: seat + 1, game: words.title }), "note");
    }
    const state = model.state;
    const mine = model.isMyTurn();
    if (model.isOver()) {
      const result = words.result || _("The game is over.");
      if ($("status").textContent !== result) status(result);  // again after a reconnection said it was lost
      if (!over) { over = true; log(result, "result", state.version); }
    } else if (state.status === "waiting") {
      status(_("The game has not started yet."));
    } else if (seat !== null && state.seats && state.seats[seat] && state.seats[seat].takeover) {
      status(_("A bot is playing your seat while you are away. You have it back now that you are here."));
    } else if (mine) {
      // said when the turn comes, and again when what you must do changes (a bid, then a build)
      const t = model.turn();
      const line = t.startsWith(_("Your turn")) ? t : _("Your turn. {what}", { what: t }).trim();
      if (!wasMyTurn || $("status").textContent !== line) status(line);
      if (!wasMyTurn) onMyTurn();
    } else {
      status(model.turn() || (seat === null ? _("You are watching.") : _("Waiting for the others.")));
    }
    wasMyTurn = mine;
  });
  model.on("error", (message) => alertText(message));
}
