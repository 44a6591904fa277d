// The site as an app: registers the service worker (/sw.js, which caches nothing), and at
// a correspondence table offers to tell this phone when it is the player's turn, once they
// have made a move there, never on a first visit (the offer, #push-offer, comes from
// notices/push/templatetags/push.py). A refusal is remembered on this device.
(function () {
  "use strict";
  var supported = "serviceWorker" in navigator && "PushManager" in window
    && "Notification" in window;
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register("/sw.js", {scope: "/"}).catch(function () {});
  }
  var offer = document.getElementById("push-offer");
  if (!offer || !supported) { return; }
  var REFUSED = "taverne.push.refused";
  var status = offer.querySelector(".push-offer__status");

  function refused() {
    try { return window.localStorage.getItem(REFUSED) === "1"; } catch (e) { return false; }
  }
  function refuse() {
    try { window.localStorage.setItem(REFUSED, "1"); } catch (e) { /* private mode */ }
    offer.hidden = true;
  }
  function subscribed() {
    return navigator.serviceWorker.getRegistration("/").then(function (registration) {
      return registration ? registration.pushManager.getSubscription() : null;
    }).catch(function () { return null; });
  }
  function show() {
    if (refused() || Notification.permission === "denied" || !offer.hidden) { return; }
    subscribed().then(function (subscription) {
      if (!subscription) { offer.hidden = false; }
    });
  }
  function key(base64url) {
    var padded = (base64url + "===".slice((base64url.length + 3) % 4))
      .replace(/-/g, "+").replace(/_/g, "/");
    var raw = window.atob(padded);
    var bytes = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { bytes[i] = raw.charCodeAt(i); }
    return bytes;
  }
  function csrfToken() {
    try { return JSON.parse(document.body.getAttribute("hx-headers"))["X-CSRFToken"]; }
    catch (e) { return ""; }
  }

  if (offer.hasAttribute("data-moved")) { show(); }
  // A move sent on this page (any table form but the chat's) is the player's first here.
  document.body.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target;
    if (form && form.classList && form.classList.contains("chat__form")) { return; }
    show();
  });

  offer.querySelector("[data-push-refuse]").addEventListener("click", refuse);
  offer.querySelector("[data-push-accept]").addEventListener("click", function () {
    Notification.requestPermission().then(function (permission) {
      if (permission !== "granted") { refuse(); return null; }
      return navigator.serviceWorker.register("/sw.js", {scope: "/"})
        .then(function () { return navigator.serviceWorker.ready; })
        .then(function (registration) {
          return registration.pushManager.subscribe({
            userVisibleOnly: true, applicationServerKey: key(offer.dataset.key)
          });
        })
        .then(function (subscription) {
          return fetch(offer.dataset.url, {
            method: "POST", credentials: "same-origin",
            headers: {"Content-Type": "application/json", "X-CSRFToken": csrfToken()},
            body: JSON.stringify(subscription.toJSON())
          });
        })
        .then(function (response) {
          if (!response.ok) { throw new Error(String(response.status)); }
          offer.querySelector(".push-offer__buttons").hidden = true;
          status.textContent = offer.dataset.done;
          window.setTimeout(function () { offer.hidden = true; }, 4000);
        });
    }).catch(function () {
      status.textContent = offer.dataset.failed;
    });
  });
})();
