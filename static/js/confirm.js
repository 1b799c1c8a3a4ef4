// In-page confirmation for controls marked data-confirm="question" (a
// vault card, the wink claim, dialling, a host's "end the match"). The
// first tap arms the control and opens the layout's #confirm sheet beside
// it with the page's question, Confirm and Cancel. Only Confirm sends;
// Cancel, Escape, a tap elsewhere or WAIT ms of nothing disarm. The
// browser's own confirm box is slow, out of style, and some chat apps'
// built-in browsers block it.
//
// Nothing irreversible happens on a double tap: a second tap on the armed
// control asks nothing new, the sheet never lies over the control, and
// Confirm ignores a finger for SETTLE ms after the sheet opens, so what
// sends is a second gesture, somewhere else, at a sheet already seen. A
// script's click (a test, an assistive tool working the page) is not a
// finger that slipped and is taken at once.
//
// A redraw between the two taps keeps the control armed when the new board
// offers the very same control (same action, data and question): boards
// redraw whenever anyone at the table acts, and a confirmation that
// vanished with every other player's move would be unusable in a busy
// trick. When the control is gone, disabled or changed, it disarms.
//
// Loaded after app.js and api.js: it catches clicks and submits while they
// capture, so their handlers only ever see a confirmed one.
(function () {
  "use strict";
  var ts = window.topsecret, $$ = ts.$$;
  var WAIT = 6000;
  var SETTLE = 400; // longer than the gap between a double tap's two taps
  var sheet = document.getElementById("confirm");
  if (!sheet) { return; }
  var question = sheet.querySelector("#confirm-text");
  var ok = sheet.querySelector("[data-confirm-ok]");
  var cancel = sheet.querySelector("[data-confirm-cancel]");
  var clock = sheet.querySelector(".confirm-clock");
  var armed = null; // {key, el, anchor, timer}
  var passing = false; // a confirmed event is on its way to app.js

  // keyOf names what a control would send and what it asks.
  function keyOf(el) {
    return [el.tagName, el.id, el.getAttribute("data-act"), el.getAttribute("data-data"), el.getAttribute("data-post"),
      el.getAttribute("data-body"), el.getAttribute("data-confirm")].join("\n");
  }
  function off(el) { return el.disabled || el.getAttribute("aria-disabled") === "true"; }
  // anchorOf is what the sheet sits beside: a form's submit button.
  function anchorOf(el, submitter) {
    if (el.tagName !== "FORM") { return el; }
    return submitter && el.contains(submitter) ? submitter : el.querySelector("[type=submit]") || el;
  }

  function arm(el, submitter) {
    disarm();
    armed = { key: keyOf(el), el: el, anchor: anchorOf(el, submitter), at: performance.now() };
    armed.timer = setTimeout(disarm, WAIT);
    question.textContent = el.getAttribute("data-confirm");
    sheet.hidden = false;
    clock.style.animation = "none";
    void clock.offsetWidth; // restart the draining bar
    clock.style.animation = "";
    clock.style.animationDuration = WAIT + "ms";
    mark();
    try { ok.focus({ preventScroll: true }); } catch (e) { /* old browser */ }
  }
  function mark() {
    armed.anchor.classList.add("armed");
    armed.anchor.setAttribute("aria-describedby", "confirm-text");
    place();
  }
  function unmark(a) {
    a.anchor.classList.remove("armed");
    a.anchor.removeAttribute("aria-describedby");
  }
  function disarm() {
    var a = armed;
    if (!a) { return; }
    armed = null;
    clearTimeout(a.timer);
    unmark(a);
    var refocus = sheet.contains(document.activeElement);
    sheet.hidden = true;
    if (refocus && document.contains(a.anchor)) {
      try { a.anchor.focus({ preventScroll: true }); } catch (e) { /* old browser */ }
    }
  }
  function send() {
    var a = armed;
    if (!a) { return; }
    disarm();
    if (!document.contains(a.el) || off(a.el)) { return; }
    passing = true;
    try {
      if (a.el.tagName !== "FORM") {
        a.el.click();
      } else if (a.el.requestSubmit) {
        a.el.requestSubmit(a.anchor !== a.el ? a.anchor : undefined);
      } else {
        a.el.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true }));
      }
    } finally { passing = false; }
  }

  // settling says a finger's tap on Confirm came too soon after the sheet
  // opened to be an answer to it: the tail of a double tap or of a key
  // held down.
  function settling(e) { return e.isTrusted && armed && performance.now() - armed.at < SETTLE; }

  // place puts the sheet under the control, above it when there is no
  // room below, and when neither fits, at the edge of the screen farther
  // from the control, so that it never lies where the control was tapped.
  function place() {
    if (!armed) { return; }
    var r = armed.anchor.getBoundingClientRect();
    var vw = document.documentElement.clientWidth, vh = window.innerHeight, m = 10;
    var w = Math.min(vw - 2 * m, 380);
    sheet.style.width = w + "px";
    sheet.style.left = Math.round(Math.min(Math.max(m, r.left + r.width / 2 - w / 2), vw - m - w)) + "px";
    var h = sheet.offsetHeight, top = r.bottom + 8;
    if (top + h > vh - m) { top = r.top - 8 - h; }
    if (top < m) { top = r.top + r.height / 2 > vh / 2 ? m : vh - m - h; }
    sheet.style.top = Math.round(top) + "px";
  }

  document.addEventListener("click", function (e) {
    if (passing) { return; }
    var el = e.target.closest && e.target.closest("[data-confirm]");
    if (!el || el.tagName === "FORM" || off(el)) { return; }
    e.preventDefault();
    e.stopImmediatePropagation();
    if (armed && armed.el === el) { return; } // a second tap asks nothing new
    arm(el);
  }, true);
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (passing || !f.hasAttribute || !f.hasAttribute("data-confirm")) { return; }
    e.preventDefault();
    e.stopImmediatePropagation();
    if (armed && armed.el === f) { return; }
    arm(f, e.submitter);
  }, true);
  ok.addEventListener("click", function (e) {
    if (!settling(e)) { send(); }
  });
  cancel.addEventListener("click", disarm);
  document.addEventListener("keydown", function (e) {
    if (armed && e.key === "Escape") { disarm(); }
    if (armed && sheet.contains(document.activeElement)) { ts.keepTab(e, sheet); }
  });
  document.addEventListener("pointerdown", function (e) {
    if (armed && !sheet.contains(e.target) && !armed.el.contains(e.target)) { disarm(); }
  }, true);
  window.addEventListener("scroll", place, { passive: true });
  window.addEventListener("resize", place);
  document.addEventListener("topsecret:drawn", function () {
    if (!armed) { return; }
    if (document.contains(armed.el)) {
      // Kept by the redraw, but brought back to its markup: marked again.
      if (off(armed.el)) { disarm(); } else { mark(); }
      return;
    }
    var key = armed.key;
    var again = $$("[data-confirm]").filter(function (el) { return keyOf(el) === key && !off(el); })[0];
    if (!again) { disarm(); return; }
    unmark(armed);
    armed.el = again;
    armed.anchor = anchorOf(again);
    mark();
  });
})();
