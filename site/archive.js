/* Rusc — the archive calendar marks the player's own days: reached the streak's level,
 * played, or missed since the first day played (site/game-page.js history, from what this
 * browser keeps; nothing leaves it). Each mark is a dot with its meaning in words for
 * screen readers; the legend shows once there is a day to mark.
 */
(function () {
  "use strict";

  var D = window.RuscDom, P = window.RuscPage;

  D.ready(function () {
    var box = document.querySelector("[data-archive]");
    if (!box || !P) return;
    var S = D.json("archive-strings"), today = box.getAttribute("data-today");
    var streak = Number(box.getAttribute("data-streak"));
    var h = P.history(box.getAttribute("data-game"), box.getAttribute("data-lang"), today, streak,
                      Number(box.getAttribute("data-levels")));
    var played = Object.keys(h.days).sort();
    if (!played.length) return;
    box.querySelectorAll("li.day[data-date]").forEach(function (day) {
      var date = day.getAttribute("data-date"), kind = "";
      if (Object.prototype.hasOwnProperty.call(h.days, date)) kind = h.days[date] >= streak ? "counted" : "played";
      else if (date >= played[0] && date < today) kind = "missed";
      if (!kind) return;
      day.classList.add(kind);
      var link = day.querySelector("a"), mark = D.el("span", "day-mark " + kind);
      mark.setAttribute("aria-hidden", "true");
      link.appendChild(mark);
      link.appendChild(D.el("span", "visually-hidden", " (" + S[kind] + ")"));
    });
    document.getElementById("archive-legend").hidden = false;
  });
})();
