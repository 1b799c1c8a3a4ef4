package game

// Forget keeps the newest keep public events of a game's record and the
// private ones among them. It counts public events only, so which events a
// seat still reads never depends on how much other seats were told
// privately: a notice of its own going early would say that someone else
// had been told something.
func Forget[E any](events []E, keep int, public func(E) bool) []E {
	n := 0
	for i := len(events) - 1; i >= 0; i-- {
		if public(events[i]) {
			if n++; n > keep {
				return append(events[:0:0], events[i+1:]...)
			}
		}
	}
	return events
}
