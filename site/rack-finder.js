/* Rusc — the rack finder page (templates/rack-finder.html). Plain JavaScript, no framework.
 *
 * Where to start reading: start() fetches the head of the language's rack index (its rules;
 * the browser caches it under its hashed name), reads the rack and filters from the URL or
 * the form; find() fetches the words of the numbers of tiles the rack can spell that it
 * lacks (one file each, pipeline/browser/solvers.py rack_index_files), then shows every word,
 * grouped by length (longest first, the chosen order inside a group), each with its tiles
 * (blanks marked), score and bingo; a group shows its first
 * GROUP_SIZE words and a "show more" button. Engine: site/solver-core.js. Every text goes
 * in with textContent; nothing from the index is ever parsed as HTML.
 */
(function () {
  "use strict";

  var R = window.RuscSolver.rack;
  var GROUP_SIZE = 50;
  var FIELDS = ["rack", "min", "max", "contains", "starts", "ends", "pattern", "sort"];

  var D = window.RuscDom, el = D.el, format = D.format;

  function start() {
    var root = document.getElementById("rf-result");
    if (!root) return;
    var S = D.json("rf-strings");
    var points = D.json("rf-points");
    var lang = document.documentElement.lang;
    var form = document.getElementById("rf-form"), error = document.getElementById("rf-error");
    var status = document.getElementById("rf-status"), groups = document.getElementById("rf-groups");
    var inputs = {};
    FIELDS.forEach(function (name) { inputs[name] = document.getElementById("rf-" + name); });
    var index = null;

    function number(n) { return n.toLocaleString(lang); }
    /** A count in words, by the language's plural rules (S[key] is {one, many, other}). */
    function count(key, n) { return D.plural(S[key], n, lang); }
    function say(message) { error.textContent = message; error.hidden = !message; }

    // The head, then the words of each number of tiles when a rack first needs them.
    var parts = window.RuscSolver.partsLoader(D.fetchJson, root.getAttribute("data-src"),
                                              JSON.parse(root.getAttribute("data-shards")), R.decode, R.addWords);
    var loading = parts.head.then(function (decoded) { index = decoded; return index; });
    loading.catch(function (e) { status.textContent = format(S.load_failed, { error: e.message }); });
    // A rack in the URL: its words are fetched beside the head, not after it (a slow network
    // pays its round trip once). Its length in characters bounds its number of tiles.
    var asked = Array.from((new URLSearchParams(window.location.search).get("rack") || "").replace(/\s+/g, "")).length;
    parts.fetch(parts.names.filter(function (n) { return Number(n) <= asked; })).catch(function () {});

    function values() {
      var v = {};
      FIELDS.forEach(function (name) { v[name] = inputs[name].value.trim(); });
      v.rack = v.rack.replace(/\s+/g, "");  // "A B ? ?" is a rack too; the engine refuses spaces
      return v;
    }

    function options(v) {
      return { min_length: v.min ? parseInt(v.min, 10) : null, max_length: v.max ? parseInt(v.max, 10) : null,
               contains: v.contains, starts: v.starts, ends: v.ends, pattern: v.pattern, sort: v.sort || "score" };
    }

    function refuse(e) {
      if (!(e instanceof R.RackError)) throw e;
      var messages = {
        tile: format(S.err_tile, { text: e.text }), empty: S.err_empty,
        long: format(S.err_long, { max: S.max_tiles, n: e.text }), blanks: format(S.err_blanks, { max: S.max_blanks, n: e.text }),
        filter: format(S.err_filter, { name: S["filter_" + e.text] || e.text }), bounds: S.err_bounds, sort: S.err_bounds,
      };
      say(messages[e.kind]);
      root.hidden = true;
      status.textContent = "";
    }

    /** An empty length field, or a whole number (its range is the engine's to check). */
    function wholeNumber(field) { return !field.validity.badInput && /^\d*$/.test(field.value.trim()); }

    function find(v, updateUrl) {
      if (!index) {
        status.textContent = S.loading;
        loading.then(function () { status.textContent = ""; find(v, updateUrl); });
        return;
      }
      var needed;
      try { needed = R.missingLengths(index, v.rack); } catch (e) { needed = []; }
      if (needed.length) {
        status.textContent = S.loading;
        parts.fetch(needed).then(function () { status.textContent = ""; find(v, updateUrl); },
                              function (e) { status.textContent = format(S.load_failed, { error: e.message }); });
        return;
      }
      var solution;
      // A length the field cannot read ("2.5", "1e") is refused, never read as no limit.
      if (!wholeNumber(inputs.min) || !wholeNumber(inputs.max)) { refuse(new R.RackError("bounds")); return; }
      try { solution = R.solve(index, v.rack, options(v)); } catch (e) { refuse(e); return; }
      say("");
      if (updateUrl) {
        var params = new URLSearchParams();
        FIELDS.forEach(function (name) { if (v[name] && !(name === "sort" && v[name] === "score")) params.set(name, v[name]); });
        var url = new URL(window.location.href);
        url.search = "?" + params.toString();
        if (url.href !== window.location.href) window.history.pushState(null, "", url.href);
      }
      drawTiles(solution.rack);
      drawGroups(solution);
      root.hidden = false;
      status.textContent = solution.answers.length
        ? format(S.found, { words: count("words", solution.answers.length), rack: solution.rack.join(" ").toUpperCase() })
        : S.none;
    }

    function drawTiles(rack) {
      var list = document.getElementById("rf-tiles");
      list.textContent = "";
      rack.forEach(function (tile) {
        var blank = tile === index.blank, item = el("li", blank ? "tile blank" : "tile");
        var letter = el("span", "tile-letter", blank ? "?" : tile.toUpperCase());
        if (blank) letter.setAttribute("aria-hidden", "true");
        item.appendChild(letter);
        if (blank) item.appendChild(el("span", "visually-hidden", S.blank));
        item.appendChild(el("span", "tile-points", String(blank ? 0 : points[tile])));
        list.appendChild(item);
      });
    }

    function answerItem(answer) {
      var item = el("li");
      item.appendChild(el("span", "word", answer.forms.join(" / ")));
      item.appendChild(document.createTextNode(" "));
      var spelled = el("span", "spelled");
      spelled.appendChild(el("span", "visually-hidden", S.tiles_used + ":"));
      answer.tiles.forEach(function (tile, i) {
        var blank = answer.blanks_used.indexOf(i) >= 0, mini = el("span", blank ? "mini-tile blank" : "mini-tile", tile.toUpperCase());
        if (blank) mini.appendChild(el("span", "visually-hidden", " (" + S.blank + ")"));
        spelled.appendChild(mini);
      });
      item.appendChild(spelled);
      item.appendChild(document.createTextNode(" "));
      item.appendChild(el("span", "points", count("points", answer.score)));
      if (answer.bingo) {
        item.appendChild(document.createTextNode(" "));
        item.appendChild(el("span", "bingo", S.bingo));
      }
      return item;
    }

    /** Groups by the key's length, longest first; the engine's order inside each. */
    function drawGroups(solution) {
      groups.textContent = "";
      var byLength = {}, lengths = [];
      solution.answers.forEach(function (a) {
        var n = a.key.length;
        if (!byLength[n]) { byLength[n] = []; lengths.push(n); }
        byLength[n].push(a);
      });
      lengths.sort(function (a, b) { return b - a; }).forEach(function (n) {
        var words = byLength[n], section = el("section", "rack-group");
        var heading = el("h2", "score", count("letters", n) + " · " + count("words", words.length));
        heading.id = "rf-len-" + n;
        section.setAttribute("aria-labelledby", heading.id);
        section.appendChild(heading);
        var list = el("ul", "rack-answers");
        section.appendChild(list);
        var shown = 0, more = el("button", "more");
        more.type = "button";
        function showMore() {
          var first = list.children.length;
          words.slice(shown, shown + GROUP_SIZE).forEach(function (a) { list.appendChild(answerItem(a)); });
          shown = Math.min(words.length, shown + GROUP_SIZE);
          more.hidden = shown >= words.length;
          more.textContent = format(S.more, { n: number(Math.min(GROUP_SIZE, words.length - shown)) });
          if (first && list.children[first]) {
            list.children[first].tabIndex = -1;
            list.children[first].focus();
          }
        }
        more.addEventListener("click", showMore);
        section.appendChild(more);
        showMore();
        groups.appendChild(section);
      });
    }

    form.addEventListener("submit", function (event) {
      event.preventDefault();
      find(values(), true);
    });

    function fromUrl() {
      var params = new URLSearchParams(window.location.search);
      if (!params.has("rack")) return;
      FIELDS.forEach(function (name) { inputs[name].value = params.get(name) || (name === "sort" ? "score" : ""); });
      find(values(), false);
    }
    window.addEventListener("popstate", fromUrl);
    fromUrl();
  }

  D.ready(start);
})();
