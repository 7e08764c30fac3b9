// Sounds: a short earcon for each kind of event, synthesised with the Web Audio API (no files),
// one more subscriber of the model's events. Each kind has its own level in the settings — off,
// soft, medium or loud, one select per kind — (remembered in this browser), under one switch for
// all sounds.
//
// What kind an event is comes from its type only (the room's own and the ones the games share:
// a card played, a trick won, a bid, a build …); the turn's sound plays when the turn becomes
// yours. `window.cardhallSounds.heard` lists the kinds played, for the tests and a person's scripts.
import { _, pgettext } from "../common.js";
import { saveSettings, settings } from "./settings.js";

/** The kinds of sound, in the settings' order, each with its label and notes [Hz, start s, length s]. */
export const KINDS = {
  turn: [_("Your turn"), [[660, 0, 0.09], [880, 0.1, 0.14]]],
  card: [_("A card played"), [[1200, 0, 0.03]]],
  won: [_("You take a trick"), [[523, 0, 0.08], [659, 0.08, 0.08], [784, 0.16, 0.12]]],
  lost: [_("Someone else takes a trick"), [[392, 0, 0.1], [330, 0.1, 0.12]]],
  rule: [_("Hearts broken, trump chosen"), [[988, 0, 0.07], [740, 0.08, 0.07], [988, 0.16, 0.1]]],
  bid: [_("A bid, a pass or a build"), [[440, 0, 0.06], [554, 0.07, 0.06]]],
  clock: [_("The clock warns"), [[1760, 0, 0.05], [1760, 0.12, 0.05], [1760, 0.24, 0.05]]],
  chat: [_("A chat message"), [[880, 0, 0.05], [1320, 0.06, 0.07]]],
  people: [_("Someone sits, leaves or comes back"), [[587, 0, 0.08], [587, 0.12, 0.08]]],
  deal: [_("A deal or round ends"), [[523, 0, 0.1], [392, 0.1, 0.1], [523, 0.2, 0.16]]],
  win: [_("You win"), [[523, 0, 0.1], [659, 0.1, 0.1], [784, 0.2, 0.1], [1047, 0.3, 0.3]]],
  lose: [_("You lose"), [[392, 0, 0.15], [370, 0.15, 0.15], [349, 0.3, 0.3]]],
  invite: [_("An invitation, a friend request or a private message"), [[784, 0, 0.06], [988, 0.07, 0.06], [1175, 0.14, 0.1]]],
};

const TYPES = {
  card_played: "card", trick_won: "trick", hearts_broken: "rule", trump_chosen: "rule", trump_declared: "rule",
  trump_fixed: "rule", bid: "bid", passed: "bid", build: "bid", pass_chosen: "bid", bidding_won: "bid",
  summon: "card", cast: "card", clock_warning: "clock", missed: "clock", chat: "chat", sat: "people", left: "people",
  takeover: "people", reclaimed: "people", connected: "people", disconnected: "people",
  deal_scored: "deal", round_started: "deal", game_over: "result",
};

/** The sound an event makes for the viewer at `seat` (null: none). */
export function kindOf(event, seat) {
  const kind = TYPES[event.type];
  if (kind === "trick") return event.seat === seat ? "won" : "lost";
  if (kind === "result") return seat === null ? "deal" : (event.winners || []).includes(seat) ? "win" : "lose";
  if (kind === "chat" && event.seat === seat && seat !== null) return null;  // your own line
  return kind || null;
}

/** A kind's setting: {on, volume 0–1}, the stored one or the default. */
export function soundSetting(kind) {
  settings.sounds = settings.sounds || { on: true, kinds: {} };
  return Object.assign({ on: true, volume: 0.5 }, settings.sounds.kinds[kind] || {});
}

export function setSound(kind, change) {
  soundSetting(kind);
  settings.sounds.kinds[kind] = Object.assign(soundSetting(kind), change);
  saveSettings();
}

let context = null;
function audio() {
  const Context = window.AudioContext || window.webkitAudioContext;
  if (!Context) return null;
  if (!context) context = new Context();
  if (context.state === "suspended") context.resume();
  return context;
}

/** Play the earcon of `kind` (if sounds and that kind are on). */
export function play(kind) {
  const setting = soundSetting(kind);
  if (!settings.sounds.on || !setting.on || !KINDS[kind]) return;
  (window.cardhallSounds = window.cardhallSounds || { heard: [] }).heard.push(kind);
  const ctx = audio();
  if (!ctx) return;
  const start = ctx.currentTime + 0.01;
  for (const [hz, at, length] of KINDS[kind][1]) {
    const osc = ctx.createOscillator();
    const gain = ctx.createGain();
    osc.type = "triangle";
    osc.frequency.value = hz;
    gain.gain.setValueAtTime(0.0001, start + at);
    gain.gain.exponentialRampToValueAtTime(Math.max(0.0002, 0.3 * setting.volume), start + at + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + at + length);
    osc.connect(gain).connect(ctx.destination);
    osc.start(start + at);
    osc.stop(start + at + length + 0.02);
  }
}

/** Subscribe the sounds to `model`: each event's kind, and the turn when it becomes yours. */
export function listenForSounds(model) {
  window.cardhallSounds = window.cardhallSounds || { heard: [] };
  let wasMine = false;
  let missed = false;  // what a returning page missed is told in words, not replayed as sounds
  model.on("sync", () => { missed = true; });
  model.on("event", (entry) => {
    const kind = missed ? null : kindOf(entry.event || {}, model.seat());
    if (kind) play(kind);
  });
  model.on("state", () => {
    const mine = model.isMyTurn();
    if (mine && !wasMine) play("turn");
    wasMine = mine;
    missed = false;
  });
  drawSoundSettings();
  allowSound();
}

/** Browsers start audio only after a gesture: the page's first key or click opens it. */
export function allowSound() {
  const open = () => { audio(); document.removeEventListener("keydown", open); document.removeEventListener("click", open); };
  document.addEventListener("keydown", open);
  document.addEventListener("click", open);
}

/** The levels a kind's one control offers: off, or a volume (0–1). */
export const LEVELS = [["off", 0, pgettext("sound level", "off")], ["soft", 0.25, pgettext("sound level", "soft")],
  ["medium", 0.5, pgettext("sound level", "medium")], ["loud", 1, pgettext("sound level", "loud")]];

/** A kind's setting as one of `LEVELS` (a volume stored otherwise counts as the nearest level). */
export function levelOf(setting) {
  if (!setting.on) return "off";
  const heard = LEVELS.slice(1);
  return heard.reduce((best, l) => (Math.abs(l[1] - setting.volume) < Math.abs(best[1] - setting.volume) ? l : best))[0];
}

/** The settings' "Sounds" group: all sounds on/off, then one control per kind — a select of its
 * level (off, soft, medium, loud) —, so the group is 14 stops, not a switch and a slider for each. */
function drawSoundSettings() {
  const box = document.getElementById("sound-kinds");
  const all = document.getElementById("set-sounds");
  if (!box || !all) return;
  soundSetting("turn");
  all.checked = settings.sounds.on;
  all.addEventListener("change", () => { settings.sounds.on = all.checked; saveSettings(); });
  for (const [kind, [label]] of Object.entries(KINDS)) {
    const select = Object.assign(document.createElement("select"), { id: `sound-${kind}` });
    for (const [value, , words] of LEVELS) select.append(new Option(words, value));
    select.value = levelOf(soundSetting(kind));
    select.addEventListener("change", () => {
      const level = LEVELS.find((l) => l[0] === select.value);
      setSound(kind, level[1] ? { on: true, volume: level[1] } : { on: false });
      if (level[1]) play(kind);
    });
    const row = document.createElement("div");
    row.className = "field sound";
    row.append(Object.assign(document.createElement("label"), { htmlFor: `sound-${kind}`, textContent: label }), select);
    box.append(row);
  }
}
