// Live news: a screen reader hears other players' moves as they happen.
// After each redraw of the room the newest event line (the side column's
// #events-list, newest last, already worded in the reader's language) is
// copied into #live-news, a polite live region outside #room-main so it is
// not replaced with each frame. Only a line that is new is read: a redraw
// that brings no new event says nothing, and the echo of the reader's own
// move (a line naming them just after they acted) is left unsaid. Loaded
// after app.js.
(function () {
  "use strict";
  var ts = window.topsecret, $ = ts.$, $$ = ts.$$;
  var ECHO_MS = 3000; // how long after acting a line naming me is my own echo
  var region = $("#live-news");
  if (!region) { return; }
  var seen = null, actedAt = 0;

  function lines() {
    return $$("#room-main #events-list li").map(function (li) { return li.textContent.trim(); });
  }
  // fresh returns the lines of now that were not in before: now is a window
  // of the newest events, so it is before slid along by some lines.
  function fresh(before, now) {
    for (var shift = 0; shift <= before.length; shift++) {
      var same = true;
      for (var i = 0; i + shift < before.length && i < now.length; i++) {
        if (before[i + shift] !== now[i]) { same = false; break; }
      }
      if (same) { return now.slice(Math.min(now.length, before.length - shift)); }
    }
    return now;
  }
  function myEcho(line) {
    var me = $("#room-main .seat.me .name");
    return !!me && Date.now() - actedAt < ECHO_MS && line.indexOf(me.textContent.trim()) >= 0;
  }
  function refresh() {
    var now = lines();
    if (seen === null) { seen = now; return; } // what the page opened with is not news
    var added = fresh(seen, now);
    seen = now;
    if (!added.length) { return; }
    var newest = added[added.length - 1];
    if (myEcho(newest)) { return; }
    // The same words twice in a row are still news: clear, then say.
    region.textContent = "";
    setTimeout(function () { region.textContent = newest; }, 50);
  }
  function acted(e) {
    var el = e.target && e.target.closest && e.target.closest("[data-act]");
    if (el) { actedAt = Date.now(); }
  }
  document.addEventListener("click", acted, true);
  document.addEventListener("submit", acted, true);
  document.addEventListener("topsecret:drawn", refresh);
  refresh();
})();
