// The room socket on every page (/ws/room): the person's presence where they are (the lobby or
// a table), and notices wherever they are: invitations (accepted in one step: the page goes to
// the table, seated), messages, friend requests, and a moderator's sanction. Each notice is said
// in the live region of the people bar; on a table page the bar also holds "invite a friend".
import { _, api, el, me, onSubmit, tableLink } from "./common.js";
import { acceptHint, acceptKey, keyKnown, listenForAccept } from "./invite-key.js";
import { allowSound, play } from "./table/sound.js";

const $ = (id) => document.getElementById(id);
const ACTIVE_EVERY = 60_000; // ms between two "active" messages (the server shows away after 5 minutes idle)
const tablePath = /^\/tables\/([^/]+)$/.exec(location.pathname);
const where = tablePath ? decodeURIComponent(tablePath[1]) : "lobby";
let titles = null;
let socket = null;
let retry = 1000;
let lastActive = 0;
let shut = false; // banned, or the session is gone: no reconnecting
const HISTORY = Boolean(document.getElementById("log")); // a table page: its history says the chat
const pending = new Map();  // the invitations waiting for an answer: id → {invitation, li}

/** Say `text` in the people bar's live region (and to anyone listening on the page). */
export function announce(text) {
  const live = $("people-live");
  if (!live) return;
  live.textContent = "";
  setTimeout(() => { live.textContent = text; }, 50);
}

async function gameTitle(name) {
  if (!titles) {
    try { titles = Object.fromEntries((await api("/api/games")).map((g) => [g.name, g.title])); } catch { titles = {}; }
  }
  return titles[name] || name;
}

async function showInvitation(inv) {
  const list = $("invitations");
  if (!list || list.querySelector(`li[data-id="${CSS.escape(inv.id)}"]`)) return;
  const words = _("{name} invites you to a game of {game}.", { name: inv.name, game: await gameTitle(inv.game) });
  await keyKnown();  // at a table: I, or Shift+I where the game has its own I
  if (list.querySelector(`li[data-id="${CSS.escape(inv.id)}"]`)) return;
  const li = el("li", { "data-id": inv.id }, el("span", { text: words }), " ",
    el("button", { type: "button", text: _("Accept and sit"), "aria-keyshortcuts": acceptKey().replace(_("Shift"), "Shift"),
      onclick: () => accept(inv, li) }), " ",
    el("button", { type: "button", text: _("Decline"), onclick: () => decline(inv, li) }), " ",
    el("span", { class: "hint", text: acceptHint() }));
  list.append(li);
  pending.set(inv.id, { invitation: inv, li });
  return `${words} ${acceptHint()}`;
}

/** The newest invitation still waiting, for the I key (invite-key.js). */
function newest() {
  let found = null;
  for (const entry of pending.values()) {
    if (!found || (entry.invitation.created || 0) >= (found.invitation.created || 0)) found = entry;
  }
  return found;
}

/** A Swiss round's (or an arena table's) notice: its words, and a button to the table that takes the focus unless the
 * person is typing, so Enter goes to the table. */
async function showEventTable(message) {
  const list = $("invitations");
  const game = await gameTitle(message.game);
  const words = message.rounds
    ? _("Round {round} of {rounds}: your table of {game} is ready.", { round: message.round, rounds: message.rounds, game })
    : _("Your next table of {game} is ready.", { game });  // an arena
  if (!list) return words;
  list.querySelector(`li[data-event="${CSS.escape(message.event)}"]`)?.remove();
  const go = el("button", { type: "button", text: _("Go to your table"),
    onclick: () => { location.href = tableLink(message.table, message.invite); } });
  const li = el("li", { "data-event": message.event }, el("span", { text: words }), " ", go);
  list.append(li);
  const typing = document.activeElement && /^(INPUT|TEXTAREA|SELECT)$/.test(document.activeElement.tagName);
  if (typing) return words;
  go.focus();
  return words + " " + _("Press Enter to go to your table.");
}

/** A notice with a link (a club's page, an event's page) in the invitations list; its words. */
function noticeLink(key, href, words, label) {
  const list = $("invitations");
  if (!list) return words;
  // a notice said again (a reconnect's, a second node's) takes the old one's place, and its link the
  // focus if the old link had it: a keyboard user about to press Enter on it keeps their place
  const old = list.querySelector(`li[data-notice="${CSS.escape(key)}"]`);
  const focused = Boolean(old && old.contains(document.activeElement));
  const link = el("a", { href, text: label });
  const li = el("li", { "data-notice": key }, el("span", { text: words }), " ", link);
  if (old) old.replaceWith(li); else list.append(li);
  if (focused) link.focus();
  return words;
}

function showClubLink(club, words, label) {
  return noticeLink(`club:${club}`, `/clubs/${encodeURIComponent(club)}`, words, label);
}

function showEventLink(event, words, label) {
  return noticeLink(`event:${event}`, `/events/${encodeURIComponent(event)}`, words, label);
}

async function accept(inv, li) {
  try {
    const table = await api(`/api/invitations/${encodeURIComponent(inv.id)}/accept`, { method: "POST", body: {} });
    li.remove();
    pending.delete(inv.id);
    location.href = tableLink(table.id, table.invite);
  } catch (err) { $("people-alert").textContent = err.message; }
}

async function decline(inv, li) {
  try {
    await api(`/api/invitations/${encodeURIComponent(inv.id)}/decline`, { method: "POST", body: {} });
    li.remove();
    pending.delete(inv.id);
    announce(_("You declined the invitation."));
    document.getElementById("main")?.focus();
  } catch (err) { $("people-alert").textContent = err.message; }
}

async function notice(message) {
  switch (message.type) {
    case "hello":
      for (const inv of message.invitations || []) await showInvitation(inv);
      if (message.unread) announce(_("You have unread messages."));
      break;
    case "invitation": {
      play("invite");
      const words = await showInvitation(message);
      if (words) announce(words);
      break;
    }
    case "event_table":  // a Swiss round: the entrant's table is ready (cardhall.events.swiss)
      play("invite");
      announce(await showEventTable(message));
      break;
    case "event_over":
      announce(_("Your event is over: its standings are final."));
      break;
    case "event_standby_in":  // a place from an event's standby list (cardhall.events.standby)
      play("invite");
      announce(showEventLink(message.event, _("A place is yours: you are entered in the {game} event from its standby list; you play from round {round}.",
        { game: await gameTitle(message.game), round: message.round }), _("Go to the event")));
      break;
    case "club_invitation":  // cardhall.web.clubs
      play("invite");
      announce(showClubLink(message.club, _("{name} invites you to the club {club}.", { name: message.from, club: message.name }),
        _("Go to the club")));
      break;
    case "club_announcement":
      play("invite");
      announce(_("The club {club} announces, from {name}: {text}", { club: message.name, name: message.by, text: message.text }));
      break;
    case "invitation_accepted":
      announce(_("{name} accepted your invitation.", { name: message.name }));
      break;
    case "lobby_chat":  // said once, as it arrives (never on a later page load)
      if (!chatSaidElsewhere(message)) announce(_("In the lobby, {name}: {text}", { name: message.name, text: message.text }));
      break;
    case "message":  // at a table the history says it (table/roomlines.js), in its chat view
      play("invite");
      if (!HISTORY) announce(_("A message from {name}: {text}", { name: message.name, text: message.text }));
      break;
    case "friend_request":
      play("invite");
      announce(_("{name} asks to be your friend.", { name: message.name }));
      break;
    case "friend_accepted":
      announce(_("{name} is now your friend.", { name: message.name }));
      break;
    case "banned":
    case "sanction":
      $("people-alert").textContent = message.message;
      break;
    default:
      break;
  }
  document.dispatchEvent(new CustomEvent("cardhall:people", { detail: message }));
}

/** A lobby chat line is said by the page itself: at a table its history (table/roomlines.js), in
 * the lobby the chat's panel when it is open (a live log); and one's own line is not news. */
function chatSaidElsewhere(message) {
  const panel = $("chat-panel");
  const who = me();
  return HISTORY || (panel && !panel.hidden) || Boolean(who && message.from === who.player);
}

function connect() {
  const scheme = location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${location.host}/ws/room?where=${encodeURIComponent(where)}`);
  socket.addEventListener("open", () => { retry = 1000; document.documentElement.dataset.room = "open"; });  // (for tests)
  socket.addEventListener("message", (e) => {
    let message;
    try { message = JSON.parse(e.data); } catch { return; }
    if (message.type === "error") {
      if (/banned/.test(message.message)) $("people-alert").textContent = message.message;
      return;
    }
    notice(message);
  });
  socket.addEventListener("close", (e) => {
    socket = null;
    delete document.documentElement.dataset.room;
    if (e.code === 4403 || e.code === 4401) { shut = true; return; } // banned, or no session
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30_000);
  });
}

function active() {
  const now = Date.now();
  if (now - lastActive < ACTIVE_EVERY || !socket || socket.readyState !== WebSocket.OPEN) return;
  lastActive = now;
  socket.send(JSON.stringify({ type: "active" }));
}

/** The table page's "invite a friend": a choice of friends and a button. */
async function inviteControl(tableId) {
  const box = $("invite-friend");
  if (!box) return;
  const pick = el("select", { id: "invite-pick" });
  const label = el("label", { for: "invite-pick", text: _("Invite a friend to this table") });
  const button = el("button", { type: "submit", text: _("Invite") });
  const form = el("form", { class: "row", id: "invite-form" }, label, pick, button);
  async function fill() {
    let data;
    try { data = await api("/api/friends"); } catch { return false; }
    const chosen = pick.value;
    pick.replaceChildren(...data.friends.map((f) => el("option", {
      value: f.name, text: f.online ? _("{name} (online)", { name: f.name }) : f.name })));
    if (chosen) pick.value = chosen;
    return data.friends.length > 0;
  }
  if (!(await fill())) return;
  onSubmit(form, async (e) => {
    e.preventDefault();
    $("people-alert").textContent = "";
    try {
      const made = await api("/api/invitations", { method: "POST", body: { name: pick.value, table: tableId } });
      announce(_("Invitation sent to {name}.", { name: made.name }));
    } catch (err) { $("people-alert").textContent = err.message; }
  });
  box.replaceChildren(form);
  box.hidden = false;
}

for (const kind of ["keydown", "pointerdown"]) document.addEventListener(kind, active, { passive: true });
listenForAccept({ newest: () => newest()?.invitation || null, tell: announce,
  accept: (inv) => accept(inv, pending.get(inv.id).li) });
allowSound();  // an invitation, a friend request or a message has its sound on every page (the table's settings)
if (me()) {
  connect();
  if (tablePath && me().account) inviteControl(where);
}
// a person who takes a name or logs in on this page comes online without reloading it
setInterval(() => { if (!socket && !shut && me()) connect(); }, 3000);
