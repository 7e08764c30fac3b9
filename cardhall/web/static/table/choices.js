// The choices: the picker's current step as buttons (picker.js decides what they are).
// Buttons are kept by id and updated in place; focus moves only when the user stepped.
import { _, el } from "../common.js";
import { focusFirstChoice, focusLost } from "./focus.js";
import { back, choose, pickerItems, pickerStep, stepLine } from "./picker.js";
import { say } from "./speech.js";

const $ = (id) => document.getElementById(id);

/** The picker's current step for `model`. */
export function currentStep(model) {
  const { path, byUser } = model.local;
  return pickerStep({ legal: model.legal(), hand: model.hand(), steps: model.words().steps, path, byUser });
}

/** Draw the choices on every state and picker change of `model`; `play(notation)` plays one. */
export function showChoices(model, { play }) {
  const draw = () => drawChoices(model, play);
  model.on("state", draw);
  model.on("local", draw);
}

/** The answer the user just gave (null: went back; undefined: no step taken), said once with the next step. */
let answered;

const STEP_WORDS = {
  chosen: (p) => _("Chosen: {answer}.", p),
  step: (p) => _("Step {number} of {count}: {question}", p),
};

function drawChoices(model, play) {
  const box = $("choices");
  const step = currentStep(model);
  if (answered !== undefined) {
    const line = stepLine(step, model.words().steps, answered, STEP_WORDS);
    answered = undefined;
    if (line) say(line);
  }
  const items = pickerItems(step, (n) => model.choice(n), _("Back one step"));
  const act = (item) => () => {
    if (item.play) { play(item.play); return; }
    const next = item.back ? back(step.path, step.byUser) : choose(step, item.answer);
    answered = item.back ? null : item.answer;
    model.update((local) => { local.path = next.path; local.byUser = next.byUser; });
    focusFirstChoice();
  };
  const shown = step.path.filter((a) => a);
  $("picker-path").textContent = shown.length
    ? _("Your choice so far: {path}. Choose the next part:", { path: shown.join(", ") })
      + (step.question ? ` ${step.question}` : "")
    : step.question ? step.question
      : items.length ? _("Your choices:") : model.isMyTurn() && step.handCount ? _("Play a card from your hand.") : "";
  const ids = items.map((x) => x.id);
  const gone = [...box.children].filter((b) => !ids.includes(b.dataset.id));
  const focusAt = focusLost(box, gone);
  gone.forEach((b) => b.remove());
  items.forEach((item, i) => {
    let b = box.querySelector(`button[data-id="${CSS.escape(item.id)}"]`);
    if (!b) b = el("button", { type: "button", "data-id": item.id });
    b.textContent = item.label;
    b.onclick = act(item);
    if (box.children[i] !== b) box.insertBefore(b, box.children[i] || null);
  });
  if (focusAt !== null) {
    const target = box.children[Math.min(focusAt, box.children.length - 1)]
      || (model.isMyTurn() ? $("hand").querySelector("button") : null) || $("play-h");
    if (target === $("play-h")) target.setAttribute("tabindex", "-1");
    target.focus();
  }
}
