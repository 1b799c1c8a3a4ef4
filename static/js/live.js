// Live news: a screen reader hears other players' moves as they happen.
// After each redraw of the room every event line it brings (the match's
// log, drawn by the kit in the board or the side column, each line
// numbered in data-seq by the reader's own count and already worded in
// its language) is copied into #live-news, a polite live region outside
// #room-main so it is not replaced with each frame: a frame bringing a
// trick's reveal or a meeting's several lines is read whole, oldest first.
// Only lines numbered past the last one said are read: a redraw that
// brings no new event says nothing, and the echo of the reader's own move
// (a line naming them just after they acted) is left unsaid. Loaded after
// app.js.
(function () {
  "use strict";
  var ts = window.topsecret, $ = ts.$, $$ = ts.$$;
  var ECHO_MS = 3000; // how long after acting a line naming me is my own echo
  var region = $("#live-news");
  if (!region) { return; }
  var said = null, actedAt = 0;

  // lines are the page's event lines by number (a line drawn twice, in
  // the board and the side column, counts once), and the newest number.
  function lines() {
    var by = {}, top = 0;
    $$("#room-main [data-log] li[data-seq]").forEach(function (li) {
      var n = parseInt(li.getAttribute("data-seq"), 10);
      if (!(n in by)) { by[n] = li.textContent.trim().replace(/\s+/g, " "); }
      top = Math.max(top, n);
    });
    return { by: by, top: top };
  }
  function myEcho(line) {
    var me = $("#room-main .seat.me .name");
    return !!me && Date.now() - actedAt < ECHO_MS && line.indexOf(me.textContent.trim()) >= 0;
  }
  function refresh() {
    var now = lines(), news = [];
    if (said === null || now.top < said) { said = now.top; return; } // what the page opened with is not news
    Object.keys(now.by).map(Number).sort(function (a, b) { return a - b; }).forEach(function (n) {
      if (n > said && !myEcho(now.by[n])) { news.push(now.by[n]); }
    });
    said = now.top;
    if (!news.length) { return; }
    // The same words twice in a row are still news: clear, then say. Each
    // line ends its sentence, so a reader pauses between them.
    var text = news.map(function (t) { return /[.!?…]$/.test(t) ? t : t + "."; }).join(" ");
    region.textContent = "";
    setTimeout(function () { region.textContent = text; }, 50);
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
