package room

import (
	"bytes"
	"encoding/json"
	"fmt"

	"topsecret/internal/game"
)

// viewed is one distinct viewer's frame at this version: built once, its
// content fingerprinted once to tell whether it changed, and encoded once
// per Format that needs it.
type viewed struct {
	frame  *Frame
	sum    uint64            // digest of the frame's content
	bodies map[string][]byte // messages by Format
}

// views holds, for one change, the frames of the viewers met so far, and
// the digest of what every viewer's frame shares. version is their version,
// 0 until the first is built, when it is stamped.
type views struct {
	version int64
	met     map[Identity]*viewed
	frame   *Frame // what every viewer's frame holds alike; nil until the first is built
	shared  uint64 // its digest
	sums    sliceSums
}

func newViews() *views { return &views{met: map[Identity]*viewed{}, sums: sliceSums{}} }

// viewerContent is the part of a frame that differs between viewers,
// fingerprinted once per viewer: the game's view above all.
type viewerContent struct {
	You      game.Seat
	SeatID   string
	Host     bool
	HostBack bool
	Table    bool
	Rejoin   *RejoinState
	Watchers *WatcherState
	View     any
	Legal    []game.Move
	Note     json.RawMessage
	// Events are the seq numbers of the events the viewer reads: hashing
	// the messages themselves was half of all digesting.
	Events []uint64
}

// of returns id's frame and content digest, building them the first time.
// What every viewer shares (seats, match, standings) is fingerprinted once
// per change, and only the viewer's own part per viewer. Of the game's
// description only its slug counts: the rest changes only with it.
func (vs *views) of(r *Room, id Identity) (*viewed, error) {
	if v, ok := vs.met[id]; ok {
		return v, nil
	}
	vs.alike(r)
	f := r.frameOn(vs.frame, id)
	v := &viewed{frame: f, sum: fingerprintOf(vs.sums, vs.shared, viewerContent{You: f.You, SeatID: f.SeatID, Host: f.Host,
		HostBack: f.HostBack, Table: f.Table, Rejoin: f.Rejoin, Watchers: f.Watchers, View: f.View, Legal: f.Legal, Note: f.Note, Events: f.EventSeqs})}
	vs.met[id] = v
	return v, nil
}

// alike is the digest of what every viewer's frame of this change holds
// alike, building that part the first time.
func (vs *views) alike(r *Room) uint64 {
	if vs.frame == nil {
		if vs.version == 0 {
			vs.version = r.stamp()
		}
		vs.frame = r.sharedFrame(vs.version)
		content := *vs.frame
		content.Version, content.Now, content.Info = 0, 0, game.Info{Slug: vs.frame.Info.Slug}
		vs.shared = fingerprintOf(vs.sums, 0, content)
		vs.frame.Alike = vs.shared
	}
	return vs.shared
}

// message is v's frame encoded for enc with its version and time in front,
// built once per Format: every subscriber of one format and viewer gets the
// same bytes, which nobody writes to.
func (v *viewed) message(enc Encoder, first bool) ([]byte, error) {
	key, f := enc.Format, v.frame
	if first {
		key = "first " + key
		g := *v.frame
		g.First = true
		f = &g
	}
	if b, ok := v.bodies[key]; ok {
		return b, nil
	}
	body, err := enc.Encode(f)
	if err != nil {
		return nil, err
	}
	body = bytes.TrimRight(body, " \n")
	if len(body) < 2 || body[0] != '{' || body[len(body)-1] != '}' {
		return nil, fmt.Errorf("a frame encoded as %q is no JSON object", enc.Format)
	}
	b := envelope(v.frame.Version, v.frame.Now, body)
	if v.bodies == nil {
		v.bodies = map[string][]byte{}
	}
	v.bodies[key] = b
	return b, nil
}

// fanout sends every subscriber whose content changed its frame, building
// each distinct viewer's frame once and encoding it only for subscribers
// that need a new one.
func (r *Room) fanout() { r.fanoutTo(game.Everyone()) }

// fanoutTo is fanout after a change that concerns aud alone: a subscriber
// outside it is not even looked at, as long as what every frame holds
// alike (seats, whose turn it is, standings) is what its last frame held.
// What its own frame holds besides (its view, its moves, the events it
// reads) is then as it was: the game said so, and the events are in aud.
func (r *Room) fanoutTo(aud game.Audience) {
	// Stamped now, not when the first frame is built: Act answers with
	// this version even when nobody's frame is built.
	cache := newViews()
	cache.version = r.stamp()
	for s := range r.subs {
		if !aud.All() && !aud.Includes(r.viewerOf(s.id)) && s.alike == cache.alike(r) {
			continue
		}
		if !r.sendFrame(s, cache, false) {
			delete(r.subs, s)
			if s.id.SeatID != "" {
				r.left(s.id.SeatID)
			}
		}
	}
}

// sendFrame queues s's frame unless its content equals what s last got;
// always sends when forced (a new subscriber needs one to start from). A
// subscriber that is behind gets nothing now, not even an encoding: it
// asks for the frame of the moment once it caught up.
func (r *Room) sendFrame(s *Subscriber, cache *views, force bool) bool {
	if s.full() {
		return s.skip()
	}
	v, err := cache.of(r, s.id)
	if err != nil {
		r.log().Error("frame content", "err", err)
		return true
	}
	if !force && v.sum == s.last {
		return true
	}
	// A subscriber sent nothing yet (last is 0) gets its connection's
	// first frame, and so does one whose room picked another game: that
	// frame carries the game's description again.
	slug := v.frame.Info.Slug
	msg, err := v.message(s.enc, s.last == 0 || s.game != slug)
	if err != nil {
		r.log().Error("encode frame", "err", err, "format", s.enc.Format)
		return true
	}
	if !s.sendFrame(msg, v.sum, v.frame.Alike) {
		return false
	}
	if s.last == v.sum {
		s.game = slug
	}
	return true
}
