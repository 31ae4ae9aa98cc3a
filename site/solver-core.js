/* Rusc — the solver pages' engines: any hive, any rack, from the static indexes.
 * Plain JavaScript, no framework, no page access.
 *
 * The twin of pipeline/games/beehive.py (parse_hive, BeehiveIndex.solve, hints) and
 * pipeline/lists/tiles.py and pipeline/games/racks/index.py (TileSet.parse_rack, RackIndex.solve and its filters), checked against
 * them under Node on 500 random hives and racks per language by tests/test_solvers_js.py.
 * The games' shared rules (folding, points, ranks, graded help, spelling into tiles) come
 * from site/game-core.js (RuscGame), never a second copy.
 *
 * Where to start reading:
 * - hive.decode() reads pipeline/browser/solvers.py hive_index(): every key filed under its
 *   letter-set bitmask; hive.solve() answers with the 64 lookups of the letter subsets that
 *   hold the centre; hive.hints() counts what is (still) to find.
 * - rack.decode() reads rack_index(): every word spelled in tile codes, sorted, in one
 *   byte array;
 *   rack.solve() walks those sorted spellings as a trie, one tile at a time: a real tile
 *   while the rack has a copy, else a blank if one is left. A node's children are found by
 *   binary search inside its range, so the trie costs no memory and no build time.
 * Exposed as window.RuscSolver in a browser (after game-core.js) and module.exports under Node.
 */
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./game-core.js"), require("./wire.js"));
  else root.RuscSolver = factory(root.RuscGame, root.RuscWire);
})(this, function (G, W) {
  "use strict";

  var hasOwn = Object.prototype.hasOwnProperty;

  /** Python's str < str (code points) for keys of the Basic Multilingual Plane. */
  function compare(a, b) { return a < b ? -1 : a > b ? 1 : 0; }

  function checkFormat(data, kind) {
    if (data.format !== W.SOLVER_INDEX_FORMAT || data.kind !== kind) throw new Error("unknown " + kind + " index format " + data.format);
  }

  // --- the hive ----------------------------------------------------------------------

  var HIVE_SIZE = 7;

  /** A HiveError: kind "length" (not 7 letters), "letter" (.letter is outside the
   *  alphabet) or "repeat" (a letter twice), as pipeline/games/beehive.py parse_hive refuses. */
  function HiveError(kind, letter) { this.kind = kind; this.letter = letter || ""; this.message = "hive: " + kind + " " + this.letter; }

  /** The parsed hive index: {alphabet, bits, sets: Map(mask -> line, then answers), rules};
   *  a head (pipeline/browser/solvers.py hive_index_files) has no sets until addSets adds them. */
  function decodeHive(data) {
    checkFormat(data, "hive");
    var alphabet = Array.from(data.alphabet), bits = {};
    alphabet.forEach(function (ch, i) { bits[ch] = 1 << i; });
    var index = { alphabet: alphabet, order: data.alphabet, bits: bits, sets: new Map(), minLength: data.min_length,
                  rules: { points: data.points, bonus: data.pangram_bonus }, ranks: data.ranks,
                  shards: data.shards || [], loaded: {}, fold: G.makeFolder(data.fold, data.alphabet) };
    fileSets(index, data.sets);
    return index;
  }

  /** File an index's lines ("letters<TAB>entries") under their letter sets' masks. */
  function fileSets(index, text) {
    (text ? text.split("\n") : []).forEach(function (line) {
      var mask = 0;
      Array.from(line.slice(0, line.indexOf("\t"))).forEach(function (ch) { mask |= index.bits[ch]; });
      index.sets.set(mask, line);  // parsed on first use (answersOf)
    });
  }

  /** Add the letter sets of one shard (pipeline/browser/solvers.py hive_index_files) to an index
   *  decoded from its head. */
  function addSets(index, data) {
    checkFormat(data, "hive-sets");
    if (!index.loaded[data.shard]) fileSets(index, data.sets);
    index.loaded[data.shard] = true;
  }

  /** The shards a hive needs that the index has not added yet: a set within the hive is
   *  filed under its two rarest letters (one if it has one), both the hive's. */
  function missingShards(index, text) {
    return shardsWithin(index.shards, parseHive(index, text)).filter(function (shard) { return !index.loaded[shard]; });
  }

  /** The shards (of ``shards``) made of letters of ``letters`` only. */
  function shardsWithin(shards, letters) {
    return shards.filter(function (shard) {
      return Array.from(shard).every(function (letter) { return letters.indexOf(letter) >= 0; });
    });
  }

  /** The answers ({key, forms, points, pangram}) filed under one letter-set mask. */
  function answersOf(index, mask) {
    var value = index.sets.get(mask);
    if (typeof value !== "string") return value;
    var answers = value.split("\t").slice(1).map(function (entry) {
      var space = entry.indexOf(" "), key = space < 0 ? entry : entry.slice(0, space);
      var scored = G.hivePoints(index.rules, key);
      return { key: key, forms: W.decodeForms(key, space < 0 ? "" : entry.slice(space + 1)),
               points: scored.points, pangram: scored.pangram };
    });
    index.sets.set(mask, answers);
    return answers;
  }

  /** Typed letters -> the normalised hive (centre first, the others in alphabet order), or
   *  a thrown HiveError. */
  function parseHive(index, text) {
    var chars = Array.from(text.trim().toLowerCase());
    if (chars.length !== HIVE_SIZE) throw new HiveError("length");
    for (var i = 0; i < chars.length; i++) if (!hasOwn.call(index.bits, chars[i])) throw new HiveError("letter", chars[i]);
    if (new Set(chars).size !== HIVE_SIZE) throw new HiveError("repeat");
    var rest = chars.slice(1).sort(function (a, b) { return index.order.indexOf(a) - index.order.indexOf(b); });
    return chars[0] + rest.join("");
  }

  /** Every answer of a hive, longest first then by key: the shape of pipeline/games/beehive.py's Hive. */
  function solveHive(index, text) {
    var letters = parseHive(index, text), bits = index.bits, chars = Array.from(letters), mask = 0;
    chars.forEach(function (ch) { mask |= bits[ch]; });
    var centre = bits[chars[0]], others = mask & ~centre, found = [], sub = others;
    // Every subset of the six other letters: sub = (sub - 1) & others steps through them all.
    for (;;) {
      if (index.sets.has(sub | centre)) found.push.apply(found, answersOf(index, sub | centre));
      if (sub === 0) break;
      sub = (sub - 1) & others;
    }
    found.sort(function (a, b) { return (b.key.length - a.key.length) || compare(a.key, b.key); });
    var total = 0, pangrams = 0;
    found.forEach(function (a) { total += a.points; if (a.pangram) pangrams++; });
    return { letters: letters, centre: chars[0],
             sorted_letters: index.alphabet.filter(function (ch) { return mask & bits[ch]; }).join(""),
             answers: found, total_points: total, pangram_count: pangrams, word_count: found.length,
             ranks: G.ranks(index.ranks, total) };
  }

  /** The hints of a hive's answers (all, or those still to find), as pipeline/games/beehive.py
   *  hints(): {word_count, total_points, pangram_count, lengths, rows: [letter, counts per
   *  length, total], column_totals, two_letter: [prefix, count]}, letters in hive order. */
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
    return { word_count: answers.length, total_points: points, pangram_count: pangrams, lengths: lengths, rows: rows,
             column_totals: lengths.map(function (n, j) { return rows.reduce(function (s, r) { return s + r[1][j]; }, 0); }),
             two_letter: Object.keys(two).sort(function (a, b) {
               return (order[a.charAt(0)] - order[b.charAt(0)]) || (order[a.charAt(1)] - order[b.charAt(1)]);
             }).map(function (p) { return [p, two[p]]; }) };
  }

  /** Found words typed or pasted (any spelling: accents, l·l, capitals; separated by
   *  spaces, commas or new lines) -> {keys: answers found, unknown: words that are not}. */
  function foundKeys(index, hive, text) {
    var keys = {}, known = {}, unknown = [];
    hive.answers.forEach(function (a) { known[a.key] = true; });
    text.split(/[\s,;]+/u).forEach(function (word) {
      if (!word) return;
      var key = index.fold(word).key;
      if (key && known[key]) keys[key] = true;
      else if (unknown.indexOf(word) < 0) unknown.push(word);
    });
    return { keys: keys, unknown: unknown };
  }

  // --- the rack ----------------------------------------------------------------------

  var CODE_BASE = W.TILE_CODE_BASE, UNSPELLABLE = "\u0000", PATTERN_ANY = "?";
  var SORTS = ["score", "length", "alpha"];

  /** A RackError: kind "tile" (.text is the first character no tile starts), "empty",
   *  "long", "blanks", "filter" (.text names the filter), "bounds" (min/max length) or
   *  "sort", as pipeline/games/racks/index.py refuses. */
  function RackError(kind, text) { this.kind = kind; this.text = text || ""; this.message = "rack: " + kind + " " + this.text; }

  /** The parsed rack index: every word's tile codes, sorted (the file's order), in the
   *  shape game-core.js's spell() reads, plus the words: one block of spellings for a whole
   *  index (pipeline/browser/solvers.py rack_index), none for a head, to which addWords adds them. */
  function decodeRack(data) {
    checkFormat(data, "rack");
    var texts = data.tiles.map(function (t) { return t[0]; }), tileChars = {};
    texts.forEach(function (t) { Array.from(t).forEach(function (ch) { tileChars[ch] = true; }); });
    var order = texts.map(function (t, i) { return i; }).sort(function (a, b) {
      return (Array.from(texts[b]).length - Array.from(texts[a]).length) || compare(texts[a], texts[b]);
    });
    return { data: { variants: data.variants }, tiles: texts, tileChars: tileChars, order: order,
             points: data.tiles.map(function (t) { return t[1]; }), keys: data.tiles.map(function (t) { return t[2]; }),
             blanks: data.blanks, rackSize: data.rack_size, bingo: data.bingo_bonus, maxRack: data.max_rack,
             blank: data.blank, blocks: data.words ? [spellings(data.words)] : [], lengths: data.lengths || [],
             loaded: {}, fold: G.makeFolder(data.fold, data.alphabet) };
  }

  /** Add the spellings of one number of tiles (pipeline/browser/solvers.py rack_index_files) to an
   *  index decoded from its head; a rack is solved over every block added. */
  function addWords(index, data) {
    checkFormat(data, "rack-words");
    if (!index.loaded[data.length]) index.blocks.push(spellings(data.words));
    index.loaded[data.length] = true;
  }

  /** The numbers of tiles whose words a rack may spell and the index has not added yet. */
  function missingLengths(index, rack) {
    var parsed = parseRack(index, rack), size = parsed.ids.length + parsed.blanks;
    return index.lengths.filter(function (n) { return n <= size && !index.loaded[n]; });
  }

  /** The index's lines (each: how many codes it shares with the line before, as
   *  one character: site/wire.js sharedCount), its other codes, and maybe a tab and its
   *  encoded forms) as one byte array of tile codes: spelling w is codes[start[w]] .. codes[start[w + 1] - 1], and
   *  extra[w] its encoded forms if it has any. One allocation, not a string per spelling:
   *  Catalan's 774,414 spellings took 0.84 s to decode as strings under Node, 0.18 s so. */
  function spellings(text) {
    var count = text ? 1 : 0, i, end;
    for (i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) count++;
    var start = new Int32Array(count + 1), extra = new Array(count), codes = new Uint8Array(Math.max(16, text.length * 2));
    var at = 0, size = 0, previous = 0, TAB = 9;
    for (var w = 0; w < count; w++) {
      end = text.indexOf("\n", at);
      if (end < 0) end = text.length;
      var shared = W.sharedCount(text, at);
      if (size + shared + end - at > codes.length) {
        var grown = new Uint8Array(2 * (size + shared + end - at));
        grown.set(codes.subarray(0, size));
        codes = grown;
      }
      start[w] = size;
      for (i = 0; i < shared; i++) codes[size + i] = codes[previous + i];
      previous = size;
      size += shared;
      for (i = at + 1; i < end; i++) {
        var c = text.charCodeAt(i);
        if (c === TAB) { extra[w] = text.slice(i + 1, end); break; }
        codes[size++] = c;
      }
      at = end + 1;
    }
    start[count] = size;
    return { codes: codes, start: start, extra: extra };
  }

  /** The typed character where the cut into tiles fails (pipeline/lists/tiles.py
   *  TileSet._first_misfit), for the message. */
  function firstMisfit(index, text) {
    var s = text.normalize("NFC").toLowerCase();
    index.data.variants.forEach(function (v) { s = s.split(v[0]).join(v[1]); });
    var typed = Array.from(s), folded = "", owners = [];
    typed.forEach(function (ch) {
      var piece = index.tileChars[ch] ? ch : index.fold.drop.indexOf(ch) >= 0 ? "" : (index.fold(ch).key || UNSPELLABLE);
      folded += piece;
      for (var k = 0; k < piece.length; k++) owners.push(ch);
    });
    var i = 0;
    while (i < folded.length) {
      var hit = -1;
      for (var k = 0; k < index.order.length && hit < 0; k++) if (folded.startsWith(index.tiles[index.order[k]], i)) hit = index.order[k];
      if (hit < 0) return owners[i];
      i += index.tiles[hit].length;
    }
    return typed.length ? typed[typed.length - 1] : "";
  }

  /** A typed rack -> {ids: tile ids, blanks}, or a thrown RackError. */
  function parseRack(index, rack) {
    var text = rack.trim(), pieces = text.split(index.blank);
    var blanks = pieces.length - 1, letters = pieces.join("");
    var ids = letters ? G.spell(index, letters) : [];
    if (ids === null) throw new RackError("tile", firstMisfit(index, letters));
    var size = ids.length + blanks;
    if (size === 0) throw new RackError("empty");
    if (size > index.maxRack) throw new RackError("long", String(size));
    if (blanks > index.blanks) throw new RackError("blanks", String(blanks));
    return { ids: ids, blanks: blanks };
  }

  function foldFilter(index, text, name) {
    if (!text) return "";
    var key = index.fold(text).key;
    if (key === null) throw new RackError("filter", name);
    return key;
  }

  /** Every (word, positions played by blanks) the rack can spell: a depth-first walk of
   *  the sorted spellings as a trie, a real tile while the rack has a copy and a blank
   *  after, so blanks fall on the last copies of their tile, as in pipeline/games/racks/index.py. */
  function spellable(block, have, blanks) {
    var codes = block.codes, start = block.start, found = [], blankAt = [];
    function visit(lo, hi, depth, blanksLeft) {
      if (start[lo + 1] - start[lo] === depth) { found.push([lo, blankAt.slice()]); lo++; }
      while (lo < hi) {
        var c = codes[start[lo] + depth], a = lo + 1, b = hi, t = c - CODE_BASE;
        while (a < b) {  // the end of the child's range: the first spelling with a later code here
          var m = (a + b) >> 1;
          if (codes[start[m] + depth] > c) b = m; else a = m + 1;
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
    if (start.length > 1) visit(0, start.length - 1, 0, blanks);
    return found;
  }

  var SORT_KEYS = {
    score: function (a, b) { return (b.score - a.score) || (b.key.length - a.key.length) || compare(a.key, b.key) || compare(a.form, b.form); },
    length: function (a, b) { return (b.key.length - a.key.length) || (b.score - a.score) || compare(a.key, b.key) || compare(a.form, b.form); },
    alpha: function (a, b) { return compare(a.key, b.key) || compare(a.form, b.form) || (b.score - a.score); },
  };

  function matcher(pattern) {
    return function (key) {
      if (!pattern) return true;
      if (key.length !== pattern.length) return false;
      for (var i = 0; i < pattern.length; i++) if (pattern[i] !== PATTERN_ANY && pattern[i] !== key[i]) return false;
      return true;
    };
  }

  /** Every word of a typed rack, filtered and sorted (RackIndex.solve). options: min_length
   *  (default 2), max_length, contains, starts, ends, pattern (? = any one letter), sort
   *  ("score", "length", "alpha"). -> {rack: tile texts, blanks "?"; answers: [{form, key,
   *  tiles, score, blanks_used, bingo, forms}]}. */
  function solveRack(index, rack, options) {
    var o = options || {}, parsed = parseRack(index, rack);
    var minLength = o.min_length === undefined || o.min_length === null ? 2 : o.min_length;
    var maxLength = o.max_length === undefined || o.max_length === null ? Infinity : o.max_length;
    var sort = o.sort || "score";
    if (minLength < 1) throw new RackError("bounds", "min");
    if (maxLength < minLength) throw new RackError("bounds", "max");
    if (SORTS.indexOf(sort) < 0) throw new RackError("sort", sort);
    var contains = foldFilter(index, o.contains, "contains"), starts = foldFilter(index, o.starts, "starts");
    var ends = foldFilter(index, o.ends, "ends");
    var pattern = o.pattern ? o.pattern.split(PATTERN_ANY).map(function (p) { return foldFilter(index, p, "pattern"); }).join(PATTERN_ANY) : "";
    var matches = matcher(pattern), points = index.points, answers = [];
    var have = new Int32Array(index.tiles.length);
    parsed.ids.forEach(function (t) { have[t]++; });
    index.blocks.forEach(function (block) {
      spellable(block, have, parsed.blanks).forEach(function (hit) {
        var w = hit[0], blanksUsed = hit[1], first = block.start[w], size = block.start[w + 1] - first;
        var codes = block.codes, key = "", tiles = [], score = 0, j;
        for (j = 0; j < size; j++) {
          var t = codes[first + j] - CODE_BASE;
          key += index.keys[t];
          tiles.push(index.tiles[t]);
          score += points[t];
        }
        var n = key.length;
        if (n < minLength || n > maxLength || key.indexOf(contains) < 0 || !key.startsWith(starts) ||
            !key.endsWith(ends) || !matches(key)) return;
        for (j = 0; j < blanksUsed.length; j++) score -= points[codes[first + blanksUsed[j]] - CODE_BASE];
        var bingo = size >= index.rackSize;
        if (bingo) score += index.bingo;
        var forms = W.decodeForms(tiles.join(""), block.extra[w] || "");
        answers.push({ form: forms[0], key: key, tiles: tiles, score: score, blanks_used: blanksUsed, bingo: bingo, forms: forms });
      });
    });
    answers.sort(SORT_KEYS[sort]);
    var rackTiles = parsed.ids.slice().sort(function (a, b) { return a - b; }).map(function (t) { return index.tiles[t]; });
    for (var b = 0; b < parsed.blanks; b++) rackTiles.push(index.blank);
    return { rack: rackTiles, answers: answers };
  }

  /** An index fetched in parts (pipeline/browser/solvers.py hive_index_files, rack_index_files):
   *  {head: a promise of the head at `url`, decoded; names: the parts' names (partUrls' keys);
   *  fetch(names): a promise of those parts, each fetched once and added to the decoded head
   *  by `add` when both have come (a failed fetch is tried again when asked again)}.
   *  fetchJson(url) gives a promise of the JSON at url. */
  function partsLoader(fetchJson, url, partUrls, decode, add) {
    var head = fetchJson(url).then(decode), fetching = {};
    function part(name) {
      if (!fetching[name]) {
        fetching[name] = Promise.all([head, fetchJson(partUrls[name])]).then(function (got) { add(got[0], got[1]); });
        fetching[name].catch(function () { delete fetching[name]; });
      }
      return fetching[name];
    }
    return { head: head, names: Object.keys(partUrls), fetch: function (names) { return Promise.all(names.map(part)); } };
  }

  return {
    partsLoader: partsLoader,
    hive: { decode: decodeHive, addSets: addSets, missingShards: missingShards, shardsWithin: shardsWithin, parse: parseHive, solve: solveHive,
            hints: hints, foundKeys: foundKeys,
            help: G.helpStep, rankOf: G.rankOf, HiveError: HiveError, SIZE: HIVE_SIZE },
    rack: { decode: decodeRack, addWords: addWords, missingLengths: missingLengths, parse: parseRack, solve: solveRack,
            RackError: RackError, SORTS: SORTS },
  };
});
