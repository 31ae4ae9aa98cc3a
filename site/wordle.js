/* Rusc — the Wordle helper's page: the guesses the player types, their tiles' colours, the
 * words that fit and the suggestions, and the share grid pasted in. The rules and the
 * policy are site/wordle-core.js (RuscWordle); every text goes in with textContent.
 *
 * Where to start reading: `start` (loads the page data), then `run`, which wires the widgets.
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
    var grid = document.getElementById("wordle-grid");
    var nearTitle = document.getElementById("wordle-near");
    var trap = document.getElementById("wordle-trap");
    var gridMessage = document.getElementById("wordle-grid-message");
    var rows = [], showAll = false, job = null, timer = null;
    var last = { candidates: [], cons: null, clues: [] };
    var keys = words.shortcuts, lang = document.documentElement.lang;
    if (window.RuscPage) window.RuscPage.showHistory("wordle", lang);

    function say(text) {
      message.textContent = text;
      message.hidden = !text;
    }

    /** Why text can't be a guess, or "" — too long or not letters of the alphabet. */
    function problem(text) {
      var folded = words.fold(text);
      if (folded.bad.length) {
        return format(S.bad_letters, { letters: folded.bad.map(function (c) { return "“" + c + "”"; }).join(" ") });
      }
      if (Array.from(folded.key || "").length > L) return format(S.too_long, { n: L });
      return "";
    }

    function keyOf(text) {
      var key = words.fold(text).key;
      return key === null ? "" : key;
    }

    function makeRow(text) {
      var row = { text: text, marks: new Array(L).fill(C.GREY), tiles: [] };
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
          default:  // the language's initials (data.shortcuts); Space and Enter click, which cycles
            var typed = event.key.toLowerCase();
            if (typed === keys.green) row.marks[i] = C.GREEN;
            else if (typed === keys.yellow) row.marks[i] = C.YELLOW;
            else if (typed === keys.grey) row.marks[i] = C.GREY;
            else handled = false;
            if (handled) update();
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
      var cons = C.compile(words, clues);
      var candidates = clues.length ? C.filter(words, cons) : words.keys.map(function (k, w) { return w; });
      last = { candidates: candidates, cons: cons, clues: clues };
      showAll = false;
      showCandidates(candidates, cons);
      showSuggestions();
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
        count.textContent = D.plural(S.count, n, lang);
      }
      count.setAttribute("data-count", String(n));
      // No word fits: offer the words that fit every clue but one, each with the clue it breaks.
      var near = n === 0 ? C.nearFits(words, last.clues) : [];
      nearTitle.hidden = !near.length;
      if (near.length) nearTitle.textContent = D.plural(S.near, near.length, lang);
      var items = near.length ? near : C.byLikelihood(words, candidates).map(function (w) { return { word: w, clue: -1 }; });
      candidatesList.textContent = "";
      var limit = showAll ? items.length : Math.min(items.length, SHOWN), fragment = document.createDocumentFragment();
      for (var k = 0; k < limit; k++) {
        var w = items[k].word, li = el("li", null, C.formsOf(words, w).join(" / "));
        if (items[k].clue >= 0) li.appendChild(el("span", "detail", " — " + format(S.near_breaks, { n: items[k].clue + 1 })));
        li.setAttribute("data-key", words.keys[w]);
        fragment.appendChild(li);
      }
      candidatesList.appendChild(fragment);
      more.hidden = limit >= items.length;
      more.textContent = format(S.show_all, { n: items.length.toLocaleString(lang) });
    }

    function percent(x) {
      return (x < 0.01 ? "<1" : (100 * x).toLocaleString(lang, { maximumFractionDigits: 0 })) + "\u00a0%";
    }

    /** The trap note: the first suggestion is not sure to find every candidate in time. */
    function showTrap(items) {
      var best = items[0], left = words.endgame.guesses - last.clues.length;
      trap.hidden = !(best && best.found >= 0 && best.found < best.count);
      trap.textContent = trap.hidden ? "" : format(D.plural(S.trap, left, lang), { found: best.found, count: best.count });
    }

    function listSuggestions(items) {
      suggestList.textContent = "";
      showTrap(items);
      // A sure win needs no alternatives.
      if (items.length && items[0].win === items[0].total) items = items.slice(0, 1);
      items.forEach(function (item) {
        var li = el("li");
        li.appendChild(el("span", "word", C.formsOf(words, item.word).join(" / ")));
        li.setAttribute("data-key", words.keys[item.word]);
        var detail = format(S.expected, { x: (item.left / item.total).toLocaleString(lang, { maximumFractionDigits: 1 }) });
        if (item.win) detail += " · " + format(S.win_chance, { p: percent(item.win / item.total) });
        li.appendChild(el("span", "detail", " — " + detail));
        suggestList.appendChild(li);
      });
    }

    function showSuggestions() {
      if (job) { job = null; clearTimeout(timer); }
      suggestList.textContent = "";
      suggestStatus.textContent = "";
      trap.hidden = true;
      suggestList.removeAttribute("aria-busy");
      var clues = last.clues, candidates = last.candidates;
      suggestTitle.textContent = clues.length ? S.suggest_next : S.suggest_first;
      if (!candidates.length) return;
      var todo = C.plan(words, clues, last.cons, hard.checked, candidates);
      var mine = C.ranker(words, todo.guesses, todo.candidates, words.top, todo.left, todo.booked, hard.checked);
      job = mine;
      suggestStatus.textContent = S.computing;
      suggestList.setAttribute("aria-busy", "true");
      (function work() {
        if (job !== mine) return;
        if (mine.step(SLICE)) {
          job = null;
          suggestStatus.textContent = "";
          suggestList.removeAttribute("aria-busy");
          listSuggestions(mine.result());
        } else {
          timer = setTimeout(work, 0);
        }
      })();
    }

    /** The share grid pasted: one row per line of squares, letters still to type. */
    function readGrid() {
      var parsed = C.parseGrid(grid.value, L);
      if (parsed.bad) {
        gridMessage.textContent = format(S.grid_bad, { line: parsed.bad, found: parsed.found, n: L });
      } else if (!parsed.rows.length) {
        // Emptied (also by reading it): the last message stays.
        if (grid.value.trim()) gridMessage.textContent = S.grid_none;
      } else {
        rows.filter(function (row) { return !row.text; }).forEach(function (row) {
          rows.splice(rows.indexOf(row), 1);
          list.removeChild(row.li);
        });
        parsed.rows.forEach(function (marks) {
          var row = makeRow("");
          row.marks = marks;
          rows.push(row);
          list.appendChild(row.li);
        });
        grid.value = "";
        gridMessage.textContent = D.plural(S.grid_read, parsed.rows.length, lang);
        offerToTrack(parsed.rows);
        update();
        input.focus();
      }
    }

    /** A finished game's grid (won, or every guess used) may go into the player's stats
     *  (site/game-page.js history), if the player chooses: today's entry of "wordle". */
    function offerToTrack(marks) {
      var box = document.getElementById("history"), button = document.getElementById("wordle-track");
      if (!box || !window.RuscPage) return;
      var won = marks[marks.length - 1].every(function (mark) { return mark === C.GREEN; });
      var guesses = words.endgame.guesses;
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
        gridMessage.textContent = format(S.tracked, { score: score });
      };
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var why = problem(input.value), key = keyOf(input.value);
      if (!why && Array.from(key).length !== L) why = format(S.wrong_length, { n: L });
      if (why) { say(why); input.focus(); return; }
      say("");
      var row = rows.filter(function (r) { return !r.text; })[0], pasted = !!row;
      if (pasted) {
        row.text = row.field.value = input.value.trim();
      } else {
        row = makeRow(input.value.trim());
        rows.push(row);
        list.appendChild(row.li);
      }
      input.value = "";
      input.setAttribute("data-valid", "");
      update();
      // Colours pasted from the grid are already set: go on typing the next guess.
      (pasted && rows.some(function (r) { return !r.text; }) ? input : row.tiles[0]).focus();
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
    hard.addEventListener("change", showSuggestions);
    grid.addEventListener("input", readGrid);
    more.addEventListener("click", function () {
      showAll = true;
      showCandidates(last.candidates, last.cons);
      candidatesList.focus();
    });
    update();
  }

  D.ready(start);
})();
