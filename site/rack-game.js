/* Rusc — the rack page as a find-the-words game. Plain JavaScript, no framework.
 *
 * Where to start reading: `start` gathers the page's state in one object (`game`, which every
 * other function takes) and wires the page (templates/rack_game.html). The rules —
 * spelling a word into tiles (digraph tiles as one tile), blanks for any tile, tile values
 * and the bingo bonus — are RuscGame's (game-core.js): judgeRack. Saved progress and the
 * save panel are RuscPage's (game-page.js). The page data holds salted hashes of the
 * answers' tile spellings, never an answer.
 */
(function () {
  "use strict";

  var G = window.RuscGame, P = window.RuscPage, D = window.RuscDom;

  /** The page: its state in one object (`game`) that every other function takes, then each
   *  part wired: the entry and the tiles, the share button, the graded help, the save panel. */
  function start() {
    var root = byId("game");
    if (!root || !G || !P || !D) return;
    var data = D.json("game-data");
    var game = {
      root: root, data: data, S: D.json("game-strings"), rack: G.rack(data), lang: data.lang, date: data.date,
      input: byId("game-input"), message: byId("game-message"),
      // What the browser keeps for the day, and the found words' judgements by id.
      state: null, found: {},
    };
    wireEntry(game);
    byId("share-button").addEventListener("click", function () { share(game); });
    var ask = P.wireHelp({ game: "rack", lang: game.lang, date: game.date, answersUrl: root.getAttribute("data-answers"),
                           strings: game.S, state: function () { return game.state; },
                           isFound: function (id) { return !!game.found[id]; },
                           units: function (id) { return id.split("|"); } });
    P.wireGridHelp(ask, game.S.help_cell);
    P.wireHintsSetting();
    P.wireSavePanel("rack", game.lang, game.date, function () { load(game); update(game); });
    load(game);
    byId("rack-tiles").hidden = true;
    P.openBesideTheGame(byId("found"));
    root.hidden = false;
    update(game);
  }

  function byId(id) { return document.getElementById(id); }

  /** The day's progress from the browser, each word judged again (a changed list drops it). */
  function load(game) {
    var rack = game.rack, state = game.state = P.load("rack", game.lang, game.date), found = game.found = {};
    state.found.forEach(function (word) {
      var r = G.judgeRack(rack, word, found);
      if (r.kind === "ok") found[r.id] = r;
    });
    state.found = state.found.filter(function (word) { return found[G.judgeRack(rack, word, {}).id]; });
  }

  function messageFor(game, r) {
    var S = game.S;
    switch (r.kind) {
      case "letter": return S.bad_letter;
      case "short": return S.too_short;
      case "tiles": return S.no_tiles;
      case "found": return S.already_found;
      case "list": return S.not_in_list;
      case "ok":
        return D.format(r.bingo ? S.bingo_points : S.praise[G.tier(S.praise_from, r.score)],
                        { points: r.score, bonus: game.data.rules.bingo });
    }
    return "";
  }

  /** The entry judged: a found word is kept and shown; one message says what it earned. */
  function submit(game) {
    var r = G.judgeRack(game.rack, game.input.value, game.found);
    if (r.kind === "empty") { setEntry(game, ""); return; }
    var message = messageFor(game, r);
    if (r.kind === "ok") {
      game.found[r.id] = r;
      // The last word found ends the game: the message says so.
      if (Object.keys(game.found).length === game.data.words) message += " · " + game.S.all_found;
      game.state.found.push(r.forms[0]);
      P.helpFound(game.state, r.id);
      P.save("rack", game.lang, game.date, game.state);
      update(game);
      P.showMeaning(game.data, r.id, r.forms[0]);
    }
    P.say(game.message, message, r.kind);
    setEntry(game, "");
  }

  // --- the found list, score and hints --------------------------------------------------

  function update(game) {
    var found = game.found, data = game.data, S = game.S, lang = game.lang;
    var list = byId("found-list"), ids = Object.keys(found);
    ids.sort(function (a, b) { return found[b].score - found[a].score || (a < b ? -1 : a > b ? 1 : 0); });
    list.textContent = "";
    var total = 0;
    ids.forEach(function (id) {
      var r = found[id], li = D.el("li");
      total += r.score;
      li.appendChild(P.foundWord(data, id, r.forms.join(" / "), r.forms[0]));
      li.appendChild(document.createTextNode(" "));
      var spelled = D.el("span", "spelled");
      r.tiles.forEach(function (t, i) {
        var blank = r.blanks.indexOf(i) >= 0, tile = D.el("span", "mini-tile" + (blank ? " blank" : ""), t.toUpperCase());
        if (blank) tile.appendChild(D.el("span", "visually-hidden", " (" + S.blank + ")"));
        spelled.appendChild(tile);
      });
      li.appendChild(spelled);
      li.appendChild(D.el("span", "points", " " + D.plural(S.score_short, r.score, lang)));
      if (r.bingo) li.appendChild(D.el("span", "bingo", " " + S.bingo));
      list.appendChild(li);
    });
    byId("found-count").textContent = D.format(S.found_count, { n: ids.length, total: data.words });
    P.showLatest(game.state.found);
    byId("game-score").textContent = D.format(S.score, { points: total });
    game.root.setAttribute("data-score", String(total));
    P.drawGrid(G.gridLeft(data.hints.grid, ids.map(function (id) { return found[id].tiles; })));
    // The day's result: the share of its words found, in quarters (pipeline/browser/playdata.py RACK_LEVELS).
    P.record("rack", lang, game.date, game.state, Math.floor((data.levels.count - 1) * ids.length / data.words), data.levels.count);
    P.showHistory("rack", lang);
  }

  // --- entry: typing, tapping tiles, delete, shuffle -----------------------------

  function wireEntry(game) {
    var input = game.input, form = byId("game-form");
    var submitted = function () { submit(game); };
    var removeLast = function () {
      var rack = game.rack, r = G.spell(rack, input.value);
      // Delete a whole tile (l·l, ny, qu) when the entry spells; else one character.
      setEntry(game, r && r.length ? r.slice(0, -1).map(function (t) { return rack.tiles[t]; }).join("")
                                   : Array.from(input.value).slice(0, -1).join(""));
    };
    form.addEventListener("submit", function (event) { event.preventDefault(); submitted(); });
    input.addEventListener("input", function () { showTileUse(game); });
    tileButtons().forEach(function (button) {
      button.addEventListener("click", function () {
        if (button.classList.contains("used")) return;  // this copy is in the word already
        var tile = button.getAttribute("data-tile");
        if (tile !== null) { setEntry(game, input.value + tile); return; }
        // A blank is whatever letter the player types next: it scores nothing.
        P.say(game.message, game.S.blank_how, "blank");
        input.focus();
      });
    });
    byId("game-delete").addEventListener("click", removeLast);
    byId("game-shuffle").addEventListener("click", function () {
      var box = byId("game-tiles");
      D.shuffled(tileButtons()).forEach(function (button) { box.appendChild(button); });
    });
    P.wireKeys({ form: form, input: input, submit: submitted, removeLast: removeLast,
                 add: function (text) { setEntry(game, input.value + text); } });
  }

  function setEntry(game, value) { game.input.value = value; showTileUse(game); }

  function tileButtons() { return Array.from(document.querySelectorAll("#game-tiles button.tile")); }

  /** Grey the tiles the word being built takes: each tile's copies in rack order, then
   *  as many blanks as the word needs beyond the real tiles. */
  function showTileUse(game) {
    var rack = game.rack, need = rack.tiles.map(function () { return 0; }), taken = {}, blanks = 0;
    (G.spell(rack, game.input.value) || []).forEach(function (t) { need[t]++; });
    need.forEach(function (n, t) { blanks += Math.max(0, n - rack.have[t]); });
    tileButtons().forEach(function (button) {
      var tile = button.getAttribute("data-tile");
      var used;
      if (tile === null) used = blanks-- > 0;  // the blank
      else {
        var t = rack.ids[tile];
        used = (taken[t] || 0) < need[t];
        if (used) taken[t] = (taken[t] || 0) + 1;
      }
      button.classList.toggle("used", used);
      button.setAttribute("aria-pressed", used ? "true" : "false");
    });
  }

  // --- share ------------------------------------------------------------------------

  function share(game) {
    var S = game.S, root = game.root, points = Number(root.getAttribute("data-score")), n = Object.keys(game.found).length;
    var text = D.format(S.share_text, {
      date: root.getAttribute("data-date-text"), points: D.plural(S.share_points, points, game.lang),
      words: P.shareCount(S.share_words, n, game.data.words, game.lang),
    });
    P.share(text + P.shareLink(root), byId("share-text"), byId("share-status"));
  }

  D.ready(start);
})();
