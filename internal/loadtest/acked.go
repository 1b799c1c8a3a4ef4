package loadtest

import (
	"fmt"
	"io"
	"sync"
)

// ackLog writes every acknowledged action as "match id", one a line, so a
// later check can find each in the stored log exactly once.
type ackLog struct {
	mu  sync.Mutex
	w   io.Writer
	err error
}

func (l *ackLog) write(matchID, id string) {
	if l == nil || l.w == nil {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.err == nil {
		_, l.err = fmt.Fprintf(l.w, "%s %s\n", matchID, id)
	}
}
