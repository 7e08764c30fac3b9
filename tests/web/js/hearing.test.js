// Bots paced to the listener (issue 38): the page counts what it said at the reading rate and
// tells the room after each change; with the browser's voice, 0 when it has said it all.
import { listenForHearing, rateOf, secondsFor, waiting, wordsIn } from "/static/table/hearing.js";
import { settings } from "/static/table/settings.js";
import { heardBy } from "/static/table/speech.js";
import { equal, ok } from "./assert.js";

function fakeModel() {
  const on = {};
  return {
    state: { status: "playing", version: 7 }, seat: () => 0, isOver: () => false,
    on(topic, fn) { on[topic] = fn; }, fire(topic) { on[topic]({}); },
  };
}

export function test_words_at_the_rate() {
  equal(wordsIn("West: king of spades."), 4);
  equal(wordsIn("  "), 0);
  equal(secondsFor("one two three four five", 300), 1);
  equal(secondsFor("one two three four five", 150), 2);
  equal([rateOf("150"), rateOf("600"), rateOf("149"), rateOf("601"), rateOf("300.5"), rateOf("fast")],
    [150, 600, null, null, null, null]);
}

const later = (ms) => new Promise((done) => { setTimeout(done, ms); });

export async function test_the_page_tells_the_room_what_is_left_to_hear() {
  settings.speech = false;
  settings.keyboard = true;  // a person who plays by keyboard: on unless they chose otherwise
  ok(waiting(), "on for a keyboard player");
  const sent = [];
  const model = fakeModel();
  listenForHearing(model, { send: (msg) => { sent.push(msg); return true; } });
  for (const fn of heardBy.line) fn("South: queen of hearts. West takes the trick, 3 points.");  // 10 words
  model.fire("state");
  model.fire("state");  // a burst of changes is told once
  await later(150);
  equal(sent.length, 1);
  equal([sent[0].type, sent[0].version], ["hearing", 7]);
  ok(sent[0].seconds > 1.5 && sent[0].seconds <= 2, `10 words at 300 a minute: ${sent[0].seconds}`);

  settings.speech = true;  // the browser's voice: a margin, then 0 when it has said everything
  model.state.version = 8;
  model.fire("state");
  await later(150);
  ok(sent[1].seconds >= 1, `a margin while the voice speaks: ${sent[1].seconds}`);
  for (const fn of heardBy.quiet) fn();
  equal([sent[2].version, sent[2].seconds], [8, 0]);
  settings.speech = false;
  settings.keyboard = false;
}
