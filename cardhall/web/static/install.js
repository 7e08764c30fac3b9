// The installable app: the page registers the room's service worker (/sw.js, scope "/") and tells
// it the page's language, so that the offline page it keeps is in the reader's words
// (cardhall/web/pwa.py). The worker's address is the same in every language: a new language is a
// message to the worker, never a new worker.
if ("serviceWorker" in navigator && window.isSecureContext) {
  const lang = document.documentElement.lang || "en";
  navigator.serviceWorker.register("/sw.js", { scope: "/" })
    .then(() => navigator.serviceWorker.ready)
    .then((registration) => { if (registration.active) registration.active.postMessage({ type: "lang", lang }); })
    .catch(() => { /* no worker (a private window, a browser without it): the room works as before */ });
}
