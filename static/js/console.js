// The host's console on the table screen (pages/console.templ) and the
// notes around the host role: the drawer closes itself once the host
// leaves it alone, so the board is covered only while it is used; a new
// request to rejoin is heard; a note shown once (data-once) stays gone
// once read. Loaded after attention.js, whose beep it borrows.
(function () {
  "use strict";
  var ts = window.topsecret, $ = ts.$, $$ = ts.$$;
  var IDLE = 20000; // the drawer's words say "20 seconds"; tests set ts.consoleIdle
  var timer = 0, asks = null;

  function drawer() { return $("#host-console"); }
  function shut() {
    clearTimeout(timer);
    var d = drawer();
    if (d && d.open) { d.open = false; }
  }
  // arm (re)starts the drawer's idle clock on the host's touch. Only a
  // touch does: every frame redraws the drawer (and reopens it, app.js
  // keeps it open), which must not keep it over the board.
  function arm() {
    clearTimeout(timer);
    timer = setTimeout(shut, ts.consoleIdle || IDLE);
  }
  ["pointerdown", "keydown", "wheel", "touchmove"].forEach(function (t) {
    document.addEventListener(t, function (e) {
      if (e.target && e.target.closest && e.target.closest("#host-console")) { arm(); }
    }, { passive: true, capture: true });
  });
  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t.closest) { return; }
    if (t.closest("[data-console-close]")) { shut(); return; }
    var done = t.closest("[data-once-done]");
    if (done) {
      var note = done.closest("[data-once]");
      if (note) {
        try { localStorage.setItem("ts_once_" + note.getAttribute("data-once"), "1"); } catch (err) { /* private mode */ }
        note.hidden = true;
      }
    }
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") { shut(); } });

  function once() {
    $$("[data-once]").forEach(function (el) {
      var read = false;
      try { read = localStorage.getItem("ts_once_" + el.getAttribute("data-once")) === "1"; } catch (e) { /* private mode */ }
      el.hidden = read;
    });
  }

  // heard sounds a request to rejoin that was not on the screen before:
  // the table beeps (nobody may be looking at it), a phone nudges as for
  // its own move.
  function heard() {
    var now = {}, fresh = false;
    $$("#room-main [data-ask-id]").forEach(function (el) {
      var id = el.getAttribute("data-ask-id");
      now[id] = true;
      if (!asks || !asks[id]) { fresh = true; }
    });
    asks = now;
    if (!fresh) { return; }
    if ($(".on-table")) { if (ts.beep) { ts.beep(2); } } else if (ts.nudge) { ts.nudge(true); }
  }

  // ---- a TV takes the host's console with the host's one-time code ----
  document.addEventListener("submit", function (e) {
    var f = e.target.closest && e.target.closest("form[data-console-take]");
    if (!f) { return; }
    e.preventDefault();
    var code = (f.elements.code && f.elements.code.value || "").trim();
    if (!code) { return; }
    $$("button", f).forEach(function (b) { b.disabled = true; });
    fetch(f.getAttribute("data-console-take"), {
      method: "POST", credentials: "same-origin",
      headers: { "Content-Type": "application/json", "Accept": "application/json" },
      body: JSON.stringify({ code: code })
    }).then(function (res) {
      return res.text().then(function (txt) {
        var data = ts.parseJSON(txt, null) || {};
        if (!res.ok) { throw new Error(data.message || document.body.getAttribute("data-say-went-wrong") || ""); }
        // The host cookie came with the answer: the page is the console now.
        location.replace(location.pathname);
      });
    }).catch(function (err) {
      ts.toast(err.message, true);
      $$("button", f).forEach(function (b) { b.disabled = false; });
    });
  });
  // A link from the host's phone carries the code (?console=): it fills
  // the form, and leaves the address bar, for the TV to confirm with a tap
  // (a link preview must not use it up).
  var typed = new URLSearchParams(location.search).get("console");
  function fill() {
    var box = $("#console-take"), input = box && $("input[name=code]", box);
    if (!typed || !input) { return; }
    box.open = true;
    input.value = typed;
    typed = "";
  }
  if (typed && history.replaceState) { history.replaceState(null, "", location.pathname); }
  typed = typed || "";

  document.addEventListener("topsecret:drawn", function () { once(); heard(); fill(); });
  once();
  heard();
  fill();
})();
