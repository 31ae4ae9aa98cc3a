/* Rusc — the page helpers every script shares: building elements (text always through
 * textContent, never markup), filling "{name}" placeholders, choosing a plural form, and
 * reading JSON (embedded in the page, or fetched from the site).
 * Loaded before the page's own script; exposed as window.RuscDom.
 */
(function (root) {
  "use strict";

  var hasOwn = Object.prototype.hasOwnProperty;

  /** A new element with a class and a text (both optional). */
  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  /** template with each "{name}" replaced by values[name]; unknown names stay as written. */
  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (all, name) {
      return hasOwn.call(values, name) ? String(values[name]) : all;
    });
  }

  /** The JSON a page carries in <script type="application/json" id="…">. */
  function json(id) { return JSON.parse(document.getElementById(id).textContent); }

  /** A promise of the JSON at url (same origin); an HTTP error rejects it with its status. */
  function fetchJson(url) {
    return fetch(url, { credentials: "same-origin" }).then(function (response) {
      if (!response.ok) throw new Error("HTTP " + response.status + " " + response.statusText);
      return response.json();
    });
  }

  /** Run start once the document is parsed (at once if it already is). */
  function ready(start) {
    if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
    else start();
  }

  /** A copy of list in random order (Fisher–Yates). */
  function shuffled(list) {
    var out = list.slice();
    for (var i = out.length - 1; i > 0; i--) {
      var j = Math.floor(Math.random() * (i + 1)), t = out[i];
      out[i] = out[j]; out[j] = t;
    }
    return out;
  }

  var rules = {}, numbers = {};

  /** The plural message for n: forms is what pipeline/render/i18n.py plural_forms() writes
   *  (CLDR category → text with "{n}"), chosen by the same CLDR rules, n in the language's
   *  digits. */
  function plural(forms, n, lang) {
    if (!rules[lang]) {
      rules[lang] = new Intl.PluralRules(lang);
      numbers[lang] = new Intl.NumberFormat(lang);
    }
    var text = forms[rules[lang].select(n)] || forms.other;
    return format(text, { n: numbers[lang].format(n) });
  }

  root.RuscDom = { el: el, format: format, plural: plural, json: json, fetchJson: fetchJson,
                   ready: ready, shuffled: shuffled };
})(this);
