/* Rusc — the rack finder page (templates/rack-finder.html). Plain JavaScript, no framework.
 *
 * Where to start reading: start() gathers the page's state in one object (`page`, which every
 * other function takes), fetches the head of the language's rack index (its rules; the
 * browser caches it under its hashed name), reads the rack and filters from the URL or the
 * form; find() fetches the words of the numbers of tiles the rack can spell that it
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
  var SP = window.RuscSolverPage, number = SP.number, count = SP.count, say = SP.say;

  /** The page: its state in one object (`page`) that every other function takes; the head of
   *  the index fetched (and the words a rack in the URL needs beside it); the form wired. */
  function start() {
    var root = byId("rf-result");
    if (!root) return;
    var page = {
      S: D.json("rf-strings"), points: D.json("rf-points"), lang: document.documentElement.lang, root: root,
      error: byId("rf-error"), status: byId("rf-status"), groups: byId("rf-groups"), inputs: {},
      index: null,  // the decoded index, once its head is in
    };
    FIELDS.forEach(function (name) { page.inputs[name] = byId("rf-" + name); });
    // The head, then the words of each number of tiles when a rack first needs them.
    SP.load(page, R.decode, R.addWords);
    // A rack in the URL: its words are fetched beside the head, not after it (a slow network
    // pays its round trip once). Its length in characters bounds its number of tiles.
    var asked = Array.from((new URLSearchParams(window.location.search).get("rack") || "").replace(/\s+/g, "")).length;
    page.parts.fetch(page.parts.names.filter(function (n) { return Number(n) <= asked; })).catch(function () {});

    byId("rf-form").addEventListener("submit", function (event) {
      event.preventDefault();
      find(page, values(page), true);
    });
    window.addEventListener("popstate", function () { fromUrl(page); });
    fromUrl(page);
  }

  function byId(id) { return document.getElementById(id); }

  // --- the rack and its filters ---------------------------------------------------------

  function values(page) {
    var v = {};
    FIELDS.forEach(function (name) { v[name] = page.inputs[name].value.trim(); });
    v.rack = v.rack.replace(/\s+/g, "");  // "A B ? ?" is a rack too; the engine refuses spaces
    return v;
  }

  function options(v) {
    return { min_length: v.min ? parseInt(v.min, 10) : null, max_length: v.max ? parseInt(v.max, 10) : null,
             contains: v.contains, starts: v.starts, ends: v.ends, pattern: v.pattern, sort: v.sort || "score" };
  }

  function fromUrl(page) {
    var params = new URLSearchParams(window.location.search);
    if (!params.has("rack")) return;
    FIELDS.forEach(function (name) { page.inputs[name].value = params.get(name) || (name === "sort" ? "score" : ""); });
    find(page, values(page), false);
  }

  function refuse(page, e) {
    if (!(e instanceof R.RackError)) throw e;
    var S = page.S;
    var messages = {
      tile: format(S.err_tile, { text: e.text }), empty: S.err_empty,
      long: format(S.err_long, { max: S.max_tiles, n: e.text }), blanks: format(S.err_blanks, { max: S.max_blanks, n: e.text }),
      filter: format(S.err_filter, { name: S["filter_" + e.text] || e.text }), bounds: S.err_bounds, sort: S.err_bounds,
    };
    say(page, messages[e.kind]);
    page.root.hidden = true;
    page.status.textContent = "";
  }

  /** An empty length field, or a whole number (its range is the engine's to check). */
  function wholeNumber(field) { return !field.validity.badInput && /^\d*$/.test(field.value.trim()); }

  /** Solve the rack once the head and the words it can spell are in (fetched first if not). */
  function find(page, v, updateUrl) {
    var S = page.S, status = page.status;
    var missing = function (index) { return R.missingLengths(index, v.rack); };
    if (!SP.ready(page, missing, function () { find(page, v, updateUrl); })) return;
    var solution;
    // A length the field cannot read ("2.5", "1e") is refused, never read as no limit.
    if (!wholeNumber(page.inputs.min) || !wholeNumber(page.inputs.max)) { refuse(page, new R.RackError("bounds")); return; }
    try { solution = R.solve(page.index, v.rack, options(v)); } catch (e) { refuse(page, e); return; }
    say(page, "");
    if (updateUrl) {
      var params = new URLSearchParams();
      FIELDS.forEach(function (name) { if (v[name] && !(name === "sort" && v[name] === "score")) params.set(name, v[name]); });
      var url = new URL(window.location.href);
      url.search = "?" + params.toString();
      if (url.href !== window.location.href) window.history.pushState(null, "", url.href);
    }
    drawTiles(page, solution.rack);
    drawGroups(page, solution);
    page.root.hidden = false;
    status.textContent = solution.answers.length
      ? format(S.found, { words: count(page, "words", solution.answers.length), rack: solution.rack.join(" ").toUpperCase() })
      : S.none;
  }

  // --- the answers ------------------------------------------------------------------

  function drawTiles(page, rack) {
    var list = byId("rf-tiles");
    list.textContent = "";
    rack.forEach(function (tile) {
      var blank = tile === page.index.blank, item = el("li", blank ? "tile blank" : "tile");
      var letter = el("span", "tile-letter", blank ? "?" : tile.toUpperCase());
      if (blank) letter.setAttribute("aria-hidden", "true");
      item.appendChild(letter);
      if (blank) item.appendChild(el("span", "visually-hidden", page.S.blank));
      item.appendChild(el("span", "tile-points", String(blank ? 0 : page.points[tile])));
      list.appendChild(item);
    });
  }

  function answerItem(page, answer) {
    var S = page.S, item = el("li");
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
    item.appendChild(el("span", "points", count(page, "points", answer.score)));
    if (answer.bingo) {
      item.appendChild(document.createTextNode(" "));
      item.appendChild(el("span", "bingo", S.bingo));
    }
    return item;
  }

  /** Groups by the key's length, longest first; the engine's order inside each. */
  function drawGroups(page, solution) {
    page.groups.textContent = "";
    var byLength = {}, lengths = [];
    solution.answers.forEach(function (a) {
      var n = a.key.length;
      if (!byLength[n]) { byLength[n] = []; lengths.push(n); }
      byLength[n].push(a);
    });
    lengths.sort(function (a, b) { return b - a; }).forEach(function (n) {
      page.groups.appendChild(group(page, n, byLength[n]));
    });
  }

  /** One length's words: the first GROUP_SIZE, and a button for the next GROUP_SIZE. */
  function group(page, n, words) {
    var S = page.S, section = el("section", "rack-group");
    var heading = el("h2", "score", count(page, "letters", n) + " · " + count(page, "words", words.length));
    heading.id = "rf-len-" + n;
    section.setAttribute("aria-labelledby", heading.id);
    section.appendChild(heading);
    var list = el("ul", "rack-answers");
    section.appendChild(list);
    var shown = 0, more = el("button", "more");
    more.type = "button";
    function showMore() {
      var first = list.children.length;
      words.slice(shown, shown + GROUP_SIZE).forEach(function (a) { list.appendChild(answerItem(page, a)); });
      shown = Math.min(words.length, shown + GROUP_SIZE);
      more.hidden = shown >= words.length;
      more.textContent = format(S.more, { n: number(page, Math.min(GROUP_SIZE, words.length - shown)) });
      if (first && list.children[first]) {
        list.children[first].tabIndex = -1;
        list.children[first].focus();
      }
    }
    more.addEventListener("click", showMore);
    section.appendChild(more);
    showMore();
    return section;
  }

  D.ready(start);
})();
