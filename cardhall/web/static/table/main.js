// The table page: the wire feeds the model; every part of the page subscribes to the model.
//
//   wire.js ──messages──▶ model.js ──"sync" / "event" / "state" / "local"──▶ speech.js (live regions, log)
//                                                                   ├──▶ seats.js, hand.js, choices.js (picker.js)
//                                                                   ├──▶ keys.js
//                                                                   └──▶ the game's presenter (its pictures)
//
// What is said comes with the messages (`?words=1`): the page asks no other endpoint what to
// say. The DOM is stable: buttons are updated in place, never re-created under the user's
// focus, and focus only moves when the user asks (or, as a setting, to the choices on your turn).
import { _, api, ApiError, authed, el, LANG, me, onSubmit, showWho } from "../common.js";
import { showChoices } from "./choices.js";
import { listenToCommands } from "./command.js";
import { showEnding } from "./ending.js";
import { focusFirstChoice } from "./focus.js";
import { showHand } from "./hand.js";
import { listenForHearing } from "./hearing.js";
import { endReview, followHistory } from "./history.js";
import { nameFirst, showJoining } from "./joining.js";
import { closeHelp, listenToKeys } from "./keys.js";
import { createModel } from "./model.js";
import { listenToRoom } from "./roomlines.js";
import { showSeats } from "./seats.js";
import { saveSettings, settings } from "./settings.js";
import { listenForSounds } from "./sound.js";
import { NOT_YOUR_TURN, alertText, liveRegions, log, say, speak, status } from "./speech.js";
import { createUses } from "./uses.js";
import { connectWire } from "./wire.js";

const $ = (id) => document.getElementById(id);
const root = $("table-root");
const tableId = root.dataset.table;
const invite = new URLSearchParams(location.search).get("invite");
const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
const NO_TABLE = _("There is no such table, or it is private and this link has no invite.");
// localStorage, not sessionStorage: closing the page and coming back later is returning too, and
// the missed events (a takeover, then "You take your seat back.") are told like after a reload.
const versionKey = `cardhall.seen.${tableId}`;

const model = createModel({ version: Number(localStorage.getItem(versionKey) || 0) });
window.cardhallModel = model;  // for the tests and for a person's own scripts: the page's one model
let wire = null;
let uses = null;  // what a click on a card does (uses.js)

// --- actions ---------------------------------------------------------------------------------
function send(msg) {
  if (wire && wire.send(msg)) return true;
  alertText(_("Not connected right now; wait a moment and try again."));
  return false;
}

function notYourTurn() { alertText(`${NOT_YOUR_TURN} ${model.turn()}`.trim()); }

/** Play `notation`; `follows`: it is sent right after another play of the same choice (a
 * confirmed selection), so it is not checked against the version shown. */
function play(notation, { follows = false } = {}) {
  if (!model.isMyTurn()) { notYourTurn(); return; }
  if (!follows) alertText("");
  model.update((local) => { local.selected = null; local.path = []; local.byUser = []; });
  endReview();  // your own move is a new line of your turn: the next Page Up reads from the newest line
  send({ type: "act", action: notation, version: follows ? null : model.state.version });  // confirmed once, by its event in the log
}

function tryCard(card, button) {
  if (!model.state || model.seat() === null) return;
  if (!model.isMyTurn()) { notYourTurn(); return; }
  if (uses.click(card, button)) return;
  send({ type: "act", action: card, version: model.state.version });  // not legal: the engine says why, in its own sentence
}

async function sitAt(seat) {
  try {
    const named = !me();
    await nameFirst();  // a friend who came by the invite link names themselves here, in the same step
    await authed(`/api/tables/${encodeURIComponent(tableId)}/sit`, { method: "POST", body: { seat, invite } });
    if (named) { wire.close(); connect(); }  // the page now speaks for the new name: it sees its seat
  } catch (err) { alertText(err.message); }
}

async function startGame() {
  try {
    await authed(`/api/tables/${encodeURIComponent(tableId)}/start`, { method: "POST", body: {} });
  } catch (err) { alertText(err.message); }
}

async function leaveTable() {
  try {
    await authed(`/api/tables/${encodeURIComponent(tableId)}/leave`, { method: "POST", body: {} });
    log(_("You left the table; you are watching now."), "note");
  } catch (err) { alertText(err.message); }
}

// --- the page's parts, each a subscriber of the model ------------------------------------------
function subscribe() {
  speak(model, { tableId, onMyTurn: () => { if (settings.focus) focusFirstChoice(); } });
  showSeats(model, { sitAt });
  showJoining(model, { tableId });
  showHand(model, { tryCard });
  uses = createUses(model, { play });
  // a presenter's picture plays by mouse too (5 Towers: a click on the offer bids)
  document.addEventListener("cardhall:play", (e) => { if (typeof e.detail === "string") play(e.detail); });
  showChoices(model, { play });
  listenToKeys(model, { play, startGame, send });
  showEnding(model, { tableId, send, sayLine: alertText });
  listenForSounds(model);
  listenToCommands(model, { play });
  listenForHearing(model, { send: (msg) => Boolean(wire && wire.send(msg)) });
  followHistory(model);
  model.on("state", () => {
    const state = model.state;
    $("render").textContent = model.words().render;
    localStorage.setItem(versionKey, String(model.version));
    window.cardhallLast = state;  // what the page shows, for the tests (the viewer's own message)
    // for tests and styles: the version shown and whose turn it is
    root.dataset.version = String(state.version);
    root.dataset.turn = model.isOver() ? "over" : state.status === "waiting" ? "waiting" : model.isMyTurn() ? "mine" : "other";
  });
}

/** The game's presenter draws its pictures into #picture; a game without one has none. */
async function present(found) {
  if (!found) return;
  if (found.style) document.head.append(el("link", { rel: "stylesheet", href: found.style }));
  try {
    const module = await import(found.script);
    module.default($("picture"), model);
  } catch (err) { alertText(err.message || String(err)); }
}

function wireSettings() {
  document.body.classList.toggle("four-colour", settings.four);
  liveRegions();
  for (const [id, key] of [["set-keys", "keys"], ["set-focus", "focus"], ["set-four", "four"], ["set-speech", "speech"]]) {
    const box = $(id);
    box.checked = settings[key];
    box.addEventListener("change", () => {
      settings[key] = box.checked; saveSettings();
      document.body.classList.toggle("four-colour", settings.four);
      liveRegions();
    });
  }
  const hold = $("set-hold");
  hold.value = String(settings.hold);
  if (hold.selectedIndex < 0) hold.value = "1000";
  hold.addEventListener("change", () => { settings.hold = Number(hold.value); saveSettings(); });
  $("start").addEventListener("click", startGame);
  $("leave").addEventListener("click", leaveTable);
  $("help-close").addEventListener("click", closeHelp);
  onSubmit($("chat-form"), (e) => {
    e.preventDefault();
    const line = $("chat").value.trim();
    if (line && send({ type: "chat", text: line })) $("chat").value = "";
  });
}

async function main() {
  showWho();
  listenToRoom();  // the lobby's chat and private messages join the history's chat view
  wireSettings();
  let found;
  try {
    found = await api(`/api/tables/${encodeURIComponent(tableId)}${query}`);
  } catch (err) {
    const why = err instanceof ApiError && err.status === 404 ? NO_TABLE : err.message;
    status(why); say(why);
    $("title").textContent = _("No such table");
    return;
  }
  model.summary = found;
  $("rules-link").href = `/rules/${encodeURIComponent(found.game)}?lang=${encodeURIComponent(LANG)}`;
  $("rules-link").textContent = _("The rules of {game}", { game: found.title || found.game });
  subscribe();
  await restoreHistory();
  model.on("state", () => { lost = false; });
  await present(found.presenter);
  connect();
}

/** A reloaded page (it showed version N before) gets back what it said up to N: the table's log
 * for this viewer, with its words (GET /api/tables/ID/history); what came after N arrives on the
 * socket (`since`), so each line is there once. A page that cannot have it goes on without it. */
async function restoreHistory() {
  const seen = model.version;
  if (seen <= 0) return;
  const params = new URLSearchParams(query);
  params.set("until", String(seen));
  params.set("lang", LANG);
  try {
    const earlier = await api(`/api/tables/${encodeURIComponent(tableId)}/history?${params}`);
    model.restore(earlier.events);
  } catch { /* the history starts empty, as before a first visit */ }
}

let lost = false;
function connect() {
  wire = connectWire(model, tableId, query, {
    open: () => { root.dataset.link = "open"; },
    lost: () => {
      root.dataset.link = "lost";
      if (!lost) { status(_("The connection is lost; reconnecting…")); say(_("The connection is lost; reconnecting…")); }
      lost = true;
    },
    gone: () => { status(NO_TABLE); say(NO_TABLE); },
  });
}

main();
