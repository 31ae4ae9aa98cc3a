/* Rusc — the rules of the daily games, once: folding, hashing, judging an entry, scoring,
 * ranks and the live hints. Pure functions, no page access; the pages' scripts
 * (beehive-game.js, rack-game.js) call them, and tests/test_game_js.py runs them under
 * Node against the Python engines (pipeline/games/beehive.py, pipeline/games/racks/) on every
 * scheduled day of a month in both languages.
 *
 * Where to start reading: `hive(data)` and `judgeHive` (what a typed word earns), then
 * `hintsLeft` (the first-letter x length grid and two-letter list still to find), then
 * `rack(data)`, `spell` and `judgeRack`. The data is what pipeline/browser/playdata.py embeds.
 * Page data is read through site/wire.js (RuscWire) and typed text folded by site/fold.js
 * (RuscFold, re-exported as makeFolder), both loaded before this script.
 * Exposed as window.RuscGame in a browser and as module.exports under Node.
 */
(function (root, W, F) {
  "use strict";

  var hasOwn = Object.prototype.hasOwnProperty;

  // --- hashing (pipeline.browser.playdata.key_hash) -------------------------------------------

  /** cyrb53 of salt + text, its low 48 bits as 12 hex digits. */
  function hash(salt, text) {
    var s = salt + text, h1 = 0xdeadbeef, h2 = 0x41c6ce57;
    for (var i = 0; i < s.length; i++) {
      var ch = s.charCodeAt(i);
      h1 = Math.imul(h1 ^ ch, 2654435761);
      h2 = Math.imul(h2 ^ ch, 1597334677);
    }
    h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507);
    h1 ^= Math.imul(h2 ^ (h2 >>> 13), 3266489909);
    h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507);
    h2 ^= Math.imul(h1 ^ (h1 >>> 13), 3266489909);
    var high = ((h2 & 0x1fffff) >>> 0) & 0xffff;  // bits 32..47
    return ("0000" + high.toString(16)).slice(-4) + ("00000000" + (h1 >>> 0).toString(16)).slice(-8);
  }

  /** pipeline.browser.playdata.unseal: the text seal() sealed with `secret` (what an answer's hash
   *  covers), from base64; a wrong secret gives garbage, or null when it is not UTF-8. */
  function unseal(salt, secret, sealed) {
    var binary = atob(sealed), bytes = new Uint8Array(binary.length), block = "";
    for (var i = 0; i < binary.length; i++) {
      if (i % 6 === 0) block = hash(salt, "meaning|" + i / 6 + "|" + secret);
      bytes[i] = binary.charCodeAt(i) ^ parseInt(block.substr((i % 6) * 2, 2), 16);
    }
    try { return new TextDecoder("utf-8", { fatal: true }).decode(bytes); } catch (error) { return null; }
  }

  /** The answers' hashes of the page data as a set (or those of another run of hashes). */
  function answerSet(data, hashes) {
    if (data.format !== W.PLAY_DATA_FORMAT) throw new Error("unknown game data format " + data.format);
    var set = {}, run = hashes === undefined ? data.hashes : hashes;
    for (var i = 0; i < run.length; i += 12) set[run.slice(i, i + 12)] = true;
    return set;
  }

  /** Display forms of a found key (pipeline.browser.playdata: encoded, keyed by its hash). */
  function formsOf(data, digest, key) {
    return W.decodeForms(key, hasOwn.call(data.forms, digest) ? data.forms[digest] : "");
  }

  // --- the beehive -------------------------------------------------------------------

  /** A hive from its page data. */
  function hive(data) {
    var letters = Array.from(data.letters);
    var hiveSet = {};
    letters.forEach(function (ch) { hiveSet[ch] = true; });
    return {
      data: data, letters: letters, centre: letters[0], inHive: hiveSet,
      fold: F.makeFolder(data.fold, data.alphabet), answers: answerSet(data),
      // Valid words below the answers' frequency floor (pipeline.games.beehive.answer_tiers).
      bonus: answerSet(data, data.bonus_hashes || ""),
      ranks: ranks(data.rules.ranks, data.total),
    };
  }

  /** Points of a key in the hive (pipeline.games.beehive.word_points). */
  function hivePoints(rules, key) {
    var chars = Array.from(key), distinct = {};
    chars.forEach(function (ch) { distinct[ch] = true; });
    var n = chars.length, pangram = Object.keys(distinct).length === 7;
    var points = hasOwn.call(rules.points, String(n)) ? rules.points[String(n)] : n;
    return { points: points + (pangram ? rules.bonus : 0), pangram: pangram };
  }

  /** What a typed entry earns: {kind, key, points, pangram, forms, bad}. kind is one of
   *  "empty", "letter" (a letter not in the hive), "short", "centre" (missing), "found"
   *  (already), "list" (not a word of the list), "bonus" (a word, but no answer: it scores
   *  nothing) or "ok". `found` maps keys already found (answers and bonus words) to true. */
  function judgeHive(h, text, found) {
    text = text.trim();  // a space typed or pasted around the word is no letter of it
    var folded = h.fold(text), key = folded.key;
    if (!folded.bad.length && !key) return { kind: "empty" };
    var chars = key ? Array.from(key) : [];
    // A letter outside the hive is named first: it is what the player must change.
    if (folded.bad.length) return { kind: "letter", bad: folded.bad };
    var outside = chars.filter(function (ch) { return !h.inHive[ch]; });
    if (outside.length) return { kind: "letter", key: key, bad: unique(outside) };
    if (chars.length < h.data.rules.min_length) return { kind: "short", key: key };
    if (chars.indexOf(h.centre) < 0) return { kind: "centre", key: key };
    if (hasOwn.call(found, key)) return { kind: "found", key: key };
    var digest = hash(h.data.salt, key);
    if (h.bonus[digest]) return { kind: "bonus", key: key, points: 0, forms: formsOf(h.data, digest, key) };
    if (!h.answers[digest]) return { kind: "list", key: key };
    var scored = hivePoints(h.data.rules, key);
    return { kind: "ok", key: key, points: scored.points, pangram: scored.pangram,
             forms: formsOf(h.data, digest, key) };
  }

  /** (name, minimum points) of each rank: share x total rounded half up
   *  (pipeline.games.beehive.rank_thresholds). */
  function ranks(shares, total) {
    return shares.map(function (r) { return [r[0], Math.floor(r[1] * total + 0.5)]; });
  }

  /** {index, name, next, toNext} of a score: the highest rank reached, the next one. */
  function rankOf(table, score) {
    var i = 0;
    while (i + 1 < table.length && score >= table[i + 1][1]) i++;
    var next = i + 1 < table.length ? table[i + 1] : null;
    return { index: i, name: table[i][0], next: next ? next[0] : null, toNext: next ? next[1] - score : 0 };
  }

  /** The hints still to find: {grid: {letter: {length: n}}, two: {prefix: n}, words, points}
   *  = the page's counts minus the found keys (every cell kept, zeros included). */
  function hintsLeft(data, foundKeys) {
    var two = {};
    Object.keys(data.hints.two).forEach(function (p) { two[p] = data.hints.two[p]; });
    var points = 0;
    foundKeys.forEach(function (key) {
      var pair = Array.from(key).slice(0, 2).join("");
      if (hasOwn.call(two, pair)) two[pair]--;
      points += hivePoints(data.rules, key).points;
    });
    var grid = gridLeft(data.hints.grid, foundKeys.map(function (key) { return Array.from(key); }));
    return { grid: grid, two: two, words: data.words - foundKeys.length, points: data.total - points };
  }

  /** A hint grid {first: {length: n}} less the words found, each as its units (a hive
   *  word's letters, a rack word's tiles): counted by first unit and number of units. */
  function gridLeft(counts, foundUnits) {
    var grid = {};
    Object.keys(counts).forEach(function (first) {
      grid[first] = {};
      Object.keys(counts[first]).forEach(function (n) { grid[first][n] = counts[first][n]; });
    });
    foundUnits.forEach(function (units) {
      var first = units[0], n = String(units.length);
      if (grid[first] && hasOwn.call(grid[first], n)) grid[first][n]--;
    });
    return grid;
  }

  /** The graded help for one word (a key, or its units: letters or tiles), step 1..3:
   *  its start and length, more of its start, the whole word ({shown, length, whole}).
   *  Each step shows more than the one before, short words too: a 3-letter word starts
   *  with one letter shown, a 4-letter one with two, and step 2 never shows all. */
  function helpStep(key, step) {
    var units = Array.isArray(key) ? key : Array.from(key), n = units.length;
    if (step >= 3) return { shown: units.join(""), length: n, whole: true };
    var first = Math.max(1, Math.min(2, n - 2));
    var shown = step === 2 ? Math.max(first + 1, Math.min(n - 1, Math.ceil(n / 2))) : first;
    return { shown: units.slice(0, Math.min(shown, n)).join(""), length: n, whole: false };
  }

  /** Which praise a word earns: the index of the last tier whose minimum its points reach
   *  (tiers: ascending minimum points, the first 0). */
  function tier(minimums, points) {
    var i = 0;
    while (i + 1 < minimums.length && points >= minimums[i + 1]) i++;
    return i;
  }

  // --- the rack ----------------------------------------------------------------------

  /** A rack from its page data. */
  function rack(data) {
    var tiles = data.tiles.map(function (t) { return t[0]; });
    var points = data.tiles.map(function (t) { return t[1]; });
    var ids = {}, tileChars = {};
    tiles.forEach(function (t, i) { ids[t] = i; Array.from(t).forEach(function (ch) { tileChars[ch] = true; }); });
    var order = tiles.map(function (t, i) { return i; }).sort(function (a, b) {
      var la = Array.from(tiles[a]).length, lb = Array.from(tiles[b]).length;
      return lb - la || (tiles[a] < tiles[b] ? -1 : tiles[a] > tiles[b] ? 1 : 0);
    });
    var have = tiles.map(function () { return 0; });
    data.rack.forEach(function (t) { have[ids[t]]++; });
    return {
      data: data, tiles: tiles, points: points, ids: ids, tileChars: tileChars, order: order, have: have,
      fold: F.makeFolder(data.fold, data.alphabet), answers: answerSet(data),
    };
  }

  /** Tile ids spelling typed text, or null (pipeline.games.racks.TileSet.spell): lower case,
   *  digraph variants, each other character folded as keys are, then a greedy cut,
   *  longest tile first. */
  function spell(r, text) {
    var s = text.normalize("NFC").toLowerCase();
    r.data.variants.forEach(function (v) { s = s.split(v[0]).join(v[1]); });
    var letters = "", ok = true;
    Array.from(s).forEach(function (ch) {
      if (hasOwn.call(r.tileChars, ch)) letters += ch;
      else if (r.fold.drop.indexOf(ch) >= 0) return;
      else {
        var folded = r.fold(ch).key;
        if (folded === null) ok = false; else letters += folded;
      }
    });
    if (!ok) return null;
    var ids = [], at = 0;
    while (at < letters.length) {
      var hit = -1;
      for (var k = 0; k < r.order.length; k++) {
        var t = r.tiles[r.order[k]];
        if (letters.startsWith(t, at)) { hit = r.order[k]; break; }
      }
      if (hit < 0) return null;
      ids.push(hit);
      at += r.tiles[hit].length;
    }
    return ids;
  }

  /** How the rack covers a word's tiles: real tiles first, blanks for the rest, each blank
   *  on the last copies of its tile. {score, blanks: positions, bingo} or null. */
  function cover(r, ids) {
    var need = r.tiles.map(function () { return 0; });
    ids.forEach(function (t) { need[t]++; });
    var blanksUsed = [], score = 0, blanks = 0;
    need.forEach(function (n, t) {
      var extra = Math.max(0, n - r.have[t]);
      blanks += extra;
      for (var i = ids.length - 1; i >= 0 && extra > 0; i--) if (ids[i] === t) { blanksUsed.push(i); extra--; }
      score += Math.min(n, r.have[t]) * r.points[t];
    });
    if (blanks > r.data.blanks) return null;
    var bingo = ids.length >= r.data.rules.rack_size;
    if (bingo) score += r.data.rules.bingo;
    return { score: score, blanks: blanksUsed.sort(function (a, b) { return a - b; }), bingo: bingo };
  }

  /** What a typed word earns on the rack: {kind, key, id, tiles, score, blanks, bingo, forms}.
   *  kind: "empty", "letter" (no tile spells it), "short", "tiles" (the rack cannot make
   *  it), "found", "list" or "ok". `found` maps found ids (tile texts joined by |) to true. */
  function judgeRack(r, text, found) {
    text = text.trim();
    var folded = r.fold(text);
    if (!folded.key && !folded.bad.length) return { kind: "empty" };
    var ids = spell(r, text);
    if (ids === null) return { kind: "letter", bad: folded.bad };
    var texts = ids.map(function (t) { return r.tiles[t]; }), id = texts.join("|");
    if (ids.length < r.data.rules.min_tiles) return { kind: "short", id: id };
    var covered = cover(r, ids);
    if (!covered) return { kind: "tiles", id: id };
    if (hasOwn.call(found, id)) return { kind: "found", id: id };
    var digest = hash(r.data.salt, id);
    if (!r.answers[digest]) return { kind: "list", id: id };
    return { kind: "ok", id: id, key: folded.key, tiles: texts, score: covered.score, blanks: covered.blanks,
             bingo: covered.bingo, forms: formsOf(r.data, digest, folded.key) };
  }

  function unique(list) {
    return list.filter(function (x, i) { return list.indexOf(x) === i; });
  }

  var api = { makeFolder: F.makeFolder, hash: hash, unseal: unseal, formsOf: formsOf, hive: hive,
              hivePoints: hivePoints, judgeHive: judgeHive, ranks: ranks, rankOf: rankOf,
              hintsLeft: hintsLeft, gridLeft: gridLeft, helpStep: helpStep, tier: tier, rack: rack, spell: spell, cover: cover,
              judgeRack: judgeRack };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.RuscGame = api;
})(this, typeof module === "object" && module.exports ? require("./wire.js") : this.RuscWire,
   typeof module === "object" && module.exports ? require("./fold.js") : this.RuscFold);
