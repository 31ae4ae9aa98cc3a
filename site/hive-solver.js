/* Rusc — the hive solver page (templates/hive-solver.html). Plain JavaScript, no framework.
 *
 * Where to start reading: start() fetches the head of the language's hive index (its rules;
 * the browser caches it under its hashed name) and reads the letters from the URL or the
 * form; solve() fetches the letter sets filed under the hive's pairs of letters that it
 * lacks (pipeline/browser/solvers.py hive_index_files), then shows what spoils nothing: counts, the
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

  function start() {
    var root = document.getElementById("hs-result");
    if (!root) return;
    var S = D.json("hs-strings");
    var lang = document.documentElement.lang;
    var form = document.getElementById("hs-form"), centreInput = document.getElementById("hs-centre");
    var othersInput = document.getElementById("hs-others"), lettersInput = document.getElementById("hs-letters");
    var error = document.getElementById("hs-error"), status = document.getElementById("hs-status");
    var foundBox = document.getElementById("hs-found"), unknownNote = document.getElementById("hs-unknown");
    var reveal = document.getElementById("hs-reveal");
    var index = null, hive = null, found = {}, hinted = [], cell = null, showAll = false;

    function number(n) { return n.toLocaleString(lang); }
    /** A count in words, by the language's plural rules (S[key] is {one, many, other}). */
    function count(key, n) { return D.plural(S[key], n, lang); }
    function say(message) { error.textContent = message; error.hidden = !message; }

    // The head, then the letter sets filed under each pair of letters when a hive first needs them.
    var parts = window.RuscSolver.partsLoader(D.fetchJson, root.getAttribute("data-src"),
                                              JSON.parse(root.getAttribute("data-shards")), H.decode, H.addSets);
    var loading = parts.head.then(function (decoded) { index = decoded; return index; });
    loading.catch(function (e) { status.textContent = format(S.load_failed, { error: e.message }); });
    // Letters in the URL: their sets are fetched beside the head, not after it.
    var asked = Array.from((new URLSearchParams(window.location.search).get("letters") || "").toLowerCase());
    parts.fetch(H.shardsWithin(parts.names, asked)).catch(function () {});

    /** The typed letters (centre first), as they are: parse() judges them. */
    function typed() {
      return centreInput.value.trim() + othersInput.value.replace(/[\s,]+/g, "");
    }

    function refuse(e) {
      if (!(e instanceof H.HiveError)) throw e;
      say(e.kind === "letter" ? format(S.err_letter, { letter: e.letter }) : S[e.kind === "repeat" ? "err_repeat" : "err_length"]);
      root.hidden = true;
    }

    function solve(text, updateUrl) {
      if (!index) {
        status.textContent = S.loading;
        loading.then(function () { status.textContent = ""; solve(text, updateUrl); });
        return;
      }
      var missing;
      try { missing = H.missingShards(index, text); } catch (e) { missing = []; }
      if (missing.length) {
        status.textContent = S.loading;
        parts.fetch(missing).then(function () { status.textContent = ""; solve(text, updateUrl); },
                                                  function (e) { status.textContent = format(S.load_failed, { error: e.message }); });
        return;
      }
      var solved;
      try { solved = H.solve(index, text); } catch (e) { refuse(e); return; }
      say("");
      hive = solved;
      hinted = [];
      cell = null;
      showAll = false;
      centreInput.value = hive.centre;
      othersInput.value = hive.letters.slice(1);
      if (updateUrl) {
        var url = new URL(window.location.href);
        url.search = "?letters=" + encodeURIComponent(hive.letters);
        if (url.href !== window.location.href) window.history.pushState(null, "", url.href);
      }
      drawHive();
      readFound();
      root.hidden = false;
      status.textContent = hive.word_count ? format(S.solved, { letters: hive.letters.toUpperCase() }) : S.no_answers;
    }

    function drawHive() {
      var box = document.getElementById("hs-hive");
      box.textContent = "";
      Array.from(hive.letters).forEach(function (ch, i) {
        box.appendChild(el("span", i === 0 ? "hive-letter centre" : "hive-letter", ch));
      });
    }

    function readFound() {
      var result = H.foundKeys(index, hive, foundBox.value);
      found = result.keys;
      unknownNote.hidden = !result.unknown.length;
      unknownNote.textContent = result.unknown.length ? format(S.unknown, { words: result.unknown.join(", ") }) : "";
      draw();
    }

    function remaining() { return hive.answers.filter(function (a) { return !found[a.key]; }); }

    function draw() {
      var left = remaining(), all = H.hints(hive), now = H.hints(hive, left);
      document.getElementById("hs-words").textContent = number(now.word_count);
      document.getElementById("hs-points").textContent = number(now.total_points);
      document.getElementById("hs-pangrams").textContent = number(now.pangram_count);
      var foundCount = hive.word_count - now.word_count, foundPoints = hive.total_points - now.total_points;
      var note = document.getElementById("hs-left");
      note.hidden = !foundCount;
      note.textContent = foundCount ? format(S.left, { words: count("words", foundCount), points: count("points", foundPoints) }) : "";
      drawGrid(all, now);
      drawTwo(all, now);
      drawRanks(foundPoints);
      drawReveal(left);
    }

    function drawGrid(all, now) {
      var table = document.getElementById("hs-grid");
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
            button.setAttribute("aria-label", format(D.plural(S.cell_button, c, lang), { letter: letter.toUpperCase(), length: n }));
            button.addEventListener("click", function () { cell = [letter, n]; draw(); document.getElementById("hs-cell-title").focus(); });
            td.appendChild(button);
          } else td.textContent = "·";
          row.appendChild(td);
        });
        row.appendChild(el("td", "", mine ? number(mine[2]) : "0"));
        body.appendChild(row);
      });
      var total = el("th", "", "Σ");
      total.scope = "row";
      foot.appendChild(total);
      lengths.forEach(function (n) {
        var j = now.lengths.indexOf(n);
        foot.appendChild(el("td", "", j < 0 ? "0" : number(now.column_totals[j])));
      });
      foot.appendChild(el("td", "", number(now.word_count)));
    }

    function drawTwo(all, now) {
      var list = document.getElementById("hs-two"), left = {};
      list.textContent = "";
      now.two_letter.forEach(function (p) { left[p[0]] = p[1]; });
      all.two_letter.forEach(function (p) {
        var n = left[p[0]] || 0, item = el("li", n ? "" : "done");
        item.appendChild(el("span", "letter", p[0]));
        item.appendChild(document.createTextNode("-" + number(n)));
        list.appendChild(item);
      });
    }

    function drawRanks(points) {
      var body = document.getElementById("hs-ranks");
      body.textContent = "";
      var rank = H.rankOf(hive.ranks, points);
      hive.ranks.forEach(function (r, i) {
        var row = el("tr", i === rank.index ? "current" : "");
        row.appendChild(el("td", "", r[0]));
        row.appendChild(el("td", "", number(r[1])));
        body.appendChild(row);
      });
      document.getElementById("hs-rank").textContent = format(S.rank_now, { rank: rank.name });
    }

    function answerItem(answer) {
      var item = el("li", answer.pangram ? "pangram" : "");
      item.appendChild(el("span", "word", answer.forms.join(" / ")));
      item.appendChild(document.createTextNode(" "));
      item.appendChild(el("span", "points", count("points", answer.points)));
      if (answer.pangram) {
        item.appendChild(document.createTextNode(" "));
        var mark = el("span", "pangram-mark", "★");
        mark.setAttribute("aria-hidden", "true");
        item.appendChild(mark);
        item.appendChild(el("span", "visually-hidden", "(" + S.pangram + ")"));
      }
      if (found[answer.key]) {
        item.classList.add("found");
        item.appendChild(el("span", "found-mark", " ✓ " + S.found_mark));
      }
      return item;
    }

    /** A titled list of revealed words; its heading (id + "-title") takes the focus. */
    function block(id, title, items) {
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
      reveal.appendChild(section);
    }

    function drawReveal(left) {
      reveal.textContent = "";
      document.getElementById("hs-hint").disabled = !left.some(function (a) { return !isWhole(a.key); });
      if (hinted.length) {
        block("hs-hints", S.hint_title, hinted.map(function (h) {
          var answer = hive.answers.filter(function (a) { return a.key === h.key; })[0];
          if (h.level >= 3 || found[h.key]) return answerItem(answer);
          var step = H.help(answer.key, h.level);
          return el("li", "hint", format(S.hint_line, { shown: step.shown.toUpperCase(), length: step.length }));
        }));
      }
      if (cell) {
        var words = left.filter(function (a) { return a.key.charAt(0) === cell[0] && a.key.length === cell[1]; });
        block("hs-cell", format(S.cell_title, { letter: cell[0].toUpperCase(), length: cell[1] }), words.map(answerItem));
      }
      if (showAll) {
        var sorted = hive.answers.slice().sort(function (a, b) { return a.key < b.key ? -1 : a.key > b.key ? 1 : 0; });
        block("hs-every", S.all_title, sorted.map(answerItem));
        if (!left.length) reveal.appendChild(el("p", "solver-note", S.all_found));
      }
    }

    function isWhole(key) {
      return hinted.some(function (h) { return h.key === key && h.level >= 3; });
    }

    /** One more step of help: the current word's next grade, or the next word's first. */
    function hint() {
      var current = hinted[hinted.length - 1];
      if (current && current.level < 3 && !found[current.key]) current.level++;
      else {
        var next = remaining().filter(function (a) {
          return !hinted.some(function (h) { return h.key === a.key; });
        }).sort(function (a, b) { return a.key < b.key ? -1 : a.key > b.key ? 1 : 0; })[0];
        if (!next) return;
        hinted.push({ key: next.key, level: 1 });
      }
      draw();
      document.getElementById("hs-hints-title").focus();
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      lettersInput.value = typed();
      solve(lettersInput.value, true);
    });
    foundBox.addEventListener("input", function () { if (hive) readFound(); });
    document.getElementById("hs-hint").addEventListener("click", hint);
    document.getElementById("hs-all").addEventListener("click", function () {
      showAll = true;
      draw();
      document.getElementById("hs-every-title").focus();
    });

    function fromUrl() {
      var params = new URLSearchParams(window.location.search);
      var letters = params.get("letters") || ((params.get("centre") || "") + (params.get("others") || ""));
      if (letters) solve(letters, false);
    }
    window.addEventListener("popstate", fromUrl);
    fromUrl();
  }

  D.ready(start);
})();
