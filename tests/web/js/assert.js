// A tiny assertion helper for the page's unit tests (run in Chromium by tests/web/test_js_units.py).
export function equal(actual, expected, what = "") {
  const a = JSON.stringify(actual);
  const e = JSON.stringify(expected);
  if (a !== e) throw new Error(`${what ? `${what}: ` : ""}expected ${e}, got ${a}`);
}

export function ok(value, what = "") {
  if (!value) throw new Error(`${what || "expected a true value"}, got ${JSON.stringify(value)}`);
}
