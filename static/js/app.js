// topsecret client: one websocket per room, server-rendered HTML swapped into
// #room-main, and the actions its controls send. Plain JS, no build step;
// the other scripts (api, markup, peek, confirm, attention) borrow the
// helpers it shares as window.topsecret.
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  // ---- toast ----
  var toastTimer = 0;
  function toast(msg, bad) {
    var t = $("#toast");
    if (!t) { return; }
    t.textContent = msg;
    t.className = "toast show" + (bad ? " bad" : "");
    t.hidden = false;
    clearTimeout(toastTimer);
    toastTimer = setTimeout(function () { t.className = "toast"; t.hidden = true; }, bad ? 5000 : 2500);
  }

  // ---- helpers ----
  function uuid() {
    if (window.crypto && crypto.randomUUID) { return crypto.randomUUID(); }
    return "id-" + Date.now().toString(36) + "-" + Math.random().toString(36).slice(2, 12);
  }
  function parseJSON(s, fallback) {
    if (s == null || s === "") { return fallback; }
    try { return JSON.parse(s); } catch (e) { return fallback === undefined ? s : fallback; }
  }
  // collect turns a form's named inputs into an object. Values parse as JSON
  // when they can ("3" → 3); text fields stay strings. A checkbox without a
  // value attribute is a boolean; checkboxes with values give an array of the
  // checked ones. A field marked data-raw, or inside a box so marked, keeps
  // its value a string. data-scale multiplies numbers (seconds shown, ms
  // sent).
  function collect(form) {
    var out = {};
    $$("input[name],select[name],textarea[name]", form).forEach(function (el) {
      if (el.disabled) { return; }
      var n = el.name, v, type = (el.type || "").toLowerCase();
      if (type === "radio" && !el.checked) { return; }
      if (type === "checkbox") {
        if (!el.hasAttribute("value")) { out[n] = el.checked; return; }
        if (!Array.isArray(out[n])) { out[n] = []; }
        if (el.checked) { out[n].push(parseJSON(el.value)); }
        return;
      }
      if (type === "text" || type === "search" || el.tagName === "TEXTAREA" || el.closest("[data-raw]")) {
        v = el.value;
      } else {
        v = parseJSON(el.value);
      }
      var scale = parseFloat(el.getAttribute("data-scale"));
      if (scale && typeof v === "number") { v = Math.round(v * scale); }
      out[n] = v;
    });
    return out;
  }
  function merge(a, b) {
    var o = {}, k;
    for (k in a || {}) { o[k] = a[k]; }
    for (k in b || {}) { o[k] = b[k]; }
    return o;
  }

  // ---- websocket ----
  // version is that of the last frame kept. Frames of one connection are
  // kept only in order; the first frame of a new connection (firstFrame) is
  // kept whatever its version, because it is a full snapshot from a server
  // that may have restarted since.
  // holding names the frame #room-main shows while it is the one the page
  // came with (its data-held): the socket is told, and its first frame,
  // when it is that one, comes as {"held":true} without the board.
  var main = null, ws = null, version = 0, firstFrame = false, offset = 0, attempt = 0, retryTimer = 0, holding = "";
  var pending = {}, pendingOrder = [], skipRestore = {};

  function wsURL() {
    var u = new URL(main.getAttribute("data-ws"), location.href);
    u.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    u.searchParams.set("view", "html");
    u.searchParams.set("since", String(version));
    if (holding) { u.searchParams.set("held", holding); }
    return u.toString();
  }
  function setOffline(off) {
    var bar = $("#reconnecting");
    // A page whose network the host removed says so instead, and keeps
    // trying quietly until it may follow the room again.
    if (bar) { bar.hidden = !off || !!$("#room-main .barred"); }
    document.documentElement.classList.toggle("offline", off);
  }
  function connect() {
    clearTimeout(retryTimer);
    retryTimer = 0;
    if (!main || (ws && ws.readyState <= 1)) { return; }
    var sock = new WebSocket(wsURL());
    ws = sock;
    firstFrame = true;
    sock.onopen = function () {
      pendingOrder.forEach(function (id) { if (pending[id]) { sock.send(pending[id]); } });
    };
    sock.onmessage = function (ev) {
      if (ws === sock) { onMessage(parseJSON(ev.data, {})); }
    };
    sock.onclose = function () {
      if (ws !== sock) { return; }
      ws = null;
      setOffline(true);
      var delay = Math.min(10000, 500 * Math.pow(2, attempt++));
      retryTimer = setTimeout(connect, delay * (0.5 + Math.random() / 2));
    };
  }
  function reconnectNow() {
    if (main && (!ws || ws.readyState > 1)) { attempt = 0; connect(); }
  }
  function onMessage(m) {
    switch (m.type) {
      case "view":
        attempt = 0;
        setOffline(false);
        if (typeof m.now === "number") { offset = m.now - Date.now(); }
        if (firstFrame || typeof m.version !== "number" || m.version >= version) {
          firstFrame = false;
          if (typeof m.version === "number") { version = m.version; }
          if (!m.held) {
            holding = "";
            swap(m.html || "");
          }
        }
        break;
      case "ok":
        settle(m.id);
        break;
      case "error":
        // Busy: nothing was stored; the same id is sent again shortly, so
        // the tap is neither lost nor applied twice.
        // Unavailable (the database is down): the same, more patiently.
        if ((m.code === "busy" || m.code === "unavailable") && m.id && pending[m.id]) {
          var wait = m.code === "busy" ? 250 : 1500;
          setTimeout(function () { if (pending[m.id] && ws && ws.readyState === 1) { ws.send(pending[m.id]); } }, wait + Math.random() * wait * 2);
          break;
        }
        settle(m.id);
        toast((m.message || document.body.getAttribute("data-say-went-wrong") || "") + (m.rule ? " (" + m.rule + ")" : ""), true);
        break;
      case "bye":
        toast(m.reason || document.body.getAttribute("data-say-went-wrong") || "", true);
        // Removed by the host: the reloaded page says it stays out a while.
        if (m.code === "removed" || /kick/i.test(m.reason || "")) { setTimeout(function () { location.reload(); }, 1500); }
        break;
    }
  }
  function settle(id) {
    if (!id || !pending[id]) { return; }
    delete pending[id];
    pendingOrder = pendingOrder.filter(function (x) { return x !== id; });
  }
  function act(type, data) {
    var id = uuid();
    var msg = JSON.stringify({ type: "act", id: id, action: { type: type, data: data === undefined ? {} : data } });
    pending[id] = msg;
    pendingOrder.push(id);
    if (ws && ws.readyState === 1) { ws.send(msg); } else { reconnectNow(); }
  }

  // The host picked another game: its board, styles and scripts are not on
  // this page, so the page loads itself again, in the new game's lobby
  // (same seat, same name: the cookie holds them). Nothing else is drawn
  // meanwhile.
  var leaving = false;
  function gameOf(html) {
    var m = /data-game="([^"]*)"/.exec(html);
    return m ? m[1] : "";
  }
  function swap(html) {
    if (leaving) { return; }
    var drawn = $("[data-game]", main), next = gameOf(html);
    if (drawn && next && drawn.getAttribute("data-game") !== next) {
      leaving = true;
      location.reload();
      return;
    }
    var keep = window.topsecretKeep, s = keep.save(main, skipRestore);
    window.topsecretMorph(main, html);
    skipRestore = {};
    keep.restore(main, s);
    enhance();
  }

  // enhance runs after every render: animations and countdowns here; other
  // scripts (peeking, confirmations, attention) follow the board through
  // the "topsecret:drawn" event it sends.
  var seen = {}, firstSeen = {};
  function enhance() {
    $$("[data-seq][data-anim]").forEach(function (el) {
      var k = el.getAttribute("data-seq") + "|" + el.getAttribute("data-anim");
      if (!seen[k]) { seen[k] = true; el.classList.add("play"); }
    });
    // A banner with data-ttl shows for that long after it first appeared,
    // however often the board is redrawn meanwhile.
    $$("[data-seq][data-ttl]").forEach(function (el) {
      var k = el.getAttribute("data-seq");
      if (!firstSeen[k]) { firstSeen[k] = Date.now(); }
    });
    picked();
    tick();
    document.dispatchEvent(new CustomEvent("topsecret:drawn"));
  }

  // ---- a pick's confirm button ----
  // A submit button with data-needs-pick (embassy's "Pick a spot on the
  // board") is drawn disabled and stays so until its form holds a checked
  // choice: neither a tap nor Enter sends an empty pick.
  function picked() {
    $$("button[data-needs-pick]").forEach(function (b) {
      b.disabled = !(b.form && b.form.querySelector(":checked"));
    });
  }
  document.addEventListener("change", picked);

  // ---- countdowns ----
  // A seat's phone gone for longer than AWAY_GRACE is not "reconnecting…"
  // any more: it is away, for so long ("away · 5 min").
  var AWAY_GRACE = 20000;
  function awayFor(ms) {
    var hours = ms >= 3600000, n = Math.floor(ms / (hours ? 3600000 : 60000));
    try {
      return new Intl.NumberFormat(document.documentElement.lang || undefined,
        { style: "unit", unit: hours ? "hour" : "minute", unitDisplay: "short" }).format(n);
    } catch (e) { return n + (hours ? " h" : " min"); }
  }
  // say sets el's words. A clock's text changes every second: writing
  // into its one text node is a change of characters, where textContent
  // replaces the node, a change of the tree that makes the browser check
  // every :has() rule over the board again (on couriers' phone a tenth of
  // a slow phone's time, for a clock).
  function say(el, txt) {
    var n = el.firstChild;
    if (n && n === el.lastChild && n.nodeType === 3) {
      if (n.data !== txt) { n.data = txt; }
    } else if (el.textContent !== txt) {
      el.textContent = txt;
    }
  }
  function tick() {
    var now = Date.now() + offset;
    $$("[data-away-since]").forEach(function (el) {
      var since = Number(el.getAttribute("data-away-since")), gone = now - since;
      if (!since || gone < AWAY_GRACE) { return; }
      var txt = el.getAttribute("data-say-away") + (gone >= 60000 ? " · " + awayFor(gone) : "");
      say(el, txt);
      el.classList.add("long-away");
    });
    // A timer the room holds back for a player whose phone came back
    // counts to the held time (room/fairtime.go).
    var held = document.querySelector("#board[data-held-from]");
    $$("[data-deadline]").forEach(function (el) {
      if (el.closest(".ended")) { return; } // the match stopped: no clock runs
      var at = Number(el.getAttribute("data-deadline"));
      if (held && el.closest("#board") && at === Number(held.getAttribute("data-held-from"))) { at = Number(held.getAttribute("data-held-until")); }
      var left = Math.max(0, Math.ceil((at - now) / 1000));
      var txt = left >= 60 ? Math.floor(left / 60) + ":" + ("0" + (left % 60)).slice(-2) : left + "s";
      say(el, txt);
      el.classList.toggle("urgent", left > 0 && left <= 10);
      el.classList.toggle("expired", left === 0);
    });
    $$("[data-seq][data-ttl]").forEach(function (el) {
      var t0 = firstSeen[el.getAttribute("data-seq")];
      el.classList.toggle("gone", !!t0 && Date.now() - t0 > Number(el.getAttribute("data-ttl")));
    });
    // A button that becomes possible at a known time (a cooldown ends)
    // enables itself then, without waiting for the next frame.
    $$("[data-enable-at]").forEach(function (el) {
      var at = Number(el.getAttribute("data-enable-at"));
      if (at && now >= at) { el.disabled = false; el.removeAttribute("data-enable-at"); }
    });
  }

  // ---- actions ----
  // A control with data-act sends that action (data-data its data); a form
  // with data-act sends its fields merged into data-data. confirm.js stops
  // every tap on a data-confirm control before it gets here and passes on
  // only the one its sheet's Confirm answers.
  document.addEventListener("click", function (e) {
    var el = e.target.closest && e.target.closest("[data-act]");
    if (!el || el.tagName === "FORM" || el.disabled || el.getAttribute("aria-disabled") === "true") { return; }
    e.preventDefault();
    act(el.getAttribute("data-act"), parseJSON(el.getAttribute("data-data"), {}));
    el.classList.add("sent");
  });
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (!f.hasAttribute || !f.hasAttribute("data-act")) { return; }
    e.preventDefault();
    var box = f.closest("[id]");
    if (box) { skipRestore[box.id] = true; }
    act(f.getAttribute("data-act"), merge(parseJSON(f.getAttribute("data-data"), {}), collect(f)));
  });

  // ---- private notes ----
  // A <form data-note> holds the seat's private notes (a clue sheet's manual
  // marks). Any change is collected like an action form and sent, debounced,
  // as {"type":"note","id":…,"note":{…}}; the server stores it and sends it
  // back in this seat's frames. Only the newest unsent note is kept.
  var noteTimer = 0, noteForm = null, noteId = "";
  function sendNote() {
    clearTimeout(noteTimer);
    noteTimer = 0;
    var f = noteForm;
    noteForm = null;
    if (!f || !document.contains(f)) { return; }
    if (noteId) { settle(noteId); }
    noteId = uuid();
    var msg = JSON.stringify({ type: "note", id: noteId, note: collect(f) });
    pending[noteId] = msg;
    pendingOrder.push(noteId);
    if (ws && ws.readyState === 1) { ws.send(msg); } else { reconnectNow(); }
  }
  function noteChanged(e) {
    var f = e.target && e.target.form;
    if (!f || !f.hasAttribute("data-note")) { return; }
    noteForm = f;
    clearTimeout(noteTimer);
    noteTimer = setTimeout(sendNote, 500);
  }
  document.addEventListener("change", noteChanged);
  document.addEventListener("input", noteChanged);
  document.addEventListener("submit", function (e) {
    if (e.target.hasAttribute && e.target.hasAttribute("data-note")) {
      e.preventDefault();
      noteForm = e.target;
      sendNote();
    }
  });
  window.addEventListener("pagehide", function () { if (noteTimer) { sendNote(); } });
  // ---- end private notes ----

  // keepTab keeps Tab and Shift+Tab inside box, an open dialog: from its
  // last control on to its first, and back.
  function keepTab(e, box) {
    if (e.key !== "Tab") { return; }
    var all = $$("a[href],button,input,select,textarea,summary,[tabindex]:not([tabindex='-1'])", box)
      .filter(function (el) { return !el.disabled && el.getClientRects().length > 0; });
    if (!all.length) { return; }
    var at = document.activeElement, first = all[0], last = all[all.length - 1];
    if (!box.contains(at) || at === (e.shiftKey ? first : last)) {
      e.preventDefault();
      (e.shiftKey ? last : first).focus();
    }
  }

  // ---- boot ----
  function boot() {
    main = $("#room-main[data-ws]");
    holding = main ? main.getAttribute("data-held") || "" : "";
    enhance();
    setInterval(tick, 250);
    if (!main) { return; }
    connect();
    window.addEventListener("online", reconnectNow);
    document.addEventListener("visibilitychange", function () {
      if (document.visibilityState === "visible") { reconnectNow(); }
    });
    // Leaving the page closes the socket at once, so the table sees
    // "reconnecting…" now rather than when the browser gets round to it;
    // coming back from the back/forward cache connects again.
    window.addEventListener("pagehide", function () {
      var sock = ws;
      ws = null;
      clearTimeout(retryTimer);
      if (sock) { sock.onclose = null; sock.close(1000, "page hidden"); }
    });
    window.addEventListener("pageshow", function (e) { if (e.persisted) { reconnectNow(); } });
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", boot); } else { boot(); }
  // What the other scripts share; they load after this one.
  window.topsecret = { act: act, toast: toast, collect: collect, $: $, $$: $$, parseJSON: parseJSON, keepTab: keepTab };
})();
