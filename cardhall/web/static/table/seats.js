// The seats: who sits where (a list in words; a person's name there opens their menu: profile,
// friend request, block, mute, report with this table's recent chat attached), the languages the
// players read, and, before the start, the open seats to sit at and the host's Start button.
import { _, el, me, ngettext, playersSpeak } from "../common.js";
import { named } from "../person.js";
import { trackAway } from "./away.js";

const $ = (id) => document.getElementById(id);
const TABLE = decodeURIComponent(location.pathname.split("/")[2] || "") || null;  // a report attaches its chat

/** Draw the seats on every state of `model`; `sitAt(i)` sits the user at seat i. */
export function showSeats(model, { sitAt }) {
  const away = trackAway(model, () => drawSeats(model, away));
  model.away = away;  // the felt's plates say the same countdown
  model.on("state", () => {
    drawSeats(model, away);
    drawWaiting(model, sitAt);
  });
}

function drawSeats(model, away) {
  const state = model.state;
  const list = $("seats");
  const seats = state.seats || [];
  const names = model.words().seats;
  while (list.children.length > seats.length) list.lastElementChild.remove();
  seats.forEach((s, i) => {
    let li = list.children[i];
    if (!li) { li = el("li"); list.append(li); }
    const who = s.kind === "open" ? _("open") : model.words().names?.[i] || s.name || _("someone");
    const notes = [];
    if (i === model.seat()) notes.push(_("you"));
    if (away.words(i)) notes.push(away.words(i));
    if (s.takeover) notes.push(_("a bot plays for them"));
    if (state.to_move === i && state.status === "playing") notes.push(_("to move"));
    const place = names[i] || _("Seat {number}", { number: i + 1 });
    const say = (name) => (notes.length ? _("{seat}: {who} ({notes})", { seat: place, who: name, notes: notes.join(", ") })
      : _("{seat}: {who}", { seat: place, who: name }));
    const person = s.kind !== "open" && s.kind !== "bot" && s.name && i !== model.seat();
    const sig = `${person} ${say(who)}`;
    if (li.dataset.sig === sig) return;
    li.dataset.sig = sig;
    if (person) li.replaceChildren(named(say, s.name, { label: who, table: TABLE }));
    else li.textContent = say(who);
  });
  $("speak").textContent = playersSpeak(seats) || "";
  $("leave").hidden = model.seat() === null || state.status === "over";
}

function drawWaiting(model, sitAt) {
  const state = model.state;
  const box = $("waiting");
  box.hidden = state.status !== "waiting";
  if (box.hidden) return;
  const who = me();
  const host = model.isHost(who && who.player);
  const open = (state.seats || []).map((s, i) => (s.kind === "open" ? i : -1)).filter((i) => i >= 0);
  const names = model.words().seats || [];
  const place = (i) => names[i] || _("Seat {number}", { number: i + 1 });  // the game's name of the seat, as its sentences say it
  $("waiting-text").textContent = open.length
    ? ngettext("Waiting for players: {seats} is open.", "Waiting for players: {seats} are open.", open.length,
      { seats: open.map(place).join(", ") })
    : host ? _("Every seat is taken. Start the game when you are ready (Enter).") : _("Every seat is taken; the host starts the game.");
  const sit = $("sit-buttons");
  const want = model.seat() === null ? open : [];
  const sig = want.map(place).join(",");
  if (sit.dataset.sig !== sig) {
    sit.dataset.sig = sig;
    sit.replaceChildren(...want.map((i) => el("button", { type: "button", text: _("Sit as {seat}", { seat: place(i) }), onclick: () => sitAt(i) })));
  }
  $("start").hidden = !(host && open.length === 0);
}
