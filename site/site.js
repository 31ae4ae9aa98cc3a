/* Every page: remember the visitor's language choice, send the home page's visitors to their
 * language (navigator.languages, or the language they chose with the switch), say which day
 * a kept copy is from, and register the service worker that keeps today's pages offline
 * (see templates/sw.js). */
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

  // A kept copy the service worker showed for want of a network (templates/sw.js marked):
  // say which day it is from when that is not today in the language's time zone.
  var notice = document.getElementById("kept-notice"), day = body.getAttribute("data-day");
  if (notice && day && body.hasAttribute("data-kept")) {
    var zone = body.getAttribute("data-timezone") || "UTC";
    var today = new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" })
      .format(new Date());
    if (today !== day) {
      var shown = new Intl.DateTimeFormat(document.documentElement.lang || undefined, { dateStyle: "long", timeZone: "UTC" })
        .format(new Date(day + "T00:00:00Z"));
      notice.textContent = notice.getAttribute("data-text").replace("{date}", shown);
      notice.hidden = false;
    }
  }

  if ("serviceWorker" in navigator && body.getAttribute("data-sw")) {
    navigator.serviceWorker.register(body.getAttribute("data-sw"), { scope: body.getAttribute("data-base") })
      .catch(function () { /* offline use is a bonus; the site works without it */ });
  }
})();
