// Taverne's service worker (notices/push/views.py serves it at /sw.js, scope "/").
// It shows a push as a notification and, on a click, focuses the table's page or opens
// it. It caches nothing: every page holds a player's private state (their hand, their
// games), so none is ever kept on the device; the site needs the network to play.
"use strict";

self.addEventListener("install", function () { self.skipWaiting(); });
self.addEventListener("activate", function (event) { event.waitUntil(self.clients.claim()); });

self.addEventListener("push", function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {}; }
  event.waitUntil(self.registration.showNotification(data.title || "Taverne", {
    body: data.body || "",
    icon: "{{ icon }}",
    badge: "{{ icon }}",
    tag: data.tag || "taverne",
    renotify: true,
    data: {url: data.url || "/"}
  }));
});

// Only our own pages are opened: a link of another origin falls back to the home page.
function ownUrl(url) {
  try {
    var parsed = new URL(url, self.location.origin);
    return parsed.origin === self.location.origin ? parsed.href : self.location.origin + "/";
  } catch (e) {
    return self.location.origin + "/";
  }
}

self.addEventListener("notificationclick", function (event) {
  event.notification.close();
  var url = ownUrl(event.notification.data && event.notification.data.url);
  event.waitUntil(self.clients.matchAll({type: "window", includeUncontrolled: true})
    .then(function (windows) {
      for (var i = 0; i < windows.length; i++) {
        if (windows[i].url === url && "focus" in windows[i]) { return windows[i].focus(); }
      }
      for (var j = 0; j < windows.length; j++) {
        if ("navigate" in windows[j]) {
          return windows[j].navigate(url).then(function (client) {
            return client ? client.focus() : self.clients.openWindow(url);
          });
        }
      }
      return self.clients.openWindow(url);
    }));
});
