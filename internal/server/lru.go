package server

import (
	"container/list"
	"sync"
)

// lru is a map capped at a fixed number of entries that forgets the least
// recently used one first. The server's caches hold things that never change
// for a key (a finished match's timeline, a link's QR code), so an entry is
// never stale, only old; the cap is what keeps memory bounded.
type lru[K comparable, V any] struct {
	mu    sync.Mutex
	cap   int
	order *list.List // of *lruEntry, most recently used first
	byKey map[K]*list.Element
}

type lruEntry[K comparable, V any] struct {
	key K
	val V
}

// newLRU returns an empty cache of at most capacity entries (at least one).
func newLRU[K comparable, V any](capacity int) *lru[K, V] {
	return &lru[K, V]{cap: max(capacity, 1), order: list.New(), byKey: map[K]*list.Element{}}
}

// get returns the value for k and marks it recently used.
func (c *lru[K, V]) get(k K) (V, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	e, ok := c.byKey[k]
	if !ok {
		var zero V
		return zero, false
	}
	c.order.MoveToFront(e)
	return e.Value.(*lruEntry[K, V]).val, true
}

// put stores v for k, forgetting the least recently used entry when full.
func (c *lru[K, V]) put(k K, v V) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[k]; ok {
		e.Value.(*lruEntry[K, V]).val = v
		c.order.MoveToFront(e)
		return
	}
	c.byKey[k] = c.order.PushFront(&lruEntry[K, V]{key: k, val: v})
	if c.order.Len() > c.cap {
		oldest := c.order.Back()
		c.order.Remove(oldest)
		delete(c.byKey, oldest.Value.(*lruEntry[K, V]).key)
	}
}

// delete forgets k.
func (c *lru[K, V]) delete(k K) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if e, ok := c.byKey[k]; ok {
		c.order.Remove(e)
		delete(c.byKey, k)
	}
}

// len is the number of entries held.
func (c *lru[K, V]) len() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.order.Len()
}
