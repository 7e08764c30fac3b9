// The history under review (Playroom's way): Page Up/Down read it line by line and keep their
// place while new lines arrive ("3 of 40: …"); Home/End go to its first and last line with a cue;
// V changes the view (all, game, chat, room: which lines Page Up/Down read); Z repeats the last
// line of the view. The log keeps the whole game (as many lines as the model's timeline).
// The review comes home (issue 38): when you move, the turn becomes yours, a new deal or round
// starts or the game ends, it ends (your move counts on its own: after a trick you won, the turn
// is yours before and after it) (the next Page Up reads the newest line); so does a pause of `PAUSE`
// between two steps, and Page Down past the last line ("End of the history.").
import { _, ngettext, pgettext } from "../common.js";
import { say } from "./speech.js";

const $ = (id) => document.getElementById(id);
export const VIEWS = ["all", "game", "chat", "room"];
const VIEW_NAMES = {
  all: pgettext("history view", "all"), game: pgettext("history view", "game"),
  chat: pgettext("history view", "chat"), room: pgettext("history view", "room"),
};
let current = null;  // the line under review; null: at the end, following what arrives
let view = "all";
const PAUSE = 20000;  // ms without a step after which Page Up starts again from the newest line
let steppedAt = 0;  // performance.now() of the last step of the review
const HOME = ["deal_started", "round_started"];  // a new deal or round ends the review

/** Stop reviewing: the next Page Up reads the newest line of the view. */
export function endReview() { current = null; mark(null); }

/** End the review when the turn becomes yours, a new deal or round starts, or the game ends. */
export function followHistory(model) {
  let mine = false;
  model.on("event", (entry) => { if (HOME.includes(entry.event && entry.event.type)) endReview(); });
  model.on("state", () => {
    const now = model.isMyTurn();
    if ((now && !mine) || model.isOver()) endReview();
    mine = now;
  });
}

function lines() { return [...$("log").children].filter((l) => view === "all" || l.dataset.view === view); }

function mark(line) {
  for (const l of $("log").querySelectorAll(".reviewing")) l.classList.remove("reviewing");
  if (line) { line.classList.add("reviewing"); line.scrollIntoView({ block: "nearest" }); }
}

function show(all, i, cue = "") {
  current = all[i];
  steppedAt = performance.now();
  mark(current);
  const line = _("{number} of {total}: {line}", { number: i + 1, total: all.length, line: current.textContent });
  say(cue ? `${cue} ${line}` : line);
}

/** Page Up (-1) / Page Down (+1): the previous or next line of the view, from where review is. */
export function reviewLog(step) {
  const all = lines();
  if (!all.length) { say(_("The history is empty.")); return; }
  if (current && performance.now() - steppedAt > PAUSE) endReview();  // after a pause: from the newest line
  let i = current ? all.indexOf(current) : -1;
  if (i < 0) i = all.length;  // not reviewing (or the line left the view): from the end
  const next = i + step;
  if (next < 0) show(all, 0, _("Top of the history."));
  else if (next >= all.length) { current = null; mark(null); say(_("End of the history.")); }
  else show(all, next);
}

/** Home / End: the first or the last line of the view, with a cue. */
export function reviewEdge(last) {
  const all = lines();
  if (!all.length) { say(_("The history is empty.")); return; }
  if (last) show(all, all.length - 1, _("End of the history."));
  else show(all, 0, _("Top of the history."));
}

/** V: the next view of the history (all, game, chat, room). */
export function nextView() {
  view = VIEWS[(VIEWS.indexOf(view) + 1) % VIEWS.length];
  current = null;
  mark(null);
  const count = lines().length;
  say(ngettext("History view: {view}, {count} line.", "History view: {view}, {count} lines.", count, { view: VIEW_NAMES[view] }));
}

/** Z: the last line of the view, again. */
export function repeatLast() {
  const all = lines();
  say(all.length ? all[all.length - 1].textContent : _("The history is empty."));
}
