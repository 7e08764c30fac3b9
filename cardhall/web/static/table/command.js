// The command field (lichess's blind mode): type a key or a word and Enter, in a text field that
// a screen reader leaves to the page in any mode, so the game's keys work under NVDA, JAWS,
// VoiceOver and Orca without switching modes. "t" or "turn" answers as T does; "l", "choices";
// "?" or "help"; a choice or a card in words ("queen of spades", "pass") plays it when exactly one
// matches. The answer is said like a key's.
import { _, ngettext, onSubmit, pgettext } from "../common.js";
import { describeKey, keyIds, keyMap, runKey } from "./keys.js";
import { handAction } from "./picker.js";
import { say } from "./speech.js";

const $ = (id) => document.getElementById(id);
const WORDS = { help: "?", keys: "?", [pgettext("command", "help")]: "?", [pgettext("command", "keys")]: "?" };

/** What `text` asks: {key} a key's id, {play} a legal choice's notation, or {none}/{many}. */
export function commandOf(model, text) {
  const typed = text.trim().toLowerCase();
  if (!typed) return { none: true };
  const named = keyMap(model)[typed.replace(/\s+/g, "").toUpperCase()];  // "t", "shift+1"
  if (named) return { key: named };
  if (typed.length === 1) return { none: true };
  if (WORDS[typed]) return { key: WORDS[typed] };
  const keys = keyIds(model).filter((id) => describeKey(model, id).toLowerCase().split(/[^\p{L}\p{N}]+/u).includes(typed));
  if (keys.length === 1) return { key: keys[0] };
  const legal = model.legal();
  const choices = new Map();
  for (const n of legal) choices.set(n, model.choice(n).toLowerCase());
  for (const card of model.hand() || []) {
    const action = handAction(card, legal);
    if (action) choices.set(action, model.word(card).toLowerCase());
  }
  const exact = [...choices].filter(([, words]) => words === typed || words.replace(/\s*[♠♥♦♣]$/u, "") === typed);
  const found = exact.length ? exact : [...choices].filter(([, words]) => words.includes(typed));
  if (found.length === 1) return { play: found[0][0] };
  return found.length ? { many: found.length } : keys.length ? { many: keys.length } : { none: true };
}

/** Answer the command field for `model`; `play(notation)` plays a choice. */
export function listenToCommands(model, { play }) {
  const form = $("command-form");
  if (!form) return;
  onSubmit(form, (e) => {
    e.preventDefault();
    const text = $("command").value;
    const asked = commandOf(model, text);
    $("command").value = "";
    if (asked.key) runKey(model, asked.key);
    else if (asked.play) play(asked.play);
    else if (asked.many) {
      say(ngettext("“{text}” matches {count} key or choice; type more of it.", "“{text}” matches {count} keys or choices; type more of it.",
        asked.many, { text: text.trim() }));
    }
    else say(_("Nothing matches “{text}”: type a key (? lists them) or a choice in words.", { text: text.trim() }));
  });
}
