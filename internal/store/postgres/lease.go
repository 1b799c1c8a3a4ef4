package postgres

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"topsecret/internal/store"
)

var _ store.Leases = (*DB)(nil)

// Register records instance and its address, or refreshes them.
func (db *DB) Register(ctx context.Context, instance, address string) error {
	_, err := db.pool.Exec(ctx, `
		INSERT INTO instances (id, address) VALUES ($1, $2)
		ON CONFLICT (id) DO UPDATE SET address = excluded.address, heartbeat = now()`, instance, address)
	if err != nil {
		return fmt.Errorf("register instance: %w", err)
	}
	return nil
}

// Renew beats instance's heartbeat and extends its leases of codes in one transaction.
func (db *DB) Renew(ctx context.Context, instance string, codes []string, ttl time.Duration) (held []string, live int, err error) {
	err = pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, `UPDATE instances SET heartbeat = now() WHERE id = $1`, instance)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return fmt.Errorf("instance %s is not registered: %w", instance, store.ErrNotFound)
		}
		// Only unexpired leases are renewed: one that lapsed may already
		// belong to another instance, and must not be taken back silently.
		rows, _ := tx.Query(ctx, `
			UPDATE room_leases SET expires_at = now() + $2 * interval '1 millisecond'
			WHERE instance = $1 AND expires_at > now() AND room_code = ANY($3)
			RETURNING room_code`, instance, ttl.Milliseconds(), codes)
		held, err = pgx.CollectRows(rows, pgx.RowTo[string])
		if err != nil {
			return err
		}
		return tx.QueryRow(ctx, `SELECT count(*) FROM instances
			WHERE heartbeat > now() - $1 * interval '1 millisecond'`, ttl.Milliseconds()).Scan(&live)
	})
	if err != nil {
		return nil, 0, fmt.Errorf("renew leases: %w", err)
	}
	return held, live, nil
}

// Claim takes the room's lease when it is free, expired or already ours.
func (db *DB) Claim(ctx context.Context, code, instance string, ttl time.Duration) (store.Lease, error) {
	var l store.Lease
	err := db.pool.QueryRow(ctx, `
		WITH claimed AS (
			INSERT INTO room_leases (room_code, instance, expires_at)
			VALUES ($1, $2, now() + $3 * interval '1 millisecond')
			ON CONFLICT (room_code) DO UPDATE
				SET instance = excluded.instance, expires_at = excluded.expires_at
				WHERE room_leases.expires_at <= now() OR room_leases.instance = excluded.instance
			RETURNING room_code, instance, expires_at
		), current AS (
			SELECT room_code, instance, expires_at FROM claimed
			UNION ALL
			SELECT room_code, instance, expires_at FROM room_leases
			WHERE room_code = $1 AND NOT EXISTS (SELECT 1 FROM claimed)
		)
		SELECT c.room_code, c.instance, coalesce(i.address, ''), c.expires_at
		FROM current c LEFT JOIN instances i ON i.id = c.instance`,
		code, instance, ttl.Milliseconds()).Scan(&l.RoomCode, &l.Instance, &l.Address, &l.Expires)
	if err != nil {
		return store.Lease{}, fmt.Errorf("claim room %s: %w", code, formatError(err))
	}
	return l, nil
}

// Release deletes instance's lease of the room, if it holds it.
func (db *DB) Release(ctx context.Context, code, instance string) error {
	if _, err := db.pool.Exec(ctx, `DELETE FROM room_leases WHERE room_code = $1 AND instance = $2`, code, instance); err != nil {
		return fmt.Errorf("release room %s: %w", code, err)
	}
	return nil
}

// Retire deletes instance's leases and its record.
func (db *DB) Retire(ctx context.Context, instance string) error {
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM room_leases WHERE instance = $1`, instance); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `DELETE FROM instances WHERE id = $1`, instance)
		return err
	})
	if err != nil {
		return fmt.Errorf("retire instance: %w", err)
	}
	return nil
}

// Supersede retires the other instances registered at address.
func (db *DB) Supersede(ctx context.Context, instance, address string) (int, error) {
	var n int64
	err := pgx.BeginFunc(ctx, db.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM room_leases WHERE instance IN (
			SELECT id FROM instances WHERE address = $2 AND id <> $1)`, instance, address); err != nil {
			return err
		}
		tag, err := tx.Exec(ctx, `DELETE FROM instances WHERE address = $2 AND id <> $1`, instance, address)
		n = tag.RowsAffected()
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("supersede instances at %s: %w", address, err)
	}
	return int(n), nil
}

// Orphans lists rooms with a match in play whose lease expired unreleased.
func (db *DB) Orphans(ctx context.Context) ([]string, error) {
	rows, _ := db.pool.Query(ctx, `
		SELECT DISTINCT m.room_code FROM matches m
		JOIN room_leases l ON l.room_code = m.room_code
		WHERE m.status = 'playing' AND l.expires_at <= now()
		ORDER BY m.room_code`)
	codes, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("orphan rooms: %w", err)
	}
	return codes, nil
}

// Held lists the unexpired leases with their holders' addresses.
func (db *DB) Held(ctx context.Context) ([]store.Lease, error) {
	rows, _ := db.pool.Query(ctx, `
		SELECT l.room_code, l.instance, coalesce(i.address, ''), l.expires_at
		FROM room_leases l LEFT JOIN instances i ON i.id = l.instance
		WHERE l.expires_at > now() ORDER BY l.room_code`)
	ls, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Lease, error) {
		var l store.Lease
		err := r.Scan(&l.RoomCode, &l.Instance, &l.Address, &l.Expires)
		return l, err
	})
	if err != nil {
		return nil, fmt.Errorf("held leases: %w", err)
	}
	return ls, nil
}

// Instances lists the instances that beat within the given time.
func (db *DB) Instances(ctx context.Context, within time.Duration) ([]store.Instance, error) {
	rows, _ := db.pool.Query(ctx, `
		SELECT id, address FROM instances
		WHERE heartbeat > now() - $1 * interval '1 millisecond' ORDER BY id`, within.Milliseconds())
	is, err := pgx.CollectRows(rows, func(r pgx.CollectableRow) (store.Instance, error) {
		var i store.Instance
		err := r.Scan(&i.ID, &i.Address)
		return i, err
	})
	if err != nil {
		return nil, fmt.Errorf("instances: %w", err)
	}
	return is, nil
}

// Hand moves from's unexpired lease of the room to to.
func (db *DB) Hand(ctx context.Context, code, from, to string, ttl time.Duration) (bool, error) {
	tag, err := db.pool.Exec(ctx, `
		UPDATE room_leases SET instance = $3, expires_at = now() + $4 * interval '1 millisecond'
		WHERE room_code = $1 AND instance = $2 AND expires_at > now()
		AND EXISTS (SELECT 1 FROM instances WHERE id = $3)`, code, from, to, ttl.Milliseconds())
	if err != nil {
		return false, fmt.Errorf("hand room %s to %s: %w", code, to, err)
	}
	return tag.RowsAffected() == 1, nil
}
