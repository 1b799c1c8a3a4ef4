package game

// Kept holds a view built from a match until the match changes: the part
// every viewer's view holds alike (the table's, which each seat's view
// embeds) is then built once per state instead of once per viewer. A
// game drops it whenever its state changes (Apply) and starts every copy
// of its state without it (a clone, a twin). Views are never written to,
// so the viewers share its lists.
type Kept[V any] struct{ v *V }

// Get returns the view kept since the last change, if any.
func (k *Kept[V]) Get() (V, bool) {
	if k.v == nil {
		var zero V
		return zero, false
	}
	return *k.v, true
}

// Keep keeps v until the next Drop and returns it.
func (k *Kept[V]) Keep(v V) V {
	k.v = &v
	return v
}

// Drop forgets the kept view: the match changed.
func (k *Kept[V]) Drop() { k.v = nil }
