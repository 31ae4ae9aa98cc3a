/* Rusc — the rack finder's engine in the browser: every word a rack of tiles can make.
 * Plain JavaScript, no framework.
 *
 * The twin of pipeline/racks.py (TileSet.parse_rack, RackIndex.solve with its filters),
 * checked against it under Node on thousands of random racks by tests/test_solvers_js.py.
 * Where to start reading: decode() reads the rack index of pipeline/solvers.py rack_index()
 * (every word spelled in tile codes, sorted, front-coded); solve() walks those sorted
 * spellings as a trie, one tile at a time: a real tile while the rack has a copy, else a
 * blank if one is left. A node's children are found by binary search inside its range, so
 * the trie costs no memory and no build time of its own.
 * In a page it is the global RuscRack (with RuscWords loaded first); under Node, require().
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./words-core.js"));
  else root.RuscRack = factory(root.RuscWords);
})(this, function (W) {
  "use strict";

  var CODE_BASE = 0x41, POSITION_BASE = 0x30, UNSPELLABLE = "\u0000", PATTERN_ANY = "?";
  var SORTS = ["score", "length", "alpha"];

  /** A RackError: kind "tile" (.text is the first character no tile starts), "empty",
   *  "long", "blanks", "filter" (.text names the filter), "bounds" (bad min/max length), "sort". */
  function RackError(kind, text) { this.kind = kind; this.text = text || ""; this.message = "rack: " + kind + " " + this.text; }

  /** The parsed rack index: every word's tile codes, sorted (the file's order). */
  function decode(data) {
    if (data.format !== 1 || data.kind !== "rack") throw new Error("unknown rack index format " + data.format);
    var texts = data.tiles.map(function (t) { return t[0]; });
    var tileChars = {};
    texts.forEach(function (t) { Array.from(t).forEach(function (ch) { tileChars[ch] = true; }); });
    var cutOrder = texts.map(function (t, i) { return i; }).sort(function (a, b) {
      return (texts[b].length - texts[a].length) || W.compare(texts[a], texts[b]);
    });
    var lines = data.words ? data.words.split("\n") : [], n = lines.length;
    var codes = new Array(n), extra = new Array(n), prev = "";
    for (var w = 0; w < n; w++) {
      var line = lines[w], tab = line.indexOf("\t");
      var c = prev.slice(0, line.charCodeAt(0) - POSITION_BASE) + (tab < 0 ? line.slice(1) : line.slice(1, tab));
      codes[w] = c;
      extra[w] = tab < 0 ? "" : line.slice(tab + 1);
      prev = c;
    }
    return { texts: texts, points: data.tiles.map(function (t) { return t[1]; }),
             keys: data.tiles.map(function (t) { return t[2]; }), tileChars: tileChars, cutOrder: cutOrder,
             variants: data.variants, blanks: data.blanks, rackSize: data.rack_size, bingo: data.bingo_bonus,
             maxRack: data.max_rack, blank: data.blank, codes: codes, extra: extra,
             fold: W.makeFolder(data.alphabet, data.fold) };
  }

  /** Lower-cased, tile spellings unified (ŀl -> l·l), every character folded as a tile
   *  letter: pipeline/racks.py TileSet._letters, as [typed char, folded text] pairs. */
  function letterPieces(index, text) {
    var s = text.normalize("NFC").toLowerCase();
    index.variants.forEach(function (v) { s = s.split(v[0]).join(v[1]); });
    return Array.from(s).map(function (ch) {
      if (index.tileChars[ch]) return [ch, ch];
      if (index.fold.drop.indexOf(ch) >= 0) return [ch, ""];
      var key = index.fold.text(ch).key;
      return [ch, key === null ? UNSPELLABLE : key];
    });
  }

  function tileAt(index, text, i) {
    for (var j = 0; j < index.cutOrder.length; j++) {
      var t = index.cutOrder[j];
      if (text.startsWith(index.texts[t], i)) return t;
    }
    return -1;
  }

  /** Tile codes spelling a text (greedy, longest tile first), or null: TileSet.codes. */
  function spell(index, text) {
    var folded = letterPieces(index, text).map(function (p) { return p[1]; }).join("");
    var out = "", i = 0;
    while (i < folded.length) {
      var t = tileAt(index, folded, i);
      if (t < 0) return null;
      out += String.fromCharCode(CODE_BASE + t);
      i += index.texts[t].length;
    }
    return out;
  }

  /** The typed character where the cut fails: TileSet._first_misfit. */
  function firstMisfit(index, text) {
    var pieces = letterPieces(index, text), folded = "", owners = [];
    pieces.forEach(function (p) { folded += p[1]; for (var k = 0; k < p[1].length; k++) owners.push(p[0]); });
    var i = 0;
    while (i < folded.length) {
      var t = tileAt(index, folded, i);
      if (t < 0) return owners[i];
      i += index.texts[t].length;
    }
    return pieces.length ? pieces[pieces.length - 1][0] : "";
  }

  /** A typed rack -> {codes (tile codes, one per tile), blanks}, or a thrown RackError:
   *  TileSet.parse_rack. */
  function parse(index, rack) {
    var text = rack.trim();
    var blanks = text.split(index.blank).length - 1, letters = text.split(index.blank).join("");
    var codes = letters ? spell(index, letters) : "";
    if (codes === null) throw new RackError("tile", firstMisfit(index, letters));
    var size = codes.length + blanks;
    if (size === 0) throw new RackError("empty");
    if (size > index.maxRack) throw new RackError("long", String(size));
    if (blanks > index.blanks) throw new RackError("blanks", String(blanks));
    return { codes: codes, blanks: blanks };
  }

  function foldFilter(index, text, name) {
    if (!text) return "";
    var key = index.fold.text(text).key;
    if (key === null) throw new RackError("filter", name);
    return key;
  }

  /** Every (word, positions played by blanks) the rack can spell: a depth-first walk of the
   *  sorted spellings as a trie, one tile at a time, a real tile while the rack has a copy
   *  and a blank after. Blanks thus fall on the last occurrences of their tile, as in
   *  pipeline/racks.py; the set of words is the same as the signature walk's there. */
  function spellable(index, have, blanks) {
    var words = index.codes, found = [], blankAt = [];
    function visit(lo, hi, depth, blanksLeft) {
      if (words[lo].length === depth) { found.push([lo, blankAt.slice()]); lo++; }
      while (lo < hi) {
        var c = words[lo].charCodeAt(depth), a = lo + 1, b = hi, t = c - CODE_BASE;
        while (a < b) {  // the end of the child's range: the first spelling with a later code here
          var m = (a + b) >> 1;
          if (words[m].charCodeAt(depth) > c) b = m; else a = m + 1;
        }
        if (have[t] > 0) {
          have[t]--;
          visit(lo, a, depth + 1, blanksLeft);
          have[t]++;
        } else if (blanksLeft) {
          blankAt.push(depth);
          visit(lo, a, depth + 1, blanksLeft - 1);
          blankAt.pop();
        }
        lo = a;
      }
    }
    if (words.length) visit(0, words.length, 0, blanks);
    return found;
  }

  var SORT_KEYS = {
    score: function (a, b) { return (b.score - a.score) || (b.key.length - a.key.length) || W.compare(a.key, b.key) || W.compare(a.form, b.form); },
    length: function (a, b) { return (b.key.length - a.key.length) || (b.score - a.score) || W.compare(a.key, b.key) || W.compare(a.form, b.form); },
    alpha: function (a, b) { return W.compare(a.key, b.key) || W.compare(a.form, b.form) || (b.score - a.score); },
  };

  function matcher(pattern) {
    if (!pattern) return function () { return true; };
    return function (key) {
      if (key.length !== pattern.length) return false;
      for (var i = 0; i < pattern.length; i++) if (pattern[i] !== PATTERN_ANY && pattern[i] !== key[i]) return false;
      return true;
    };
  }

  /** Every word of a typed rack, filtered and sorted: RackIndex.solve. options: min_length
   *  (default 2), max_length, contains, starts, ends, pattern, sort ("score", "length",
   *  "alpha"). -> {rack: tile texts (blanks "?"), answers: [{form, key, tiles, score,
   *  blanks_used, bingo, forms}]}. */
  function solve(index, rack, options) {
    var o = options || {};
    var parsed = parse(index, rack);
    var minLength = o.min_length === undefined || o.min_length === null ? 2 : o.min_length;
    var maxLength = o.max_length === undefined || o.max_length === null ? Infinity : o.max_length;
    var sort = o.sort || "score";
    if (minLength < 1) throw new RackError("bounds", "min");
    if (maxLength < minLength) throw new RackError("bounds", "max");
    if (SORTS.indexOf(sort) < 0) throw new RackError("sort", sort);
    var contains = foldFilter(index, o.contains, "contains"), starts = foldFilter(index, o.starts, "starts");
    var ends = foldFilter(index, o.ends, "ends");
    var pattern = o.pattern ? o.pattern.split(PATTERN_ANY).map(function (p) { return foldFilter(index, p, "pattern"); }).join(PATTERN_ANY) : "";
    var matches = matcher(pattern);
    var have = new Int32Array(index.texts.length);
    for (var i = 0; i < parsed.codes.length; i++) have[parsed.codes.charCodeAt(i) - CODE_BASE]++;
    var points = index.points, answers = [];
    spellable(index, have, parsed.blanks).forEach(function (hit) {
      var w = hit[0], blanksUsed = hit[1], codes = index.codes[w], key = "", tiles = [], score = 0;
      for (var j = 0; j < codes.length; j++) {
        var t = codes.charCodeAt(j) - CODE_BASE;
        key += index.keys[t];
        tiles.push(index.texts[t]);
        score += points[t];
      }
      var n = key.length;
      if (n < minLength || n > maxLength || key.indexOf(contains) < 0 || !key.startsWith(starts) ||
          !key.endsWith(ends) || !matches(key)) return;
      for (var k = 0; k < blanksUsed.length; k++) score -= points[codes.charCodeAt(blanksUsed[k]) - CODE_BASE];
      var bingo = codes.length >= index.rackSize;
      if (bingo) score += index.bingo;
      var forms = W.decodeForms(tiles.join(""), index.extra[w]);
      answers.push({ form: forms[0], key: key, tiles: tiles, score: score, blanks_used: blanksUsed,
                     bingo: bingo, forms: forms });
    });
    answers.sort(SORT_KEYS[sort]);
    var rackTiles = Array.from(parsed.codes).sort().map(function (c) { return index.texts[c.charCodeAt(0) - CODE_BASE]; });
    for (var b = 0; b < parsed.blanks; b++) rackTiles.push(index.blank);
    return { rack: rackTiles, answers: answers };
  }

  return { decode: decode, parse: parse, spell: spell, solve: solve, RackError: RackError, SORTS: SORTS };
});
