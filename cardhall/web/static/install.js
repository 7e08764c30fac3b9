// The installable app: the page registers the room's service worker (/sw.js, scope "/") with the
// page's language, so that the offline page it keeps is in the reader's words (cardhall/web/pwa.py).
if ("serviceWorker" in navigator && window.isSecureContext) {
  const lang = document.documentElement.lang || "en";
  navigator.serviceWorker.register(`/sw.js?lang=${encodeURIComponent(lang)}`, { scope: "/" })
    .catch(() => { /* no worker (a private window, a browser without it): the room works as before */ });
}
