package room

import "time"

// versionClock numbers a room's frames with the time of the change that
// made them, in microseconds: a frame's version says when it was built and
// nothing else. A viewer is sent a frame only when something it sees
// changed, so its versions advance only then, and how far tells it only how
// much time passed, which it knows anyway: never how many changes it did
// not see (another seat's hidden move, a note) nor when they were.
//
// A page keeps a frame only if its version is not below the last it kept,
// and no process remembers what an earlier one sent, so a room loaded again
// (after a restart, an eviction, or on another instance) must go on above
// every version sent before. Its origin is therefore the wall clock when it
// is loaded, and from there it runs on the room's Clock, whose real reading
// never steps back (a test's manual clock moves only when told, so twins of
// one match get the same versions). That holds as long as the wall clock
// does not step back between two loads; and the first frame of a connection
// is current whatever its version, so a page never waits on an old one.
// Microseconds stay below 2^53, exact in JavaScript, until 2255.
type versionClock struct {
	origin   int64     // wall clock at load, in Unix microseconds
	originAt time.Time // the room's Clock at load
	last     int64     // the newest version given
}

func newVersionClock(now time.Time) versionClock {
	return versionClock{origin: time.Now().UnixMicro(), originAt: now}
}

// next is the version of a frame built at now: the time alone, never a
// count, so two changes in one microsecond share a version (a page keeps
// the later, not being below it). Taking the larger of it and the last only
// guards against a Clock that steps back.
func (c *versionClock) next(now time.Time) int64 {
	c.last = max(c.origin+now.Sub(c.originAt).Microseconds(), c.last)
	return c.last
}
