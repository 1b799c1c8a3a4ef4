// Small behaviours declared in markup (data-copy, data-autosubmit,
// data-fill, data-zoom, data-swap, data-clock, data-reset-on-close), kept apart from
// app.js's websocket and rendering. Loaded after app.js, whose helpers it
// borrows.
(function () {
  "use strict";
  var $ = window.topsecret.$, $$ = window.topsecret.$$, parseJSON = window.topsecret.parseJSON, toast = window.topsecret.toast;

  // A control with data-copy="text" copies the text (the join link).
  function copy(text) {
    var done = function () { toast(document.body.getAttribute("data-say-copied") || ""); };
    if (navigator.clipboard && window.isSecureContext) {
      navigator.clipboard.writeText(text).then(done, function () { fallbackCopy(text); done(); });
    } else { fallbackCopy(text); done(); }
  }
  function fallbackCopy(text) {
    var ta = document.createElement("textarea");
    ta.value = text;
    ta.setAttribute("readonly", "");
    ta.style.position = "fixed";
    ta.style.opacity = "0";
    document.body.appendChild(ta);
    ta.select();
    try { document.execCommand("copy"); } catch (e) { /* nothing else to try */ }
    ta.remove();
  }
  document.addEventListener("click", function (e) {
    var el = e.target.closest && e.target.closest("[data-copy]");
    if (!el || el.disabled) { return; }
    e.preventDefault();
    copy(el.getAttribute("data-copy"));
  });
  // A form with data-autosubmit submits itself on every change (the host's
  // lobby settings).
  document.addEventListener("change", function (e) {
    var f = e.target.form;
    if (f && f.hasAttribute("data-autosubmit")) {
      if (f.requestSubmit) { f.requestSubmit(); } else { f.dispatchEvent(new Event("submit", { cancelable: true, bubbles: true })); }
    }
  });

  // An input with data-fill='{"field":value}' copies those values into its
  // form when chosen (the accusation picker captures the winker's epoch so).
  document.addEventListener("change", function (e) {
    var el = e.target, f = el && el.form, fill = el && el.getAttribute && el.getAttribute("data-fill");
    if (!f || !fill || (el.type === "radio" || el.type === "checkbox") && !el.checked) { return; }
    var vals = parseJSON(fill, {});
    Object.keys(vals).forEach(function (k) { if (f.elements[k]) { f.elements[k].value = String(vals[k]); } });
  });
  // A checkbox with data-zoom="id" zooms the scroll box #id (CSS does the
  // zoom); turning it on centres the box on its [data-focus] element, so a
  // zoomed board opens on the player's own piece rather than a corner.
  document.addEventListener("change", function (e) {
    var el = e.target, box = el && el.checked && el.getAttribute && document.getElementById(el.getAttribute("data-zoom") || "");
    var f = box && $("[data-focus]", box);
    if (!f) { return; }
    var b = box.getBoundingClientRect(), r = f.getBoundingClientRect();
    box.scrollLeft += r.left + r.width / 2 - b.left - b.width / 2;
    box.scrollTop += r.top + r.height / 2 - b.top - b.height / 2;
  });
  // A [data-swap] box swaps two of its [data-key] items on two taps: its
  // checked radio holds a JSON object keyed by data-key, and the radio with
  // the two keys' values exchanged gets checked (a clue card per suitcase).
  document.addEventListener("click", function (e) {
    var it = e.target.closest && e.target.closest("[data-swap] [data-key]");
    if (!it) { return; }
    var box = it.closest("[data-swap]"), up = $(".lifted", box);
    if (!up) { it.classList.add("lifted"); return; }
    up.classList.remove("lifted");
    var on = $("input[type=radio]:checked", box), v = parseJSON(on && on.value, null);
    if (up === it || !v) { return; }
    var a = up.getAttribute("data-key"), b = it.getAttribute("data-key"), t = v[a];
    v[a] = v[b];
    v[b] = t;
    $$("input[type=radio]", box).forEach(function (r) {
      var w = parseJSON(r.value, {});
      if (Object.keys(v).every(function (k) { return w[k] === v[k]; })) { r.checked = true; }
    });
  });
  // A <time data-clock datetime="…"> shows its moment on the reader's own
  // clock (the server wrote it on its own, which may be a data centre's).
  function clocks() {
    $$("time[data-clock]").forEach(function (el) {
      var d = new Date(el.getAttribute("datetime") || "");
      if (isNaN(d.getTime())) { return; }
      var txt = d.toLocaleTimeString(document.documentElement.lang || undefined, { hour: "numeric", minute: "2-digit" });
      if (el.textContent !== txt) { el.textContent = txt; }
    });
  }
  document.addEventListener("topsecret:drawn", clocks);
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", clocks); } else { clocks(); }
  // A <summary data-reset-on-close> resets the forms of its <details> when it closes them.
  document.addEventListener("click", function (e) {
    var s = e.target.closest && e.target.closest("summary[data-reset-on-close]");
    if (s && s.parentNode.open) { $$("form", s.parentNode).forEach(function (f) { f.reset(); }); }
  });
})();
