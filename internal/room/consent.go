package room

import (
	"context"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// A seat's phone holds its player's secrets, so the host's one-time link
// ("Move to another phone") takes a connected seat only with that phone's
// consent: the host asks, the phone shows "Move to another phone?" with
// Allow and Refuse, and only after Allow does the host's next try make the
// link. A seat whose phone is away moves by the host's act alone, and
// every screen is told (announce.go); should its phone come back before
// the link is used, the link stops working.

// ConsentLife is how long the host's request waits for the seat's phone
// to answer, how long an Allow waits for the host to make the link, and
// how long a Refuse keeps the host from asking that phone again.
const ConsentLife = 2 * time.Minute

// ConsentAsked means the phone of the seat named Name was asked to allow
// the move: the host gets the link once it does.
type ConsentAsked struct{ Name string }

func (e *ConsentAsked) Error() string { return "asked " + e.Name + "'s phone to allow the move" }

// consent is the host's request to move a connected seat, and its answer.
type consent struct {
	at     time.Time // asked, or answered
	answer consentAnswer
}

type consentAnswer int

const (
	consentWaiting consentAnswer = iota
	consentAllowed
	consentRefused
)

// Move states as the host's frame names them.
const (
	MoveAsking  = "asking"
	MoveAllowed = "allowed"
	MoveRefused = "refused"
)

// MoveState is a request to move a connected seat, as the host follows it.
type MoveState struct {
	SeatID string `json:"seat_id"`
	Name   string `json:"name"`
	// State is MoveAsking (waiting for the seat's phone), MoveAllowed (the
	// host's next "Move to another phone" makes the link) or MoveRefused.
	State string `json:"state"`
}

// linkNote is what this process knows of a seat's one-time link: the hash
// of its secret, whether the seat's phone allowed it, and whether the
// phone came back after it was made without asking, which ends it.
type linkNote struct {
	hash      string
	consented bool
	voided    bool
}

// mayMove decides whether the host may make a link for seat i, whose phone
// is connected: yes once the phone allowed it; otherwise the phone is
// asked (*ConsentAsked), or the refusal is said.
func (r *Room) mayMove(i int) error {
	id, name := r.seats[i].ID, r.seats[i].Name
	r.pruneConsents()
	if c := r.consents[id]; c != nil {
		switch c.answer {
		case consentAllowed:
			return nil
		case consentRefused:
			return refuseSaid("game.rejoin.consent.refused", game.X("name", name))
		}
		return &ConsentAsked{Name: name}
	}
	if r.consents == nil {
		r.consents = map[string]*consent{}
	}
	r.consents[id] = &consent{at: r.now()}
	r.expireConsent()
	r.changed()
	return &ConsentAsked{Name: name}
}

// AnswerMove is the seat's phone allowing or refusing the host's request
// to move it to another phone; only the seat's own token may answer.
// A Refusal once there is nothing (any more) to answer.
func (r *Room) AnswerMove(ctx context.Context, by Identity, seatID string, allow bool) error {
	return r.do(ctx, func() error {
		if by.SeatID == "" || by.SeatID != seatID || by.Table {
			return ErrNotSeated
		}
		if r.seatIndex(seatID) < 0 {
			return store.ErrNotFound
		}
		r.pruneConsents()
		c := r.consents[seatID]
		if c == nil || c.answer != consentWaiting {
			return refuseSaid("game.rejoin.consent.gone")
		}
		c.answer, c.at = consentRefused, r.now()
		if allow {
			c.answer = consentAllowed
		}
		r.expireConsent()
		r.changed()
		return nil
	})
}

// expireConsent looks again once a request or answer made now is over.
func (r *Room) expireConsent() {
	r.reg.Clock.AfterFunc(ConsentLife, func() {
		r.wake(func() {
			if r.pruneConsents() {
				r.changed()
			}
		})
	})
}

// pruneConsents forgets requests and answers older than ConsentLife, and
// those of seats that left; it reports whether any went.
func (r *Room) pruneConsents() bool {
	gone := false
	for id, c := range r.consents {
		if r.now().Sub(c.at) >= ConsentLife || r.seatIndex(id) < 0 {
			delete(r.consents, id)
			gone = true
		}
	}
	return gone
}

// noteLink remembers the link just made for seat id.
func (r *Room) noteLink(id, hash string, consented bool) {
	if r.links == nil {
		r.links = map[string]linkNote{}
	}
	r.links[id] = linkNote{hash: hash, consented: consented}
	delete(r.consents, id) // an Allow makes one link
}

// phoneBack ends the link the host made for seat id while its phone was
// away, now that the phone is back: moving the seat now takes its
// consent. The store marks it used, so it stays ended after a restart.
func (r *Room) phoneBack(id string) {
	n, ok := r.links[id]
	if !ok || n.consented || n.voided {
		return
	}
	n.voided = true
	r.links[id] = n
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := r.reg.Store.EndSeatPass(ctx, r.rec.Code, id, r.now().UTC()); err != nil {
		// The link still fails: passSeat refuses it while the phone is here.
		r.log().Error("end the link of a seat whose phone came back", "err", err)
	}
}

// passVoided reports whether seat i's phone came back after the host
// made the link hashing to hash without asking it.
func (r *Room) passVoided(i int, hash string) bool {
	n, ok := r.links[r.seats[i].ID]
	return ok && n.hash == hash && n.voided
}

// passAllowed reports whether the link hashing to hash may take seat i
// now: its phone is away, or allowed this very link. After a restart no
// link is known to be allowed, so a connected seat's phone is asked again.
func (r *Room) passAllowed(i int, hash string) bool {
	n, ok := r.links[r.seats[i].ID]
	return r.online[r.seats[i].ID] == 0 || ok && n.hash == hash && n.consented
}

// moveStates are the host's requests to move seats, in seat order.
func (r *Room) moveStates() []MoveState {
	var out []MoveState
	for _, s := range r.seats {
		c := r.consents[s.ID]
		if c == nil || r.now().Sub(c.at) >= ConsentLife {
			continue
		}
		st := MoveState{SeatID: s.ID, Name: s.Name, State: MoveAsking}
		switch c.answer {
		case consentAllowed:
			st.State = MoveAllowed
		case consentRefused:
			st.State = MoveRefused
		}
		out = append(out, st)
	}
	return out
}

// moveAsked reports whether seat id's phone is asked to allow a move now.
func (r *Room) moveAsked(id string) bool {
	c := r.consents[id]
	return c != nil && c.answer == consentWaiting && r.now().Sub(c.at) < ConsentLife
}
