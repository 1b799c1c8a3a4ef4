// Live news: a screen reader hears other players' moves as they happen.
// After each redraw of the room the newest event line (the match's log,
// drawn by the kit in the board or the side column, each line numbered
// in data-seq by the reader's own count and already worded in its
// language) is copied into #live-news, a polite live region outside
// #room-main so it is not replaced with each frame. Only a line numbered
// past the last one said is read: a redraw that brings no new event says
// nothing, and the echo of the reader's own move (a line naming them just
// after they acted) is left unsaid. Loaded after app.js.
(function () {
  "use strict";
  var ts = window.topsecret, $ = ts.$, $$ = ts.$$;
  var ECHO_MS = 3000; // how long after acting a line naming me is my own echo
  var region = $("#live-news");
  if (!region) { return; }
  var said = null, actedAt = 0;

  // newest is the page's newest line: its number and words.
  function newest() {
    var best = { seq: 0, text: "" };
    $$("#room-main [data-log] li[data-seq]").forEach(function (li) {
      var n = parseInt(li.getAttribute("data-seq"), 10);
      if (n > best.seq) { best = { seq: n, text: li.textContent.trim() }; }
    });
    return best;
  }
  function myEcho(line) {
    var me = $("#room-main .seat.me .name");
    return !!me && Date.now() - actedAt < ECHO_MS && line.indexOf(me.textContent.trim()) >= 0;
  }
  function refresh() {
    var now = newest();
    if (said === null || now.seq < said) { said = now.seq; return; } // what the page opened with is not news
    if (now.seq === said) { return; }
    said = now.seq;
    if (myEcho(now.text)) { return; }
    // The same words twice in a row are still news: clear, then say.
    region.textContent = "";
    setTimeout(function () { region.textContent = now.text; }, 50);
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
