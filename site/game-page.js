/* Rusc — what the two daily game pages share: saved progress (localStorage), the export
 * code and the save panel, the answers page read on demand, small DOM helpers.
 *
 * Saved progress lives in the browser only.
 * One entry per (game, language, date): key "rusc.<game>.<lang>.<date>", value JSON
 * {"found": [word ids in the order found], "help": {...}}. An export code is every Rusc
 * entry as base64 of UTF-8 JSON, so a player can carry progress to another device; an
 * import merges it (the union of the words found, never a loss). Exposed as
 * window.RuscPage; used by beehive-game.js and rack-game.js. Every text goes in with
 * textContent, never innerHTML.
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
    var value = null;
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
      var current = null;
      try { current = JSON.parse(s.getItem(k) || "null"); } catch (e) { current = null; }
      var found = current && Array.isArray(current.found) ? current.found.slice() : [];
      incoming.found.forEach(function (w) { if (typeof w === "string" && found.indexOf(w) < 0) found.push(w); });
      var merged = { found: found, help: (current && current.help) || incoming.help };
      if (s) s.setItem(k, JSON.stringify(merged));
      count++;
    });
    return count;
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

  /** Keys typed while the game's entry has the focus (the page itself, a hive cell or a
   *  tile, Delete, Shuffle, Enter) build the word: letters are added, Backspace removes the
   *  last, and Enter submits the word — never a second tap of the focused cell or button,
   *  which would add a letter or shuffle again. Anywhere else (links, the menu, the help
   *  and save buttons, other fields) keys keep their usual meaning, so a keyboard-only
   *  player can follow a link. entry: {form, input, add(text), removeLast(), submit()}. */
  function wireKeys(entry) {
    document.addEventListener("keydown", function (event) {
      var target = event.target;
      if (target === entry.input || event.ctrlKey || event.metaKey || event.altKey) return;
      var page = target === document.body || target === document.documentElement || !target;
      if (!page && !entry.form.contains(target)) return;
      if (event.key === "Enter") entry.submit();
      else if (event.key === "Backspace") entry.removeLast();
      else if (event.key.length === 1 && /\p{L}|['’·-]/u.test(event.key)) entry.add(event.key);
      else return;
      event.preventDefault();
    });
  }

  /** The found list starts open where the screen is wide enough to show it beside the
   *  playing surface (game.css, 60rem); on a phone it starts folded below it. */
  function openBesideTheGame(details) {
    if (window.matchMedia && window.matchMedia("(min-width: 60rem)").matches) details.open = true;
  }

  /** What to tell the player when the answers page could not be read. */
  function readFailure(error) {
    var S = strings();
    return error.offline ? S.offline : window.RuscDom.format(S.load_failed, { error: error.message });
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

  /** The day's link for a share text: a new line and the page's absolute URL, or nothing
   *  when the site was built without a site URL. */
  function shareLink(section) {
    var url = section.getAttribute("data-share-url");
    return url ? "\n" + url : "";
  }

  root.RuscPage = { load: load, save: save, erase: erase, exportCode: exportCode, importCode: importCode,
                    fetchAnswers: fetchAnswers, readFailure: readFailure, wireSavePanel: wireSavePanel, wireKeys: wireKeys, openBesideTheGame: openBesideTheGame,
                    share: share, shareLink: shareLink };
})(this);
