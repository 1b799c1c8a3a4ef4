package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"

	"topsecret/cmd/topsecret/shelf"
	"topsecret/internal/room"
	"topsecret/internal/store"
	"topsecret/web/nightfile"
	"topsecret/web/words"
)

// runNight is `topsecret night export <room> [-o FILE] [-lang xx]`: the
// room's night as the one file /r/{code}/night.html downloads, written
// from the store, for a host whose server is no longer running.
func runNight(ctx context.Context, args []string, out io.Writer) error {
	if len(args) == 0 || args[0] != "export" {
		fmt.Fprintln(out, "usage: topsecret night export [-data DIR | -database-url URL] [-o FILE] [-lang xx] <room>")
		return fmt.Errorf("night: want 'export'")
	}
	m := NewMain()
	fs := flag.NewFlagSet("night export", flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&m.Config.DataDir, "data", env("DATA_DIR", m.Config.DataDir), "directory of the embedded SQLite database")
	fs.StringVar(&m.Config.DatabaseURL, "database-url", env("DATABASE_URL", ""), "postgres://… to read from PostgreSQL")
	file := fs.String("o", "", "file to write (- for standard output); default topsecret-night-<day>.html here")
	lang := fs.String("lang", shellLanguage(), "language of the file: "+tags())
	fs.Usage = func() {
		fmt.Fprintln(out, "usage: topsecret night export [-data DIR | -database-url URL] [-o FILE] [-lang xx] <room>")
		fs.PrintDefaults()
	}
	code, err := parseAround(fs, args[1:])
	if err != nil {
		return err
	}
	if words.Known(*lang) == "" {
		return fmt.Errorf("night: no language %q; one of %s", *lang, tags())
	}
	st, err := openStore(ctx, m.Config)
	if err != nil {
		return err
	}
	defer st.Close()
	return exportNight(ctx, st, room.NormalizeCode(code), words.Known(*lang), *file, out)
}

// parseAround parses flags given before or after the one room code.
func parseAround(fs *flag.FlagSet, args []string) (string, error) {
	if err := fs.Parse(args); err != nil {
		return "", err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return "", fmt.Errorf("night: want a room code")
	}
	code := fs.Arg(0)
	if err := fs.Parse(fs.Args()[1:]); err != nil {
		return "", err
	}
	if fs.NArg() > 0 {
		fs.Usage()
		return "", fmt.Errorf("night: want one room code, not %q too", fs.Args())
	}
	return code, nil
}

func exportNight(ctx context.Context, st store.Store, code, lang, file string, out io.Writer) error {
	ms, err := st.Matches(ctx, code)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("night: no room %s", code)
	}
	if err != nil {
		return err
	}
	f, err := nightfile.Build(ctx, shelf.New(true), st, code, lang)
	if errors.Is(err, nightfile.ErrEmpty) {
		return fmt.Errorf("night: room %s has finished no match yet", code)
	}
	if err != nil {
		return err
	}
	if file == "-" {
		_, err := out.Write(f)
		return err
	}
	if file == "" {
		file = nightfile.FileName(ms)
	}
	if err := os.WriteFile(file, f, 0o644); err != nil {
		return fmt.Errorf("night: %w", err)
	}
	fmt.Fprintf(out, "Wrote the night of room %s (%d KB) to %s: open it in any browser.\n", code, (len(f)+1023)/1024, file)
	return nil
}

// shellLanguage is the shell's language when the app speaks it (LANG=de_DE.UTF-8), else English.
func shellLanguage() string {
	tag := strings.ToLower(os.Getenv("LANG"))
	if i := strings.IndexAny(tag, "_.-"); i >= 0 {
		tag = tag[:i]
	}
	if l := words.Known(tag); l != "" {
		return l
	}
	return words.Fallback
}

func tags() string {
	var out []string
	for _, l := range words.Languages {
		out = append(out, l.Tag)
	}
	return strings.Join(out, ", ")
}
