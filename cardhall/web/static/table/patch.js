// A delta's patch (RFC 6902 JSON Patch, as the server makes it: docs/room.md "Deltas") applied to
// the state the page holds. The held state is left as it was: every object and list on an
// operation's path is copied once, so a subscriber holding the last state still reads it.

const shallow = (value) => (Array.isArray(value) ? value.slice() : { ...value });
const step = (s) => s.replace(/~1/g, "/").replace(/~0/g, "~");

/** `doc` with `ops` applied, as a new document; throws on an operation the server does not make. */
export function applyPatch(doc, ops) {
  const root = shallow(doc);
  const copied = new Set([root]);
  for (const op of ops) {
    const steps = String(op.path).split("/").slice(1).map(step);
    if (!steps.length || steps.includes("__proto__")) throw new Error(`cannot patch ${op.path}`);
    let parent = root;
    for (const s of steps.slice(0, -1)) {
      const key = Array.isArray(parent) ? Number(s) : s;
      let child = parent[key];
      if (child === null || typeof child !== "object") throw new Error(`nothing at ${op.path}`);
      if (!copied.has(child)) { child = shallow(child); copied.add(child); parent[key] = child; }
      parent = child;
    }
    const last = steps[steps.length - 1];
    if (Array.isArray(parent)) {
      if (op.op === "add" && last === "-") parent.push(op.value);
      else if (op.op === "replace" && /^\d+$/.test(last) && Number(last) < parent.length) parent[Number(last)] = op.value;
      else throw new Error(`cannot ${op.op} ${op.path}`);
    } else if (op.op === "add" || (op.op === "replace" && Object.hasOwn(parent, last))) {
      parent[last] = op.value;
    } else if (op.op === "remove" && Object.hasOwn(parent, last)) {
      delete parent[last];
    } else {
      throw new Error(`cannot ${op.op} ${op.path}`);
    }
  }
  return root;
}
