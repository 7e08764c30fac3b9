// Playing a card by mouse or touch. A click on a hand's card:
//   - plays it when it has one use (the only legal choice naming it);
//   - when it has several (Clash of Decks: the top or the bottom lane, a spell's target), shows
//     them at the card as buttons in words, with Cancel (Escape closes them too);
//   - when the game's presenter says the hand is chosen several cards at once (Hearts passing:
//     `model.presenter.select(view)` → {count, verb}), selects or unselects it; once enough are
//     selected, a Confirm button sends them all at once (in order; the first checked against
//     the version shown, the others follow it), and Undo clears the selection.
// The words come from the model (`choice(notation)`); nothing here names a game.
import { _, el, ngettext } from "../common.js";
import { focusPlace } from "./focus.js";
import { say, saidAhead } from "./speech.js";

const $ = (id) => document.getElementById(id);

/** The legal notations that use `card` (the card itself, or a choice with it as a word). */
export function cardUses(card, legal) {
  return legal.filter((n) => n === card || n.split(" ").includes(card));
}

/**
 * The label of each of a card's `uses` at the card: the choice in words, unless the words only
 * tell the uses apart by saying their notation (Clash's "summon X the top lane: …"); then the
 * words of the tokens where the uses differ ("the top lane", "the bottom lane").
 */
export function useLabels(uses, model) {
  const tokens = uses.map((n) => n.split(" "));
  let common = 0;
  while (tokens.every((t) => t[common] !== undefined && t[common] === tokens[0][common])) common += 1;
  return uses.map((n, i) => {
    const said = model.choice(n);
    const spelt = `${tokens[i].map((t) => model.word(t)).join(" ")}: `;
    if (said !== n && !said.startsWith(spelt)) return said;
    const tail = tokens[i].slice(common).map((t) => model.word(t)).join(" ") || said;
    return tail.charAt(0).toUpperCase() + tail.slice(1);
  });
}

/** The selection mode the presenter asks for now, or null. */
export function selectMode(model) {
  const p = model.presenter;
  if (!p || typeof p.select !== "function" || !model.isMyTurn()) return null;
  const mode = p.select(model.view());
  return mode && mode.count > 0 ? mode : null;
}

/** The card-click behaviour for the page: returns {click(card, button), draw()}. */
export function createUses(model, { play }) {
  const box = el("div", { id: "uses", class: "uses", role: "group", hidden: true });
  const bar = el("div", { id: "select-bar", class: "select-bar", hidden: true },
    el("p", { id: "select-text", class: "select-text" }),
    el("div", { class: "buttons" },
      el("button", { type: "button", id: "select-confirm", onclick: confirm }),
      el("button", { type: "button", id: "select-undo", text: _("Undo"), onclick: undo })));
  $("hand").after(bar);
  $("table-root").append(box);
  const selected = new Set();
  let sent = 0;  // a confirmed selection on its way: the count it was chosen at; clicks wait until it is played
  box.addEventListener("keydown", (e) => {
    if (e.key === "Escape") { e.stopPropagation(); close(true); }
  });
  document.addEventListener("pointerdown", (e) => {
    if (!box.hidden && !box.contains(e.target) && !e.target.closest("#hand")) close(false);
  });

  let opener = null;
  function close(refocus) {
    box.hidden = true;
    box.replaceChildren();
    if (refocus && opener && opener.isConnected) opener.focus();
    opener = null;
  }

  function open(card, button, uses) {
    opener = button;
    box.setAttribute("aria-label", _("Ways to play {card}", { card: model.spoken(card) }));
    const labels = useLabels(uses, model);
    box.replaceChildren(...uses.map((n, i) => el("button", { type: "button", "data-play": n, text: labels[i], title: model.choice(n),
      onclick: () => { close(false); play(n); } })),
    el("button", { type: "button", class: "cancel", text: _("Cancel"), onclick: () => close(true) }));
    box.hidden = false;
    const r = button.getBoundingClientRect();
    const width = Math.min(box.offsetWidth, document.documentElement.clientWidth - 8);
    box.style.left = `${Math.max(4, Math.min(r.left + window.scrollX, window.scrollX + document.documentElement.clientWidth - width - 4))}px`;
    box.style.top = `${Math.max(4, r.top + window.scrollY - box.offsetHeight - 6)}px`;
    box.querySelector("button").focus();
  }

  function confirm() {
    const mode = selectMode(model);
    if (!mode || selected.size !== mode.count) return;
    const legal = model.legal();
    const plays = [...selected].map((card) => cardUses(card, legal).find((x) => x.split(" ")[0] === mode.verb)).filter(Boolean);
    for (const card of selected) saidAhead.add(card);  // each was said with its count: its event is not said again
    selected.clear();
    sent = mode.count;
    const fromBar = bar.contains(document.activeElement);
    plays.forEach((n, i) => play(n, { follows: i > 0 }));
    draw();
    if (fromBar) focusHand();  // the bar hides: focus goes back to the hand, never to the page's body
  }

  function focusHand() {
    const card = $("hand").querySelector("button[data-card]");
    if (card) card.focus(); else focusPlace($("hand-h"));
  }

  function undo() { selected.clear(); draw(); }

  function click(card, button) {
    const mode = selectMode(model);
    if (sent) return true;
    if (mode) {
      const name = model.spoken(card);
      if (selected.has(card)) {
        selected.delete(card);
        say(_("{card} put back: {chosen} of {count}.", { card: name, chosen: selected.size, count: mode.count }));
      } else if (selected.size < mode.count && cardUses(card, model.legal()).length) {
        selected.add(card);
        // each chosen card said with its count (issue 38); the last one says how to confirm
        say(selected.size === mode.count
          ? _("{card}: {chosen} of {count}; Enter confirms.", { card: name, chosen: selected.size, count: mode.count })
          : _("{card}: {chosen} of {count}.", { card: name, chosen: selected.size, count: mode.count }));
      }
      draw();
      // the selection is complete: its next step is Confirm, where focus goes (Undo, or Shift+Tab back to the hand)
      if (selected.size === mode.count && $("hand").contains(document.activeElement)) $("select-confirm").focus();
      return true;
    }
    const uses = cardUses(card, model.legal());
    if (uses.length === 1) { play(uses[0]); return true; }
    if (uses.length > 1) { open(card, button, uses); return true; }
    return false;
  }

  /** Mark the selected cards and show the Confirm / Undo bar while selecting. */
  function draw() {
    const mode = selectMode(model);
    if (!mode) selected.clear();
    for (const b of $("hand").querySelectorAll("button[data-card]")) {
      const on = selected.has(b.dataset.card);
      b.classList.toggle("selected", on);
      if (mode) b.setAttribute("aria-pressed", on ? "true" : "false");
      else b.removeAttribute("aria-pressed");
    }
    $("hand").dataset.sending = sent ? "1" : "";  // a confirmed selection still on its way (tests wait for it)
    bar.hidden = !mode || Boolean(sent);
    if (bar.hidden) return;
    $("select-text").textContent = ngettext("Choose {count} card, then confirm.", "Choose {count} cards, then confirm.", mode.count)
      + " " + _("Chosen: {chosen} of {count}.", { chosen: selected.size, count: mode.count });
    const ok = $("select-confirm");
    ok.textContent = mode.confirm || _("Confirm");
    ok.setAttribute("aria-disabled", selected.size === mode.count ? "false" : "true");
    $("select-undo").setAttribute("aria-disabled", selected.size ? "false" : "true");
  }

  model.on("state", () => {
    close(false);
    const mode = selectMode(model);
    if (!mode || mode.count >= sent) sent = 0;
    draw();
  });
  model.on("error", () => { sent = 0; draw(); });
  return { click, draw };
}
