package game

// Kept holds a view built from a match until the match changes: the part
// every viewer's view holds alike (the table's, which each seat's view
// embeds) is then built once per state instead of once per viewer. A
// game drops it whenever its state changes (Apply) and starts every copy
// of its state without it (a clone, a twin). Views are never written to,
// so the viewers share its lists.
type Kept[V any] struct{ v *V }

// Of returns the view kept since the last change, building and keeping
// it first if there is none.
func (k *Kept[V]) Of(build func() V) V {
	if k.v == nil {
		v := build()
		k.v = &v
	}
	return *k.v
}

// Drop forgets the kept view: the match changed.
func (k *Kept[V]) Drop() { k.v = nil }
