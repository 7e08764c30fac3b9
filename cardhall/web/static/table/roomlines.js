// The room's chat at a table: a line of the lobby's chat, or a private message to you, heard on the
// room socket (people.js, the "cardhall:people" notices), joins the history in its "chat" view,
// marked in words as the lobby's or as private, beside the table's own chat. It is said once: by the
// history (a live region), not also by the people bar (people.js leaves it to the history here).
import { _ } from "../common.js";
import { log } from "./speech.js";

/** The history line of a room notice, or null for a notice that is not chat. */
export function roomLine(notice) {
  if (notice.type === "lobby_chat") return { kind: "lobby", text: _("In the lobby, {name}: {text}", { name: notice.name, text: notice.text }) };
  if (notice.type === "message") return { kind: "private", text: _("Private message from {name}: {text}", { name: notice.name, text: notice.text }) };
  return null;
}

/** Put the room's chat lines into the history, in its "chat" view, as they arrive. */
export function listenToRoom() {
  document.addEventListener("cardhall:people", (e) => {
    const line = roomLine(e.detail || {});
    if (line) log(line.text, `chat ${line.kind}`, null, "chat", { person: e.detail.name });
  });
}
