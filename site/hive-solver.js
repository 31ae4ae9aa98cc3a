/* Rusc — the hive solver page (templates/hive-solver.html). Plain JavaScript, no framework.
 *
 * Where to start reading: start() gathers the page's state in one object (`page`, which every
 * other function takes), fetches the head of the language's hive index (its rules; the
 * browser caches it under its hashed name) and reads the letters from the URL or the form;
 * solve() fetches the letter sets filed under the hive's pairs of letters that it lacks
 * (pipeline/browser/solvers.py hive_index_files), then shows what spoils nothing: counts, the
 * first-letter x length grid, the two-letter list and the ranks, all counting only the
 * words not yet marked as found. The words themselves appear only on demand: hint()
 * (graded, one word at a time), a grid cell's words, or all of them. Engines:
 * site/solver-core.js. Every text goes in with textContent; nothing from the index is ever
 * parsed as HTML.
 */
(function () {
  "use strict";

  var H = window.RuscSolver.hive;

  var D = window.RuscDom, el = D.el, format = D.format;
  var SP = window.RuscSolverPage, number = SP.number, count = SP.count, say = SP.say;

  /** The page: its state in one object (`page`) that every other function takes; the head
   *  of the index fetched (and the letter sets of a hive in the URL beside it); each widget
   *  wired: the letters form, the found-words box, the hint and "show all" buttons. */
  function start() {
    var root = byId("hs-result");
    if (!root) return;
    var page = {
      S: D.json("hs-strings"), lang: document.documentElement.lang, root: root,
      centreInput: byId("hs-centre"), othersInput: byId("hs-others"), lettersInput: byId("hs-letters"),
      error: byId("hs-error"), status: byId("hs-status"), foundBox: byId("hs-found"),
      unknownNote: byId("hs-unknown"), reveal: byId("hs-reveal"),
      // The decoded index, the hive solved, the keys marked found, the words hinted
      // ({key, level}), the grid cell shown ([letter, length]) and whether every word is.
      index: null, hive: null, found: {}, hinted: [], cell: null, showAll: false,
    };
    // The head, then the letter sets filed under each pair of letters when a hive first needs them.
    SP.load(page, H.decode, H.addSets);
    // Letters in the URL: their sets are fetched beside the head, not after it.
    var asked = Array.from((new URLSearchParams(window.location.search).get("letters") || "").toLowerCase());
    page.parts.fetch(H.shardsWithin(page.parts.names, asked)).catch(function () {});

    byId("hs-form").addEventListener("submit", function (event) {
      event.preventDefault();
      page.lettersInput.value = typed(page);
      solve(page, page.lettersInput.value, true);
    });
    page.foundBox.addEventListener("input", function () { if (page.hive) readFound(page); });
    byId("hs-hint").addEventListener("click", function () { hint(page); });
    byId("hs-all").addEventListener("click", function () {
      page.showAll = true;
      draw(page);
      byId("hs-every-title").focus();
    });
    window.addEventListener("popstate", function () { fromUrl(page); });
    fromUrl(page);
  }

  function byId(id) { return document.getElementById(id); }

  function byKey(a, b) { return a.key < b.key ? -1 : a.key > b.key ? 1 : 0; }

  // --- the letters and the solve --------------------------------------------------------

  /** The typed letters (centre first), as they are: parse() judges them. */
  function typed(page) {
    return page.centreInput.value.trim() + page.othersInput.value.replace(/[\s,]+/g, "");
  }

  function fromUrl(page) {
    var params = new URLSearchParams(window.location.search);
    var letters = params.get("letters") || ((params.get("centre") || "") + (params.get("others") || ""));
    if (letters) solve(page, letters, false);
  }

  function refuse(page, e) {
    if (!(e instanceof H.HiveError)) throw e;
    var S = page.S;
    say(page, e.kind === "letter" ? format(S.err_letter, { letter: e.letter }) : S[e.kind === "repeat" ? "err_repeat" : "err_length"]);
    page.root.hidden = true;
  }

  /** Solve `text` once the head and the hive's letter sets are in (fetched first if not). */
  function solve(page, text, updateUrl) {
    var S = page.S, status = page.status;
    var missing = function (index) { return H.missingShards(index, text); };
    if (!SP.ready(page, missing, function () { solve(page, text, updateUrl); })) return;
    var solved;
    try { solved = H.solve(page.index, text); } catch (e) { refuse(page, e); return; }
    say(page, "");
    var hive = page.hive = solved;
    page.hinted = [];
    page.cell = null;
    page.showAll = false;
    page.centreInput.value = hive.centre;
    page.othersInput.value = hive.letters.slice(1);
    if (updateUrl) {
      var url = new URL(window.location.href);
      url.search = "?letters=" + encodeURIComponent(hive.letters);
      if (url.href !== window.location.href) window.history.pushState(null, "", url.href);
    }
    drawHive(page);
    readFound(page);
    page.root.hidden = false;
    status.textContent = hive.word_count ? format(S.solved, { letters: hive.letters.toUpperCase() }) : S.no_answers;
  }

  function drawHive(page) {
    var box = byId("hs-hive");
    box.textContent = "";
    Array.from(page.hive.letters).forEach(function (ch, i) {
      box.appendChild(el("span", i === 0 ? "hive-letter centre" : "hive-letter", ch));
    });
  }

  /** The words the player already has, from the box (each must be an answer). */
  function readFound(page) {
    var result = H.foundKeys(page.index, page.hive, page.foundBox.value), note = page.unknownNote;
    page.found = result.keys;
    note.hidden = !result.unknown.length;
    note.textContent = result.unknown.length ? format(page.S.unknown, { words: result.unknown.join(", ") }) : "";
    draw(page);
  }

  function remaining(page) { return page.hive.answers.filter(function (a) { return !page.found[a.key]; }); }

  // --- what spoils nothing: counts, the grid, the two-letter list, the ranks ----------------

  function draw(page) {
    var hive = page.hive, left = remaining(page), all = H.hints(hive), now = H.hints(hive, left);
    byId("hs-words").textContent = number(page, now.word_count);
    byId("hs-points").textContent = number(page, now.total_points);
    byId("hs-pangrams").textContent = number(page, now.pangram_count);
    var foundCount = hive.word_count - now.word_count, foundPoints = hive.total_points - now.total_points;
    var note = byId("hs-left");
    note.hidden = !foundCount;
    note.textContent = foundCount
      ? format(page.S.left, { words: count(page, "words", foundCount), points: count(page, "points", foundPoints) }) : "";
    drawGrid(page, all, now);
    drawTwo(page, all, now);
    drawRanks(page, foundPoints);
    drawReveal(page, left);
  }

  /** The first-letter × length grid of the words left; a cell's button shows its words. */
  function drawGrid(page, all, now) {
    var S = page.S, table = byId("hs-grid");
    var head = table.tHead.rows[0], body = table.tBodies[0], foot = table.tFoot.rows[0];
    head.textContent = body.textContent = foot.textContent = "";
    var th = el("th", "", S.first_letter), lengths = all.lengths;
    th.scope = "col";
    head.appendChild(th);
    lengths.forEach(function (n) { var c = el("th", "", String(n)); c.scope = "col"; head.appendChild(c); });
    var sigma = el("th", "", "Σ");
    sigma.scope = "col";
    head.appendChild(sigma);
    var counts = {};
    now.rows.forEach(function (r) { counts[r[0]] = r; });
    all.rows.forEach(function (r) {
      var letter = r[0], row = el("tr"), mine = counts[letter];
      var name = el("th", "letter", letter);
      name.scope = "row";
      row.appendChild(name);
      lengths.forEach(function (n) {
        var c = mine ? mine[1][now.lengths.indexOf(n)] || 0 : 0, td = el("td");
        if (c) {
          var button = el("button", "cell", String(c));
          button.type = "button";
          button.setAttribute("aria-label", format(D.plural(S.cell_button, c, page.lang), { letter: letter.toUpperCase(), length: n }));
          button.addEventListener("click", function () { page.cell = [letter, n]; draw(page); byId("hs-cell-title").focus(); });
          td.appendChild(button);
        } else td.textContent = "·";
        row.appendChild(td);
      });
      row.appendChild(el("td", "", mine ? number(page, mine[2]) : "0"));
      body.appendChild(row);
    });
    var total = el("th", "", "Σ");
    total.scope = "row";
    foot.appendChild(total);
    lengths.forEach(function (n) {
      var j = now.lengths.indexOf(n);
      foot.appendChild(el("td", "", j < 0 ? "0" : number(page, now.column_totals[j])));
    });
    foot.appendChild(el("td", "", number(page, now.word_count)));
  }

  function drawTwo(page, all, now) {
    var list = byId("hs-two"), left = {};
    list.textContent = "";
    now.two_letter.forEach(function (p) { left[p[0]] = p[1]; });
    all.two_letter.forEach(function (p) {
      var n = left[p[0]] || 0, item = el("li", n ? "" : "done");
      item.appendChild(el("span", "letter", p[0]));
      item.appendChild(document.createTextNode("-" + number(page, n)));
      list.appendChild(item);
    });
  }

  function drawRanks(page, points) {
    var body = byId("hs-ranks"), hive = page.hive;
    // A hive with no word has no ranks to climb: every threshold is 0, the top one reached.
    byId("hs-ranks-title").parentNode.hidden = !hive.total_points;
    body.textContent = "";
    var rank = H.rankOf(hive.ranks, points);
    hive.ranks.forEach(function (r, i) {
      var row = el("tr", i === rank.index ? "current" : "");
      row.appendChild(el("td", "", r[0]));
      row.appendChild(el("td", "", number(page, r[1])));
      body.appendChild(row);
    });
    byId("hs-rank").textContent = format(page.S.rank_now, { rank: rank.name });
  }

  // --- the words, on demand: hints, a grid cell's words, all of them -------------------------

  function answerItem(page, answer) {
    var S = page.S, item = el("li", answer.pangram ? "pangram" : "");
    item.appendChild(el("span", "word", answer.forms.join(" / ")));
    item.appendChild(document.createTextNode(" "));
    item.appendChild(el("span", "points", count(page, "points", answer.points)));
    if (answer.pangram) {
      item.appendChild(document.createTextNode(" "));
      var mark = el("span", "pangram-mark", "★");
      mark.setAttribute("aria-hidden", "true");
      item.appendChild(mark);
      item.appendChild(el("span", "visually-hidden", "(" + S.pangram + ")"));
    }
    if (page.found[answer.key]) {
      item.classList.add("found");
      item.appendChild(el("span", "found-mark", " ✓ " + S.found_mark));
    }
    return item;
  }

  /** A titled list of revealed words; its heading (id + "-title") takes the focus. */
  function block(page, id, title, items) {
    var section = el("section", "reveal-block");
    section.id = id;
    var heading = el("h3", "", title);
    heading.id = id + "-title";
    section.setAttribute("aria-labelledby", heading.id);
    heading.tabIndex = -1;
    section.appendChild(heading);
    var list = el("ul", "reveal-list");
    items.forEach(function (item) { list.appendChild(item); });
    section.appendChild(list);
    page.reveal.appendChild(section);
  }

  function drawReveal(page, left) {
    var S = page.S, hive = page.hive, cell = page.cell;
    var item = function (answer) { return answerItem(page, answer); };
    page.reveal.textContent = "";
    byId("hs-hint").disabled = !left.some(function (a) { return !isWhole(page, a.key); });
    if (page.hinted.length) {
      block(page, "hs-hints", S.hint_title, page.hinted.map(function (h) {
        var answer = hive.answers.filter(function (a) { return a.key === h.key; })[0];
        if (h.level >= 3 || page.found[h.key]) return item(answer);
        var step = H.help(answer.key, h.level);
        return el("li", "hint", format(S.hint_line, { shown: step.shown.toUpperCase(), length: step.length }));
      }));
    }
    if (cell) {
      var words = left.filter(function (a) { return a.key.charAt(0) === cell[0] && a.key.length === cell[1]; });
      block(page, "hs-cell", format(S.cell_title, { letter: cell[0].toUpperCase(), length: cell[1] }), words.map(item));
    }
    if (page.showAll) {
      block(page, "hs-every", S.all_title, hive.answers.slice().sort(byKey).map(item));
      if (!left.length) page.reveal.appendChild(el("p", "solver-note", S.all_found));
    }
  }

  function isWhole(page, key) {
    return page.hinted.some(function (h) { return h.key === key && h.level >= 3; });
  }

  /** One more step of help: the current word's next grade, or the next word's first. */
  function hint(page) {
    var hinted = page.hinted, current = hinted[hinted.length - 1];
    if (current && current.level < 3 && !page.found[current.key]) current.level++;
    else {
      var next = remaining(page).filter(function (a) {
        return !hinted.some(function (h) { return h.key === a.key; });
      }).sort(byKey)[0];
      if (!next) return;
      hinted.push({ key: next.key, level: 1 });
    }
    draw(page);
    byId("hs-hints-title").focus();
  }

  D.ready(start);
})();
