// A person's profile page: what one may do about them, where they are named (a friend request,
// block, mute, report; person.js), for anyone signed in who is not this person.
import { me } from "./common.js";
import { personActions } from "./person.js";

const box = document.getElementById("person-actions");
const who = me();
if (box && who && who.name.toLowerCase() !== box.dataset.name.toLowerCase()) {
  box.replaceChildren(...personActions(box.dataset.name, { profile: false }));
  box.hidden = false;
}
