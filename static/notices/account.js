// The account stream (docs/protocol.md, "The account stream"): every page of a signed-in
// player keeps /ws/account/ open and hands each event to the page as
//   document.dispatchEvent(new CustomEvent("taverne:account", {detail: event}))
// so that any htmx fragment refreshes itself with hx-trigger="taverne:account from:document"
// (the header's bell and « À vous de jouer » count: templates/notices/_counters.html).
// It reconnects by itself, a little later each time; events missed meanwhile are read
// back by one synthetic "reconnected" event (the fragments fetch their state again).
(function () {
  "use strict";
  if (!("WebSocket" in window)) { return; }
  var root = document.documentElement;
  var failures = 0;
  var opened = false;

  function announce(event) {
    document.dispatchEvent(new CustomEvent("taverne:account", { detail: event }));
  }

  function connect() {
    var scheme = location.protocol === "https:" ? "wss://" : "ws://";
    var socket = new WebSocket(scheme + location.host + "/ws/account/?lang=" + (root.lang || ""));
    var retryAfter = null;
    socket.addEventListener("message", function (message) {
      var event;
      try { event = JSON.parse(message.data); } catch (e) { return; }
      if (!event || typeof event.type !== "string") { return; }
      if (event.type === "ready") {
        failures = 0;
        root.setAttribute("data-account-stream", "open");
        if (opened) { announce({ type: "reconnected" }); }
        opened = true;
        return;
      }
      if (event.type === "error") {
        if (typeof event.retry_after === "number") { retryAfter = event.retry_after; }
        return;
      }
      if (event.type === "pong") { return; }
      announce(event);
    });
    socket.addEventListener("close", function (close) {
      root.setAttribute("data-account-stream", "closed");
      if (close.code === 4401 || close.code === 4403) { return; }  // signed out: nothing to hear
      failures += 1;
      // 4503 (a service down as it opened), 4429 (too many sockets) or the network: again
      // later, up to half a minute apart, spread so that a restart is not a stampede.
      var wait = retryAfter !== null ? retryAfter : Math.min(30, 2 * failures);
      setTimeout(connect, wait * 1000 * (0.75 + Math.random() / 2));
    });
  }

  connect();
})();
