// Calls to the room's HTTP API declared in markup: data-post (the host's
// controls, with the host token), data-create (a new room), data-join (take
// a seat) and data-goto (a typed room code). The live game itself speaks
// over app.js's websocket. Loaded after app.js, whose helpers it borrows.
(function () {
  "use strict";
  var ts = window.topsecret, $ = ts.$, $$ = ts.$$, toast = ts.toast, parseJSON = ts.parseJSON;

  function cookie(name) {
    var m = document.cookie.match(new RegExp("(?:^|; )" + name.replace(/[^\w-]/g, "") + "=([^;]*)"));
    return m ? decodeURIComponent(m[1]) : "";
  }
  function roomCode() {
    var el = $("[data-code]");
    if (el) { return el.getAttribute("data-code"); }
    var m = location.pathname.match(/^\/r\/([^/]+)/);
    return m ? m[1] : "";
  }
  function hostToken(code) {
    var key = "ts_host_" + code;
    var t = "";
    try { t = localStorage.getItem(key) || ""; } catch (e) { /* private mode */ }
    return t || cookie(key);
  }
  function saveHostToken(code, token) {
    var key = "ts_host_" + code;
    try { localStorage.setItem(key, token); } catch (e) { /* private mode */ }
    document.cookie = key + "=" + encodeURIComponent(token) + "; path=/; max-age=" + 30 * 86400 + "; SameSite=Lax";
  }

  function post(url, body, auth) {
    var h = { "Content-Type": "application/json", "Accept": "application/json" };
    if (auth) { h.Authorization = "Bearer " + auth; }
    return fetch(url, { method: "POST", headers: h, body: JSON.stringify(body || {}), credentials: "same-origin" })
      .then(function (res) {
        return res.text().then(function (txt) {
          var data = parseJSON(txt, null);
          if (!res.ok) {
            var msg = data && (data.message || data.error) || document.body.getAttribute("data-say-went-wrong") || "";
            if (data && data.rule) { msg += " (" + data.rule + ")"; }
            throw new Error(msg);
          }
          return data || {};
        });
      });
  }
  function fail(err) { toast(err && err.message ? err.message : document.body.getAttribute("data-say-went-wrong") || "", true); }

  function hostPost(el, body) {
    el.classList.add("busy");
    post(el.getAttribute("data-post"), body, hostToken(roomCode()))
      .then(function () { if (el.hasAttribute("data-reload")) { location.reload(); } })
      .catch(fail)
      .then(function () { el.classList.remove("busy"); });
  }
  document.addEventListener("click", function (e) {
    var el = e.target.closest && e.target.closest("[data-post]");
    if (!el || el.tagName === "FORM" || el.disabled || el.getAttribute("aria-disabled") === "true") { return; }
    e.preventDefault();
    hostPost(el, parseJSON(el.getAttribute("data-body"), {}));
  });

  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (!f.hasAttribute || !(f.hasAttribute("data-post") || f.hasAttribute("data-create") ||
      f.hasAttribute("data-join") || f.hasAttribute("data-goto"))) { return; }
    e.preventDefault();
    var data = ts.collect(f);
    if (f.hasAttribute("data-post")) {
      hostPost(f, data);
    } else if (f.hasAttribute("data-create")) {
      createRoom(f, data);
    } else if (f.hasAttribute("data-join")) {
      joinRoom(f, data);
    } else {
      var code = String(data.code || "").trim().toUpperCase().replace(/[^A-Z0-9]/g, "");
      if (code) { location.href = f.getAttribute("data-goto") + encodeURIComponent(code); }
    }
  });
  function busy(f, on) {
    $$("button", f).forEach(function (b) { b.disabled = on; });
    f.classList.toggle("busy", on);
  }
  function createRoom(f, options) {
    busy(f, true);
    post("/api/rooms", { game: f.getAttribute("data-create"), options: options })
      .then(function (res) {
        saveHostToken(res.code, res.host_token);
        location.href = res.url || "/r/" + res.code;
      })
      .catch(function (err) { busy(f, false); fail(err); });
  }

  // A name field with data-max-* stops at the room's limits, counted as the
  // server counts them: characters a person sees (graphemes: 👩‍🚀 is one),
  // code points and UTF-8 bytes. What was there stays; of what was just
  // typed or pasted, as many whole characters as fit are kept.
  var segmenter = window.Intl && Intl.Segmenter ? new Intl.Segmenter(undefined, { granularity: "grapheme" }) : null;
  var utf8 = window.TextEncoder ? new TextEncoder() : null;
  function chars(v) {
    if (!segmenter) { return Array.from(v); }
    return Array.from(segmenter.segment(v), function (s) { return s.segment; });
  }
  function fits(el, v) {
    return chars(v).length <= +el.getAttribute("data-max-chars") &&
      Array.from(v).length <= +el.getAttribute("data-max-runes") &&
      (!utf8 || utf8.encode(v).length <= +el.getAttribute("data-max-bytes"));
  }
  function surrogate(c, lo) { return c >= (lo ? 0xdc00 : 0xd800) && c <= (lo ? 0xdfff : 0xdbff); }
  // fitName reports whether it had to leave something out.
  function fitName(el) {
    var v = el.value, old = el.fitted || "";
    if (fits(el, v)) { return false; }
    var p = 0, s = 0;
    while (p < old.length && p < v.length && old[p] === v[p]) { p++; }
    if (p > 0 && surrogate(v.charCodeAt(p - 1), false)) { p--; }
    while (s < old.length - p && s < v.length - p && old[old.length - 1 - s] === v[v.length - 1 - s]) { s++; }
    if (s > 0 && surrogate(v.charCodeAt(v.length - s), true)) { s--; }
    var head = v.slice(0, p), tail = v.slice(v.length - s), added = chars(v.slice(p, v.length - s)), keep = "";
    if (!fits(el, head + tail)) { head = ""; tail = ""; added = chars(v); }
    for (var i = 0; i < added.length && fits(el, head + keep + added[i] + tail); i++) { keep += added[i]; }
    el.value = head + keep + tail;
    el.setSelectionRange(head.length + keep.length, head.length + keep.length);
    return true;
  }
  // sayFull shows the field's "that is the limit" line while the name is
  // as long as it may be, or just lost what did not fit, so a player
  // learns the limit as they type rather than from a refusal after Join.
  function sayFull(el, cut) {
    var line = el.form && el.form.querySelector("[data-name-full]");
    if (line) { line.hidden = !cut && chars(el.value).length < +el.getAttribute("data-max-chars"); }
  }
  // What the field held before an edit is what the edit may not push out.
  document.addEventListener("beforeinput", function (e) {
    var el = e.target;
    if (el.hasAttribute && el.hasAttribute("data-max-chars") && !e.isComposing) { el.fitted = el.value; }
  });
  document.addEventListener("input", function (e) {
    var el = e.target;
    if (el.hasAttribute && el.hasAttribute("data-max-chars") && !e.isComposing) { sayFull(el, fitName(el)); }
  });
  document.addEventListener("compositionend", function (e) {
    var el = e.target;
    if (el.hasAttribute && el.hasAttribute("data-max-chars")) { sayFull(el, fitName(el)); }
  });

  // A phone that joined a room before offers the same name in the next
  // room it opens (its language follows it already: the ts_lang cookie).
  var NAME_KEY = "ts_name";
  function joinRoom(f, data) {
    var name = String(data.name || "").trim();
    if (!name) { toast(document.body.getAttribute("data-say-pick-name") || "", true); return; }
    busy(f, true);
    post("/api/rooms/" + encodeURIComponent(f.getAttribute("data-join")) + "/seats", { name: name })
      .then(function () {
        try { localStorage.setItem(NAME_KEY, name); } catch (e) { /* private mode */ }
        location.reload();
      })
      .catch(function (err) { busy(f, false); fail(err); });
  }
  function offerName() {
    var el = $("#join-name"), name = "";
    try { name = localStorage.getItem(NAME_KEY) || ""; } catch (e) { /* private mode */ }
    if (el && name && !el.value) { el.value = name; }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", offerName); } else { offerName(); }
})();
