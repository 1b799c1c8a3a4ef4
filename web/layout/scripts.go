package layout

// scripts are the client scripts every page loads, in order: app.js
// first, because the others borrow its helpers (window.topsecret).
var scripts = []string{"js/app.js", "js/api.js", "js/markup.js", "js/peek.js", "js/confirm.js", "js/attention.js", "js/rejoin.js", "js/howto.js", "js/live.js", "js/fit.js"}
