package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"github.com/google/uuid"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
	"topsecret/internal/replay"
	"topsecret/internal/room"
	"topsecret/internal/server"
	"topsecret/internal/store"
)

// runReplay is `topsecret replay [show|export|import] <match-id|file>`: a
// match's timeline, its JSON record, or a record imported into the store
// after replaying it.
func runReplay(ctx context.Context, args []string, out io.Writer) error {
	verb := "show"
	if len(args) > 0 && (args[0] == "show" || args[0] == "export" || args[0] == "import") {
		verb, args = args[0], args[1:]
	}
	m := NewMain()
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&m.Config.DataDir, "data", env("DATA_DIR", m.Config.DataDir), "directory of the embedded SQLite database")
	fs.StringVar(&m.Config.DatabaseURL, "database-url", env("DATABASE_URL", ""), "postgres://… to read from PostgreSQL")
	fs.StringVar(&m.Config.BaseURL, "base-url", env("BASE_URL", "http://localhost:8080"), "public URL printed for an imported match")
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: topsecret replay [show|export] [-data DIR | -database-url URL] <match-id>")
		fmt.Fprintln(out, "       topsecret replay import [-data DIR | -database-url URL] [-base-url URL] <file|->")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("replay: want one match id or file")
	}
	st, err := openStore(ctx, m.Config)
	if err != nil {
		return err
	}
	defer st.Close()
	if verb == "import" {
		return importRecord(ctx, st, fs.Arg(0), strings.TrimRight(m.Config.BaseURL, "/"), out)
	}
	match, err := st.Match(ctx, fs.Arg(0))
	if err != nil {
		return fmt.Errorf("match %s: %w", fs.Arg(0), err)
	}
	log, err := st.Actions(ctx, match.ID)
	if err != nil {
		return err
	}
	if verb == "export" {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(server.Record(match, log))
	}
	return printTimeline(out, match, log)
}

// printTimeline replays the log and prints each step in words. An
// unfinished match shows only public events: its secrets are still in play.
func printTimeline(out io.Writer, m store.Match, log []store.ActionRecord) error {
	games := shelf.New(true)
	g, ok := games.Lookup(m.Setup.Game)
	if !ok {
		return fmt.Errorf("game %q is not available", m.Setup.Game)
	}
	names := make([]string, len(m.Seats))
	for i, s := range m.Seats {
		names[i] = s.Name
	}
	rd := games.Words().Reader(os.Getenv("LANG"), names)
	fmt.Fprintf(out, "%s match %d in room %s — %s, %d actions\n", rd.Game(g.Rules.Info()).Name, m.Number, m.RoomCode, m.Status, len(log))
	for i, s := range m.Seats {
		bot := ""
		if s.Bot {
			bot = " (bot)"
		}
		fmt.Fprintf(out, "  seat %d: %s%s\n", i, s.Name, bot)
	}
	st, err := g.Rules.New(m.Setup)
	if err != nil {
		return err
	}
	finished := m.Status == store.StatusFinished
	var start int64
	for _, rec := range log {
		a := rec.Action
		if start == 0 {
			start = a.At
		}
		evs, err := game.StepEvents(st, m.Setup.Seed, rec.Index, a)
		if err != nil {
			return fmt.Errorf("the log does not replay: %w", err)
		}
		who := "referee"
		if a.Seat >= 0 && int(a.Seat) < len(names) {
			who = names[a.Seat]
		}
		elapsed := time.Duration(a.At-start) * time.Millisecond
		line := fmt.Sprintf("%4d %8s %-12s %s", rec.Index, elapsed.Truncate(time.Second), who, a.Type)
		if finished && len(a.Data) > 0 {
			line += " " + string(a.Data)
		}
		fmt.Fprintln(out, line)
		for _, ev := range evs {
			if finished || ev.Public() {
				fmt.Fprintln(out, "              ·", rd.Say(ev.Msg))
			}
		}
	}
	if r, ok := st.Result(); ok {
		fmt.Fprintln(out, "Result:", rd.Say(r.Summary))
	}
	return nil
}

// importRecord reads an exported match record, replays it to verify every
// action and the result, and stores it as a finished match in a new room.
// A tampered record (an illegal action, a changed seed) is refused and
// nothing is stored.
func importRecord(ctx context.Context, st store.Store, path, base string, out io.Writer) error {
	rec, err := readRecord(path)
	if err != nil {
		return err
	}
	m, log, err := fromRecord(rec)
	if err != nil {
		return fmt.Errorf("import %s: %w", path, err)
	}
	g, ok := shelf.New(true).Lookup(m.Setup.Game)
	if !ok {
		return fmt.Errorf("import %s refused: game %q is not available", path, m.Setup.Game)
	}
	if err := replay.Verify(g.Rules, m, log); err != nil {
		return fmt.Errorf("import %s refused: %w", path, err)
	}
	now := time.Now().UTC()
	host := room.NewToken()
	rm := store.Room{Code: room.NewCode(), Game: m.Setup.Game, Options: m.Setup.Options, HostHash: store.Hash(host), CreatedAt: now}
	if err := st.CreateRoom(ctx, rm); err != nil {
		return fmt.Errorf("import: create room: %w", err)
	}
	m.ID, m.RoomCode, m.Number, m.Status = uuid.NewString(), rm.Code, 1, store.StatusPlaying
	if err := st.CreateMatch(ctx, m); err != nil {
		return fmt.Errorf("import: create match: %w", err)
	}
	for i := range log {
		log[i].MatchID = m.ID
		if err := st.AppendAction(ctx, log[i]); err != nil {
			return fmt.Errorf("import: action %d: %w", i, err)
		}
	}
	finished := now
	if m.FinishedAt != nil {
		finished = *m.FinishedAt
	}
	if err := st.FinishMatch(ctx, m.ID, *m.Result, finished); err != nil {
		return fmt.Errorf("import: finish match: %w", err)
	}
	fmt.Fprintf(out, "Imported match %s (%s, %d actions, verified by replay) into room %s.\n", m.ID, m.Setup.Game, len(log), rm.Code)
	fmt.Fprintf(out, "  replay:     %s/m/%s\n", base, m.ID)
	fmt.Fprintf(out, "  history:    %s/r/%s/history\n", base, rm.Code)
	fmt.Fprintf(out, "  host token: %s\n", host)
	return nil
}

func readRecord(path string) (server.MatchRecord, error) {
	var rec server.MatchRecord
	var r io.Reader = os.Stdin
	if path != "-" {
		f, err := os.Open(path)
		if err != nil {
			return rec, fmt.Errorf("import: %w", err)
		}
		defer f.Close()
		r = f
	}
	if err := json.NewDecoder(r).Decode(&rec); err != nil {
		return rec, fmt.Errorf("import %s: not a match record: %w", path, err)
	}
	return rec, nil
}

// fromRecord turns an exported record back into the store's types.
func fromRecord(rec server.MatchRecord) (store.Match, []store.ActionRecord, error) {
	if rec.Status != store.StatusFinished || rec.Setup == nil || rec.Result == nil {
		return store.Match{}, nil, fmt.Errorf("only a finished match's record (with its setup, log and result) can be imported")
	}
	if rec.ActionsN == nil {
		return store.Match{}, nil, fmt.Errorf("the record has no action_count")
	}
	if *rec.ActionsN != len(rec.Actions) {
		return store.Match{}, nil, fmt.Errorf("the record counts %d actions but lists %d", *rec.ActionsN, len(rec.Actions))
	}
	m := store.Match{Setup: *rec.Setup, Seats: rec.Seats, Status: store.StatusFinished, Result: rec.Result,
		CreatedAt: rec.CreatedAt, FinishedAt: rec.FinishedAt}
	if m.CreatedAt.IsZero() {
		m.CreatedAt = time.Now().UTC()
	}
	log := make([]store.ActionRecord, len(rec.Actions))
	for i, a := range rec.Actions {
		if a.Index != i {
			return store.Match{}, nil, fmt.Errorf("the log's entry %d says it is action %d", i, a.Index)
		}
		log[i] = store.ActionRecord{Index: i, Action: game.Action{Seat: a.Seat, Type: a.Type, Data: a.Data, At: a.At}}
	}
	return m, log, nil
}
