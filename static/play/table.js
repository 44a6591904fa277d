/*
 * The table page's few behaviours htmx cannot give: the move clock, the bet slider's
 * live value, assembling template actions before they go over the socket, clearing the
 * chat box after sending, and the archive's arrow keys. Everything works without it.
 */
(function () {
  "use strict";
  if (window.taverneTable) { return; }  // a boosted page swap may load us twice
  window.taverneTable = true;

  var lang = (document.documentElement.lang || "fr").slice(0, 2);

  function remainingText(seconds) {
    seconds = Math.max(0, Math.floor(seconds));
    var days = Math.floor(seconds / 86400);
    var hours = Math.floor((seconds % 86400) / 3600);
    var minutes = Math.floor((seconds % 3600) / 60);
    var secs = seconds % 60;
    if (days) { return days + (lang === "en" ? " d " : " j ") + hours + " h"; }
    if (hours) { return hours + " h " + String(minutes).padStart(2, "0"); }
    return minutes + ":" + String(secs).padStart(2, "0");
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll("[data-deadline]").forEach(function (el) {
      var end = Date.parse(el.getAttribute("data-deadline"));
      if (!isNaN(end)) {
        var left = (end - now) / 1000;
        el.textContent = remainingText(left);
        el.classList.toggle("countdown--urgent", left < 10);
      }
    });
  }
  setInterval(tick, 1000);
  tick();

  // The slider mirrors the number box (the box is the labelled, submitted field).
  document.addEventListener("input", function (event) {
    var el = event.target;
    if (el.matches && el.matches("[data-amount-for]")) {
      var box = document.getElementById(el.getAttribute("data-amount-for"));
      if (box) { box.value = el.value; }
    } else if (el.matches && el.matches(".amount-form__number")) {
      var slider = el.form && el.form.querySelector("[data-amount-for]");
      if (slider) { slider.value = el.value; }
    }
  });

  // Template actions (an amount, chosen cards) become one action_json, as the server's
  // no-JavaScript path builds it (play/forms.py: action_from_post).
  document.body.addEventListener("htmx:wsConfigSend", function (event) {
    var p = event.detail.parameters;
    if (p.action_base && !p.action_json) {
      var action;
      try { action = JSON.parse(p.action_base); } catch (e) { return; }
      if (p.amount !== undefined) { action.amount = parseInt(p.amount, 10); }
      if (p.choose) {
        var cards = p.cards === undefined ? [] : p.cards;
        action.cards = Array.isArray(cards) ? cards : [cards];
      }
      p.action_json = JSON.stringify(action);
      delete p.action_base; delete p.amount; delete p.cards; delete p.choose;
    }
    if (p.version !== undefined) { p.version = parseInt(p.version, 10); }
    delete p.csrfmiddlewaretoken;
    var error = document.getElementById("table-error");
    if (error) { error.textContent = ""; }
  });

  document.body.addEventListener("htmx:wsAfterSend", function (event) {
    var form = event.target;
    if (form && form.classList && form.classList.contains("chat__form")) { form.reset(); }
  });

  document.body.addEventListener("htmx:wsOpen", function () {
    document.documentElement.classList.add("live");
  });
  document.body.addEventListener("htmx:wsClose", function () {
    document.documentElement.classList.remove("live");
  });

  // Archive: ← and → step through the game.
  document.addEventListener("keydown", function (event) {
    if (!document.querySelector("[data-replay]")) { return; }
    var target = event.target;
    if (target && (target.tagName === "INPUT" || target.tagName === "TEXTAREA")) { return; }
    var link = null;
    if (event.key === "ArrowLeft") { link = document.querySelector("[data-replay-prev]"); }
    if (event.key === "ArrowRight") { link = document.querySelector("[data-replay-next]"); }
    if (link) { window.location.href = link.href; }
  });
})();
