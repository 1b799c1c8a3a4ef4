package server

import (
	"net/http"
	"sync"
	"time"
)

// warnEvery is how often one address may add a line of one kind to the
// log: an attack shows up in the log without flooding it.
const warnEvery = time.Minute

// warnings remembers when each address last had a warning of each kind
// logged and how many were held back since; the least recently seen are
// forgotten past 4,096, which costs at most an extra line.
type warnings struct {
	mu   sync.Mutex // guards the warned values
	seen *lru[bucketKey, *warned]
}

type warned struct {
	at   time.Time // when the last line was logged
	held int       // refusals since, not logged
}

func newWarnings() *warnings { return &warnings{seen: newLRU[bucketKey, *warned](4096)} }

// warn logs, at warning level, that r was refused for kind ("codes",
// "rejoin", "wrong_host" …): at most one line per address and kind a minute,
// counting the refusals since the last line, this one included.
func (s *Server) warn(r *http.Request, kind string, attrs ...any) {
	addr := clientAddr(r)
	count, ok := s.warnings.due(bucketKey{kind, addr}, s.Rooms.Clock.Now())
	if !ok {
		return
	}
	s.Log.Warn("refused", append([]any{"kind", kind, "addr", addr, "count", count, "path", r.URL.Path}, attrs...)...)
}

// due counts one refusal of k and reports whether a line is due now, with
// the refusals it stands for.
func (w *warnings) due(k bucketKey, now time.Time) (int, bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	v, ok := w.seen.get(k)
	if !ok {
		w.seen.put(k, &warned{at: now})
		return 1, true
	}
	if now.Sub(v.at) < warnEvery {
		v.held++
		return 0, false
	}
	n := v.held + 1
	v.at, v.held = now, 0
	return n, true
}
