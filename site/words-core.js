/* Rusc — what every in-browser word engine shares: folding typed text into a game key,
 * and rebuilding display forms from the solver indexes. Plain JavaScript, no framework.
 *
 * Twin of pipeline/clean.py fold() and pipeline/solvers.py encode_forms(); checked against
 * them under Node by tests/test_solvers_js.py. In a page it is the global RuscWords; under
 * Node, require() it.
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.RuscWords = factory();
})(this, function () {
  "use strict";

  var hasOwn = Object.prototype.hasOwnProperty;
  var MARK = /^\p{M}+$/u;
  var POSITION_BASE = 0x30, DIFF_MARK = "~", SAME = "=";

  /** A folder for one language: fold.char(ch) folds one (lower-case) character as
   *  pipeline.clean.fold does, or gives null; fold.text(text) -> {key, bad} (key null if
   *  some characters have no letter; bad lists them). `data` is the index's "fold" object
   *  (see pipeline/wordle.py folding_table: the characters whose default fold differs). */
  function makeFolder(alphabet, data) {
    var letters = {}, table = data.chars, drop = data.drop, replace = data.replace;
    Array.from(alphabet).forEach(function (ch) { letters[ch] = true; });
    function foldChar(ch) {
      if (hasOwn.call(letters, ch)) return ch;
      if (hasOwn.call(table, ch)) return table[ch];
      var parts = Array.from(ch.normalize("NFD"));
      if (parts.length > 1 && hasOwn.call(letters, parts[0]) && MARK.test(parts.slice(1).join(""))) return parts[0];
      return null;
    }
    function replaceAll(s) {
      for (var r = 0; r < replace.length; r++) s = s.split(replace[r][0]).join(replace[r][1]);
      return s;
    }
    function foldText(text) {
      var s = replaceAll(text.normalize("NFC").toLowerCase());
      var key = "", bad = [];
      Array.from(s).forEach(function (ch) {
        if (drop.indexOf(ch) >= 0) return;
        var out = foldChar(ch);
        if (out === null) { if (bad.indexOf(ch) < 0) bad.push(ch); } else key += out;
      });
      return { key: bad.length || !key ? null : key, bad: bad };
    }
    return { char: foldChar, text: foldText, drop: drop, isLetter: function (ch) { return hasOwn.call(letters, ch); } };
  }

  /** Display forms from their encoding relative to `base` (pipeline/solvers.py
   *  encode_forms): "" is [base]; else space-separated "=", "~" + (position, letter) pairs,
   *  or the form spelled out. */
  function decodeForms(base, encoded) {
    if (!encoded) return [base];
    return encoded.split(" ").map(function (item) {
      if (item === SAME) return base;
      if (item.charAt(0) !== DIFF_MARK) return item;
      var chars = Array.from(base), pairs = Array.from(item.slice(1));
      for (var j = 0; j < pairs.length; j += 2) chars[pairs[j].charCodeAt(0) - POSITION_BASE] = pairs[j + 1];
      return chars.join("");
    });
  }

  /** Python's str < str (code points) for keys of the Basic Multilingual Plane. */
  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  return { makeFolder: makeFolder, decodeForms: decodeForms, compare: compare };
});
