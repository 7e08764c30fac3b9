// Shared by every page: the page's language, the JSON API, the guest identity, small DOM helpers.
// Everything from the server or from other players is put into the page with textContent,
// never as markup.

// --- the page's language ----------------------------------------------------------------------
// The server embeds the web domain's catalog for the page's language (<html lang>) as JSON:
// {lang, plural: {CLDR category: gettext form}, messages: {id or "context\u0004id": text or forms}}.
const CATALOG = (() => {
  try { return JSON.parse(document.getElementById("cardhall-catalog").textContent); } catch { return {}; }
})();
export const LANG = CATALOG.lang || document.documentElement.lang || "en";
const MESSAGES = CATALOG.messages || {};
const PLURAL = CATALOG.plural || { one: 0, other: 1 };
const RULES = new Intl.PluralRules(LANG);

function fill(text, params) {
  return text.replace(/\{([a-zA-Z_][a-zA-Z0-9_]*)\}/g, (whole, name) => (name in params ? String(params[name]) : whole));
}

/** `msgid` in the page's language, its {placeholders} filled from `params`. */
export function _(msgid, params = {}) {
  const text = MESSAGES[msgid];
  return fill(typeof text === "string" && text ? text : msgid, params);
}

/** `msgid` as translated in `context`. */
export function pgettext(context, msgid, params = {}) {
  const text = MESSAGES[`${context}\u0004${msgid}`];
  return fill(typeof text === "string" && text ? text : msgid, params);
}

/** Which of the language's plural forms `count` takes (CLDR's category, via Intl.PluralRules). */
export function pluralForm(count) {
  const category = RULES.select(count);
  if (category in PLURAL) return PLURAL[category];
  return "other" in PLURAL ? PLURAL.other : Math.max(...Object.values(PLURAL));
}

/** The plural form for `count` ({count} is filled in too). */
export function ngettext(singular, plural, count, params = {}) {
  const forms = MESSAGES[singular];
  const text = Array.isArray(forms) ? forms[Math.min(pluralForm(count), forms.length - 1)]
    : count === 1 ? singular : plural;
  return fill(text, { count, ...params });
}

/** A language's name in itself, e.g. "Čeština" for "cs" (the picker lists them). */
export function languageName(code) {
  const option = document.querySelector(`#lang-pick option[value="${CSS.escape(code || "")}"]`);
  return option ? option.textContent.trim() : code;
}

/** A language named inside a sentence, as the reader's language names it («руски» to a Bulgarian,
 * "Russian" in English), never its own name («Русский»: the picker's). */
export function languageInWords(code) {
  try {
    return new Intl.DisplayNames([LANG], { type: "language" }).of(code) || languageName(code);
  } catch {
    return languageName(code);
  }
}

/** The languages a table's people read, e.g. "Players speak: Čeština, Русский" (null: none known). */
export function playersSpeak(seats) {
  const codes = [...new Set((seats || []).filter((s) => s.kind === "person" && s.lang).map((s) => s.lang))];
  if (!codes.length) return null;
  return _("Players speak: {languages}", { languages: codes.map(languageInWords).join(", ") });
}

export class ApiError extends Error {
  constructor(message, status) { super(message); this.status = status; }
}

/** Parts of a list that hold commas themselves, joined as the page's language sets ";" (French:
 * U+202F before it, as `Lang.items` in cardhall/core/i18n.py). */
export function items(parts, lang = LANG) {
  return parts.join(lang === "fr" ? "\u202f; " : "; ");
}

/** A sentence said on a page starts with a capital (the room's sentences start small, to fit
 * after "cardhall: " in a terminal). */
export function capitalised(sentence) {
  return sentence ? sentence.charAt(0).toLocaleUpperCase(LANG) + sentence.slice(1) : sentence;
}

let clockSkew = 0;  // the room's clock minus this browser's, in ms (from answers' Date header)

function noteServerClock(response) {
  const date = Date.parse(response.headers.get("Date") || "");
  if (!Number.isNaN(date)) clockSkew = date + 500 - Date.now();  // a Date header is whole seconds: its middle
}

/** The room's clock now, in ms: this browser's corrected by the room's last Date header. */
export function serverNow() { return Date.now() + clockSkew; }

export async function api(path, { method = "GET", body } = {}) {
  const init = { method, headers: { "Accept-Language": LANG }, credentials: "same-origin" };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch {
    throw new ApiError(_("The server cannot be reached; check the connection and try again."), 0);
  }
  noteServerClock(response);
  let data = null;
  try { data = await response.json(); } catch { data = null; }
  if (!response.ok) {
    const sentence = data && typeof data.error === "string" ? data.error
      : _("The server answered {status}.", { status: response.status });
    throw new ApiError(capitalised(sentence), response.status);
  }
  return data;
}

const PLAYER_KEY = "cardhall.player";

/** The guest identity remembered in this browser: {player, name} or null. */
export function me() {
  try { return JSON.parse(localStorage.getItem(PLAYER_KEY)); } catch { return null; }
}

/** Remember who this browser speaks for ({player, name, account}), or forget it (null). */
export function remember(who) {
  if (who) localStorage.setItem(PLAYER_KEY, JSON.stringify(who));
  else localStorage.removeItem(PLAYER_KEY);
  showWho();
}

/** Register (or re-register) a guest name; the server sets the session cookie. */
export async function register(name) {
  const data = await api("/api/players", { method: "POST", body: { name, lang: LANG } });
  const who = { player: data.player, name: data.name };
  localStorage.setItem(PLAYER_KEY, JSON.stringify(who));
  showWho();
  return who;
}

export function showWho() {
  const el = document.getElementById("whoami");
  const who = me();
  if (!el) return;
  // the sentence is said whole; a desktop's header shows only the name (it fits one line in every language)
  const [before, after = ""] = who ? _("You are {name}", { name: "\u0000" }).split("\u0000") : ["", ""];
  const part = (text) => Object.assign(document.createElement("span"), { className: "who-words", textContent: text });
  el.replaceChildren(...(who ? [part(before), who.name, part(after)] : []));
  el.classList.toggle("account", Boolean(who && who.account));  // a desktop's header names an account once, on its button
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

/** Take `form`: `handler` answers its submissions from now on, and one the person sent before
 * the page's scripts were ready (kept by early.js) is sent again now. */
export function onSubmit(form, handler) {
  form.addEventListener("submit", handler);
  form.dataset.ready = "1";
  const early = window.cardhallEarly;
  if (early && early.has(form)) {
    const submitter = early.get(form);
    early.delete(form);
    form.requestSubmit(submitter && submitter.form === form ? submitter : undefined);
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

const SUITS = { C: [pgettext("suit", "clubs"), "♣"], D: [pgettext("suit", "diamonds"), "♦"],
  H: [pgettext("suit", "hearts"), "♥"], S: [pgettext("suit", "spades"), "♠"] };
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

// --- the language picker (every page) ----------------------------------------------------------
const LANG_COOKIE = "cardhall_lang";

/** Choose the page's language: stored with the player (if they have a name here) and in a
 * cookie (before they have one), then the page is shown again in it. */
export async function chooseLanguage(code) {
  document.cookie = `${LANG_COOKIE}=${encodeURIComponent(code)}; path=/; max-age=${365 * 24 * 3600}; samesite=lax`;
  if (me()) await authed("/api/players/lang", { method: "POST", body: { lang: code } });
  const url = new URL(location.href);
  url.searchParams.delete("lang");
  location.replace(url.href);
}

function wirePicker() {
  const form = document.getElementById("lang-form");
  if (!form) return;
  form.addEventListener("submit", async (e) => {
    e.preventDefault();
    const code = document.getElementById("lang-pick").value;
    try {
      await chooseLanguage(code);
    } catch (err) {
      document.getElementById("lang-status").textContent = err.message || String(err);
    }
  });
}

wirePicker();

/** A person who plays by keyboard (a key outside a text field, on any page of the room) is
 * remembered in the table page's settings: the bots then wait until they have heard the last move
 * unless they choose otherwise (static/table/hearing.js; quick play asks nothing). */
function noteKeyboard() {
  const KEY = "cardhall.settings";
  window.addEventListener("keydown", function noted(e) {
    const typing = e.target instanceof HTMLElement && e.target.matches("input[type=text], input:not([type]), textarea")
      && e.target.id !== "command";
    if (typing || e.ctrlKey || e.metaKey || e.altKey) return;
    window.removeEventListener("keydown", noted, true);
    try {
      const kept = JSON.parse(localStorage.getItem(KEY)) || {};
      if (!kept.keyboard) localStorage.setItem(KEY, JSON.stringify({ ...kept, keyboard: true }));
    } catch { /* no storage: the table page notes it itself */ }
  }, true);
}

noteKeyboard();
