// The picker's logic, the same as the terminal's prompt (cardhall/tui/prompt.py): the choices
// the hand cannot play are one list, or — when the server sends their steps (a long composite
// choice: more than nine and a game that asks it in steps, `TextUI.steps`) — chosen step by
// step: each step offers the different answers of the choices that agree with the answers given
// so far, a step with a single answer is taken at once, and an answer that leaves one choice
// plays it. Pure functions of the model's data (tested in tests/web/js/picker.test.js); the
// buttons are drawn by choices.js.

/** The legal notation that plays `card` from the hand: the card itself, or "verb CARD". */
export function handAction(card, legal) {
  return legal.find((n) => n === card) || legal.find((n) => { const t = n.split(" "); return t.length === 2 && t[1] === card; });
}

/** The legal notations the hand's buttons play: every choice that names a card of the hand (a
 * card with several uses shows them at the card, uses.js), so the picker lists only the others. */
export function handPlayed(hand, legal) {
  const cards = new Set(hand || []);
  return new Set(legal.filter((n) => n.split(" ").some((t) => cards.has(t))));
}

/**
 * The current step of the picker.
 * `legal`: the legal notations; `hand`: the hand's cards (or null); `steps`: notation → its
 * [question, answer] pairs, or null (one list); `path`, `byUser`: the answers given so far and
 * whether the user gave each (false: taken as the only way on).
 * Returns {question, options: [{answer, notations}], left, path, byUser, handCount}: with steps,
 * `options` are the current step's different answers, each with the choices under it; without,
 * each choice is one option (its answer is null). `left`: the choices that agree with the path.
 */
export function pickerStep({ legal, hand = null, steps = null, path = [], byUser = [] }) {
  const played = handPlayed(hand, legal);
  const all = legal.filter((n) => !played.has(n));
  path = [...path];
  byUser = [...byUser];
  if (!steps || !all.every((n) => Array.isArray(steps[n]))) {
    return { question: "", options: all.map((n) => ({ answer: null, notations: [n] })), left: all, path: [], byUser: [],
      handCount: played.size };
  }
  const answer = (n, k) => (steps[n][k] ? steps[n][k][1] : null);
  const agrees = (n) => path.every((p, k) => answer(n, k) === p);
  let left = all.filter(agrees);
  if (path.length && !left.length) { path = []; byUser = []; left = all; }
  for (;;) {
    if (left.length <= 1) return { question: "", options: left.map((n) => ({ answer: null, notations: [n] })), left, path, byUser, handCount: played.size };
    const k = path.length;
    const different = [...new Set(left.map((n) => answer(n, k)))];
    if (different.length > 1 || different[0] === null) {
      const options = different.map((a) => ({ answer: a, notations: left.filter((n) => answer(n, k) === a) }));
      return { question: steps[left[0]][k] ? steps[left[0]][k][0] : "", options, left, path, byUser, handCount: played.size };
    }
    path.push(different[0]);
    byUser.push(false);
  }
}

/**
 * What the page says once when the user answered a step (or went back) and another step follows
 * (issue 38: every multi-choice step said, with its count, like the Hearts pass): the answer just
 * given, then the step's number of all and its question — "Chosen: take Candy 9 and Sand 8. Step 2
 * of 3: Which tower top do you demolish?". `steps`: notation → its [question, answer] pairs; `t`
 * the page's translator ({chosen, step}: two messages). Empty when no step is asked (one choice is
 * left: its button plays it).
 */
export function stepLine(step, steps, answered, t) {
  if (!step.question || !step.left.length || !steps || !Array.isArray(steps[step.left[0]])) return "";
  const where = t.step({ number: step.path.length + 1, count: steps[step.left[0]].length, question: step.question });
  return answered ? `${t.chosen({ answer: answered })} ${where}` : where;
}

/** The path after the user answers `answer` at the current step. */
export function choose(step, answer) {
  return { path: [...step.path, answer], byUser: [...step.byUser, true] };
}

/** The path after "back one step": the user's last answer and the steps taken after it by themselves. */
export function back(path, byUser) {
  path = [...path];
  byUser = [...byUser];
  while (byUser.length && !byUser[byUser.length - 1]) { path.pop(); byUser.pop(); }
  path.pop();
  byUser.pop();
  return { path, byUser };
}

/**
 * The picker's buttons for `step`: {id, label, play?: notation, answer?: string, back?: true}.
 * An option that leaves one choice plays it (said whole, `choice(n)`); `backLabel` is the page's word.
 */
export function pickerItems(step, choice, backLabel) {
  const items = [];
  for (const option of step.options) {
    if (option.notations.length === 1) {
      const n = option.notations[0];
      items.push({ id: `play:${n}`, label: choice(n), play: n });
    } else {
      items.push({ id: `step:${step.path.length}:${option.answer}`, label: `${option.answer} …`, answer: option.answer });
    }
  }
  if (step.byUser.includes(true)) items.push({ id: "back", label: backLabel, back: true });
  return items;
}
