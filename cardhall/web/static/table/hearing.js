// Bots paced to the listener (issue 38): "the bots wait until I have heard the last move".
//
// While the setting is on, after each change the page tells the room when the lines it has said
// so far will have been heard — their words at the person's reading rate, counted from when each
// line was said (`{"type": "hearing", "version", "seconds"}`); with the browser's own voice
// (the speech setting) it asks for a margin and says 0 when the voice has really said them all.
// The room holds that table's bots until then, never longer than 8 s a change (docs/room.md).
// The setting and the rate are the person's, stored in the room (`/api/players/me/listening`);
// unset, it is on for a person who plays by keyboard or has the speech setting on.
import { _, api, me } from "../common.js";
import { saveSettings, settings } from "./settings.js";
import { heardBy } from "./speech.js";

export const RATE = { min: 150, normal: 300, max: 600 };  // words a minute
const MAX_SECONDS = 60;  // the most a page may say (the room holds far less)
const COALESCE = 100;  // ms: the changes of a burst are told in one message (at most 10 a second)
const stored = { wait: null, rate: RATE.normal };
let until = 0;  // performance.now() when the lines said so far will have been heard

/** A line's words (what a reader counts). */
export function wordsIn(line) { return (String(line).match(/\S+/g) || []).length; }

/** Seconds to hear `line` at `rate` words a minute. */
export function secondsFor(line, rate = stored.rate) { return (wordsIn(line) * 60) / rate; }

/** Whether this person holds the bots: their stored choice, else on when they play by keyboard
 * or have the browser's voice on. */
export function waiting() { return stored.wait ?? Boolean(settings.speech || settings.keyboard); }

/** A rate from the form: a whole number of words a minute in range, or null. */
export function rateOf(value) {
  const n = Number(value);
  return Number.isInteger(n) && n >= RATE.min && n <= RATE.max ? n : null;
}

function said(line) {
  const now = performance.now();
  until = Math.max(until, now) + secondsFor(line) * 1000;
}

/** Seconds this page still needs to hear what it has said (with the browser's voice: a margin,
 * since its end is told when it comes). */
export function secondsLeft(now = performance.now()) {
  const left = Math.max(0, (until - now) / 1000);
  const voiced = settings.speech && window.speechSynthesis;
  return Math.min(MAX_SECONDS, Math.round((voiced ? left * 1.5 + 1 : left) * 100) / 100);
}

/** Follow `model` and tell the room through `send(msg)` (quiet: false when not connected). */
export function listenForHearing(model, { send }) {
  let told = false;  // the room counts this person as a listener
  const playing = () => model.state && model.state.status === "playing" && model.seat() !== null && !model.isOver();
  function tell(seconds) {
    if (!playing()) return;
    if (waiting()) { told = send({ type: "hearing", version: model.state.version, seconds }) || told; return; }
    if (told && send({ type: "hearing", version: model.state.version, listening: false })) told = false;
  }
  heardBy.line.add(said);
  heardBy.quiet.add(() => { if (settings.speech) { until = 0; tell(0); } });
  // one message for a burst of changes (bots at full speed): the socket takes 20 a second, and the
  // person's own moves must never be the ones dropped; the room waits for the newest anyway
  let soon = null;
  model.on("state", () => {
    if (soon === null) soon = setTimeout(() => { soon = null; tell(secondsLeft()); }, COALESCE);
  });
  window.cardhallHearing = secondsLeft;  // for the tests and a person's own scripts: what is left to hear
  window.addEventListener("keydown", (e) => {  // a person who plays by keyboard (typing a chat line is not playing)
    const typing = e.target instanceof HTMLElement && e.target.matches("input[type=text], textarea, #chat")
      && e.target.id !== "command";
    if (settings.keyboard || typing || e.ctrlKey || e.metaKey || e.altKey) return;
    settings.keyboard = true; saveSettings();
    show();
  }, true);  // first: the page's keys may stop the key from going further
  const show = wireForm(() => tell(secondsLeft()));
}

/** The settings' checkbox and rate: shown as they are, stored in the room when changed (in this
 * browser only for a spectator without a name). */
function wireForm(changed) {
  const box = document.getElementById("set-wait");
  const rate = document.getElementById("set-rate");
  if (!box || !rate) return () => {};
  const show = () => { box.checked = waiting(); rate.value = String(stored.rate); };
  Object.assign(stored, settings.listening || {});
  show();
  async function store(change) {
    Object.assign(stored, change);
    settings.listening = { ...stored }; saveSettings();
    if (me()) {
      try { Object.assign(stored, await api("/api/players/me/listening", { method: "PUT", body: change })); }
      catch (err) { document.getElementById("alert").textContent = err.message; }
    }
    show(); changed();
  }
  box.addEventListener("change", () => store({ wait: box.checked }));
  rate.addEventListener("change", () => {
    const n = rateOf(rate.value);
    if (n === null) {
      document.getElementById("alert").textContent = _("The reading rate is 150 to 600 words a minute.");
      rate.value = String(stored.rate);
      return;
    }
    store({ rate: n });
  });
  if (me()) {
    api("/api/players/me/listening").then((kept) => { Object.assign(stored, kept); settings.listening = { ...stored };
      saveSettings(); show(); }).catch(() => {});
  }
  return show;
}
