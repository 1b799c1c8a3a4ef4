package layout

import "topsecret/static"

// Files are the app's own script and stylesheet a kind of page loads:
// each joined at start-up from the files that kind of page uses (static.Join),
// so a page fetches one script and one platform stylesheet, besides its
// game's, where it used to fetch ten scripts and up to seven sheets.
type Files struct {
	// Script and Sheet are the joined files' content-hashed URLs.
	Script, Sheet string
}

// base are the stylesheets every page loads: the look, the in-page
// confirmation and the sheets that slide up (rejoin), and what keeps
// every page readable (focus rings, the seat signs).
var base = []string{"css/app.css", "css/prompts.css", "css/rejoin.css", "css/access.css"}

// Each kind of page, with the scripts it runs in order: app.js first,
// because the others borrow its helpers (window.topsecret). (keep.js and
// morph.js, which app.js calls when a frame redraws, only have to have run
// by the first frame.)
var (
	// Plain is a page of links and forms: home, an error, a seat's
	// one-time link, the room's history (its sheets: Record).
	Plain = join("plain", []string{"js/app.js", "js/api.js", "js/markup.js"}, base...)
	// Record is the room's history and the night's recap: what was
	// played, drawn as the replay draws it, and the host's buttons.
	Record = join("record", []string{"js/app.js", "js/api.js", "js/markup.js", "js/confirm.js"},
		append(base[:len(base):len(base)], "css/replay.css", "css/recap.css")...)
	// Phone is a room on a player's phone: the live board and everything
	// around it (peeking, confirmations, the beep, the how-to cards, the
	// screen reader's news, the host's notes).
	Phone = join("phone", phoneScripts, phoneSheets...)
	// Table is a room on the table screen: the phone's, a board drawn to
	// fit the screen, and following the replay the host shows.
	Table = join("table", append(phoneScripts[:len(phoneScripts):len(phoneScripts)], "js/fit.js", "js/follow.js"), phoneSheets...)
	// Replay is a finished match step by step.
	Replay = join("replay", []string{"js/app.js", "js/api.js", "js/markup.js", "js/confirm.js", "js/fit.js", "js/replay.js"},
		append(base[:len(base):len(base)], "css/replay.css")...)
)

var (
	phoneScripts = []string{"js/app.js", "js/keep.js", "js/morph.js", "js/api.js", "js/markup.js", "js/peek.js", "js/confirm.js", "js/attention.js",
		"js/rejoin.js", "js/howto.js", "js/live.js", "js/console.js"}
	phoneSheets = append(base[:len(base):len(base)], "css/howto.css", "css/console.css", "css/recap.css")
)

// join makes kind's files.
func join(kind string, scripts []string, sheets ...string) Files {
	return Files{Script: static.Join("js/pages/"+kind+".js", scripts...), Sheet: static.Join("css/pages/"+kind+".css", sheets...)}
}
