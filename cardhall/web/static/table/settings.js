// The page's settings, kept in this browser (localStorage): single-key shortcuts on, focus to
// the choices when the turn comes, the four-colour deck, the keys remapped, speaking through the
// browser's speech synthesis, the sounds (all on/off; each kind's on/off and volume), and how
// long a finished trick stays on the table (ms; 0: it goes at once).
const KEY = "cardhall.settings";

export const settings = Object.assign({ keys: true, focus: false, four: false, speech: false, map: {},
  sounds: { on: true, kinds: {} }, hold: 1000 },
  (() => { try { return JSON.parse(localStorage.getItem(KEY)) || {}; } catch { return {}; } })());

export function saveSettings() { localStorage.setItem(KEY, JSON.stringify(settings)); }
