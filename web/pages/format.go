package pages

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/a-h/templ"

	"topsecret/internal/game"
	"topsecret/internal/graphemes"
)

// hasBots reports whether a bot sits at the table.
func hasBots(seats []SeatLine) bool {
	for _, s := range seats {
		if s.Bot {
			return true
		}
	}
	return false
}

var colourRE = regexp.MustCompile(`^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20})$`)

// seatStyle sets the seat's colour as a CSS variable, if it is a plain colour.
func seatStyle(c string) templ.SafeCSS {
	if !colourRE.MatchString(c) {
		return ""
	}
	return templ.SafeCSS("--seat:" + c + ";")
}

// postURL is a host API endpoint of room code.
func postURL(code string, parts ...string) string {
	return "/api/rooms/" + code + "/" + strings.Join(parts, "/")
}

// moveBody is the JSON body that moves a seat to position to.
func moveBody(to int) string { return fmt.Sprintf(`{"to":%d}`, to) }

// hostBody is the body of "Make host" for a seat id.
func hostBody(seatID string) string { return fmt.Sprintf(`{"seat_id":%q}`, seatID) }

// players is "4–8 players" for a game.
func players(info game.Info) string {
	if info.MinPlayers == info.MaxPlayers {
		return fmt.Sprintf("%d players", info.MinPlayers)
	}
	return fmt.Sprintf("%d–%d players", info.MinPlayers, info.MaxPlayers)
}

// seriesText describes how a room's matches add up.
func seriesText(s game.Series) string {
	if s.Target > 0 {
		return fmt.Sprintf("Series to %d %s", s.Target, s.Unit)
	}
	return "Open series, counting wins"
}

// initial is the first letter of a name, for the avatar badge.
func initial(name string) string {
	if first := graphemes.First(name); first != "" {
		return strings.ToUpper(first)
	}
	return "?"
}

// presence says in words whether a seat's player is here, for its dot.
func presence(s SeatLine) string {
	switch {
	case s.Connected || s.Bot:
		return "connected"
	case s.Away:
		return "reconnecting"
	}
	return "not here yet"
}

// seated counts the occupied seats.
func seated(seats []SeatLine) string { return strconv.Itoa(len(seats)) }

// recent returns the last n events.
func recent(ev []string, n int) []string {
	if len(ev) > n {
		return ev[len(ev)-n:]
	}
	return ev
}

// eventCount is how many recent events fit: more on the table screen.
func eventCount(table bool) int {
	if table {
		return 10
	}
	return 5
}

// winVerb agrees "wins" with the number of winners.
func winVerb(n int) string {
	if n == 1 {
		return "wins!"
	}
	return "win!"
}

// rematchLabel names the next match: within a series that runs to a target
// (vault's deals, inkognito's games) it carries the series on; once someone
// has taken the series, the next match starts a new one.
func rematchLabel(l Live) string {
	if l.Game.Series.Target == 0 {
		return "Rematch"
	}
	for _, s := range l.Standings {
		if s.Champion {
			return "New series"
		}
	}
	if l.Game.MatchName != "" {
		return "Next " + l.Game.MatchName
	}
	return "Next match"
}

// namesList is "a", "a & b", "a, b & c": the winners of a result.
func namesList(xs []string) string {
	switch len(xs) {
	case 0:
		return ""
	case 1:
		return xs[0]
	}
	return strings.Join(xs[:len(xs)-1], ", ") + " & " + xs[len(xs)-1]
}

// shortGameName drops the "Top Secret:" every game's name starts with: the
// brand beside it already says so, and a phone's top bar is narrow.
func shortGameName(name string) string {
	if before, after, ok := strings.Cut(name, ":"); ok && strings.EqualFold(strings.TrimSpace(before), "Top Secret") {
		return strings.TrimSpace(after)
	}
	return name
}
