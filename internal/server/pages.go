package server

import (
	"bytes"
	"context"
	"net/http"
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/kit"
	"topsecret/web/layout"
	"topsecret/web/pages"
)

func (s *Server) handleHome(w http.ResponseWriter, r *http.Request) {
	h := pages.Home{}
	rd := reader(r, nil)
	for _, g := range s.games.All() {
		h.Games = append(h.Games, pages.GameCard{Info: rd.Game(g.Rules.Info()), Available: true})
	}
	s.render(w, r, http.StatusOK, layout.Page(rd.Say(game.M("game.page.title.home")), pages.HomePage(h), layout.Plain))
}

// handleJoinCode sends a typed room code ("acd efg") to its room.
func (s *Server) handleJoinCode(w http.ResponseWriter, r *http.Request) {
	typed := r.URL.Query().Get("code")
	code := room.NormalizeCode(typed)
	if !room.ValidCode(code) {
		if wantsJSON(r) {
			s.error(w, r, bad("game.page.error.not_a_code"))
			return
		}
		rd := reader(r, nil)
		msg := rd.Say(game.M("game.page.error.not_a_code"))
		page := pages.ErrorPage{Status: http.StatusBadRequest, Title: rd.Say(game.M("game.page.error.not_a_code_title")), Message: msg, AskCode: true, Code: typed}
		s.render(w, r, http.StatusBadRequest, layout.Page(page.Title, pages.ErrorView(page), layout.Plain))
		return
	}
	to := "/r/" + code
	if r.URL.Query().Get("to") == "table" {
		// "Show a room on this screen": a TV opens the table screen.
		to += "/table"
	}
	http.Redirect(w, r, to, http.StatusSeeOther)
}

func (s *Server) handleRoomPage(w http.ResponseWriter, r *http.Request)  { s.roomPage(w, r, false) }
func (s *Server) handleTablePage(w http.ResponseWriter, r *http.Request) { s.roomPage(w, r, true) }

func (s *Server) roomPage(w http.ResponseWriter, r *http.Request, table bool) {
	s.withRoom(w, r, func(rm *room.Room) error {
		id := s.identity(r, rm)
		id.Table = table
		// The page draws what its socket will first be sent, so the
		// socket need not send it again (held.go).
		f, err := rm.Arriving(r.Context(), id)
		if err != nil {
			return err
		}
		s.arrival(w, r, rm)
		base := s.baseURL(r)
		l := s.live(f, base, langOf(r))
		// Removed by the host: the page says so, as its socket is refused.
		l.Barred = room.Watching(id) && rm.Barred(r.Context(), networkOf(clientAddr(r)))
		main, held, err := s.heldLive(r, l)
		if err != nil {
			return err
		}
		page := pages.Room{Code: f.Code, GameName: l.Game.Name, JoinURL: base + "/r/" + f.Code,
			QRSVG: s.qrSVG(base + "/r/" + f.Code), Table: table, Seated: f.SeatID != "",
			Main: templ.Raw(string(main)), Held: held, WSURL: "/r/" + f.Code + "/ws",
			NameMax: pages.NameMax{Chars: room.MaxNameChars, Runes: room.MaxNameRunes, Bytes: room.MaxNameBytes}}
		if table {
			page.WSURL += "?table=1"
		}
		board, _ := s.games.Lookup(f.Info.Slug)
		howto := kit.Context{Table: table, Words: reader(r, nil)}
		page.HowTo, page.HowToHint = kit.HowToCorner(board, howto, howToURL(f.Info.Slug)), kit.HowToHint(board, howto, !table && firstTurnHint(r, f.Code, main, l.YourMove))
		title := l.Game.Name + " · " + f.Code
		files := layout.Phone
		if table {
			files = layout.Table
		}
		s.render(w, r, http.StatusOK, layout.Page(title, pages.RoomPage(page), files, s.gameAssets(f.Info.Slug)...))
		return nil
	})
}

func (s *Server) handleRoomQR(w http.ResponseWriter, r *http.Request) {
	s.withRoom(w, r, func(rm *room.Room) error {
		w.Header().Set("Content-Type", "image/svg+xml")
		w.Header().Set("Cache-Control", "public, max-age=86400")
		_, _ = w.Write([]byte(s.qrSVG(s.baseURL(r) + "/r/" + rm.Code())))
		return nil
	})
}

// renderString renders a component for embedding, e.g. in tests.
func renderString(c templ.Component) (string, error) {
	var b bytes.Buffer
	err := c.Render(context.Background(), &b)
	return strings.TrimSpace(b.String()), err
}

// gameAssets are the URLs of game slug's own stylesheets and script (""
// for none): a page loads only its own game's.
func (s *Server) gameAssets(slug string) []string {
	b, ok := s.games.Lookup(slug)
	if !ok {
		return nil
	}
	return []string{b.SheetURL(), b.ScriptURL()}
}
