package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"topsecret/internal/store"
)

// runVerify is `topsecret verify -acked FILE`: every action a client was
// told was stored ("match id" lines, as `loadtest -acked` writes them) must
// be in the log of the match its ok named exactly once. It is the
// after-the-fact check of the kill -9 soak: nothing lost, nothing doubled.
func runVerify(ctx context.Context, args []string, out io.Writer) error {
	m := NewMain()
	fs := flag.NewFlagSet("verify", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&m.Config.DataDir, "data", env("DATA_DIR", m.Config.DataDir), "directory of the embedded SQLite database")
	fs.StringVar(&m.Config.DatabaseURL, "database-url", env("DATABASE_URL", ""), "postgres://… to read from PostgreSQL")
	ackedFile := fs.String("acked", "", "file of acknowledged actions, one \"match id\" a line")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *ackedFile == "" {
		return fmt.Errorf("verify: -acked FILE is required")
	}
	claims, err := readAcked(*ackedFile)
	if err != nil {
		return err
	}
	st, err := openStore(ctx, m.Config)
	if err != nil {
		return err
	}
	defer st.Close()
	bad, err := verifyAcked(ctx, st, claims, out)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "verify: %d acknowledged actions, %d matches, %d wrong\n", len(claims), countMatches(claims), bad)
	if bad > 0 {
		return fmt.Errorf("verify: %d acknowledged actions are not in the log exactly once", bad)
	}
	return nil
}

// acked is one acknowledgement a client received. An ok names no index:
// that would count other seats' hidden actions.
type acked struct {
	MatchID  string
	ClientID string
}

func readAcked(path string) ([]acked, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return parseAcked(f, path)
}

// parseAcked reads "match id" lines; name says where, in errors.
func parseAcked(r io.Reader, name string) ([]acked, error) {
	var claims []acked
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		fields := strings.Fields(sc.Text())
		if len(fields) == 0 {
			continue
		}
		if len(fields) != 2 {
			return nil, fmt.Errorf("%s:%d: want \"match id\", got %q", name, n, sc.Text())
		}
		claims = append(claims, acked{MatchID: fields[0], ClientID: fields[1]})
	}
	return claims, sc.Err()
}

func countMatches(claims []acked) int {
	seen := map[string]bool{}
	for _, c := range claims {
		seen[c.MatchID] = true
	}
	return len(seen)
}

// verifyAcked checks each claim against its match's stored log and says
// what is wrong with each bad one; it returns how many were bad. A retry
// acknowledged twice under the same id is one claim, as it is one action.
func verifyAcked(ctx context.Context, st store.Store, claims []acked, out io.Writer) (int, error) {
	logs := map[string][]store.ActionRecord{}
	bad := 0
	seen := map[acked]bool{}
	for _, c := range claims {
		if seen[c] {
			continue
		}
		seen[c] = true
		log, ok := logs[c.MatchID]
		if !ok {
			var err error
			if log, err = st.Actions(ctx, c.MatchID); err != nil {
				return 0, fmt.Errorf("verify: match %s: %w", c.MatchID, err)
			}
			logs[c.MatchID] = log
		}
		times := 0
		for _, rec := range log {
			if rec.ClientID == c.ClientID {
				times++
			}
		}
		switch {
		case times == 0:
			fmt.Fprintf(out, "lost: %s %s\n", c.MatchID, c.ClientID)
		case times > 1:
			fmt.Fprintf(out, "doubled: %s %s stored %d times\n", c.MatchID, c.ClientID, times)
		default:
			continue
		}
		bad++
	}
	return bad, nil
}
