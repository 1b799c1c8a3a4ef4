package main

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// misfitsJS lists what a screen that must not scroll gets wrong: an element
// reaching past the viewport, words cut off inside their box (a select's
// chosen option included, whose cut the browser does not report), and
// anything drawn under a bar pinned over the page (the replay's controls).
// A box that scrolls on purpose (a long seat list) is checked, not its rows;
// the pieces inside an SVG are the SVG's business. What matches below (the
// language footer, a replay's secrets and players) may be scrolled to, and
// so may the boxes that hold it; everything else is on the screen.
const misfitsJS = `(below => {
  const W = innerWidth, H = innerHeight, out = [];
  const later = Array.from(document.querySelectorAll(below));
  const label = e => {
    const t = e.dataset && e.dataset.testid;
    const c = typeof e.className === "string" ? e.className.trim().split(/\s+/).filter(Boolean).slice(0, 2).join(".") : "";
    const words = (e.innerText || e.textContent || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return (t || e.tagName.toLowerCase() + (c ? "." + c : "")) + (words ? " «" + words + "»" : "");
  };
  const shown = e => {
    if (e.closest("[hidden], template, .sr-only, .visually-hidden")) return false;
    // A closed <details> shows its summary alone; what it holds is laid
    // out but not drawn (Chromium keeps its boxes).
    const shut = e.closest("details:not([open])");
    if (shut && !e.closest("summary") && e !== shut) return false;
    const s = getComputedStyle(e);
    if (s.display === "none" || s.visibility === "hidden" || parseFloat(s.opacity) === 0) return false;
    const r = e.getBoundingClientRect();
    return r.width > 1 && r.height > 1; // a 1px box is for screen readers
  };
  // A box that scrolls, or an event log that lets its oldest lines fall
  // off the bottom, holds more than it shows on purpose.
  const scrolls = e => { const s = getComputedStyle(e); return /auto|scroll/.test(s.overflowX + " " + s.overflowY) || (e.matches(".events") && s.overflowY === "hidden"); };
  const ownText = e => Array.from(e.childNodes).some(n => n.nodeType === 3 && n.textContent.trim() !== "");
  const bars = Array.from(document.querySelectorAll("body *")).filter(e => {
    if (!shown(e)) return false;
    const s = getComputedStyle(e);
    if (s.position !== "fixed" && s.position !== "sticky") return false;
    const r = e.getBoundingClientRect();
    return r.width * r.height < W * H / 2; // a sheet over everything is not a bar
  });
  const measure = document.createElement("canvas").getContext("2d");
  // elementFromPoint skips what ignores the pointer; a card laid over
  // the board often does, and it is what the screen shows.
  const hit = document.createElement("style");
  hit.textContent = "* { pointer-events: auto !important; }";
  document.head.appendChild(hit);
  for (const e of document.querySelectorAll("body *")) {
    if (/^(SCRIPT|STYLE|TEMPLATE|OPTION|BR|NOSCRIPT)$/.test(e.tagName)) continue;
    if (e.ownerSVGElement) continue;
    if (!shown(e)) continue;
    if (later.some(l => e.contains(l) || l.contains(e))) continue;
    let inScroller = false;
    for (let a = e.parentElement; a && a !== document.body; a = a.parentElement) {
      if (scrolls(a)) { inScroller = true; break; }
    }
    if (inScroller) continue;
    const r = e.getBoundingClientRect();
    if (r.left < -0.5 || r.top < -0.5 || r.right > W + 0.5 || r.bottom > H + 0.5) {
      out.push(label(e) + ": outside the screen at " + [r.left, r.top, r.right, r.bottom].map(Math.round).join(","));
      continue;
    }
    // A column of a grid (the board beside the side panel) holds its own:
    // what spills out of it is drawn over the next column.
    for (let a = e.parentElement; a && a.parentElement && a !== document.body; a = a.parentElement) {
      const g = getComputedStyle(a.parentElement);
      if (g.display !== "grid" || g.gridTemplateColumns.trim().split(/\s+/).length < 2) continue;
      const c = a.getBoundingClientRect();
      if (r.right > c.right + 4 || r.left < c.left - 4) { // a lifted tile may lean out a little
        out.push(label(e) + ": spills out of its column " + label(a).split(" «")[0]);
      }
      break;
    }
    const s = getComputedStyle(e);
    if (e.tagName === "SELECT" && e.selectedIndex >= 0) {
      measure.font = s.fontWeight + " " + s.fontSize + " " + s.fontFamily;
      const room = e.clientWidth - parseFloat(s.paddingLeft) - parseFloat(s.paddingRight) - (s.appearance === "none" ? 0 : 20);
      const need = measure.measureText(e.options[e.selectedIndex].text).width;
      if (need > room + 1) out.push(label(e) + ": the chosen option is cut (" + Math.round(need) + "px in " + Math.round(room) + ")");
    } else if (ownText(e) && !scrolls(e)) {
      // The words' own boxes, not scrollWidth: a badge pinned to an
      // avatar's corner overflows it on purpose.
      const range = document.createRange();
      for (const n of e.childNodes) {
        if (n.nodeType !== 3 || n.textContent.trim() === "") continue;
        range.selectNodeContents(n);
        const t = range.getBoundingClientRect();
        if (t.right > r.right + 1 || t.left < r.left - 1 || (s.overflowY !== "visible" && (t.bottom > r.bottom + 1 || t.top < r.top - 1))) {
          out.push(label(e) + ": words cut off (" + Math.round(t.width) + "x" + Math.round(t.height) + " in " + Math.round(r.width) + "x" + Math.round(r.height) + ")");
          break;
        }
        // Words another box is drawn over: what the screen shows at the
        // ends of the line is something else.
        const y = (t.top + t.bottom) / 2, cover = [t.left + 2, t.right - 2]
          .map(x => document.elementFromPoint(x, y))
          .find(o => o && o !== e && !e.contains(o) && !o.contains(e));
        if (cover) {
          out.push(label(e) + ": covered by " + label(cover).split(" «")[0]);
          break;
        }
      }
    }
    if (bars.includes(e) || bars.some(b => b.contains(e) || e.contains(b))) continue;
    if (e.children.length > 0 && !ownText(e) && !/^(svg|SVG|IMG|CANVAS|BUTTON|INPUT|SELECT)$/.test(e.tagName)) continue;
    for (const b of bars) {
      const q = b.getBoundingClientRect();
      if (r.left < q.right - 0.5 && r.right > q.left + 0.5 && r.top < q.bottom - 0.5 && r.bottom > q.top + 0.5) {
        out.push(label(e) + ": under " + label(b).split(" «")[0]);
      }
    }
  }
  hit.remove();
  return out;
})`

// misfits lists what the page shows outside the screen, cut off or under a
// pinned bar (misfitsJS).
func (p *phone) misfits() []string {
	below := `[data-testid="languages"], [data-testid="replay-secrets"], [data-testid="replay-players"], .rp-keys`
	return get(p, chromedp.Evaluate[[]string](fmt.Sprintf("%s(%q)", misfitsJS, below)))
}

// fitsScreen fails the test with everything that does not fit, after a
// screenshot to look at.
func (p *phone) fitsScreen(t *testing.T, where string) {
	t.Helper()
	// A frame's drop-in animations and fit.js's next animation frame
	// settle the screen first.
	var bad []string
	within(3*time.Second, func() bool { bad = p.misfits(); return len(bad) == 0 })
	p.shot(strings.ReplaceAll(where, " ", "-"))
	if len(bad) > 0 {
		t.Errorf("%s at 1280x720: %d elements do not fit:\n  %s", where, len(bad), strings.Join(bad, "\n  "))
	}
}

// A laptop or TV at 1280x720 is the table screen: nothing on it may need a
// scroll, cut its words or hide under the replay's bar. Every game's table
// screen, opened by the host, in its lobby with every seat taken, in play,
// at the result, and its replay, in English and in German (the longest
// words).
func TestBrowser_TableScreenEverythingFits(t *testing.T) {
	t.Parallel()
	browser := mustBrowser(t)
	m := MustRunMain(t, t.TempDir())
	tv := newPhone(t, browser, "tv")
	tv.wide()
	type room struct{ slug, lobby, host, done, doneHost, id string }
	var rooms []room
	for _, b := range m.Games.All() {
		info := b.Rules.Info()
		r := room{slug: info.Slug}
		r.done, r.doneHost, r.id = finishedMatch(t, m, info.Slug, info.MinPlayers, nil)
		// Zed's seat has no phone, so the match waits on Zed's timer: in play.
		r.lobby, r.host = newRoom(t, m, info.Slug, nil)
		if st := apiPost(t, m, "/api/rooms/"+r.lobby+"/seats", "", map[string]any{"name": "Zed"}, nil); st != http.StatusCreated {
			t.Fatalf("seat Zed: %d", st)
		}
		addBots(t, m, r.lobby, r.host, info.MaxPlayers-1)
		rooms = append(rooms, r)
	}
	// The table screen is the host's: its lobby carries the seat controls.
	tv.run(chromedp.Navigate(m.URL() + "/"))
	for _, r := range rooms {
		for code, token := range map[string]string{r.lobby: r.host, r.done: r.doneHost} {
			get(tv, chromedp.Evaluate[bool](fmt.Sprintf(`(document.cookie = "ts_host_%s=%s; path=/") && localStorage.setItem("ts_host_%s", %q) || true`, code, token, code, token)))
		}
	}
	for _, lang := range []string{"en", "de"} {
		for _, r := range rooms {
			tv.run(chromedp.Navigate(m.URL()+"/r/"+r.lobby+"/table?lang="+lang), chromedp.WaitVisible(tid("lobby-seats")))
			tv.fitsScreen(t, r.slug+" lobby "+lang)
		}
	}
	for _, r := range rooms {
		if st := apiPost(t, m, "/api/rooms/"+r.lobby+"/start", r.host, nil, nil); st != http.StatusOK {
			t.Fatalf("start %s: %d", r.slug, st)
		}
	}
	for _, lang := range []string{"en", "de"} {
		for _, r := range rooms {
			tv.run(chromedp.Navigate(m.URL()+"/r/"+r.lobby+"/table?lang="+lang), chromedp.WaitVisible(tid(r.slug+"-table")))
			tv.fitsScreen(t, r.slug+" play "+lang)
		}
	}
	for _, lang := range []string{"en", "de"} {
		for _, r := range rooms {
			waitFinished(t, m, r.done, r.id)
			tv.run(chromedp.Navigate(m.URL()+"/r/"+r.done+"/table?lang="+lang), chromedp.WaitVisible(tid("result")))
			tv.fitsScreen(t, r.slug+" result "+lang)

			tv.run(chromedp.Navigate(m.URL()+"/m/"+r.id+"?lang="+lang+"#12"), chromedp.WaitVisible(tid("replay-frame")))
			eventually(t, "step 12", func() bool { return strings.HasPrefix(tv.frame(), "12|") })
			tv.fitsScreen(t, r.slug+" replay "+lang)
		}
	}
}
