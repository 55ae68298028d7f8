/* rulesite page behaviour: language columns on comparison pages. Sorting of the
   translation dashboard uses the tablesort library (vendor/tablesort.min.js). */
(function () {
  function setup() {
    // Material's language handler has read the page by now (theme/main.html, block config).
    document.querySelectorAll("link[data-rs-hreflang]").forEach(function (link) { link.rel = "alternate"; });
    document.querySelectorAll("input[data-rs-column]").forEach(function (box) {
      var update = function () {
        document.querySelectorAll(".rs-col--" + box.dataset.rsColumn).forEach(function (cell) {
          cell.classList.toggle("rs-col--hidden", !box.checked);
        });
      };
      box.addEventListener("change", update);
      update();
    });
    if (window.Tablesort) {
      document.querySelectorAll("table[data-rs-sortable]").forEach(function (table) {
        if (!table.dataset.rsSorted) {
          table.dataset.rsSorted = "1";
          new window.Tablesort(table);
        }
      });
    }
  }
  if (window.document$) {
    window.document$.subscribe(setup);  // Material re-renders pages without reloading
  } else {
    document.addEventListener("DOMContentLoaded", setup);
  }
})();
