// How often "your turn" mails come (the notices part's digest window, cardhall/web/digests.py):
// shown once mail is on for the reader (a verified address); a change is stored at once
// (PUT /api/players/me/notifications, the other settings sent as they are) and said in words.
import { _, authed, me } from "./common.js";

const $ = (id) => document.getElementById(id);

async function changed(settings) {
  const pick = $("digest-pick");
  $("digest-status").textContent = "";
  $("digest-error").textContent = "";
  pick.disabled = true;
  try {
    const body = { email: settings.email, push: settings.push, webhook: settings.webhook, digest: pick.value };
    Object.assign(settings, await authed("/api/players/me/notifications", { method: "PUT", body }));
    $("digest-status").textContent = _("Saved: {choice}.", { choice: pick.selectedOptions[0].textContent });
  } catch (err) {
    pick.value = settings.digest;
    $("digest-error").textContent = err.message;
  } finally { pick.disabled = false; }
}

async function start() {
  const field = $("digest-field");
  if (!field || !me()) return;
  let settings;
  try { settings = await authed("/api/players/me/notifications"); } catch { return; }
  if (!settings.email) return;  // no mail for this reader: nothing to choose
  $("digest-pick").value = settings.digest;
  $("digest-pick").addEventListener("change", () => changed(settings));
  field.hidden = false;
}

start();
