package pages_test

import (
	"testing"

	"topsecret/web/pages"
)

// During a match the host gets "Replace with a bot" for every person's
// seat and "End the match"; a replaced player gets "Take my seat back".
func TestLiveMain_SeatRescue(t *testing.T) {
	t.Parallel()
	l := lobby()
	l.Status, l.MatchID = "playing", "m1"
	t.Run("Host", func(t *testing.T) {
		h := l
		h.IsHost = true
		h.Seats = append([]pages.SeatLine(nil), l.Seats...)
		h.Seats[1].Standin = true
		doc := MustRender(t, pages.LiveMain(h))
		if u, _ := mustOne(t, doc, "replace-0").Attr("data-post"); u != "/api/rooms/ABC123/seats/s1/bot" {
			t.Fatalf("replace-0 posts to %q", u)
		}
		mustNone(t, doc, "replace-1") // a bot already plays it
		mustNone(t, doc, "replace-2") // a bot's own seat
		mustOne(t, doc, "seat-standin-1")
		if u, _ := mustOne(t, doc, "end-match").Attr("data-post"); u != "/api/rooms/ABC123/end" {
			t.Fatalf("end-match posts to %q", u)
		}
		mustNone(t, doc, "take-seat-back")
	})
	t.Run("Guest", func(t *testing.T) {
		doc := MustRender(t, pages.LiveMain(l))
		for _, id := range []string{"replace-0", "end-match", "take-seat-back"} {
			mustNone(t, doc, id)
		}
	})
	t.Run("Replaced", func(t *testing.T) {
		g := l
		g.Seats = append([]pages.SeatLine(nil), l.Seats...)
		g.Seats[0].Standin = true // Marie, who is you
		doc := MustRender(t, pages.LiveMain(g))
		if u, _ := mustOne(t, doc, "take-seat-back").Attr("data-post"); u != "/api/rooms/ABC123/seats/s1/back" {
			t.Fatalf("take-seat-back posts to %q", u)
		}
	})
}

// The host's seat list offers "Make host" on the other people's seats and
// marks the seat holding the role; a phone the role passed from while it
// was away gets "Take host back".
func TestLiveMain_HostRole(t *testing.T) {
	t.Parallel()
	t.Run("Host", func(t *testing.T) {
		l := lobby()
		l.IsHost, l.Seats[0].You = true, false
		doc := MustRender(t, pages.LiveMain(l))
		b := mustOne(t, doc, "make-host-1")
		if u, _ := b.Attr("data-post"); u != "/api/rooms/ABC123/host" {
			t.Fatalf("make-host-1 posts to %q", u)
		}
		if body, _ := b.Attr("data-body"); body != `{"seat_id":"s2"}` {
			t.Fatalf("make-host-1 body %q", body)
		}
		mustNone(t, doc, "make-host-2") // a bot cannot host
		mustNone(t, doc, "take-host-back")
	})
	t.Run("Passed", func(t *testing.T) {
		l := lobby()
		l.HostSeat, l.HostBack, l.Seats[1].Host = "s2", true, true
		doc := MustRender(t, pages.LiveMain(l))
		mustOne(t, doc, "seat-host-1")
		if u, _ := mustOne(t, doc, "take-host-back").Attr("data-post"); u != "/api/rooms/ABC123/host/back" {
			t.Fatalf("take-host-back posts to %q", u)
		}
		mustNone(t, doc, "make-host-0")
	})
}
