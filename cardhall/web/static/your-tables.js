// "Your tables" in the lobby are drawn again every few seconds; what changed at them is said once
// in the lobby's live region (issue 37): a table where it became your turn, a table whose game
// ended. Nothing is said on the page's first look (that is not news), when nothing changed, or for
// a turn-based table's turn (the people bar's "Your turn" says those, your-turn.js).
import { _ } from "./common.js";

/** What a table of mine is now: "mine" (my turn), "over", or "other" (anything else). */
export function tableState(t, player) {
  if (t.status === "over") return "over";
  const seat = t.status === "playing" && t.to_move !== null && t.to_move !== undefined ? (t.seats || [])[t.to_move] : null;
  return seat && player && seat.player === player ? "mine" : "other";
}

/** Follows my tables from one refresh to the next: `news(tables, player, title, ask)` gives the
 * sentences of what changed since the last call (none on the first). A finished game leaves the
 * list: a table that went is asked after (`ask(id)`, the table's summary) and is news only if
 * its game is over (not when the person left it). */
export function tableNews() {
  let known = null;  // id → {state, game} at the last refresh
  return async (tables, player, title, ask) => {
    const now = new Map(tables.map((t) => [t.id, { state: tableState(t, player), game: t.game }]));
    const said = [];
    const over = (game) => _("The game at your {game} table is over.", { game: title(game) });
    if (known !== null) {
      for (const t of tables) {
        const was = known.get(t.id);
        const { state } = now.get(t.id);
        if (was && state === was.state) continue;
        if (state === "mine" && !t.turn) said.push(_("It is your turn at the {game} table.", { game: title(t.game) }));
        if (state === "over" && was) said.push(over(t.game));
      }
      for (const [id, was] of known) {
        if (now.has(id) || was.state === "over") continue;
        try { if ((await ask(id)).status === "over") said.push(over(was.game)); } catch { /* gone: nothing to say */ }
      }
    }
    known = now;
    return said.join(" ");
  };
}
