/* rulesite: the "outdated only" filter of the translators' comparison view. A row stays
   when one of the languages shown has an outdated translation of it (data-rs-outdated,
   written by generator/render/translator_views.py); the language checkboxes change what
   "shown" means, so they apply the filter again. */
(function () {
  function apply() {
    var box = document.querySelector("input[data-rs-outdated-only]");
    if (!box) return;
    var shown = Array.prototype.filter.call(document.querySelectorAll("input[data-rs-column]"), function (b) {
      return b.checked;
    }).map(function (b) { return b.dataset.rsColumn; });
    document.querySelectorAll("table.rs-compare tbody tr").forEach(function (row) {
      var langs = (row.dataset.rsOutdated || "").split(" ");
      var keep = !box.checked || langs.some(function (code) { return code && shown.indexOf(code) >= 0; });
      row.classList.toggle("rs-row--filtered", !keep);
    });
  }

  function setup() {
    var box = document.querySelector("input[data-rs-outdated-only]");
    if (!box || box.dataset.rsReady) return;
    box.dataset.rsReady = "1";
    box.addEventListener("change", apply);
    document.querySelectorAll("input[data-rs-column]").forEach(function (b) { b.addEventListener("change", apply); });
    apply();
  }

  if (window.document$) {
    window.document$.subscribe(setup);  // Material re-renders pages without reloading
  } else {
    document.addEventListener("DOMContentLoaded", setup);
  }
})();
