// Hold to peek: a finger on a [data-peek] area of the live board shows the
// secret cards under it (the boards' CSS reveals [data-peek].peeking), and
// peeking never plays. A press of HOLD ms or more, or one that wanders, is a
// look: the click the browser sends when it ends is swallowed, whatever
// element it lands on. Only a quick tap acts.
//
// A keyboard or a switch peeks the same way: each area is a stop in the
// Tab order (kit.Peek), and Space or Enter held down on it is a held
// finger; letting go hides the cards again.
//
// Which area is peeking is kept on the page (html.peeking, data-peeking
// naming the area), not on the element: a board redrawn while the finger
// or the key is down is revealed again at once. Loaded after app.js.
(function () {
  "use strict";
  var $$ = window.topsecret.$$;
  var HOLD = 300; // ms: this long is a look, not a tap
  var WANDER = 12; // px a tap may move and still be a tap
  var AREA = '#room-main [data-peek]:not([data-peek="off"])';
  var root = document.documentElement;
  var held = null; // {key, t0, x, y, far, out}
  var swallow = false; // the next click ends a look

  function keyOf(area) { return area.getAttribute("data-testid") || area.id || "peek"; }
  function show() {
    var on = !!held && !held.out;
    root.classList.toggle("peeking", on);
    if (on) { root.setAttribute("data-peeking", held.key); } else { root.removeAttribute("data-peeking"); }
    $$(AREA).forEach(function (el) { el.classList.toggle("peeking", on && keyOf(el) === held.key); });
  }
  function area(e) { return e.target && e.target.closest ? e.target.closest(AREA) : null; }

  window.addEventListener("pointerdown", function (e) {
    swallow = false;
    var a = area(e);
    if (!a || !e.isPrimary || e.button > 0) { return; }
    held = { key: keyOf(a), t0: Date.now(), x: e.clientX, y: e.clientY, far: false, out: false };
    show();
  }, true);
  window.addEventListener("pointermove", function (e) {
    if (held && e.isPrimary && Math.abs(e.clientX - held.x) + Math.abs(e.clientY - held.y) > WANDER) { held.far = true; }
  }, true);
  window.addEventListener("pointerup", function (e) {
    if (!held || !e.isPrimary) { return; }
    swallow = held.far || Date.now() - held.t0 >= HOLD;
    held = null;
    show();
  }, true);
  // Capturing on window runs before any other click handler (actions,
  // confirmations), so a look never reaches them.
  window.addEventListener("click", function (e) {
    if (!swallow) { return; }
    swallow = false;
    e.preventDefault();
    e.stopImmediatePropagation();
  }, true);
  function peekKey(e) { return (e.key === " " || e.key === "Enter") && !e.altKey && !e.ctrlKey && !e.metaKey; }
  window.addEventListener("keydown", function (e) {
    swallow = false;
    if (!peekKey(e) || !e.target.matches || !e.target.matches(AREA)) { return; }
    e.preventDefault(); // Space would scroll the page
    if (held) { return; } // the key repeats while it is held
    held = { key: keyOf(e.target), keyed: e.key, t0: Date.now(), x: 0, y: 0, far: false, out: false };
    show();
  }, true);
  window.addEventListener("keyup", function (e) {
    if (held && held.keyed === e.key) { held = null; show(); }
  }, true);
  // Focus leaving the area (Tab while the key is down) ends the look.
  document.addEventListener("focusout", function (e) {
    if (held && held.keyed && e.target.matches && e.target.matches(AREA)) { drop(); }
  });
  function drop() { if (held) { held = null; show(); } }
  window.addEventListener("pointercancel", drop, true);
  window.addEventListener("blur", drop);
  document.addEventListener("touchend", drop);
  // A mouse leaving the area hides the cards; the press still counts as a look.
  document.addEventListener("pointerout", function (e) {
    var a = area(e);
    if (held && a && e.pointerType === "mouse" && !a.contains(e.relatedTarget)) { held.out = true; show(); }
  });
  document.addEventListener("contextmenu", function (e) { if (area(e)) { e.preventDefault(); } });
  document.addEventListener("topsecret:drawn", show);
})();
