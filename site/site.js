/* Every page: remember the visitor's language choice, send the home page's visitors to their
 * language (navigator.languages, or the language they chose with the switch), and register
 * the service worker that keeps today's pages offline (see templates/sw.js). */
(function () {
  "use strict";
  var KEY = "rusc-language";
  var body = document.body;

  function stored() {
    try { return localStorage.getItem(KEY); } catch (error) { return null; }
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest ? event.target.closest("a[data-language]") : null;
    if (!link) return;
    try { localStorage.setItem(KEY, link.getAttribute("data-language")); } catch (error) { /* private mode */ }
  });

  var choices = document.querySelectorAll("[data-home-language]");
  if (choices.length) {
    var targets = {};
    Array.prototype.forEach.call(choices, function (el) {
      targets[el.getAttribute("data-home-language")] = el.getAttribute("data-href");
    });
    var wanted = [stored()].concat(Array.prototype.slice.call(navigator.languages || [navigator.language]));
    for (var i = 0; i < wanted.length; i++) {
      var code = wanted[i] && wanted[i].toLowerCase();
      if (!code) continue;
      var target = targets[code] || targets[code.split("-")[0]];
      if (target) { location.replace(target); break; }
    }
  }

  if ("serviceWorker" in navigator && body.getAttribute("data-sw")) {
    navigator.serviceWorker.register(body.getAttribute("data-sw"), { scope: body.getAttribute("data-base") })
      .catch(function () { /* offline use is a bonus; the site works without it */ });
  }
})();
