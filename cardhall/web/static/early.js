// Loaded first, as a classic script, on every page. A form that the page's scripts have not yet
// taken (they mark it data-ready) would otherwise be sent the browser's own way: the page reloads
// with the fields in its address and the person's request is lost. Until then a submission is
// kept here; `onSubmit` in common.js sends it again the moment the script takes the form.
// A form marked data-native (the language picker) may go the browser's way: its server answers it.
"use strict";
window.cardhallEarly = new Map();
document.addEventListener("submit", (e) => {
  const form = e.target;
  if (!(form instanceof HTMLFormElement) || form.dataset.ready || form.dataset.native !== undefined) return;
  e.preventDefault();
  window.cardhallEarly.set(form, e.submitter || null);
}, true);
