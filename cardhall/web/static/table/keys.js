// The keys: the game's own (C, A, F, H, G, S, T …, answered in words from the state's words)
// and the client's, the same in every game; remappable or off (WCAG 2.1.4). Enter plays the
// selection or starts the game; Page Up/Down read the history; arrows move within a group.
import { _, el, items, me } from "../common.js";
import { focusFirstChoice, focusPlace } from "./focus.js";
import { nextView, repeatLast, reviewEdge, reviewLog } from "./history.js";
import { saveSettings, settings } from "./settings.js";
import { NOT_YOUR_TURN, alertText, say } from "./speech.js";

const $ = (id) => document.getElementById(id);

export const CLIENT_KEYS = {
  R: _("read the whole table"),
  L: _("list your choices"),
  J: _("jump to your choices (moves focus to the first playable card or choice)"),
  Y: _("your hand"),
  W: _("who sits where"),
  M: _("write a chat message (moves focus to the message field)"),
  V: _("the history's view: all, game, chat, room (what Page Up and Page Down read)"),
  Z: _("repeat the last line of the history"),
  K: _("wait for me: the bots wait until you press it again (go on)"),
  "?": _("this list of keys (F1 too)"),
};

export function keyIds(model) { return [...Object.keys(model.words().keys), ...Object.keys(CLIENT_KEYS)]; }

export function keyMap(model) {
  const map = {};
  for (const id of keyIds(model)) {
    const k = id in settings.map ? settings.map[id] : id;
    if (k) map[k.toUpperCase()] = id;
  }
  return map;
}

/** The name of a pressed key as the key map spells it: "C", "1", "SHIFT+1" (Shift with a digit
 * of the top row, whatever character the layout gives it: 5 Towers' others' towers). */
export function keyName(e) {
  return e.shiftKey && /^Digit\d$/.test(e.code) ? `SHIFT+${e.code.slice(5)}` : e.key.toUpperCase();
}

/** A key as the keys list shows it: "Shift+1" in the reader's words for Shift. */
export function keyLabel(k) {
  const shift = _("Shift");
  return k.length > 1 ? k.replace(/^Shift\+/i, shift + "+") : k.toUpperCase();
}

export function describeKey(model, id) {
  const k = model.key(id);
  return (k && k.what) || CLIENT_KEYS[id] || id;
}

function drawHelp(model) {
  const rows = [
    [_("Enter"), _("play the selected choice; start the game when you are the host")],
    [_("Tab, arrow keys"), _("move between buttons; arrows move within your hand and your choices")],
    [_("Page Up, Page Down"), _("read the previous or next line of the history")],
    [_("Home, End"), _("read the first or the last line of the history")],
    [_("F1"), _("this list of keys, from anywhere on the page")],
  ];
  for (const id of keyIds(model)) {
    const k = id in settings.map ? settings.map[id] : id;
    rows.push([k ? keyLabel(k) : _("{key} (off)", { key: keyLabel(id) }), describeKey(model, id)]);
  }
  $("help-keys").replaceChildren(...rows.flatMap(([k, d]) => [el("dt", { text: k }), el("dd", { text: d })]));
  const remap = $("remap");
  if (!remap.children.length) {
    for (const id of keyIds(model)) {
      const input = el("input", { id: `map-${id}`, maxlength: "1", class: "key", value: id in settings.map ? settings.map[id] : id });
      input.addEventListener("change", () => { settings.map[id] = input.value.trim(); saveSettings(); drawHelp(model); });
      remap.append(el("div", { class: "field" }, el("label", { for: `map-${id}`, text: describeKey(model, id) }), input));
    }
  }
}

export function runKey(model, id) {
  const k = model.key(id);
  if (k) {
    say(k.text);
    if (k.action && model.legal().includes(k.action)) {
      model.update((local) => { local.selected = k.action; });
      say(_("{what} Press Enter to play it.", { what: k.text }));
    }
    return;
  }
  const mine = model.isMyTurn();
  switch (id) {
    case "R": say(model.words().render || _("Nothing to read yet.")); break;
    case "L": say(mine ? choicesSaid() : NOT_YOUR_TURN); break;
    case "Y": {
      const hand = model.hand();
      say(model.seat() === null ? _("You are watching; you have no hand.")
        : hand ? _("Your hand: {cards}.", { cards: hand.map((c) => model.spoken(c)).join(", ") })
          : _("This game has no hand of cards; press R to read the table."));
      break;
    }
    case "W": say([...$("seats").children].map((li) => li.textContent).join(". ")); break;
    case "M": $("chat").focus(); break;
    case "J": if (!focusFirstChoice()) say(mine ? _("Nothing to choose.") : NOT_YOUR_TURN); break;
    case "V": nextView(); break;
    case "Z": repeatLast(); break;
    case "?": openHelp(); break;
    case "K": waitForMe(model); break;
    default: break;
  }
}

/** L: the choices as the page shows them — the choice buttons' own words in their order (a
 * picker step's "take … …", "Back one step"), then the hand's playable cards; never other words. */
export function choicesSaid() {
  const choices = [...$("choices").querySelectorAll("button")].map((b) => b.textContent.trim());
  const hand = [...$("hand").querySelectorAll('button[aria-disabled="false"]')].map((b) => b.querySelector(".name").textContent);
  const bar = document.getElementById("select-bar");  // a selection to confirm (Hearts' pass): its button too
  const ok = bar && !bar.hidden ? bar.querySelector('#select-confirm[aria-disabled="false"]') : null;
  const list = [...choices, ...hand, ...(ok ? [ok.textContent.trim()] : [])];
  return list.length ? _("Your choices: {choices}.", { choices: items(list) }) : _("Nothing to choose.");
}

let actions = {};  // what the keys do at the table (`listenToKeys`): play, startGame, send

/** "Wait for me" (or "go on" when the bots already wait for you): the bots do not move until you
 * press K again. Said to everyone at the table by the event's words, to you as "The bots wait…". */
function waitForMe(model) {
  const seat = model.seat();
  if (seat === null) { say(_("You are watching; only a seated person can ask the bots to wait.")); return; }
  const mine = (model.state.seats || [])[seat];
  if (actions.send) actions.send({ type: "wait", on: !(mine && mine.hold) });
}

let helpFrom = null;  // where focus was when the keys list opened: it goes back there

function openHelp() {
  if ($("help").hidden) helpFrom = document.activeElement;
  $("help").hidden = false;
  focusPlace($("help-h"));
}

/** Close the keys list; focus goes back where it was (never to the page's body). */
export function closeHelp() {
  if ($("help").hidden) return;
  $("help").hidden = true;
  const back = helpFrom && helpFrom !== document.body && helpFrom.isConnected ? helpFrom : null;
  helpFrom = null;
  if (back && !back.closest("[hidden]")) back.focus(); else focusPlace($("play-h"));
}

function arrows(e) {
  const group = e.target.closest("#hand, #choices");
  if (!group) return false;
  const buttons = [...group.querySelectorAll("button")];
  const i = buttons.indexOf(e.target);
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (i < 0 || !step) return false;
  buttons[(i + step + buttons.length) % buttons.length].focus();
  return true;
}

/** Answer the keys on the page for `model`; `play(notation)` and `startGame()` act. */
export function listenToKeys(model, { play, startGame, send }) {
  actions = { play, startGame, send };
  model.on("state", ({ first }) => { if (first) drawHelp(model); });
  document.addEventListener("keydown", (e) => {
    if (e.key === "F1") { e.preventDefault(); openHelp(); return; }  // everywhere, even in a field
    if (!model.state || e.ctrlKey || e.altKey || e.metaKey) return;
    const tag = e.target.tagName;
    if (tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.target.isContentEditable) return;
    if (arrows(e)) { e.preventDefault(); return; }
    if (e.key === "PageUp" || e.key === "PageDown") { e.preventDefault(); reviewLog(e.key === "PageUp" ? -1 : 1); return; }
    if (e.key === "Home" || e.key === "End") { e.preventDefault(); reviewEdge(e.key === "End"); return; }
    if (e.key === "Escape") { closeHelp(); alertText(""); return; }
    if (e.key === "Enter") {
      if (["BUTTON", "A", "SUMMARY"].includes(tag)) return;
      e.preventDefault();
      const who = me();
      if (model.state.status === "waiting" && model.isHost(who && who.player)) startGame();
      else if (model.local.selected) play(model.local.selected);
      else say(model.isMyTurn() ? _("Nothing is selected: choose a card or a choice with Tab and Enter.") : NOT_YOUR_TURN);
      return;
    }
    if (!settings.keys || e.key.length !== 1) return;
    const id = keyMap(model)[keyName(e)];
    if (!id) return;
    e.preventDefault();
    runKey(model, id);
  });
}
