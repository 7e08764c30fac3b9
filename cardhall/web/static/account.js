// The account in the header of every page with the room's navigation: "Log in or register" opens
// a dialog with both forms (a guest who registers keeps their tables); logged in, the person's
// name opens a menu with their profile, Log out and Log out everywhere. The server sets and
// clears the HttpOnly session cookie; this page only remembers the name to show. A form's error
// is said in the dialog, in words (its fields are not checked by the browser's tooltips).
import { _, api, me, onSubmit, remember, showWho } from "./common.js";

const $ = (id) => document.getElementById(id);
/** A form's error said in the dialog (a live region), in the reader's language. */
const fail = (err) => { $("account-error").textContent = err.message || String(err); };
let acted = 0;  // the person's own sign-ins and log-outs so far: an older answer of the room must not undo one

function showAccount(who) {
  const account = Boolean(who && who.account);
  $("nav-account").hidden = account;
  $("account-menu").hidden = !account;
  if (!account) openMenu(false);
  const nameForm = $("name-form");  // the lobby's guest name: not offered while logged in (it would start another session)
  if (nameForm) nameForm.hidden = account;
  $("account-state").textContent = account ? _("You are logged in as {name}.", { name: who.name })
    : who ? _("You play as the guest {name}.", { name: who.name }) : "";
  if (account) {
    $("account-name").textContent = who.name;
    $("account-name").setAttribute("aria-label", _("Your account: {name}", { name: who.name }));
    $("profile-link").href = `/players/${encodeURIComponent(who.name)}`;
  }
  document.dispatchEvent(new CustomEvent("cardhall:account", { detail: who }));
}

function openMenu(open) {
  $("account-actions").hidden = !open;
  $("account-name").setAttribute("aria-expanded", String(open));
}

/** Open the account dialog with the focus in the log-in form's first field. */
export function openAccount() {
  $("account-error").textContent = "";
  if (!$("account-dialog").open) $("account-dialog").showModal();
  $("login-name").focus();
}

async function signIn(path, name, password) {
  acted += 1;
  $("account-error").textContent = "";
  try {
    const data = await api(path, { method: "POST", body: { name, password } });
    const who = { player: data.player, name: data.name, account: data.account };
    remember(who);
    showWho();
    $("account-dialog").close();
    showAccount(who);
    openMenu(true);
    $("profile-link").focus();
  } catch (err) { fail(err); }
}

async function logOut(everywhere) {
  acted += 1;
  try {
    await api(`/api/sessions${everywhere ? "?everywhere=true" : ""}`, { method: "DELETE" });
    remember(null);
    showWho();
    showAccount(null);
    $("account-state").textContent = everywhere ? _("You are logged out on every device.") : _("You are logged out.");
    $("nav-account").focus();
  } catch (err) {
    const alert = $("people-alert");
    if (alert) alert.textContent = err.message || String(err);
  }
}

async function main() {
  onSubmit($("register-form"), (e) => {
    e.preventDefault();
    signIn("/api/accounts", $("reg-name").value.trim(), $("reg-password").value);
  });
  onSubmit($("login-form"), (e) => {
    e.preventDefault();
    signIn("/api/sessions", $("login-name").value.trim(), $("login-password").value);
  });
  $("nav-account").addEventListener("click", openAccount);
  $("account-name").addEventListener("click", () => openMenu($("account-actions").hidden));
  $("account-menu").addEventListener("keydown", (e) => {
    if (e.key === "Escape" && !$("account-actions").hidden) { openMenu(false); $("account-name").focus(); }
  });
  document.addEventListener("click", (e) => { if (!$("account-menu").contains(e.target)) openMenu(false); });
  $("logout").addEventListener("click", () => logOut(false));
  $("logout-all").addEventListener("click", () => logOut(true));
  if (location.hash === "#account") openAccount();  // another page's "Log in" comes here
  if (!me()) {  // nobody yet on this browser: nothing to ask the room (it would answer 401)
    showAccount(null);
    return;
  }
  showAccount(me());  // as this browser remembers it, at once; then as the room knows it
  const before = acted;
  try {
    const who = await api("/api/players/me");
    // not if the person logged out meanwhile; nor from an answer cut short (the page left while its
    // body was read: api() gives null), which would forget the person on this browser
    if (acted === before && who && who.player) { remember(who); showAccount(who); }
  } catch {
    if (acted === before) showAccount(me());
  }
}

main();
