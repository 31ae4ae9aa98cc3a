/* Rusc — typed text folded into a game key, as pipeline.lists.clean.fold folds a word: the one
 * copy every page uses (the games and solvers through site/game-core.js, the Wordle helper
 * directly). The folding table comes with each page's data (pipeline/browser/fold.py).
 * Exposed as window.RuscFold in a browser and as module.exports under Node.
 */
(function (root) {
  "use strict";

  var hasOwn = Object.prototype.hasOwnProperty;

  /** fold(text) -> {key, bad}: the game key as pipeline.lists.clean.fold makes it; key is null
   *  when some characters are no letter of the alphabet (bad lists them). `fold` is
   *  {replace, drop, chars}: chars are the exceptions to the default rule below. */
  function makeFolder(fold, alphabetText) {
    var alphabet = {}, table = fold.chars, drop = fold.drop, replace = fold.replace;
    Array.from(alphabetText).forEach(function (ch) { alphabet[ch] = true; });
    var mark = /^\p{M}+$/u;
    function foldChar(ch) {
      if (hasOwn.call(alphabet, ch)) return ch;
      if (hasOwn.call(table, ch)) return table[ch];
      var parts = Array.from(ch.normalize("NFD"));
      if (parts.length > 1 && hasOwn.call(alphabet, parts[0]) && mark.test(parts.slice(1).join(""))) return parts[0];
      return null;
    }
    function key(text) {
      var s = text.normalize("NFC").toLowerCase();
      for (var r = 0; r < replace.length; r++) s = s.split(replace[r][0]).join(replace[r][1]);
      var out = "", bad = [];
      Array.from(s).forEach(function (ch) {
        if (drop.indexOf(ch) >= 0) return;
        var folded = foldChar(ch);
        if (folded === null) { if (bad.indexOf(ch) < 0) bad.push(ch); } else out += folded;
      });
      return { key: bad.length || !out ? null : out, bad: bad };
    }
    key.char = foldChar;
    key.drop = drop;
    return key;
  }

  var api = { makeFolder: makeFolder };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.RuscFold = api;
})(this);
