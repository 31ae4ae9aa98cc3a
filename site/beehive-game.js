/* Rusc — the beehive page as a game. Plain JavaScript, no framework, nothing from other hosts.
 *
 * Where to start reading: `start` wires the page (templates/beehive_game.html). The rules
 * — folding, judging a word, points, ranks, hints — are RuscGame's (game-core.js); saved
 * progress, the save panel and the answers page are RuscPage's (game-page.js). Here: the
 * entry (typed, or tapped on the hive's cells), one message per entry in a live region,
 * the found list, score and rank bar, the hints grid and two-letter list counting down,
 * the graded help, the share text, and on a past day the words found and missed.
 * The page data (#game-data) holds salted hashes, never an answer; the answers page is
 * read only when the player asks for help or for the review.
 */
(function () {
  "use strict";

  var G = window.RuscGame, P = window.RuscPage, D = window.RuscDom;

  function start() {
    var root = document.getElementById("game");
    if (!root || !G || !P || !D) return;
    var data = D.json("game-data"), S = D.json("game-strings");
    var hive = G.hive(data), lang = data.lang, date = data.date;
    var collator = new Intl.Collator(lang);
    var $ = function (id) { return document.getElementById(id); };
    var form = $("game-form"), input = $("game-input"), message = $("game-message");
    var foundList = $("found-list"), foundCount = $("found-count");
    var state, found;

    function load() {
      state = P.load("beehive", lang, date);
      found = {};
      state.found.forEach(function (key) {
        var r = G.judgeHive(hive, key, found);
        if (r.kind === "ok") found[r.key] = r;
      });
      state.found = Object.keys(found);
    }

    function keys() { return Object.keys(found); }

    function score() {
      return keys().reduce(function (sum, key) { return sum + found[key].points; }, 0);
    }

    // --- messages ---------------------------------------------------------------------

    function say(text, kind) { P.say(message, text, kind); }

    /** A character as the player can read it in a message: a letter in capitals, a space
     *  or another invisible character by its name or code point. */
    function nameOf(ch) {
      if (/\s/u.test(ch)) return S.space;
      if (/[\p{C}\p{Z}]/u.test(ch)) return "U+" + ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
      return ch.toUpperCase();
    }

    function messageFor(r) {
      switch (r.kind) {
        case "short": return D.format(S.too_short, { n: data.rules.min_length });
        case "letter": return D.format(S.bad_letter, { letters: r.bad.map(nameOf).join(" ") });
        case "centre": return D.format(S.no_centre, { centre: hive.centre.toUpperCase() });
        case "found": return S.already_found;
        case "list": return S.not_in_list;
        case "ok":
          return r.pangram ? D.format(S.pangram_points, { points: r.points, bonus: data.rules.bonus })
                           : D.format(S.praise[G.tier(S.praise_from, r.points)], { points: r.points });
      }
      return "";
    }

    function submit() {
      var text = input.value;
      var r = G.judgeHive(hive, text, found);
      if (r.kind === "empty") { input.value = ""; return; }
      var before = G.rankOf(hive.ranks, score()).index;
      if (r.kind === "ok") {
        found[r.key] = r;
        state.found.push(r.key);
        P.helpFound(state, r.key);
        P.save("beehive", lang, date, state);
        update(r.key);
        P.showMeaning(data, r.key, r.forms[0]);
      }
      var rank = G.rankOf(hive.ranks, score()), top = rank.index !== before && rank.index >= hive.ranks.length - 2;
      say(messageFor(r) + (top ? " " + D.format(S.celebrate, { rank: rank.name }) : ""), r.kind);
      if (top) celebrate();
      input.value = "";
    }

    /** Reaching one of the two top ranks (Genius and Queen Bee, Geni and Reina del rusc)
     *  is a moment: the message says so, and the game gets a short flourish (game.css,
     *  none with reduced motion). */
    function celebrate() {
      root.classList.remove("celebrate");
      void root.offsetWidth;  // restart the animation when both top ranks come in a row
      root.classList.add("celebrate");
    }

    // --- the found list, score, rank bar and hints ----------------------------------

    function text(key) { return found[key].forms.join(" / "); }

    function update(latest) {
      var list = keys().sort(function (a, b) { return collator.compare(text(a), text(b)) || (a < b ? -1 : 1); });
      foundList.textContent = "";
      list.forEach(function (key) {
        var li = D.el("li", found[key].pangram ? "pangram" : "", "");
        li.appendChild(P.foundWord(data, key, text(key), found[key].forms[0]));
        if (found[key].pangram) {
          li.appendChild(D.el("span", "pangram-mark", " ★"));
          li.lastChild.setAttribute("aria-hidden", "true");
          li.appendChild(D.el("span", "visually-hidden", " (" + S.pangram + ")"));
        }
        if (key === latest) li.classList.add("latest");
        foundList.appendChild(li);
      });
      foundCount.textContent = D.format(S.found_count, { n: list.length, total: data.words });
      P.showLatest(state.found.filter(function (key) { return found[key]; }).map(text));
      var points = score(), rank = G.rankOf(hive.ranks, points);
      $("game-score").textContent = D.format(S.score, { points: points, total: data.total });
      $("game-rank").textContent = rank.name;
      $("game-next").textContent = rank.next ? D.format(D.plural(S.to_next, rank.toNext, lang), { rank: rank.next }) : S.top_rank;
      root.setAttribute("data-rank", String(rank.index));
      drawBar(points, rank);
      drawHints();
      P.record("beehive", lang, date, state, rank.index, hive.ranks.length);
      P.showHistory("beehive", lang);
    }

    function drawBar(points, rank) {
      var bar = $("rank-bar"), top = hive.ranks[hive.ranks.length - 1][1] || 1;
      bar.textContent = "";
      var track = D.el("div", "rank-track");
      var fill = D.el("div", "rank-fill");
      fill.style.width = Math.min(100, 100 * points / top) + "%";
      track.appendChild(fill);
      var marks = D.el("ol", "rank-marks");
      hive.ranks.forEach(function (r, i) {
        var li = D.el("li", i <= rank.index ? "reached" : "");
        // Every threshold has a dot; numbers only where they stay readable on a phone:
        // the rank reached, the next one and the top (the ranks table lists them all).
        if (i === rank.index || i === rank.index + 1 || i === hive.ranks.length - 1) li.classList.add("labelled");
        if (i === rank.index + 1) li.classList.add("next");
        li.style.left = (100 * r[1] / top) + "%";
        li.appendChild(D.el("span", "rank-dot"));
        li.appendChild(D.el("span", "rank-min", String(r[1])));
        li.appendChild(D.el("span", "visually-hidden", " " + r[0]));
        if (i === rank.index) li.setAttribute("aria-current", "step");
        marks.appendChild(li);
      });
      track.appendChild(marks);
      bar.appendChild(track);
      document.querySelectorAll("table.ranks tbody tr").forEach(function (tr, i) {
        tr.classList.toggle("reached", i <= rank.index);
      });
    }

    function drawHints() {
      var left = G.hintsLeft(data, keys());
      P.drawGrid(left.grid);
      Object.keys(left.two).forEach(function (p) {
        var li = document.querySelector('li[data-two="' + p + '"]');
        if (li) P.setCount(li.querySelector(".count"), left.two[p], li);
      });
      $("words-left").textContent = D.format(S.left, { words: D.plural(S.words, left.words, lang), points: D.plural(S.points_count, left.points, lang) });
    }

    // --- entry: typing, tapping, delete, shuffle ------------------------------------

    function removeLast() { input.value = Array.from(input.value).slice(0, -1).join(""); }

    form.addEventListener("submit", function (event) { event.preventDefault(); submit(); });
    document.querySelectorAll("#game-cells .cell").forEach(function (cell) {
      cell.addEventListener("click", function () { input.value += cell.getAttribute("data-letter"); });
    });
    $("game-delete").addEventListener("click", removeLast);
    $("game-shuffle").addEventListener("click", function () {
      var outer = Array.from(document.querySelectorAll("#game-cells .cell:not(.centre)"));
      var letters = D.shuffled(outer.map(function (c) { return c.getAttribute("data-letter"); }));
      outer.forEach(function (cell, i) {
        cell.setAttribute("data-letter", letters[i]);
        cell.textContent = letters[i].toUpperCase();
      });
    });
    P.wireKeys({ form: form, input: input, submit: submit, removeLast: removeLast,
                 add: function (text) { input.value += text; } });

    // --- graded help ------------------------------------------------------------------

    var answersUrl = root.getAttribute("data-answers");
    var ask = P.wireHelp({ game: "beehive", lang: lang, date: date, answersUrl: answersUrl, strings: S,
                           state: function () { return state; }, isFound: function (id) { return !!found[id]; },
                           units: function (id) { return Array.from(id); } });
    P.wireGridHelp(ask, S.help_cell);
    P.wireHintsSetting();

    // --- share, save panel, review ----------------------------------------------------

    $("share-button").addEventListener("click", function () {
      var points = score(), pangrams = keys().filter(function (k) { return found[k].pangram; }).length;
      var count = function (forms, n, total) { return P.shareCount(forms, n, total, lang); };
      var textOut = D.format(S.share_text, {
        date: root.getAttribute("data-date-text"), rank: G.rankOf(hive.ranks, points).name,
        points: count(S.share_points, points, data.total), words: count(S.share_words, keys().length, data.words),
        pangrams: count(S.share_pangrams, pangrams, data.pangrams),
      }) + P.shareLink(root);
      P.share(textOut, $("share-text"), $("share-status"));
    });
    P.wireSavePanel("beehive", lang, date, function () { load(); update(); });

    var review = $("game-review");
    if (review) {
      review.addEventListener("toggle", function () {
        if (!review.open) return;
        P.fetchAnswers(answersUrl).then(function (answers) {
          var got = $("review-found"), missed = $("review-missed");
          got.textContent = ""; missed.textContent = "";
          answers.forEach(function (a) { (found[a.id] ? got : missed).appendChild(D.el("li", "word", a.text)); });
          $("review-summary").textContent = D.format(S.review, { found: D.plural(S.words, got.children.length, lang), missed: D.plural(S.words, missed.children.length, lang) });
        }, function (error) { $("review-summary").textContent = P.readFailure(error); });
      });
    }
    // Yesterday's review is linked whether or not it was played; played, it says how many.
    var yesterday = $("game-yesterday");
    if (yesterday) {
      var before = P.load("beehive", lang, yesterday.getAttribute("data-date"));
      if (before.found.length) yesterday.querySelector("a").textContent = D.plural(S.yesterday, before.found.length, lang);
    }

    load();
    document.getElementById("hive-figure").hidden = true;
    P.openBesideTheGame($("found"));
    root.hidden = false;
    update();
  }

  D.ready(start);
})();
