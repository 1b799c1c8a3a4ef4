package wink

import (
	"fmt"

	"topsecret/internal/game"
)

// Colour is an agent colour. Seat i always plays colour i, so the owner of
// an agent card of colour c is seat c.
type Colour int

// noColour marks an empty agent-card slot.
const noColour Colour = -1

// colourNames are the 8 agent colours; seats 0–3 match the spec's fixture F.
var colourNames = [8]string{"green", "blue", "purple", "red", "yellow", "orange", "white", "black"}

// String is the colour's name in views and the board's palette ("green"):
// a code, worded for people by ColourTerm.
func (c Colour) String() string {
	if c < 0 || int(c) >= len(colourNames) {
		return "none"
	}
	return colourNames[c]
}

// Term is the colour as a game term ("green"), for messages.
func (c Colour) Term() game.Msg { return ColourTerm(c.String()) }

// ColourTerm is the catalogue term of a colour name from a view ("green" →
// wink.colour.green), so clients word colours without knowing the ids.
func ColourTerm(name string) game.Msg { return game.M("wink.colour." + name) }

// Location is one of the 4 meeting places (R2: 8 cards each).
type Location int

// The four meeting places, in the order the UI lists them.
const (
	// Cafe is the street café (CAF).
	Cafe Location = iota
	// Metro is the metro station (MET).
	Metro
	// Kiosk is the kiosk (KIO).
	Kiosk
	// Fountain is the fountain (FOU), the only place the original names.
	Fountain
)

// noLocation marks an empty location-card slot.
const noLocation Location = -1

// locationsPerPlace is how many location cards show each place (R2).
const locationsPerPlace = 8

// agentsPerColour is how many agent cards show each colour (§2).
const agentsPerColour = 7

// startChips is every player's observation chips at the start (§2).
const startChips = 3

var locationCodes = [4]string{"CAF", "MET", "KIO", "FOU"}

// locationTerms are the places' catalogue ids, in Location order.
var locationTerms = [4]string{"wink.place.cafe", "wink.place.metro", "wink.place.kiosk", "wink.place.fountain"}

// Code is the location's three-letter code used in actions and views.
func (l Location) Code() string {
	if l < 0 || int(l) >= len(locationCodes) {
		return ""
	}
	return locationCodes[l]
}

// Term is the place as a game term ("Fountain"), for messages and views.
func (l Location) Term() game.Msg {
	if l < 0 || int(l) >= len(locationTerms) {
		return game.M("wink.place.none")
	}
	return game.M(locationTerms[l])
}

// PlaceTerm is the catalogue term of a location code from a view ("FOU" →
// the Fountain), so clients never show a code; an unknown code is "no place".
func PlaceTerm(code string) game.Msg {
	l, err := parseLocation(code)
	if err != nil {
		return game.M("wink.place.none")
	}
	return l.Term()
}

// parseLocation reads a location code such as "FOU".
func parseLocation(code string) (Location, error) {
	for i, c := range locationCodes {
		if c == code {
			return Location(i), nil
		}
	}
	return noLocation, fmt.Errorf("no location %q (want CAF, MET, KIO or FOU)", code)
}

// cardKind says which deck a scored card came from.
type cardKind int

const (
	agentCard cardKind = iota
	locationCard
)

// card is one card in a score pile.
type card struct {
	kind cardKind
	val  int // a Colour or a Location
}
