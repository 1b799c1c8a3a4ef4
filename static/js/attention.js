// Attention: a phone whose player must act now says so. The server marks
// the viewer's move (#board[data-your-move]); boards mark the prompt of a
// short timed window that is the viewer's ([data-urgent]="window key": the
// BOOM button, the mole's grab, the wink contact's answer). On either the
// phone vibrates where it can and, when its player turned the sound on,
// beeps; the urgent prompt is scrolled into view after every redraw and
// kept there; the tab title reads "● Your move" while it is the viewer's
// move; and the screen stays awake while a match runs. Loaded after app.js.
(function () {
  "use strict";
  var ts = window.topsecret, $ = ts.$, $$ = ts.$$;
  var SOUND = "ts_sound"; // localStorage: "1" when the player wants beeps
  var baseTitle = document.title;
  var yourMove = document.body.getAttribute("data-say-your-move") || "";
  var wasMine = false, lastWindow = "", scrolledByHand = false;

  function refresh() {
    var board = $("#room-main #board");
    var mine = !!board && board.hasAttribute("data-your-move");
    var urgent = $("#room-main [data-urgent]");
    var win = urgent ? urgent.getAttribute("data-urgent") : "";
    if (win && win !== lastWindow) { nudge(true); } else if (mine && !wasMine) { nudge(false); }
    wasMine = mine;
    lastWindow = win;
    var want = mine && yourMove ? "● " + yourMove + " · " + baseTitle : baseTitle;
    if (document.title !== want) { document.title = want; }
    scrolledByHand = false;
    pin();
    wake();
  }

  // pin scrolls the urgent prompt fully into view, unless the player has
  // scrolled by hand since the last redraw.
  function pin() {
    var el = $("#room-main [data-urgent]");
    if (!el || scrolledByHand) { return; }
    var r = el.getBoundingClientRect(), vh = window.innerHeight;
    if (r.top >= 0 && r.bottom <= vh) { return; }
    el.scrollIntoView({ block: r.height > vh ? "start" : "center", behavior: "auto" });
  }
  ["wheel", "touchmove"].forEach(function (t) {
    window.addEventListener(t, function () { scrolledByHand = true; }, { passive: true });
  });
  // Banners that come and go, fonts and pictures move the prompt after a
  // redraw: it is pinned again whenever the room's content changes size.
  if (window.ResizeObserver) {
    var main = $("#room-main");
    if (main) { new ResizeObserver(pin).observe(main); }
  }
  window.addEventListener("resize", pin);

  // A browser refuses to vibrate (and logs an error) until the page has
  // had a tap or a key: before that the phone only beeps, if it may.
  function mayVibrate() {
    var ua = navigator.userActivation;
    return !!navigator.vibrate && !!ua && ua.hasBeenActive;
  }
  function nudge(urgent) {
    if (mayVibrate()) {
      try { navigator.vibrate(urgent ? [180, 90, 180] : 120); } catch (e) { /* not allowed */ }
    }
    if (soundOn()) { beep(urgent ? 2 : 1); }
  }

  // ---- sound: off by default, one switch ----
  var audio = null;
  function soundOn() {
    try { return localStorage.getItem(SOUND) === "1"; } catch (e) { return false; }
  }
  function beep(times) {
    var Ctx = window.AudioContext || window.webkitAudioContext;
    if (!Ctx) { return; }
    try {
      audio = audio || new Ctx();
      if (audio.state === "suspended") { audio.resume(); }
      for (var i = 0; i < times; i++) {
        var t = audio.currentTime + i * 0.22, o = audio.createOscillator(), g = audio.createGain();
        o.frequency.value = 880;
        g.gain.setValueAtTime(0.0001, t);
        g.gain.exponentialRampToValueAtTime(0.3, t + 0.015);
        g.gain.exponentialRampToValueAtTime(0.0001, t + 0.16);
        o.connect(g);
        g.connect(audio.destination);
        o.start(t);
        o.stop(t + 0.18);
      }
    } catch (e) { /* no audio here */ }
  }
  function showSwitch() {
    $$("[data-sound-switch]").forEach(function (b) { b.setAttribute("aria-checked", soundOn() ? "true" : "false"); });
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-sound-switch]");
    if (!b) { return; }
    var on = !soundOn();
    try { localStorage.setItem(SOUND, on ? "1" : "0"); } catch (err) { /* private mode: stays off */ }
    showSwitch();
    // Turning it on beeps once: the player hears what it does, and phones
    // that only start audio from a tap get that tap.
    if (on) { beep(1); }
  });

  // ---- screen wake lock while a match runs ----
  // html[data-awake] says a lock is held (tests look for it).
  var lock = null, asking = false;
  function held(l) {
    lock = l;
    document.documentElement.toggleAttribute("data-awake", !!l);
  }
  function playing() { return !!$('#room-main [data-status="playing"]'); }
  function wake() {
    if (!navigator.wakeLock) { return; }
    if (!playing()) {
      if (lock) { lock.release().catch(function () {}); held(null); }
      return;
    }
    if (lock || asking || document.visibilityState !== "visible") { return; }
    asking = true;
    navigator.wakeLock.request("screen").then(function (l) {
      asking = false;
      held(l);
      l.addEventListener("release", function () { if (lock === l) { held(null); } });
      if (!playing()) { wake(); }
    }, function () { asking = false; });
  }
  // The browser drops the lock when the page is hidden; ask again on return.
  document.addEventListener("visibilitychange", wake);

  document.addEventListener("topsecret:drawn", refresh);
  // console.js sounds a request to rejoin the same way.
  ts.beep = beep;
  ts.nudge = nudge;
  showSwitch();
  refresh();
})();
