// The clubs' pages: make a club, join, leave, invite, announce (the API of docs/room.md, "Clubs");
// each says what happened in words, a refusal is the room's sentence in the alert.
import { _, authed } from "./common.js";

const $ = (id) => document.getElementById(id);
const box = $("club-you");
const club = box ? box.dataset.club : null;
const base = `/api/clubs/${encodeURIComponent(club)}`;

async function act(path, method, body, said, then) {
  $("club-error").textContent = "";
  try {
    const answer = await authed(path, { method, body });
    $("club-status").textContent = said;
    then(answer);
  } catch (err) { $("club-error").textContent = err.message || String(err); }
}

const reload = () => location.reload();
$("club-new")?.addEventListener("submit", (e) => {
  e.preventDefault();
  act("/api/clubs", "POST", { name: $("club-name").value, description: $("club-description").value,
    open: !$("club-invitation").checked }, _("The club is made."),
  (made) => location.assign(`/clubs/${encodeURIComponent(made.id)}`));
});
$("club-join")?.addEventListener("click", () => act(`${base}/members`, "POST", {}, _("You have joined the club."), reload));
$("club-leave")?.addEventListener("click", () => act(`${base}/members`, "DELETE", {}, _("You have left the club."), reload));
$("club-invite")?.addEventListener("submit", (e) => {
  e.preventDefault();
  const name = $("invite-name").value;
  act(`${base}/invitations`, "POST", { name }, _("{name} is invited.", { name }), () => { $("invite-name").value = ""; });
});
$("club-post")?.addEventListener("submit", (e) => {
  e.preventDefault();
  act(`${base}/announcements`, "POST", { text: $("post-text").value }, _("The announcement is posted."), reload);
});
$("club-close")?.addEventListener("submit", (e) => {
  e.preventDefault();
  act(`${base}/close`, "POST", { reason: $("close-reason").value },
    _("The club is closed: it is read-only and listed no more."), () => {
      for (const form of box.querySelectorAll("form, button")) form.remove();
      $("club-status").focus();
    });
});
if (box) box.dataset.ready = "1";  // the forms answer from now on
