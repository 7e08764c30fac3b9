// Shared by the lobby and the table page: the JSON API, the guest identity, small DOM helpers.
// Everything from the server or from other players is put into the page with textContent,
// never as markup.

export class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: {}, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError("The server cannot be reached; check the connection and try again.", 0);
  }
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const sentence = data && typeof data.error === "string" ? data.error
      : `The server answered ${response.status}.`;
    throw new ApiError(sentence, response.status);
  }
  return data;
}

const PLAYER_KEY = "cardhall.player";

/** The guest identity remembered in this browser: {player, name} or null. */
export function me() {
  try { return JSON.parse(localStorage.getItem(PLAYER_KEY)); } catch { return null; }
}

/** Register (or re-register) a guest name; the server sets the session cookie. */
export async function register(name) {
  const data = await api("/api/players", { method: "POST", body: { name } });
  const who = { player: data.player, name: data.name };
  localStorage.setItem(PLAYER_KEY, JSON.stringify(who));
  showWho();
  return who;
}

export function showWho() {
  const el = document.getElementById("whoami");
  const who = me();
  if (el) el.textContent = who ? `You are ${who.name}` : "";
}

/** Call `api`, and if the session is gone (401), register the remembered name again once. */
export async function authed(path, options) {
  try {
    return await api(path, options);
  } catch (err) {
    const who = me();
    if (err.status === 401 && who) {
      await register(who.name);
      return api(path, options);
    }
    throw err;
  }
}

export function el(tag, props = {}, ...children) {
  const node = document.createElement(tag);
  for (const [k, v] of Object.entries(props)) {
    if (k === "text") node.textContent = v;
    else if (k === "class") node.className = v;
    else if (k.startsWith("on")) node.addEventListener(k.slice(2), v);
    else if (v === true) node.setAttribute(k, "");
    else if (v !== false && v !== null && v !== undefined) node.setAttribute(k, String(v));
  }
  for (const c of children) node.append(c);
  return node;
}

const SUITS = { C: ["clubs", "♣"], D: ["diamonds", "♦"], H: ["hearts", "♥"], S: ["spades", "♠"] };
const RANKS = { T: "10", J: "J", Q: "Q", K: "K", A: "A" };

/** A standard card's short face, e.g. "Q♠", and its suit letter; null for other tokens. */
export function face(card) {
  const m = /^([2-9TJQKA])([CDHS])$/.exec(card);
  if (!m) return null;
  return { text: (RANKS[m[1]] || m[1]) + SUITS[m[2]][1], suit: m[2] };
}

/** A suit letter as a symbol and a word, e.g. {symbol: "♣", word: "clubs"}; null for others. */
export function suit(letter) {
  return SUITS[letter] ? { word: SUITS[letter][0], symbol: SUITS[letter][1] } : null;
}

export function tableLink(id, invite) {
  return `/tables/${encodeURIComponent(id)}` + (invite ? `?invite=${encodeURIComponent(invite)}` : "");
}
