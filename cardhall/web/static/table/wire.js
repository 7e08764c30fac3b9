// The wire: one WebSocket to the table (protocol v1 with `?words=1&delta=1`), reopened with backoff.
//
// Each connection asks for what happened after the model's version (`since`): the server sends
// it with the first state, in one step, so no later change can come between. Messages go to
// the model in order; the model decides what is new. Each state after the first comes as a
// delta of the last (`delta=1`); when the model finds one that does not follow its state (a gap),
// the wire asks for the whole state with a `sync` from the model's version.

export const NO_TABLE_CODE = 4404;  // no such table (any more): retrying cannot help

/**
 * Connect `model` to table `tableId` (`query`: "" or "?invite=…"). `on.open()` is called when a
 * connection opens, `on.lost()` when one drops (before the retry), `on.gone()` when the table
 * does not exist.
 * Returns {send(msg) → bool, close()}.
 */
export function connectWire(model, tableId, query, on = {}) {
  let socket = null;
  let retry = 500;
  let closed = false;

  function open() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const since = model.connecting();
    const params = new URLSearchParams(query);
    params.set("words", "1");
    params.set("delta", "1");
    if (since > 0) params.set("since", String(since));
    socket = new WebSocket(`${proto}//${location.host}/ws/tables/${encodeURIComponent(tableId)}?${params}`);
    socket.addEventListener("open", () => { retry = 500; if (on.open) on.open(); });
    socket.addEventListener("message", (e) => {
      let msg;
      try { msg = JSON.parse(e.data); } catch { return; }
      if (model.receive(msg) === "gap" && socket.readyState === WebSocket.OPEN) {
        socket.send(JSON.stringify({ type: "sync", since: model.version }));
      }
    });
    socket.addEventListener("close", (e) => {
      if (closed) return;
      if (e.code === NO_TABLE_CODE) { if (on.gone) on.gone(); return; }
      if (on.lost) on.lost();
      setTimeout(open, retry);
      retry = Math.min(retry * 2, 8000);
    });
  }

  open();
  return {
    send(msg) {
      if (!socket || socket.readyState !== WebSocket.OPEN) return false;
      socket.send(JSON.stringify(msg));
      return true;
    },
    close() { closed = true; if (socket) socket.close(); },
  };
}
