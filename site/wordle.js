/* Rusc — the Wordle helper's page: the guesses the player types, their tiles' colours, the
 * words that fit and the suggestions, and the share grid pasted in. The rules and the
 * policy are site/wordle-core.js (RuscWordle); every text goes in with textContent.
 *
 * Where to start reading: `start` (loads the page data), then `run`, which gathers the page's
 * state in one object (`page`) and wires each widget; every other function takes that object:
 * the guess form, a guess row, the words that fit, the suggestions, the share grid.
 */
(function () {
  "use strict";

  var C = window.RuscWordle;

  /** Candidates listed before "show all". */
  var SHOWN = 300;
  /** Guesses scored between two paints while suggestions are computed. */
  var SLICE = 400;
  var STATES = ["grey", "yellow", "green"];

  var D = window.RuscDom, el = D.el, format = D.format;

  function start() {
    var root = document.getElementById("wordle");
    if (!root) return;
    var S = D.json("wordle-strings");
    var status = document.getElementById("wordle-status");
    var app = document.getElementById("wordle-app");
    root.hidden = false;
    status.textContent = S.loading;
    status.className = "wordle-status loading";

    D.fetchJson(root.getAttribute("data-src"))
      .then(function (data) {
        var words = C.decode(data);
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

  /** The page once its data is in: the state every widget reads (`page`), then each widget
   *  wired (the guess form, the hard-mode switch, the pasted grid, "show all"). */
  function run(words, S) {
    var page = {
      words: words, S: S, L: words.length, lang: document.documentElement.lang, keys: words.shortcuts,
      rows: [], showAll: false, job: null, timer: null, last: { candidates: [], cons: null, clues: [] },
      form: byId("wordle-add"), input: byId("wordle-input"), message: byId("wordle-message"),
      list: byId("wordle-guesses"), hard: byId("wordle-hard"), count: byId("wordle-count"),
      candidatesList: byId("wordle-candidates"), more: byId("wordle-more"),
      suggestStatus: byId("wordle-suggest-status"), suggestList: byId("wordle-suggestions"),
      suggestTitle: byId("wordle-suggest-title"), grid: byId("wordle-grid"), nearTitle: byId("wordle-near"),
      trap: byId("wordle-trap"), gridMessage: byId("wordle-grid-message"),
    };
    if (window.RuscPage) window.RuscPage.showHistory("wordle", page.lang);
    wireGuessForm(page);
    page.hard.addEventListener("change", function () { showSuggestions(page); });
    page.grid.addEventListener("input", function () { readGrid(page); });
    page.more.addEventListener("click", function () {
      page.showAll = true;
      showCandidates(page);
      page.candidatesList.focus();
    });
    update(page);
  }

  function byId(id) { return document.getElementById(id); }

  // --- messages and typed text ----------------------------------------------------------

  function say(page, text) {
    page.message.textContent = text;
    page.message.hidden = !text;
  }

  /** Why text can't be a guess, or "" — too long or not letters of the alphabet. */
  function problem(page, text) {
    var folded = page.words.fold(text), S = page.S;
    if (folded.bad.length) {
      return format(S.bad_letters, { letters: folded.bad.map(function (c) { return "“" + c + "”"; }).join(" ") });
    }
    if (Array.from(folded.key || "").length > page.L) return format(S.too_long, { n: page.L });
    return "";
  }

  function keyOf(page, text) {
    var key = page.words.fold(text).key;
    return key === null ? "" : key;
  }

  // --- the guess form -------------------------------------------------------------------

  /** The box a guess is typed in: a valid guess of the right length becomes a row (or fills
   *  the first row pasted without letters); a character that cannot be typed is refused. */
  function wireGuessForm(page) {
    var input = page.input, S = page.S;
    page.form.addEventListener("submit", function (event) {
      event.preventDefault();
      var why = problem(page, input.value), key = keyOf(page, input.value);
      if (!why && Array.from(key).length !== page.L) why = format(S.wrong_length, { n: page.L });
      if (why) { say(page, why); input.focus(); return; }
      say(page, "");
      var row = page.rows.filter(function (r) { return !r.text; })[0], pasted = !!row;
      if (pasted) {
        row.text = row.field.value = input.value.trim();
      } else {
        row = makeRow(page, input.value.trim());
        page.rows.push(row);
        page.list.appendChild(row.li);
      }
      input.value = "";
      input.setAttribute("data-valid", "");
      update(page);
      // Colours pasted from the grid are already set: go on typing the next guess.
      (pasted && page.rows.some(function (r) { return !r.text; }) ? input : row.tiles[0]).focus();
    });
    input.addEventListener("input", function () {
      var why = problem(page, input.value);
      if (why) {
        say(page, why);
        input.value = input.getAttribute("data-valid") || "";
      } else {
        if (!input.value) say(page, "");
        input.setAttribute("data-valid", input.value);
      }
    });
  }

  // --- a guess row: its letters, its tiles' colours, its remove button ---------------------

  function makeRow(page, text) {
    var L = page.L, S = page.S;
    var row = { text: text, marks: new Array(L).fill(C.GREY), tiles: [] };
    var li = el("li", "guess");
    var field = el("input", "guess-input");
    field.type = "text";
    field.value = text;
    field.autocomplete = "off";
    field.spellcheck = false;
    field.setAttribute("autocapitalize", "none");
    field.setAttribute("lang", page.lang);
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
    wireRow(page, row);
    return row;
  }

  /** A row's letters (a refused character keeps the last valid letters), its tiles (a click
   *  or the arrows cycle a colour, the language's initials set one) and its remove button. */
  function wireRow(page, row) {
    var L = page.L, keys = page.keys, field = row.field;
    field.addEventListener("input", function () {
      var why = problem(page, field.value);
      if (why) {
        say(page, why);
        field.value = row.text;  // refused: keep the last valid letters
        return;
      }
      // The refusal stays in view while the player goes on typing.
      if (!field.value) say(page, "");
      row.text = field.value;
      update(page);
    });
    row.group.addEventListener("click", function (event) {
      var tile = event.target.closest(".wordle-tile");
      if (!tile) return;
      var i = Number(tile.getAttribute("data-pos"));
      row.marks[i] = (row.marks[i] + 1) % 3;
      update(page);
    });
    row.group.addEventListener("keydown", function (event) {
      var tile = event.target.closest(".wordle-tile");
      if (!tile) return;
      var i = Number(tile.getAttribute("data-pos")), handled = true;
      switch (event.key) {
        case "ArrowUp": row.marks[i] = (row.marks[i] + 1) % 3; update(page); break;
        case "ArrowDown": row.marks[i] = (row.marks[i] + 2) % 3; update(page); break;
        case "ArrowRight": if (i + 1 < L) row.tiles[i + 1].focus(); break;
        case "ArrowLeft": if (i > 0) row.tiles[i - 1].focus(); break;
        default:  // the language's initials (data.shortcuts); Space and Enter click, which cycles
          var typed = event.key.toLowerCase();
          if (typed === keys.green) row.marks[i] = C.GREEN;
          else if (typed === keys.yellow) row.marks[i] = C.YELLOW;
          else if (typed === keys.grey) row.marks[i] = C.GREY;
          else handled = false;
          if (handled) update(page);
      }
      if (handled) event.preventDefault();
    });
    row.remove.addEventListener("click", function () {
      var rows = page.rows, at = rows.indexOf(row);
      rows.splice(at, 1);
      page.list.removeChild(row.li);
      say(page, "");
      update(page);
      (rows[at] ? rows[at].field : rows[at - 1] ? rows[at - 1].field : page.input).focus();
    });
  }

  /** Paint row `number` (from 1); its clue if its letters are complete, else null. */
  function paintRow(page, row, number) {
    var S = page.S, key = Array.from(keyOf(page, row.text));
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
    var complete = key.length === page.L;
    row.note.hidden = complete;
    row.note.textContent = complete ? "" : format(S.incomplete, { count: key.length, n: page.L });
    row.li.classList.toggle("incomplete", !complete);
    return complete ? { guess: key.join(""), marks: row.marks.slice() } : null;
  }

  /** Every row painted, the words that fit filtered again, the suggestions started again. */
  function update(page) {
    var clues = [], words = page.words;
    page.rows.forEach(function (row, i) {
      var clue = paintRow(page, row, i + 1);
      if (clue) clues.push(clue);
    });
    var cons = C.compile(words, clues);
    var candidates = clues.length ? C.filter(words, cons) : words.keys.map(function (k, w) { return w; });
    page.last = { candidates: candidates, cons: cons, clues: clues, solved: solvedIn(clues) };
    page.showAll = false;
    showCandidates(page);
    showSuggestions(page);
    if (page.last.solved) offerToTrack(page, clues.map(function (clue) { return clue.marks; }));
  }

  /** Whether a guess's marks are all green: the answer. */
  function allGreen(marks) {
    return marks.every(function (mark) { return mark === C.GREEN; });
  }

  /** The guesses it took when the last guess is all green (the game is won), else 0. */
  function solvedIn(clues) {
    var last = clues[clues.length - 1];
    return last && allGreen(last.marks) ? clues.length : 0;
  }

  // --- the words that fit ---------------------------------------------------------------

  function showCandidates(page) {
    var words = page.words, S = page.S, lang = page.lang, count = page.count, list = page.candidatesList;
    var candidates = page.last.candidates, cons = page.last.cons, n = candidates.length;
    count.classList.toggle("none", n === 0);
    if (cons.impossible) {
      count.textContent = format(S.impossible, { n: cons.impossible.guess + 1,
                                                 letter: cons.impossible.letter.toUpperCase() });
    } else if (n === 0) {
      count.textContent = S.none;
    } else if (page.last.solved) {
      count.textContent = D.plural(S.solved, page.last.solved, lang);
    } else {
      count.textContent = D.plural(S.count, n, lang);
    }
    count.setAttribute("data-count", String(n));
    // No word fits: offer the words that fit every clue but one, each with the clue it breaks.
    var near = n === 0 ? C.nearFits(words, page.last.clues) : [];
    page.nearTitle.hidden = !near.length;
    if (near.length) page.nearTitle.textContent = D.plural(S.near, near.length, lang);
    var items = near.length ? near : C.byLikelihood(words, candidates).map(function (w) { return { word: w, clue: -1 }; });
    list.textContent = "";
    var limit = page.showAll ? items.length : Math.min(items.length, SHOWN), fragment = document.createDocumentFragment();
    for (var k = 0; k < limit; k++) {
      var w = items[k].word, li = el("li", null, C.formsOf(words, w).join(" / "));
      if (items[k].clue >= 0) li.appendChild(el("span", "detail", " — " + format(S.near_breaks, { n: items[k].clue + 1 })));
      li.setAttribute("data-key", words.keys[w]);
      fragment.appendChild(li);
    }
    list.appendChild(fragment);
    page.more.hidden = limit >= items.length;
    page.more.textContent = format(S.show_all, { n: items.length.toLocaleString(lang) });
  }

  // --- the suggestions ------------------------------------------------------------------

  function percent(page, x) {
    return (x < 0.01 ? "<1" : (100 * x).toLocaleString(page.lang, { maximumFractionDigits: 0 })) + "\u00a0%";
  }

  /** The trap note: the first suggestion is not sure to find every candidate in time. */
  function showTrap(page, items) {
    var best = items[0], left = page.words.endgame.guesses - page.last.clues.length, trap = page.trap;
    trap.hidden = !(best && best.found >= 0 && best.found < best.count);
    trap.textContent = trap.hidden ? "" : format(D.plural(page.S.trap, left, page.lang), { found: best.found, count: best.count });
  }

  function listSuggestions(page, items) {
    var words = page.words, S = page.S;
    page.suggestList.textContent = "";
    showTrap(page, items);
    // A sure win needs no alternatives.
    if (items.length && items[0].win === items[0].total) items = items.slice(0, 1);
    items.forEach(function (item) {
      var li = el("li");
      li.appendChild(el("span", "word", C.formsOf(words, item.word).join(" / ")));
      li.setAttribute("data-key", words.keys[item.word]);
      var detail = D.plural(S.expected, Math.round(10 * item.left / item.total) / 10, page.lang);
      if (item.win) detail += " · " + format(S.win_chance, { p: percent(page, item.win / item.total) });
      if (item.playedOut) detail += " · " + S.played_out;
      li.appendChild(el("span", "detail", " — " + detail));
      page.suggestList.appendChild(li);
    });
  }

  /** Rank the guesses for the state, SLICE guesses between two paints; a newer state
   *  abandons the job of an older one. */
  function showSuggestions(page) {
    var S = page.S, list = page.suggestList, status = page.suggestStatus;
    if (page.job) { page.job = null; clearTimeout(page.timer); }
    list.textContent = "";
    status.textContent = "";
    page.trap.hidden = true;
    list.removeAttribute("aria-busy");
    var clues = page.last.clues, candidates = page.last.candidates;
    page.suggestTitle.textContent = clues.length ? S.suggest_next : S.suggest_first;
    // A won game needs no next guess: the section goes.
    page.suggestTitle.parentNode.hidden = Boolean(page.last.solved);
    if (!candidates.length || page.last.solved) return;
    var hard = page.hard.checked, todo = C.plan(page.words, clues, page.last.cons, hard, candidates);
    var mine = C.ranker(page.words, todo.guesses, todo.candidates, page.words.top, todo.left, todo.booked, hard);
    page.job = mine;
    status.textContent = S.computing;
    list.setAttribute("aria-busy", "true");
    (function work() {
      if (page.job !== mine) return;
      if (mine.step(SLICE)) {
        page.job = null;
        status.textContent = "";
        list.removeAttribute("aria-busy");
        listSuggestions(page, mine.result());
      } else {
        page.timer = setTimeout(work, 0);
      }
    })();
  }

  // --- the share grid -------------------------------------------------------------------

  /** The share grid pasted: one row per line of squares, letters still to type. */
  function readGrid(page) {
    var S = page.S, grid = page.grid, parsed = C.parseGrid(grid.value, page.L);
    if (parsed.bad) {
      page.gridMessage.textContent = format(S.grid_bad, { line: parsed.bad, found: parsed.found, n: page.L });
    } else if (!parsed.rows.length) {
      // Emptied (also by reading it): the last message stays.
      if (grid.value.trim()) page.gridMessage.textContent = S.grid_none;
    } else {
      page.rows.filter(function (row) { return !row.text; }).forEach(function (row) {
        page.rows.splice(page.rows.indexOf(row), 1);
        page.list.removeChild(row.li);
      });
      parsed.rows.forEach(function (marks) {
        var row = makeRow(page, "");
        row.marks = marks;
        page.rows.push(row);
        page.list.appendChild(row.li);
      });
      grid.value = "";
      page.gridMessage.textContent = D.plural(S.grid_read, parsed.rows.length, page.lang);
      offerToTrack(page, parsed.rows);
      update(page);
      page.input.focus();
    }
  }

  /** A finished game's grid (won, or every guess used; pasted, or typed to the win) may go
   *  into the player's stats (site/game-page.js history), if the player chooses: today's
   *  entry of "wordle", once per visit. */
  function offerToTrack(page, marks) {
    var S = page.S, lang = page.lang, box = byId("history"), button = byId("wordle-track");
    if (!box || !window.RuscPage || page.tracked) return;
    var won = allGreen(marks[marks.length - 1]);
    var guesses = page.words.endgame.guesses;
    button.parentNode.hidden = !(won || marks.length >= guesses);
    if (button.parentNode.hidden) return;
    var score = (won ? marks.length : "X") + "/" + guesses;
    button.textContent = format(S.track, { score: score });
    button.onclick = function () {
      var levels = JSON.parse(box.getAttribute("data-levels")), today = box.getAttribute("data-today");
      window.RuscPage.save("wordle", lang, today, {
        found: marks.map(function (row) { return row.map(function (mark) { return ".yg".charAt(mark); }).join(""); }),
        result: { level: won ? guesses + 1 - marks.length : 0, levels: levels.count } });
      window.RuscPage.showHistory("wordle", lang);
      button.parentNode.hidden = true;
      page.tracked = true;
      page.gridMessage.textContent = format(S.tracked, { score: score });
    };
  }

  D.ready(start);
})();
