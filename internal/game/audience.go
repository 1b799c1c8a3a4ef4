package game

// Audience is whom one change concerns: the seats whose view or legal
// moves it may have changed, and whether the table's view (every table
// screen and spectator) may have. The room builds, compares and sends
// frames for a change's audience only, so an audience may be larger than
// the viewers the change really concerns, never smaller.
type Audience struct {
	seats uint64 // bit s: seat s
	table bool
	all   bool
}

// Everyone is the audience of a change that may concern every viewer.
func Everyone() Audience { return Audience{all: true} }

// Add puts seats into the audience. A seat past the 64th makes it everyone:
// no game seats that many, and too large an audience is only slower.
func (a *Audience) Add(seats ...Seat) {
	for _, s := range seats {
		switch {
		case s < 0:
			// The referee's seat has no view of its own.
		case s >= 64:
			a.all = true
		default:
			a.seats |= 1 << s
		}
	}
}

// AddTable puts the table's view into the audience.
func (a *Audience) AddTable() { a.table = true }

// AddEveryone makes the audience every viewer.
func (a *Audience) AddEveryone() { a.all = true }

// Join adds b's viewers to a's.
func (a *Audience) Join(b Audience) {
	a.seats |= b.seats
	a.table = a.table || b.table
	a.all = a.all || b.all
}

// Told adds every reader of evs: a reader's list of events changed. A
// public event is read by everyone.
func (a *Audience) Told(evs []Event) {
	for _, e := range evs {
		if e.Public() {
			a.all = true
			return
		}
		a.Add(e.To...)
	}
}

// All reports whether the audience is every viewer.
func (a Audience) All() bool { return a.all }

// Nobody reports whether the change concerns no viewer at all.
func (a Audience) Nobody() bool { return !a.all && !a.table && a.seats == 0 }

// Includes reports whether v's view or legal moves may have changed. A
// player's viewer with no seat of the match sees what the table sees.
func (a Audience) Includes(v Viewer) bool {
	switch {
	case a.all || v.Kind == Omniscient:
		return true
	case v.Kind == Player && v.Seat >= 0:
		return v.Seat >= 64 || a.seats&(1<<v.Seat) != 0
	}
	return a.table
}

// Addresser is implemented by states that say whom each change concerns.
// Audience, read right after Apply, names the viewers whose view or legal
// moves that action may have changed: everyone else's must be byte for
// byte as before, which the harness's audience check asserts over random
// play (gametest.Audiences). What is not the game's (the events an action
// tells, whose turn it is) the room adds itself. A state without it
// concerns everyone with every change.
type Addresser interface {
	Audience() Audience
}

// AudienceOf is whom the change made by st's latest Apply concerns:
// everyone for a state that does not say.
func AudienceOf(st State) Audience {
	if a, ok := st.(Addresser); ok {
		return a.Audience()
	}
	return Everyone()
}
