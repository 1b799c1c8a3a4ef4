package room

import (
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"topsecret/internal/game"
	"topsecret/internal/store"
)

// PassLife is how long the host's link for moving a seat to another phone
// works; it works once.
const PassLife = 15 * time.Minute

// CauseMoved is why a connection is dropped when its seat moves to another
// phone; the server tells the old phone so in words.
const CauseMoved = "seat moved"

// Pass is a new one-time link for a seat. Secret goes in the link; only its
// hash is stored.
type Pass struct {
	SeatID  string
	Name    string
	Secret  string
	Expires time.Time
}

// Claim is how a new phone proves it may take a seat: exactly one of a
// link's secret, the seat's rejoin code, or the grant of a request the host
// allowed.
type Claim struct {
	Pass  string
	Code  string
	Grant string
	// By is the claiming browser: one already holding another seat of the
	// room may not take a second.
	By Identity
}

// Claimed is the seat a claim took and its new token, for the new phone's cookie.
type Claimed struct {
	Seat  store.Seat
	Token string
}

// RejoinState is what a frame says about moving seats between phones.
type RejoinState struct {
	// Code is your seat's rejoin code: typed on another phone, it moves the
	// seat there.
	Code string `json:"code,omitempty"`
	// Moved is the name of the seat that moved away from this browser.
	Moved string `json:"moved,omitempty"`
	// Asks are visitors' requests for seats, for the host to answer.
	Asks []AskState `json:"asks,omitempty"`
	// MoveAsked says the host asks to move your seat to another phone:
	// allow or refuse it (consent.go).
	MoveAsked bool `json:"move_asked,omitempty"`
	// Moves are the host's requests to move connected seats, with their
	// phones' answers.
	Moves []MoveState `json:"moves,omitempty"`
}

// PassSeat makes a one-time link that moves a person's seat to whichever
// phone opens it within PassLife; host only. It replaces the seat's
// earlier link. A seat whose phone is connected gets one only once that
// phone allowed it: until then its phone is asked, and *ConsentAsked
// says so.
func (r *Room) PassSeat(ctx context.Context, by Identity, seatID string) (Pass, error) {
	var p Pass
	err := r.do(ctx, func() error {
		if !r.isHost(by) {
			return ErrForbidden
		}
		i := r.seatIndex(seatID)
		if i < 0 {
			return store.ErrNotFound
		}
		if r.seats[i].Bot {
			return refuseSaid("game.rejoin.not_a_person")
		}
		connected := r.online[seatID] > 0
		if connected {
			if err := r.mayMove(i); err != nil {
				return err
			}
		}
		p = Pass{SeatID: seatID, Name: r.seats[i].Name, Secret: NewToken(), Expires: r.now().Add(PassLife).UTC()}
		rec := store.SeatPass{RoomCode: r.rec.Code, SeatID: seatID, Hash: store.Hash(p.Secret), ExpiresAt: p.Expires}
		if err := r.reg.Store.PutSeatPass(ctx, rec); err != nil {
			return fmt.Errorf("pass seat: %w", err)
		}
		r.noteLink(seatID, rec.Hash, connected)
		if connected {
			r.changed() // the host's "allowed" note is used up
		}
		return nil
	})
	return p, err
}

// PassName returns the name of the seat a link's secret would move, or the
// refusal opening it gets (used, expired, unknown), without using it up.
func (r *Room) PassName(ctx context.Context, secret string) (string, error) {
	var name string
	err := r.do(ctx, func() error {
		i, err := r.passSeat(ctx, secret)
		if err == nil {
			name = r.seats[i].Name
		}
		return err
	})
	return name, err
}

// Claim moves a seat to the claiming browser: its token is replaced, so
// the old phone's cookie stops working, and the old phone's connections
// are closed with CauseMoved. ErrAskWaiting while the host has not
// answered a request; a Refusal worded for the claimer otherwise.
func (r *Room) Claim(ctx context.Context, c Claim) (Claimed, error) {
	var out Claimed
	err := r.do(ctx, func() error {
		i, err := r.claimedSeat(ctx, c)
		if err != nil {
			return err
		}
		if by := r.seatIndex(c.By.SeatID); by >= 0 && by != i {
			return refuseSaid("game.rejoin.seated_elsewhere", game.X("name", r.seats[by].Name))
		}
		// A link or an allowed request is the host's doing; a rejoin code
		// is the seat's own.
		out.Token, err = r.moveSeat(ctx, i, c.Pass != "" || c.Grant != "")
		if err != nil {
			return err
		}
		out.Seat = r.seats[i]
		return nil
	})
	return out, err
}

// claimedSeat is the index of the seat a claim names, if the claim holds.
func (r *Room) claimedSeat(ctx context.Context, c Claim) (int, error) {
	switch {
	case c.Pass != "":
		return r.passSeat(ctx, c.Pass)
	case c.Code != "":
		return r.codeSeat(c.Code)
	case c.Grant != "":
		return r.grantSeat(c.Grant)
	}
	return -1, refuseSaid("game.rejoin.claim_what")
}

// passSeat checks a link's secret and returns the index of its seat.
func (r *Room) passSeat(ctx context.Context, secret string) (int, error) {
	p, err := r.reg.Store.SeatPass(ctx, r.rec.Code, store.Hash(secret))
	if errors.Is(err, store.ErrNotFound) {
		return -1, refuseSaid("game.rejoin.link_unknown")
	}
	if err != nil {
		return -1, fmt.Errorf("seat pass: %w", err)
	}
	i := r.seatIndex(p.SeatID)
	switch {
	case i >= 0 && r.passVoided(i, p.Hash):
		// Before "used": ending it marked it used in the store.
		return -1, refuseSaid("game.rejoin.link_phone_back", game.X("name", r.seats[i].Name))
	case p.UsedAt != nil:
		return -1, refuseSaid("game.rejoin.link_used")
	case !r.now().Before(p.ExpiresAt):
		return -1, refuseSaid("game.rejoin.link_expired")
	case i < 0:
		return -1, refuseSaid("game.rejoin.link_unknown")
	case !r.passAllowed(i, p.Hash):
		return -1, refuseSaid("game.rejoin.link_phone_back", game.X("name", r.seats[i].Name))
	}
	return i, nil
}

// codeSeat returns the index of the person's seat whose rejoin code is
// code, compared in constant time. Two seats sharing a code (one chance in
// tens of millions) are refused rather than guessed between.
func (r *Room) codeSeat(code string) (int, error) {
	code = NormalizeCode(code)
	found := -1
	for i, s := range r.seats {
		if s.Bot || s.TokenHash == "" || !subtleEqual(code, RejoinCode(s.TokenHash)) {
			continue
		}
		if found >= 0 {
			return -1, refuseSaid("game.rejoin.code_wrong")
		}
		found = i
	}
	if found < 0 {
		return -1, refuseSaid("game.rejoin.code_wrong")
	}
	return found, nil
}

// moveSeat gives seat i a new token and hands it out: the seat's link and
// requests are used up, its old token is retired and its open connections
// are closed, so two phones never hold one seat unknowingly. A move the
// host made (byHost) is announced on every screen.
func (r *Room) moveSeat(ctx context.Context, i int, byHost bool) (string, error) {
	id := r.seats[i].ID
	// The link is spent before the token changes: should the second write
	// fail, the host makes a new link, but no link ever moves a seat twice.
	if err := r.reg.Store.EndSeatPass(ctx, r.rec.Code, id, r.now().UTC()); err != nil {
		return "", fmt.Errorf("move seat: %w", err)
	}
	old := r.seats[i].TokenHash
	token := NewToken()
	seats := slices.Clone(r.seats)
	seats[i].TokenHash = store.Hash(token)
	if err := r.putSeats(ctx, seats); err != nil {
		return "", err
	}
	if r.retired == nil {
		r.retired = map[string]string{}
	}
	r.retired[old] = id
	r.asks = slices.DeleteFunc(r.asks, func(a *ask) bool { return a.seatID == id })
	delete(r.links, id)
	delete(r.consents, id)
	for s := range r.subs {
		if s.id.SeatID == id {
			s.close(CauseMoved)
			delete(r.subs, s)
		}
	}
	delete(r.online, id)
	if r.match != nil {
		if seat, ok := r.match.seatOf(id); ok {
			ev := "game.event.seat_moved"
			if byHost {
				ev = "game.event.seat_moved_by_host"
			}
			r.addEvents(&r.match.rec, []game.Event{{Msg: game.M(ev, game.P("who", seat))}})
		}
	}
	if byHost {
		r.announce(game.M("game.rejoin.moved_by_host", game.X("name", r.seats[i].Name)))
	}
	r.changed()
	r.watchHost()
	return token, nil
}

// MovedFrom reports the seat a token held before the seat moved to
// another phone. Retired tokens are remembered in memory only: after a
// restart an old phone simply watches, without being told why.
func (r *Room) MovedFrom(ctx context.Context, token string) (string, bool) {
	var id string
	_ = r.do(ctx, func() error {
		if token != "" {
			id = r.retired[store.Hash(token)]
		}
		return nil
	})
	return id, id != ""
}

// rejoinState is what frame id shows about moving seats: its own code,
// the seat that moved away from it, the host's requests to answer.
func (r *Room) rejoinState(id Identity) *RejoinState {
	var st RejoinState
	if i := r.seatIndex(id.SeatID); i >= 0 && !id.Table && !r.seats[i].Bot {
		st.Code = RejoinCode(r.seats[i].TokenHash)
	}
	if i := r.seatIndex(id.Moved); i >= 0 && id.SeatID == "" {
		st.Moved = r.seats[i].Name
	}
	// The host's table screen is a console too: a returning player's
	// request shows where the host looks.
	if r.isHost(id) {
		st.Asks = r.askStates()
		st.Moves = r.moveStates()
	}
	st.MoveAsked = id.SeatID != "" && !id.Table && r.moveAsked(id.SeatID)
	if st.Code == "" && st.Moved == "" && len(st.Asks) == 0 && !st.MoveAsked && len(st.Moves) == 0 {
		return nil
	}
	return &st
}

// RejoinCode is the rejoin code of the seat whose token hashes to
// tokenHash (store.Hash): six letters of the room-code alphabet drawn from
// a hash of it. It changes with the token, so a claim uses it up, and
// needs no storing; the hash gives nothing of the token away. Drawn from
// what the store keeps, it survives a restart; so whoever reads the
// database can work out a seat's code, which moves the seat in plain
// sight (its phone is told, the table reads it) and never holds the host.
func RejoinCode(tokenHash string) string {
	var b strings.Builder
	sum := sha256.Sum256([]byte("topsecret rejoin code\x00" + tokenHash))
	for b.Len() < codeLength {
		for _, x := range sum {
			// Rejection keeps every letter equally likely.
			if int(x) < 256-256%len(codeAlphabet) && b.Len() < codeLength {
				b.WriteByte(codeAlphabet[int(x)%len(codeAlphabet)])
			}
		}
		sum = sha256.Sum256(sum[:])
	}
	return b.String()
}
