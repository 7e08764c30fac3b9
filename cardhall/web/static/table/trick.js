// Parts of a trick-taking game's picture, for the games' presenters to build with (each game's
// presenter, cardhall/games/<game>/web/presenter.js, says which facts its panel adds): the
// card table (felt.js: the seats around it and the trick as card faces, aria-hidden: the words
// say it), and the panel, a labelled region with trump, the led suit and each seat's scores
// in plain text.
import { _, el, suit } from "../common.js";
import { createFelt, plateLines } from "./felt.js";

/** A suit letter as a symbol and a word (null for none). */
export function suitText(letter) {
  const s = suit(letter);
  return s ? el("span", { class: `suit-${letter}` }, el("span", { "aria-hidden": "true", text: `${s.symbol} ` }), s.word) : null;
}

/** The cards of the trick with who played each: the view lists them as cards from the leader
 * on, or as [seat, card] pairs. */
export function trickCards(view, seats) {
  const raw = Array.isArray(view.trick) ? view.trick : [];
  return raw.map((item, i) => (Array.isArray(item) ? { seat: item[0], card: item[1] }
    : { seat: typeof view.leader === "number" ? (view.leader + i) % seats : null, card: item }))
    .filter((p) => typeof p.card === "string");
}

/** The led suit: the view's own, or the first card of the trick. */
export function ledSuit(view) {
  if (typeof view.led === "string" || view.led === null) return view.led;
  const first = trickCards(view, 1)[0];
  return first ? first.card.slice(-1) : null;
}

/** Tricks won per seat: counted by the view, or from the deal's tricks and their winners. */
export function tricksWon(view, n) {
  if (Array.isArray(view.tricks_won)) return view.tricks_won;
  if (!Array.isArray(view.tricks)) return null;
  const won = Array(n).fill(0);
  for (const t of view.tricks) if (t && typeof t.winner === "number" && t.winner < n) won[t.winner] += 1;
  return won;
}

/** The facts every trick game's panel says: trump (or none in this game) and the led suit, each
 * suit said by `say` (a game whose faces name the suits otherwise passes its own). */
export function trickFacts(view, title, say = suitText) {
  const facts = [[_("Trump"), "trump" in view ? say(view.trump) || _("not chosen yet") : _("none in {game}", { game: title })]];
  if (view.phase === "play" || (Array.isArray(view.trick) && view.trick.length)) {
    facts.push([_("Led suit"), say(ledSuit(view)) || _("none yet")]);
  }
  return facts;
}

/** The score columns the view holds, [header, values, kind]: contracts, tricks won, this
 * deal's points, the total. */
export function scoreColumns(view, n, total = _("Total")) {
  const cols = [];
  const list = (xs) => (Array.isArray(xs) && xs.length === n ? xs : null);
  if (list(view.contracts)) cols.push([_("Contract (tricks)"), view.contracts, "contract"]);
  const won = list(tricksWon(view, n));
  if (won) cols.push([_("Tricks won"), won, "tricks"]);
  const deal = list(view.deal_points) || list(view.taken_points);
  if (deal) cols.push([_("Points this deal"), deal, "deal"]);
  if (list(view.scores)) cols.push([total, view.scores, "points"]);
  return cols;
}

/**
 * A trick game's presenter: `facts(view, model)` adds the game's own facts to the panel,
 * `total` names the score column, `suit` says a suit letter in the panel (suitText unless given).
 * Returns the presenter (`attach(root, model)`).
 */
export function trickPresenter({ facts = () => [], total, suit: say = suitText } = {}) {
  return function attach(root, model) {
    const panel = el("section", { id: "panel", class: "panel", "aria-labelledby": "panel-h" },
      el("h3", { id: "panel-h", text: _("Trump, led suit and scores") }),
      el("dl", { id: "panel-facts", class: "facts" }), el("table", { id: "panel-scores", class: "scores" }));
    const felt = createFelt(root, model, { stats: (view, n) => plateLines(scoreColumns(view, n), n) });
    root.append(panel);
    model.on("state", () => {
      const view = model.view();
      panel.hidden = model.state.status === "waiting";
      felt.draw();
      if (!panel.hidden) drawPanel(panel, view, model, [...trickFacts(view, model.words().title, say), ...facts(view, model)], total);
    });
  };
}

function drawPanel(panel, view, model, facts, total) {
  const names = model.words().seats;
  const me = model.seat();
  const cols = scoreColumns(view, names.length, total);
  const sig = JSON.stringify([facts.map(([k, v]) => [k, typeof v === "string" ? v : v.textContent]), cols, me, names]);
  if (panel.dataset.sig === sig) return;
  panel.dataset.sig = sig;
  panel.querySelector(".facts").replaceChildren(...facts.map(([k, v]) => el("div", {}, el("dt", { text: k }), el("dd", {}, v))));
  const head = el("tr", {}, el("th", { scope: "col", text: _("Seat") }), ...cols.map(([h]) => el("th", { scope: "col", text: h })));
  const rows = names.map((name, i) => el("tr", { class: i === me ? "you" : "" },
    el("th", { scope: "row" }, name, ...(i === me ? [" ", el("strong", { text: _("(you)") })] : [])),
    ...cols.map(([, xs]) => el("td", { text: String(xs[i]) }))));
  const scores = panel.querySelector(".scores");
  scores.replaceChildren(el("thead", {}, head), el("tbody", {}, ...rows));
  scores.hidden = !cols.length;
}
