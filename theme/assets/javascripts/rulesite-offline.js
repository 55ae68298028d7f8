/* rulesite's search worker for a site opened from disk (an offline build, `rulesite build --offline`).

   Chromium starts no Web Worker from a file:// page, and no script can read a file:// file,
   so the offline build hands this page the text of every script the search worker loads
   (assets/javascripts/rulesite-offline-sources.js, written by generator/site/offline.py).
   Opened from disk, Worker is replaced here by a worker started from a blob: the worker's
   own text, preceded by a few lines that give it the address it would have had (its query
   string names Material's worker) and an importScripts that runs the handed-over text of
   each script it asks for, at once, as importScripts does. Over HTTP nothing changes.

   Loaded before Material's bundle, which starts the worker (theme/main.html, block libs). */
(function () {
  "use strict";
  if (location.protocol !== "file:" || !window.__rulesiteScripts || !window.Blob || !window.Worker) return;
  var here = document.currentScript && document.currentScript.src;
  var base = new URL(".", here).href;  // the folder of assets/javascripts/
  var sources = {};
  Object.keys(window.__rulesiteScripts).forEach(function (path) {
    sources[new URL(path, base).href] = window.__rulesiteScripts[path];
  });
  var RealWorker = window.Worker;

  function prelude(address) {
    return "(function () {\n" +
      "var sources = " + JSON.stringify(sources) + ";\n" +
      "var address = new URL(" + JSON.stringify(address) + ");\n" +
      "Object.defineProperty(self, 'location', { value: address, configurable: true });\n" +
      "self.importScripts = function () {\n" +
      "  for (var i = 0; i < arguments.length; i++) {\n" +
      "    var url = new URL(arguments[i], address).href.split('?')[0].split('#')[0];\n" +
      "    if (!(url in sources)) throw new Error('rulesite offline search: no script ' + url);\n" +
      "    (0, eval)(sources[url] + '\\n//# sourceURL=' + url);\n" +
      "  }\n" +
      "};\n" +
      "})();\n";
  }

  window.Worker = function (url, options) {
    var address = new URL(String(url), document.baseURI).href;
    var file = address.split("?")[0].split("#")[0];
    if (!(file in sources)) return new RealWorker(url, options);
    var code = prelude(address) + "importScripts(" + JSON.stringify(file) + ");\n";
    return new RealWorker(URL.createObjectURL(new Blob([code], { type: "text/javascript" })), options);
  };
})();
