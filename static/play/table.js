/*
 * The table page's few behaviours htmx cannot give: the move clock, the bet slider's
 * live value, assembling template actions before they go over the socket, clearing the
 * chat box after sending, the log told to screen readers, the keyboard focus kept in the
 * hand across frames, and the archive's arrow keys. Everything works without it.
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
    var echo = el.form && el.form.querySelector(".amount-form__echo");
    if (echo) { echo.textContent = el.value; }
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
  // A socket refused because PostgreSQL or Redis was down as it opened closes with 4503
  // (docs/protocol.md): htmx's extension reconnects by itself only after 1006 and 1011-1013,
  // codes daphne cannot send, so the page opens it again, a little later each time.
  var refusedInARow = 0;
  document.body.addEventListener("htmx:wsOpen", function () { refusedInARow = 0; });
  document.body.addEventListener("htmx:wsClose", function (event) {
    document.documentElement.classList.remove("live");
    var detail = event.detail || {};
    if (!detail.event || detail.event.code !== 4503 || !detail.socketWrapper) { return; }
    refusedInARow += 1;
    var wait = Math.min(30, 2 * refusedInARow) * 1000 * (0.75 + Math.random() / 2);
    setTimeout(function () { detail.socketWrapper.reconnect(); }, wait);
  });

  // Remigio: the player may regroup the cards of their hand into melds of their own. The
  // arrangement lives in the page (sessionStorage, per table) and is laid again over the
  // solver's proposition each time the socket redraws the hand; the server only ever
  // hears of the card discarded.
  function arrangeKey(root) { return "taverne-arrange-" + root.getAttribute("data-table"); }
  function loadArrangement(root) {
    try {
      var saved = JSON.parse(sessionStorage.getItem(arrangeKey(root)) || "{}");
      return { mode: !!saved.mode, groups: saved.groups || [], selected: saved.selected || [] };
    } catch (e) { return { mode: false, groups: [], selected: [] }; }
  }
  function saveArrangement(root, st) {
    try { sessionStorage.setItem(arrangeKey(root), JSON.stringify(st)); } catch (e) { /* private mode */ }
  }
  var pristine = null;  // the solver's layout as the server drew it

  function layArrangement(fresh) {
    var root = document.querySelector("[data-melds]");
    var tools = document.querySelector("[data-arrange-tools]");
    if (!root) { return; }
    if (tools) { tools.hidden = false; }
    if (fresh || !pristine) { pristine = root.cloneNode(true); }
    var st = loadArrangement(root);
    var items = {};
    root.querySelectorAll("[data-card]").forEach(function (li) { items[li.getAttribute("data-card")] = li; });
    st.groups = st.groups.map(function (g) { return g.filter(function (c) { return items[c]; }); })
      .filter(function (g) { return g.length; });
    st.selected = st.selected.filter(function (c) { return items[c]; });
    st.groups.slice().reverse().forEach(function (group) {
      var ul = document.createElement("ul");
      ul.className = "card-row meld meld--mine";
      ul.setAttribute("data-group", "mine");
      group.forEach(function (code) { ul.appendChild(items[code]); });
      root.insertBefore(ul, root.firstChild);
    });
    root.querySelectorAll("[data-group]").forEach(function (ul) {
      if (!ul.children.length) { ul.remove(); }
    });
    root.querySelectorAll("[data-card]").forEach(function (li) {
      li.classList.toggle("meld__card--selected", st.selected.indexOf(li.getAttribute("data-card")) >= 0);
    });
    root.classList.toggle("melds--arranging", st.mode);
    var mode = document.querySelector("[data-arrange-mode]");
    if (mode) { mode.checked = st.mode; }
    saveArrangement(root, st);
  }

  document.addEventListener("click", function (event) {
    var root = document.querySelector("[data-melds]");
    if (!root) { return; }
    var target = event.target;
    if (target.closest("[data-arrange-group]")) {
      var st = loadArrangement(root);
      if (st.selected.length) {
        st.groups = st.groups.map(function (g) {
          return g.filter(function (c) { return st.selected.indexOf(c) < 0; });
        });
        st.groups.push(st.selected);
        st.selected = [];
        saveArrangement(root, st);
        restorePristine(root);
      }
      return;
    }
    if (target.closest("[data-arrange-reset]")) {
      var cleared = loadArrangement(root);
      cleared.groups = []; cleared.selected = [];
      saveArrangement(root, cleared);
      restorePristine(root);
      return;
    }
    var li = target.closest("[data-melds] [data-card]");
    if (!li || target.closest(".close-button")) { return; }
    var state = loadArrangement(root);
    if (!state.mode) { return; }
    // Arranging: a touch picks the card instead of discarding it.
    event.preventDefault();
    event.stopPropagation();
    var code = li.getAttribute("data-card");
    var at = state.selected.indexOf(code);
    if (at >= 0) { state.selected.splice(at, 1); } else { state.selected.push(code); }
    saveArrangement(root, state);
    li.classList.toggle("meld__card--selected", at < 0);
  }, true);

  function restorePristine(root) {
    if (pristine) {
      var copy = pristine.cloneNode(true);
      root.replaceWith(copy);
    }
    layArrangement(false);
  }

  document.addEventListener("change", function (event) {
    if (!event.target.matches || !event.target.matches("[data-arrange-mode]")) { return; }
    var root = document.querySelector("[data-melds]");
    if (!root) { return; }
    var st = loadArrangement(root);
    st.mode = event.target.checked;
    if (!st.mode) { st.selected = []; }
    saveArrangement(root, st);
    layArrangement(false);
  });

  document.body.addEventListener("htmx:wsAfterMessage", function () {
    var root = document.querySelector("[data-melds]");
    if (root && !root.hasAttribute("data-laid")) {
      root.setAttribute("data-laid", "");
      layArrangement(true);
    }
  });
  var firstRoot = document.querySelector("[data-melds]");
  if (firstRoot) { firstRoot.setAttribute("data-laid", ""); layArrangement(true); }

  // The game log, told to screen readers: each frame replaces the log, so the lines it
  // brings are copied into a live region that stays (#log-announcer, polite).
  function logLines() {
    return Array.prototype.map.call(
      document.querySelectorAll("#game-log .game-log__list li"),
      function (li) { return li.textContent.trim(); }
    );  // newest first
  }
  var seenLines = logLines();
  function announceNewLines() {
    var lines = logLines();
    var announcer = document.getElementById("log-announcer");
    if (!announcer) { seenLines = lines; return; }
    var fresh = lines;
    if (seenLines.length) {
      var probe = seenLines.slice(0, 3);
      for (var k = 0; k < lines.length; k++) {
        var same = probe.every(function (line, i) { return lines[k + i] === line; });
        if (same) { fresh = lines.slice(0, k); break; }
      }
    }
    seenLines = lines;
    if (fresh.length && fresh.length <= 6) {
      announcer.textContent = fresh.slice().reverse().join(" ");
    }
  }

  // Motion and sounds. A frame replaces the whole board, so what moved is found by
  // comparing it with the page just before: cards new in the hand are dealt in, the seat
  // that just played flashes, the pot that grew pulses (play.css animates the classes,
  // and not at all under prefers-reduced-motion). Counters for the browser tests.
  var motion = window.taverneMotion = { dealt: 0, played: 0, pot: 0, sounds: 0 };
  function handCodes() {
    return Array.prototype.map.call(
      document.querySelectorAll("#my-hand .playing-card[aria-label]"),
      function (svg) { return svg.getAttribute("aria-label"); }
    );
  }
  function actorName() {
    var seat = document.querySelector("#table-board .seat--actor .seat__name");
    return seat ? seat.textContent : null;
  }
  function potText() {
    var pot = document.querySelector("#table-board .felt__pot, #table-board .felt__pots");
    return pot ? pot.textContent.trim() : null;
  }
  var before = null;

  var audio = null;
  function soundsOn() {
    var page = document.querySelector(".table-page");
    return !!page && page.getAttribute("data-sounds") === "on";
  }
  function beep(notes) {
    if (!soundsOn() || !window.AudioContext) { return; }
    audio = audio || new window.AudioContext();
    if (audio.state === "suspended") { audio.resume(); }
    var start = audio.currentTime;
    notes.forEach(function (note) {
      var osc = audio.createOscillator();
      var gain = audio.createGain();
      osc.frequency.value = note[0];
      gain.gain.setValueAtTime(0.001, start + note[1]);
      gain.gain.exponentialRampToValueAtTime(0.15, start + note[1] + 0.01);
      gain.gain.exponentialRampToValueAtTime(0.001, start + note[1] + note[2]);
      osc.connect(gain).connect(audio.destination);
      osc.start(start + note[1]);
      osc.stop(start + note[1] + note[2] + 0.02);
    });
    motion.sounds += 1;
  }
  // Browsers start sound only after a gesture on the page: the first one wakes it.
  ["pointerdown", "keydown"].forEach(function (kind) {
    document.addEventListener(kind, function () {
      if (soundsOn() && window.AudioContext && !audio) { audio = new window.AudioContext(); }
    }, { once: true });
  });

  // Something flies from one place of the table to another (chips to the pot, the pot
  // to a winner, a finished trick to the seat that took it): a fixed element whose
  // start and travel are CSS custom properties (the CSSOM is not an inline style, so
  // the CSP allows it), animated by play.css, removed when it lands.
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)");
  function centre(el) {
    var r = el.getBoundingClientRect();
    return { x: r.left + r.width / 2, y: r.top + r.height / 2 };
  }
  function fly(from, to, className, node) {
    if (still && still.matches) { return false; }
    var a = centre(from), b = centre(to);
    var el = node || document.createElement("span");
    el.classList.add("motion-fly", className);
    el.setAttribute("aria-hidden", "true");
    el.style.setProperty("--from-x", a.x + "px");
    el.style.setProperty("--from-y", a.y + "px");
    el.style.setProperty("--dx", (b.x - a.x) + "px");
    el.style.setProperty("--dy", (b.y - a.y) + "px");
    document.body.appendChild(el);
    var done = function () { if (el.parentNode) { el.parentNode.removeChild(el); } };
    el.addEventListener("animationend", done);
    setTimeout(done, 1500);
    return true;
  }
  function seatsNow() {
    var seats = {};
    document.querySelectorAll("#table-board [data-seat]").forEach(function (seat) {
      seats[seat.getAttribute("data-seat")] = {
        bet: parseInt(seat.getAttribute("data-bet"), 10) || 0,
        stack: parseInt(seat.getAttribute("data-stack"), 10) || 0,
      };
    });
    return seats;
  }
  function pastTrick() {
    var past = document.querySelector("#table-board .felt .trick--past[data-winner]");
    return past ? past.textContent.replace(/\s+/g, " ") : null;
  }

  document.body.addEventListener("htmx:wsBeforeMessage", function () {
    before = { hand: handCodes(), actor: actorName(), pot: potText(),
               mine: !!document.querySelector("#turn.turn--mine"),
               seats: seatsNow(), past: pastTrick() };
  });
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    if (!before) { return; }
    var pot = document.querySelector("#table-board .felt__pot, #table-board .felt__pots");
    var now = seatsNow();
    Object.keys(now).forEach(function (seat) {
      var was = before.seats[seat];
      var el = document.querySelector('#table-board [data-seat="' + seat + '"]');
      if (!was || !el || !pot) { return; }
      if (now[seat].bet > was.bet) {  // a bet: chips from the seat to the pot
        if (fly(el, pot, "motion-chip")) { motion.chips = (motion.chips || 0) + 1; }
      } else if (now[seat].stack > was.stack && now[seat].bet <= was.bet) {
        if (fly(pot, el, "motion-chip")) { motion.chips = (motion.chips || 0) + 1; }
      }
    });
    var past = document.querySelector("#table-board .felt .trick--past[data-winner]");
    if (past && pastTrick() !== before.past) {  // a trick just taken: to its winner
      var winner = document.querySelector(
        '#table-board [data-seat="' + past.getAttribute("data-winner") + '"]');
      if (winner && fly(past, winner, "motion-trick", past.cloneNode(true))) {
        motion.gathered = (motion.gathered || 0) + 1;
      }
    }
  });
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    if (!before) { return; }
    var had = {};
    before.hand.forEach(function (code) { had[code] = true; });
    var dealt = 0;
    document.querySelectorAll("#my-hand .playing-card[aria-label]").forEach(function (svg) {
      if (before.hand.length && !had[svg.getAttribute("aria-label")]) {
        var item = svg.closest(".card-row__item, .meld__card") || svg;
        item.classList.add("motion-dealt");
        dealt += 1;
      }
    });
    if (dealt) { motion.dealt += 1; }
    var actor = actorName();
    if (before.actor && before.actor !== actor) {
      document.querySelectorAll("#table-board .seat__name").forEach(function (name) {
        if (name.textContent === before.actor) {
          name.closest(".seat").classList.add("motion-played");
          motion.played += 1;
        }
      });
      beep([[660, 0, 0.06]]);  // a card or a word from the seat that just played
    }
    var pot = potText();
    if (before.pot !== null && pot !== null && pot !== before.pot) {
      var box = document.querySelector("#table-board .felt__pot, #table-board .felt__pots");
      if (box) { box.classList.add("motion-pot"); motion.pot += 1; }
    }
    var mine = !!document.querySelector("#turn.turn--mine");
    if (mine && !before.mine) { beep([[523, 0, 0.12], [784, 0.13, 0.18]]); }  // your turn
    before = null;
  });

  // A frame replaces the hand and the buttons: a keyboard player's focus would fall back
  // to the top of the page. It goes back to the first button, else to the hand.
  var focusWasInPlay = false;
  document.body.addEventListener("htmx:wsBeforeMessage", function () {
    var active = document.activeElement;
    focusWasInPlay = !!(active && active.closest && active.closest("#my-hand, #actions"));
  });
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    announceNewLines();
    var active = document.activeElement;
    if (focusWasInPlay && (!active || active === document.body || !active.isConnected)) {
      var target = document.querySelector(
        "#actions button[name=action_json]:enabled, #my-hand button[name=action_json]:enabled"
      ) || document.getElementById("my-hand");
      if (target) { target.focus({ preventScroll: true }); }
    }
  });

  // The menu of the ways out of the game and its confirmations are popovers the socket's
  // frames draw again (#table-exits): the one open, the innermost, stays open, with the
  // keyboard's focus in it.
  var openPopover = null;
  document.body.addEventListener("htmx:wsBeforeMessage", function () {
    var open = [];
    try { open = document.querySelectorAll("#table-exits [popover]:popover-open"); } catch (e) { /* no popovers here */ }
    var last = open.length ? open[open.length - 1] : null;
    var active = document.activeElement;
    openPopover = last ? { id: last.id, focus: !!(active && last.contains(active)) } : null;
  });
  document.body.addEventListener("htmx:wsAfterMessage", function () {
    if (!openPopover) { return; }
    var el = document.getElementById(openPopover.id);
    if (el && el.showPopover && !el.matches(":popover-open")) {
      el.showPopover();
      var first = openPopover.focus && el.querySelector("button");
      if (first) { first.focus({ preventScroll: true }); }
    }
    openPopover = null;
  });

  // On a phone the log, the scores and the chat fold into drawers under the table, so
  // that the page stays on the game; a wide screen keeps them open beside it.
  if (window.matchMedia && window.matchMedia("(max-width: 47.99rem)").matches) {
    document.querySelectorAll("[data-drawer]").forEach(function (drawer) {
      drawer.open = false;
    });
  }

  // « Conseil »: the maître's sentence (#advice) outlives the socket's redraws of the
  // buttons at the same position (hx-preserve), and goes once the game moved past the
  // version it answered: checked at each frame, and when an answer arrives (the player
  // may have moved while the maître thought).
  function dropStaleAdvice() {
    var advice = document.getElementById("advice");
    if (!advice) { return; }
    var answer = advice.querySelector("[data-advice-version]");
    var form = advice.closest("form");
    var version = form && form.querySelector("input[name=version]");
    if (answer && version && answer.getAttribute("data-advice-version") !== version.value) {
      advice.textContent = "";
    }
  }
  document.body.addEventListener("htmx:wsAfterMessage", dropStaleAdvice);
  document.body.addEventListener("htmx:afterSwap", function (event) {
    if (event.target && event.target.id === "advice") { dropStaleAdvice(); }
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

/*
 * Clarity at the table. Disclosures the player opens or closes keep that state when the
 * socket draws the board again (the last trick beside the trick in play, the deal just
 * ended): a <details data-remember="key"> takes the state last chosen for its key on this
 * page. Without JavaScript the page is only drawn again on reload, as the server opens
 * them. And Escape closes a game term's definition.
 */
(function () {
  "use strict";
  if (window.taverneClarity) { return; }
  window.taverneClarity = true;

  var chosen = {};  // key -> open, as the player left it

  // "toggle" does not bubble: listen as it goes down.
  document.addEventListener("toggle", function (event) {
    var el = event.target;
    if (el.matches && el.matches("details[data-remember]")) {
      chosen[el.getAttribute("data-remember")] = el.open;
    }
  }, true);

  // Escape closes a game term's definition shown on hover or focus (WCAG 1.4.13, as on
  // the rules pages); the definitions work without this.
  var DISMISSED = "table-term--dismissed";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") { return; }
    document.querySelectorAll(".table-term:hover, .table-term:focus-within").forEach(
      function (term) { term.classList.add(DISMISSED); });
  });
  function undismiss(event) {
    var term = event.target.closest && event.target.closest(".table-term");
    if (term) { term.classList.remove(DISMISSED); }
  }
  document.addEventListener("mouseout", undismiss);
  document.addEventListener("focusout", undismiss);

  document.body.addEventListener("htmx:wsAfterMessage", function () {
    document.querySelectorAll("details[data-remember]").forEach(function (el) {
      var key = el.getAttribute("data-remember");
      if (Object.prototype.hasOwnProperty.call(chosen, key) && el.open !== chosen[key]) {
        el.open = chosen[key];
      }
    });
  });
})();

/*
 * The invitation link of a waiting table. "Copier le lien" puts it in the clipboard and
 * says so; where the browser refuses, the link is selected for the player to copy.
 * "Partager" opens the share sheet of browsers that have one (phones). The buttons name
 * their field (data-copy-from, data-share-from) and carry their words, translated by the
 * page; they stay hidden until this script shows them (html.can-copy, html.can-share).
 */
(function () {
  "use strict";
  if (window.taverneInvite) { return; }
  window.taverneInvite = true;

  var root = document.documentElement;
  root.classList.add("can-copy");
  if (typeof navigator.share === "function") { root.classList.add("can-share"); }

  function say(button, text) {
    var status = document.getElementById(button.getAttribute("data-status"));
    if (status) { status.textContent = text || ""; }
  }

  // The old way, for a page without the clipboard API (plain http on a network address):
  // copy the selection; if even that fails, the selected link waits for Ctrl+C.
  function copySelected(button, field) {
    field.focus();
    field.select();
    field.setSelectionRange(0, field.value.length);
    var done = false;
    try { done = document.execCommand("copy"); } catch (e) { done = false; }
    say(button, button.getAttribute(done ? "data-copied" : "data-copy-failed"));
  }

  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) { return; }
    var button = target.closest("[data-copy-from]");
    if (button) {
      var field = document.getElementById(button.getAttribute("data-copy-from"));
      if (!field) { return; }
      say(button, "");
      if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(field.value).then(
          function () { say(button, button.getAttribute("data-copied")); },
          function () { copySelected(button, field); }
        );
      } else {
        copySelected(button, field);
      }
      return;
    }
    button = target.closest("[data-share-from]");
    if (button && typeof navigator.share === "function") {
      var link = document.getElementById(button.getAttribute("data-share-from"));
      if (!link) { return; }
      navigator.share({
        title: document.title, text: button.getAttribute("data-share-text"), url: link.value,
      }).catch(function () { /* the player closed the sheet: nothing to say */ });
    }
  });
})();
