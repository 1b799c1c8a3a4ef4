// keep.js: what a player set on the room's page (open sections, typed
// fields, scroll, the focused control) kept across a frame that redraws
// #room-main. app.js calls it around every swap, by which time it has run.
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };
  // main is the redrawn box; skipRestore the boxes whose fields the
  // player just sent (a form sent starts afresh).
  var main = null, skipRestore = {};

  function keyOf(el) {
    if (el.id) { return "#" + el.id; }
    var box = el.parentElement && el.parentElement.closest("[id]");
    if (!box || !el.name) { return ""; }
    var t = (el.type || "").toLowerCase();
    return box.id + "|" + el.name + "|" + (t === "radio" || t === "checkbox" ? el.value : "");
  }
  function fresh(el) {
    var box = el.closest("[id]");
    return el.closest("[data-fresh]") || (box && skipRestore[box.id]);
  }
  function saveState() {
    var s = { open: {}, srv: {}, inputs: {}, scroll: {}, y: window.scrollY, focus: "" };
    $$("details[id]", main).forEach(function (d) { s.open[d.id] = d.open; s.srv[d.id] = d.getAttribute("data-srv-open"); });
    $$("input,select,textarea", main).forEach(function (el) {
      var k = keyOf(el);
      if (!k || fresh(el)) { return; }
      var t = (el.type || "").toLowerCase();
      s.inputs[k] = t === "radio" || t === "checkbox" ? { c: el.checked } : { v: el.value };
    });
    $$("[id]", main).forEach(function (el) { if (el.scrollTop || el.scrollLeft) { s.scroll[el.id] = [el.scrollTop, el.scrollLeft]; } });
    var a = document.activeElement;
    if (a && main.contains(a)) { s.focus = focusKey(a); }
    return s;
  }
  // focusKey names the focused control so the redrawn one takes focus back
  // (a keyboard player must not be thrown to the top by every frame): its
  // id or field key, else its test id, else its place under the nearest
  // box with an id (a summary in #seats-strip).
  function focusKey(el) {
    var k = keyOf(el), t = el.getAttribute("data-testid"), path = [], n = el;
    if (k) { return k; }
    if (t) { return "@" + t; }
    for (; n !== main && !n.id; n = n.parentElement) { path.unshift(Array.prototype.indexOf.call(n.parentElement.children, n)); }
    return "/" + el.tagName + "/" + (n === main ? "" : n.id) + "/" + path.join("/");
  }
  function refocus(key) {
    var el = null, parts;
    if (!key) { return; }
    if (key.charAt(0) === "@") {
      el = $('[data-testid="' + key.slice(1) + '"]', main);
    } else if (key.charAt(0) === "/") {
      parts = key.split("/");
      el = parts[2] ? document.getElementById(parts[2]) : main;
      parts.slice(3).forEach(function (i) { el = el && el.children[Number(i)]; });
      if (el && el.tagName !== parts[1]) { el = null; }
    } else {
      el = $$("[id],input,select,textarea", main).filter(function (x) { return keyOf(x) === key; })[0];
    }
    if (el && el !== document.activeElement) { try { el.focus({ preventScroll: true }); } catch (e) { /* old browser */ } }
  }
  function restoreState(s) {
    // The new markup's open state is the server's default: keep the
    // player's choice, unless that default changed (the standings open
    // themselves when a match ends).
    $$("details[id]", main).forEach(function (d) {
      var now = d.open ? "1" : "0";
      d.setAttribute("data-srv-open", now);
      if (!(d.id in s.open)) { return; }
      if (s.srv[d.id] === null || s.srv[d.id] === now) { d.open = s.open[d.id]; }
    });
    $$("input,select,textarea", main).forEach(function (el) {
      var k = keyOf(el), st = k && s.inputs[k];
      if (st) {
        if ("c" in st) { el.checked = st.c; } else if (el.type !== "hidden") { el.value = st.v; }
      }
    });
    refocus(s.focus);
    Object.keys(s.scroll).forEach(function (id) {
      var el = document.getElementById(id);
      if (el) { el.scrollTop = s.scroll[id][0]; el.scrollLeft = s.scroll[id][1]; }
    });
    window.scrollTo(0, s.y);
  }

  window.topsecretKeep = {
    save: function (box, skip) { main = box; skipRestore = skip; return saveState(); },
    restore: function (box, s) { main = box; restoreState(s); }
  };
})();
