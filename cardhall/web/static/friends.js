// The lobby's people, in its two panels (panels.js): friends with where they are (refreshed every
// few seconds, in place so a focused button stays), friend requests, status and privacy, private
// messages, the people you block or mute; and the room's chat. Every name is a person's menu
// (person.js: profile, message, friend request, block, mute, report). A form's error is said in
// its own panel, in words. Notices come from the room socket (people.js).
import { _, api, el, me, onSubmit, tableLink } from "./common.js";
import { announce } from "./people.js";
import { named } from "./person.js";

const $ = (id) => document.getElementById(id);
/** Say a friends form's error in the Friends panel (a live region), in the reader's words. */
const fail = (err) => { $("friends-error").textContent = err.message || String(err); };
const failChat = (err) => { $("chat-error").textContent = err.message || String(err); };
const STATUS = () => ({ available: _("available"), busy: _("busy"), away: _("away"), offline: _("offline") });
let games = {};
let talkingTo = null;

function placeWords(friend) {
  if (!friend.online) return _("offline");
  const places = friend.where.map((w) => {
    if (w.lobby) return _("in the lobby");
    if (w.private) return _("at a private table of {game}", { game: games[w.game] || w.game });
    return _("at a table of {game}", { game: games[w.game] || w.game });
  });
  return [STATUS()[friend.status] || friend.status, ...places].join(", ");
}

/** Replace a list's items, keeping the focus on the button with the same key. */
function fillList(list, empty, items) {
  const focused = document.activeElement && list.contains(document.activeElement)
    ? document.activeElement.dataset.key : null;
  list.replaceChildren(...items);
  empty.hidden = items.length > 0;
  if (focused) list.querySelector(`[data-key="${CSS.escape(focused)}"]`)?.focus();
}

function button(key, text, onclick) {
  return el("button", { type: "button", "data-key": key, text, onclick });
}

async function act(path, method, body, said) {
  $("friends-error").textContent = "";
  try {
    const data = await api(path, { method, body });
    if (said) $("friends-status").textContent = said(data);
    await refresh();
    return data;
  } catch (err) { fail(err); return null; }
}

async function myTable() {
  const mine = await api("/api/tables?mine=1");
  return mine.find((t) => t.status !== "over");
}

async function inviteTo(friend) {
  try {
    const table = await myTable();
    if (!table) { fail(new Error(_("Create a table first, then invite your friend to it."))); return; }
    await api("/api/invitations", { method: "POST", body: { name: friend.name, table: table.id } });
    $("friends-status").textContent = _("Invitation sent to {name}.", { name: friend.name });
  } catch (err) { fail(err); }
}

async function refresh() {
  if (!me() || !me().account) return;
  let data;
  try { data = await api("/api/friends"); } catch { return; }
  if (document.querySelector("#friends-panel .person-menu:not([hidden])")) return;  // a menu open: drawn again next time
  fillList($("friend-list"), $("friend-list-empty"), data.friends.map((f) => {
    const places = f.where.filter((w) => w.table);
    return el("li", {}, named((n) => _("{name}: {where}", { name: n, where: placeWords(f) }), f.name, { message: openTalk }), " ",
      button(`invite ${f.player}`, _("Invite {name} to my table", { name: f.name }), () => inviteTo(f)), " ",
      ...places.map((w) => el("a", { href: tableLink(w.table), "data-key": `watch ${f.player}`,
        text: _("Go to {name}'s table", { name: f.name }) })), " ",
      button(`message ${f.player}`, _("Message {name}", { name: f.name }), () => openTalk(f.name)), " ",
      button(`remove ${f.player}`, _("Remove {name}", { name: f.name }), () =>
        act(`/api/friends/${encodeURIComponent(f.name)}`, "DELETE", undefined,
          () => _("{name} is no longer your friend.", { name: f.name }))));
  }));
  const requests = [
    ...data.incoming.map((p) => el("li", {}, el("span", { text: _("{name} asks to be your friend.", { name: p.name }) }), " ",
      button(`accept ${p.player}`, _("Accept {name}", { name: p.name }), () =>
        act(`/api/friends/${encodeURIComponent(p.name)}/accept`, "POST", {}, () => _("{name} is now your friend.", { name: p.name }))),
      " ",
      button(`decline ${p.player}`, _("Decline {name}", { name: p.name }), () =>
        act(`/api/friends/${encodeURIComponent(p.name)}/decline`, "POST", {}, () => _("You declined {name}.", { name: p.name }))))),
    ...data.outgoing.map((p) => el("li", {}, el("span", { text: _("You asked {name} to be friends.", { name: p.name }) }), " ",
      button(`withdraw ${p.player}`, _("Withdraw the request to {name}", { name: p.name }), () =>
        act(`/api/friends/${encodeURIComponent(p.name)}`, "DELETE", undefined, () => _("Request withdrawn."))))),
  ];
  fillList($("requests"), $("requests-empty"), requests);
}

async function refreshInbox() {
  if (!me() || !me().account) return;
  let data;
  try { data = await api("/api/messages"); } catch { return; }
  fillList($("inbox"), $("inbox-empty"), data.conversations.map((c) => el("li", {},
    button(`talk ${c.player}`, c.unread
      ? _("{name}: {count} unread, the last: {text}", { name: c.name, count: c.unread, text: c.last.text })
      : _("{name}, the last: {text}", { name: c.name, text: c.last.text }), () => openTalk(c.name)))));
}

async function openTalk(name) {
  if ($("friends-panel").hidden) document.dispatchEvent(new CustomEvent("cardhall:open-panel", { detail: "friends-panel" }));
  try {
    const data = await api(`/api/messages/${encodeURIComponent(name)}`);
    talkingTo = data.name;
    $("conversation").hidden = false;
    $("conversation-h").textContent = _("Your messages with {name}", { name: data.name });
    $("conversation-log").replaceChildren(...data.messages.map(line));
    $("message-text").focus();
    refreshInbox();
  } catch (err) { fail(err); }
}

function line(m) {
  return el("p", { text: _("{name}: {text}", { name: m.name, text: m.text }) });
}

/** A line of the room's chat: the speaker's name opens their menu (block, mute, report...). */
function chatLine(m) {
  return el("p", {}, named((n) => _("{name}: {text}", { name: n, text: m.text }), m.name, { message: openTalk }));
}

/** The room's chat as it was before this page: shown, never said again (the log's live region is
 * off while it fills; a line is said once, when it arrives: here or by the people bar, people.js). */
async function loadChat() {
  const log = $("room-chat");
  try {
    const lines = await api("/api/lobby/chat");
    log.setAttribute("aria-live", "off");
    log.replaceChildren(...lines.map(chatLine));
  } catch { /* the chat is shown when the room answers */ }
  setTimeout(() => log.removeAttribute("aria-live"), 100);
}

async function refreshShunned() {
  if (!me()) return;
  let data;
  try { data = await api("/api/blocks"); } catch { return; }
  const items = [
    ...data.blocked.map((n) => el("li", {}, el("span", { text: _("You block {name}.", { name: n }) }), " ",
      button(`unblock ${n}`, _("Unblock {name}", { name: n }), () => unshun("blocks", n)))),
    ...data.muted.map((n) => el("li", {}, el("span", { text: _("You mute {name}.", { name: n }) }), " ",
      button(`unmute ${n}`, _("Unmute {name}", { name: n }), () => unshun("mutes", n)))),
  ];
  fillList($("shunned"), $("shunned-empty"), items);
}

async function unshun(kind, name) {
  try {
    await api(`/api/${kind}/${encodeURIComponent(name)}`, { method: "DELETE" });
    announce(kind === "blocks" ? _("You no longer block {name}.", { name }) : _("You no longer mute {name}.", { name }));
    await refreshShunned();
    if (!$("shunned").contains(document.activeElement)) $("shunned-h").focus();
  } catch (err) { fail(err); }
}

function show() {
  const account = Boolean(me() && me().account);
  $("friends-guest").hidden = account;
  $("friends-part").hidden = !account;
  $("messages-section").hidden = !account;
}

/** The forms take their submissions first (a person who types at once is answered at once, and no
 * early submission waits behind the room's answers), then the part asks the room what to show. */
async function start() {
  onSubmit($("friend-form"), async (e) => {
    e.preventDefault();
    const name = $("friend-name").value.trim();
    const data = await act("/api/friends", "POST", { name }, (d) => d.state === "accepted"
      ? _("{name} is now your friend.", { name }) : _("You asked {name} to be friends.", { name }));
    if (data) $("friend-name").value = "";
  });
  $("my-status").addEventListener("change", () => act("/api/status", "POST", { status: $("my-status").value },
    () => _("Your status is now {status}.", { status: STATUS()[$("my-status").value] })));
  onSubmit($("privacy-form"), (e) => {
    e.preventDefault();
    act("/api/privacy", "POST", { invite_from: $("invite_from").value, message_from: $("message_from").value,
      join_from: $("join_from").value }, () => _("Your privacy settings are saved."));
  });
  onSubmit($("message-form"), async (e) => {
    e.preventDefault();
    if (!talkingTo) return;
    $("friends-error").textContent = "";
    try {
      const m = await api("/api/messages", { method: "POST", body: { to: talkingTo, text: $("message-text").value } });
      $("conversation-log").append(line(m));
      $("message-text").value = "";
    } catch (err) { fail(err); }
  });
  onSubmit($("room-chat-form"), async (e) => {
    e.preventDefault();
    $("chat-error").textContent = "";
    try {
      await api("/api/lobby/chat", { method: "POST", body: { text: $("room-chat-text").value } });
      $("room-chat-text").value = "";
    } catch (err) { failChat(err); }
  });
  document.addEventListener("cardhall:shunned", refreshShunned);
  document.addEventListener("cardhall:account", () => { show(); refresh(); refreshInbox(); refreshShunned(); });
  document.addEventListener("cardhall:people", (e) => {
    const m = e.detail;
    if (m.type === "lobby_chat") {
      $("room-chat").append(chatLine(m));
      $("room-chat").lastElementChild.scrollIntoView({ block: "nearest" });
    } else if (m.type === "message") {
      if (talkingTo && m.name === talkingTo) $("conversation-log").append(line(m));
      refreshInbox();
    } else if (m.type === "friend_request" || m.type === "friend_accepted") {
      refresh();
    }
  });
  try { games = Object.fromEntries((await api("/api/games")).map((g) => [g.name, g.title])); } catch { games = {}; }
  show();
  loadChat();
  refreshShunned();
  if (me() && me().account) {
    try {
      const privacy = await api("/api/privacy");
      for (const [k, v] of Object.entries(privacy)) $(k).value = v;
    } catch { /* shown once the room answers */ }
  }
  refresh();
  refreshInbox();
  setInterval(() => { show(); refresh(); }, 8000);
}

start();
