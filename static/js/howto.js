// howto.js: the game's how-to-play cards. The "?" and the lobby's button
// open them in a <dialog> over the page (the table stays as it is); the
// page does not carry the cards, which are fetched (in the reader's
// language) the first time they are opened. Back and Next (or the arrow
// keys) step through them. On the table screen the lobby's
// cards turn by themselves. On a phone, a one-line hint shows during the
// player's first turn of their first match in the room (as the board says:
// boards.HowTo.FirstTurn), until dismissed or the turn is over (a turn
// that passed by itself leaves it faded until the next tap); a cookie
// remembers it per room. It stands in the page under the top
// bar, never over it: a hint floating over the board covered the very
// button it spoke of.
(function () {
  "use strict";
  var TURN_MS = 8000;
  var $ = function (sel, root) { return (root || document).querySelector(sel); };
  var $$ = function (sel, root) { return Array.prototype.slice.call((root || document).querySelectorAll(sel)); };

  // show makes card i of root's deck the visible one and returns the count.
  function show(root, i) {
    var cards = $$("[data-howto-card]", root);
    cards.forEach(function (c, k) { c.hidden = k !== i; });
    $$(".howto-dots li", root).forEach(function (d, k) { d.classList.toggle("on", k === i); });
    return cards.length;
  }

  var at = 0;
  function step(dlg, i) {
    var n = $$("[data-howto-card]", dlg).length;
    at = Math.max(0, Math.min(n - 1, i));
    show(dlg, at);
    var last = at === n - 1;
    $("[data-howto-back]", dlg).disabled = at === 0;
    $("[data-howto-next]", dlg).hidden = last;
    $("[data-howto-done]", dlg).hidden = !last;
    $("[data-howto-step]", dlg).textContent = $$("[data-howto-card]", dlg)[at].getAttribute("data-step");
    var focus = last ? $("[data-howto-done] button", dlg) : $("[data-howto-next]", dlg);
    if (dlg.open && document.activeElement && dlg.contains(document.activeElement) && document.activeElement.offsetParent === null) { focus.focus(); }
  }

  function open() {
    var dlg = $("#howto");
    if (!dlg || dlg.open) { return; }
    if (!$("[data-howto-card]", dlg)) { fetchCards(dlg); return; }
    step(dlg, 0);
    dlg.showModal();
    $("[data-howto-next]", dlg).focus();
  }

  // fetchCards brings the dialog's cards, then opens it; a second tap
  // while they come asks nothing more. The page keeps them once here.
  var fetching = false;
  function fetchCards(dlg) {
    var deck = $("[data-howto-deck]", dlg), src = dlg.getAttribute("data-howto-src");
    if (!deck || !src || fetching) { return; }
    fetching = true;
    fetch(src, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) { throw new Error(String(r.status)); }
      return r.text();
    }).then(function (html) {
      fetching = false;
      deck.innerHTML = html;
      if ($("[data-howto-card]", dlg)) { open(); }
    }).catch(function () {
      fetching = false;
      if (window.topsecret) { window.topsecret.toast(document.body.getAttribute("data-say-went-wrong") || "", true); }
    });
  }

  document.addEventListener("click", function (e) {
    if (e.target.closest("[data-howto-open]")) { e.preventDefault(); open(); return; }
    var dlg = e.target.closest("#howto");
    if (!dlg) { return; }
    if (e.target === dlg) { dlg.close(); return; } // a tap outside the card
    if (e.target.closest("[data-howto-next]")) { step(dlg, at + 1); }
    if (e.target.closest("[data-howto-back]")) { step(dlg, at - 1); }
  });
  document.addEventListener("keydown", function (e) {
    var dlg = $("#howto");
    if (!dlg || !dlg.open) { return; }
    if (window.topsecret) { window.topsecret.keepTab(e, dlg); }
    if (e.key === "ArrowRight") { step(dlg, at + 1); }
    if (e.key === "ArrowLeft") { step(dlg, at - 1); }
  });

  // The table screen's cards follow the clock, so a new lobby frame
  // replacing them carries on from the same card. Held (its button), the
  // deck stays on its card, through new frames too, until let go.
  var heldAt = -1;
  function showing(root) {
    var i = $$("[data-howto-card]", root).findIndex(function (c) { return !c.hidden; });
    return Math.max(i, 0);
  }
  function turn() {
    $$("[data-howto-cycle]").forEach(function (root) {
      var n = $$("[data-howto-card]", root).length;
      // The button says what it will do: hold the card, or turn them again.
      var hold = $("[data-howto-hold]", root), say = $("[data-howto-hold-say]", root);
      if (hold) { hold.classList.toggle("held", heldAt >= 0); }
      if (say) { say.textContent = say.getAttribute(heldAt >= 0 ? "data-howto-turn-say" : "data-howto-hold-say"); }
      if (!n) { return; }
      if (heldAt >= 0) { show(root, Math.min(heldAt, n - 1)); return; }
      show(root, Math.floor(Date.now() / TURN_MS) % n);
    });
  }
  document.addEventListener("click", function (e) {
    var hold = e.target.closest("[data-howto-hold]");
    if (!hold) { return; }
    heldAt = heldAt >= 0 ? -1 : showing(hold.closest("[data-howto-cycle]"));
    turn();
  });

  // The hint is had once per room: a cookie, so the server draws the
  // page with it showing or not and nothing moves after the first paint.
  function hintName() {
    var room = $("[data-testid=room][data-code]");
    return room ? "ts_hint_" + room.getAttribute("data-code") : "";
  }
  function hintSeen() {
    return document.cookie.split("; ").indexOf(hintName() + "=1") >= 0;
  }
  function hintDone() {
    document.cookie = hintName() + "=1; path=/; max-age=2592000; samesite=lax";
  }
  var hintShown = false, hintGoing = false, lastTouch = -1e9;
  function hint() {
    var h = $("#howto-hint");
    if (!h || !hintName()) { return; }
    var seen = hintSeen();
    var now = $("#board [data-howto-now]");
    var myTurn = now ? now.getAttribute("data-howto-now") === "true" : !!$("#board[data-your-move]");
    if (hintShown && !myTurn) { hintDone(); seen = true; }
    var hide = seen || !myTurn;
    // A turn that passed while the player did nothing (the others, a
    // timer) does not pull the board up under their eyes: the hint fades
    // and goes at their next tap or key, which moves the page anyway.
    // Their own move ending the turn takes it away at once.
    if (hide && !h.hidden && hintShown && performance.now() - lastTouch > 1000) {
      hintGoing = true;
      h.classList.add("howto-hint-over");
      return;
    }
    h.hidden = hide;
    hintShown = hintShown || !h.hidden;
  }
  function hintGone() {
    var h = $("#howto-hint");
    if (!hintGoing || !h) { return; }
    hintGoing = false;
    h.hidden = true;
  }
  // After the tap has landed where it was aimed: the page moves only once
  // the click (or key) is done with.
  document.addEventListener("click", function (e) {
    lastTouch = performance.now();
    if (e.target.closest("[data-howto-hint-close]")) {
      hintDone();
      hintGoing = false;
      $("#howto-hint").hidden = true;
    } else if (!e.target.closest("#howto-hint")) {
      setTimeout(hintGone, 0);
    }
  });
  document.addEventListener("keydown", function (e) {
    lastTouch = performance.now();
    if (!e.target.closest || !e.target.closest("#howto-hint")) { setTimeout(hintGone, 0); }
  });

  function drawn() { turn(); hint(); }
  document.addEventListener("topsecret:drawn", drawn);
  setInterval(turn, 1000);
  if (document.readyState === "loading") { document.addEventListener("DOMContentLoaded", drawn); } else { drawn(); }
})();
