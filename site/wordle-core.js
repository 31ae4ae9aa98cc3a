/* Rusc — the Wordle helper's engine: pure functions, no page access, the twin of
 * pipeline/games/wordle/ (rules, filters, feedback, ranking, endgame, strategy), held to it
 * under Node by tests/test_wordle_js.py on thousands of random cases.
 *
 * Where to start reading: `decode` (the page data, pipeline/browser/wordle_data.py), then
 * `compile` and `filter` (the words that fit the clues), then `suggest` (the next guess:
 * `plan` says what to rank, `ranker` ranks it in slices a page can paint between).
 * Exposed as window.RuscWordle in a browser (after wire.js and fold.js) and as
 * module.exports under Node.
 */
(function (root) {
  "use strict";

  // The folding of typed text into game keys is the games' (site/fold.js), one copy.
  var Fold = typeof module === "object" && module.exports ? require("./fold.js") : window.RuscFold;
  // The page data's wire format (pipeline/browser/wire.py), one copy.
  var W = typeof module === "object" && module.exports ? require("./wire.js") : window.RuscWire;
  var GREY = 0, YELLOW = 1, GREEN = 2;
  var MARKS = ".yg";
  var hasOwn = Object.prototype.hasOwnProperty;

  // --- core ------------------------------------------------------------------------

  /** The page's JSON (see pipeline/browser/wordle_data.py) as arrays the filter can scan quickly. */
  function decode(data) {
    if (data.format !== W.WORDLE_DATA_FORMAT) throw new Error("unknown data format " + data.format);
    var L = data.length, text = data.keys, alphabet = Array.from(data.alphabet);
    var index = {};
    alphabet.forEach(function (ch, i) { index[ch] = i; });
    var keys = [], prev = "", i = 0;
    while (i < text.length) {
      var shared = W.sharedCount(text, i), rest = L - shared;
      var key = prev.slice(0, shared) + text.slice(i + 1, i + 1 + rest);
      keys.push(key);
      prev = key;
      i += 1 + rest;
    }
    var codes = new Uint8Array(keys.length * L);
    keys.forEach(function (key, w) {
      var chars = Array.from(key);
      for (var j = 0; j < L; j++) codes[w * L + j] = index[chars[j]];
    });
    var forms = new Array(keys.length), at = 0;
    for (var f = 0; f < data.forms.length; f += 2) {
      at += data.forms[f];
      forms[at] = W.decodeForms(keys[at], data.forms[f + 1]);
    }
    var position = {};
    keys.forEach(function (key, w) { position[key] = w; });
    var weight = new Float64Array(keys.length);
    for (var w = 0; w < keys.length; w++) weight[w] = data.weights[W.LEVEL_CHARS.indexOf(data.levels[w])];
    // What finding a word in time is worth (pipeline.games.wordle.endgame.found_weights): a unit
    // above every word found if it is common, one above every prior weight together, and its
    // own weight; and every word alike, for the splitters.
    var found = new Float64Array(keys.length), alike = new Float64Array(keys.length).fill(1), end = data.endgame;
    for (w = 0; w < keys.length; w++) {
      found[w] = (end.common && weight[w] >= end.common ? end.common_unit : 0) + end.unit + weight[w];
    }
    return { length: L, alphabet: alphabet, letterIndex: index, keys: keys, codes: codes,
             forms: forms, position: position, weight: weight, found: found, alike: alike, first: data.first,
             opener: data.opener, second: data.second, book: data.book, budget: data.budget, top: data.top, endgame: data.endgame,
             shortcuts: data.shortcuts, fold: Fold.makeFolder(data.fold, data.alphabet) };
  }

  /** Display forms of word w. */
  function formsOf(words, w) {
    return words.forms[w] || [words.keys[w]];
  }

  /** Wordle's colours of guess g against answer a, as a base-3 number (first letter most
   *  significant; 0 grey, 1 yellow, 2 green). g and a are offsets into codes. */
  function patternCode(gc, g, ac, a, L, used) {
    var i, j;
    for (i = 0; i < L; i++) used[i] = gc[g + i] === ac[a + i] ? 1 : 0;
    var p = 0;
    for (i = 0; i < L; i++) {
      var m = GREY, x = gc[g + i];
      if (x === ac[a + i]) m = GREEN;
      else {
        for (j = 0; j < L; j++) {
          if (!used[j] && ac[a + j] === x) { used[j] = 1; m = YELLOW; break; }
        }
      }
      p = p * 3 + m;
    }
    return p;
  }

  /** Feedback as a string of g, y and . (for tests and for symmetry with Python). */
  function feedback(guess, answer) {
    var g = Array.from(guess), a = Array.from(answer), letters = {}, n = 0;
    function code(ch) { if (!hasOwn.call(letters, ch)) letters[ch] = n++; return letters[ch]; }
    var gc = g.map(code), ac = a.map(code);
    var p = patternCode(gc, 0, ac, 0, g.length, new Uint8Array(g.length)), out = [];
    for (var i = g.length - 1; i >= 0; i--) { out[i] = MARKS[p % 3]; p = Math.floor(p / 3); }
    return out.join("");
  }

  /** Clues [{guess: key, marks: [0|1|2,...]}] -> per-letter constraints (see
   *  pipeline/games/wordle/rules.py compile_clues, whose docstring says why they are exact). */
  function compile(words, clues) {
    var L = words.length, A = words.alphabet.length, idx = words.letterIndex;
    var allowed = new Uint8Array(L * A).fill(1), fixed = new Int16Array(L).fill(-1);
    var atLeast = new Int8Array(A), atMost = new Int8Array(A).fill(L);
    var impossible = null, conflict = false;
    clues.forEach(function (clue, number) {
      var guess = Array.from(clue.guess), marked = new Int8Array(A), greyed = new Uint8Array(A);
      for (var i = 0; i < L; i++) {
        var c = idx[guess[i]], m = clue.marks[i];
        if (m === GREEN) {
          for (var other = 0; other < A; other++) if (other !== c) allowed[i * A + other] = 0;
          if (fixed[i] >= 0 && fixed[i] !== c) conflict = true;
          fixed[i] = c;
          marked[c]++;
        } else {
          allowed[i * A + c] = 0;
          if (m === YELLOW) {
            if (greyed[c] && !impossible) impossible = { guess: number, letter: guess[i] };
            marked[c]++;
          } else greyed[c] = 1;
        }
      }
      for (var l = 0; l < A; l++) {
        if (marked[l] > atLeast[l]) atLeast[l] = marked[l];
        if (greyed[l] && marked[l] < atMost[l]) atMost[l] = marked[l];
      }
    });
    var counted = [];
    for (var l = 0; l < A; l++) if (atLeast[l] > 0 || atMost[l] < L) counted.push(l);
    // conflict: two greens at one place; no word fits (the filter finds none by itself).
    return { allowed: allowed, fixed: fixed, atLeast: atLeast, atMost: atMost, counted: counted,
             impossible: impossible, conflict: conflict };
  }

  /** Indices of the words that fit (pipeline.games.wordle.filters.fitting). */
  function filter(words, cons) {
    var out = [];
    if (cons.impossible) return out;
    var L = words.length, A = words.alphabet.length, codes = words.codes, allowed = cons.allowed;
    var counted = cons.counted, atLeast = cons.atLeast, atMost = cons.atMost, n = words.keys.length;
    outer:
    for (var w = 0, base = 0; w < n; w++, base += L) {
      for (var i = 0; i < L; i++) if (!allowed[i * A + codes[base + i]]) continue outer;
      for (var k = 0; k < counted.length; k++) {
        var l = counted[k], count = 0;
        for (i = 0; i < L; i++) if (codes[base + i] === l) count++;
        if (count < atLeast[l] || count > atMost[l]) continue outer;
      }
      out.push(w);
    }
    return out;
  }

  /** Indices of the guesses hard mode allows (pipeline.games.wordle.filters.hard_pool): greens
   *  in place, each revealed letter used at least as often as a clue showed it. */
  function hardPool(words, cons) {
    var out = [], L = words.length, A = words.alphabet.length, codes = words.codes, n = words.keys.length;
    if (cons.impossible || cons.conflict) return out;
    var needed = [];
    for (var l = 0; l < A; l++) if (cons.atLeast[l] > 0) needed.push(l);
    outer:
    for (var w = 0, base = 0; w < n; w++, base += L) {
      for (var i = 0; i < L; i++) if (cons.fixed[i] >= 0 && codes[base + i] !== cons.fixed[i]) continue outer;
      for (var k = 0; k < needed.length; k++) {
        var c = needed[k], count = 0;
        for (i = 0; i < L; i++) if (codes[base + i] === c) count++;
        if (count < cons.atLeast[c]) continue outer;
      }
      out.push(w);
    }
    return out;
  }

  /** pipeline.games.wordle.ranking.letter_scores: per guess, how evenly its letters (and its
   *  letters in place) split the candidates' weight. */
  function letterScores(words, guesses, candidates) {
    var L = words.length, A = words.alphabet.length, codes = words.codes, weight = words.weight;
    var total = 0, withLetter = new Float64Array(A), at = new Float64Array(L * A), seen = new Uint8Array(A);
    candidates.forEach(function (w) {
      total += weight[w];
      seen.fill(0);
      for (var i = 0; i < L; i++) {
        var c = codes[w * L + i];
        at[i * A + c] += weight[w];
        if (!seen[c]) { seen[c] = 1; withLetter[c] += weight[w]; }
      }
    });
    return guesses.map(function (g) {
      var h = 0;
      seen.fill(0);
      for (var i = 0; i < L; i++) {
        var c = codes[g * L + i];
        h += Math.min(at[i * A + c], total - at[i * A + c]);
        if (!seen[c]) { seen[c] = 1; h += Math.min(withLetter[c], total - withLetter[c]); }
      }
      return h;
    });
  }

  /** pipeline.games.wordle.ranking.guesses_to_rank: the pool, or its budget's worth of guesses
   *  with the best letter scores (ties: first key), in key order. */
  function guessesToRank(words, pool, candidates, budget) {
    if (pool.length * candidates.length <= budget) return pool;
    var keep = Math.max(1, Math.floor(budget / candidates.length));
    var quick = letterScores(words, pool, candidates);
    var order = pool.map(function (g, k) { return k; });
    order.sort(function (a, b) { return quick[b] - quick[a] || pool[a] - pool[b]; });
    return order.slice(0, keep).map(function (k) { return pool[k]; }).sort(function (a, b) { return a - b; });
  }

  /** For the guesses without repeated letters, whose feedback is a sum over their letters:
   *  table[(i * A + c) * n + k] is what letter c at position i adds to the feedback number
   *  against candidate k: 3^(L-1-i) if candidate k has c anywhere, twice that if there (a
   *  green is in place and present; pipeline.games.wordle.feedback.feedback_codes, one product). */
  function markTable(words, candidates) {
    var L = words.length, A = words.alphabet.length, codes = words.codes, n = candidates.length;
    var table = new Uint16Array(L * A * n), present = new Uint8Array(A), power = [], i, j;
    for (i = L - 1, j = 1; i >= 0; i--, j *= 3) power[i] = j;
    candidates.forEach(function (w, k) {
      present.fill(0);
      for (i = 0; i < L; i++) {
        var c = codes[w * L + i];
        table[(i * A + c) * n + k] += power[i];
        if (present[c]) continue;
        present[c] = 1;
        for (j = 0; j < L; j++) table[(j * A + c) * n + k] += power[j];
      }
    });
    return table;
  }

  /** Places in `candidates`, heaviest first (ties: place). */
  function heaviestFirst(weight, candidates) {
    var places = new Int32Array(candidates.length);
    for (var k = 0; k < places.length; k++) places[k] = k;
    return places.sort(function (a, b) { return weight[candidates[b]] - weight[candidates[a]] || a - b; });
  }

  /** A job that ranks guesses (word indices) exactly as pipeline.games.wordle.ranking.rank:
   *  least remaining weight (sum over non-winning feedbacks of their weight squared), then
   *  most likely to win now, then key (by `weight`, default the prior's; words.alike for
   *  rank's uniform). step(budget) scores up to `budget` guesses and returns true when
   *  done; result() gives [{word, remaining, win, left, total, count, found}], with
   *  guessesLeft > 0 joined by the splitters (within endgame.split guesses left:
   *  with_splitters) and in the order of inTimeFirst, and the guess `booked` (the book's,
   *  if any, joining them if it is not one of them) first. */
  function ranker(words, guesses, candidates, top, guessesLeft, booked, hard, weight) {
    var shown = top;
    if (guessesLeft > 0) top = Math.max(top, words.endgame.top);
    weight = weight || words.weight;
    var L = words.length, codes = words.codes, n = candidates.length;
    var bins = Math.pow(3, L), win = bins - 1;
    var sums = new Float64Array(bins), sizes = new Int32Array(bins), touched = new Int32Array(n);
    var ownWeight = new Float64Array(words.keys.length), total = 0;
    var cw = new Float64Array(n);
    // Scored heaviest first (heavy[k] is candidates[byPlace[k]]): the running sum passes
    // the bound sooner; the sums are exact integers, so the order changes no result.
    var byPlace = heaviestFirst(weight, candidates), heavy = new Int32Array(n);
    for (var h = 0; h < n; h++) heavy[h] = candidates[byPlace[h]];
    heavy.forEach(function (w, k) { ownWeight[w] = weight[w]; cw[k] = weight[w]; total += weight[w]; });
    // Promising guesses first, so the bound below tightens early (the order cannot change
    // the result: the ranking is a total order).
    var quick = letterScores(words, guesses, candidates);
    var order = guesses.map(function (g, k) { return k; });
    order.sort(function (a, b) { return quick[b] - quick[a] || guesses[a] - guesses[b]; });
    order = order.map(function (k) { return guesses[k]; });
    var best = [], next = 0;

    function worse(x, y) {  // does ranking x come after ranking y?
      if (x.remaining !== y.remaining) return x.remaining > y.remaining;
      if (x.win !== y.win) return x.win < y.win;
      return x.word > y.word;  // keys are sorted, so word order is key order
    }

    // posmask[k * A + c]: bit i set iff candidate k has letter c at position i, so a
    // yellow is one AND instead of a scan (the same rule as patternCode).
    var A = words.alphabet.length, posmask = new Int32Array(n * A), letters = new Uint8Array(L);
    heavy.forEach(function (w, k) {
      for (var i = 0; i < L; i++) posmask[k * A + codes[w * L + i]] |= 1 << i;
    });
    var marks = markTable(words, heavy), rows = new Int32Array(L), distinct = false;

    function pattern(k) {
      var p = 0, i;
      if (distinct) {
        for (i = 0; i < L; i++) p += marks[rows[i] + k];
        return p;
      }
      var base = heavy[k] * L, kA = k * A, green = 0;
      for (i = 0; i < L; i++) if (letters[i] === codes[base + i]) green |= 1 << i;
      var taken = green;
      for (i = 0; i < L; i++) {
        var m = GREY;
        if (green & (1 << i)) m = GREEN;
        else {
          var free = posmask[kA + letters[i]] & ~taken;
          if (free) { taken |= free & -free; m = YELLOW; }
        }
        p = p * 3 + m;
      }
      return p;
    }

    /** Set the guess whose feedback pattern(k) gives: its letters, and for a guess without
     *  repeated letters the rows of markTable to add. */
    function setGuess(g) {
      distinct = true;
      for (var i = 0; i < L; i++) {
        letters[i] = codes[g * L + i];
        for (var j = 0; j < i; j++) if (letters[j] === letters[i]) distinct = false;
        rows[i] = (i * A + letters[i]) * n;
      }
    }

    /** Remaining weight of guess g, or -1 once it exceeds bound (weights are at least 1,
     *  so an untouched feedback has sum 0; the win's is never added to). */
    function score(g, bound) {
      var sum = 0, t = 0, p, s, w;
      setGuess(g);
      for (var k = 0; k < n; k++) {
        p = pattern(k);
        if (p === win) continue;
        w = cw[k];
        s = sums[p];
        if (s === 0) touched[t++] = p;
        sum += (2 * s + w) * w;
        sums[p] = s + w;
        if (sum > bound) break;
      }
      while (t > 0) sums[touched[--t]] = 0;
      return sum <= bound ? sum : -1;
    }

    /** Sum of weight × count over the non-winning feedbacks of guess g. */
    function weightTimesCount(g) {
      var left = 0, t = 0, p, j;
      setGuess(g);
      for (var k = 0; k < n; k++) {
        p = pattern(k);
        if (p === win) continue;
        if (sizes[p] === 0) touched[t++] = p;
        sizes[p]++;
        sums[p] += cw[k];
      }
      for (j = 0; j < t; j++) { left += sums[touched[j]] * sizes[touched[j]]; sums[touched[j]] = 0; sizes[touched[j]] = 0; }
      return left;
    }

    /** The candidates (word indices) grouped by their feedback to guess g, without the win,
     *  groups in feedback order (a counting sort: views of one array). */
    function feedbackGroups(g) {
      var feedbackOf = new Int32Array(n), start = new Int32Array(bins + 1), sorted = new Int32Array(n), k;
      setGuess(g);
      for (k = 0; k < n; k++) { feedbackOf[byPlace[k]] = pattern(k); start[feedbackOf[byPlace[k]] + 1]++; }
      for (k = 0; k < bins; k++) start[k + 1] += start[k];
      var at = start.slice(0, bins), groups = [];
      for (k = 0; k < n; k++) sorted[at[feedbackOf[k]]++] = candidates[k];
      for (k = 0; k < win; k++) if (start[k + 1] > start[k]) groups.push(sorted.subarray(start[k], start[k + 1]));
      return groups;
    }

    /** pipeline.games.wordle.endgame.with_splitters: the ranked items and the guesses that split
     *  the candidates best when each counts alike, in the order of the ranking. */
    function withSplitters(items) {
      var have = {};
      items.forEach(function (item) { have[item.word] = true; });
      rank(words, guesses, candidates, words.endgame.splitters, 0, -1, false, words.alike).forEach(function (other) {
        if (hasOwn.call(have, other.word)) return;
        items.push({ word: other.word, remaining: score(other.word, Infinity), win: ownWeight[other.word],
                     total: total, count: n, found: -1 });
      });
      return items.sort(function (x, y) { return worse(x, y) ? 1 : worse(y, x) ? -1 : 0; });
    }

    return {
      total: order.length,
      done: function () { return next >= order.length; },
      step: function (budget) {
        var stop = Math.min(order.length, next + budget);
        for (; next < stop; next++) {
          var g = order[next];
          var bound = best.length === top ? best[best.length - 1].remaining : Infinity;
          var s = score(g, bound);
          if (s < 0) continue;
          var item = { word: g, remaining: s, win: ownWeight[g], total: total, count: n, found: -1 };
          if (best.length < top || worse(best[best.length - 1], item)) {
            var at = best.length;
            while (at > 0 && worse(best[at - 1], item)) at--;
            best.splice(at, 0, item);
            if (best.length > top) best.pop();
          }
        }
        return next >= order.length;
      },
      result: function () {
        var items = best.slice();
        if (guessesLeft > 0 && guessesLeft <= words.endgame.split) items = withSplitters(items);
        if (booked >= 0 && !items.some(function (item) { return item.word === booked; })) {
          // A planned guess (pipeline.games.wordle.book) need not be one the ranking keeps.
          items.push({ word: booked, remaining: score(booked, Infinity), win: ownWeight[booked], total: total, count: n,
                       found: -1 });
          items.sort(function (x, y) { return worse(x, y) ? 1 : worse(y, x) ? -1 : 0; });
        }
        items.forEach(function (item) { item.left = weightTimesCount(item.word); });
        if (guessesLeft > 0) items = inTimeFirst(words, items, feedbackGroups, guessesLeft, hard);
        if (booked >= 0 && items.length && items[0].word !== booked) {
          // The build put it first by playing the games out (pipeline.games.wordle.book).
          items = items.filter(function (item) { return item.word === booked; })
            .concat(items.filter(function (item) { return item.word !== booked; }));
          items[0].playedOut = true;
        }
        return items.slice(0, shown);
      },
    };
  }

  function weightOf(words, group) {
    var total = 0;
    group.forEach(function (w) { total += words.found[w]; });
    return total;
  }

  /** pipeline.games.wordle.endgame.found_in_time: what the candidates `group` found within
   *  `left` guesses are worth (words.found: a unit per word and its prior weight) when
   *  every guess is one of them, played at best (exact up to endgame.exact candidates and
   *  endgame.depth guesses, a lower bound with more guesses left; a larger group counts
   *  as found). */
  function foundInTime(words, group, left) {
    var weight = words.found, m = group.length;
    if (left <= 0) return 0;
    if (left === 1) return group.reduce(function (most, w) { return Math.max(most, weight[w]); }, 0);
    if (m > words.endgame.exact) return weightOf(words, group);
    var depth = Math.min(left, words.endgame.depth);
    if (m <= depth) return weightOf(words, group);  // playOut's first answer, without its table
    var members = new Int32Array(m);
    for (var a = 0; a < m; a++) members[a] = a;
    return playOut(endgame(words, group, depth), members, 0, m, depth, -1);
  }

  /** A group's feedback table (guess row, answer column) and weights, members numbered
   *  heaviest first (ties: group order): members in ascending number are in the order
   *  _play_out tries its guesses, so the search never sorts by weight. */
  function endgame(words, group, depth) {
    var m = group.length, weight = words.found, game = scratch(words, depth), a;
    var sorted = Array.from(heaviestFirst(weight, group), function (a) { return group[a]; });
    for (a = 0; a < m; a++) game.weights[a] = weight[sorted[a]];
    feedbackTable(words, sorted, game.table);
    game.m = m;
    for (game.bits = 1; (1 << game.bits) < m;) game.bits++;
    return game;
  }

  /** The endgame's arrays (up to endgame.exact members), made once and reused by the
   *  hundreds of groups a step plays out: a buffer per depth, bestOfTwo's marks. */
  var lastScratch = null;
  function scratch(words, depth) {
    var game = lastScratch, size = words.endgame.exact, win = Math.pow(3, words.length) - 1;
    if (game && game.words === words && game.buffers.length > depth) return game;
    var buffers = [];
    for (var level = 0; level <= depth; level++) buffers.push(new Int32Array(size));
    lastScratch = { words: words, m: 0, bits: 0, table: new Int32Array(size * size),
                    weights: new Float64Array(size), win: win, buffers: buffers,
                    seen: new Float64Array(win + 1), mark: 0 };
    return lastScratch;
  }

  /** table[a * m + b] = patternCode(group[a], group[b]) by the ranker's bitmasks. */
  function feedbackTable(words, group, table) {
    var m = group.length, L = words.length, A = words.alphabet.length, codes = words.codes;
    var posmask = new Int32Array(m * A), a, b, i;
    for (b = 0; b < m; b++) for (i = 0; i < L; i++) posmask[b * A + codes[group[b] * L + i]] |= 1 << i;
    for (a = 0; a < m; a++) {
      var g = group[a] * L;
      for (b = 0; b < m; b++) {
        var base = group[b] * L, bA = b * A, green = 0, p = 0;
        for (i = 0; i < L; i++) if (codes[g + i] === codes[base + i]) green |= 1 << i;
        var taken = green;
        for (i = 0; i < L; i++) {
          var mark = GREY;
          if (green & (1 << i)) mark = GREEN;
          else {
            var free = posmask[bA + codes[g + i]] & ~taken;
            if (free) { taken |= free & -free; mark = YELLOW; }
          }
          p = p * 3 + mark;
        }
        table[a * m + b] = p;
      }
    }
  }

  /** pipeline.games.wordle.endgame._play_out on members[from..to) (ascending numbers of
   *  `game`): the best candidate to guess, recursively; exact when more than floor, else
   *  at most floor (a guess is given up once it cannot beat the best so far). */
  function playOut(game, members, from, to, left, floor) {
    var weights = game.weights, table = game.table, m = game.m, n = to - from, total = 0, k;
    for (k = from; k < to; k++) total += weights[members[k]];
    if (left <= 0) return 0;
    if (n <= left) return total;  // one candidate per guess is enough
    if (left === 1) return weights[members[from]];  // the heaviest comes first
    if (left === 2) return bestOfTwo(game, members, from, to, total);
    var best = floor, bits = game.bits, mask = (1 << bits) - 1, groups = game.buffers[left];
    var keys = groups.subarray(0, n);
    for (k = from; k < to && best < total; k++) {
      var guess = members[k], row = guess * m, found = weights[guess], unplayed = total - found, j, end;
      // Groups by feedback, ascending (np.unique), members ascending: one numeric sort.
      for (j = 0; j < n; j++) keys[j] = (table[row + members[from + j]] << bits) | members[from + j];
      keys.sort();
      for (j = 0; j < n; j = end) {
        var p = keys[j] >> bits;
        for (end = j + 1; end < n && keys[end] >> bits === p;) end++;
        for (var i = j; i < end; i++) keys[i] &= mask;  // the group's members, for the call below
        if (p === game.win) continue;
        for (i = j; i < end; i++) unplayed -= weights[keys[i]];
        found += playOut(game, keys, j, end, left - 1, best - found - unplayed);
        if (found + unplayed <= best) break;
      }
      best = Math.max(best, found);
    }
    return best;
  }

  /** playOut with two guesses left: a candidate, then the heaviest of its feedback's,
   *  which is the first met (heaviest first); seen[p] === mark: p counted for this guess. */
  function bestOfTwo(game, members, from, to, total) {
    var weights = game.weights, table = game.table, m = game.m, win = game.win, seen = game.seen, best = 0;
    for (var k = from; k < to && best < total; k++) {
      var guess = members[k], row = guess * m, found = weights[guess], mark = ++game.mark;
      for (var j = from; j < to; j++) {
        var p = table[row + members[j]];
        if (p !== win && seen[p] !== mark) { seen[p] = mark; found += weights[members[j]]; }
      }
      best = Math.max(best, found);
    }
    return best;
  }

  /** pipeline.games.wordle.endgame.found_in_two: what `group` found within two guesses is
   *  worth when the first is one of `guesses` (any words) and the second the likeliest
   *  candidate of its feedback. */
  function foundInTwo(words, group, guesses) {
    var L = words.length, codes = words.codes, found = words.found, win = Math.pow(3, L) - 1;
    var used = new Uint8Array(L), best = 0;
    guesses.forEach(function (g) {
      var most = {}, sum = 0;
      group.forEach(function (w) {
        var p = patternCode(codes, g * L, codes, w * L, L, used);
        if (p === win) sum += found[w];
        else if (!hasOwn.call(most, p) || found[w] > most[p]) most[p] = found[w];
      });
      for (var p in most) sum += most[p];
      best = Math.max(best, sum);
    });
    return best;
  }

  /** pipeline.games.wordle.endgame.in_time_first: ranked items in the order of what each finds
   *  within `left` guesses (most words, then most prior weight), the ranking breaking ties,
   *  each with `found`, the words it is sure to find (groupsOf(g): the candidates grouped
   *  by their feedback to guess g, the win left out); in normal mode, a group with two
   *  guesses left may also be split by one of the items (foundInTwo). */
  function inTimeFirst(words, items, groupsOf, left, hard) {
    var known = new Map();  // group → found: guesses that do not tell a family apart leave it whole
    // Only groups played out are remembered: the others cost a sum, less than a long key.
    var searched = left - 1 >= 2 ? words.endgame.exact : 0, short = words.keys.length <= 65536;
    var unit = words.endgame.unit, splitters = null;
    if (!hard && left - 1 === 2) {
      splitters = items.map(function (item) { return item.word; }).sort(function (a, b) { return a - b; });
    }
    function inGroup(group) {
      var value = foundInTime(words, group, left - 1);
      if (splitters && group.length > 2 && group.length <= words.endgame.exact) {
        value = Math.max(value, foundInTwo(words, group, splitters));
      }
      return value;
    }
    function found(group) {
      if (group.length <= 2 || group.length > searched) return inGroup(group);
      // One UTF-16 unit per word: a typed array's join is slow.
      var key = short ? String.fromCharCode.apply(null, group) : group.join(",");
      if (!known.has(key)) known.set(key, inGroup(group));
      return known.get(key);
    }
    var finds = items.map(function (item) {
      return groupsOf(item.word).reduce(function (sum, group) { return sum + found(group); },
                                        item.win ? words.found[item.word] : 0);
    });
    var order = items.map(function (item, k) { return k; });
    order.sort(function (a, b) { return finds[b] - finds[a] || a - b; });
    // found_count: the words counted, common or not.
    return order.map(function (k) {
      items[k].found = Math.floor((finds[k] % words.endgame.common_unit) / unit);
      return items[k];
    });
  }

  function rank(words, guesses, candidates, top, guessesLeft, booked, hard, weight) {
    var job = ranker(words, guesses, candidates, top, guessesLeft, booked, hard, weight);
    job.step(Infinity);
    return job.result();
  }

  /** pipeline.games.wordle.strategy.book_key: a state's clues as "guess:pattern", space-separated. */
  function bookKey(clues) {
    return clues.map(function (clue) {
      return clue.guess + ":" + clue.marks.map(function (m) { return ".yg".charAt(m); }).join("");
    }).join(" ");
  }

  /** What to rank for a state, as pipeline.games.wordle.strategy.suggest decides:
   *  {candidates, guesses, opening, left (guesses left, hard mode), booked (the book's
   *  guess or -1)}. */
  function plan(words, clues, cons, hard, candidates) {
    var all = [];
    for (var w = 0; w < words.keys.length; w++) all.push(w);
    var mode = hard ? "hard" : "normal";
    // A mode may open with another of the opening ranking's guesses (book.py, _Bookmaker.opener).
    if (!clues.length) return { candidates: all, guesses: words.first, opening: true, left: 0, booked: words.opener[mode] };
    var book = words.book[mode], key = bookKey(clues);
    var booked = hasOwn.call(book, key) ? book[key] : -1;
    var pool = hard ? hardPool(words, cons) : all;
    // The best guesses go in the order of what they find in time (inTimeFirst).
    var left = words.endgame.guesses - clues.length;
    var table = words.second[mode];
    if (clues.length === 1 && clues[0].guess === words.keys[words.opener[mode]]) {
      var code = clues[0].marks.reduce(function (p, m) { return p * 3 + m; }, 0);
      if (hasOwn.call(table, String(code)) && pool.length * candidates.length > words.budget) {
        return { candidates: candidates, guesses: table[String(code)].slice(0, words.top), opening: false, left: left,
                 booked: booked };
      }
    }
    return { candidates: candidates, guesses: guessesToRank(words, pool, candidates, words.budget), opening: false,
             left: left, booked: booked };
  }

  /** The helper's suggestions for clues [{guess, marks}] (Python: strategy.suggest). */
  function suggest(words, clues, hard, top) {
    var cons = compile(words, clues);
    var candidates = clues.length ? filter(words, cons) : null;
    if (candidates && !candidates.length) return [];
    var p = plan(words, clues, cons, hard, candidates);
    return rank(words, p.guesses, p.candidates, top || words.top, p.left, p.booked, hard);
  }

  /** pipeline.games.wordle.filters.near_fits: the words that fit every clue but one, likeliest
   *  first, as [{word, clue}] (clue: the number, from 0, of the clue the word breaks). */
  function nearFits(words, clues) {
    if (clues.length < 2) return [];
    var n = words.keys.length, fitted = new Int32Array(n), broken = new Int32Array(n), near = [], w;
    clues.forEach(function (clue, number) {
      var fitting = new Uint8Array(n);
      filter(words, compile(words, [clue])).forEach(function (w) { fitting[w] = 1; fitted[w]++; });
      for (w = 0; w < n; w++) if (!fitting[w]) broken[w] = number;
    });
    for (w = 0; w < n; w++) if (fitted[w] === clues.length - 1) near.push(w);
    return byLikelihood(words, near).map(function (w) { return { word: w, clue: broken[w] }; });
  }

  /** Candidates most likely first (weight, then key). */
  function byLikelihood(words, candidates) {
    return candidates.slice().sort(function (a, b) { return words.weight[b] - words.weight[a] || a - b; });
  }

  /** Wordle's share grid: each line of exactly L squares (🟩 or the high-contrast 🟧 green,
   *  🟨 or 🟦 yellow, ⬛ or ⬜ grey) is one guess's colours; other lines (the title, the
   *  score) are ignored. -> {rows: [[0|1|2,...]], bad: line number or 0, found: squares}. */
  var SQUARES = { "\u{1F7E9}": GREEN, "\u{1F7E7}": GREEN, "\u{1F7E8}": YELLOW, "\u{1F7E6}": YELLOW,
                  "\u2B1B": GREY, "\u2B1C": GREY };
  function parseGrid(text, L) {
    var rows = [], bad = 0, found = 0;
    text.split(/\r\n|\r|\n/).forEach(function (line, number) {
      var chars = Array.from(line.replace(/[\s\uFE0F]/g, ""));
      if (!chars.length || !chars.every(function (ch) { return hasOwn.call(SQUARES, ch); })) return;
      if (chars.length !== L) { if (!bad) { bad = number + 1; found = chars.length; } return; }
      rows.push(chars.map(function (ch) { return SQUARES[ch]; }));
    });
    return { rows: rows, bad: bad, found: found };
  }

  var core = { decode: decode, feedback: feedback, compile: compile,
               filter: filter, hardPool: hardPool, letterScores: letterScores,
               guessesToRank: guessesToRank, ranker: ranker, rank: rank, plan: plan,
               suggest: suggest, byLikelihood: byLikelihood, nearFits: nearFits, parseGrid: parseGrid,
               formsOf: formsOf, bookKey: bookKey, GREY: GREY, YELLOW: YELLOW, GREEN: GREEN };

  if (typeof module === "object" && module.exports) module.exports = core;
  else root.RuscWordle = core;
})(this);
