// Package nightfile packs a room's night, every match it finished, into one
// HTML file that replays them in any browser with no server and no
// network: each step through every eyes the replay offers, drawn as the
// replay page draws it (web/replayview), in one reader's language.
//
// The steps are drawn here, once, and packed (pack.go); the page unpacks
// the match being watched with the browser's DecompressionStream. Nothing
// of the live room goes in: no room code, token, match id or link back.
// docs/night-file.md says why the file is built this way.
package nightfile

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"

	"topsecret/internal/replay"
	"topsecret/internal/store"
	"topsecret/web/catalogue"
	"topsecret/web/kit"
	"topsecret/web/pages"
	"topsecret/web/replayview"
	"topsecret/web/words"
)

// Source is where the night is read from: the store does.
type Source interface {
	// Matches returns a room's matches, newest first; store.ErrNotFound
	// for no such room.
	Matches(ctx context.Context, code string) ([]store.Match, error)
	// Actions returns a match's log in order.
	Actions(ctx context.Context, matchID string) ([]store.ActionRecord, error)
}

// ErrEmpty means the room has finished no match yet: there is no night
// to take home.
var ErrEmpty = errors.New("night: no finished match")

// Write writes the night of room code, worded in lang, to w. It reads the
// room's finished matches in the order they were played; a match still
// being played is left out (its secrets are still in play), and so is one
// of a game the shelf no longer offers, which nothing here can draw.
// ErrEmpty if no match is left; store.ErrNotFound if there is no room.
func Write(ctx context.Context, w io.Writer, games *catalogue.Shelf, src Source, code, lang string) error {
	f, err := Build(ctx, games, src, code, lang)
	if err != nil {
		return err
	}
	_, err = w.Write(f)
	return err
}

// Build is Write's file, whole.
func Build(ctx context.Context, games *catalogue.Shelf, src Source, code, lang string) ([]byte, error) {
	ms, err := src.Matches(ctx, code)
	if err != nil {
		return nil, err
	}
	slices.SortFunc(ms, func(a, b store.Match) int { return a.Number - b.Number })
	ctx = words.WithLanguage(words.WithCatalog(ctx, games.Words()), lang)
	n := pages.Night{}
	var data struct {
		Matches []packed          `json:"matches"`
		Assets  map[string]string `json:"assets"`
	}
	files := newFiles(games)
	for _, m := range ms {
		if m.Status != store.StatusFinished {
			continue
		}
		board, ok := games.Lookup(m.Setup.Game)
		if !ok {
			continue
		}
		log, err := src.Actions(ctx, m.ID)
		if err != nil {
			return nil, fmt.Errorf("night: match %d: %w", m.Number, err)
		}
		t, err := replay.New(board.Rules, m, log)
		if err != nil {
			return nil, fmt.Errorf("night: match %d: %w", m.Number, err)
		}
		rd := games.Words().Reader(lang, t.Names())
		p, err := drawMatch(ctx, board, t, rd, files)
		if err != nil {
			return nil, fmt.Errorf("night: match %d: %w", m.Number, err)
		}
		if n.Date == "" {
			n.Date = replayview.Date(rd, m.CreatedAt, true)
		}
		files.game(board)
		page := replayview.Page(board, true, t, rd, "all", pages.ReplayStep{})
		page.MatchID, page.Offline = "", true
		n.Matches = append(n.Matches, pages.NightMatch{Replay: page})
		data.Matches = append(data.Matches, p)
	}
	if len(n.Matches) == 0 {
		return nil, ErrEmpty
	}
	data.Assets = files.pictures
	js, err := json.Marshal(data)
	if err != nil {
		return nil, err
	}
	n.Data = string(js)
	n.Style = files.style()
	n.Script = files.script()
	n.Logo = files.dataURL("/static/img/logo.svg")
	var buf bytes.Buffer
	if err := pages.NightPage(n).Render(ctx, &buf); err != nil {
		return nil, fmt.Errorf("night: page: %w", err)
	}
	return buf.Bytes(), nil
}

// drawMatch draws every step of t through every eyes and packs them; the
// pictures the steps name (a board's drawing) are taken into files.
func drawMatch(ctx context.Context, board kit.Game, t *replay.Timeline, rd words.Reader, files *files) (packed, error) {
	p := newPack()
	var buf bytes.Buffer
	for _, e := range replayview.AllEyes(t.Match().Setup.Seats) {
		if err := ctx.Err(); err != nil {
			return packed{}, err // the reader left
		}
		p.begin(e.Key)
		for i := range t.Len() {
			step, _, err := replayview.Step(board, true, t, i, e, rd)
			if err != nil {
				return packed{}, err
			}
			buf.Reset()
			if err := pages.ReplayStepView(step).Render(ctx, &buf); err != nil {
				return packed{}, fmt.Errorf("step %d as %s: %w", i, e.Key, err)
			}
			p.step(buf.String())
		}
	}
	files.pictured(p.pieces.String())
	return p.packed()
}

// FileName is the name a night's file goes by, from the room's matches
// (any order): the day its first finished match began, and nothing of the
// room, "topsecret-night-2026-11-21.html".
func FileName(ms []store.Match) string {
	var first *store.Match
	for i, m := range ms {
		if m.Status == store.StatusFinished && (first == nil || m.Number < first.Number) {
			first = &ms[i]
		}
	}
	day := "empty"
	if first != nil {
		day = first.CreatedAt.Local().Format("2006-01-02")
	}
	return "topsecret-night-" + day + ".html"
}
