/* Rusc — what the two solver pages (site/hive-solver.js, site/rack-finder.js) share: their
 * index fetched in parts, a question answered once the parts it needs are in, and the
 * page's numbers, counts and error line. Each page keeps its state in one object (`page`:
 * its strings S, lang, root, status and error elements, and index once decoded) that
 * every function here takes. Exposed as window.RuscSolverPage (after solver-core.js).
 */
(function (root) {
  "use strict";

  var D = root.RuscDom;

  /** Fetch the head of the index at root's data-src (its parts named in data-shards, each
   *  fetched when a question first needs it, site/solver-core.js partsLoader). */
  function load(page, decode, add) {
    page.parts = root.RuscSolver.partsLoader(D.fetchJson, page.root.getAttribute("data-src"),
                                             JSON.parse(page.root.getAttribute("data-shards")), decode, add);
    page.loading = page.parts.head.then(function (decoded) { page.index = decoded; return decoded; });
    page.loading.catch(function (e) { page.status.textContent = D.format(page.S.load_failed, { error: e.message }); });
  }

  /** Whether the index holds what a question needs (`missing(index)`: the parts it lacks);
   *  if not, the parts are fetched and `retry` asks again once they are in. */
  function ready(page, missing, retry) {
    var S = page.S, status = page.status;
    if (!page.index) {
      status.textContent = S.loading;
      page.loading.then(function () { status.textContent = ""; retry(); });
      return false;
    }
    var needed;
    try { needed = missing(page.index); } catch (e) { needed = []; }  // a bad question: the solve says why
    if (!needed.length) return true;
    status.textContent = S.loading;
    page.parts.fetch(needed).then(function () { status.textContent = ""; retry(); },
                                  function (e) { status.textContent = D.format(S.load_failed, { error: e.message }); });
    return false;
  }

  function number(page, n) { return n.toLocaleString(page.lang); }

  /** A count in words, by the language's plural rules (S[key] is {one, many, other}). */
  function count(page, key, n) { return D.plural(page.S[key], n, page.lang); }

  function say(page, message) { page.error.textContent = message; page.error.hidden = !message; }

  root.RuscSolverPage = { load: load, ready: ready, number: number, count: count, say: say };
})(this);
