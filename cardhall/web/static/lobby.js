// The lobby: a guest name, the games' tiles, your tables (with whose turn it is) and the open
// tables (refreshed every few seconds), and the form that creates a table with the game's options
// and seats (a panel opened from a tile or its own heading; its errors are said in it, in words).
import { _, api, authed, el, LANG, me, onSubmit, playersSpeak, register, showWho, tableLink } from "./common.js";
import { tableNews } from "./your-tables.js";

const $ = (id) => document.getElementById(id);
let games = [];
const say = (text) => { $("lobby-status").textContent = text; };
const news = tableNews();  // what changed at my tables, said once
/** Say `text` in the lobby's live region anew (emptied, then filled: the same words are news again). */
const tell = (text) => { $("lobby-status").textContent = ""; setTimeout(() => say(text), 50); };
const fail = (err) => { $("lobby-error").textContent = err.message || String(err); };
/** The create form's error, said at the form (a live region), in the reader's words. */
const failCreate = (err) => { $("create-error").textContent = err.message || String(err); };

function gameTitle(name) {
  const g = games.find((x) => x.name === name);
  return g ? g.title : name;
}

function botTitle(gameName, level) {
  // a bot's level in the reader's language, from /api/games ("hard" → «сильный»)
  const g = games.find((x) => x.name === gameName);
  const b = g && (g.bots || []).find((x) => x.spec === `bot:${level}`);
  return b && b.title ? b.title : level;
}

function seatWords(seat, gameName) {
  if (seat.kind === "open") return _("open");
  if (seat.kind === "bot") return seat.bot ? _("Bot ({level})", { level: botTitle(gameName, seat.bot) }) : _("a bot");
  const name = seat.guest ? _("{name} (guest)", { name: seat.name || _("someone") }) : seat.name || _("someone");
  if (seat.takeover) return _("{name} (a bot plays for them)", { name });
  return seat.connected ? name : _("{name} (away)", { name });
}

/** The bots' pace a table chose, as the lobby says it. */
const PACES = { none: _("bots play at once"), normal: _("bots at the normal pace"), slow: _("bots play slowly") };

function describe(t) {
  // each seat by the game's name for it ("North", "Player 2"), as the table's own sentences say it
  const seats = (t.seats || []).map((s, i) => (t.seat_names && t.seat_names[i]
    ? _("{seat}: {who}", { seat: t.seat_names[i], who: seatWords(s, t.game) })
    : _("{number}: {who}", { number: i + 1, who: seatWords(s, t.game) }))).join(", ");
  const status = { waiting: _("waiting for players"), playing: _("playing"), over: _("finished") }[t.status] || t.status;
  const title = t.private ? _("{game} (private)", { game: gameTitle(t.game) }) : gameTitle(t.game);
  const speak = playersSpeak(t.seats);
  const bots = (t.seats || []).some((s) => s.kind === "bot");
  const pace = bots ? ` — ${PACES[(t.policy && t.policy.pace) || "normal"]}` : "";
  return _("{game} — {status} — seats {seats}", { game: title, status, seats }) + pace + (speak ? ` — ${speak}` : "");
}

async function sit(t, seat) {
  try {
    await ensureName();
    await authed(`/api/tables/${encodeURIComponent(t.id)}/sit`, { method: "POST", body: { seat } });
    location.href = tableLink(t.id, t.invite);
  } catch (err) { fail(err); }
}

async function leave(t) {
  try {
    await authed(`/api/tables/${encodeURIComponent(t.id)}/leave`, { method: "POST", body: {} });
    say(_("You left the {game} table.", { game: gameTitle(t.game) }));
    refresh();
  } catch (err) { fail(err); }
}

/** Whose turn it is at a table I sit at: mine, a person's or a bot's (by name), or nothing
 * before the start and between moves. */
function turnWords(t) {
  if (t.status !== "playing" || t.to_move === null || t.to_move === undefined) return "";
  const seat = (t.seats || [])[t.to_move];
  if (!seat) return "";
  const who = me();
  if (who && seat.player === who.player) return _("your turn");
  const name = seat.kind === "bot" ? (seat.bot ? _("Bot ({level})", { level: botTitle(t.game, seat.bot) }) : _("a bot"))
    : seat.name || _("someone");
  return _("{name}'s turn", { name });
}

/** Update a list of tables in place (keyed by id), so a focused button is never replaced. */
function fill(list, empty, tables, mine) {
  const keep = new Set(tables.map((t) => t.id));
  for (const li of [...list.children]) if (!keep.has(li.dataset.id)) li.remove();
  for (const t of tables) {
    let li = list.querySelector(`li[data-id="${CSS.escape(t.id)}"]`);
    if (!li) {
      li = el("li", { "data-id": t.id }, el("span", { class: "desc" }), el("span", { class: "acts" }));
      list.append(li);
    }
    const turn = mine ? turnWords(t) : "";
    li.classList.toggle("my-turn", turn === _("your turn"));
    li.querySelector(".desc").textContent = turn ? `${describe(t)} — ${turn}` : describe(t);
    const acts = li.querySelector(".acts");
    const sig = JSON.stringify([t.status, (t.seats || []).map((s) => s.kind), mine]);
    if (acts.dataset.sig === sig) continue;
    acts.dataset.sig = sig;
    acts.replaceChildren();
    const title = gameTitle(t.game);
    if (mine) {
      acts.append(el("a", { href: tableLink(t.id), text: _("Go back to the {game} table", { game: title }) }), " ",
        el("button", { type: "button", text: _("Leave the {game} table", { game: title }), onclick: () => leave(t) }));
    } else {
      const open = (t.seats || []).findIndex((s) => s.kind === "open");
      if (t.status === "waiting" && open >= 0) {
        acts.append(el("button", { type: "button", text: _("Sit at the {game} table", { game: title }), onclick: () => sit(t, null) }), " ");
      }
      acts.append(el("a", { href: tableLink(t.id), text: _("Watch the {game} table", { game: title }) }));
    }
  }
  empty.hidden = tables.length > 0;
}

async function refresh() {
  try {
    const open = await api("/api/tables");
    fill($("open"), $("open-empty"), open, false);
    if (me()) {
      const mine = await authed("/api/tables?mine=1");
      fill($("mine"), $("mine-empty"), mine, true);
      const changed = await news(mine, me() && me().player, gameTitle, (id) => api(`/api/tables/${encodeURIComponent(id)}`));
      if (changed) tell(changed);
      $("mine-section").hidden = mine.length === 0;  // a newcomer's first screen has no empty list
    }
  } catch (err) {
    if (err.status !== 401) fail(err);
  }
}

/** The person playing: the remembered one, the name typed in the name field, or else a guest
 * name given at once (one click plays; the name can be changed in the name field any time). */
async function ensureName() {
  if (me()) return me();
  const typed = $("name").value.trim();
  const who = await register(typed || _("Guest {number}", { number: 1000 + Math.floor(Math.random() * 9000) }));
  $("name").value = who.name;
  if (!typed) say(_("You play as {name}; change your name in the field \"Your name at the tables\" any time.", { name: who.name }));
  return who;
}

// --- the create form ------------------------------------------------------------------------
/** One option of the game as a form control, from the game's own declaration (/api/games): its
 * label and help in the reader's words, a checkbox (yes or no), a select of its choices in words,
 * a number within its range, or a text field (its help says what to write). */
function optionInput(game, opt) {
  const id = `opt-${opt.name}`;
  const label = el("label", { for: id, text: opt.label || opt.name });
  const hint = opt.help ? el("span", { class: "hint", id: `${id}-hint`, text: opt.help }) : "";
  const described = opt.help ? `${id}-hint` : null;
  let input;
  if (opt.kind === "bool") {
    input = el("input", { type: "checkbox", id, name: opt.name, "aria-describedby": described });
    input.checked = Boolean(opt.default);
    input.addEventListener("change", () => drawSeats(game));
    return el("div", { class: "field check" }, input, label, hint);
  }
  if (opt.kind === "choice") {
    input = el("select", { id, name: opt.name, "aria-describedby": described },
      ...(opt.choices || []).map((c) => el("option", { value: String(c.value), text: c.label })));
    input.value = String(opt.default);
  } else if (opt.kind === "int") {
    input = el("input", { type: "number", id, name: opt.name, value: String(opt.default), step: 1, inputmode: "numeric",
      min: opt.minimum, max: opt.maximum, "aria-describedby": described });
  } else {
    input = el("input", { id, name: opt.name, value: String(opt.default), "aria-describedby": described });
  }
  input.addEventListener("change", () => drawSeats(game));
  return el("div", { class: "field" }, label, input, hint);
}

let seatsAsked = 0; // the number of the latest question for the seats
let seatNames = []; // the game's names of the seats, in the reader's words (the latest answer)

/** The number of seats with the options as they are in the form (the server's game decides);
 * null after an error, or when the options changed while the server answered (answers may
 * arrive out of order: only the latest question's answer draws the seats or says an error). */
async function seatCount(game) {
  const asked = ++seatsAsked;
  const options = encodeURIComponent(JSON.stringify(readOptions(game)));
  try {
    const answer = await api(`/api/games/${encodeURIComponent(game.name)}/seats?options=${options}&lang=${encodeURIComponent(LANG)}`);
    if (asked !== seatsAsked) return null;
    $("create-error").textContent = "";
    seatNames = answer.names || [];
    return answer.seats;
  } catch (err) {
    if (asked === seatsAsked) failCreate(err);
    return null;
  }
}

function botLevels(game) {
  // each bot is {spec: "bot:LEVEL", description}
  return (game.bots || []).map((b) => (typeof b === "string" ? { spec: b, description: "" } : b))
    .map((b) => ({ ...b, spec: b.spec.startsWith("bot:") ? b.spec : `bot:${b.spec}`, name: b.title || b.spec.replace(/^bot:/, "") }));
}

/** The level a table's bots get unless the player says otherwise: medium, or the nearest there is. */
function defaultBot(levels) {
  for (const name of ["medium", "heuristic", "easy", "random"]) {
    const found = levels.find((b) => b.spec === `bot:${name}`);
    if (found) return found;
  }
  return levels[0];
}

/** One click: a table of `game` with its usual options, you and medium bots, started at once. */
async function quickPlay(game) {
  $("lobby-error").textContent = "";
  try {
    await ensureName();
    const answer = await api(`/api/games/${encodeURIComponent(game.name)}/seats?options=${encodeURIComponent("{}")}`);
    const levels = botLevels(game);
    if (!levels.length) throw new Error(_("{game} has no bots to play with; create a table below and invite people.", { game: game.title }));
    const bot = defaultBot(levels).spec;
    const seats = Array.from({ length: answer.seats }, (_x, i) => (i === 0 ? "me" : bot));
    const t = await authed("/api/tables", { method: "POST", body: { game: game.name, options: {}, seats, private: false, clock: null, grace: null } });
    await authed(`/api/tables/${encodeURIComponent(t.id)}/start`, { method: "POST", body: {} });
    location.href = tableLink(t.id);
  } catch (err) { fail(err); }
}

/** The games' tiles (drawn by the server): "Play … with bots" plays at once; "Create a table"
 * chooses the game in the create form and takes the focus there. */
function drawQuick() {
  for (const button of $("quick").querySelectorAll("button.quick")) {
    const game = games.find((g) => g.name === button.dataset.game);
    if (game) button.addEventListener("click", () => quickPlay(game));
  }
  for (const button of $("quick").querySelectorAll("button.create-this")) {
    button.addEventListener("click", () => {
      $("game").value = button.dataset.game;
      $("create-panel").open = true;
      drawOptions();
      $("create-panel").scrollIntoView({ block: "start" });
      $("game").focus();
    });
  }
}

async function drawSeats(game) {
  const n = await seatCount(game);
  if (n === null) return;
  const box = $("seats");
  const before = [...box.querySelectorAll("select")].map((s) => s.value);
  const sig = `${game.name} ${seatNames.join(",")}`;
  if (box.querySelectorAll("select").length === n && box.dataset.sig === sig) return;
  box.dataset.sig = sig;
  box.replaceChildren(el("legend", { text: _("Seats") }));
  const levels = botLevels(game);
  for (let i = 0; i < n; i++) {
    const id = `seat-${i}`;
    const select = el("select", { id, name: id },
      el("option", { value: "me", text: _("Me") }),
      el("option", { value: "open", text: _("Open for a person") }),
      ...levels.map((b) => el("option", { value: b.spec, text: b.description
        ? _("Bot: {level} — {description}", { level: b.name, description: b.description })
        : _("Bot: {level}", { level: b.name }) })));
    select.value = before[i] || (i === 0 ? "me" : levels.length ? defaultBot(levels).spec : "open");
    const label = seatNames[i] ? _("{seat} (seat {number})", { seat: seatNames[i], number: i + 1 }) : _("Seat {number}", { number: i + 1 });
    box.append(el("div", { class: "field" }, el("label", { for: id, text: label }), select));
  }
}

function drawOptions() {
  const game = games.find((g) => g.name === $("game").value);
  const box = $("options");
  box.replaceChildren(el("legend", { text: _("Options of {game}", { game: game.title }) }), ...(game.options || []).map((o) => optionInput(game, o)));
  drawSeats(game);
}

function readOptions(game) {
  const options = {};
  for (const opt of game.options || []) {
    const input = document.getElementById(`opt-${opt.name}`);
    if (!input) continue;
    if (opt.kind === "bool") options[opt.name] = input.checked;
    else if (opt.kind === "choice") {
      const chosen = (opt.choices || []).find((c) => String(c.value) === input.value);
      options[opt.name] = chosen ? chosen.value : input.value;
    } else if (opt.kind === "int" && input.value.trim() !== "" && !Number.isNaN(Number(input.value))) options[opt.name] = Number(input.value);
    else options[opt.name] = input.value;  // the game says why a value is wrong, in its own sentence
  }
  return options;
}

/** The create form's hours per move (turn-based play): a whole number from 1 to 168, or an Error in words. */
function hoursPerMove() {
  const text = $("hours-per-move").value.trim();
  const hours = Number(text);
  if (text === "" || !Number.isInteger(hours) || hours < 1 || hours > 168) {
    throw new Error(_("The hours per move must be a whole number from 1 to 168, like 24; got \"{text}\".", { text }));
  }
  return hours;
}

/** Turn-based play on or off: the hours field follows, the away time does not apply. */
function turnBasedChanged() {
  const on = $("turn-based").checked;
  $("hours-per-move").disabled = !on;
  $("grace").disabled = on;
}

async function create(event) {
  event.preventDefault();
  $("create-error").textContent = "";
  try {
    await ensureName();
    const game = games.find((g) => g.name === $("game").value);
    const seats = [...$("seats").querySelectorAll("select")].map((s) => s.value);
    const priv = $("private").checked;
    const graceText = $("grace").value.trim();
    const grace = graceText === "" ? null : Number(graceText);
    if (Number.isNaN(grace)) throw new Error(_("The away time must be a number of seconds, like 60; got \"{text}\".", { text: graceText }));
    const body = { game: game.name, options: readOptions(game), seats, private: priv, clock: null, grace, rated: $("rated").checked,
      pace: $("pace").value };
    if ($("turn-based").checked) Object.assign(body, { grace: null, turn_based: { hours_per_move: hoursPerMove() } });
    const t = await authed("/api/tables", { method: "POST", body });
    location.href = tableLink(t.id, priv ? t.invite : null);  // the table page shows its invite link, with a Copy button
  } catch (err) { failCreate(err); }
}

async function start() {
  showWho();
  const who = me();
  if (who) $("name").value = who.name;
  onSubmit($("name-form"), async (e) => {
    e.preventDefault();
    $("lobby-error").textContent = "";
    try {
      const who = await register($("name").value.trim());
      say(_("Your name is now {name}.", { name: who.name }));
      refresh();
    } catch (err) { fail(err); }
  });
  try {
    games = await api(`/api/games?lang=${encodeURIComponent(LANG)}`);
  } catch (err) { fail(err); return; }
  $("game").replaceChildren(...games.map((g) => el("option", { value: g.name, text: g.title })));
  drawQuick();
  $("game").addEventListener("change", drawOptions);
  drawOptions();
  onSubmit($("new-form"), create);
  $("turn-based").addEventListener("change", turnBasedChanged);
  turnBasedChanged();
  refresh();
  setInterval(refresh, 3000);
}

start();
