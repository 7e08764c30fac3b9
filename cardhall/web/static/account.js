// The lobby's account forms: register (a guest who registers keeps their tables), log in, log
// out, log out everywhere. The server sets and clears the HttpOnly session cookie; this page
// only remembers the name to show.
import { _, api, me, onSubmit, remember } from "./common.js";

const $ = (id) => document.getElementById(id);
/** A form's error said next to the account forms (a live region), in the reader's language. */
const fail = (err) => { $("account-error").textContent = err.message || String(err); };
let acted = 0;  // the person's own sign-ins and log-outs so far: an older answer of the room must not undo one

function showAccount(who) {
  const account = who && who.account;
  $("account-forms").hidden = Boolean(account);
  $("account-actions").hidden = !account;
  // a guest name would start another session in place of the account's: not offered while logged in
  $("name-form").closest("section").hidden = Boolean(account);
  $("account-state").textContent = account ? _("You are logged in as {name}.", { name: who.name })
    : who ? _("You play as the guest {name}.", { name: who.name }) : "";
  if (account) $("profile-link").href = `/players/${encodeURIComponent(who.name)}`;
  const nav = $("nav-account");  // the header's way to the account: log in, or your profile
  if (nav) {
    nav.textContent = account ? _("Your profile") : _("Log in or register");
    nav.href = account ? `/players/${encodeURIComponent(who.name)}` : "/#account-h";
  }
}

async function signIn(path, name, password) {
  acted += 1;
  $("account-error").textContent = "";
  try {
    const data = await api(path, { method: "POST", body: { name, password } });
    const who = { player: data.player, name: data.name, account: data.account };
    remember(who);
    showAccount(who);
    $("account-actions").querySelector("a").focus();
  } catch (err) { fail(err); }
}

async function logOut(everywhere) {
  acted += 1;
  $("account-error").textContent = "";
  try {
    await api(`/api/sessions${everywhere ? "?everywhere=true" : ""}`, { method: "DELETE" });
    remember(null);
    showAccount(null);
    $("account-state").textContent = everywhere ? _("You are logged out on every device.") : _("You are logged out.");
    $("login-name").focus();
  } catch (err) { fail(err); }
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
  $("logout").addEventListener("click", () => logOut(false));
  $("logout-all").addEventListener("click", () => logOut(true));
  if (!me()) {  // nobody yet on this browser: nothing to ask the room (it would answer 401)
    showAccount(null);
    return;
  }
  const before = acted;
  try {
    const who = await api("/api/players/me");
    if (acted === before) { remember(who); showAccount(who); }  // not if the person logged out meanwhile
  } catch {
    if (acted === before) showAccount(null);
  }
}

main();
