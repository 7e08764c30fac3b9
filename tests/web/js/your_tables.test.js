// "Your tables" say what changed once (issue 37): nothing on the first look or a quiet refresh, the
// turn becoming mine, a game over (listed or gone from the list), nothing for a table I left or for
// a turn-based table's turn (the people bar says those).
import { tableNews, tableState } from "/static/your-tables.js";
import { equal } from "./assert.js";

const seat = (player) => ({ kind: "person", player });
const table = (id, status, toMove, extra = {}) => ({ id, game: "hearts", status, to_move: toMove, seats: [seat("me"), seat("ann")], ...extra });
const title = () => "Hearts";

export function test_a_tables_state_for_me() {
  equal([tableState(table("a", "playing", 0), "me"), tableState(table("a", "playing", 1), "me"),
    tableState(table("a", "waiting", null), "me"), tableState(table("a", "over", null), "me")], ["mine", "other", "other", "over"]);
}

export async function test_each_change_is_said_once() {
  const news = tableNews();
  const gone = { b: { status: "over" }, c: { status: "playing" } };
  const ask = async (id) => gone[id];
  equal(await news([table("a", "playing", 1), table("b", "playing", 1), table("c", "playing", 1)], "me", title, ask), "");
  equal(await news([table("a", "playing", 0), table("b", "playing", 1), table("c", "playing", 1)], "me", title, ask),
    "It is your turn at the Hearts table.");
  equal(await news([table("a", "playing", 0), table("b", "playing", 1), table("c", "playing", 1)], "me", title, ask), "");
  equal(await news([table("a", "over", null)], "me", title, ask), "The game at your Hearts table is over. The game at your Hearts table is over.");
  equal(await news([table("a", "over", null)], "me", title, ask), "");
}

export async function test_a_turn_based_turn_is_left_to_the_people_bar() {
  const news = tableNews();
  equal(await news([table("t", "playing", 1, { turn: { seat: 1 } })], "me", title, async () => ({})), "");
  equal(await news([table("t", "playing", 0, { turn: { seat: 0 } })], "me", title, async () => ({})), "");
}
