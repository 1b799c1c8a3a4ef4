package room

import "encoding/json"

// viewed is one distinct viewer's frame at this version: built once, its
// content marshalled once to tell whether it changed, and encoded once per
// Format that needs it.
type viewed struct {
	frame  *Frame
	sum    uint64 // digest of the frame's content
	bodies map[string][]byte
}

// views holds, for one change, the frames of the viewers met so far.
type views map[Identity]*viewed

// frameContent is what a frame's digest is taken over: the frame without
// its game's description, which never changes in a room and is a third of
// a frame's JSON. The nil field, shallower, hides Frame.Info.
type frameContent struct {
	Info *struct{} `json:"game,omitempty"`
	*Frame
}

// of returns id's frame and content digest, building them the first time.
func (vs views) of(r *Room, id Identity) (*viewed, error) {
	if v, ok := vs[id]; ok {
		return v, nil
	}
	f := r.frame(id)
	content := *f
	content.Version, content.Now, content.Actions = 0, 0, 0
	b, err := json.Marshal(frameContent{Frame: &content})
	if err != nil {
		return nil, err
	}
	v := &viewed{frame: f, sum: digest(b)}
	vs[id] = v
	return v, nil
}

// body encodes v for enc, once per Format.
func (v *viewed) body(enc Encoder) ([]byte, error) {
	if b, ok := v.bodies[enc.Format]; ok {
		return b, nil
	}
	b, err := enc.Encode(v.frame)
	if err != nil {
		return nil, err
	}
	if v.bodies == nil {
		v.bodies = map[string][]byte{}
	}
	v.bodies[enc.Format] = b
	return b, nil
}

// fanout sends every subscriber whose content changed its frame, building
// each distinct viewer's frame once and encoding it only for subscribers
// that need a new one.
func (r *Room) fanout() {
	cache := views{}
	for s := range r.subs {
		if !r.sendFrame(s, cache, false) {
			delete(r.subs, s)
			if s.id.SeatID != "" {
				r.online[s.id.SeatID]--
				if r.online[s.id.SeatID] <= 0 {
					delete(r.online, s.id.SeatID)
				}
			}
		}
	}
}

// sendFrame queues s's frame unless its content equals what s last got;
// always sends when forced (a new subscriber needs one to start from).
func (r *Room) sendFrame(s *Subscriber, cache views, force bool) bool {
	v, err := cache.of(r, s.id)
	if err != nil {
		r.log().Error("frame content", "err", err)
		return true
	}
	if !force && v.sum == s.last {
		return true
	}
	body, err := v.body(s.enc)
	if err != nil || len(body) < 2 || body[0] != '{' {
		r.log().Error("encode frame", "err", err, "format", s.enc.Format)
		return true
	}
	s.last = v.sum
	actions := 0
	if r.match != nil {
		actions = r.match.n
	}
	return s.send(envelope(r.version, r.now().UnixMilli(), actions, body))
}
