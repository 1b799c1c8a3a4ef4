package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/game"
	"topsecret/internal/selfplay"
)

// runSelfplay is `topsecret selfplay -game wink -players 6 -matches 1000 -seed 1`.
// Its last line is the JSON summary; it fails when any invariant broke.
func runSelfplay(ctx context.Context, args []string, out io.Writer) error {
	fs := flag.NewFlagSet("selfplay", flag.ContinueOnError)
	fs.SetOutput(out)
	slug := fs.String("game", "wink", "game slug")
	players := fs.Int("players", 0, "players per match (default: the game's minimum)")
	matches := fs.Int("matches", 100, "matches to play")
	seed := fs.Int64("seed", 1, "seed of the first match; the rest follow from it")
	opts := fs.String("options", "", `lobby options as JSON, e.g. {"mode":"remote"}`)
	if err := fs.Parse(args); err != nil {
		return err
	}
	g, ok := shelf.New(true).Lookup(*slug)
	if !ok {
		return fmt.Errorf("selfplay: game %q is not available", *slug)
	}
	e := struct {
		Info  game.Info
		Rules game.Rules
	}{g.Rules.Info(), g.Rules}
	if *players == 0 {
		*players = e.Info.MinPlayers
	}
	if *players < e.Info.MinPlayers || *players > e.Info.MaxPlayers {
		return fmt.Errorf("selfplay: %s takes %d to %d players", e.Info.Slug, e.Info.MinPlayers, e.Info.MaxPlayers)
	}
	if _, err := e.Rules.Options(json.RawMessage(*opts)); *opts != "" && err != nil {
		return fmt.Errorf("selfplay: %w", err)
	}
	sum := selfplay.Run(ctx, selfplay.Config{Rules: e.Rules, Players: *players, Matches: *matches, Seed: *seed,
		Options: json.RawMessage(*opts)})
	for _, f := range sum.Failures {
		fmt.Fprintln(out, "FAIL", f)
	}
	b, _ := json.Marshal(sum)
	fmt.Fprintln(out, string(b))
	if sum.InvariantFailures > 0 {
		return fmt.Errorf("selfplay: %d invariant failures", sum.InvariantFailures)
	}
	return nil
}
