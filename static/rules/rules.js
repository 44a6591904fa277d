// The rules pages: Escape closes the glossary definition shown on hover or focus
// (WCAG 1.4.13: content on hover or focus can be dismissed). The definitions work
// without this script; it only adds the dismissal.
(function () {
  "use strict";
  var DISMISSED = "glossary-term--dismissed";

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var open = document.querySelectorAll(".glossary-term:hover, .glossary-term:focus-within");
    open.forEach(function (term) { term.classList.add(DISMISSED); });
  });

  function reset(event) {
    var term = event.target.closest && event.target.closest(".glossary-term");
    if (term) term.classList.remove(DISMISSED);
  }
  document.addEventListener("mouseout", reset);
  document.addEventListener("focusout", reset);
})();
