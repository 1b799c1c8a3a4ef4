package server

import (
	"bytes"
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"slices"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/room"
	"topsecret/web/kit"
	"topsecret/web/pages"
	"topsecret/web/words"
)

// render writes a component to a buffer first, so a rendering error becomes
// a clean 500 instead of half a page.
func (s *Server) render(w http.ResponseWriter, r *http.Request, status int, c templ.Component) {
	buf := sheets.Get().(*bytes.Buffer)
	defer putSheet(buf)
	if err := c.Render(r.Context(), buf); err != nil {
		s.Log.Error("render", "path", r.URL.Path, "err", err)
		http.Error(w, reader(r, nil).Say(game.M("game.page.error.internal")), http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.WriteHeader(status)
	_, _ = w.Write(buf.Bytes())
}

// htmlEncoder sends frames as the page's live region, worded for the
// request's reader, with join links to the address it used: both are in
// the Format, so only subscribers alike in both share an encoding, and
// they share the encoder itself (an idle phone holds nothing of its own
// for it).
func (s *Server) htmlEncoder(r *http.Request) room.Encoder {
	base := s.baseURL(r)
	lang := langOf(r)
	format := "html " + lang + " " + base
	if enc, ok := s.htmlEncoders.get(format); ok {
		return enc
	}
	ctx := s.liveContext(lang)
	enc := room.Encoder{Format: format, Encode: func(f *room.Frame) ([]byte, error) {
		return viewHTML(ctx, pages.LiveMain(s.live(f, base, lang)))
	}}
	s.htmlEncoders.put(format, enc)
	return enc
}

// liveContext is what a live region is rendered in for a reader of lang:
// the socket's frames, and the room page holding its first one.
func (s *Server) liveContext(lang string) context.Context {
	return words.WithCatalog(words.WithLanguage(context.Background(), lang), s.games.Words())
}

// jsonEncoder sends frames as JSON for a reader of lang: the game's
// description worded, and every event and move label carrying its text
// beside its id and arguments.
func (s *Server) jsonEncoder(lang string) room.Encoder {
	return room.Encoder{Format: "json " + lang, Encode: func(f *room.Frame) ([]byte, error) {
		// The frame's version and time are not in its content:
		// jsonShared and jsonOwn leave them out.
		return encodeJSONView(f, lang, s.games.Words().Reader(lang, playerNames(f)), s.worded)
	}}
}

// live turns a room frame into the page's live region, worded for a reader
// of lang.
func (s *Server) live(f *room.Frame, base, lang string) pages.Live {
	names := playerNames(f)
	rd := s.games.Words().Reader(lang, names)
	l := pages.Live{Code: f.Code, Game: s.worded.game(lang, f.Info), Status: f.Status, You: int(f.You), IsHost: f.Host, Table: f.Table,
		JoinURL: base + "/r/" + f.Code, QRSVG: s.qrSVG(base + "/r/" + f.Code)}
	key := "words " + lang
	lines := boardLines(f, key, rd)
	if f.Match != nil && len(lines) > 0 {
		l.Log = kit.Log(kit.Context{Lines: lines}, latestLook(f.Table))
	}
	for _, s := range f.Seats {
		l.Seats = append(l.Seats, pages.SeatLine{ID: s.ID, Position: s.Position, Name: s.Name, Bot: s.Bot,
			Connected: s.Connected, Away: s.Away, AwaySince: s.AwaySince, Host: s.Host, You: s.ID == f.SeatID && f.SeatID != "", Standin: s.Standin,
			BotSoon: s.BotSoon, SitsOut: s.SitsOut})
		if s.SitsOut && s.ID == f.SeatID {
			l.SitsOut = true
		}
		if s.Host {
			l.HostName = s.Name
		}
	}
	l.Watching = watching(f)
	l.Watch = watchLine(f)
	l.Rejoin = rejoinLine(f, l.Seats, rd)
	l.Consent = consentLine(f)
	l.Watchers = watcherList(f)
	for _, a := range f.Announcements {
		l.Announcements = append(l.Announcements, rd.Say(a))
	}
	l.Bots = botStrength(f.BotStrength, rd)
	l.HostSeat, l.HostBack, l.HostPassed = f.HostSeat, f.HostBack, f.HostPassed
	if u, err := url.Parse(base); err == nil {
		l.LocalOnly = isLoopbackHost(u.Host)
	}
	n := players(f.Seats)
	l.Players = n
	l.CanStart = n >= f.Info.MinPlayers && n <= f.Info.MaxPlayers && f.Status != room.StatusPlaying
	if !l.CanStart && f.Status != room.StatusPlaying {
		l.StartHint = startHint(rd, l.Game, n, f.Host)
	}
	if f.Host && f.Status != room.StatusPlaying {
		l.Shelf = s.shelf(f, rd)
	}
	l.Options = optionValues(f, l.Game)
	board, _ := s.games.Lookup(f.Info.Slug)
	if f.Status == room.StatusLobby {
		l.HowTo = kit.HowToLobby(board, kit.Context{Table: f.Table, Words: rd})
	}
	for _, st := range f.Standings {
		l.Standings = append(l.Standings, pages.Standing{Name: st.Name, Points: st.Points, Wins: st.Wins, Played: st.Played, Leader: st.Leader, Champion: st.Champion})
	}
	if n := f.Night; n != nil {
		v := nightView(s.games.Words().Reader(lang, nil), "night-live", n.Players, n.Table, n.Steps, n.Closed)
		l.Night = &v
	}
	if f.Match != nil {
		liveMatch(&l, f, board, names, rd, lines)
	}
	return l
}

// latestLook is the side panel's log: as many lines as the table
// screen's frame carries there, five on a phone.
func latestLook(table bool) kit.LogLook {
	n := 5
	if table {
		n = room.FrameEvents
	}
	return kit.LogLook{Prefix: "latest", ID: "events-list", Lines: n, Notices: n}
}

// boardLines are the frame's events as the board's log draws them, worded
// once per event and language while the match lasts.
func boardLines(f *room.Frame, key string, rd words.Reader) []kit.Line {
	out := make([]kit.Line, len(f.Events))
	for i, e := range f.Events {
		out[i] = kit.Line{Seq: int(e.Seq), Kind: e.Kind, Msg: e.Msg, Private: e.Private,
			Text: eventAs(f, i, key, func() string { return rd.Say(e.Msg) })}
	}
	return out
}

// optionValues are the room's lobby options with their values, each able
// to name a seat by its player.
func optionValues(f *room.Frame, g game.Info) []pages.OptionValue {
	var opts map[string]any
	_ = json.Unmarshal(f.Options, &opts)
	// A seat option names game seats: the members who play, in table order.
	var seatNames []string
	for _, s := range f.Seats {
		if !s.SitsOut {
			seatNames = append(seatNames, s.Name)
		}
	}
	var out []pages.OptionValue
	for _, o := range g.Options {
		out = append(out, pages.OptionValue{Option: o, Value: opts[o.Key], Seats: seatNames})
	}
	return out
}

// liveMatch adds f's match to l: the seats' colours and signs, the board
// drawn for this viewer, and the result once there is one.
func liveMatch(l *pages.Live, f *room.Frame, board kit.Game, names []string, rd words.Reader, lines []kit.Line) {
	for i := range l.Seats {
		for _, p := range f.Match.Players {
			if p.ID == l.Seats[i].ID && p.Colour != "" {
				l.Seats[i].Colour = board.Palette.CSS(p.Colour)
				if kit.SignPath(p.Colour) != "" {
					l.Seats[i].Sign = p.Colour
				}
			}
		}
	}
	l.MatchID = f.Match.ID
	if f.Grace != nil {
		l.HeldFrom, l.HeldUntil = f.Grace.From, f.Grace.Until
	}
	l.YourMove = yourMove(f)
	ended := f.Match.Status == room.StatusFinished && f.Match.Result != nil && f.Match.Result.EndedEarly()
	if board.Draw != nil {
		l.Board = board.Draw(kit.Context{View: f.View, Names: names, You: f.You, Table: f.Table || f.You == game.System,
			Host: f.Host, Legal: f.Legal, Ended: ended, Away: away(f.Match.Players), AwaySince: awaySince(f.Match.Players), Now: f.Now, Note: f.Note, Words: rd, Lines: lines})
	}
	if f.Match.Status == room.StatusFinished && f.Match.Result != nil {
		l.Result = &pages.ResultLine{Summary: rd.Say(f.Match.Result.Summary), Winners: f.Match.Winners, MatchID: f.Match.ID,
			Ended: f.Match.Result.EndedEarly()}
	}
}

// playerNames are the current match's names by game seat, nil before one.
func playerNames(f *room.Frame) []string {
	if f.Match == nil {
		return nil
	}
	names := make([]string, len(f.Match.Players))
	for i, p := range f.Match.Players {
		names[i] = p.Name
	}
	return names
}

// away marks the people whose phones were here and are gone
// ("reconnecting…"); bots never are, nor seats no phone has opened yet.
func away(players []room.SeatState) []bool {
	out := make([]bool, len(players))
	for i, p := range players {
		out[i] = p.Away
	}
	return out
}

// awaySince is when each of them went, Unix ms.
func awaySince(players []room.SeatState) []int64 {
	out := make([]int64, len(players))
	for i, p := range players {
		out[i] = p.AwaySince
	}
	return out
}

// watching says why a viewer without a seat cannot take one now, if so.
func watching(f *room.Frame) string {
	switch {
	case f.SeatID != "" || f.Table || f.Host:
		// The host without a seat runs the room; the page says so instead.
		return ""
	case f.Status == room.StatusPlaying:
		return pages.WatchingMatch
	case players(f.Seats) >= f.Info.MaxPlayers:
		return pages.WatchingFull
	}
	return ""
}

// startHint says why the match cannot start with n players; the host
// (host) is told what to do when there are too many.
func startHint(rd words.Reader, info game.Info, n int, host bool) string {
	if n < info.MinPlayers {
		return rd.Say(game.M("game.page.start.waiting", game.N("n", info.MinPlayers-n), game.N("min", info.MinPlayers), game.N("max", info.MaxPlayers)))
	}
	if host {
		return rd.Say(game.M("game.night.too_many", game.X("game", info.Name), game.N("n", info.MaxPlayers)))
	}
	return rd.Say(game.M("game.page.start.too_many", game.X("game", info.Name), game.N("n", info.MaxPlayers)))
}

// yourMove says the running match waits on the viewer's seat and the
// viewer may act. A seat a bot stands in for has its moves but is not
// called on: the bot makes them unless its player does first.
func yourMove(f *room.Frame) bool {
	return f.Status == room.StatusPlaying && f.You >= 0 && len(f.Legal) > 0 && slices.Contains(f.Match.Waiting, f.You) &&
		!(int(f.You) < len(f.Match.Players) && f.Match.Players[f.You].Standin)
}
