// "Your turn" notices in this browser (Web Push): the notices part's switch subscribes the room's
// service worker with the room's key (GET /api/push/key) and gives the subscription to the room
// (POST /api/players/me/push); turned off, it unsubscribes (DELETE). Every outcome is said in words.
import { _, api, authed, me } from "./common.js";

const $ = (id) => document.getElementById(id);

function key(text) {
  const raw = atob(text.replace(/-/g, "+").replace(/_/g, "/") + "=".repeat((4 - (text.length % 4)) % 4));
  return Uint8Array.from(raw, (c) => c.charCodeAt(0));
}

async function current() {
  const reg = await navigator.serviceWorker.ready;
  return [reg, await reg.pushManager.getSubscription()];
}

async function turnOn() {
  if ((await Notification.requestPermission()) !== "granted") {
    throw new Error(_("This browser does not allow notices from the room; allow them in its site settings, then try again."));
  }
  const { public_key: publicKey } = await api("/api/push/key");
  const [reg, old] = await current();
  const sub = old || await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key(publicKey) });
  await authed("/api/players/me/push", { method: "POST", body: sub.toJSON() });
  return _("Push notices are on in this browser.");
}

async function turnOff() {
  const [, sub] = await current();
  if (sub) {
    await authed("/api/players/me/push", { method: "DELETE", body: { endpoint: sub.endpoint } });
    await sub.unsubscribe();
  }
  return _("Push notices are off in this browser.");
}

async function changed() {
  const box = $("push-here");
  $("push-error").textContent = "";
  box.disabled = true;
  try {
    $("push-status").textContent = await (box.checked ? turnOn() : turnOff());
  } catch (err) {
    box.checked = !box.checked;
    $("push-error").textContent = err instanceof Error && err.name !== "AbortError" && err.name !== "NotAllowedError"
      ? err.message : _("This browser could not reach its push service; push notices stay off here.");
  } finally { box.disabled = false; }
}

async function start() {
  const part = $("notices-part");
  if (!part || !me()) return;
  part.hidden = false;
  const box = $("push-here");
  if (!("serviceWorker" in navigator) || !("PushManager" in window) || !window.isSecureContext) {
    box.disabled = true;
    $("push-status").textContent = _("This browser cannot receive push notices here (it needs https and a browser with push).");
    return;
  }
  try {
    await api("/api/push/key");
  } catch (err) {
    box.disabled = true;
    $("push-status").textContent = err.message;  // the room's sentence: push is off on this room
    return;
  }
  const [, sub] = await current();
  box.checked = sub !== null;
  box.addEventListener("change", changed);
}

start();
