/* Rusc — what the two daily game pages share: saved progress (localStorage), the export
 * code and the save panel, the answers page read on demand (an error offline, never an
 * empty list), the keys that build the word, the hint grid and its help by cell, the graded
 * help, the remembered setting that hides the hints, messages and the share text's parts.
 *
 * Saved progress lives in the browser only.
 * One entry per (game, language, date): key "rusc.<game>.<lang>.<date>", value JSON
 * {"found": [word ids in the order found], "help": {...}, "result": {"level", "levels"}}:
 * the result is the day's rank (beehive), share of words found (rack) or score (a Wordle
 * game the player tracks) as a level, from which the player's history is drawn (history:
 * days played, streaks, the levels reached). An export code is every Rusc entry as base64
 * of UTF-8 JSON, so a player can carry progress to another device; an import merges it
 * (the union of the words found and the better result, never a loss). Exposed as
 * window.RuscPage; used by beehive-game.js, rack-game.js, archive.js and wordle.js. Every
 * text goes in with textContent, never innerHTML.
 */
(function (root) {
  "use strict";

  var PREFIX = "rusc.";
  var CODE_VERSION = 1;

  function storage() {
    try { return root.localStorage; } catch (e) { return null; }  // blocked storage: play unsaved
  }

  function keyOf(game, lang, date) { return PREFIX + game + "." + lang + "." + date; }

  function load(game, lang, date) {
    var s = storage(), raw = s && s.getItem(keyOf(game, lang, date));
    var value;
    try { value = raw ? JSON.parse(raw) : null; } catch (e) { value = null; }
    if (!value || !Array.isArray(value.found)) value = { found: [] };
    return value;
  }

  function save(game, lang, date, value) {
    var s = storage();
    if (s) s.setItem(keyOf(game, lang, date), JSON.stringify(value));
  }

  function erase(game, lang, date) {
    var s = storage();
    if (s) s.removeItem(keyOf(game, lang, date));
  }

  function toBase64(text) {
    var bytes = new TextEncoder().encode(text), binary = "";
    for (var i = 0; i < bytes.length; i++) binary += String.fromCharCode(bytes[i]);
    return btoa(binary);
  }

  function fromBase64(code) {
    var binary = atob(code.replace(/\s+/g, "")), bytes = new Uint8Array(binary.length);
    for (var i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
    return new TextDecoder().decode(bytes);
  }

  /** Every saved Rusc entry as one code. */
  function exportCode() {
    var s = storage(), items = {};
    if (s) {
      for (var i = 0; i < s.length; i++) {
        var k = s.key(i);
        if (k.indexOf(PREFIX) === 0) items[k] = JSON.parse(s.getItem(k));
      }
    }
    var keys = Object.keys(items).sort(), ordered = {};
    keys.forEach(function (k) { ordered[k] = items[k]; });
    return toBase64(JSON.stringify({ v: CODE_VERSION, items: ordered }));
  }

  /** Merge a code into the saved entries; returns how many entries it held, or -1 if it
   *  is no export code. */
  function importCode(code) {
    var parsed;
    try { parsed = JSON.parse(fromBase64(code.trim())); } catch (e) { return -1; }
    if (!parsed || parsed.v !== CODE_VERSION || typeof parsed.items !== "object") return -1;
    var s = storage(), count = 0;
    Object.keys(parsed.items).forEach(function (k) {
      var incoming = parsed.items[k];
      if (k.indexOf(PREFIX) !== 0 || !incoming || !Array.isArray(incoming.found)) return;
      var current;
      try { current = JSON.parse(s.getItem(k) || "null"); } catch (e) { current = null; }
      var found = current && Array.isArray(current.found) ? current.found.slice() : [];
      incoming.found.forEach(function (w) { if (typeof w === "string" && found.indexOf(w) < 0) found.push(w); });
      var merged = { found: found, help: (current && current.help) || incoming.help,
                     result: better((current || {}).result, incoming.result) };
      if (s) s.setItem(k, JSON.stringify(merged));
      count++;
    });
    return count;
  }

  /** The higher of two day results (either may be missing). */
  function better(a, b) {
    if (!a || typeof a.level !== "number") return b && typeof b.level === "number" ? b : undefined;
    return b && typeof b.level === "number" && b.level > a.level ? b : a;
  }

  // --- the player's history -----------------------------------------------------------

  function nextDay(date, days) {
    return new Date(Date.parse(date + "T00:00:00Z") + days * 86400000).toISOString().slice(0, 10);
  }

  /** Keep a day's result (its level of levels) with its progress, once a word is found. */
  function record(game, lang, date, state, level, levels) {
    state.result = { level: level, levels: levels };
    if (state.found.length) save(game, lang, date, state);
  }

  /** The player's history of one game in one language, from every day kept in this
   *  browser up to `today`: {played (days with a word found), current and longest streak
   *  (consecutive days whose level reached `streak`; the current one ends today, or
   *  yesterday while today is not reached yet), counts (days per final level), days
   *  (date → level)}. */
  function history(game, lang, today, streak, levels) {
    var s = storage(), prefix = keyOf(game, lang, ""), days = {}, counts = [];
    for (var l = 0; l < levels; l++) counts.push(0);
    for (var i = 0; s && i < s.length; i++) {
      var key = s.key(i), value;
      if (key.indexOf(prefix) !== 0) continue;
      var date = key.slice(prefix.length);
      if (!/^\d{4}-\d{2}-\d{2}$/.test(date) || date > today) continue;
      try { value = JSON.parse(s.getItem(key)); } catch (e) { value = null; }
      if (!value || !Array.isArray(value.found) || !value.found.length) continue;
      var level = value.result && typeof value.result.level === "number" ? Math.min(value.result.level, levels - 1) : 0;
      days[date] = level;
      counts[level]++;
    }
    var counted = function (date) { return Object.prototype.hasOwnProperty.call(days, date) && days[date] >= streak; };
    var longest = 0, run = 0, previous = null;
    Object.keys(days).sort().forEach(function (date) {
      if (!counted(date)) { run = 0; previous = null; return; }
      run = previous && nextDay(previous, 1) === date ? run + 1 : 1;
      previous = date;
      longest = Math.max(longest, run);
    });
    var current = 0, day = counted(today) ? today : nextDay(today, -1);
    while (counted(day)) { current++; day = nextDay(day, -1); }
    return { played: Object.keys(days).length, current: current, longest: longest, counts: counts, days: days };
  }

  /** Fill the Stats view (templates/history.html) of a game's page: its levels and their
   *  names are the view's data-levels and data-names. */
  function showHistory(game, lang) {
    var box = document.getElementById("history");
    if (!box) return;
    var levels = JSON.parse(box.getAttribute("data-levels")), names = JSON.parse(box.getAttribute("data-names"));
    var D = window.RuscDom, h = history(game, lang, box.getAttribute("data-today"), levels.streak, levels.count);
    document.getElementById("history-played").textContent = String(h.played);
    document.getElementById("history-current").textContent = String(h.current);
    document.getElementById("history-longest").textContent = String(h.longest);
    var chart = document.getElementById("history-levels"), most = Math.max.apply(null, h.counts.concat([1]));
    chart.textContent = "";
    h.counts.forEach(function (count, level) {
      var item = D.el("li", level >= levels.streak ? "counted" : "");
      item.appendChild(D.el("span", "history-name", names[level]));
      var bar = D.el("span", "history-bar");
      bar.style.width = (100 * count / most) + "%";
      item.appendChild(bar);
      item.appendChild(D.el("span", "history-count", String(count)));
      chart.appendChild(item);
    });
  }

  // --- page helpers -------------------------------------------------------------------

  var saveStrings = null;
  /** The save panel's texts (templates/game_save.html), read once. */
  function strings() { return saveStrings || (saveStrings = window.RuscDom.json("save-strings")); }

  /** An error for the player: `offline` when the network is down and this device has not
   *  kept the page (the service worker answers a script with 503, see templates/sw.js). */
  function readError(message, offline) {
    var error = new Error(message);
    error.offline = offline;
    return error;
  }

  var answersCache = {};
  /** The day's answers, read from its answers page (li[data-id] with a .word): a promise
   *  of [{id, text}] in page order. Only asked for when the player wants help or a review.
   *  Anything but an answers page (data-answers-page) is an error, never an empty list:
   *  help must not claim every word is found on the strength of some other page. */
  function fetchAnswers(url) {
    if (!answersCache[url]) {
      answersCache[url] = fetch(url, { credentials: "same-origin" }).catch(function (error) {
        throw readError(error.message, true);
      }).then(function (response) {
        if (!response.ok) throw readError(response.status + " " + response.statusText, response.status === 503);
        return response.text();
      }).then(function (html) {
        var doc = new DOMParser().parseFromString(html, "text/html");
        if (!doc.querySelector("[data-answers-page]")) throw readError("not an answers page", false);
        return Array.from(doc.querySelectorAll("li[data-id]")).map(function (li) {
          var word = li.querySelector(".word");
          return { id: li.getAttribute("data-id"), text: word ? word.textContent : li.getAttribute("data-id") };
        });
      });
      answersCache[url].catch(function () { delete answersCache[url]; });
    }
    return answersCache[url];
  }

  /** Wire the save panel (export, import, reset with confirmation) of a game page.
   *  onChange(): the saved progress changed (imported or reset). */
  function wireSavePanel(game, lang, date, onChange) {
    var S = strings();
    var exportButton = document.getElementById("save-export"), exportOut = document.getElementById("save-code");
    var importForm = document.getElementById("save-import"), importInput = document.getElementById("save-import-code");
    var status = document.getElementById("save-status");
    var reset = document.getElementById("save-reset"), confirmBox = document.getElementById("save-confirm");
    exportButton.addEventListener("click", function () {
      exportOut.value = exportCode();
      exportOut.hidden = false;
      exportOut.select();
      status.textContent = S.exported;
    });
    importForm.addEventListener("submit", function (event) {
      event.preventDefault();
      var n = importCode(importInput.value);
      status.textContent = n < 0 ? S.import_bad : window.RuscDom.plural(S.imported, n, lang);
      if (n >= 0) { importInput.value = ""; onChange(); }
    });
    reset.addEventListener("click", function () {
      confirmBox.hidden = false;
      document.getElementById("save-reset-yes").focus();
    });
    document.getElementById("save-reset-no").addEventListener("click", function () {
      confirmBox.hidden = true;
      reset.focus();
    });
    document.getElementById("save-reset-yes").addEventListener("click", function () {
      erase(game, lang, date);
      confirmBox.hidden = true;
      status.textContent = S.reset_done;
      onChange();
      reset.focus();
    });
  }

  /** Keys typed on the game page build the word. While the game's entry has the focus (the
   *  page itself, a hive cell or a tile, Delete, Shuffle, Enter), letters are added,
   *  Backspace removes the last, and Enter submits the word — never a second tap of the
   *  focused cell or button, which would add a letter or shuffle again. Elsewhere (links,
   *  the menu, the help and save buttons) a letter means nothing to the browser, so it
   *  goes to the word too and the focus moves to the entry, where the next Enter submits
   *  it: a player who clicked "help" and types on loses no letter. Enter, Space and
   *  Backspace there keep their usual meaning, so a keyboard-only player can still follow
   *  a link; fields the player types in (the save panel's) keep every key.
   *  entry: {form, input, add(text), removeLast(), submit()}. */
  function wireKeys(entry) {
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (target === entry.input || event.ctrlKey || event.metaKey || event.altKey) return;
      var letter = event.key.length === 1 && /\p{L}|['’·-]/u.test(event.key);
      var page = target === document.body || target === document.documentElement || !target;
      if (page || entry.form.contains(target)) {
        if (event.key === "Enter") entry.submit();
        else if (event.key === "Backspace") entry.removeLast();
        else if (letter) entry.add(event.key);
        else return;
      } else if (letter && !editable(target)) {
        entry.add(event.key);
        entry.input.focus();
      } else {
        return;
      }
      event.preventDefault();
    });
  }

  /** Whether keys typed on node are the player's text (a field, a list box, editable text). */
  function editable(node) {
    return node.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(node.tagName);
  }

  /** The found list starts open where the screen is wide enough to show it beside the
   *  playing surface (game.css, 60rem); on a phone it starts folded below it. */
  function openBesideTheGame(details) {
    if (window.matchMedia && window.matchMedia("(min-width: 60rem)").matches) details.open = true;
  }

  // --- hints and help, as both games give them ------------------------------------------

  /** Count the hint grid (templates/hint-grid.html) down to `grid` ({first: {length: n}},
   *  what RuscGame.gridLeft leaves): each cell, row and column total, the grand total. */
  function drawGrid(grid) {
    var rows = {}, cols = {}, all = 0;
    Object.keys(grid).forEach(function (first) {
      Object.keys(grid[first]).forEach(function (n) {
        var c = grid[first][n];
        rows[first] = (rows[first] || 0) + c;
        cols[n] = (cols[n] || 0) + c;
        all += c;
        setCount(document.querySelector('td[data-cell="' + first + n + '"]'), c);
      });
    });
    Object.keys(rows).forEach(function (f) { setCount(document.querySelector('td[data-row="' + f + '"]'), rows[f]); });
    Object.keys(cols).forEach(function (n) { setCount(document.querySelector('td[data-col="' + n + '"]'), cols[n]); });
    setCount(document.querySelector("td[data-total]"), all);
  }

  /** Show a count in a hint (in its button, when the cell is one), greyed at zero. */
  function setCount(node, n, owner) {
    if (!node) return;
    (node.querySelector("button") || node).textContent = String(n);
    (owner || node).classList.toggle("done", n === 0);
  }

  /** The graded help (#help-button, #help-text): each ask shows one missing word a step
   *  further (RuscGame.helpStep) until it is found; a new word is picked at random, so
   *  help is not always about the same first word. ask(first, length) asks about a word
   *  of one hint-grid cell. o: {game, lang, date, answersUrl, state() (the saved
   *  progress), isFound(id), units(id) (its letters or tiles), strings: help_start,
   *  help_half, help_word, help_none, help_cell_none}. Returns ask. */
  function wireHelp(o) {
    var S = o.strings, out = document.getElementById("help-text"), format = window.RuscDom.format;
    function ask(first, length) {
      var inCell = function (id) {
        var units = o.units(id);
        return first === undefined || (units[0] === first && units.length === length);
      };
      fetchAnswers(o.answersUrl).then(function (answers) {
        var missing = answers.filter(function (a) { return !o.isFound(a.id) && inCell(a.id); });
        if (!missing.length) { out.textContent = first === undefined ? S.help_none : S.help_cell_none; return; }
        var state = o.state(), current = state.help;
        var target = current && missing.filter(function (a) { return a.id === current.id; })[0];
        var step = target ? Math.min(3, current.step + 1) : 1;
        target = target || missing[Math.floor(Math.random() * missing.length)];
        state.help = { id: target.id, step: step };
        save(o.game, o.lang, o.date, state);
        var h = window.RuscGame.helpStep(o.units(target.id), step);
        out.textContent = h.whole ? format(S.help_word, { word: target.text })
          : format(step === 1 ? S.help_start : S.help_half, { start: h.shown.toUpperCase(), n: h.length });
      }, function (error) { out.textContent = readFailure(error); });
    }
    document.getElementById("help-button").addEventListener("click", function () { ask(); });
    return ask;
  }

  /** A word just found ends the help that was about it. */
  function helpFound(state, id) {
    if (!state.help || state.help.id !== id) return;
    state.help = null;
    document.getElementById("help-text").textContent = "";
  }

  /** Each counted cell of the hint grid becomes a button asking help for one of its words. */
  function wireGridHelp(ask, label) {
    document.querySelectorAll("td[data-first]").forEach(function (td) {
      var first = td.getAttribute("data-first"), length = Number(td.getAttribute("data-length"));
      var button = window.RuscDom.el("button", "cell-help", td.textContent);
      button.type = "button";
      button.setAttribute("aria-label", window.RuscDom.format(label, { start: first.toUpperCase(), n: length }));
      button.addEventListener("click", function () {
        ask(first, length);
        document.getElementById("help-text").scrollIntoView({ block: "nearest" });
      });
      td.textContent = "";
      td.appendChild(button);
    });
  }

  var HIDE_HINTS = "rusc-hide-hints";

  /** The remembered setting to hide the hints (#hide-hints) until asked (#show-hints):
   *  kept in this browser for every day and both games, outside the exported progress. */
  function wireHintsSetting() {
    var box = document.getElementById("hide-hints"), body = document.getElementById("hint-body");
    var show = document.getElementById("show-hints");
    if (!box || !body) return;
    var s = storage(), hide = !!(s && s.getItem(HIDE_HINTS) === "1");
    function apply(hidden) { body.hidden = hidden; show.hidden = !hidden; }
    box.checked = hide;
    box.closest(".hints-setting").hidden = false;
    apply(hide);
    box.addEventListener("change", function () {
      if (s) { if (box.checked) s.setItem(HIDE_HINTS, "1"); else s.removeItem(HIDE_HINTS); }
      apply(box.checked);
    });
    show.addEventListener("click", function () { apply(false); body.focus(); });
  }

  /** What to tell the player when the answers page could not be read. */
  function readFailure(error) {
    var S = strings();
    return error.offline ? S.offline : window.RuscDom.format(S.load_failed, { error: error.message });
  }

  /** Show one entry's message in the live region: its kind in data-kind (never as a class,
   *  which would take a page style such as .letter's capitals), the text put in anew so a
   *  repeated message is announced again. */
  function say(region, text, kind) {
    region.textContent = "";
    region.setAttribute("data-kind", kind || "");
    window.setTimeout(function () { region.textContent = text; }, 20);
  }

  /** The folded found list still shows the latest words, newest first, on one line (as
   *  the NYT's does), so a player sees them without opening it; `texts` oldest first. */
  function showLatest(texts) {
    var preview = document.getElementById("found-preview");
    if (preview) preview.textContent = texts.slice(-8).reverse().join(" · ");
  }

  /** Copy text to the clipboard, showing it in `output` too (for when copying is refused). */
  function share(text, output, status) {
    var S = strings();
    output.value = text;
    output.hidden = false;
    var done = function () { status.textContent = S.share_copied; };
    var failed = function () { output.select(); status.textContent = S.share_select; };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(text).then(done, failed);
    else failed();
  }

  /** A share text's count of a total ("{found}/{n} words"), in the plural of the total:
   *  "0/1 tuti", "2/2 tutis". */
  function shareCount(forms, found, total, lang) {
    return window.RuscDom.format(window.RuscDom.plural(forms, total, lang), { found: found });
  }

  /** The day's link for a share text: a new line and the day's page (its dated URL, so
   *  the link still shows this day tomorrow), from the site URL the site was built with,
   *  else from where this page was loaded. */
  function shareLink(section) {
    var url = section.getAttribute("data-share-url") || new URL(section.getAttribute("data-day-url"), location.href).href;
    return "\n" + url;
  }

  /** What a found word means, in the found list's panel (templates/meaning.html): its
   *  senses from the page data's meanings (by the answer's hash, sealed by `secret`, what
   *  the hash covers: pipeline.browser.playdata.seal), links to the language's dictionaries with
   *  the word put in, each in a new tab. */
  function showMeaning(data, secret, word) {
    var D = window.RuscDom, G = window.RuscGame, panel = document.getElementById("meaning");
    if (!panel) return;
    var sealed = (data.meanings || {})[G.hash(data.salt, secret)], opened = sealed ? G.unseal(data.salt, secret, sealed) : null;
    var meaning = opened ? JSON.parse(opened) : null, senses = document.getElementById("meaning-senses");
    document.getElementById("meaning-word").textContent = word;
    document.getElementById("meaning-lemma").textContent =
      meaning && meaning[0] ? "(" + D.format(panel.getAttribute("data-form-of"), { lemma: meaning[0] }) + ")" : "";
    senses.textContent = "";
    (meaning ? meaning[1] : []).forEach(function (sense) {
      var item = D.el("li");
      item.appendChild(D.el("span", "meaning-label", sense[0]));
      item.appendChild(document.createTextNode(" " + sense[1]));
      senses.appendChild(item);
    });
    senses.hidden = !meaning;
    var none = document.getElementById("meaning-none");
    if (none) none.hidden = !!meaning;
    var links = document.getElementById("meaning-links");
    if (links) {
      links.textContent = "";
      (data.dictionaries || []).forEach(function (dictionary, i) {
        if (i) links.appendChild(document.createTextNode(" · "));
        var link = D.el("a", "dictionary", dictionary[0]);
        link.href = dictionary[1].replace("{word}", encodeURIComponent(word));
        link.target = "_blank";
        link.rel = "noopener noreferrer";
        links.appendChild(link);
      });
    }
    panel.hidden = false;
  }

  /** A found word in the found list: a button that shows what it means (showMeaning). */
  function foundWord(data, secret, text, word) {
    var button = window.RuscDom.el("button", "word", text);
    button.type = "button";
    button.addEventListener("click", function () { showMeaning(data, secret, word); });
    return button;
  }

  root.RuscPage = { showMeaning: showMeaning, foundWord: foundWord, record: record, history: history,
                    showHistory: showHistory, load: load, save: save, erase: erase, exportCode: exportCode, importCode: importCode,
                    fetchAnswers: fetchAnswers, readFailure: readFailure, drawGrid: drawGrid, setCount: setCount,
                    wireHelp: wireHelp, helpFound: helpFound, wireGridHelp: wireGridHelp,
                    wireHintsSetting: wireHintsSetting, shareCount: shareCount,
                    wireSavePanel: wireSavePanel, wireKeys: wireKeys, openBesideTheGame: openBesideTheGame,
                    say: say, showLatest: showLatest, share: share, shareLink: shareLink };
})(this);
