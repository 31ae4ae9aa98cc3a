/* Rusc — the rack page as a find-the-words game. Plain JavaScript, no framework.
 *
 * Where to start reading: `start` wires the page (templates/rack_game.html). The rules —
 * spelling a word into tiles (digraph tiles as one tile), blanks for any tile, tile values
 * and the bingo bonus — are RuscGame's (game-core.js): judgeRack. Saved progress and the
 * save panel are RuscPage's (game-page.js). The page data holds salted hashes of the
 * answers' tile spellings, never an answer.
 */
(function () {
  "use strict";

  var G = window.RuscGame, P = window.RuscPage, D = window.RuscDom;

  function start() {
    var root = document.getElementById("game");
    if (!root || !G || !P || !D) return;
    var data = D.json("game-data"), S = D.json("game-strings");
    var rack = G.rack(data), lang = data.lang, date = data.date;
    var $ = function (id) { return document.getElementById(id); };
    var form = $("game-form"), input = $("game-input"), message = $("game-message");
    var state, found;

    function load() {
      state = P.load("rack", lang, date);
      found = {};
      state.found.forEach(function (word) {
        var r = G.judgeRack(rack, word, found);
        if (r.kind === "ok") found[r.id] = r;
      });
      state.found = state.found.filter(function (word) { return found[G.judgeRack(rack, word, {}).id]; });
    }

    function say(text, kind) { P.say(message, text, kind); }

    function messageFor(r) {
      switch (r.kind) {
        case "letter": return S.bad_letter;
        case "short": return S.too_short;
        case "tiles": return S.no_tiles;
        case "found": return S.already_found;
        case "list": return S.not_in_list;
        case "ok":
          return D.format(r.bingo ? S.bingo_points : S.praise[G.tier(S.praise_from, r.score)],
                          { points: r.score, bonus: data.rules.bingo });
      }
      return "";
    }

    function submit() {
      var r = G.judgeRack(rack, input.value, found);
      if (r.kind === "empty") { setEntry(""); return; }
      say(messageFor(r), r.kind);
      if (r.kind === "ok") {
        found[r.id] = r;
        state.found.push(r.forms[0]);
        P.helpFound(state, r.id);
        P.save("rack", lang, date, state);
        update();
        P.showMeaning(data, r.id, r.forms[0]);
      }
      setEntry("");
    }

    function update() {
      var list = $("found-list"), ids = Object.keys(found);
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
      $("found-count").textContent = D.format(S.found_count, { n: ids.length, total: data.words });
      P.showLatest(state.found);
      $("game-score").textContent = D.format(S.score, { points: total });
      root.setAttribute("data-score", String(total));
      P.drawGrid(G.gridLeft(data.hints.grid, ids.map(function (id) { return found[id].tiles; })));
      // The day's result: the share of its words found, in quarters (pipeline/browser/playdata.py RACK_LEVELS).
      P.record("rack", lang, date, state, Math.floor((data.levels.count - 1) * ids.length / data.words), data.levels.count);
      P.showHistory("rack", lang);
    }

    // --- entry: typing, tapping tiles, delete, shuffle -----------------------------

    function setEntry(value) { input.value = value; showTileUse(); }

    function removeLast() {
      var r = G.spell(rack, input.value);
      // Delete a whole tile (l·l, ny, qu) when the entry spells; else one character.
      setEntry(r && r.length ? r.slice(0, -1).map(function (t) { return rack.tiles[t]; }).join("")
                             : Array.from(input.value).slice(0, -1).join(""));
    }

    function tileButtons() { return Array.from(document.querySelectorAll("#game-tiles button.tile")); }

    /** Grey the tiles the word being built takes: each tile's copies in rack order, then
     *  as many blanks as the word needs beyond the real tiles. */
    function showTileUse() {
      var need = rack.tiles.map(function () { return 0; }), taken = {}, blanks = 0;
      (G.spell(rack, input.value) || []).forEach(function (t) { need[t]++; });
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

    form.addEventListener("submit", function (event) { event.preventDefault(); submit(); });
    input.addEventListener("input", showTileUse);
    tileButtons().forEach(function (button) {
      button.addEventListener("click", function () {
        if (button.classList.contains("used")) return;  // this copy is in the word already
        var tile = button.getAttribute("data-tile");
        if (tile !== null) { setEntry(input.value + tile); return; }
        // A blank is whatever letter the player types next: it scores nothing.
        say(S.blank_how, "blank");
        input.focus();
      });
    });
    $("game-delete").addEventListener("click", removeLast);
    $("game-shuffle").addEventListener("click", function () {
      var box = $("game-tiles");
      D.shuffled(tileButtons()).forEach(function (button) { box.appendChild(button); });
    });
    P.wireKeys({ form: form, input: input, submit: submit, removeLast: removeLast,
                 add: function (text) { setEntry(input.value + text); } });
    $("share-button").addEventListener("click", function () {
      var points = Number(root.getAttribute("data-score")), n = Object.keys(found).length;
      var text = D.format(S.share_text, {
        date: root.getAttribute("data-date-text"), points: D.plural(S.share_points, points, lang),
        words: P.shareCount(S.share_words, n, data.words, lang),
      });
      P.share(text + P.shareLink(root), $("share-text"), $("share-status"));
    });
    var ask = P.wireHelp({ game: "rack", lang: lang, date: date, answersUrl: root.getAttribute("data-answers"),
                           strings: S, state: function () { return state; },
                           isFound: function (id) { return !!found[id]; },
                           units: function (id) { return id.split("|"); } });
    P.wireGridHelp(ask, S.help_cell);
    P.wireHintsSetting();
    P.wireSavePanel("rack", lang, date, function () { load(); update(); });
    load();
    $("rack-tiles").hidden = true;
    P.openBesideTheGame($("found"));
    root.hidden = false;
    update();
  }

  D.ready(start);
})();
