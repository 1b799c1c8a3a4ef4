package storetest

import (
	"encoding/json"
	"fmt"
	"sync"
	"testing"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

var appendActionTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		want := []store.ActionRecord{NewAction(m.ID, 0), NewAction(m.ID, 1), NewAction(m.ID, 2)}
		// A system action: no client id, the referee's seat, no data.
		want[1].ClientID = ""
		want[1].Action = game.Action{Seat: game.System, Type: "timeout", At: T0.UnixMilli()}
		for _, rec := range want {
			MustAppendAction(t, s, rec)
		}
		diff(t, "Actions", MustActions(t, s, m.ID), want)
	}},
	{"ManySystemActions", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		for i := range 3 {
			rec := NewAction(m.ID, i)
			rec.ClientID = ""
			MustAppendAction(t, s, rec)
		}
		if got := MustActions(t, s, m.ID); len(got) != 3 {
			t.Fatalf("len(Actions)=%d, want 3", len(got))
		}
	}},
	{"SameClientIDOtherRoom", func(t *testing.T, s store.Store) {
		a := MustRoomAndMatch(t, s, "ABCD")
		b := MustRoomAndMatch(t, s, "WXYZ")
		MustAppendAction(t, s, NewAction(a.ID, 0))
		rec := NewAction(b.ID, 0)
		rec.ClientID = NewAction(a.ID, 0).ClientID
		MustAppendAction(t, s, rec)
		diff(t, "Actions", MustActions(t, s, b.ID), []store.ActionRecord{rec})
	}},
	{"ManySystemActionsAcrossMatches", func(t *testing.T, s store.Store) {
		// System actions have no client id: the room-wide key ignores them.
		a := MustRoomAndMatch(t, s, "ABCD")
		b := MustCreateMatch(t, s, "ABCD", 2)
		for _, id := range []string{a.ID, b.ID} {
			rec := NewAction(id, 0)
			rec.ClientID = ""
			MustAppendAction(t, s, rec)
		}
	}},
	{"ErrConflictClientIDOtherMatch", func(t *testing.T, s store.Store) {
		// An action resent after a rematch must not be logged again in the new match.
		a := MustRoomAndMatch(t, s, "ABCD")
		first := NewAction(a.ID, 0)
		MustAppendAction(t, s, first)
		MustFinishMatch(t, s, a.ID, result, T0)
		b := MustCreateMatch(t, s, "ABCD", 2)
		resend := NewAction(b.ID, 0)
		resend.ClientID = first.ClientID
		assertErr(t, "AppendAction resend", s.AppendAction(t.Context(), resend), store.ErrConflict)
		if got := MustActions(t, s, b.ID); len(got) != 0 {
			t.Fatalf("Actions of the new match=%v, want none", got)
		}
		// The position is still free for another action.
		MustAppendAction(t, s, NewAction(b.ID, 0))
	}},
	{"ErrConflictIndex", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		first := NewAction(m.ID, 0)
		MustAppendAction(t, s, first)
		second := NewAction(m.ID, 0)
		second.ClientID, second.Action.Type = "client-other", "pass"
		assertErr(t, "AppendAction", s.AppendAction(t.Context(), second), store.ErrConflict)
		diff(t, "Actions", MustActions(t, s, m.ID), []store.ActionRecord{first})
	}},
	{"ErrConflictClientID", func(t *testing.T, s store.Store) {
		// A client retrying an action it already sent must not get it logged twice.
		m := MustRoomAndMatch(t, s, "ABCD")
		first := NewAction(m.ID, 0)
		MustAppendAction(t, s, first)
		retry := NewAction(m.ID, 1)
		retry.ClientID = first.ClientID
		assertErr(t, "AppendAction retry", s.AppendAction(t.Context(), retry), store.ErrConflict)
		diff(t, "Actions", MustActions(t, s, m.ID), []store.ActionRecord{first})
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		MustRoomAndMatch(t, s, "ABCD")
		err := s.AppendAction(t.Context(), NewAction("no-such-match", 0))
		assertErr(t, "AppendAction", err, store.ErrNotFound)
	}},
	{"ConcurrentSameIndex", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		errs := make([]error, 20)
		var wg sync.WaitGroup
		for i := range errs {
			wg.Go(func() {
				rec := NewAction(m.ID, 0)
				rec.ClientID = fmt.Sprintf("client-%d", i)
				errs[i] = s.AppendAction(t.Context(), rec)
			})
		}
		wg.Wait()
		assertOneWins(t, errs)
		if got := MustActions(t, s, m.ID); len(got) != 1 {
			t.Fatalf("len(Actions)=%d, want 1", len(got))
		}
	}},
	{"ConcurrentSameClientIDAcrossMatches", func(t *testing.T, s store.Store) {
		// Two servers, each behind on a rematch, store one client id at once.
		MustCreateRoom(t, s, "ABCD")
		ids := make([]string, 10)
		for i := range ids {
			ids[i] = MustCreateMatch(t, s, "ABCD", i+1).ID
		}
		errs := make([]error, len(ids))
		var wg sync.WaitGroup
		for i, id := range ids {
			wg.Go(func() {
				rec := NewAction(id, 0)
				rec.ClientID = "client-resent"
				errs[i] = s.AppendAction(t.Context(), rec)
			})
		}
		wg.Wait()
		assertOneWins(t, errs)
	}},
	{"ConcurrentManyRooms", func(t *testing.T, s store.Store) {
		// Many rooms play at once; none may fail for lock contention.
		const rooms, perRoom = 20, 15
		ids := make([]string, rooms)
		for i := range ids {
			ids[i] = MustRoomAndMatch(t, s, fmt.Sprintf("R%03d", i)).ID
		}
		errs := make(chan error, rooms*perRoom)
		var wg sync.WaitGroup
		for _, id := range ids {
			wg.Go(func() {
				for i := range perRoom {
					errs <- s.AppendAction(t.Context(), NewAction(id, i))
				}
			})
		}
		wg.Wait()
		close(errs)
		for err := range errs {
			if err != nil {
				t.Fatalf("AppendAction: %v", err)
			}
		}
		for _, id := range ids {
			got := MustActions(t, s, id)
			for i, rec := range got {
				if rec.Index != i {
					t.Fatalf("Actions(%s)[%d].Index=%d, want %d", id, i, rec.Index, i)
				}
			}
			if len(got) != perRoom {
				t.Fatalf("len(Actions(%s))=%d, want %d", id, len(got), perRoom)
			}
		}
	}},
}

var actionsTests = []test{
	{"InIndexOrder", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		want := []store.ActionRecord{NewAction(m.ID, 0), NewAction(m.ID, 1), NewAction(m.ID, 2)}
		for _, i := range []int{2, 0, 1} {
			MustAppendAction(t, s, want[i])
		}
		diff(t, "Actions", MustActions(t, s, m.ID), want)
	}},
	{"OnlyThisMatch", func(t *testing.T, s store.Store) {
		a := MustRoomAndMatch(t, s, "ABCD")
		b := MustCreateMatch(t, s, "ABCD", 2)
		MustAppendAction(t, s, NewAction(a.ID, 0))
		MustAppendAction(t, s, NewAction(b.ID, 0))
		MustAppendAction(t, s, NewAction(b.ID, 1))
		diff(t, "Actions", MustActions(t, s, a.ID), []store.ActionRecord{NewAction(a.ID, 0)})
	}},
	{"NoneYet", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		if got := MustActions(t, s, m.ID); len(got) != 0 {
			t.Fatalf("Actions=%v, want none", got)
		}
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		_, err := s.Actions(t.Context(), "no-such-match")
		assertErr(t, "Actions", err, store.ErrNotFound)
	}},
}

var clientActionTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		a := MustRoomAndMatch(t, s, "ABCD")
		want := NewAction(a.ID, 1)
		MustAppendAction(t, s, NewAction(a.ID, 0))
		MustAppendAction(t, s, want)
		MustFinishMatch(t, s, a.ID, result, T0)
		b := MustCreateMatch(t, s, "ABCD", 2)
		MustAppendAction(t, s, NewAction(b.ID, 0))

		// Found from the room, whichever match logged it.
		diff(t, "ClientAction", mustClientAction(t, s, "ABCD", want.ClientID), want)
		diff(t, "ClientAction newest match", mustClientAction(t, s, "ABCD", NewAction(b.ID, 0).ClientID), NewAction(b.ID, 0))
	}},
	{"NoData", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		want := NewAction(m.ID, 0)
		want.Action.Data = nil
		MustAppendAction(t, s, want)
		diff(t, "ClientAction", mustClientAction(t, s, "ABCD", want.ClientID), want)
	}},
	{"ErrNotFoundOtherRoom", func(t *testing.T, s store.Store) {
		a := MustRoomAndMatch(t, s, "ABCD")
		MustRoomAndMatch(t, s, "WXYZ")
		rec := NewAction(a.ID, 0)
		MustAppendAction(t, s, rec)
		_, err := s.ClientAction(t.Context(), "WXYZ", rec.ClientID)
		assertErr(t, "ClientAction", err, store.ErrNotFound)
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		system := NewAction(m.ID, 0)
		system.ClientID = ""
		MustAppendAction(t, s, system)
		for _, id := range []string{"no-such-id", ""} {
			_, err := s.ClientAction(t.Context(), "ABCD", id)
			assertErr(t, fmt.Sprintf("ClientAction(%q)", id), err, store.ErrNotFound)
		}
		_, err := s.ClientAction(t.Context(), "ZZZZ", "no-such-id")
		assertErr(t, "ClientAction unknown room", err, store.ErrNotFound)
	}},
}

// mustClientAction returns the action stored under clientID in room code.
func mustClientAction(tb testing.TB, s store.Store, code, clientID string) store.ActionRecord {
	tb.Helper()
	rec, err := s.ClientAction(tb.Context(), code, clientID)
	if err != nil {
		tb.Fatalf("ClientAction: %v", err)
	}
	return rec
}

var noteTests = []test{
	{"NoneYetIsEmptyObject", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		got, err := s.Note(t.Context(), m.ID, 1)
		if err != nil {
			t.Fatalf("Note: %v", err)
		}
		diff(t, "Note", string(got), "{}")
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		_, err := s.Note(t.Context(), "no-such-match", 0)
		assertErr(t, "Note", err, store.ErrNotFound)
	}},
}

var putNoteTests = []test{
	{"OK", func(t *testing.T, s store.Store) {
		m := MustRoomAndMatch(t, s, "ABCD")
		notes := map[game.Seat]string{
			0: `{"suspects":["p1"]}`,
			1: `{"marks":{"A":true}}`,
		}
		for seat, note := range notes {
			mustPutNote(t, s, m.ID, seat, `{"old":1}`)
			mustPutNote(t, s, m.ID, seat, note)
		}
		for seat, want := range notes {
			diff(t, fmt.Sprint("Note seat ", seat), mustNote(t, s, m.ID, seat), want)
		}
		diff(t, "Note seat 2", mustNote(t, s, m.ID, 2), "{}")
	}},
	{"OtherMatch", func(t *testing.T, s store.Store) {
		a := MustRoomAndMatch(t, s, "ABCD")
		b := MustCreateMatch(t, s, "ABCD", 2)
		mustPutNote(t, s, a.ID, 0, `{"a":1}`)
		diff(t, "Note other match", mustNote(t, s, b.ID, 0), "{}")
	}},
	{"ErrNotFound", func(t *testing.T, s store.Store) {
		err := s.PutNote(t.Context(), "no-such-match", 0, json.RawMessage(`{}`))
		assertErr(t, "PutNote", err, store.ErrNotFound)
	}},
}

func mustPutNote(tb testing.TB, s store.Store, id string, seat game.Seat, note string) {
	tb.Helper()
	if err := s.PutNote(tb.Context(), id, seat, json.RawMessage(note)); err != nil {
		tb.Fatalf("PutNote: %v", err)
	}
}

func mustNote(tb testing.TB, s store.Store, id string, seat game.Seat) string {
	tb.Helper()
	note, err := s.Note(tb.Context(), id, seat)
	if err != nil {
		tb.Fatalf("Note: %v", err)
	}
	return string(note)
}
