/* rulesite page behaviour: footnotes that open in place, the "as printed in my box"
   choice, language columns on comparison pages. Sorting of the
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
    labelSearchDialog();
    setupBox();
    setupOrder();
    if (window.Tablesort) {
      document.querySelectorAll("table[data-rs-sortable]").forEach(function (table) {
        if (!table.dataset.rsSorted) {
          table.dataset.rsSorted = "1";
          new window.Tablesort(table);
        }
      });
    }
  }
  // ------------------------------------------------------------ footnotes in place
  // A footnote mark opens its footnote right below the sentence (touch, mouse or keyboard)
  // instead of jumping to the end of the page; a second activation or Escape closes it.
  function closePopup(popup) {
    // The mark that opened it; Material may have replaced the element since.
    var link = popup.rsLink && popup.rsLink.isConnected ? popup.rsLink
      : document.querySelector('a.footnote-ref[href="' + popup.dataset.href + '"]');
    popup.remove();
    if (popup.rsTooltip) popup.rsTooltip.classList.remove("rs-tooltip--muted");
    if (link) {
      if (popup.rsTooltip) link.setAttribute("aria-controls", popup.rsTooltip.id);
      link.setAttribute("aria-expanded", "false");
      link.focus();
      // Material's tooltip takes the focus away on the same turn; give it back afterwards.
      setTimeout(function () { link.focus(); }, 0);
    }
  }

  function openFootnote(link) {
    var note = document.getElementById(decodeURIComponent(link.hash.slice(1)));
    if (!note) return false;
    var holder = link.closest("sup") || link;
    var id = "rs-popup-" + note.id.replace(/[^A-Za-z0-9_-]/g, "-");
    var open = document.getElementById(id);
    if (open) { closePopup(open); return true; }
    var popup = document.createElement("span");
    popup.className = "rs-footnote-popup";
    popup.id = id;
    popup.setAttribute("role", "note");
    popup.tabIndex = -1;
    popup.rsLink = link;
    popup.dataset.href = link.getAttribute("href");
    note.querySelectorAll(":scope > p").forEach(function (p) {
      var copy = document.createElement("span");
      copy.innerHTML = p.innerHTML;
      copy.querySelectorAll(".footnote-backref").forEach(function (a) { a.remove(); });
      popup.appendChild(copy);
    });
    var close = document.createElement("button");
    close.type = "button";
    close.className = "rs-footnote-popup__close";
    close.setAttribute("aria-label", (document.querySelector("[data-rs-words]") || {dataset: {}}).dataset.close || "×");
    close.textContent = "×";
    close.addEventListener("click", function () { closePopup(popup); });
    popup.appendChild(close);
    holder.insertAdjacentElement("afterend", popup);
    // Material's tooltip of this mark shows the same note: while the note is open in place,
    // the tooltip stays hidden, so a click on a desktop opens the note once (layout CSS).
    var tooltip = document.getElementById(link.getAttribute("aria-controls") || "");
    if (tooltip && tooltip.classList.contains("md-tooltip2")) {
      tooltip.classList.add("rs-tooltip--muted");
      popup.rsTooltip = tooltip;
    }
    link.setAttribute("aria-controls", id);
    link.setAttribute("aria-expanded", "true");
    popup.focus();
    return true;
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.footnote-ref");
    if (link && !event.metaKey && !event.ctrlKey && openFootnote(link)) event.preventDefault();
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    var popup = event.target.closest && event.target.closest(".rs-footnote-popup");
    if (popup) {
      event.stopPropagation();  // Material's own Escape handler (on window) would blur the mark
      closePopup(popup);
    }
  });

  // Material's search dialog has no name of its own; it gets the search field's. Its
  // breadcrumbs are named "Navigation" like the main navigation; they get a name of their own.
  function labelSearchDialog() {
    var path = document.querySelector("nav.md-path");
    var words = document.querySelector("[data-rs-words]");
    if (path && words && words.dataset.path) path.setAttribute("aria-label", words.dataset.path);
    var dialog = document.querySelector(".md-search[role=dialog]");
    var input = document.querySelector("input.md-search__input");
    if (dialog && input && !dialog.getAttribute("aria-label")) {
      dialog.setAttribute("aria-label", input.getAttribute("aria-label") || input.placeholder || "Search");
    }
  }

  // ------------------------------------------------------------ as printed in my box
  var STORE = "rulesite.box";

  function stored() {
    try { return localStorage.getItem(STORE) || ""; } catch (error) { return ""; }
  }

  function has(list, id) { return (list || "").split(" ").indexOf(id) >= 0; }

  function badge(element, text) {
    var old = element.querySelector(":scope > .rs-box-badge");
    if (old) old.remove();
    if (!text) return;
    var span = document.createElement("span");
    span.className = "rs-box-badge";
    span.textContent = text;
    element.appendChild(span);
  }

  function applyBox(chosen, words) {
    document.querySelectorAll(".rs-diff[data-rs-has]").forEach(function (text) {
      var lacks = !!chosen && has(text.dataset.rsLacks, chosen);
      var only = !!chosen && !lacks && has(text.dataset.rsOnly, chosen);
      text.classList.toggle("rs-box--lacks", lacks);
      text.classList.toggle("rs-box--only", only);
      badge(text, lacks ? words.rsWordTextLacks : only ? words.rsWordTextOnly : "");
    });
    document.querySelectorAll(".rs-differences [data-rs-printing]").forEach(function (mark) {
      var cell = mark.closest("td, th");
      if (cell) cell.classList.toggle("rs-box-column", !!chosen && mark.dataset.rsPrinting === chosen);
    });
    document.querySelectorAll(".footnote .rs-icon[data-rs-has]").forEach(function (icon) {
      var item = icon.closest("li");
      var paragraph = item && item.querySelector("p");
      if (!paragraph) return;
      var state = has(icon.dataset.rsLacks, chosen) ? "Lacks" : has(icon.dataset.rsHas, chosen) ? "Has" : "Unknown";
      badge(paragraph, chosen ? words.rsWordNote + " " + words["rsWord" + state] : "");
    });
  }

  function setupBox() {
    var root = document.querySelector("[data-rs-box]");
    var words = root ? root.dataset : null;
    if (!root) return;
    var select = root.querySelector("select");
    var chosen = stored();
    if (chosen && !select.querySelector('option[value="' + chosen.replace(/[^a-z0-9.-]/g, "") + '"]')) chosen = "";
    select.value = chosen;
    root.hidden = false;
    if (!root.dataset.rsReady) {
      root.dataset.rsReady = "1";
      select.addEventListener("change", function () {
        try { localStorage.setItem(STORE, select.value); } catch (error) { /* private mode: this page only */ }
        applyBox(select.value, words);
      });
    }
    applyBox(chosen, words);
  }

  // ------------------------------------------------------------ how a board came about
  // Under each worked example: the numbered picture (shown as it is without JavaScript)
  // and, with JavaScript, buttons that add the tiles and figures one turn at a time.
  function setupOrder() {
    document.querySelectorAll("details.rs-order").forEach(function (box) {
      if (box.dataset.rsReady) return;
      box.dataset.rsReady = "1";
      var picture = box.querySelector("img[data-rs-steps]");
      var steps = picture.dataset.rsSteps.split(" ");
      var turns = box.querySelectorAll(".rs-order__turns > li");
      var status = box.querySelector(".rs-order__status");
      var controls = box.querySelector(".rs-order__steps");
      var wholeAlt = picture.alt, shown = steps.length;
      function show(turn) {
        shown = Math.max(1, Math.min(steps.length, turn));
        picture.src = steps[shown - 1];
        var said = status.dataset.rsStatus.replace("{turn}", shown);
        status.textContent = said;
        picture.alt = shown === steps.length ? wholeAlt : said + ": " + turns[shown - 1].textContent;
        turns.forEach(function (item, index) {
          if (index === shown - 1) item.setAttribute("aria-current", "step"); else item.removeAttribute("aria-current");
        });
        controls.querySelector('[data-rs-step="previous"]').disabled = shown === 1;
      }
      controls.addEventListener("click", function (event) {
        var button = event.target.closest("button[data-rs-step]");
        if (!button) return;
        var step = button.dataset.rsStep;
        // From the whole board, the next turn is the first: the step-through starts over.
        var next = shown === steps.length ? 1 : shown + 1;
        show(step === "previous" ? shown - 1 : step === "next" ? next : steps.length);
      });
      controls.hidden = false;
      show(steps.length);
    });
  }

  if (window.document$) {
    window.document$.subscribe(setup);  // Material re-renders pages without reloading
  } else {
    document.addEventListener("DOMContentLoaded", setup);
  }
})();
