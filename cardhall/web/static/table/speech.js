// Speech: the live regions (status, said, alert) and the history log, fed by the model.
//
// Each event's sentence comes with it over the wire; the log (a live region) gets one line per
// event worth saying, in order, and a note when a returning page hears what it missed. Each thing
// is said once: the status line shows whose turn it is but is not itself spoken; the turn is
// announced (in the "said" region) when it becomes yours or what you must do changes, and on T.
// A line repeated within one change is merged into one.
import { _, ngettext } from "../common.js";
import { TIMELINE } from "./model.js";
import { fillLine, personOf } from "./named.js";
import { settings } from "./settings.js";
import { kindOf, soundSetting } from "./sound.js";

const $ = (id) => document.getElementById(id);
export const NOT_YOUR_TURN = _("It is not your turn.");
const LOG_LINES = TIMELINE;  // the whole game (the model keeps as many events)
const ROOM = new Set(["sat", "left", "started", "takeover", "missed", "reclaimed", "clock_warning", "game_over", "connected",
  "disconnected"]);

/** The history's view a model event belongs to: the room's ("room"), a chat line, or the game. */
export function viewOf(event) { return event.type === "chat" ? "chat" : ROOM.has(event.type) ? "room" : "game"; }

export function alertText(s) { $("alert").textContent = s; }

/** The status line says a sentence once on screen: an answer to a key that the status already
 * says (T on your turn, "Turn 5, your summon phase…" under "Your turn. Turn 5, your summon
 * phase…"), or the turn said when it came while only a number in it has changed since (Clash: the
 * mana left after a summon), is still announced, but only to screen readers (the "echo" class
 * hides it). */
function echo() {
  const said = numberless($("said").textContent.trim());
  $("said").classList.toggle("echo", numberless($("status").textContent.trim()).includes(said));
}

/** Show `s` on the status line (seen, not spoken: announce what matters with `say`). */
export function status(s) { $("status").textContent = s; echo(); }

/** Who follows what is said (hearing.js, the bots paced to the listener): `line(s)` for each
 * line said aloud or to the live regions, `quiet()` when the browser's voice has said all it had. */
export const heardBy = { line: new Set(), quiet: new Set() };
function heard(s) { if (s) for (const fn of heardBy.line) fn(s); }

let pending = null;  // the timer of a sentence not yet in the region: a newer one replaces it

/** Say `s` in the polite live region (again, even the same sentence: the region is emptied, then
 * filled a moment later, so a screen reader hears it anew). A sentence said within that moment
 * replaces the one still waiting: the newest answer stands, never an older one after it. */
export function say(s) {
  const node = $("said");
  node.textContent = "";
  clearTimeout(pending);
  pending = setTimeout(() => { pending = null; node.textContent = s; echo(); }, 30);
  heard(s);
  aloud(s);
}

/** With the setting on, speak `s` with the browser's speech synthesis (queued, in the page's
 * language) instead of the live regions, for screen readers that drop bursts (VoiceOver). */
function aloud(s) {
  if (!settings.speech || !window.speechSynthesis || !s) return;
  const utterance = new SpeechSynthesisUtterance(s);
  utterance.lang = document.documentElement.lang || "en";
  utterance.addEventListener("end", () => {
    if (!window.speechSynthesis.pending) for (const fn of heardBy.quiet) fn();
  });
  window.speechSynthesis.speak(utterance);
}

/** The live regions are quiet while the browser speaks (the setting), polite otherwise. */
export function liveRegions() {
  const live = settings.speech ? "off" : "polite";
  $("said").setAttribute("aria-live", live);
  $("log").setAttribute("aria-live", live);
}

/** One line of the history: `kind` event, note or result; `version` the change it tells; `view`
 * the history view it belongs to (game, chat, room); `person` a name in it that opens their menu
 * (named.js). A line under review keeps its place. `quiet`: not news (a reloaded page's history);
 * `hidden`: said by its earcon or already said (`unsaid`), so shown and kept for Page Up but
 * aria-hidden, never announced. */
export function log(line, kind = "event", version = null, view = "room", { quiet = false, hidden = false, person = null } = {}) {
  const box = $("log");
  const p = document.createElement("p");
  p.className = `line ${kind}`;
  fillLine(p, line, person);
  p.dataset.view = view;
  if (version !== null) p.dataset.version = String(version);
  if (hidden) { p.setAttribute("aria-hidden", "true"); p.classList.add("unsaid"); }  // shown, kept for Page Up, not announced
  box.append(p);
  if (!quiet && !hidden) { heard(line); aloud(line); }
  while (box.children.length > LOG_LINES) box.firstElementChild.remove();
  if (!box.querySelector(".reviewing, .person-menu:not([hidden])")) box.scrollTop = box.scrollHeight;  // not under an open menu
}

const numberless = (line) => line.replace(/\d+/g, "#");

/** The turn's earcon is on (sounds on, its kind on): it says "Your turn." in place of the words. */
export function turnEarcon() { return Boolean(settings.sounds && settings.sounds.on !== false && soundSetting("turn").on); }

/** Announce the turn line: with the turn's earcon on, only what follows "Your turn." (the sound
 * says the rest; nothing at all when the line is just "Your turn."); T still says it whole. */
function sayTurn(line) {
  if (!turnEarcon()) { say(line); return; }
  // the earcon says the turn, also "Your turn to lead." (the trick's last line said who took it,
  // and T still says the whole turn line)
  const head = [_("Your turn to lead."), _("Your turn.")].find((h) => line.startsWith(h));
  const rest = head ? line.slice(head.length).trim() : line;
  if (rest) say(rest);
  else { clearTimeout(pending); $("said").textContent = ""; echo(); }  // no earlier answer left standing under the new turn
}

/** The cards a selection has already said with their count (uses.js: "queen of spades: 2 of 3."):
 * the events of your own moves that choose them are not said again (the Hearts pass, said once). */
export const saidAhead = new Set();

/** What your own move's echo is: the event of the move itself ("You: queen of clubs.", "You bid
 * 3."), not what it caused (the trick it took, the bidding it won). */
const ECHO = new Set(["card_played", "bid", "passed", "build", "summon", "cast", "pass_chosen"]);

/** Whether the event's line goes to the history unsaid: your own move's echo while its earcon is
 * on (the sound says it; with that earcon or all sounds off the words stay), and a card your
 * selection already said with its count (issue 38). Page Up and Z still read it. */
export function unsaid(event, seat) {
  if (seat === null || seat === undefined || !event || event.seat !== seat || !ECHO.has(event.type)) return false;
  if (event.card && saidAhead.delete(event.card)) return true;
  if (event.type === "pass_chosen") return false;  // a card chosen another way (the command field): said with its count
  const kind = kindOf(event, seat);
  return Boolean(kind && soundSetting(kind).on && settings.sounds.on !== false);
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
  model.on("earlier", ({ events }) => {
    // a reloaded page's history comes back into the log as it was, quietly (the log's live region
    // is off meanwhile: it is not news), then one line says it is there
    $("log").setAttribute("aria-live", "off");
    let count = 0;
    let change = null;
    let told = new Set();
    for (const e of events) {
      if (e.version !== change) { change = e.version; told = new Set(); }
      if (!e.words || told.has(e.words)) continue;
      told.add(e.words);
      log(e.words, "event", e.version, viewOf(e.event), { quiet: true, person: personOf(e.event) });
      count += 1;
    }
    setTimeout(() => {
      liveRegions();
      if (count) log(ngettext("The history holds {count} earlier line; Page Up reads it.",
        "The history holds {count} earlier lines; Page Up reads them.", count), "note");
    }, 100);
  });
  let batch = new Set();  // the lines of the change being told: a repeated one is said once
  model.on("event", (entry) => {
    if (!entry.words || batch.has(entry.words)) return;
    batch.add(entry.words);
    log(entry.words, "event", entry.version, viewOf(entry.event),
      { hidden: unsaid(entry.event, model.seat()), person: personOf(entry.event) });
  });
  model.on("state", ({ first }) => {
    const words = model.words();
    const seat = model.seat();
    if (first) {
      $("title").textContent = _("{game} — table {table}", { game: words.title, table: tableId });
      document.title = `${words.title} — cardhall`;
      $("rules-link").textContent = _("The rules of {game}", { game: words.title });
      log(seat === null ? _("You watch this {game} table as a spectator.", { game: words.title })
        : _("You are {seat} at this {game} table.", { seat: (words.seats || [])[seat] || _("Seat {number}", { number: seat + 1 }),
          game: words.title }), "note");
    }
    batch = new Set();
    const state = model.state;
    const mine = model.isMyTurn();
    if (model.isOver()) {
      const result = words.result || _("The game is over.");
      if ($("status").textContent !== result) status(result);  // shown again after a reconnection; said once, in the log
      if (!over) { over = true; log(result, "result", state.version, "game"); clearTimeout(pending); $("said").textContent = ""; }  // no stale "Your turn" under the result
    } else if (state.status === "waiting") {
      status(_("The game has not started yet."));
    } else if (seat !== null && state.seats && state.seats[seat] && state.seats[seat].takeover) {
      status(_("A bot is playing your seat while you are away. You have it back now that you are here."));
    } else if (mine) {
      const t = model.turn();
      const line = t.startsWith(_("Your turn")) ? t : _("Your turn. {what}", { what: t }).trim();
      if (!wasMyTurn || $("status").textContent !== line) {
        // said when the turn comes, and while it stays yours only when what you must do changes,
        // not when just a number in it does (mana left, card 2 of 3: the events said why)
        if (!wasMyTurn || numberless($("status").textContent) !== numberless(line)) sayTurn(line);
        status(line);
      }
      if (!wasMyTurn) onMyTurn();
    } else {
      status(model.turn() || (seat === null ? _("You are watching.") : _("Waiting for the others.")));
    }
    wasMyTurn = mine;
  });
  model.on("error", (message) => alertText(message));
}
