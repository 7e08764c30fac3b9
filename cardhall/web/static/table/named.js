// A history line that names a person (a chat line, someone sitting down, leaving, coming back, a
// lobby chat line or a private message heard at the table) shows the name as the person's menu
// (person.js: their profile, a private message, a friend request, block, mute, report with this
// table's recent chat attached), as the lobby's chat does. The line's words stay as they were
// (the menu's button says the name; a closed menu adds nothing), so the live region, Page Up and
// Z say the same sentence; the reader's own name and a bot's stay plain text.
import { personMenu } from "../person.js";

const TABLE = decodeURIComponent(location.pathname.split("/")[2] || "") || null;  // a report attaches its chat
/** The table's events that name a person by `name` (the others name no one, or a bot). */
const NAMING = new Set(["chat", "sat", "left", "takeover", "reclaimed", "missed", "hold", "connected", "disconnected",
  "clock_warning"]);

/** The person an event of the table names, or null. */
export function personOf(event) {
  if (!event || !NAMING.has(event.type) || typeof event.name !== "string" || !event.name) return null;
  return event.name;
}

/** Fill the history line `p` with `line`, the first mention of `person` as their menu. */
export function fillLine(p, line, person) {
  const at = person ? line.indexOf(person) : -1;
  if (at < 0) { p.textContent = line; return; }
  p.append(line.slice(0, at), personMenu(person, { table: TABLE, message: true }), line.slice(at + person.length));
}
