package main

import (
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"

	"topsecret/internal/store/sqlite"
)

// runBackup is `topsecret backup [-data DIR] FILE`: a consistent copy of
// the embedded SQLite database, taken while the server runs.
func runBackup(ctx context.Context, args []string, out io.Writer) error {
	m := NewMain()
	fs := storeFlags("backup", m, out)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("backup: want one file to write")
	}
	if m.Config.DatabaseURL != "" {
		return errPostgresBackup
	}
	path := sqlitePath(m.Config)
	if _, err := os.Stat(path); err != nil {
		return fmt.Errorf("backup: no database at %s: %w", path, err)
	}
	db, err := sqlite.Open(path)
	if err != nil {
		return err
	}
	defer db.Close()
	if err := db.Backup(ctx, fs.Arg(0)); err != nil {
		return err
	}
	fmt.Fprintf(out, "backup: %s written and checked; restore it with: topsecret restore -data %s %s\n",
		fs.Arg(0), m.Config.DataDir, fs.Arg(0))
	return nil
}

// runRestore is `topsecret restore [-data DIR] FILE`: puts a backup back
// as the database, with the server stopped. The database it replaces is
// kept beside it.
func runRestore(ctx context.Context, args []string, out io.Writer) error {
	m := NewMain()
	fs := storeFlags("restore", m, out)
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fmt.Errorf("restore: want one backup file")
	}
	if m.Config.DatabaseURL != "" {
		return errPostgresBackup
	}
	from := fs.Arg(0)
	if fi, err := os.Stat(from); err != nil || !fi.Mode().IsRegular() {
		return fmt.Errorf("restore refused, nothing changed: no backup file at %s", from)
	}
	if err := sqlite.CheckFile(ctx, from); err != nil {
		return fmt.Errorf("restore refused, nothing changed: %w", err)
	}
	if err := sqlite.MakeFolder(m.Config.DataDir); err != nil {
		return err
	}
	path := sqlitePath(m.Config)
	unlock, err := lockDatabase(path)
	if err != nil {
		return fmt.Errorf("restore refused, nothing changed: stop the server first (%w)", err)
	}
	defer unlock()
	staged := filepath.Join(m.Config.DataDir, "topsecret.db.restoring")
	_ = os.Remove(staged)
	if err := sqlite.CopyFile(from, staged); err != nil {
		return fmt.Errorf("restore: %w", err)
	}
	// Opening runs any migration a backup from an older version lacks;
	// closing folds the WAL back into the file.
	db, err := sqlite.Open(staged)
	if err == nil {
		err = db.Close()
	}
	if err != nil {
		os.Remove(staged)
		return fmt.Errorf("restore refused, nothing changed: %w", err)
	}
	kept, err := sqlite.ReplaceFile(ctx, staged, path)
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "restore: %s is the database in %s now", from, m.Config.DataDir)
	if kept != "" {
		fmt.Fprintf(out, "; the one it replaced is kept as %s", kept)
	}
	fmt.Fprintln(out)
	return nil
}

// errPostgresBackup says where PostgreSQL's backups come from.
var errPostgresBackup = fmt.Errorf("backup and restore copy the embedded SQLite database; for PostgreSQL use pg_dump and pg_restore (README, \"Backups\")")

// storeFlags are the flags of a command that works on a store.
func storeFlags(name string, m *Main, out io.Writer) *flag.FlagSet {
	fs := flag.NewFlagSet(name, flag.ContinueOnError)
	fs.SetOutput(out)
	fs.StringVar(&m.Config.DataDir, "data", env("DATA_DIR", m.Config.DataDir), "directory of the embedded SQLite database (env DATA_DIR)")
	fs.StringVar(&m.Config.DatabaseURL, "database-url", env("DATABASE_URL", ""), "postgres://… (refused: use pg_dump)")
	fs.Usage = func() {
		fmt.Fprintf(out, "usage: topsecret %s [-data DIR] FILE\n", name)
		fs.PrintDefaults()
	}
	return fs
}
