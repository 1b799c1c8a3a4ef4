// Package migrations embeds each backend's schema as numbered SQL files that run once, in name order.
package migrations

import (
	"embed"
	"fmt"
	"io/fs"
	"path"
)

// FS holds postgres/*.sql and sqlite/*.sql. Both directories carry the same
// file names so the two schemas move in step.
//
//go:embed postgres/*.sql sqlite/*.sql
var FS embed.FS

// File is one migration.
type File struct {
	Name string // e.g. "0001_init.sql"; recorded in schema_migrations
	SQL  string
}

// Files returns dialect's migrations ("postgres" or "sqlite") in the order
// they must run. fs.ReadDir sorts by name, which is the order we promise.
func Files(dialect string) ([]File, error) {
	entries, err := fs.ReadDir(FS, dialect)
	if err != nil {
		return nil, fmt.Errorf("migrations: %w", err)
	}
	files := make([]File, 0, len(entries))
	for _, e := range entries {
		b, err := fs.ReadFile(FS, path.Join(dialect, e.Name()))
		if err != nil {
			return nil, fmt.Errorf("migrations: %w", err)
		}
		files = append(files, File{Name: e.Name(), SQL: string(b)})
	}
	return files, nil
}
