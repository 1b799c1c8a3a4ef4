package pages

// NightView is the night table and its chart, as the recap, and the live
// screens between matches, draw them.
type NightView struct {
	Lines []NightLine
	// Chart is the standings after each match; the zero Chart draws nothing.
	Chart Chart
	// Matches counts the finished matches the table adds up.
	Matches int
	// Closed says the host closed the night: every screen shows it.
	Closed bool
}

// NightLine is one player's line of the night table.
type NightLine struct {
	Rank   int
	Name   string
	Bot    bool
	Leader bool
	Points string // "3½"
	Wins   int
	Played int
	// Look is their line's colour and sign in the chart.
	Look ChartColour
}

// Recap is /r/{code}/recap: the night table, its chart, every match with
// its winners and replay, and the night's highlights.
type Recap struct {
	Code       string
	Night      NightView
	Matches    []RecapMatch
	Highlights []string
	// Playing says a match is being played now: it joins the night when
	// it ends.
	Playing bool
	// TakeHome says the reader may download the night's file: the room's
	// host and players (internal/server's nightTaker).
	TakeHome bool
}

// RecapMatch is one match of the night.
type RecapMatch struct {
	ID      string
	Number  int
	Game    string
	Winners []string
	// Ended is the summary of a match ended before its rules ended it,
	// which counts for nobody; "" otherwise.
	Ended string
	// Earned is what it gave each of its players, "Ann +1½".
	Earned []string
}

// showNight says whether the live screens show the night table: between
// matches, once the night has more than the match its result shows.
func showNight(l Live) bool {
	return l.Night != nil && l.Night.Matches >= 2 && l.Status != "playing" && !l.Barred
}

// nightClosed says whether the live screens show the closed night instead
// of the room.
func nightClosed(l Live) bool {
	return l.Night != nil && l.Night.Closed && l.Status != "playing" && !l.Barred
}
