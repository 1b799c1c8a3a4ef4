package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/games"
	"topsecret/internal/server"
	"topsecret/internal/store"
)

// runReplay is `topsecret replay [show|export] <match-id>`: a match's
// timeline, or its JSON record, read from the store.
func runReplay(ctx context.Context, args []string, out io.Writer) error {
	verb := "show"
	if len(args) > 0 && (args[0] == "show" || args[0] == "export") {
		verb, args = args[0], args[1:]
	}
	m := NewMain()
	fs := flag.NewFlagSet("replay", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&m.Config.DataDir, "data", env("DATA_DIR", m.Config.DataDir), "directory of the embedded SQLite database")
	fs.StringVar(&m.Config.DatabaseURL, "database-url", env("DATABASE_URL", ""), "postgres://… to read from PostgreSQL")
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: topsecret replay [show|export] [-data DIR | -database-url URL] <match-id>")
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("replay: want one match id")
	}
	st, err := openStore(ctx, m.Config)
	if err != nil {
		return err
	}
	defer st.Close()
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
	e, ok := games.Lookup(m.Setup.Game)
	if !ok || !e.Available() {
		return fmt.Errorf("game %q is not available", m.Setup.Game)
	}
	names := make([]string, len(m.Seats))
	for i, s := range m.Seats {
		names[i] = s.Name
	}
	fmt.Fprintf(out, "%s match %d in room %s — %s, %d actions\n", e.Info.Name, m.Number, m.RoomCode, m.Status, len(log))
	for i, s := range m.Seats {
		bot := ""
		if s.Bot {
			bot = " (bot)"
		}
		fmt.Fprintf(out, "  seat %d: %s%s\n", i, s.Name, bot)
	}
	st, err := e.Rules.New(m.Setup)
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
				fmt.Fprintln(out, "              ·", game.Say(ev.Text, names))
			}
		}
	}
	if r, ok := st.Result(); ok {
		fmt.Fprintln(out, "Result:", game.Say(r.Summary, names))
	}
	return nil
}
