// "Today's duplicate" in the lobby (templates/daily.html): per game, today's daily event with
// your progress, and yesterday's with your result, each a link to the event's page.
import { _, api, el, ngettext } from "./common.js";

const $ = (id) => document.getElementById(id);

function todayItem(e) {
  const progress = e.played
    ? ngettext("{count} of {boards} board played, {percent} % so far", "{count} of {boards} boards played, {percent} % so far",
      e.played, { boards: e.boards, percent: e.percent === null ? "—" : e.percent })
    : ngettext("{count} board, not played yet", "{count} boards, not played yet", e.boards);
  return el("li", {}, el("a", { href: `/events/${encodeURIComponent(e.id)}`, text: e.title }), `: ${progress}`);
}

function yesterdayItem(e) {
  const result = e.percent === null ? _("you did not play")
    : _("you made {percent} %, place {rank} of {count}", { percent: e.percent, rank: e.rank, count: e.entries });
  return el("li", {}, el("a", { href: `/events/${encodeURIComponent(e.id)}`, text: e.title }), `: ${result}`);
}

async function load() {
  if (!$("daily")) return;
  const daily = await api("/api/events/daily").catch(() => null);
  if (!daily) return;
  const title = (e) => ({ ...e, title: e.game_title || e.game });
  $("daily-today").replaceChildren(...daily.today.map((e) => todayItem(title(e))));
  $("daily-yesterday").replaceChildren(...daily.yesterday.map((e) => yesterdayItem(title(e))));
  $("daily-yesterday-h").hidden = daily.yesterday.length === 0;
}

load();
