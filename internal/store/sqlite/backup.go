package sqlite

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// Backup writes a consistent copy of the database to path, a file that
// must not exist yet, while the server goes on writing: VACUUM INTO reads
// one snapshot, so the copy holds every action committed before it began
// and none after. The copy is written under a temporary name beside path
// (PartialSuffix), fsync'd and checked, and only then renamed to path and
// the folder fsync'd: a power cut at any moment leaves path absent or
// whole, never a half copy under the name a restore would be given.
func (db *DB) Backup(ctx context.Context, path string) error {
	if _, err := os.Stat(path); err == nil {
		return fmt.Errorf("backup: %s already exists; name a new file", path)
	} else if !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("backup: %w", err)
	}
	partial := path + PartialSuffix
	// A partial copy is what a backup cut short left: never a backup.
	if err := os.Remove(partial); err != nil && !errors.Is(err, fs.ErrNotExist) {
		return fmt.Errorf("backup: %w", err)
	}
	if err := db.writeCopy(ctx, partial); err != nil {
		os.Remove(partial)
		return err
	}
	if _, err := os.Stat(path); err == nil {
		os.Remove(partial)
		return fmt.Errorf("backup: %s appeared while the copy was written; name a new file", path)
	}
	if err := os.Rename(partial, path); err != nil {
		os.Remove(partial)
		return fmt.Errorf("backup: %w", err)
	}
	if err := syncFolder(filepath.Dir(path)); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return nil
}

// PartialSuffix names a backup still being written, beside the file it
// will become.
const PartialSuffix = ".partial"

// writeCopy writes the snapshot to path, makes it durable and checks it.
func (db *DB) writeCopy(ctx context.Context, path string) error {
	if _, err := db.w.Load().db.ExecContext(ctx, `VACUUM INTO ?`, path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	if err := syncFile(path); err != nil {
		return fmt.Errorf("backup: %w", err)
	}
	return CheckFile(ctx, path)
}

// CheckFile opens a database file read-only, without migrating or
// changing it, and runs SQLite's integrity check on it.
func CheckFile(ctx context.Context, path string) error {
	raw := &DB{}
	var err error
	raw.read, err = openRaw(path, "mode=ro")
	if err != nil {
		return err
	}
	defer raw.read.Close()
	if err := raw.IntegrityCheck(ctx); err != nil {
		return fmt.Errorf("%s: %w", path, err)
	}
	var n int
	if err := raw.read.QueryRowContext(ctx, `SELECT count(*) FROM schema_migrations`).Scan(&n); err != nil {
		return fmt.Errorf("%s is not a topsecret database: %w", path, err)
	}
	return nil
}

// CopyFile copies from to a new file to and fsyncs it and its folder.
func CopyFile(from, to string) error {
	src, err := os.Open(from)
	if err != nil {
		return err
	}
	defer src.Close()
	dst, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return err
	}
	if _, err := io.Copy(dst, src); err != nil {
		dst.Close()
		return err
	}
	if err := dst.Sync(); err != nil {
		dst.Close()
		return err
	}
	if err := dst.Close(); err != nil {
		return err
	}
	return syncFolder(filepath.Dir(to))
}

// ReplaceFile moves the database file from over path, durably: the old
// file at path (its WAL folded in first) is kept as path+".before-restore",
// and no WAL or shared-memory file of the old database is left beside the
// new one, where SQLite would apply it to the wrong file.
func ReplaceFile(ctx context.Context, from, path string) (kept string, err error) {
	if _, err := os.Stat(path); err == nil {
		// Closing the last connection checkpoints the WAL into the file
		// and removes it.
		old, err := Open(path)
		if err != nil {
			return "", fmt.Errorf("restore: the current database: %w", err)
		}
		if err := old.Close(); err != nil {
			return "", fmt.Errorf("restore: the current database: %w", err)
		}
		kept = path + ".before-restore"
		if err := os.Rename(path, kept); err != nil {
			return "", fmt.Errorf("restore: %w", err)
		}
	}
	for _, side := range []string{"-wal", "-shm", "-journal"} {
		if err := os.Remove(path + side); err != nil && !errors.Is(err, fs.ErrNotExist) {
			return kept, fmt.Errorf("restore: %w", err)
		}
	}
	if err := os.Rename(from, path); err != nil {
		return kept, fmt.Errorf("restore: %w", err)
	}
	return kept, syncFolder(filepath.Dir(path))
}

func syncFile(path string) error {
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	return f.Sync()
}

// openRaw opens path with SQLite URI parameters params and nothing else:
// no migrations, no pragmas of the store's.
func openRaw(path, params string) (*sql.DB, error) {
	db, err := sql.Open(driverName, "file:"+path+"?"+params)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", path, err)
	}
	return db, nil
}
