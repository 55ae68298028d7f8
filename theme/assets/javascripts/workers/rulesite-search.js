/* rulesite's search worker: Material's own worker, plus what it lacks.

   1. Diacritics are folded (č -> c, ä -> a, ł -> l, ß -> ss) in the index and in the query,
      in every language, so "carodejnice" finds "čarodějnice" and "Plattchen" "Plättchen".
   2. Material appends "*" to every query term, and lunr runs no pipeline over a term with a
      wildcard: the stemmer of the index never reaches the query, so "witches*" cannot find
      the stem "witch". Each plain query word is therefore folded and stemmed here, with the
      stemmer of the page's language, before Material's own query handling sees it.
   3. Polish and Czech, for which Material's lunr has no stemmer, get a light one, in the
      index and in the query: Polish the one of lunr-languages (vendor/lunr.pl.min.js),
      Czech Dolamic and Savoy's (rulesite-czech.js). Both read diacritics, so for these two
      a word is stemmed first and folded after.
   4. A query word the termbase lists for a concept (a form, the word a printing uses, a word
      to avoid) stands for the concept's preferred term: "Plättchen" searches for "Karte".
   5. Within a page's results, the sections that hold more of the query's words come before
      the page itself: Material shows the best entry of a page and folds the rest away behind
      "N more on this page", and the page's title alone used to outrank the section that
      answers ("witch inn").
   6. A page of one audience searches only that audience's pages: the contributors' pages
      (named in the index) only each other, the players' pages all the rest.

   Everything the worker needs from the site is in the search index, under config.rulesite
   (generator/site/search.py). The page loads this file in place of Material's worker
   (theme/main.html, block config) and names Material's worker in the query string; that
   worker does everything else. */
(function () {
  "use strict";
  var SETUP = 0, QUERY = 2, RESULT = 3;  // Material's SearchMessageType values
  var params = new URLSearchParams(self.location.search);
  var material = params.get("material") || "";
  var contributorsPage = params.get("audience") === "contributors";
  if (!/^search\.[0-9a-f]+\.min\.js$/.test(material)) {
    throw new Error("rulesite search: unexpected Material worker " + JSON.stringify(material));
  }

  var SPECIAL = { "ß": "ss", "ł": "l", "Ł": "l", "đ": "d", "ø": "o", "æ": "ae", "œ": "oe", "ı": "i" };
  var WORD = /[\p{L}\p{M}]+(?!\p{L}|\p{M}|:)/gu;
  var PLAIN = /^[\p{L}\p{M}]+$/u;

  function fold(text) {
    return text.normalize("NFD").replace(/[\u0300-\u036f]/g, "")
      .replace(/[ßłŁđøæœı]/g, function (c) { return SPECIAL[c]; });
  }

  var listen = self.addEventListener;
  var post = self.postMessage;
  var stemmer = null;      // a lunr pipeline function
  var stopWord = null;
  var light = null;        // a light stemmer on plain strings (Polish, Czech)
  var synonyms = {};       // normalized words of a termbase form -> the preferred term
  var longest = 0;         // the most words a form has

  function lightStemmer(code) {
    var lunr = self.lunr;
    if (code === "pl") {
      importScripts("../lunr/min/lunr.stemmer.support.min.js", "../vendor/lunr.pl.min.js");
      return function (word) { return lunr.pl.stemmer(new lunr.Token(word, {})).toString(); };
    }
    if (code === "cs") {
      importScripts("rulesite-czech.js");
      return self.rulesiteStemmers.cs;
    }
    return null;
  }

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
    var own = config.rulesite || {};
    light = own.stemmer ? lightStemmer(own.stemmer) : null;
    (own.terms || []).forEach(function (pair) {
      var words = pair[0].split(/\s+/).filter(Boolean).map(normalize);
      longest = Math.max(longest, words.length);
      var key = words.join(" ");
      if (!(key in synonyms)) synonyms[key] = pair[1];
    });
  }

  // One query word as the index holds it: folded and stemmed.
  function normalize(word) {
    var lower = word.toLowerCase().normalize("NFC");
    if (light) return fold(light(lower));
    var folded = fold(lower);
    var lunr = self.lunr;
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
  }

  // Termbase words replaced by the preferred term, the longest run of words first.
  function replaceTerms(query) {
    var parts = query.split(/(\s+)/);
    var out = [];
    for (var i = 0; i < parts.length; i++) {
      var done = false;
      for (var n = Math.min(longest, Math.ceil((parts.length - i) / 2)); n > 0 && !done; n--) {
        var words = [];
        for (var k = 0; k < n; k++) words.push(parts[i + 2 * k]);
        if (!words.every(function (w) { return PLAIN.test(w); })) continue;
        var preferred = synonyms[words.map(normalize).join(" ")];
        if (preferred !== undefined) {
          out.push(preferred);
          i += 2 * (n - 1);
          done = true;
        }
      }
      if (!done) out.push(parts[i]);
    }
    return out.join("");
  }

  function rewriteQuery(query) {
    // Letters only; "title:" and other field names, and modifiers around words, stay.
    return replaceTerms(query).replace(WORD, normalize);
  }

  // ---------------------------------------------------------------- results

  function matched(item) {
    var count = 0;
    for (var term in item.terms || {}) if (item.terms[term]) count++;
    return count;
  }

  // Most query words first, within each page and among pages; the order is otherwise kept
  // (Array.prototype.sort is stable), so of two entries with as many words the better
  // scored stays first.
  function regroup(groups) {
    groups.forEach(function (group) { group.sort(function (a, b) { return matched(b) - matched(a); }); });
    return groups.sort(function (a, b) { return matched(b[0]) - matched(a[0]); });
  }

  function isContributors(location, prefixes) {
    var path = location.split("#")[0];
    return prefixes.some(function (prefix) { return path.indexOf(prefix) === 0; });
  }

  function audienceDocs(data) {
    var prefixes = (data.config.rulesite || {}).contributors || [];
    return data.docs.filter(function (doc) { return isContributors(doc.location, prefixes) === contributorsPage; });
  }

  self.postMessage = function (message, transfer) {
    if (message && message.type === RESULT && message.data && Array.isArray(message.data.items)) {
      message = { type: RESULT, data: Object.assign({}, message.data, { items: regroup(message.data.items) }) };
    }
    return post.call(self, message, transfer);
  };

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
        var data = Object.assign({}, message.data, { docs: audienceDocs(message.data) });
        return listener.call(self, { data: { type: SETUP, data: data } });
      }
      return listener.call(self, event);
    }, options);
  };

  importScripts(material);

  // Fold every token before the language's trimmer, stop words and stemmer see it; for a
  // language with a light stemmer, stem it first (the stemmer reads diacritics).
  var lunr = self.lunr;
  var foldToken = function (token) {
    return token.update(function (text) { return fold(text); });
  };
  var lightToken = function (token) {
    return token.update(function (text) { return light(text.normalize("NFC")); });
  };
  lunr.Pipeline.registerFunction(foldToken, "rulesiteFold");
  lunr.Pipeline.registerFunction(lightToken, "rulesiteLightStem");
  var add = lunr.Builder.prototype.add;
  lunr.Builder.prototype.add = function (doc, attributes) {
    if (!this.rulesiteFolded) {
      this.rulesiteFolded = true;
      if (self.rulesiteConfig) setupLanguage(self.rulesiteConfig);
      this.pipeline._stack.unshift(foldToken);
      if (light) this.pipeline._stack.unshift(lightToken);
    }
    return add.call(this, doc, attributes);
  };
})();
