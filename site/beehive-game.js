/* Rusc — the beehive page as a game. Plain JavaScript, no framework, nothing from other hosts.
 *
 * Where to start reading: `start` gathers the page's state in one object (`game`, which every
 * other function takes) and wires the page (templates/beehive_game.html). The rules
 * — folding, judging a word, points, ranks, hints — are RuscGame's (game-core.js); saved
 * progress, the save panel and the answers page are RuscPage's (game-page.js). Here: the
 * entry (typed, or tapped on the hive's cells), one message per entry in a live region,
 * the found list (and the bonus words, where the day has some: accepted, never counted),
 * score and rank bar, the hints grid and two-letter list counting down,
 * the graded help, the share text, and on a past day the words found and missed.
 * The page data (#game-data) holds salted hashes, never an answer; the answers page is
 * read only when the player asks for help or for the review.
 */
(function () {
  "use strict";

  var G = window.RuscGame, P = window.RuscPage, D = window.RuscDom;

  /** The page: its state in one object (`game`) that every other function takes, then each
   *  part wired: the entry, the graded help, the share button, the save panel, the review. */
  function start() {
    var root = byId("game");
    if (!root || !G || !P || !D) return;
    var data = D.json("game-data");
    var game = {
      root: root, data: data, S: D.json("game-strings"), hive: G.hive(data), lang: data.lang, date: data.date,
      collator: new Intl.Collator(data.lang), input: byId("game-input"), message: byId("game-message"),
      foundList: byId("found-list"), foundCount: byId("found-count"), bonusList: byId("bonus-list"),
      // What the browser keeps for the day (answers and bonus words, in the order found),
      // and the judgements by key of the found answers and of the found bonus words.
      state: null, found: {}, bonus: {},
    };
    wireEntry(game);
    var answersUrl = root.getAttribute("data-answers");
    var ask = P.wireHelp({ game: "beehive", lang: game.lang, date: game.date, answersUrl: answersUrl, strings: game.S,
                           state: function () { return game.state; }, isFound: function (id) { return !!game.found[id]; },
                           units: function (id) { return Array.from(id); } });
    P.wireGridHelp(ask, game.S.help_cell);
    P.wireHintsSetting();
    byId("share-button").addEventListener("click", function () { share(game); });
    P.wireSavePanel("beehive", game.lang, game.date, function () { load(game); update(game); });
    wireReview(game, answersUrl);
    showYesterday(game);
    load(game);
    byId("hive-figure").hidden = true;
    P.openBesideTheGame(byId("found"));
    root.hidden = false;
    update(game);
  }

  function byId(id) { return document.getElementById(id); }

  /** The day's progress from the browser, each word judged again (a changed list drops it). */
  function load(game) {
    var state = game.state = P.load("beehive", game.lang, game.date);
    game.found = {}; game.bonus = {};
    state.found = state.found.filter(function (key) { return keep(game, G.judgeHive(game.hive, key, seen(game))); });
  }

  /** Keep a judged entry that is a word (an answer or a bonus word); whether it was one. */
  function keep(game, r) {
    if (r.kind === "ok") game.found[r.key] = r;
    else if (r.kind === "bonus") game.bonus[r.key] = r;
    else return false;
    return true;
  }

  /** Every key found today, answers and bonus words, as judgeHive's `found`. */
  function seen(game) { return Object.assign({}, game.found, game.bonus); }

  function keys(game) { return Object.keys(game.found); }

  function score(game) {
    return keys(game).reduce(function (sum, key) { return sum + game.found[key].points; }, 0);
  }

  // --- messages ---------------------------------------------------------------------

  /** A character as the player can read it in a message: a letter in capitals, a space
   *  or another invisible character by its name or code point. */
  function nameOf(game, ch) {
    if (/\s/u.test(ch)) return game.S.space;
    if (/[\p{C}\p{Z}]/u.test(ch)) return "U+" + ch.codePointAt(0).toString(16).toUpperCase().padStart(4, "0");
    return ch.toUpperCase();
  }

  function messageFor(game, r) {
    var S = game.S, rules = game.data.rules;
    switch (r.kind) {
      case "short": return D.format(S.too_short, { n: rules.min_length });
      case "letter": return D.format(S.bad_letter, { letters: r.bad.map(function (ch) { return nameOf(game, ch); }).join(" ") });
      case "centre": return D.format(S.no_centre, { centre: game.hive.centre.toUpperCase() });
      case "found": return S.already_found;
      case "list": return S.not_in_list;
      case "bonus": return S.bonus_word;
      case "ok":
        return r.pangram ? D.format(S.pangram_points, { points: r.points, bonus: rules.bonus })
                         : D.format(S.praise[G.tier(S.praise_from, r.points)], { points: r.points });
    }
    return "";
  }

  // --- entry: typing, tapping, delete, shuffle ------------------------------------

  function wireEntry(game) {
    var input = game.input, form = byId("game-form");
    var submitted = function () { submit(game); };
    var removeLast = function () { input.value = Array.from(input.value).slice(0, -1).join(""); };
    form.addEventListener("submit", function (event) { event.preventDefault(); submitted(); });
    document.querySelectorAll("#game-cells .cell").forEach(function (cell) {
      cell.addEventListener("click", function () { input.value += cell.getAttribute("data-letter"); });
    });
    byId("game-delete").addEventListener("click", removeLast);
    byId("game-shuffle").addEventListener("click", function () {
      var outer = Array.from(document.querySelectorAll("#game-cells .cell:not(.centre)"));
      var letters = D.shuffled(outer.map(function (c) { return c.getAttribute("data-letter"); }));
      outer.forEach(function (cell, i) {
        cell.setAttribute("data-letter", letters[i]);
        cell.textContent = letters[i].toUpperCase();
      });
    });
    P.wireKeys({ form: form, input: input, submit: submitted, removeLast: removeLast,
                 add: function (text) { input.value += text; } });
  }

  /** The entry judged: a found word is kept and shown; one message says what it earned. */
  function submit(game) {
    var input = game.input, hive = game.hive, S = game.S;
    var r = G.judgeHive(hive, input.value, seen(game));
    if (r.kind === "empty") { input.value = ""; return; }
    var before = G.rankOf(hive.ranks, score(game)).index;
    if (keep(game, r)) {
      game.state.found.push(r.key);
      if (r.kind === "ok") P.helpFound(game.state, r.key);
      P.save("beehive", game.lang, game.date, game.state);
      update(game, r.key);
      P.showMeaning(game.data, r.key, r.forms[0]);
    }
    var rank = G.rankOf(hive.ranks, score(game)), top = rank.index !== before && rank.index >= hive.ranks.length - 2;
    P.say(game.message, messageFor(game, r) + (top ? " · " + D.format(S.celebrate, { rank: rank.name }) : ""), r.kind);
    if (top) celebrate(game);
    input.value = "";
  }

  /** Reaching one of the two top ranks (Genius and Queen Bee, Geni and Reina del rusc)
   *  is a moment: the message says so, and the game gets a short flourish (game.css,
   *  none with reduced motion). */
  function celebrate(game) {
    game.root.classList.remove("celebrate");
    void game.root.offsetWidth;  // restart the animation when both top ranks come in a row
    game.root.classList.add("celebrate");
  }

  // --- the found list, score, rank bar and hints ----------------------------------

  function text(game, key) { return (game.found[key] || game.bonus[key]).forms.join(" / "); }

  /** Keys of `judged` (found answers or bonus words) in the order a reader looks them up. */
  function alphabetical(game, judged) {
    return Object.keys(judged).sort(function (a, b) {
      return game.collator.compare(text(game, a), text(game, b)) || (a < b ? -1 : 1);
    });
  }

  function update(game, latest) {
    var found = game.found, data = game.data, hive = game.hive, S = game.S;
    var list = alphabetical(game, found);
    game.foundList.textContent = "";
    list.forEach(function (key) {
      var li = D.el("li", found[key].pangram ? "pangram" : "", "");
      li.appendChild(P.foundWord(data, key, text(game, key), found[key].forms[0]));
      if (found[key].pangram) {
        li.appendChild(D.el("span", "pangram-mark", " ★"));
        li.lastChild.setAttribute("aria-hidden", "true");
        li.appendChild(D.el("span", "visually-hidden", " (" + S.pangram + ")"));
      }
      if (key === latest) li.classList.add("latest");
      game.foundList.appendChild(li);
    });
    game.foundCount.textContent = D.format(S.found_count, { n: list.length, total: data.words });
    drawBonus(game, latest);
    P.showLatest(game.state.found.filter(function (key) { return found[key]; }).map(function (key) { return text(game, key); }));
    var points = score(game), rank = G.rankOf(hive.ranks, points);
    byId("game-score").textContent = D.format(S.score, { points: points, total: data.total });
    byId("game-rank").textContent = rank.name;
    byId("game-next").textContent = rank.next
      ? D.format(D.plural(S.to_next, rank.toNext, game.lang), { rank: rank.next }) : S.top_rank;
    game.root.setAttribute("data-rank", String(rank.index));
    drawBar(game, points, rank);
    drawHints(game);
    P.record("beehive", game.lang, game.date, game.state, rank.index, hive.ranks.length);
    P.showHistory("beehive", game.lang);
  }

  /** The bonus words found, apart from the answers: no points, no count of those left. */
  function drawBonus(game, latest) {
    var list = game.bonusList;
    if (!list) return;
    list.textContent = "";
    alphabetical(game, game.bonus).forEach(function (key) {
      // Plain text: the page data carries meanings for the answers only.
      list.appendChild(D.el("li", key === latest ? "word latest" : "word", text(game, key)));
    });
    byId("bonus-count").textContent = String(list.children.length);
  }

  function drawBar(game, points, rank) {
    var ranks = game.hive.ranks, bar = byId("rank-bar"), top = ranks[ranks.length - 1][1] || 1;
    bar.textContent = "";
    var track = D.el("div", "rank-track");
    var fill = D.el("div", "rank-fill");
    fill.style.width = Math.min(100, 100 * points / top) + "%";
    track.appendChild(fill);
    var marks = D.el("ol", "rank-marks");
    ranks.forEach(function (r, i) {
      var li = D.el("li", i <= rank.index ? "reached" : "");
      // Every threshold has a dot; numbers only where they stay readable on a phone:
      // the rank reached, the next one and the top (the ranks table lists them all).
      if (i === rank.index || i === rank.index + 1 || i === ranks.length - 1) li.classList.add("labelled");
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

  function drawHints(game) {
    var S = game.S, lang = game.lang, left = G.hintsLeft(game.data, keys(game));
    P.drawGrid(left.grid);
    Object.keys(left.two).forEach(function (p) {
      var li = document.querySelector('li[data-two="' + p + '"]');
      if (li) P.setCount(li.querySelector(".count"), left.two[p], li);
    });
    // Every word found: the rank line says so, and nothing is left to count.
    byId("words-left").textContent = left.words ? D.format(S.left, { words: D.plural(S.words, left.words, lang), points: D.plural(S.points_count, left.points, lang) }) : "";
  }

  // --- share and review ---------------------------------------------------------------

  function share(game) {
    var S = game.S, data = game.data, points = score(game);
    var pangrams = keys(game).filter(function (k) { return game.found[k].pangram; }).length;
    var count = function (forms, n, total) { return P.shareCount(forms, n, total, game.lang); };
    var textOut = D.format(S.share_text, {
      date: game.root.getAttribute("data-date-text"), rank: G.rankOf(game.hive.ranks, points).name,
      points: count(S.share_points, points, data.total), words: count(S.share_words, keys(game).length, data.words),
      pangrams: count(S.share_pangrams, pangrams, data.pangrams),
    }) + P.shareLink(game.root);
    P.share(textOut, byId("share-text"), byId("share-status"));
  }

  /** On a past day: the words found and missed, read from the answers page when opened. */
  function wireReview(game, answersUrl) {
    var review = byId("game-review"), S = game.S, lang = game.lang;
    if (!review) return;
    review.addEventListener("toggle", function () {
      if (!review.open) return;
      P.fetchAnswers(answersUrl).then(function (answers) {
        var got = byId("review-found"), missed = byId("review-missed");
        got.textContent = ""; missed.textContent = "";
        answers.forEach(function (a) { (game.found[a.id] ? got : missed).appendChild(D.el("li", "word", a.text)); });
        byId("review-summary").textContent = D.format(S.review, { found: D.plural(S.words, got.children.length, lang), missed: D.plural(S.words, missed.children.length, lang) });
      }, function (error) { byId("review-summary").textContent = P.readFailure(error); });
    });
  }

  /** Yesterday's review is linked whether or not it was played; played, it says how many. */
  function showYesterday(game) {
    var yesterday = byId("game-yesterday");
    if (!yesterday) return;
    var before = P.load("beehive", game.lang, yesterday.getAttribute("data-date"));
    if (before.found.length) yesterday.querySelector("a").textContent = D.plural(game.S.yesterday, before.found.length, game.lang);
  }

  D.ready(start);
})();
