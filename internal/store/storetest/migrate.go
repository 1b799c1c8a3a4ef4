package storetest

import (
	"strings"
	"testing"

	"topsecret/internal/store"
)

// Before0002 is SQL, valid on both backends, for a database migrated only to
// 0001_init.sql. Its room ABCD reused client id "dup" in two matches, which
// the old per-match key allowed; room WXYZ used it too.
const Before0002 = `
INSERT INTO rooms (code, game, options, host_token, created_at) VALUES
	('ABCD', 'vault', '{}', 'host-ABCD', '2025-03-14T14:09:26.535Z'),
	('WXYZ', 'vault', '{}', 'host-WXYZ', '2025-03-14T14:09:26.535Z');
INSERT INTO matches (id, room_code, number, setup, seats, status, created_at) VALUES
	('m1', 'ABCD', 1, '{"game":"vault","options":{},"seats":3,"seed":"` + zeroSeed + `"}', '[]', 'finished', '2025-03-14T14:10:00.000Z'),
	('m2', 'ABCD', 2, '{"game":"vault","options":{},"seats":3,"seed":"` + zeroSeed + `"}', '[]', 'playing', '2025-03-14T14:20:00.000Z'),
	('w1', 'WXYZ', 1, '{"game":"vault","options":{},"seats":3,"seed":"` + zeroSeed + `"}', '[]', 'playing', '2025-03-14T14:30:00.000Z');
INSERT INTO actions (match_id, idx, client_id, seat, type, data, at) VALUES
	('m1', 0, 'dup', 0, 'bid', NULL, 1),
	('m1', 1, 'only-m1', 1, 'bid', NULL, 2),
	('m1', 2, NULL, -1, 'timeout', NULL, 3),
	('m2', 0, 'dup', 2, 'bid', NULL, 4),
	('w1', 0, 'dup', 0, 'bid', NULL, 5);
`

const zeroSeed = "0000000000000000000000000000000000000000000000000000000000000000"

// CheckAfter0002 fails unless s, opened on Before0002's rows and so migrated
// past 0002, keeps every action and makes client ids unique per room: a
// reused id names its newest use, older uses lose it.
func CheckAfter0002(t *testing.T, s store.Store) {
	t.Helper()
	for _, c := range []struct {
		code, id, match string
		index           int
	}{
		{"ABCD", "dup", "m2", 0},
		{"ABCD", "only-m1", "m1", 1},
		{"WXYZ", "dup", "w1", 0},
	} {
		got := mustClientAction(t, s, c.code, c.id)
		if got.MatchID != c.match || got.Index != c.index {
			t.Fatalf("ClientAction(%s, %s) at %s#%d, want %s#%d", c.code, c.id, got.MatchID, got.Index, c.match, c.index)
		}
	}
	var ids []string
	for _, rec := range MustActions(t, s, "m1") {
		ids = append(ids, rec.ClientID)
	}
	diff(t, "client ids of m1", ids, []string{"", "only-m1", ""})

	rec := store.ActionRecord{MatchID: "m2", Index: 1, ClientID: "only-m1"}
	assertErr(t, "AppendAction of an id from m1", s.AppendAction(t.Context(), rec), store.ErrConflict)
	rec.ClientID = "fresh"
	MustAppendAction(t, s, rec)
	if got := mustClientAction(t, s, "ABCD", "fresh"); got.MatchID != "m2" || got.Index != 1 {
		t.Fatalf("ClientAction(fresh) at %s#%d, want m2#1", got.MatchID, got.Index)
	}
}

// Tokens written before 0008_token_hashes.sql, in plain: Before0008's rows.
const (
	oldHostToken = "0f1e2d3c4b5a69788796a5b4c3d2e1f0"
	oldAnnToken  = "a1b2c3d4e5f60718293a4b5c6d7e8f90"
	oldCyToken   = "9f8e7d6c5b4a39281706f5e4d3c2b1a0"
)

// Before0008 is SQL, valid on both backends, for a database migrated up to
// 0007: room TOKN, created before tokens were kept hashed, with its host
// token, two people's seat tokens and a bot in plain.
const Before0008 = `
INSERT INTO rooms (code, game, options, host_token, created_at) VALUES
	('TOKN', 'vault', '{}', '` + oldHostToken + `', '2025-03-14T14:09:26.535Z');
INSERT INTO seats (room_code, id, position, name, token, bot, joined_at) VALUES
	('TOKN', 'ann', 0, 'Ann', '` + oldAnnToken + `', false, '2025-03-14T14:09:27.000Z'),
	('TOKN', 'bot', 1, 'Bot', '', true, '2025-03-14T14:09:28.000Z'),
	('TOKN', 'cy', 2, 'Cy', '` + oldCyToken + `', false, '2025-03-14T14:09:29.000Z');
`

// CheckAfter0008 fails unless s, opened on Before0008's rows and so
// migrated past 0008, keeps the room working with the tokens its phones
// already hold (it stores their hashes) while no token is anywhere in the
// database. dump returns every value of every table as text.
func CheckAfter0008(t *testing.T, s store.Store, dump func(tb testing.TB) string) {
	t.Helper()
	r, err := s.Room(t.Context(), "TOKN")
	if err != nil {
		t.Fatalf("Room: %v", err)
	}
	if r.HostHash != store.Hash(oldHostToken) {
		t.Fatalf("HostHash=%q, want the hash of the old host token %q", r.HostHash, store.Hash(oldHostToken))
	}
	var got []string
	for _, seat := range MustSeats(t, s, "TOKN") {
		got = append(got, seat.TokenHash)
	}
	diff(t, "seats' TokenHash", got, []string{store.Hash(oldAnnToken), "", store.Hash(oldCyToken)})

	rows := dump(t)
	if !strings.Contains(rows, store.Hash(oldAnnToken)) {
		t.Fatalf("the dump lacks a hash it must hold, so it shows nothing:\n%s", rows)
	}
	for _, token := range []string{oldHostToken, oldAnnToken, oldCyToken} {
		if strings.Contains(rows, token) {
			t.Errorf("token %s is still in the database:\n%s", token, rows)
		}
	}
}
