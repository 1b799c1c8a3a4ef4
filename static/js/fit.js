// topsecret: a board on a laptop or TV fits the screen. The table screen
// and a wide replay are looked at, not scrolled: a board taller than the
// room left under its top (and above the replay's docked control bar) is
// drawn smaller with CSS zoom, never cut and never under the bar. Phones
// scroll, so they keep every board at its own size.
(function () {
  "use strict";
  // FOOT keeps the board's margin and the page's bottom padding clear.
  var WIDE = 900, LEAST = 0.5, FOOT = 40, queued = false;

  function barTop() {
    var bar = document.querySelector(".rp-controls");
    if (!bar || bar.offsetParent === null && getComputedStyle(bar).position !== "fixed") { return innerHeight; }
    return Math.min(innerHeight, bar.getBoundingClientRect().top);
  }
  // foot is what the screen's foot keeps clear: the host console's tab
  // sits there on the host's table screen.
  function foot() {
    var bar = document.querySelector(".console-bar");
    return bar && bar.offsetParent !== null ? FOOT + bar.getBoundingClientRect().height : FOOT;
  }
  function fit() {
    queued = false;
    var clear = foot();
    // The side column stops at the screen's foot wherever the room's top
    // left it (an announcement above the board pushes it down): its log
    // lets the oldest lines fall off instead of running off the screen.
    var sides = document.querySelectorAll(".on-table .game > .side");
    for (var k = 0; k < sides.length; k++) {
      sides[k].style.maxHeight = "";
      if (innerWidth < WIDE) { continue; }
      var left = innerHeight - (sides[k].getBoundingClientRect().top + scrollY) - clear;
      if (left > 120) { sides[k].style.maxHeight = left + "px"; }
    }
    var boards = document.querySelectorAll(".on-table .game > .board, .rp-board");
    for (var i = 0; i < boards.length; i++) {
      var b = boards[i];
      b.style.zoom = "";
      b.style.width = "";
      if (innerWidth < WIDE) { continue; }
      var r = b.getBoundingClientRect();
      // Its drawing may reach past its box (a hand of cards under a grid).
      var h = r.height, all = b.querySelectorAll("*");
      for (var j = 0; j < all.length; j++) {
        h = Math.max(h, all[j].getBoundingClientRect().bottom - r.top);
      }
      var room = barTop() - (r.top + scrollY) - clear;
      if (h > room && room > 0) {
        // A zoomed box that fills its column would lay out wider and grow
        // as tall again (the maps keep their aspect): it keeps the width it
        // had, so only the drawing shrinks.
        b.style.width = r.width + "px";
        b.style.zoom = String(Math.max(LEAST, Math.floor(room / h * 100) / 100));
      }
    }
  }
  function later() {
    if (!queued) { queued = true; requestAnimationFrame(fit); }
  }
  addEventListener("resize", later);
  addEventListener("load", later);
  // Replay steps replace the board's insides; a live frame may change no
  // more than a word or an attribute (morph.js), and says it drew.
  new MutationObserver(later).observe(document.body, { childList: true, subtree: true });
  document.addEventListener("topsecret:drawn", later);
  later();
})();
