// The picker: one list without steps, step by step with them (as the terminal's prompt), the
// hand's cards left to the hand, single answers taken at once, back one step.
import { back, choose, handAction, pickerItems, pickerStep, stepLine } from "/static/table/picker.js";
import { equal, ok } from "./assert.js";

const STEPS = {
  a: [["Which cards?", "take X"], ["Which top?", "demolish 1"], ["Where?", "place p"]],
  b: [["Which cards?", "take X"], ["Which top?", "demolish 2"], ["Where?", "place q"]],
  c: [["Which cards?", "take X"], ["Which top?", "demolish 2"], ["Where?", "place r"]],
  d: [["Which cards?", "take Y"], ["Which top?", "demolish 1"], ["Where?", "place p"]],
};

export function test_without_steps_each_choice_is_one_button_and_the_hand_plays_cards() {
  const step = pickerStep({ legal: ["play QS", "2H", "end"], hand: ["QS", "2H"] });
  equal(step.options.map((o) => o.notations), [["end"]]);
  equal(step.handCount, 2);
  equal(handAction("QS", ["play QS"]), "play QS");
  equal(pickerItems(step, (n) => `said ${n}`, "Back").map((i) => [i.id, i.label]), [["play:end", "said end"]]);
}

export function test_steps_offer_the_different_answers_and_take_single_ones_at_once() {
  let step = pickerStep({ legal: Object.keys(STEPS), steps: STEPS });
  equal(step.question, "Which cards?");
  equal(step.options.map((o) => [o.answer, o.notations]), [["take X", ["a", "b", "c"]], ["take Y", ["d"]]]);
  const items = pickerItems(step, (n) => `said ${n}`, "Back");
  equal(items.map((i) => i.id), ["step:0:take X", "play:d"]);
  step = pickerStep({ legal: Object.keys(STEPS), steps: STEPS, ...choose(step, "take X") });
  equal(step.question, "Which top?");
  step = pickerStep({ legal: Object.keys(STEPS), steps: STEPS, ...choose(step, "demolish 2") });
  equal([step.question, step.options.map((o) => o.answer)], ["Where?", ["place q", "place r"]]);
  equal(step.path, ["take X", "demolish 2"]);
  ok(pickerItems(step, String, "Back").some((i) => i.back), "back is offered once the user chose");
  const undone = back(step.path, step.byUser);
  equal(undone.path, ["take X"]);
}

export function test_a_path_that_no_choice_fits_starts_again() {
  const step = pickerStep({ legal: ["a", "d"], steps: STEPS, path: ["take Z"], byUser: [true] });
  equal(step.path, []);
  equal(step.question, "Which cards?");
}

export function test_answers_taken_by_themselves_are_undone_with_the_users() {
  const steps = { a: [["Q1", "x"], ["Q2", "y"], ["Q3", "p"]], b: [["Q1", "x"], ["Q2", "y"], ["Q3", "q"]], c: [["Q1", "z"], ["Q2", "y"], ["Q3", "p"]] };
  let step = pickerStep({ legal: ["a", "b", "c"], steps });
  step = pickerStep({ legal: ["a", "b", "c"], steps, ...choose(step, "x") });
  equal([step.path, step.byUser], [["x", "y"], [true, false]]);
  equal(back(step.path, step.byUser), { path: [], byUser: [] });
}

export function test_each_step_is_said_once_with_its_count_and_the_answer_given() {
  const t = { chosen: (p) => `Chosen: ${p.answer}.`, step: (p) => `Step ${p.number} of ${p.count}: ${p.question}` };
  let step = pickerStep({ legal: Object.keys(STEPS), steps: STEPS });
  step = pickerStep({ legal: Object.keys(STEPS), steps: STEPS, ...choose(step, "take X") });
  equal(stepLine(step, STEPS, "take X", t), "Chosen: take X. Step 2 of 3: Which top?");
  equal(stepLine(step, STEPS, null, t), "Step 2 of 3: Which top?");  // back one step: only where you are
  const last = pickerStep({ legal: Object.keys(STEPS), steps: STEPS, path: ["take Y"], byUser: [true] });
  equal(stepLine(last, STEPS, "take Y", t), "");  // one choice left: its button plays it, nothing to ask
}
