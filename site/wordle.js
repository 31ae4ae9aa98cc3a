/* Rusc — Wordle clue filter. Plain JavaScript, no framework, nothing from other hosts.
 *
 * Where to start reading: `core` (pure functions, the twin of pipeline/wordle.py, also run
 * under Node by tests/test_wordle_js.py) — decode, fold, feedback, compile, filter,
 * suggest. Then `start`, which wires the page: the guesses the player types, their tiles'
 * colours, the words that fit and the suggestions. Every text goes in with textContent.
 */
(function () {
  "use strict";

  var GREY = 0, YELLOW = 1, GREEN = 2;
  var MARKS = ".yg";
  var hasOwn = Object.prototype.hasOwnProperty;

  // --- core ------------------------------------------------------------------------

  /** The page's JSON (see build_wordle_data) as arrays the filter can scan quickly. */
  function decode(data) {
    if (data.format !== 1) throw new Error("unknown data format " + data.format);
    var L = data.length, text = data.keys, alphabet = Array.from(data.alphabet);
    var index = {};
    alphabet.forEach(function (ch, i) { index[ch] = i; });
    var keys = [], prev = "", i = 0;
    while (i < text.length) {
      var shared = text.charCodeAt(i) - 48, rest = L - shared;
      var key = prev.slice(0, shared) + text.slice(i + 1, i + 1 + rest);
      keys.push(key);
      prev = key;
      i += 1 + rest;
    }
    var codes = new Uint8Array(keys.length * L);
    keys.forEach(function (key, w) {
      for (var j = 0; j < L; j++) codes[w * L + j] = index[key[j]];
    });
    var forms = new Array(keys.length), at = 0;
    for (var f = 0; f < data.forms.length; f += 2) {
      at += data.forms[f];
      forms[at] = data.forms[f + 1].split(" ").map(function (item) {
        return expandForm(keys[at], item);
      });
    }
    var position = {};
    keys.forEach(function (key, w) { position[key] = w; });
    return { length: L, alphabet: alphabet, letterIndex: index, keys: keys, codes: codes,
             forms: forms, position: position, first: data.first, fold: makeFolder(data) };
  }

  function expandForm(key, item) {
    if (item === "=") return key;
    if (item.charCodeAt(0) >= 48 && item.charCodeAt(0) <= 57) {
      var chars = key.split("");
      for (var j = 0; j < item.length; j += 2) chars[item.charCodeAt(j) - 48] = item[j + 1];
      return chars.join("");
    }
    return item;
  }

  /** Display forms of word w. */
  function formsOf(words, w) {
    return words.forms[w] || [words.keys[w]];
  }

  /** fold(text) -> {key, bad}: the game key as pipeline.clean.fold makes it (key is null
   *  if some characters are not letters of the alphabet; bad lists them). */
  function makeFolder(data) {
    var alphabet = {}, table = data.fold.chars, drop = data.fold.drop, replace = data.fold.replace;
    Array.from(data.alphabet).forEach(function (ch) { alphabet[ch] = true; });
    var mark = /^\p{M}+$/u;
    function foldChar(ch) {
      if (hasOwn.call(alphabet, ch)) return ch;
      if (hasOwn.call(table, ch)) return table[ch];
      var parts = Array.from(ch.normalize("NFD"));
      if (parts.length > 1 && hasOwn.call(alphabet, parts[0]) && mark.test(parts.slice(1).join(""))) return parts[0];
      return null;
    }
    return function (text) {
      var s = text.normalize("NFC").toLowerCase();
      for (var r = 0; r < replace.length; r++) s = s.split(replace[r][0]).join(replace[r][1]);
      var key = "", bad = [];
      Array.from(s).forEach(function (ch) {
        if (drop.indexOf(ch) >= 0) return;
        var out = foldChar(ch);
        if (out === null) { if (bad.indexOf(ch) < 0) bad.push(ch); } else key += out;
      });
      return { key: bad.length ? null : key, bad: bad };
    };
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
   *  pipeline/wordle.py compile_clues, whose docstring says why they are exact). */
  function compile(words, clues) {
    var L = words.length, A = words.alphabet.length, idx = words.letterIndex;
    var allowed = new Uint8Array(L * A).fill(1);
    var atLeast = new Int8Array(A), atMost = new Int8Array(A).fill(L);
    var impossible = null;
    clues.forEach(function (clue, number) {
      var guess = Array.from(clue.guess), marked = new Int8Array(A), greyed = new Uint8Array(A);
      for (var i = 0; i < L; i++) {
        var c = idx[guess[i]], m = clue.marks[i];
        if (m === GREEN) {
          for (var other = 0; other < A; other++) if (other !== c) allowed[i * A + other] = 0;
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
    return { allowed: allowed, atLeast: atLeast, atMost: atMost, counted: counted, impossible: impossible };
  }

  /** Indices of the words that fit. */
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

  /** A job that ranks the guesses (word indices) by expected candidates left, exactly as
   *  pipeline.wordle.suggest: fewest first, then guesses that are candidates, then key.
   *  step(budget) scores up to `budget` guesses and returns true when done; result()
   *  gives [{word, sumSquares, isCandidate}]. */
  function suggester(words, candidates, guesses, top) {
    var L = words.length, codes = words.codes, n = candidates.length;
    var counts = new Int32Array(Math.pow(3, L)), touched = new Int32Array(n);
    var isCandidate = new Uint8Array(words.keys.length);
    candidates.forEach(function (w) { isCandidate[w] = 1; });
    // Promising guesses first (letters found in many candidates): the bound tightens early.
    var presence = new Int32Array(words.alphabet.length), seen = new Uint8Array(words.alphabet.length);
    candidates.forEach(function (w) {
      seen.fill(0);
      for (var i = 0; i < L; i++) { var c = codes[w * L + i]; if (!seen[c]) { seen[c] = 1; presence[c]++; } }
    });
    var heuristic = new Float64Array(words.keys.length);
    guesses.forEach(function (g) {
      seen.fill(0);
      var h = 0;
      for (var i = 0; i < L; i++) { var c = codes[g * L + i]; if (!seen[c]) { seen[c] = 1; h += presence[c]; } }
      heuristic[g] = h;
    });
    var order = guesses.slice().sort(function (a, b) { return heuristic[b] - heuristic[a] || a - b; });
    var best = [], next = 0;

    function worse(x, y) {  // is ranking x after ranking y?
      if (x.sumSquares !== y.sumSquares) return x.sumSquares > y.sumSquares;
      if (x.isCandidate !== y.isCandidate) return !x.isCandidate;
      return x.word > y.word;  // keys are sorted, so word order is key order
    }

    // posmask[k * A + c]: bit i set iff candidate k has letter c at position i, so a
    // yellow is one AND instead of a scan (the same rule as patternCode).
    var A = words.alphabet.length, posmask = new Int32Array(n * A), letters = new Uint8Array(L);
    candidates.forEach(function (w, k) {
      for (var i = 0; i < L; i++) posmask[k * A + codes[w * L + i]] |= 1 << i;
    });

    function pattern(k) {
      var base = candidates[k] * L, kA = k * A, green = 0, i;
      for (i = 0; i < L; i++) if (letters[i] === codes[base + i]) green |= 1 << i;
      var taken = green, p = 0;
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

    function score(g, bound) {
      var sum = 0, t = 0, p, result = -1;
      for (var i = 0; i < L; i++) letters[i] = codes[g * L + i];
      for (var k = 0; k < n; k++) {
        p = pattern(k);
        if (counts[p] === 0) touched[t++] = p;
        sum += 2 * counts[p] + 1;
        counts[p]++;
        if (sum > bound) break;
      }
      if (sum <= bound) result = sum;
      for (var j = 0; j < t; j++) counts[touched[j]] = 0;
      return result;
    }

    return {
      total: order.length,
      done: function () { return next >= order.length; },
      step: function (budget) {
        var stop = Math.min(order.length, next + budget);
        for (; next < stop; next++) {
          var g = order[next];
          var bound = best.length === top ? best[best.length - 1].sumSquares : Infinity;
          var s = score(g, bound);
          if (s < 0) continue;
          var item = { word: g, sumSquares: s, isCandidate: !!isCandidate[g] };
          if (best.length < top || worse(best[best.length - 1], item)) {
            var at = best.length;
            while (at > 0 && worse(best[at - 1], item)) at--;
            best.splice(at, 0, item);
            if (best.length > top) best.pop();
          }
        }
        return next >= order.length;
      },
      result: function () { return best.slice(); },
    };
  }

  function suggest(words, candidates, guesses, top) {
    var job = suggester(words, candidates, guesses, top);
    job.step(Infinity);
    return job.result();
  }

  var core = { decode: decode, makeFolder: makeFolder, feedback: feedback, compile: compile,
               filter: filter, suggest: suggest, suggester: suggester, formsOf: formsOf,
               GREY: GREY, YELLOW: YELLOW, GREEN: GREEN };

  if (typeof module === "object" && module.exports) {
    module.exports = core;
    return;
  }

  // --- the page ------------------------------------------------------------------------

  /** Guesses × candidates the browser scores at most (a few hundred ms on a phone). */
  var BUDGET = 4e6;
  /** Candidates listed before "show all". */
  var SHOWN = 300;
  /** Guesses scored between two paints while suggestions are computed. */
  var SLICE = 400;
  var TOP = 10;
  var STATES = ["grey", "yellow", "green"];

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return hasOwn.call(values, name) ? String(values[name]) : all;
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function start() {
    var root = document.getElementById("wordle");
    if (!root) return;
    var S = JSON.parse(document.getElementById("wordle-strings").textContent);
    var status = document.getElementById("wordle-status");
    var app = document.getElementById("wordle-app");
    root.hidden = false;
    status.textContent = S.loading;
    status.className = "wordle-status loading";

    fetch(root.getAttribute("data-src"), { credentials: "same-origin" })
      .then(function (response) {
        if (!response.ok) throw new Error("HTTP " + response.status);
        return response.json();
      })
      .then(function (data) {
        var words = decode(data);
        status.textContent = "";
        status.className = "wordle-status";
        app.hidden = false;
        run(words, S);
      })
      .catch(function (error) {
        status.textContent = format(S.load_failed, { error: error.message });
        status.className = "wordle-status error";
        status.setAttribute("role", "alert");
      });
  }

  function run(words, S) {
    var L = words.length;
    var form = document.getElementById("wordle-add");
    var input = document.getElementById("wordle-input");
    var message = document.getElementById("wordle-message");
    var list = document.getElementById("wordle-guesses");
    var hard = document.getElementById("wordle-hard");
    var count = document.getElementById("wordle-count");
    var candidatesList = document.getElementById("wordle-candidates");
    var more = document.getElementById("wordle-more");
    var suggestStatus = document.getElementById("wordle-suggest-status");
    var suggestList = document.getElementById("wordle-suggestions");
    var suggestTitle = document.getElementById("wordle-suggest-title");
    var rows = [], showAll = false, job = null, timer = null;
    var last = { candidates: [], cons: null, clues: 0 };

    function say(text) {
      message.textContent = text;
      message.hidden = !text;
    }

    /** Why text can't be a guess, or "" — too long or not letters of the alphabet. */
    function problem(text) {
      var folded = words.fold(text);
      if (folded.key === null) {
        return format(S.bad_letters, { letters: folded.bad.map(function (c) { return "“" + c + "”"; }).join(" ") });
      }
      if (Array.from(folded.key).length > L) return format(S.too_long, { n: L });
      return "";
    }

    function keyOf(text) {
      var key = words.fold(text).key;
      return key === null ? "" : key;
    }

    function makeRow(text) {
      var row = { text: text, marks: new Array(L).fill(GREY), tiles: [] };
      var li = el("li", "guess");
      var field = el("input", "guess-input");
      field.type = "text";
      field.value = text;
      field.autocomplete = "off";
      field.spellcheck = false;
      field.setAttribute("autocapitalize", "none");
      field.setAttribute("lang", document.documentElement.lang);
      var tiles = el("div", "guess-tiles");
      tiles.setAttribute("role", "group");
      for (var i = 0; i < L; i++) {
        var tile = el("button", "wordle-tile");
        tile.type = "button";
        tile.appendChild(el("span", "tile-char"));
        var symbol = el("span", "tile-symbol");
        symbol.setAttribute("aria-hidden", "true");
        tile.appendChild(symbol);
        tile.setAttribute("data-pos", String(i));
        tiles.appendChild(tile);
        row.tiles.push(tile);
      }
      var note = el("p", "guess-note");
      note.hidden = true;
      var remove = el("button", "guess-remove", S.remove);
      remove.type = "button";
      li.appendChild(field);
      li.appendChild(tiles);
      li.appendChild(remove);
      li.appendChild(note);
      row.li = li; row.field = field; row.note = note; row.remove = remove; row.group = tiles;

      field.addEventListener("input", function () {
        var why = problem(field.value);
        if (why) {
          say(why);
          field.value = row.text;  // refused: keep the last valid letters
          return;
        }
        // The refusal stays in view while the player goes on typing.
        if (!field.value) say("");
        row.text = field.value;
        update();
      });
      tiles.addEventListener("click", function (event) {
        var tile = event.target.closest(".wordle-tile");
        if (!tile) return;
        var i = Number(tile.getAttribute("data-pos"));
        row.marks[i] = (row.marks[i] + 1) % 3;
        update();
      });
      tiles.addEventListener("keydown", function (event) {
        var tile = event.target.closest(".wordle-tile");
        if (!tile) return;
        var i = Number(tile.getAttribute("data-pos")), handled = true;
        switch (event.key) {
          case "ArrowUp": row.marks[i] = (row.marks[i] + 1) % 3; update(); break;
          case "ArrowDown": row.marks[i] = (row.marks[i] + 2) % 3; update(); break;
          case "ArrowRight": if (i + 1 < L) row.tiles[i + 1].focus(); break;
          case "ArrowLeft": if (i > 0) row.tiles[i - 1].focus(); break;
          case "g": case "G": row.marks[i] = GREEN; update(); break;
          case "y": case "Y": row.marks[i] = YELLOW; update(); break;
          case ".": case "-": case "x": case "X": row.marks[i] = GREY; update(); break;
          default: handled = false;  // Space and Enter click the button, which cycles
        }
        if (handled) event.preventDefault();
      });
      remove.addEventListener("click", function () {
        var at = rows.indexOf(row);
        rows.splice(at, 1);
        list.removeChild(li);
        say("");
        update();
        (rows[at] ? rows[at].field : rows[at - 1] ? rows[at - 1].field : input).focus();
      });
      return row;
    }

    function paintRow(row, number) {
      var key = Array.from(keyOf(row.text));
      row.field.setAttribute("aria-label", format(S.guess_label, { n: number }));
      row.group.setAttribute("aria-label", format(S.colours_label, { n: number }));
      row.remove.setAttribute("aria-label", format(S.remove_label, { n: number }));
      row.tiles.forEach(function (tile, i) {
        var state = STATES[row.marks[i]], letter = key[i] || "";
        tile.className = "wordle-tile " + state + (letter ? "" : " empty");
        tile.firstChild.textContent = letter;
        tile.lastChild.textContent = S["symbol_" + state];
        tile.setAttribute("aria-label", format(S.tile_label, {
          letter: letter ? letter.toUpperCase() : S.no_letter, position: i + 1, state: S["state_" + state] }));
      });
      var complete = key.length === L;
      row.note.hidden = complete;
      row.note.textContent = complete ? "" : format(S.incomplete, { count: key.length, n: L });
      row.li.classList.toggle("incomplete", !complete);
      return complete ? { guess: key.join(""), marks: row.marks.slice() } : null;
    }

    function update() {
      var clues = [];
      rows.forEach(function (row, i) {
        var clue = paintRow(row, i + 1);
        if (clue) clues.push(clue);
      });
      var cons = compile(words, clues);
      var candidates = filter(words, cons);
      last = { candidates: candidates, cons: cons, clues: clues.length };
      showAll = false;
      showCandidates(candidates, cons);
      showSuggestions(candidates, clues.length);
    }

    function showCandidates(candidates, cons) {
      var n = candidates.length;
      count.classList.toggle("none", n === 0);
      if (cons.impossible) {
        count.textContent = format(S.impossible, { n: cons.impossible.guess + 1,
                                                   letter: cons.impossible.letter.toUpperCase() });
      } else if (n === 0) {
        count.textContent = S.none;
      } else {
        count.textContent = format(n === 1 ? S.count_one : S.count_other, { n: n.toLocaleString(document.documentElement.lang) });
      }
      count.setAttribute("data-count", String(n));
      candidatesList.textContent = "";
      var limit = showAll ? n : Math.min(n, SHOWN), fragment = document.createDocumentFragment();
      for (var k = 0; k < limit; k++) {
        var w = candidates[k], li = el("li", null, formsOf(words, w).join(" / "));
        li.setAttribute("data-key", words.keys[w]);
        fragment.appendChild(li);
      }
      candidatesList.appendChild(fragment);
      more.hidden = limit >= n;
      more.textContent = format(S.show_all, { n: n.toLocaleString(document.documentElement.lang) });
    }

    /** As pipeline.wordle.worth_showing: drop non-candidates that a candidate above matches. */
    function worthShowing(items) {
      var bestCandidate = Infinity;
      return items.filter(function (item) {
        var keep = item.isCandidate || item.sumSquares < bestCandidate;
        if (item.isCandidate) bestCandidate = Math.min(bestCandidate, item.sumSquares);
        return keep;
      });
    }

    function listSuggestions(items, total) {
      suggestList.textContent = "";
      worthShowing(items).forEach(function (item) {
        var li = el("li");
        li.appendChild(el("span", "word", formsOf(words, item.word).join(" / ")));
        li.setAttribute("data-key", words.keys[item.word]);
        var expected = total ? item.sumSquares / total : 0;
        var detail = format(S.expected, { x: expected.toLocaleString(document.documentElement.lang, { maximumFractionDigits: 2 }) });
        if (item.isCandidate) detail += " · " + S.may_win;
        li.appendChild(el("span", "detail", " — " + detail));
        suggestList.appendChild(li);
      });
    }

    function showSuggestions(candidates, clueCount) {
      if (job) { job = null; clearTimeout(timer); }
      suggestList.textContent = "";
      suggestStatus.textContent = "";
      suggestList.removeAttribute("aria-busy");
      var n = candidates.length;
      if (clueCount === 0) {
        suggestTitle.textContent = S.suggest_first;
        listSuggestions(words.first.map(function (pair) {
          var w = words.position[pair[0]];
          return { word: w, sumSquares: pair[1], isCandidate: true };
        }), words.keys.length);
        return;
      }
      suggestTitle.textContent = S.suggest_next;
      if (n === 0) return;
      var guesses;
      if (hard.checked) guesses = candidates;
      else { guesses = []; for (var w = 0; w < words.keys.length; w++) guesses.push(w); }
      if (guesses.length * n > BUDGET) {
        suggestStatus.textContent = format(S.suggest_wait, { n: Math.floor(BUDGET / guesses.length).toLocaleString(document.documentElement.lang) });
        return;
      }
      var mine = suggester(words, candidates, guesses, TOP);
      job = mine;
      suggestStatus.textContent = S.computing;
      suggestList.setAttribute("aria-busy", "true");
      (function work() {
        if (job !== mine) return;
        if (mine.step(SLICE)) {
          job = null;
          suggestStatus.textContent = "";
          suggestList.removeAttribute("aria-busy");
          listSuggestions(mine.result(), n);
        } else {
          timer = setTimeout(work, 0);
        }
      })();
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var why = problem(input.value), key = keyOf(input.value);
      if (!why && Array.from(key).length !== L) why = format(S.wrong_length, { n: L });
      if (why) { say(why); input.focus(); return; }
      say("");
      var row = makeRow(input.value.trim());
      rows.push(row);
      list.appendChild(row.li);
      input.value = "";
      input.setAttribute("data-valid", "");
      update();
      row.tiles[0].focus();
    });
    input.addEventListener("input", function () {
      var why = problem(input.value);
      if (why) {
        say(why);
        input.value = input.getAttribute("data-valid") || "";
      } else {
        if (!input.value) say("");
        input.setAttribute("data-valid", input.value);
      }
    });
    hard.addEventListener("change", function () { showSuggestions(last.candidates, last.clues); });
    more.addEventListener("click", function () {
      showAll = true;
      showCandidates(last.candidates, last.cons);
      candidatesList.focus();
    });
    update();
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
