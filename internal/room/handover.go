package room

// HandOver stops the room here, after its last commit as a drain does,
// and gives it up through Owners.Release, which passes its lease to the
// instance that runs it next; its clients are told to reconnect and are
// forwarded there. It reports whether the room was live here. The lease
// keeper calls it to even out the rooms between instances.
func (g *Registry) HandOver(code string) bool {
	g.mu.Lock()
	r, ok := g.rooms[code]
	if ok {
		delete(g.rooms, code)
	}
	g.mu.Unlock()
	if !ok {
		return false
	}
	stopRoom(r)
	g.release(code)
	return true
}
