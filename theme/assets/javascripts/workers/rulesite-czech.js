/* A light stemmer for Czech, for rulesite's search worker (Material's lunr has none).

   The algorithm is the light stemmer of L. Dolamic and J. Savoy, "Indexing and stemming
   approaches for the Czech language", Information Processing & Management 45 (2009),
   as Lucene implements it (org.apache.lucene.analysis.cz.CzechStemmer): take off one case
   ending (the longest that leaves enough of the word), then a possessive suffix, then
   normalize the last consonants (č/c -> k, ž/z -> h, čt -> ck, št -> sk, a last "e" and a
   "ů" before the last letter). It expects a lower-case word with its diacritics, so the
   worker stems before it folds them.

   Defines self.rulesiteStemmers.cs(word) -> stem; tests/test_search.py checks it. */
(function (root) {
  "use strict";

  // Case endings by length, each with the shortest word it may be taken from (Lucene's
  // "len > n" tests, here as n + 1).
  var CASES = [
    [8, ["atech"]],
    [7, ["ětem", "etem", "atům"]],
    [6, ["ech", "ich", "ích", "ého", "ěmi", "emi", "ému", "ěte", "ete", "ěti", "eti", "ího", "iho",
         "ími", "ímu", "imu", "ách", "ata", "aty", "ých", "ama", "ami", "ové", "ovi", "ými"]],
    [5, ["em", "es", "ém", "ím", "ům", "at", "ám", "os", "us", "ým", "mi", "ou"]],
    [4, ["a", "e", "i", "o", "u", "ů", "y", "á", "é", "í", "ý", "ě"]]
  ];
  var POSSESSIVES = ["ov", "in", "ův"];

  function ends(word, suffixes) {
    for (var i = 0; i < suffixes.length; i++) {
      if (word.slice(-suffixes[i].length) === suffixes[i]) return suffixes[i];
    }
    return null;
  }

  function removeCase(word) {
    for (var i = 0; i < CASES.length; i++) {
      var found = word.length >= CASES[i][0] && ends(word, CASES[i][1]);
      if (found) return word.slice(0, -found.length);
    }
    return word;
  }

  function removePossessive(word) {
    var found = word.length >= 6 && ends(word, POSSESSIVES);
    return found ? word.slice(0, -found.length) : word;
  }

  function normalize(word) {
    var last = word.slice(-1), before = word.slice(-2, -1);
    if (word.slice(-2) === "čt") return word.slice(0, -2) + "ck";
    if (word.slice(-2) === "št") return word.slice(0, -2) + "sk";
    if (last === "c" || last === "č") return word.slice(0, -1) + "k";
    if (last === "z" || last === "ž") return word.slice(0, -1) + "h";
    if (word.length > 1 && before === "e") return word.slice(0, -2) + last;
    if (word.length > 2 && before === "ů") return word.slice(0, -2) + "o" + last;
    return word;
  }

  function stem(word) {
    var stemmed = removePossessive(removeCase(word));
    return stemmed ? normalize(stemmed) : stemmed;
  }

  root.rulesiteStemmers = root.rulesiteStemmers || {};
  root.rulesiteStemmers.cs = stem;
})(self);
