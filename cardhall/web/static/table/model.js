// The table page's one owner of state: a versioned model of what this viewer knows.
//
// The wire hands it every server message; it keeps the last state (with its words), the
// table's summary, a timeline of {version, event, words} and the page's own choices (the
// picker's path, the selected action). Everything else subscribes:
//
//   "earlier" a reloaded page's history, from before its version: {events} (told, not replayed)
//   "sync"   a returning connection's first state is here: {events, first} (what was missed)
//   "event"  one timeline entry {version, event, words}, in order, before the state it led to
//   "state"  the new state is in place: {first, events, missed}
//   "local"  the page's own choices changed (picker path, selection)
//   "error"  a refusal's sentence
//
// Events are held until the state that follows them (the server sends a change's events and
// then its state), so a subscriber always sees the events and then the state they lead to;
// an event at or below the version already shown is a repeat (a resync) and is dropped. A
// connection lost before the state came drops what it held: the next connection asks for
// everything after the last state's version (`since`), so no event is missing or doubled.
// A "delta" (the wire asks for them, `?delta=1`) is the next state as a patch of the last one
// (patch.js): applied, it is a state like any other. A delta from another version than the one
// held (a gap) is dropped with the events held for it, and `receive` answers "gap" (once until the
// next whole state comes): the wire then sends a `sync`, whose answer is the whole state with
// every event after the model's version.
// The model touches no DOM, so it is tested on its own (tests/web/js/model.test.js).

import { applyPatch } from "./patch.js";

export const TIMELINE = 5000;  // timeline entries kept (the log shows fewer)

export function createModel({ version = 0, summary = null } = {}) {
  const subscribers = new Map();
  const timeline = [];
  let state = null;
  let held = [];
  let catchingUp = false;
  let resyncing = false;  // a gap was seen and a sync asked for: no more until a whole state comes
  const local = { path: [], byUser: [], selected: null };

  function emit(topic, payload) {
    for (const fn of subscribers.get(topic) || []) {
      try { fn(payload, model); } catch (err) { setTimeout(() => { throw err; }); }  // one subscriber's bug stops no other
    }
  }

  const model = {
    /** Call `fn(payload, model)` on each `topic`; returns the function that unsubscribes. */
    on(topic, fn) {
      if (!subscribers.has(topic)) subscribers.set(topic, new Set());
      subscribers.get(topic).add(fn);
      return () => subscribers.get(topic).delete(fn);
    },

    /** A new connection opens, asking for what happened after `version` (0: just the state). */
    connecting() {
      held = [];
      resyncing = false;
      catchingUp = version > 0;
      return version;
    },

    /** What this viewer heard up to the version the page last showed (a reload): `events`
     * [{version, event, words}] from GET /api/tables/ID/history. They are history, not news: said
     * in the log ("earlier"), never as "event"s (no sound, no animation) and not in the timeline. */
    restore(events) {
      const earlier = (Array.isArray(events) ? events : []).filter((e) => e && typeof e.version === "number" && e.version <= version);
      if (earlier.length) emit("earlier", { events: earlier });
    },

    /** One server message, as the wire received it. Answers "gap" when a delta does not follow
     * the state held: the wire asks for the whole state (`sync`). */
    receive(msg) {
      if (!msg || typeof msg !== "object") return null;
      if (msg.type === "delta") {
        let merged = null;
        if (state && msg.base === state.version && Array.isArray(msg.patch)) {
          try { merged = applyPatch(state, msg.patch); } catch { merged = null; }
        }
        if (!merged || merged.version !== msg.version) {
          held = [];
          if (resyncing) return null;
          resyncing = true;
          return "gap";
        }
        msg = merged;
      } else if (msg.type === "state") {
        resyncing = false;
      }
      if (msg.type === "event") {
        if (typeof msg.version === "number" && msg.version > version) {
          held.push({ version: msg.version, event: msg.event || {}, words: typeof msg.words === "string" ? msg.words : "" });
        }
        return null;
      }
      if (msg.type === "error") { emit("error", msg.message); return null; }
      if (msg.type !== "state") return null;
      const events = held.filter((e) => e.version <= msg.version);
      held = [];
      const missed = catchingUp;
      catchingUp = false;
      const first = state === null;
      if (missed) emit("sync", { events, first });
      for (const entry of events) {
        timeline.push(entry);
        emit("event", entry);
      }
      if (timeline.length > TIMELINE) timeline.splice(0, timeline.length - TIMELINE);
      if (msg.table) summary = msg.table;
      state = msg;
      version = Math.max(version, msg.version);
      model.fitPicker();
      emit("state", { first, events, missed });
      return null;
    },

    /** The page's own choices: `fn(local)` changes them, then "local" is said. */
    update(fn) {
      fn(local);
      emit("local", local);
    },

    /** The picker's path is kept only while some choice still agrees with it. */
    fitPicker() {
      const legal = model.legal();
      const steps = model.words().steps;
      const fits = (n) => local.path.every((p, i) => (steps && steps[n] ? steps[n][i] && steps[n][i][1] : null) === p);
      if (local.path.length && !legal.some(fits)) { local.path = []; local.byUser = []; }
      if (local.selected && !legal.includes(local.selected)) local.selected = null;
    },

    // --- selectors -----------------------------------------------------------------
    get version() { return version; },
    get state() { return state; },
    get summary() { return summary; },
    set summary(value) { summary = value; },
    get timeline() { return timeline; },
    get local() { return local; },
    words() { return (state && state.words) || EMPTY_WORDS; },
    view() { return (state && state.view) || {}; },
    seat() { return state ? state.seat ?? null : null; },
    legal() { return model.isMyTurn() ? state.legal : []; },
    isMyTurn() {
      return Boolean(state && model.seat() !== null && state.to_move === model.seat() && (state.legal || []).length > 0);
    },
    isOver() { return Boolean(state && (state.over || state.status === "over")); },
    isHost(player) { return Boolean(summary && player && summary.host === player); },
    hand() {
      const hand = model.view().hand;
      return Array.isArray(hand) ? hand.filter((c) => typeof c === "string") : null;
    },
    /** A notation token in words (a card of the hand, a part of a choice). */
    word(token) { return model.words().words[token] || token; },
    /** A card's words as a reader says them: without the suit's sign the face shows ("three of
     * spades", never "three of spades ♠", which a speech synthesiser says as the suit again). */
    spoken(token) { return model.word(token).replace(/\s*[♠♥♦♣]$/u, ""); },
    /** A legal choice in words. */
    choice(notation) { return model.words().choices[notation] || notation; },
    /** A key's answer now ({what, text, action}), or null. */
    key(id) { return model.words().keys[id] || null; },
    /** Whose turn it is, in words ("" before the first state). */
    turn() { const t = model.key("T"); return t ? t.text : ""; },
  };
  return model;
}

const EMPTY_WORDS = Object.freeze({ title: "", lang: "", render: "", seats: [], keys: {}, choices: {}, words: {}, steps: null, result: null });
