/* Rusc — the beehive engine in the browser: solve any hive, its hints, graded help.
 * Plain JavaScript, no framework; shared by every page that shows a hive's help.
 *
 * The twin of pipeline/beehive.py (parse_hive, BeehiveIndex.solve, hints,
 * rank_thresholds), checked against it under Node on thousands of random hives by
 * tests/test_solvers_js.py. Where to start reading: decode() reads the hive index that
 * pipeline/solvers.py hive_index() writes (every key filed under its letter-set bitmask);
 * solve() answers a hive with the 64 lookups of the letter subsets holding the centre;
 * hints() is the first-letter × length grid and the two-letter list; reveal() is the
 * graded help (first two letters and length, then the first half, then the word).
 * In a page it is the global RuscHive (with RuscWords loaded first); under Node, require().
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./words-core.js"));
  else root.RuscHive = factory(root.RuscWords);
})(this, function (W) {
  "use strict";

  var HIVE_SIZE = 7;

  /** The parsed hive index: {alphabet, bits, sets: Map(mask -> line or answers), rules}. */
  function decode(data) {
    if (data.format !== 1 || data.kind !== "hive") throw new Error("unknown hive index format " + data.format);
    var alphabet = Array.from(data.alphabet), bits = {};
    alphabet.forEach(function (ch, i) { bits[ch] = 1 << i; });
    var sets = new Map(), lines = data.sets ? data.sets.split("\n") : [];
    lines.forEach(function (line) {
      var tab = line.indexOf("\t"), mask = 0;
      Array.from(line.slice(0, tab)).forEach(function (ch) { mask |= bits[ch]; });
      sets.set(mask, line);  // parsed into answers on first use (see answersOf)
    });
    return { alphabet: alphabet, order: data.alphabet, bits: bits, sets: sets, minLength: data.min_length,
             points: data.points, bonus: data.pangram_bonus, ranks: data.ranks,
             fold: W.makeFolder(data.alphabet, data.fold) };
  }

  function popcount(m) { var n = 0; while (m) { m &= m - 1; n++; } return n; }

  /** Points of a key: by length from the rules (else its length), plus the bonus for 7 letters. */
  function wordPoints(index, key, pangram) {
    var n = Array.from(key).length, p = Object.prototype.hasOwnProperty.call(index.points, n) ? index.points[n] : n;
    return p + (pangram ? index.bonus : 0);
  }

  /** The answers ({key, forms, points, pangram}) filed under one letter-set mask. */
  function answersOf(index, mask) {
    var value = index.sets.get(mask);
    if (typeof value !== "string") return value;
    var pangram = popcount(mask) === HIVE_SIZE;
    var answers = value.split("\t").slice(1).map(function (entry) {
      var space = entry.indexOf(" ");
      var key = space < 0 ? entry : entry.slice(0, space);
      return { key: key, forms: W.decodeForms(key, space < 0 ? "" : entry.slice(space + 1)),
               points: wordPoints(index, key, pangram), pangram: pangram };
    });
    index.sets.set(mask, answers);
    return answers;
  }

  /** A HiveError: kind "length" (not 7 letters), "letter" (.letter outside the alphabet),
   *  "repeat" (a letter twice). The page words it; the CLI's messages say the same. */
  function HiveError(kind, letter) { this.kind = kind; this.letter = letter || ""; this.message = "hive: " + kind + " " + this.letter; }

  /** Typed letters -> normalised hive (centre first, the others in alphabet order), or a
   *  thrown HiveError: pipeline/beehive.py parse_hive. */
  function parse(index, text) {
    var chars = Array.from(text.trim().toLowerCase());
    if (chars.length !== HIVE_SIZE) throw new HiveError("length");
    for (var i = 0; i < chars.length; i++) if (!Object.prototype.hasOwnProperty.call(index.bits, chars[i])) throw new HiveError("letter", chars[i]);
    if (new Set(chars).size !== HIVE_SIZE) throw new HiveError("repeat");
    var rest = chars.slice(1).sort(function (a, b) { return index.order.indexOf(a) - index.order.indexOf(b); });
    return chars[0] + rest.join("");
  }

  function byLengthThenKey(a, b) {
    return (b.key.length - a.key.length) || W.compare(a.key, b.key);
  }

  /** (name, minimum points) of each rank: share × total, rounded half up. */
  function rankThresholds(index, total) {
    return index.ranks.map(function (r) { return [r[0], Math.floor(r[1] * total + 0.5)]; });
  }

  /** Every answer of a hive: the shape of pipeline/beehive.py's Hive. */
  function solve(index, text) {
    var letters = parse(index, text), bits = index.bits, chars = Array.from(letters);
    var mask = 0;
    chars.forEach(function (ch) { mask |= bits[ch]; });
    var centre = bits[chars[0]], others = mask & ~centre, found = [], sub = others;
    // Every subset of the six other letters: sub = (sub - 1) & others steps through them all.
    for (;;) {
      if (index.sets.has(sub | centre)) found.push.apply(found, answersOf(index, sub | centre));
      if (sub === 0) break;
      sub = (sub - 1) & others;
    }
    found.sort(byLengthThenKey);
    var total = 0, pangrams = 0;
    found.forEach(function (a) { total += a.points; if (a.pangram) pangrams++; });
    var sorted = index.alphabet.filter(function (ch) { return mask & bits[ch]; }).join("");
    return { letters: letters, centre: chars[0], sorted_letters: sorted, answers: found, total_points: total,
             pangram_count: pangrams, word_count: found.length, ranks: rankThresholds(index, total) };
  }

  /** The hints of a hive's answers (all, or those still to find): pipeline/beehive.py
   *  hints(). grid and two_letter are arrays of [letter or prefix, ...] in hive order. */
  function hints(hive, answers) {
    answers = answers || hive.answers;
    var order = {};
    Array.from(hive.sorted_letters).forEach(function (ch, i) { order[ch] = i; });
    var lengths = [], grid = {}, two = {}, points = 0, pangrams = 0;
    answers.forEach(function (a) {
      var n = a.key.length, first = a.key.charAt(0), prefix = a.key.slice(0, 2);
      if (lengths.indexOf(n) < 0) lengths.push(n);
      grid[first] = grid[first] || {};
      grid[first][n] = (grid[first][n] || 0) + 1;
      two[prefix] = (two[prefix] || 0) + 1;
      points += a.points;
      if (a.pangram) pangrams++;
    });
    lengths.sort(function (a, b) { return a - b; });
    var rows = Object.keys(grid).sort(function (a, b) { return order[a] - order[b]; }).map(function (letter) {
      var counts = lengths.map(function (n) { return grid[letter][n] || 0; });
      return [letter, counts, counts.reduce(function (s, c) { return s + c; }, 0)];
    });
    var columns = lengths.map(function (n, j) { return rows.reduce(function (s, r) { return s + r[1][j]; }, 0); });
    var twoLetter = Object.keys(two).sort(function (a, b) {
      return (order[a.charAt(0)] - order[b.charAt(0)]) || (order[a.charAt(1)] - order[b.charAt(1)]);
    }).map(function (p) { return [p, two[p]]; });
    return { word_count: answers.length, total_points: points, pangram_count: pangrams, lengths: lengths,
             rows: rows, column_totals: columns, two_letter: twoLetter };
  }

  /** Graded help for one answer: level 1 the first two letters and the length, level 2 the
   *  first half (rounded up), level 3 the word. -> {shown, length, done}. */
  function reveal(answer, level) {
    var n = answer.key.length;
    if (level >= 3) return { shown: answer.forms.join(" / "), length: n, done: true };
    var count = level === 2 ? Math.max(2, Math.ceil(n / 2)) : 2;
    return { shown: answer.key.slice(0, count), length: n, done: false };
  }

  /** Keys of typed found words (any spelling: accents, l·l, capitals), split on anything
   *  that is neither a letter nor a folded character. Unknown words are returned apart. */
  function foundKeys(index, hive, text) {
    var keys = {}, known = {}, unknown = [];
    hive.answers.forEach(function (a) { known[a.key] = true; });
    text.split(/[\s,;]+/u).forEach(function (word) {
      if (!word) return;
      var key = index.fold.text(word).key;
      if (key && known[key]) keys[key] = true;
      else if (unknown.indexOf(word) < 0) unknown.push(word);
    });
    return { keys: keys, unknown: unknown };
  }

  return { decode: decode, parse: parse, solve: solve, hints: hints, reveal: reveal, foundKeys: foundKeys,
           rankThresholds: rankThresholds, HiveError: HiveError, HIVE_SIZE: HIVE_SIZE };
});
