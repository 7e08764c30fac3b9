// cardhall's service worker (served as /sw.js, scope "/"; cardhall/web/pwa.py says the rules).
// It keeps the room's shell (style, icons) and the offline page in each language a page of the
// room told it ({type: "lang"} messages, static/install.js); a page that cannot be reached is
// answered with the offline page in the language told last; a "your turn" push is shown as a
// notification that opens the table when chosen. Its address holds no language: a page in another
// language is no new worker, so no worker is swapped while a page navigates through it (Chromium
// then left that navigation hanging: the I key's test saw it once in a few runs).
const CACHE = "cardhall-shell-2";
const SHELL = ["/static/style.css", "/static/favicon.svg", "/static/icons/icon-192.png", "/static/icons/icon-512.png"];
const LANG_KEY = "/sw-lang";  // the language told last, kept as a small response in the cache
const offlinePage = (lang) => `/offline?lang=${encodeURIComponent(lang)}`;
const manifestOf = (lang) => `/manifest.webmanifest?lang=${encodeURIComponent(lang)}`;

self.addEventListener("install", (event) => {
  event.waitUntil(caches.open(CACHE).then((cache) => cache.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) if (name.startsWith("cardhall-shell-") && name !== CACHE) await caches.delete(name);
    await self.clients.claim();
  })());
});

/** A page's language: its offline page and manifest are kept, and it is the language told last. */
async function keepLanguage(lang) {
  if (!/^[a-z]{2,3}(-[A-Za-z0-9]{2,8})?$/.test(lang)) return;
  const cache = await caches.open(CACHE);
  await cache.put(LANG_KEY, new Response(lang));
  if (!(await cache.match(offlinePage(lang)))) await cache.addAll([offlinePage(lang), manifestOf(lang)]);
}

self.addEventListener("message", (event) => {
  const data = event.data || {};
  if (data.type === "lang" && typeof data.lang === "string") event.waitUntil(keepLanguage(data.lang));
});

/** The offline page in the language told last (English when none was, or its page is not kept). */
async function offlineAnswer() {
  const cache = await caches.open(CACHE);
  const told = await cache.match(LANG_KEY);
  const lang = told ? await told.text() : "en";
  return (await cache.match(offlinePage(lang))) || (await cache.match(offlinePage("en"))) || Response.error();
}

/** The network first (a fresh copy is kept for the shell's files); the kept copy when it fails. */
async function fromNetwork(request, keep) {
  try {
    const answer = await fetch(request);
    if (keep && answer.ok) (await caches.open(CACHE)).put(request, answer.clone());
    return answer;
  } catch (err) {
    const kept = await caches.match(request, { ignoreSearch: false });
    if (kept) return kept;
    if (request.mode === "navigate") return offlineAnswer();
    throw err;
  }
}

self.addEventListener("fetch", (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin || url.pathname.startsWith("/api/")
      || url.pathname.startsWith("/ws/")) return;
  const shell = SHELL.includes(url.pathname) || url.pathname === "/offline" || url.pathname === "/manifest.webmanifest";
  if (request.mode === "navigate" || shell) event.respondWith(fromNetwork(request, shell));
});

self.addEventListener("push", (event) => {
  let notice = {};
  try { notice = event.data ? event.data.json() : {}; } catch { notice = { text: event.data ? event.data.text() : "" }; }
  const title = notice.heading || "cardhall";
  event.waitUntil(self.registration.showNotification(title, {
    body: notice.text || "", lang: notice.lang || "en", tag: notice.table ? `turn-${notice.table}` : "cardhall",
    icon: "/static/icons/icon-192.png", data: { path: notice.path || "/" },
  }));
});

/** Where a chosen notice leads: a room tab already at `target` is focused; else a tab of the room this
 * worker controls (the focused one first) is focused and navigated to `target`; else a new window
 * opens there. A browser that refuses the focus (it allows it only during a click) still navigates. */
async function openTable(target) {
  const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
  const there = windows.find((client) => client.url === target);
  if (there) return there.focus().catch(() => there);
  const mine = await self.clients.matchAll({ type: "window" });
  const tab = mine.find((client) => client.focused) || mine.find((client) => client.visibilityState === "visible")
    || mine[0];
  if (!tab) return self.clients.openWindow(target);
  await tab.focus().catch(() => tab);
  return tab.navigate(target);
}

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data && event.notification.data.path) || "/";
  const target = new URL(path, self.location.origin);
  event.waitUntil(openTable(target.origin === self.location.origin ? target.href : self.location.origin + "/"));
});
