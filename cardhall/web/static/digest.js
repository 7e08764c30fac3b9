// How often "your turn" mails come (the notices part's digest window, cardhall/web/digests.py):
// shown once mail is on for the reader (a verified address); a change is stored at once
// (PUT /api/players/me/notifications, the other settings sent as they are) and said in words.
import { _, authed, me } from "./common.js";

const $ = (id) => document.getElementById(id);

/** Store the choice showing now (the saves run one after another, so arrowing through the
 * choices with the keyboard ends with the last one stored; the field is never disabled meanwhile). */
async function save(settings) {
  const pick = $("digest-pick");
  if (pick.value === settings.digest) return;
  $("digest-error").textContent = "";
  try {
    const body = { email: settings.email, push: settings.push, webhook: settings.webhook, digest: pick.value };
    Object.assign(settings, await authed("/api/players/me/notifications", { method: "PUT", body }));
    const chosen = [...pick.options].find((o) => o.value === settings.digest);
    $("digest-status").textContent = _("Saved: {choice}.", { choice: chosen ? chosen.textContent : settings.digest });
  } catch (err) {
    pick.value = settings.digest;
    $("digest-error").textContent = err.message;
  }
}

let saving = Promise.resolve();

async function start() {
  const field = $("digest-field");
  if (!field || !me()) return;
  let settings;
  try { settings = await authed("/api/players/me/notifications"); } catch { return; }
  if (!settings.email) return;  // no mail for this reader: nothing to choose
  $("digest-pick").value = settings.digest;
  $("digest-pick").addEventListener("change", () => { saving = saving.then(() => save(settings)); });
  field.hidden = false;
}

start();
