// The page's model: events wait for their state, repeats are dropped, subscribers hear
// "sync", each "event" and then "state" in order, and a lost connection loses no event.
import { createModel } from "/static/table/model.js";
import { equal, ok } from "./assert.js";

const state = (version, extra = {}) => ({ type: "state", version, seat: 0, view: { hand: ["QS", "2H"] }, to_move: 0,
  legal: ["QS"], over: false, status: "playing", seats: [], words: { keys: { T: { what: "turn", text: "Your turn." } },
    choices: { QS: "queen of spades" }, words: { QS: "queen of spades ♠" }, seats: ["North"], steps: null, render: "R",
    title: "Hearts", lang: "en", result: null }, ...extra });
const event = (version, words) => ({ type: "event", version, event: { type: "move", seat: 1 }, words });

function recorder(model) {
  const heard = [];
  for (const topic of ["sync", "event", "state", "error"]) {
    model.on(topic, (payload) => heard.push([topic, topic === "event" ? payload.words : topic === "state" ? model.version : payload]));
  }
  return heard;
}

export function test_events_wait_for_their_state_and_come_in_order() {
  const model = createModel();
  const heard = recorder(model);
  model.connecting();
  model.receive(state(3));
  model.receive(event(4, "a"));
  model.receive(event(5, "b"));
  equal(heard.length, 1, "no event is heard before its state");
  model.receive(state(5));
  equal(heard, [["state", 3], ["event", "a"], ["event", "b"], ["state", 5]]);
  equal(model.timeline.map((e) => [e.version, e.words]), [[4, "a"], [5, "b"]]);
}

export function test_a_repeated_event_is_dropped() {
  const model = createModel();
  model.connecting();
  model.receive(state(2));
  model.receive(event(3, "a"));
  model.receive(state(3));
  model.receive(event(3, "a"));  // a resync repeats what was shown
  model.receive(event(4, "b"));
  model.receive(state(4));
  equal(model.timeline.map((e) => e.words), ["a", "b"]);
}

export function test_a_lost_connection_asks_for_what_it_missed_and_loses_nothing() {
  const model = createModel();
  const heard = recorder(model);
  equal(model.connecting(), 0, "a new page asks for no history");
  model.receive(state(2));
  model.receive(event(3, "a"));  // the connection drops before the state of version 3
  equal(model.connecting(), 2, "the next connection asks for what came after the last state");
  model.receive(event(3, "a"));
  model.receive(event(4, "b"));
  model.receive(state(4));
  equal(model.timeline.map((e) => e.words), ["a", "b"]);
  ok(heard.some(([topic, payload]) => topic === "sync" && payload.events.length === 2 && !payload.first), "a sync is heard");
}

export function test_a_returning_page_hears_what_it_missed_first() {
  const model = createModel({ version: 7 });
  const heard = recorder(model);
  equal(model.connecting(), 7);
  model.receive(event(8, "x"));
  model.receive(state(8));
  equal(heard.map(([t]) => t), ["sync", "event", "state"]);
  ok(heard[0][1].first, "the first state of the page");
}

export function test_selectors_read_the_state_and_its_words() {
  const model = createModel();
  model.connecting();
  equal(model.legal(), [], "no choices before a state");
  model.receive(state(1));
  ok(model.isMyTurn(), "seat 0 is to move with a legal move");
  equal(model.legal(), ["QS"]);
  equal(model.word("QS"), "queen of spades ♠");
  equal(model.choice("QS"), "queen of spades");
  equal(model.turn(), "Your turn.");
  equal(model.hand(), ["QS", "2H"]);
  model.receive(state(2, { to_move: 1 }));
  ok(!model.isMyTurn(), "not my turn");
  equal(model.legal(), []);
}

export function test_local_choices_are_kept_only_while_they_fit() {
  const model = createModel();
  model.connecting();
  model.receive(state(1));
  model.update((local) => { local.selected = "QS"; });
  equal(model.local.selected, "QS");
  model.receive(state(2, { legal: ["2H"] }));
  equal(model.local.selected, null, "a selection no longer legal is dropped");
}

export function test_a_subscriber_that_fails_stops_no_other() {
  const model = createModel();
  const seen = [];
  model.on("state", () => { throw new Error("a bug in one view"); });
  model.on("state", () => seen.push(model.version));
  window.addEventListener("error", (e) => e.preventDefault(), { once: true });
  model.connecting();
  model.receive(state(1));
  equal(seen, [1]);
}

export function test_a_reloaded_pages_earlier_history_is_told_not_replayed() {
  const model = createModel({ version: 4 });  // the page showed version 4 before the reload
  const heard = recorder(model);
  const earlier = [];
  model.on("earlier", ({ events }) => earlier.push(...events.map((e) => [e.version, e.words])));
  model.restore([{ version: 2, event: {}, words: "a" }, { version: 4, event: {}, words: "b" }, { version: 5, event: {}, words: "late" }]);
  equal(earlier, [[2, "a"], [4, "b"]], "only what the page had shown: after 4 comes by the socket");
  model.connecting();
  model.receive(event(4, "b"));  // at or below the version shown: a repeat
  model.receive(event(5, "c"));
  model.receive(state(5));
  equal(heard, [["sync", { events: [{ version: 5, event: { type: "move", seat: 1 }, words: "c" }], first: true }],
    ["event", "c"], ["state", 5]]);
  equal(model.timeline.map((e) => e.words), ["c"], "the earlier lines are not in the timeline");
}

const delta = (base, version, patch) => ({ type: "delta", base, version, patch: [{ op: "replace", path: "/version", value: version }, ...patch] });

export function test_a_delta_is_the_next_state_and_leaves_the_last_one_as_it_was() {
  const model = createModel();
  const heard = recorder(model);
  model.connecting();
  model.receive(state(3));
  const before = model.state;
  model.receive(event(4, "a"));
  equal(model.receive(delta(3, 4, [{ op: "replace", path: "/to_move", value: 1 }, { op: "replace", path: "/legal", value: [] },
    { op: "remove", path: "/words/choices/QS" }, { op: "add", path: "/view/trick", value: [] },
    { op: "add", path: "/view/trick/-", value: [0, "QS"] }, { op: "replace", path: "/view/hand", value: ["2H"] },
    { op: "replace", path: "/words/keys/T/text", value: "East is to play." }])), null);
  equal(heard, [["state", 3], ["event", "a"], ["state", 4]]);
  equal(model.state, state(4, { to_move: 1, legal: [], view: { hand: ["2H"], trick: [[0, "QS"]] },
    words: { ...state(4).words, choices: {}, keys: { T: { what: "turn", text: "East is to play." } } } }));
  equal(before, state(3), "the state a subscriber held is unchanged");
  equal(model.turn(), "East is to play.");
}

export function test_a_delta_that_does_not_follow_the_state_held_asks_once_for_the_whole_state() {
  const model = createModel();
  const heard = recorder(model);
  model.connecting();
  model.receive(state(3));
  model.receive(event(5, "lost"));
  equal(model.receive(delta(4, 5, [])), "gap", "base 4, but the model holds 3");
  model.receive(event(6, "lost too"));
  equal(model.receive(delta(5, 6, [])), null, "a sync is already asked for");
  equal(model.receive(delta(3, 4, [{ op: "replace", path: "/nothing/here", value: 1 }])), null, "a patch that does not apply");
  equal(model.version, 3);
  model.receive(event(4, "b"));  // the sync's answer: every event after 3, then the whole state
  model.receive(event(5, "c"));
  model.receive(event(6, "d"));
  model.receive(state(6));
  equal(heard, [["state", 3], ["event", "b"], ["event", "c"], ["event", "d"], ["state", 6]]);
  equal(model.receive(delta(4, 7, [])), "gap", "after a whole state, a new gap asks again");
}
