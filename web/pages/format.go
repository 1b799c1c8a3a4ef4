package pages

import (
	"context"
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/a-h/templ"
	"github.com/rivo/uniseg"

	"topsecret/internal/game"
	"topsecret/web/words"
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

// gameBody is the body that picks game slug for the room's next match.
func gameBody(slug string) string { return fmt.Sprintf(`{"game":%q}`, slug) }

// hostBody is the body of "Make host" for a seat id.
func hostBody(seatID string) string { return fmt.Sprintf(`{"seat_id":%q}`, seatID) }

// players is "4–8 players" for a game, in the reader's words.
func players(ctx context.Context, info game.Info) string {
	if info.MinPlayers == info.MaxPlayers {
		return say(ctx, "game.page.players.exact", game.N("n", info.MinPlayers))
	}
	return say(ctx, "game.page.players.range", game.N("min", info.MinPlayers), game.N("max", info.MaxPlayers))
}

// seriesText describes how a room's matches add up.
func seriesText(ctx context.Context, s game.Series) string {
	switch {
	case s.Target > 0 && s.Unit == "wins":
		return say(ctx, "game.page.series.wins", game.N("n", s.Target))
	case s.Target > 0:
		return say(ctx, "game.page.series.points", game.N("n", s.Target))
	}
	return say(ctx, "game.page.series.open")
}

// firstTo says what takes a series that runs to a target.
func firstTo(ctx context.Context, s game.Series) string {
	if s.Unit == "wins" {
		return say(ctx, "game.page.standings.first_to.wins", game.N("n", s.Target))
	}
	return say(ctx, "game.page.standings.first_to.points", game.N("n", s.Target))
}

// initial is the first letter of a name, for the avatar badge.
func initial(name string) string {
	if first, _, _, _ := uniseg.FirstGraphemeClusterInString(name, -1); first != "" {
		return strings.ToUpper(first)
	}
	return "?"
}

// presence says in words whether a seat's player is here, for its dot.
func presence(ctx context.Context, s SeatLine) string {
	switch {
	case s.Connected || s.Bot:
		return say(ctx, "game.page.seat.connected")
	case s.Away:
		return say(ctx, "game.page.seat.reconnecting")
	}
	return say(ctx, "game.page.seat.not_here")
}

// seated counts the seats that play the current game (the others sit it
// out).
func seated(seats []SeatLine) string {
	n := 0
	for _, s := range seats {
		if !s.SitsOut {
			n++
		}
	}
	return strconv.Itoa(n)
}

// winVerb agrees "wins" with the number of winners.
func winVerb(ctx context.Context, n int) string {
	return say(ctx, "game.page.result.win", game.N("n", n))
}

// rematch is what comes after a finished match: within a series that runs
// to a target (vault's deals, inkognito's games) it carries the series on;
// once someone has taken the series, the next match starts a new one.
type rematch int

const (
	rematchAgain rematch = iota
	rematchNewSeries
	rematchNextDeal
	rematchNextGame
	rematchNextMatch
)

func rematchOf(l Live) rematch {
	if l.Game.Series.Target == 0 {
		return rematchAgain
	}
	for _, s := range l.Standings {
		if s.Champion {
			return rematchNewSeries
		}
	}
	switch l.Game.MatchName {
	case "deal":
		return rematchNextDeal
	case "game":
		return rematchNextGame
	}
	return rematchNextMatch
}

// rematchLabel names the next match on the host's button.
func rematchLabel(ctx context.Context, l Live) string {
	return say(ctx, [...]string{
		"game.page.rematch.again", "game.page.rematch.new_series", "game.page.rematch.next_deal",
		"game.page.rematch.next_game", "game.page.rematch.next_match",
	}[rematchOf(l)])
}

// rematchHint tells everyone else who starts the next match.
func rematchHint(ctx context.Context, l Live) string {
	return say(ctx, [...]string{
		"game.page.result.host_starts.again", "game.page.result.host_starts.new_series", "game.page.result.host_starts.next_deal",
		"game.page.result.host_starts.next_game", "game.page.result.host_starts.next_match",
	}[rematchOf(l)])
}

// namesList is "a", "a and b", "a, b and c" as the reader's language
// lists them: the winners of a result.
func namesList(ctx context.Context, xs []string) string {
	if len(xs) == 0 {
		return ""
	}
	return words.ReaderOf(ctx).List(xs)
}

// shortGameName drops the "Top Secret:" every game's name starts with: the
// brand beside it already says so, and a phone's top bar is narrow.
func shortGameName(name string) string {
	if before, after, ok := strings.Cut(name, ":"); ok && strings.EqualFold(strings.TrimSpace(before), "Top Secret") {
		return strings.TrimSpace(after)
	}
	return name
}

// botSoon are the seats whose phones missed a timer while away, during a
// match: a bot plays each from the next turn unless it comes back.
func botSoon(l Live) []SeatLine {
	if l.Status != "playing" {
		return nil
	}
	var seats []SeatLine
	for _, s := range l.Seats {
		if s.BotSoon {
			seats = append(seats, s)
		}
	}
	return seats
}

// namesOf are the seats' names, in order.
func namesOf(seats []SeatLine) []string {
	names := make([]string, len(seats))
	for i, s := range seats {
		names[i] = s.Name
	}
	return names
}
