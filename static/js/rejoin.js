// Seats that move between phones: the host's one-time link sheet (or, for
// a connected seat, the toast saying its phone was asked first), a
// visitor's "I was Bob: rejoin" request (asked, then claimed once the host
// allows it) and the typed rejoin code. Kept apart from app.js, whose
// helpers it borrows. Every word shown comes from the server.
(function () {
  "use strict";
  var ts = window.topsecret, $ = ts.$, parseJSON = ts.parseJSON;

  function roomCode() {
    var el = $("[data-code]");
    return el ? el.getAttribute("data-code") : "";
  }
  // send POSTs body and resolves with {status, data}; the seat cookie a
  // claim sets rides on the response.
  function send(url, body) {
    var h = { "Content-Type": "application/json", "Accept": "application/json" };
    var host = "";
    try { host = localStorage.getItem("ts_host_" + roomCode()) || ""; } catch (e) { /* private mode */ }
    if (host) { h.Authorization = "Bearer " + host; }
    return fetch(url, { method: "POST", headers: h, body: JSON.stringify(body || {}), credentials: "same-origin" })
      .then(function (res) {
        return res.text().then(function (txt) {
          var data = parseJSON(txt, null) || {};
          if (!res.ok) { throw new Error(data.message || document.body.getAttribute("data-say-went-wrong") || ""); }
          return { status: res.status, data: data };
        });
      });
  }
  function status(msg, bad) {
    var el = $("#rejoin-status");
    if (!el) { return; }
    el.textContent = msg || "";
    el.hidden = !msg;
    el.classList.toggle("bad", !!bad);
  }
  // waiting shows the asking phone's screen while the host answers: the
  // server's HTML with the two pictures to show the host, or its message.
  function waiting(ask) {
    var el = $("#rejoin-status");
    if (!el || !ask.html) { status(ask.message); return; }
    el.innerHTML = ask.html;
    el.hidden = false;
    el.classList.remove("bad");
  }

  // ---- the host's move link ----
  function openSheet(html) {
    var sheet = $("#rejoin-sheet");
    if (!sheet) { return; }
    sheet.innerHTML = html;
    sheet.hidden = false;
    var done = $("[data-close-sheet]", sheet);
    if (done) { done.focus(); }
  }
  function closeSheet() {
    var sheet = $("#rejoin-sheet");
    if (sheet && !sheet.hidden) { sheet.hidden = true; sheet.innerHTML = ""; }
  }
  document.addEventListener("click", function (e) {
    var t = e.target;
    if (!t.closest) { return; }
    var move = t.closest("[data-move-link]");
    if (move) {
      e.preventDefault();
      move.classList.add("busy");
      // A connected seat's phone is asked first (202): the link comes
      // once it allows the move, from the host's note saying so.
      send(move.getAttribute("data-move-link"))
        .then(function (r) { if (r.status === 202) { ts.toast(r.data.message || ""); } else { openSheet(r.data.html || ""); } })
        .catch(function (err) { ts.toast(err.message, true); })
        .then(function () { move.classList.remove("busy"); });
      return;
    }
    if (t.closest("[data-close-sheet]") || t.id === "rejoin-sheet") { closeSheet(); }
  });
  document.addEventListener("keydown", function (e) { if (e.key === "Escape") { closeSheet(); } });

  // ---- "I was Bob: rejoin" ----
  // The request's grant is kept for this tab, so a reload keeps waiting.
  var pollTimer = 0;
  function askKey() { return "ts_ask_" + roomCode(); }
  function saved() {
    try { return parseJSON(sessionStorage.getItem(askKey()), null); } catch (e) { return null; }
  }
  function save(v) {
    try {
      if (v) { sessionStorage.setItem(askKey(), JSON.stringify(v)); } else { sessionStorage.removeItem(askKey()); }
    } catch (e) { /* private mode: the wait lasts as long as the page */ }
  }
  function poll(ask) {
    clearTimeout(pollTimer);
    send("/api/rooms/" + encodeURIComponent(roomCode()) + "/claim", { grant: ask.grant })
      .then(function (r) {
        if (r.status === 200) { save(null); location.reload(); return; }
        // Still waiting: the pictures stay, for the host to compare.
        if (!ask.html) { status(r.data.message || ask.message); }
        pollTimer = setTimeout(function () { poll(ask); }, 2000);
      })
      .catch(function (err) { save(null); status(err.message, true); });
  }
  document.addEventListener("click", function (e) {
    var b = e.target.closest && e.target.closest("[data-ask]");
    if (!b || b.disabled) { return; }
    e.preventDefault();
    b.disabled = true;
    send(b.getAttribute("data-ask"))
      .then(function (r) {
        var ask = { grant: r.data.grant, message: r.data.message, html: r.data.html };
        save(ask);
        waiting(ask);
        pollTimer = setTimeout(function () { poll(ask); }, 1500);
      })
      .catch(function (err) { b.disabled = false; status(err.message, true); });
  });

  // ---- the typed rejoin code ----
  document.addEventListener("submit", function (e) {
    var f = e.target;
    if (!f.hasAttribute || !f.hasAttribute("data-claim")) { return; }
    e.preventDefault();
    var code = String((f.elements.code && f.elements.code.value) || "").trim();
    if (!code) { return; }
    send(f.getAttribute("data-claim"), { code: code })
      .then(function () { location.reload(); })
      .catch(function (err) { ts.toast(err.message, true); });
  });

  function boot() {
    var ask = saved();
    if (ask && ask.grant) { waiting(ask); poll(ask); }
  }
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", boot); } else { boot(); }
})();
