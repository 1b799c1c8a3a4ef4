// topsecret replay viewer: steps through a finished match by fetching each
// step's server-rendered fragment. Deep links: /m/{id}?as=2#42.
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  var root = $("[data-testid=replay]");
  if (!root) { return; }
  var base = "/m/" + root.getAttribute("data-match");
  var last = Number(root.getAttribute("data-steps")) - 1;
  var as = root.getAttribute("data-as") || "all";
  var cur = Number(root.getAttribute("data-step")) || 0;
  var box = $("#replay-step"), slider = $("#replay-slider"), speed = $("#replay-speed");
  var jump = $("#replay-jump"), share = $("[data-testid=replay-share]"), playBtn = $("[data-rp=play]");
  var cache = {}, cacheKeys = [], seq = 0, timer = 0;
  // screen: the room's table screen opened this replay to show what the
  // host shows; it follows the host's eyes and steps, and goes back to the
  // room when the showing stops.
  var screen = root.getAttribute("data-screen") === "table";
  var screenParams = screen ? "&follow=1&screen=table" : "";
  // code is the room the match was played in, to follow what its host
  // shows. The page names it only to the room's host and seats
  // (data-code): a replay link is shared, and the code lets anyone in. The
  // room's watch banner sends its phones and table screen here with
  // room=CODE, which show() drops from the address bar at once (so a copied
  // address does not carry it) and this tab keeps for a reload.
  var code = root.getAttribute("data-code") || roomFromAddress();
  function roomFromAddress() {
    var m = location.search.match(/[?&]room=([A-Za-z0-9]{1,12})(?:&|$)/), key = "ts_room_of_" + root.getAttribute("data-match");
    try {
      if (m) { sessionStorage.setItem(key, m[1]); }
      return m ? m[1] : sessionStorage.getItem(key) || "";
    } catch (e) { return m ? m[1] : ""; /* private mode */ }
  }
  function roomParam() { return code ? "&room=" + encodeURIComponent(code) : ""; }

  // said words a message the page rendered for its reader (data-say-*),
  // filling its {name} slots: no word shown here is written in this file.
  function said(key, vals) {
    return (root.getAttribute("data-say-" + key) || "").replace(/\{(\w+)\}/g, function (m, k) {
      return vals && vals[k] !== undefined ? String(vals[k]) : m;
    });
  }

  function clamp(i) { return Math.max(0, Math.min(last, i | 0)); }
  function url(i) { return base + "/step/" + i + "?as=" + encodeURIComponent(as); }
  function link(i) { return location.origin + base + "?as=" + encodeURIComponent(as) + "#" + i; }

  function fetchStep(i) {
    var k = as + "|" + i;
    if (cache[k]) { return cache[k]; }
    var p = fetch(url(i), { credentials: "same-origin" }).then(function (res) {
      if (!res.ok) { throw new Error(said("step-failed", { n: i })); }
      return res.text();
    });
    cache[k] = p;
    cacheKeys.push(k);
    if (cacheKeys.length > 200) { delete cache[cacheKeys.shift()]; }
    p.catch(function () { delete cache[k]; });
    return p;
  }

  // freeze stops countdowns at the step's own time: a replay has no clock.
  function freeze() {
    var frame = $("[data-testid=replay-frame]", box);
    var at = frame ? Number(frame.getAttribute("data-at")) : 0;
    $$("[data-deadline]", box).forEach(function (el) {
      var left = Math.max(0, Math.ceil((Number(el.getAttribute("data-deadline")) - at) / 1000));
      el.textContent = left >= 60 ? Math.floor(left / 60) + ":" + ("0" + (left % 60)).slice(-2) : left + "s";
      el.removeAttribute("data-deadline");
      el.classList.add("frozen");
    });
    $$("[data-peek]", box).forEach(function (el) { el.classList.add("peeking"); });
  }

  function show(i) {
    cur = i;
    root.setAttribute("data-step", String(i));
    if (slider && Number(slider.value) !== i) { slider.value = String(i); }
    var href = base + "?as=" + encodeURIComponent(as) + screenParams + "#" + i;
    if (location.pathname + location.search + location.hash !== href) { history.replaceState(null, "", href); }
    if (share) { share.setAttribute("data-copy", link(i)); }
    var had = document.activeElement;
    $$("[data-rp=start],[data-rp=back],[data-rp=prev-turn]").forEach(function (b) { b.disabled = i <= 0; });
    $$("[data-rp=end],[data-rp=forward],[data-rp=next-turn]").forEach(function (b) { b.disabled = i >= last; });
    // A key that stepped to the first or last step must not drop focus
    // with the button it disabled: the slider keeps it, still stepping.
    if (had && had.disabled && slider) { slider.focus({ preventScroll: true }); }
    if (jump) {
      var marks = turnMarks(), sel = 0;
      marks.forEach(function (m, k) { if (m <= i) { sel = k; } });
      jump.selectedIndex = sel;
    }
    window.dispatchEvent(new CustomEvent("replay:step", { detail: { step: i, as: as } }));
  }

  function go(i) {
    i = clamp(i);
    var mine = ++seq;
    return fetchStep(i).then(function (html) {
      if (mine !== seq) { return; }
      box.innerHTML = html;
      freeze();
      show(i);
      if (timer && i < last) { fetchStep(i + 1); }
    }).catch(function (err) {
      if (window.topsecret) { window.topsecret.toast(err.message, true); }
      stop();
    });
  }

  function turnMarks() {
    return jump ? $$("option", jump).map(function (o) { return Number(o.value); }) : [];
  }
  function nextTurn(dir) {
    var marks = turnMarks(), k;
    if (dir > 0) {
      for (k = 0; k < marks.length; k++) { if (marks[k] > cur) { return go(marks[k]); } }
      return go(last);
    }
    for (k = marks.length - 1; k >= 0; k--) { if (marks[k] < cur) { return go(marks[k]); } }
    return go(0);
  }

  // ---- play / pause ----
  function play() {
    if (timer) { return; }
    if (cur >= last) { go(0); }
    playBtn.setAttribute("aria-pressed", "true");
    playBtn.setAttribute("aria-label", said("pause"));
    root.classList.add("playing");
    timer = setInterval(function () {
      if (cur >= last) { stop(); return; }
      go(cur + 1);
    }, Number(speed && speed.value) || 1000);
  }
  function stop() {
    clearInterval(timer);
    timer = 0;
    if (!playBtn) { return; }
    playBtn.setAttribute("aria-pressed", "false");
    playBtn.setAttribute("aria-label", said("play"));
    root.classList.remove("playing");
  }
  function toggle() { if (timer) { stop(); } else { play(); } }

  var actions = {
    start: function () { go(0); },
    back: function () { go(cur - 1); },
    forward: function () { go(cur + 1); },
    end: function () { go(last); },
    "prev-turn": function () { nextTurn(-1); },
    "next-turn": function () { nextTurn(1); },
    play: toggle
  };
  root.addEventListener("click", function (e) {
    var b = e.target.closest("[data-rp]");
    if (b && actions[b.getAttribute("data-rp")]) {
      e.preventDefault();
      if (b.getAttribute("data-rp") !== "play") { stop(); }
      actions[b.getAttribute("data-rp")]();
      return;
    }
    var eye = e.target.closest("a[data-as]");
    if (eye) {
      e.preventDefault();
      setAs(eye.getAttribute("data-as"));
    }
  });
  function setAs(key, step) {
    as = key;
    root.setAttribute("data-as", key);
    $$("a[data-as]", root).forEach(function (a) {
      var on = a.getAttribute("data-as") === key;
      a.classList.toggle("on", on);
      if (on) { a.setAttribute("aria-current", "true"); } else { a.removeAttribute("aria-current"); }
    });
    reveal();
    go(step === undefined ? cur : step);
  }

  // ---- the folded controls ----
  // A phone's bar holds stepping, play and the slider; "More" opens the
  // rest above it. Wide screens show everything in the row (CSS).
  var controls = $("#replay-controls"), more = $("[data-testid=replay-more]");
  function fold(open) {
    if (!controls || !more) { return; }
    controls.classList.toggle("open", open);
    more.setAttribute("aria-expanded", String(open));
  }
  if (more) { more.addEventListener("click", function () { fold(!controls.classList.contains("open")); }); }

  if (slider) {
    var slideTimer = 0;
    slider.addEventListener("input", function () {
      stop();
      clearTimeout(slideTimer);
      var v = Number(slider.value);
      slideTimer = setTimeout(function () { go(v); }, 60);
    });
  }
  if (speed) { speed.addEventListener("change", function () { if (timer) { stop(); play(); } }); }
  if (jump) { jump.addEventListener("change", function () { stop(); go(Number(jump.value)); }); }

  // ---- keyboard ----
  document.addEventListener("keydown", function (e) {
    if (e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target, tag = t && t.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && t.type !== "range")) { return; }
    var k = e.key;
    if (k === "Escape") {
      if (controls && more && controls.contains(t) && $("#replay-extra").contains(t)) { more.focus(); }
      fold(false);
      return;
    }
    if (tag === "INPUT" && (k === "ArrowLeft" || k === "ArrowRight" || k === "Home" || k === "End")) { return; } // the slider moves itself
    if (k === "ArrowLeft") { stop(); go(cur - 1); } else if (k === "ArrowRight") { stop(); go(cur + 1); } else if (k === "Home") { stop(); go(0); } else if (k === "End") { stop(); go(last); } else if (k === " " || k === "Spacebar") {
      if (tag === "BUTTON" || tag === "A") { return; }
      toggle();
    } else { return; }
    e.preventDefault();
  });

  // ---- swipe on phones ----
  var sx = 0, sy = 0, st = 0;
  box.addEventListener("touchstart", function (e) {
    if (e.touches.length !== 1) { return; }
    sx = e.touches[0].clientX; sy = e.touches[0].clientY; st = Date.now();
  }, { passive: true });
  box.addEventListener("touchend", function (e) {
    var t = e.changedTouches[0];
    if (!t || !st) { return; }
    var dx = t.clientX - sx, dy = t.clientY - sy;
    st = 0;
    if (Math.abs(dx) > 50 && Math.abs(dx) > 1.5 * Math.abs(dy)) { stop(); go(cur + (dx < 0 ? 1 : -1)); }
  }, { passive: true });

  // ---- deep links ----
  function fromHash() {
    var m = location.hash.match(/^#(\d+)(?:\/as=(all|table|\d+))?$/);
    if (!m) { return false; }
    if (m[2] && m[2] !== as) { setAs(m[2]); }
    var i = clamp(Number(m[1]));
    if (i !== cur || m[2]) { go(i); } else { show(i); }
    return true;
  }
  window.addEventListener("hashchange", function () { stop(); fromHash(); });

  // reveal scrolls the chosen perspective's pill into view.
  function reveal() {
    var on = $(".rp-eye.on", root), bar = on && on.parentElement;
    if (bar) { bar.scrollLeft = on.offsetLeft - bar.clientWidth / 2 + on.clientWidth / 2; }
  }

  // ---- watch together ----
  // The host shows this replay to the room: every step it takes is posted
  // (at most ~4 a second) and rides the room's frames to every phone.
  var matchID = root.getAttribute("data-match");
  var watchBtn = $("[data-watch]", root), showing = false, postTimer = 0, posted = -1;
  function hostHeaders() {
    var h = { "Content-Type": "application/json", "Accept": "application/json" }, t = "";
    try { t = localStorage.getItem("ts_host_" + code) || ""; } catch (e) { /* private mode */ }
    if (t) { h.Authorization = "Bearer " + t; }
    return h;
  }
  function postWatch(body) {
    return fetch(watchBtn.getAttribute("data-watch"), { method: "POST", headers: hostHeaders(), credentials: "same-origin", body: JSON.stringify(body) })
      .then(function (res) { if (!res.ok) { return res.json().then(function (d) { throw new Error(d.message || document.body.getAttribute("data-say-went-wrong") || ""); }); } });
  }
  function pushStep() {
    if (!showing || postTimer) { return; }
    postTimer = setTimeout(function () {
      postTimer = 0;
      if (!showing || posted === cur + "|" + as) { return; }
      posted = cur + "|" + as;
      postWatch({ match_id: matchID, step: cur, as: as }).catch(function (err) { if (window.topsecret) { window.topsecret.toast(err.message, true); } });
    }, 250);
  }
  if (watchBtn) {
    watchBtn.addEventListener("click", function () {
      showing = !showing;
      watchBtn.classList.toggle("primary", showing);
      watchBtn.textContent = said(showing ? "stop-show" : "show");
      if (showing) { posted = -1; pushStep(); } else { postWatch({ stop: true }); }
    });
    window.addEventListener("replay:step", pushStep);
  }

  // Everyone else listens to the room: when the host shows this match, the
  // page follows the host's step until "Leave"; "Rejoin" follows again.
  var bar = $("#watch-bar"), following = /[?&]follow=1/.test(location.search), hostStep = -1, hostMatch = "";
  function renderBar(w) {
    if (!bar) { return; }
    if (!w || showing) { bar.hidden = true; return; }
    bar.hidden = false;
    var text = $(".watch-text", bar), btn = $("[data-testid=watch-toggle]", bar);
    btn.hidden = screen; // nobody works the TV: it always follows
    if (w.match_id !== matchID) {
      text.textContent = said("host-other", { number: w.number });
      btn.textContent = said("join");
      btn.setAttribute("data-href", "/m/" + w.match_id + "?as=" + encodeURIComponent(as) + "&follow=1" + roomParam() + "#" + w.step);
      return;
    }
    btn.removeAttribute("data-href");
    text.textContent = following ? said("together", { step: w.step, last: w.steps - 1 }) : said("alone", { step: w.step });
    btn.textContent = said(following ? "leave" : "rejoin");
  }
  if (bar) {
    $("[data-testid=watch-toggle]", bar).addEventListener("click", function (e) {
      var href = e.currentTarget.getAttribute("data-href");
      if (href) { location.href = href; return; }
      following = !following;
      if (following && hostStep >= 0) { stop(); go(hostStep); }
      renderBar(lastWatch);
    });
  }
  var lastWatch = null, sock = null, retry = 0;
  function listen() {
    if (!code || !window.WebSocket) { return; }
    var u = new URL("/r/" + code + "/ws?view=json", location.href);
    u.protocol = location.protocol === "https:" ? "wss:" : "ws:";
    sock = new WebSocket(u.toString());
    sock.onmessage = function (ev) {
      var m;
      try { m = JSON.parse(ev.data); } catch (e) { return; }
      if (m.type !== "view") { return; }
      retry = 0;
      var w = m.watch || null;
      lastWatch = w;
      if (screen && screenFollows(w)) { return; }
      if (w && w.match_id === matchID) {
        if (hostMatch !== matchID && !showing) { following = true; }
        hostStep = w.step;
        if (following && !showing && w.step !== cur) { stop(); go(w.step); }
      }
      hostMatch = w ? w.match_id : "";
      renderBar(w);
    };
    sock.onclose = function () { setTimeout(listen, Math.min(10000, 500 * Math.pow(2, retry++))); };
  }
  // screenFollows keeps the table screen on what the host shows: the host's
  // eyes, another match when the host moves on, and the room when the
  // showing stops. It reports whether the page is leaving.
  function screenFollows(w) {
    if (!w) { location.replace("/r/" + encodeURIComponent(code) + "/table"); return true; }
    if (w.match_id !== matchID) {
      location.replace("/m/" + w.match_id + "?as=" + encodeURIComponent(w.as || "table") + screenParams + roomParam() + "#" + w.step);
      return true;
    }
    following = true;
    if (w.as && w.as !== as) { stop(); setAs(w.as, w.step); }
    return false;
  }
  listen();

  window.topsecretReplay = { go: go, setAs: setAs, step: function () { return cur; }, as: function () { return as; }, stop: stop };
  freeze();
  reveal();
  if (!fromHash()) { show(cur); }
})();
