package sqlite

import (
	"errors"

	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

// unwritable says the disk refused a write: full (SQLITE_FULL) or failing
// (SQLITE_IOERR and its kinds, a failed fsync among them).
func unwritable(e *sqlite.Error) bool {
	switch e.Code() & 0xff {
	case sqlite3.SQLITE_FULL, sqlite3.SQLITE_IOERR:
		return true
	}
	return false
}

// afterFailure reacts to a commit that failed. A failed fsync is the one
// to fear: Linux forgets the writes it failed to make durable, so the same
// connection going on as if they had been made could later acknowledge
// actions on top of a log the disk never had (PostgreSQL's "fsyncgate").
// The batch was not acknowledged; the store opens a new write connection,
// which reads the log afresh, before it takes the next one. A full disk
// needs no new connection: nothing was written.
func (db *DB) afterFailure(err error) {
	var e *sqlite.Error
	if db.path == ":memory:" || !errors.As(err, &e) || e.Code()&0xff != sqlite3.SQLITE_IOERR {
		return
	}
	db.reopen()
}

// reopen replaces the write connection. Only the one writer calls it, so
// no append runs meanwhile; other writes wait for the new connection or
// finish on the old one before it closes. If the disk will not open, the
// old connection stays and the next failure tries again.
func (db *DB) reopen() {
	w, err := openWriter(db.path)
	if err == nil {
		err = w.prepare()
	}
	if err != nil {
		if w != nil {
			w.close()
		}
		return
	}
	old := db.w.Swap(w)
	old.close()
}
