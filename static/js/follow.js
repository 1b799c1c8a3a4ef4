// topsecret table screen: when the host shows a replay to the room, the
// table screen opens it by itself. The live region's watch banner carries
// where to go (data-follow); the replay page brings the screen back to the
// room when the showing stops (replay.js).
(function () {
  "use strict";
  var main = document.getElementById("room-main");
  if (!main) { return; }
  var gone = false;
  function follow() {
    var banner = main.querySelector("[data-follow]");
    if (!banner || gone) { return; }
    gone = true;
    // replace: "back" on the TV must not land on a page that leaves again.
    location.replace(banner.getAttribute("data-follow"));
  }
  new MutationObserver(follow).observe(main, { childList: true, subtree: true });
  // A frame may only change attributes (morph.js): it says it drew.
  document.addEventListener("topsecret:drawn", follow);
  follow();
})();
