/* rulesite's search worker: Material's own worker, plus two things it lacks.

   1. Diacritics are folded (č -> c, ä -> a, ł -> l, ß -> ss) in the index and in the query,
      in every language, so "carodejnice" finds "čarodějnice" and "Plattchen" "Plättchen".
   2. Material appends "*" to every query term, and lunr runs no pipeline over a term with a
      wildcard: the stemmer of the index never reaches the query, so "witches*" cannot find
      the stem "witch". Each plain query word is therefore folded and stemmed here, with the
      stemmer of the page's language, before Material's own query handling sees it.

   The page loads this file in place of Material's worker (theme/main.html, block config)
   and names Material's worker in the query string; that worker does everything else. */
(function () {
  "use strict";
  var SETUP = 0, QUERY = 2;  // Material's SearchMessageType values
  var material = new URLSearchParams(self.location.search).get("material") || "";
  if (!/^search\.[0-9a-f]+\.min\.js$/.test(material)) {
    throw new Error("rulesite search: unexpected Material worker " + JSON.stringify(material));
  }

  var SPECIAL = { "ß": "ss", "ł": "l", "Ł": "l", "đ": "d", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i" };

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[ßłŁđøæœı]/g, function (c) { return SPECIAL[c]; });
  }

  var listen = self.addEventListener;
  var stemmer = null;
  var stopWord = null;

  function setupLanguage(config) {
    var lunr = self.lunr;
    var code = config.lang.length === 1 ? config.lang[0] : null;
    var stems = config.pipeline.indexOf("stemmer") >= 0;
    if (stems && code && code !== "en" && lunr[code] && lunr[code].stemmer) {
      stemmer = lunr[code].stemmer;
      stopWord = lunr[code].stopWordFilter;
    } else if (stems && code === "en") {
      stemmer = lunr.stemmer;
      stopWord = lunr.stopWordFilter;
    }
  }

  function rewriteQuery(query) {
    var lunr = self.lunr;
    // Letters only; "title:" and other field names, and modifiers around words, stay.
    return query.replace(/[\p{L}\p{M}]+(?!\p{L}|\p{M}|:)/gu, function (word) {
      var folded = fold(word.toLowerCase());
      if (!stemmer || (stopWord && stopWord(new lunr.Token(folded, {})) === undefined)) return folded;
      // Stemmed again until it stops changing: Dutch "heksen" stems to "heks" but the
      // singular "heks" to "hek", and the shorter stem, searched as a prefix, finds both.
      var stem = folded;
      for (var round = 0; round < 3; round++) {
        var next = stemmer(new lunr.Token(stem, {}));
        next = next ? fold(next.toString()) : stem;
        if (next === stem || !next) break;
        stem = next;
      }
      return stem;
    });
  }

  // Material's worker registers one "message" listener; it gets rewritten messages.
  self.addEventListener = function (type, listener, options) {
    if (type !== "message") return listen.call(self, type, listener, options);
    return listen.call(self, type, function (event) {
      var message = event.data;
      if (message && message.type === QUERY && typeof message.data === "string") {
        return listener.call(self, { data: { type: QUERY, data: rewriteQuery(message.data) } });
      }
      if (message && message.type === SETUP) {
        self.rulesiteConfig = message.data.config;
      }
      return listener.call(self, event);
    }, options);
  };

  importScripts(material);

  // Fold every token before the language's trimmer, stop words and stemmer see it.
  var lunr = self.lunr;
  var foldToken = function (token) {
    return token.update(function (text) { return fold(text); });
  };
  lunr.Pipeline.registerFunction(foldToken, "rulesiteFold");
  var add = lunr.Builder.prototype.add;
  lunr.Builder.prototype.add = function (doc, attributes) {
    if (!this.rulesiteFolded) {
      this.rulesiteFolded = true;
      this.pipeline._stack.unshift(foldToken);
      if (self.rulesiteConfig) setupLanguage(self.rulesiteConfig);
    }
    return add.call(this, doc, attributes);
  };
})();
