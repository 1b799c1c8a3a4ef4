// topsecret night file: replays every match of a night from the file
// alone. Each match's steps come packed (web/nightfile/pack.go): a dictionary
// of pieces and, per eyes, each step's list of piece numbers, all gzipped;
// DecompressionStream unpacks the match and eyes being watched. The
// controls work as the replay page's (replay.js): step, play, turn, jump,
// eyes, keys and swipes. The address keeps the place: #m2/as=1/42.
(function () {
  "use strict";
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  var stage = $("#night-stage");
  var dataEl = $("#night-data");
  if (!stage || !dataEl) { return; }
  var data = JSON.parse(dataEl.textContent);

  function said(key, vals) {
    return (stage.getAttribute("data-say-" + key) || "").replace(/\{(\w+)\}/g, function (m, k) {
      return vals && vals[k] !== undefined ? String(vals[k]) : m;
    });
  }
  function note(text) {
    stage.innerHTML = "";
    var p = document.createElement("p");
    p.className = "night-stage-note muted";
    p.setAttribute("data-testid", "night-note");
    p.textContent = text;
    stage.appendChild(p);
  }
  if (!window.DecompressionStream || !window.TextDecoder) { note(said("old-browser")); return; }

  // ---- unpacking ----
  // bytes reads base64, URL-safe (the packs) or not (a data: URL).
  function bytes(b64) {
    var s = atob(b64.replace(/-/g, "+").replace(/_/g, "/")), out = new Uint8Array(s.length);
    for (var i = 0; i < s.length; i++) { out[i] = s.charCodeAt(i); }
    return out;
  }
  function gunzip(b64) {
    var stream = new Blob([bytes(b64)]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then(function (buf) { return new Uint8Array(buf); });
  }
  // The pictures the steps name (a board's drawing) are carried as data:
  // URLs; each becomes a blob: URL once, which keeps a drawing's #view.
  var pictures = {};
  Object.keys(data.assets || {}).forEach(function (url) {
    var d = data.assets[url], comma = d.indexOf(","), head = d.slice(5, comma), body = d.slice(comma + 1);
    var b64 = /;base64$/.test(head), type = head.replace(/;base64$/, "");
    pictures[url] = URL.createObjectURL(new Blob([b64 ? bytes(body) : decodeURIComponent(body)], { type: type }));
  });
  function withPictures(piece) {
    if (piece.indexOf("/static/") < 0) { return piece; }
    Object.keys(pictures).forEach(function (url) { piece = piece.split(url).join(pictures[url]); });
    return piece;
  }
  var dicts = {}, lists = {};
  function dict(k) {
    if (!dicts[k]) {
      dicts[k] = gunzip(data.matches[k].dict).then(function (b) {
        var pieces = new TextDecoder().decode(b).split("\u0000");
        return pieces.map(withPictures);
      });
    }
    return dicts[k];
  }
  // list unpacks one eyes' steps: their piece numbers and where each
  // step's begin (varints: a count, then the numbers).
  function list(k, as) {
    var key = k + "|" + as;
    if (!lists[key]) {
      lists[key] = gunzip(data.matches[k].eyes[as]).then(function (b) {
        var ids = [], starts = [], i = 0;
        function varint() {
          var n = 0, mul = 1, c;
          do { c = b[i++]; n += (c & 127) * mul; mul *= 128; } while (c & 128);
          return n;
        }
        while (i < b.length) {
          var count = varint();
          starts.push(ids.length);
          for (var j = 0; j < count; j++) { ids.push(varint()); }
        }
        starts.push(ids.length);
        return { ids: ids, starts: starts };
      });
    }
    return lists[key];
  }
  function stepHTML(k, as, i) {
    return Promise.all([dict(k), list(k, as)]).then(function (both) {
      var pieces = both[0], l = both[1], out = [];
      if (i + 1 >= l.starts.length) { throw new Error(said("step-failed", { n: i })); }
      for (var j = l.starts[i]; j < l.starts[i + 1]; j++) { out.push(pieces[l.ids[j]]); }
      return out.join("");
    });
  }

  // ---- the match on the stage ----
  var match = -1, as = "all", cur = 0, last = 0, seq = 0, timer = 0;
  var box, slider, speed, jump, playBtn, controls, more;

  function open(k, eyes, step) {
    stop();
    var tpl = $("#night-match-" + k);
    if (!tpl) { return; }
    match = k;
    last = Number(tpl.getAttribute("data-steps")) - 1;
    stage.innerHTML = "";
    stage.appendChild(tpl.content.cloneNode(true));
    box = $("#replay-step", stage); slider = $("#replay-slider", stage); speed = $("#replay-speed", stage);
    jump = $("#replay-jump", stage); playBtn = $("[data-rp=play]", stage);
    controls = $("#replay-controls", stage); more = $("[data-testid=replay-more]", stage);
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
    wireSwipe();
    $$("a[data-night]").forEach(function (a) {
      var on = Number(a.getAttribute("data-night")) === k;
      a.classList.toggle("on", on);
      if (on) { a.setAttribute("aria-current", "true"); } else { a.removeAttribute("aria-current"); }
    });
    reveal($("a[data-night].on"));
    setAs(data.matches[k].eyes[eyes] ? eyes : "all", step || 0);
  }

  function clamp(i) { return Math.max(0, Math.min(last, i | 0)); }

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
    stage.setAttribute("data-step", String(i));
    if (slider && Number(slider.value) !== i) { slider.value = String(i); }
    var place = "#m" + (match + 1) + "/as=" + as + "/" + i;
    if (location.hash !== place) {
      try { history.replaceState(null, "", place); } catch (e) { /* a browser that keeps file pages' addresses */ }
    }
    var had = document.activeElement;
    $$("[data-rp=start],[data-rp=back],[data-rp=prev-turn]", stage).forEach(function (b) { b.disabled = i <= 0; });
    $$("[data-rp=end],[data-rp=forward],[data-rp=next-turn]", stage).forEach(function (b) { b.disabled = i >= last; });
    if (had && had.disabled && slider) { slider.focus({ preventScroll: true }); }
    if (jump) {
      var marks = turnMarks(), sel = 0;
      marks.forEach(function (m, k) { if (m <= i) { sel = k; } });
      jump.selectedIndex = sel;
    }
  }

  function go(i) {
    i = clamp(i);
    var mine = ++seq, k = match, eyes = as;
    return stepHTML(k, eyes, i).then(function (html) {
      if (mine !== seq) { return; }
      box.innerHTML = html;
      freeze();
      show(i);
    }).catch(function (err) {
      if (mine === seq) { note(err.message || said("step-failed", { n: i })); }
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
    if (timer || !playBtn) { return; }
    if (cur >= last) { go(0); }
    playBtn.setAttribute("aria-pressed", "true");
    playBtn.setAttribute("aria-label", said("pause"));
    stage.classList.add("playing");
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
    stage.classList.remove("playing");
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
  document.addEventListener("click", function (e) {
    var pick = e.target.closest("a[data-night]");
    if (pick) {
      e.preventDefault();
      open(Number(pick.getAttribute("data-night")), as, 0);
      return;
    }
    if (!stage.contains(e.target)) { return; }
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
    stage.setAttribute("data-as", key);
    $$("a[data-as]", stage).forEach(function (a) {
      var on = a.getAttribute("data-as") === key;
      a.classList.toggle("on", on);
      if (on) { a.setAttribute("aria-current", "true"); } else { a.removeAttribute("aria-current"); }
    });
    reveal($(".rp-eye.on", stage));
    go(step === undefined ? cur : step);
  }

  function fold(isOpen) {
    if (!controls || !more) { return; }
    controls.classList.toggle("open", isOpen);
    more.setAttribute("aria-expanded", String(isOpen));
  }

  // ---- keyboard ----
  document.addEventListener("keydown", function (e) {
    if (match < 0 || e.altKey || e.ctrlKey || e.metaKey) { return; }
    var t = e.target, tag = t && t.tagName;
    if (tag === "SELECT" || tag === "TEXTAREA" || (tag === "INPUT" && t.type !== "range")) { return; }
    var k = e.key;
    if (k === "Escape") {
      if (controls && more && controls.contains(t) && $("#replay-extra", stage).contains(t)) { more.focus(); }
      fold(false);
      return;
    }
    if (tag === "INPUT" && (k === "ArrowLeft" || k === "ArrowRight" || k === "Home" || k === "End")) { return; }
    if (k === "ArrowLeft") { stop(); go(cur - 1); } else if (k === "ArrowRight") { stop(); go(cur + 1); } else if (k === "Home") { stop(); go(0); } else if (k === "End") { stop(); go(last); } else if (k === " " || k === "Spacebar") {
      if (tag === "BUTTON" || tag === "A") { return; }
      toggle();
    } else { return; }
    e.preventDefault();
  });

  // ---- swipe on phones ----
  function wireSwipe() {
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
  }

  // reveal scrolls a chosen pill into view in its row.
  function reveal(on) {
    var bar = on && on.parentElement;
    if (bar) { bar.scrollLeft = on.offsetLeft - bar.clientWidth / 2 + on.clientWidth / 2; }
  }

  // ---- the place in the address ----
  function fromHash() {
    var m = location.hash.match(/^#m(\d+)(?:\/as=(all|table|\d+))?(?:\/(\d+))?$/);
    if (!m || !data.matches[Number(m[1]) - 1]) { return false; }
    var k = Number(m[1]) - 1, eyes = m[2] || "all", step = Number(m[3] || 0);
    if (k !== match) { open(k, eyes, step); return true; }
    if (eyes !== as) { setAs(eyes, step); return true; }
    if (step !== cur) { go(step); }
    return true;
  }
  window.addEventListener("hashchange", function () { stop(); fromHash(); });

  window.topsecretNight = {
    open: open, go: go, setAs: setAs, stop: stop,
    match: function () { return match; }, step: function () { return cur; }, as: function () { return as; }
  };
  if (!fromHash()) { open(0, "all", 0); }
})();
