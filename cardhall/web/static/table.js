// The table page: one WebSocket to the table (wire protocol v1), the table in words, the hand
// and the choices as buttons, one history log, a live status, and the keys.
//
// What is said is phrased by the server's /api/text from what this viewer already received.
// The DOM is stable: buttons are updated in place, never re-created under the user's focus,
// and focus only moves when the user asks (or, as a setting, to the choices on your turn).
import { ApiError, LANG, _, api, authed, el, face, me, ngettext, pgettext, playersSpeak, showWho, suit } from "./common.js";

const $ = (id) => document.getElementById(id);
const root = $("table-root");
const tableId = root.dataset.table;
const invite = new URLSearchParams(location.search).get("invite");
const query = invite ? `?invite=${encodeURIComponent(invite)}` : "";
const versionKey = `cardhall.seen.${tableId}`;

// --- settings (localStorage) --------------------------------------------------------------------
const SETTINGS_KEY = "cardhall.settings";
const settings = Object.assign({ keys: true, focus: false, four: false, map: {} },
  (() => { try { return JSON.parse(localStorage.getItem(SETTINGS_KEY)) || {}; } catch { return {}; } })());
const saveSettings = () => localStorage.setItem(SETTINGS_KEY, JSON.stringify(settings));

// The client's own keys, the same in every game; the game's keys (C, A, F, H, G, S, T …) come
// from its TextUI through /api/text.
const CLIENT_KEYS = {
  R: _("read the whole table"),
  L: _("list your choices"),
  J: _("jump to your choices (moves focus to the first playable card or choice)"),
  Y: _("your hand"),
  W: _("who sits where"),
  M: _("write a chat message (moves focus to the message field)"),
  "?": _("this list of keys"),
};
const NO_TABLE = _("There is no such table, or it is private and this link has no invite.");
const NOT_YOUR_TURN = _("It is not your turn.");

// --- state ---------------------------------------------------------------------------------------
let summary = null;     // the table's summary (game, options, host, …)
let last = null;        // the last state message
let text = null;        // /api/text's answer for it
let pending = [];       // events received since the last state message
// localStorage, not sessionStorage: closing the page and coming back later is returning too, and
// the missed events (a takeover, then "You take your seat back.") are told like after a reload.
let version = Number(localStorage.getItem(versionKey) || 0);
let socket = null;
let awaitingSync = false;
let reconnecting = false;
let retry = 500;
let selected = null;    // a notation chosen by a key (H, …); Enter plays it
let path = [];          // the picker's chosen tokens
let byUser = [];        // for each token of `path`: chosen by the user (true) or taken as the only way on
let wasMyTurn = false;
let over = false;       // the result has been said
let review = -1;        // Page Up/Down position in the log
let chain = Promise.resolve();

const alertText = (s) => { $("alert").textContent = s; };
/** The status line says a sentence once on screen: an answer to a key that repeats it (T on
 * your turn) is still announced, but only to screen readers (the "echo" class hides it). */
function echo() { $("said").classList.toggle("echo", $("said").textContent.trim() === $("status").textContent.trim()); }
const status = (s) => { $("status").textContent = s; echo(); };
function say(s) {
  // Re-set even the same sentence so screen readers announce it again.
  const node = $("said");
  node.textContent = "";
  setTimeout(() => { node.textContent = s; echo(); }, 30);
}

function log(line, kind = "event") {
  const box = $("log");
  box.append(el("p", { class: `line ${kind}`, text: line }));
  while (box.children.length > 500) box.firstElementChild.remove();
  box.scrollTop = box.scrollHeight;
  review = -1;
}

// --- the wire ------------------------------------------------------------------------------------
function connect() {
  const proto = location.protocol === "https:" ? "wss:" : "ws:";
  // a returning page asks for what it missed in the URL: the server sends it with the first state,
  // in one step, so no later change can come between (and hide its own return, say)
  const since = version > 0 ? `${query ? "&" : "?"}since=${version}` : "";
  awaitingSync = version > 0 ? "greeted" : false;
  pending = [];
  socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}${query}${since}`);
  socket.addEventListener("open", () => { retry = 500; });
  socket.addEventListener("message", (e) => {
    let msg;
    try { msg = JSON.parse(e.data); } catch { return; }
    chain = chain.then(() => receive(msg)).catch((err) => alertText(err.message || String(err)));
  });
  socket.addEventListener("close", (e) => {
    if (e.code === 4404) {  // no such table (any more): retrying cannot help
      status(NO_TABLE);
      return;
    }
    if (!reconnecting) status(_("The connection is lost; reconnecting…"));
    reconnecting = true;
    setTimeout(connect, retry);
    retry = Math.min(retry * 2, 8000);
  });
}

function send(msg) {
  if (!socket || socket.readyState !== WebSocket.OPEN) {
    alertText(_("Not connected right now; wait a moment and try again."));
    return false;
  }
  socket.send(JSON.stringify(msg));
  return true;
}

async function receive(msg) {
  if (msg.type === "event") {
    if (msg.version > version) pending.push(msg.event);
    return;
  }
  if (msg.type === "error") {
    alertText(msg.message);
    return;
  }
  if (msg.type !== "state") return;
  const missed = awaitingSync === "greeted";  // the first state of a returning page: what it missed came first
  awaitingSync = false;
  const events = pending;
  pending = [];
  await show(msg, events, missed);
}

async function show(msg, events, missed) {
  if (msg.table) summary = msg.table;
  const seat = msg.seat ?? null;
  const seats = (msg.seats || []).map((s) => ({ kind: s.kind, name: s.name, bot: s.bot }));
  text = await api("/api/text", { method: "POST", body: {
    game: summary.game, options: summary.options || {}, seat, view: msg.view || {},
    legal: msg.legal || [], events, seats, over: msg.over, scores: msg.scores, lang: LANG } });
  const first = last === null;
  last = msg;
  window.cardhallLast = msg;  // what the page shows, for the tests (the viewer's own message)
  version = msg.version;
  localStorage.setItem(versionKey, String(version));

  if (missed && !first) {
    const n = text.events.length;
    const gist = n ? ngettext("Reconnected. {count} thing happened: {events}", "Reconnected. {count} things happened: {events}", n,
      { events: text.events.slice(-3).join(" ") }) : _("Reconnected. Nothing happened meanwhile.");
    log(gist, "note");
    say(gist);
  } else if (missed && first && text.events.length) {
    log(ngettext("While you were away: {count} event.", "While you were away: {count} events.", text.events.length), "note");
    say(_("Welcome back. While you were away: {events}", { events: text.events.slice(-3).join(" ") }));
  }
  reconnecting = false;
  for (const line of text.events) log(line);
  if (first) {
    $("title").textContent = _("{game} — table {table}", { game: text.title, table: tableId });
    document.title = `${text.title} — cardhall`;
    $("rules-link").textContent = _("The rules of {game}", { game: text.title });
    log(seat === null ? _("You watch this {game} table as a spectator.", { game: text.title })
      : _("You are at seat {number} of this {game} table.", { number: seat + 1, game: text.title }), "note");
    drawHelp();
  }
  draw();
}

// --- drawing --------------------------------------------------------------------------------------
function mySeat() { return last ? last.seat ?? null : null; }
function isMyTurn() { return last && mySeat() !== null && last.to_move === mySeat() && (last.legal || []).length > 0; }
function isHost() { const who = me(); return summary && who && summary.host === who.player; }

function draw() {
  const msg = last;
  const seat = mySeat();
  $("render").textContent = text.render;
  drawSeats(msg);
  drawWaiting(msg);
  drawTrick(msg.view || {});
  drawPanel(msg);
  drawBoard(msg.view || {});
  drawHand(msg);
  drawChoices(msg);
  const mine = isMyTurn();
  if (msg.over || msg.status === "over") {
    const result = text.result || _("The game is over.");
    if (!over) { over = true; status(result); log(result, "result"); }
  } else if (msg.status === "waiting") {
    status(_("The game has not started yet."));
  } else if (seat !== null && msg.seats && msg.seats[seat] && msg.seats[seat].takeover) {
    status(_("A bot is playing your seat while you are away. You have it back now that you are here."));
  } else if (mine) {
    // said when the turn comes, and again when what you must do changes (a bid, then a build)
    const t = text.keys.T ? text.keys.T.text : "";
    const line = t.startsWith(_("Your turn")) ? t : _("Your turn. {what}", { what: t }).trim();
    if (!wasMyTurn || $("status").textContent !== line) status(line);
    if (!wasMyTurn && settings.focus) focusFirstChoice();
  } else if (seat === null) {
    status(text.keys.T ? text.keys.T.text : _("You are watching."));
  } else {
    status(text.keys.T ? text.keys.T.text : _("Waiting for the others."));
  }
  wasMyTurn = mine;
  // for tests and styles: the version shown and whose turn it is
  root.dataset.version = String(msg.version);
  root.dataset.turn = msg.status === "over" || msg.over ? "over" : msg.status === "waiting" ? "waiting" : mine ? "mine" : "other";
}

function drawSeats(msg) {
  const list = $("seats");
  const seats = msg.seats || [];
  while (list.children.length > seats.length) list.lastElementChild.remove();
  seats.forEach((s, i) => {
    let li = list.children[i];
    if (!li) { li = el("li"); list.append(li); }
    const who = s.kind === "open" ? _("open") : (text && text.names && text.names[i]) || s.name || _("someone");
    const notes = [];
    if (i === mySeat()) notes.push(_("you"));
    if (s.kind === "person" && !s.connected) notes.push(_("away"));
    if (s.takeover) notes.push(_("a bot plays for them"));
    if (msg.to_move === i && msg.status === "playing") notes.push(_("to move"));
    const place = text.seats[i] || _("Seat {number}", { number: i + 1 });
    li.textContent = notes.length ? _("{seat}: {who} ({notes})", { seat: place, who, notes: notes.join(", ") })
      : _("{seat}: {who}", { seat: place, who });
  });
  $("speak").textContent = playersSpeak(seats) || "";
  $("leave").hidden = mySeat() === null || msg.status === "over";
}

function drawWaiting(msg) {
  const box = $("waiting");
  box.hidden = msg.status !== "waiting";
  if (box.hidden) return;
  const seats = msg.seats || [];
  const open = seats.map((s, i) => (s.kind === "open" ? i : -1)).filter((i) => i >= 0);
  $("waiting-text").textContent = open.length
    ? ngettext("Waiting for players: seat {seats} is open.", "Waiting for players: seats {seats} are open.", open.length,
      { seats: open.map((i) => i + 1).join(", ") })
    : isHost() ? _("Every seat is taken. Start the game when you are ready (Enter).") : _("Every seat is taken; the host starts the game.");
  const sit = $("sit-buttons");
  const want = mySeat() === null ? open : [];
  const sig = want.join(",");
  if (sit.dataset.sig !== sig) {
    sit.dataset.sig = sig;
    sit.replaceChildren(...want.map((i) => el("button", { type: "button", text: _("Sit at seat {number}", { number: i + 1 }), onclick: () => sitAt(i) })));
  }
  $("start").hidden = !(isHost() && open.length === 0);
}

/** The current trick as card faces with who played each: the views list it as cards from the
 * leader on, or as [seat, card] pairs (Hearts). */
function drawTrick(view) {
  const box = $("trick");
  const n = text.seats.length;
  const raw = Array.isArray(view.trick) ? view.trick : [];
  const played = raw.map((item, i) => (Array.isArray(item) ? { seat: item[0], card: item[1] }
    : { seat: typeof view.leader === "number" ? (view.leader + i) % n : null, card: item }))
    .filter((p) => typeof p.card === "string");
  const sig = played.map((p) => `${p.seat}:${p.card}`).join(" ");
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren(...played.map((p) => {
    const f = face(p.card);
    return el("span", { class: "played" },
      el("span", { class: `card suit-${f ? f.suit : "x"}`, text: f ? f.text : p.card }),
      el("span", { class: "by", text: p.seat === null ? "" : p.seat === mySeat() ? _("you") : text.seats[p.seat] || "" }));
  }));
}

// --- the trick games' panel: trump, led suit, talon and each seat's scores, in plain text ----
const TRICK_GAMES = ["hearts", "jass", "putz", "three-two-five"];

function suitText(letter) {
  const s = suit(letter);
  return s ? el("span", { class: `suit-${letter}` }, el("span", { "aria-hidden": "true", text: `${s.symbol} ` }), s.word) : null;
}

/** The led suit: the view's own, or the first card of the trick (cards, or Hearts' [seat, card]). */
function ledSuit(view) {
  if (typeof view.led === "string" || view.led === null) return view.led;
  const first = Array.isArray(view.trick) ? view.trick[0] : null;
  const card = Array.isArray(first) ? first[1] : first;
  return typeof card === "string" ? card.slice(-1) : null;
}

/** Tricks won per seat: 3-2-5 counts them; Hearts lists the deal's tricks with their winners. */
function tricksWon(view, n) {
  if (Array.isArray(view.tricks_won)) return view.tricks_won;
  if (!Array.isArray(view.tricks)) return null;
  const won = Array(n).fill(0);
  for (const t of view.tricks) if (t && typeof t.winner === "number" && t.winner < n) won[t.winner] += 1;
  return won;
}

function panelFacts(view) {
  const facts = [];
  facts.push([_("Trump"), "trump" in view ? suitText(view.trump) || _("not chosen yet") : _("none in {game}", { game: text.title })]);
  if (view.phase === "play" || (Array.isArray(view.trick) && view.trick.length)) {
    facts.push([_("Led suit"), suitText(ledSuit(view)) || _("none yet")]);
  }
  if (typeof view.hearts_broken === "boolean") facts.push([_("Hearts broken"), view.hearts_broken ? _("yes") : _("no")]);
  if (typeof view.talon_size === "number" && typeof view.talon_taken_by === "number"
      && (view.talon_size > 0 || view.talon_taken_by >= 0)) {  // 5-player Putz has no talon
    const by = view.talon_taken_by;
    facts.push([_("Talon"), by >= 0 ? (by === mySeat() ? _("taken by you")
      : _("taken by {seat}", { seat: text.seats[by] || _("Seat {number}", { number: by + 1 }) }))
      : ngettext("{count} card, not taken", "{count} cards, not taken", view.talon_size)]);
  }
  return facts;
}

function panelColumns(view, n) {
  const cols = [];
  const list = (xs) => (Array.isArray(xs) && xs.length === n ? xs : null);
  if (list(view.contracts)) cols.push([_("Contract (tricks)"), view.contracts]);
  const won = list(tricksWon(view, n));
  if (won) cols.push([_("Tricks won"), won]);
  const deal = list(view.deal_points) || list(view.taken_points);
  if (deal) cols.push([_("Points this deal"), deal]);
  if (list(view.scores)) cols.push([summary.game === "jass" ? _("Total (team)") : _("Total"), view.scores]);
  return cols;
}

function drawPanel(msg) {
  const box = $("panel");
  const view = msg.view || {};
  box.hidden = !TRICK_GAMES.includes(summary.game) || msg.status === "waiting";
  if (box.hidden) return;
  const n = text.seats.length;
  const facts = panelFacts(view);
  const cols = panelColumns(view, n);
  const sig = JSON.stringify([facts.map(([k, v]) => [k, typeof v === "string" ? v : v.textContent]), cols, mySeat()]);
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  $("panel-facts").replaceChildren(...facts.map(([k, v]) => el("div", {}, el("dt", { text: k }), el("dd", {}, v))));
  const head = el("tr", {}, el("th", { scope: "col", text: _("Seat") }), ...cols.map(([h]) => el("th", { scope: "col", text: h })));
  const rows = text.seats.map((name, i) => el("tr", { class: i === mySeat() ? "you" : "" },
    el("th", { scope: "row" }, name, ...(i === mySeat() ? [" ", el("strong", { text: _("(you)") })] : [])),
    ...cols.map(([, xs]) => el("td", { text: String(xs[i]) }))));
  $("panel-scores").replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  $("panel-scores").hidden = !cols.length;
}

// --- the visual boards (the words above say the same; these are for the eyes, aria-hidden) ---
const TOWERS = [["P", pgettext("tower", "Candy")], ["V", pgettext("tower", "Spooky")], ["G", pgettext("tower", "Tree")],
  ["S", pgettext("tower", "Scrap")], ["Y", pgettext("tower", "Sand")]];

function fiveTowers(view) {
  const parts = [];
  if (Array.isArray(view.offer) && view.offer.length) {
    parts.push(el("div", { class: "offer" }, el("span", { class: "label", text: _("Offer") }),
      ...view.offer.map((c) => el("span", { class: `chip tower-${String(c)[0]}`, text: String(c).slice(1) }))));
  }
  (view.towers || []).forEach((towers, seat) => {
    const row = el("div", { class: "towers" }, el("span", { class: "label", text: seat === mySeat() ? _("You") : text.seats[seat] || "" }));
    for (const [letter, name] of TOWERS) {
      const cards = towers[letter] || [];
      row.append(el("span", { class: `tower tower-${letter}` }, el("span", { class: "tname", text: name }),
        ...[...cards].reverse().map((v) => el("span", { class: "chip", text: String(v) }))));
    }
    parts.push(row);
  });
  return parts;
}

function creature(c) {
  const hp = c.health - (c.damage || 0);
  return el("span", { class: "creature" }, el("b", { text: c.name }), ` ${c.attack}/${hp}`);
}

function clash(view) {
  const board = view.board;
  if (!Array.isArray(board) || board.length !== 2) return [];
  return [_("top"), _("bottom")].map((lane, l) => el("div", { class: "lane" },
    el("span", { class: "label", text: lane }),
    el("span", { class: "side a" }, ...[...(board[0][l] || [])].reverse().map(creature)),
    el("span", { class: "bridge", text: _("bridge") }),
    el("span", { class: "side b" }, ...(board[1][l] || []).map(creature))));
}

function drawBoard(view) {
  const box = $("board");
  const make = { "five-towers": fiveTowers, "clash-of-decks": clash }[summary.game];
  const sig = make ? JSON.stringify([view.offer, view.towers, view.board]) : "";
  if (box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren(...(make ? make(view) : []));
}

/** The legal notation that plays `card` from the hand: the card itself, or "verb CARD". */
function handAction(card, legal) {
  return legal.find((n) => n === card) || legal.find((n) => { const t = n.split(" "); return t.length === 2 && t[1] === card; });
}

function keepFocus(group, removed) {
  // a focused button that disappears hands focus to its neighbour (the user's own action removed it)
  if (!removed.includes(document.activeElement)) return null;
  const i = [...group.children].indexOf(document.activeElement);
  return i;
}

function drawHand(msg) {
  const view = msg.view || {};
  const hand = Array.isArray(view.hand) ? view.hand.filter((c) => typeof c === "string") : [];
  const legal = isMyTurn() ? msg.legal : [];
  const box = $("hand");
  $("hand-h").hidden = box.hidden = mySeat() === null || !Array.isArray(view.hand);
  const keep = new Set(hand);
  const gone = [...box.children].filter((b) => !keep.has(b.dataset.card));
  const focusAt = keepFocus(box, gone);
  gone.forEach((b) => b.remove());
  hand.forEach((card, i) => {
    let b = box.querySelector(`button[data-card="${CSS.escape(card)}"]`);
    if (!b) {
      const f = face(card);
      b = el("button", { type: "button", class: `card suit-${f ? f.suit : "x"}`, "data-card": card, onclick: () => tryCard(card) },
        el("span", { class: "pip", "aria-hidden": "true", text: f ? f.text : card }), el("span", { class: "name" }));
    }
    if (box.children[i] !== b) box.insertBefore(b, box.children[i] || null);
    const action = handAction(card, legal);
    const words = text.words[card] || card;
    b.querySelector(".name").textContent = words;
    b.setAttribute("aria-disabled", action ? "false" : "true");
    b.title = action ? (text.choices[action] || words) : _("{card}: not playable now", { card: words });
  });
  if (focusAt !== null) (box.children[Math.min(focusAt, box.children.length - 1)] || $("hand-h")).focus();
}

function tokens(notation) { return notation.replace(/;/g, " ;").split(/\s+/).filter(Boolean); }
function word(t) { return t === ";" ? _("then") : (text.words[t] || t); }

/** The picker: legal notations (except the hand's cards) as a tree of tokens; each step offers
 * only the continuations that lead to a legal action; single continuations are taken at once. */
function pickerLevel() {
  const legal = isMyTurn() ? last.legal : [];
  const hand = Array.isArray(last.view?.hand) ? last.view.hand : [];
  const byHand = new Set(hand.map((c) => handAction(c, legal)).filter(Boolean));
  const all = legal.filter((n) => !byHand.has(n)).map((n) => ({ n, t: tokens(n) }));
  let cands = all.filter((c) => path.every((p, i) => c.t[i] === p));
  if (path.length && !cands.length) { path = []; byUser = []; cands = all; }
  for (;;) {
    const next = [...new Set(cands.filter((c) => c.t.length > path.length).map((c) => c.t[path.length]))];
    const done = cands.find((c) => c.t.length === path.length);
    if (next.length === 1 && !done && cands.length > 1) { path.push(next[0]); byUser.push(false); continue; }
    return { cands, next, done, handCount: byHand.size };
  }
}

function drawChoices() {
  const box = $("choices");
  const { cands, next, done, handCount } = pickerLevel();
  const items = [];
  if (cands.length === 1 && !path.length) {
    items.push({ id: `play:${cands[0].n}`, label: text.choices[cands[0].n] || cands[0].n, act: () => play(cands[0].n) });
  } else {
    if (done) items.push({ id: `play:${done.n}`, label: _("Done: {choice}", { choice: text.choices[done.n] || done.n }), act: () => play(done.n) });
    for (const t of next) {
      const under = cands.filter((c) => c.t[path.length] === t);
      if (under.length === 1) items.push({ id: `play:${under[0].n}`, label: text.choices[under[0].n] || under[0].n, act: () => play(under[0].n) });
      else items.push({ id: `step:${path.length}:${t}`, label: `${word(t)} …`, act: () => { path.push(t); byUser.push(true); drawChoices(); focusFirstChoice(); } });
    }
    if (byUser.includes(true)) items.push({ id: "back", label: _("Back one step"), act: back });
  }
  $("picker-path").textContent = path.length
    ? _("Your choice so far: {path}. Choose the next part:", { path: path.filter((t) => t !== ";").map(word).join(", ") })
    : items.length ? _("Your choices:") : isMyTurn() && handCount ? _("Play a card from your hand.") : "";
  const ids = items.map((x) => x.id);
  const gone = [...box.children].filter((b) => !ids.includes(b.dataset.id));
  const focusAt = keepFocus(box, gone);
  gone.forEach((b) => b.remove());
  items.forEach((item, i) => {
    let b = box.querySelector(`button[data-id="${CSS.escape(item.id)}"]`);
    if (!b) b = el("button", { type: "button", "data-id": item.id });
    b.textContent = item.label;
    b.onclick = item.act;
    if (box.children[i] !== b) box.insertBefore(b, box.children[i] || null);
  });
  if (focusAt !== null) {
    const target = box.children[Math.min(focusAt, box.children.length - 1)] || (isMyTurn() ? $("hand").querySelector("button") : null) || $("play-h");
    if (target === $("play-h")) target.setAttribute("tabindex", "-1");
    target.focus();
  }
}

/** Undo the user's last step of the picker (and the steps that followed it by themselves). */
function back() {
  while (byUser.length && !byUser[byUser.length - 1]) { path.pop(); byUser.pop(); }
  path.pop();
  byUser.pop();
  drawChoices();
  focusFirstChoice();
}

function focusFirstChoice() {
  const target = $("choices").querySelector("button") || $("hand").querySelector('button[aria-disabled="false"]');
  if (target) target.focus();
  return Boolean(target);
}

// --- actions --------------------------------------------------------------------------------------
function play(notation) {
  if (!isMyTurn()) { alertText(`${NOT_YOUR_TURN} ${text.keys.T ? text.keys.T.text : ""}`.trim()); return; }
  alertText("");
  selected = null;
  path = [];
  byUser = [];
  if (send({ type: "act", action: notation, version: last.version })) say(_("You chose: {choice}.", { choice: text.choices[notation] || notation }));
}

function tryCard(card) {
  if (!last || mySeat() === null) return;
  const action = handAction(card, isMyTurn() ? last.legal : []);
  if (action) { play(action); return; }
  if (!isMyTurn()) { alertText(`${NOT_YOUR_TURN} ${text.keys.T ? text.keys.T.text : ""}`.trim()); return; }
  // not legal: let the engine explain why, in its own sentence
  send({ type: "act", action: card, version: last.version });
}

async function sitAt(seat) {
  if (!me()) {
    alertText(_("To sit, first choose a name in the lobby (the cardhall link at the top of the page)."));
    return;
  }
  try {
    await authed(`/api/tables/${encodeURIComponent(tableId)}/sit`, { method: "POST", body: { seat, invite } });
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

// --- keys -----------------------------------------------------------------------------------------
function keyMap() {
  const ids = [...Object.keys(text ? text.keys : {}), ...Object.keys(CLIENT_KEYS)];
  const map = {};
  for (const id of ids) {
    const k = id in settings.map ? settings.map[id] : id;
    if (k) map[k.toUpperCase()] = id;
  }
  return map;
}

function describeKey(id) {
  return (text && text.keys[id] && text.keys[id].what) || CLIENT_KEYS[id] || id;
}

function drawHelp() {
  const dl = $("help-keys");
  const rows = [
    [_("Enter"), _("play the selected choice; start the game when you are the host")],
    [_("Tab, arrow keys"), _("move between buttons; arrows move within your hand and your choices")],
    [_("Page Up, Page Down"), _("read the previous or next line of the history")],
  ];
  for (const id of [...Object.keys(text.keys), ...Object.keys(CLIENT_KEYS)]) {
    const k = id in settings.map ? settings.map[id] : id;
    rows.push([k ? k.toUpperCase() : _("{key} (off)", { key: id }), describeKey(id)]);
  }
  dl.replaceChildren(...rows.flatMap(([k, d]) => [el("dt", { text: k }), el("dd", { text: d })]));
  const remap = $("remap");
  if (!remap.children.length) {
    for (const id of [...Object.keys(text.keys), ...Object.keys(CLIENT_KEYS)]) {
      const input = el("input", { id: `map-${id}`, maxlength: "1", class: "key", value: id in settings.map ? settings.map[id] : id });
      input.addEventListener("change", () => { settings.map[id] = input.value.trim(); saveSettings(); drawHelp(); });
      remap.append(el("div", { class: "field" }, el("label", { for: `map-${id}`, text: describeKey(id) }), input));
    }
  }
}

function runKey(id) {
  const who = mySeat();
  if (text.keys[id]) {
    const k = text.keys[id];
    say(k.text);
    if (k.action && isMyTurn() && last.legal.includes(k.action)) { selected = k.action; say(_("{what} Press Enter to play it.", { what: k.text })); }
    return;
  }
  switch (id) {
    case "R": say(text.render || _("Nothing to read yet.")); break;
    case "L": {
      const { cands } = pickerLevel();
      const hand = [...$("hand").querySelectorAll('button[aria-disabled="false"]')].map((b) => b.querySelector(".name").textContent);
      const list = [...hand, ...cands.map((c) => text.choices[c.n] || c.n)];
      say(isMyTurn() ? _("Your choices: {choices}.", { choices: list.join("; ") }) : NOT_YOUR_TURN);
      break;
    }
    case "Y": {
      const hand = (last.view && last.view.hand) || null;
      say(who === null ? _("You are watching; you have no hand.")
        : hand ? _("Your hand: {cards}.", { cards: hand.map((c) => text.words[c] || c).join(", ") })
          : _("This game has no hand of cards; press R to read the table."));
      break;
    }
    case "W": say([...$("seats").children].map((li) => li.textContent).join(". ")); break;
    case "M": $("chat").focus(); break;
    case "J": if (!focusFirstChoice()) say(isMyTurn() ? _("Nothing to choose.") : NOT_YOUR_TURN); break;
    case "?": $("help").hidden = false; $("help-h").setAttribute("tabindex", "-1"); $("help-h").focus(); break;
    default: break;
  }
}

function reviewLog(step) {
  const lines = [...$("log").children];
  if (!lines.length) return;
  if (review < 0) review = lines.length;
  review = Math.max(0, Math.min(lines.length - 1, review + step));
  lines.forEach((l, i) => l.classList.toggle("reviewing", i === review));
  lines[review].scrollIntoView({ block: "nearest" });
  say(_("{number} of {total}: {line}", { number: review + 1, total: lines.length, line: lines[review].textContent }));
}

function arrows(e) {
  const group = e.target.closest("#hand, #choices");
  if (!group) return false;
  const buttons = [...group.querySelectorAll("button")];
  const i = buttons.indexOf(e.target);
  if (i < 0) return false;
  const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[e.key];
  if (!step) return false;
  const next = buttons[(i + step + buttons.length) % buttons.length];
  next.focus();
  return true;
}

document.addEventListener("keydown", (e) => {
  if (!text || e.ctrlKey || e.altKey || e.metaKey) return;
  const tag = e.target.tagName;
  const typing = tag === "INPUT" || tag === "TEXTAREA" || tag === "SELECT" || e.target.isContentEditable;
  if (typing) return;
  if (arrows(e)) { e.preventDefault(); return; }
  if (e.key === "PageUp" || e.key === "PageDown") { e.preventDefault(); reviewLog(e.key === "PageUp" ? -1 : 1); return; }
  if (e.key === "Escape") { $("help").hidden = true; alertText(""); return; }
  if (e.key === "Enter") {
    if (["BUTTON", "A", "SUMMARY"].includes(tag)) return;
    e.preventDefault();
    if (last && last.status === "waiting" && isHost()) startGame();
    else if (selected) play(selected);
    else say(isMyTurn() ? _("Nothing is selected: choose a card or a choice with Tab and Enter.") : NOT_YOUR_TURN);
    return;
  }
  if (!settings.keys || e.key.length !== 1) return;
  const id = keyMap()[e.key.toUpperCase()];
  if (!id) return;
  e.preventDefault();
  runKey(id);
});

// --- page wiring ----------------------------------------------------------------------------------
function wire() {
  showWho();
  document.body.classList.toggle("four-colour", settings.four);
  for (const [id, key] of [["set-keys", "keys"], ["set-focus", "focus"], ["set-four", "four"]]) {
    const box = $(id);
    box.checked = settings[key];
    box.addEventListener("change", () => {
      settings[key] = box.checked; saveSettings();
      document.body.classList.toggle("four-colour", settings.four);
    });
  }
  $("start").addEventListener("click", startGame);
  $("leave").addEventListener("click", leaveTable);
  $("help-close").addEventListener("click", () => { $("help").hidden = true; });
  $("chat-form").addEventListener("submit", (e) => {
    e.preventDefault();
    const line = $("chat").value.trim();
    if (!line) return;
    if (send({ type: "chat", text: line })) $("chat").value = "";
  });
}

async function main() {
  wire();
  try {
    summary = await api(`/api/tables/${encodeURIComponent(tableId)}${query}`);
  } catch (err) {
    status(err instanceof ApiError && err.status === 404 ? NO_TABLE : err.message);
    $("title").textContent = _("No such table");
    return;
  }
  $("rules-link").href = `/rules/${encodeURIComponent(summary.game)}?lang=${encodeURIComponent(LANG)}`;
  $("rules-link").textContent = _("The rules of {game}", { game: summary.title || summary.game });
  connect();
}

main();
